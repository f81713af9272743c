"""TEMPORARY: the parts of docs/host-protocol.md §1-2 the interface branch
has not landed yet (Session save with its redo stack, the view-based
determinization). Each function uses the real method when it exists.
Delete this module once they are in core/ and games/.
"""

from ..core.errors import RecordError
from ..core.record import record_from_dict


def decision_state(state, seat, rng):
    """What the computer in ``seat`` searches: a state drawn from its view only."""
    return state.determinize(seat, rng)


def session_to_save(session):
    method = getattr(session, "to_save", None)
    if method is not None:
        return method()
    return {"record": session.record().to_dict(), "seats": list(session.seats),
            "redo": [session.rules.move_to_json(m) for m, _ in reversed(session.redo_stack)]}


def session_from_save(data, rules_for):
    from ..core.session import Session
    method = getattr(Session, "from_save", None)
    if method is not None:
        return method(data, rules_for)
    if not isinstance(data, dict):
        raise RecordError("the save is not an object")
    seats = data.get("seats")
    session = Session.from_record(record_from_dict(data.get("record")), rules_for, seats)
    if not isinstance(seats, list) or len(seats) != session.state.num_players:
        raise RecordError("the save's seats do not fit the game")
    redo = data.get("redo") or []
    if not isinstance(redo, list):
        raise RecordError("the save's redo list is not a list")
    probe, stack = session.state, []
    for item in redo:
        move = session.rules.move_from_json(item)
        stack.append((move, probe.current_player))
        try:
            probe = probe.apply(move)
        except Exception as exc:
            raise RecordError(f"the save's redo list does not replay: {exc}") from None
    session.redo_stack = list(reversed(stack))
    return session
