"""The ``check`` intent: would this move be legal, and if not, why (docs/host-protocol.md §7).

The page asks before it has a whole move (a card on a field, its rotation
not chosen yet) so that it can say which rule a field breaks, and for a
legal move what it would bring: the game answers (``GameRules.check_json``).
Nothing is played and the version does not change.
"""

from ..core.errors import RecordError
from .refusal import Refusal
from .seats import level_of


def answer(slot, data, reply_to):
    """The ``check`` message for a person's move ``data`` (Refusal if nobody may ask now)."""
    seat = slot.seat_to_act()
    if seat is None:
        raise Refusal("host.game_over", "the game is over")
    if level_of(slot.session.seats[seat]) is not None or (
            isinstance(data, dict) and "player" in data and data["player"] != seat):
        raise Refusal("host.not_your_turn", f"it is seat {seat}'s turn", seat=seat)
    try:
        result = slot.rules.check_json(slot.state, data)
    except RecordError as exc:
        raise Refusal("host.bad_move", str(exc), detail=exc.reason) from None
    return {"type": "check", "reply_to": reply_to, **result}
