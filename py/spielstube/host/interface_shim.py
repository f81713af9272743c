"""TEMPORARY: the game interface of docs/host-protocol.md §1 until the
interface branch lands it in core/ and games/. Each function uses the real
method when the game has it, else a stand-in good enough for Heptalion.
Delete this module once every game implements the interface.
"""

from ..core.errors import RecordError
from ..core.record import record_from_dict


def player_view(state, seat):
    method = getattr(state, "player_view", None)
    if method is not None:
        return method(seat)
    # Heptalion stand-in: hands hidden from everyone but their owner when hidden_hands.
    hands = []
    for other in range(state.num_players):
        visible = not state.hidden or other == seat or state.is_terminal()
        hands.append(state.hand(other) if visible else None)
    return {
        "board": list(state.board.rows) if hasattr(state.board, "rows") else None,
        "hands": hands,
        "hand_sizes": [len(state.hand(s)) for s in range(state.num_players)],
        "placed": [{"seat": s, "tile": p.tile, "cells": [list(c) for c in p.cells]} for s, p in state.placed],
        "alive": list(state.alive),
        "discard": state.discard,
        "to_move": state.current_player,
    }


def legal_json(rules, state):
    method = getattr(rules, "legal_json", None)
    if method is not None:
        return method(state)
    moves = []
    for move in state.legal_moves():
        data = rules.move_to_json(move)
        if isinstance(data, dict) and "cells" in data:
            data = dict(data, cells=sorted(data["cells"]))
        moves.append(data)
    return moves


def describe_json(rules, state_before, move, viewer):
    method = getattr(rules, "describe_json", None)
    if method is not None:
        return method(state_before, move, viewer)
    data = rules.move_to_json(move)
    cells = data.get("cells", []) if isinstance(data, dict) else []
    return {"seat": state_before.current_player, "kind": "place", "text_key": f"move.{rules.name}.place",
            "params": {"tile": data.get("tile") if isinstance(data, dict) else None, "text": rules.describe_move(move)},
            "cells": cells}


def option_schema(rules):
    method = getattr(rules, "option_schema", None)
    if method is not None:
        return method()
    if rules.name == "heptalion":
        return [
            {"name": "players", "type": "int", "min": 2, "max": 4, "default": 2, "label": "opt.players"},
            {"name": "board", "type": "choice", "values": ["original", "random", "perfect"],
             "default": "original", "label": "opt.heptalion.board"},
            {"name": "hidden_hands", "type": "bool", "default": False, "label": "opt.heptalion.hidden_hands"},
        ]
    return [{"name": name, "type": "any"} for name in rules.normalize_options({})]


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
