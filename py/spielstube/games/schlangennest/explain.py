"""Checking a move for the page before it is made (the host's ``check`` intent).

A person taps a field where the chosen card does not fit: ``check_json``
tells why, with the rules' reason code. The page does not know the
rotation then, so a placement may come without ``rot``: every rotation is
tried and the reason of the one that got furthest through the rules is
given (a card turned the wrong way only "does not extend the snake"; the
rotation that does extend it says what really stands in the way). For a
legal move it previews the length the snake will have.
"""

from ...core.errors import IllegalMove, RecordError
from .cards import KINDS, rotations

# The placement checks in the order the rules make them (state._place): a reason
# further down this list was reached by a rotation that passed the ones above.
_PLACE_ORDER = (
    "schlangennest.malformed", "schlangennest.field_taken", "schlangennest.no_card_left",
    "schlangennest.tail_first", "schlangennest.first_cell", "schlangennest.must_extend",
    "schlangennest.first_must_touch", "schlangennest.outside_area", "schlangennest.joins_colours",
    "schlangennest.joins_snakes", "schlangennest.breaks_snake", "schlangennest.three_snakes",
    "schlangennest.double_crossings", "schlangennest.first_round_close",
    "schlangennest.special_case", "schlangennest.not_legal",
)


def _depth(code):
    return _PLACE_ORDER.index(code) if code in _PLACE_ORDER else len(_PLACE_ORDER)


def _candidates(rules, data):
    """The moves ``data`` stands for: one, or one per rotation of a placement without ``rot``."""
    if isinstance(data, dict) and data.get("action") == "place" and "rot" not in data \
            and data.get("card") in KINDS:
        return [rules.move_from_json(dict(data, rot=rot)) for rot in rotations(data["card"])]
    return [rules.move_from_json(data)]


def preview(state, move, after):
    """What the move does to the snake it is for: its length before and after."""
    colour = move.colour if move.colour is not None else move.player
    return {"colour": colour, "length_before": state.snake_lengths[colour],
            "length": after.snake_lengths[colour], "lengths": list(after.lengths),
            "finished": after.finished[colour]}


def check_json(rules, state, data):
    """``{"legal": True, "move", "preview"}`` or ``{"legal": False, "code", "params", "message"}``.

    RecordError if ``data`` is not a move at all (the host answers host.bad_move).
    """
    refusals = []
    for move in _candidates(rules, data):
        try:
            after = state.apply(move)
        except IllegalMove as exc:
            refusals.append(exc)
            continue
        return {"legal": True, "move": rules.move_to_json(move), "preview": preview(state, move, after)}
    if not refusals:
        raise RecordError("no move to check")
    best = max(refusals, key=lambda exc: _depth(exc.code))
    return {"legal": False, "code": best.code, "params": dict(best.params), "message": str(best)}
