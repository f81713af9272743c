"""A board of one's own, for the game and the puzzle alike: the option
``board: "custom"`` in new-game settings plays the board the settings' setup
fixes (a board code or the 11 rows), and the host's ``board`` intent (the
board workshop) reports on any board. What the rules objects declare for
core.game.GameRules' ``setup_from_settings``, ``kept_setup`` and ``board_report``.
"""

from ...core.errors import RecordError, SettingsError
from .board import ORIGINAL_ROWS

# codes.py is imported where a code or a report is asked for: it computes tables on import,
# which a game on a board of its kind never needs.


def custom_rows(options, fixed):
    """The rows of the board ``fixed`` names (its code or its 11 rows) for the option
    "board": "custom"; None for the other board kinds. SettingsError if they do not fit."""
    wanted = (fixed or {}).get("board")
    if options.get("board") != "custom":
        if wanted is not None:
            raise SettingsError("a board of one's own needs the option board: custom", "settings.setup",
                                detail="board is not custom", name="board", value=str(wanted)[:40])
        return None
    if wanted is None:
        raise SettingsError("a custom board comes from a board code or the board workshop",
                            "settings.custom_board")
    if isinstance(wanted, str):
        from .codes import rows_from_code
        try:
            return rows_from_code(wanted)
        except RecordError as exc:
            raise SettingsError(str(exc), "settings.board_code", detail=exc.reason, value=wanted[:40]) from None
    if not isinstance(wanted, list) or not all(isinstance(row, str) for row in wanted):
        raise SettingsError("a board is a code or 11 rows", "settings.setup", detail="not rows",
                            name="board", value=type(wanted).__name__)
    return list(wanted)


def setup_from_settings(rules, options, rng, fixed):
    """``rules.random_setup`` on the board of one's own the settings name, if any; the other
    fixed keys in place (core.game.GameRules.setup_from_settings)."""
    custom = custom_rows(options, fixed)
    if custom is None:
        setup = dict(rules.random_setup(options, rng))
    else:
        try:
            setup = dict(rules.random_setup(options, rng, custom=custom))
        except RecordError as exc:  # a custom board the rules refuse (a wrong shape, 9 of a symbol)
            raise SettingsError(str(exc), "settings.setup", detail=exc.reason, name="board",
                                value="rows") from None
    rules.check_fixed_keys(setup, fixed)
    setup.update({key: value for key, value in (fixed or {}).items() if custom is None or key != "board"})
    return setup


def kept_setup(options, fixed, held):
    """``fixed``, with the board of the game ``held`` when the new game asks for a custom
    board and names none (a rematch, the dialog) and that game's board was custom too."""
    if (options.get("board") == "custom" and held is not None and "board" not in fixed
            and held.options.get("board") == "custom"):
        return dict(fixed, board=list(held.state.board.rows))
    return fixed


def board_report(data):
    """``{"rows", "report"}`` for ``{"rows": [11 rows]}`` or ``{"code": "..."}`` (neither:
    the original board), the report being codes.workshop_report's; RecordError for
    anything that is no board."""
    from .codes import rows_from_code, workshop_report

    code, rows = data.get("code"), data.get("rows")
    if code is not None:
        if not isinstance(code, str):
            raise RecordError("a board code is a text")
        rows = rows_from_code(code.strip())
    elif rows is None:
        rows = list(ORIGINAL_ROWS)
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        raise RecordError("a board is 11 rows of text")
    return {"rows": list(rows), "report": workshop_report(rows)}
