"""What the host knows per game beyond the rules: default seats, where the
first seat goes in a setup, and the pace of turns a person watches.

Rules and computer players are imported only for the game being played
(games.get_rules and ai.agent.make_agent import lazily).
"""

from ..games import GAME_NAMES, get_rules
from ..core.errors import RecordError
from .refusal import Refusal

DEFAULTS = {
    "heptalion": {"seats": ["human", "ai:normal"], "first": 0},
    "topologic": {"seats": ["human", "ai:strong"], "first": 0},
    "schlangennest": {"seats": ["human", "ai:normal"], "first": "random"},
    "heptalion-puzzle": {"seats": ["human"], "first": 0},
}
# The setup key that names the seat moving first (Topologic: the first seeker).
# None: a one-seat game whose setup names no first seat.
FIRST_KEY = {"heptalion": "first", "topologic": "first_seeker", "schlangennest": "first",
             "heptalion-puzzle": None}
# Games on a Heptalion board: option "board": "custom" plays the board fixed in the setup.
HEPTALION_BOARD_GAMES = ("heptalion", "heptalion-puzzle")

# A computer's move shows at least this long after it was asked, so a fast reply is still seen.
MIN_SHOW_SECONDS = 0.35
# Topologic: a computer's seeking turn stays this long, so a person can follow the hints.
SEEKING_SECONDS = 1.0
# Watch mode (no person seated) before the page sets a pace: the old screens' "normal".
WATCH_SECONDS = 0.8


def known(game):
    return game in GAME_NAMES


def rules_for(game):
    return get_rules(game)


def default_settings(game):
    return DEFAULTS[game]


def option_schema(rules):
    return rules.option_schema()


def has_players_option(rules):
    return any(entry["name"] == "players" for entry in option_schema(rules))


def make_setup(rules, options, first_seat, rng, fixed=None):
    """A random setup; ``fixed`` replaces keys of it (Refusal if the game has no such key)."""
    custom = _custom_board(rules, options, fixed)
    if custom is None:
        setup = dict(rules.random_setup(options, rng))
    else:
        try:
            setup = dict(rules.random_setup(options, rng, custom=custom))
        except RecordError as exc:  # a custom board the rules refuse (a wrong shape, 9 of a symbol)
            raise Refusal("settings.setup", str(exc), detail=exc.reason, name="board",
                          value="rows") from None
    first_key = FIRST_KEY[rules.name]
    for key in fixed or {}:
        if key not in setup or key == first_key:
            raise Refusal("settings.setup_key", f"{rules.name} cannot fix {key!r} in its setup",
                          name=str(key), known=sorted(k for k in setup if k != first_key))
    if fixed and custom is None:
        setup.update(_derived(rules, fixed))
    if first_key is not None:
        setup[first_key] = first_seat
    return setup


def same_custom_board(rules, options, fixed, held):
    """``fixed``, with the board of the game ``held`` when a new Heptalion game asks for
    a custom board and names none (a rematch, the dialog): one's own board again."""
    if (rules.name in HEPTALION_BOARD_GAMES and options.get("board") == "custom" and held is not None
            and "board" not in fixed and held.session.options.get("board") == "custom"):
        return dict(fixed, board=list(held.state.board.rows))
    return fixed


def _custom_board(rules, options, fixed):
    """Heptalion: the rows of the board the setup fixes (its code or its 11 rows), for the
    option "board": "custom"; None for other games and boards."""
    if rules.name not in HEPTALION_BOARD_GAMES:
        return None
    wanted = (fixed or {}).get("board")
    if options.get("board") != "custom":
        if wanted is not None:
            raise Refusal("settings.setup", "a board of one's own needs the option board: custom",
                          detail="board is not custom", name="board", value=str(wanted)[:40])
        return None
    if wanted is None:
        raise Refusal("settings.custom_board", "a custom board comes from a board code or the board workshop")
    if isinstance(wanted, str):
        from ..games.heptalion.codes import rows_from_code
        try:
            return rows_from_code(wanted)
        except RecordError as exc:
            raise Refusal("settings.board_code", str(exc), detail=exc.reason, value=wanted[:40]) from None
    if not isinstance(wanted, list) or not all(isinstance(row, str) for row in wanted):
        raise Refusal("settings.setup", "a board is a code or 11 rows", detail="not rows",
                      name="board", value=type(wanted).__name__)
    return list(wanted)


def _derived(rules, fixed):
    """The fixed keys with what follows from them (Topologic: a board code's tiles)."""
    if rules.name != "topologic" or "board" not in fixed:
        return dict(fixed)
    from ..games.topologic import build_board

    try:
        board = build_board(fixed["board"])
    except (RecordError, ValueError, TypeError) as exc:
        raise Refusal("settings.setup", str(exc), detail=str(exc), name="board",
                      value=str(fixed["board"])) from None
    return dict(fixed, board=board.code, tiles=board.tiles_json())


def keeps_secrets(rules, options):
    """Whether persons at one device must not see each other's screen in this game
    (Topologic: the game master's secret, also while it is being hidden)."""
    return rules.name == "topologic" or bool(options.get("hidden_hands"))


def person_move(rules, state, data):
    """A person's move from the page (record notation); RecordError if malformed.

    A Topologic seeker turn comes without its hint (the page cannot know it):
    the true state computes it when the move is played.
    """
    if (rules.name == "topologic" and isinstance(data, dict) and "seekers" in data
            and "hint" not in data and "action" not in data):
        full = {"player": state.current_player, "round": state.round_index, **data, "hint": 0}
        return rules.move_from_json(full).with_hint(None)
    return rules.move_from_json(data)


def turn_round(state):
    """The round a turn belongs to, for Topologic's "skip" (other games: None)."""
    return getattr(state, "round_index", None)


def show_seconds(rules, state, skip_round, pace, chosen=False):
    """How long after it was asked a computer's move may show at the earliest
    (``pace``: watch mode's seconds, None when a person is seated; ``chosen``:
    the watcher set it, so it rules every move, Topologic's seeking turns too)."""
    seconds = MIN_SHOW_SECONDS if pace is None else max(MIN_SHOW_SECONDS, pace)
    if chosen and pace is not None:
        return seconds
    if rules.name == "topologic" and turn_round(state) != skip_round \
            and not getattr(state, "awaiting_secret", False):
        seconds = max(seconds, SEEKING_SECONDS)
    return seconds
