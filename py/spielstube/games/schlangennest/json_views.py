"""Schlangennest as the host shows it: player views, move-list entries, options.

Nothing is hidden in Schlangennest (hands are public), so every seat and a
spectator get the same view. Documented in docs/host-protocol.md
("Per-game views").
"""

from ...core.game import TERMINAL
from .rules import DIFFICULTIES, MAX_SIDE
from .state import Pass, Place, SwapTail, TurnCurve


def _range(bounds):
    return None if bounds is None else list(bounds)


def _card_json(state, cell):
    kind, colour, rot = state.cards[cell]
    parts = [{"edges": list(edges), "own": own is not None, "end": end, "snake": owner}
             for edges, own, end, owner in state.part_owners(cell)]
    return {"cell": list(cell), "card": kind, "colour": colour, "rot": rot, "parts": parts}


def player_view(state, seat):
    """What anyone sees: every card with its parts' owners, hands, snakes, area."""
    n = state.num_players
    to_move = state.current_player
    x_range, y_range = state.extent()
    return {
        "cards": [_card_json(state, cell) for cell in sorted(state.cards)],
        "hands": [state.hand(s) for s in range(n)],
        "lengths": list(state.lengths),
        "finished": list(state.finished),
        "rings": list(state.rings),
        "open_ends": [[{"cell": list(cell), "edge": edge} for cell, edge in state.open_ends(s)]
                      for s in range(n)],
        "area": None if state.cfg.size is None else list(state.cfg.size),
        "border": {"x": _range(state.fixed[0]), "y": _range(state.fixed[1])},
        "extent": {"x": _range(x_range), "y": _range(y_range)},
        "to_move": None if to_move == TERMINAL else to_move,
        "first": state.cfg.first,
        "players": n,
        "tail_first": state.cfg.tail_first,
        "first_round": state.first_round,
    }


def pass_reason(state, seat):
    """Why ``seat`` has nothing to do: finished, ring, closed or blocked."""
    if state.finished[seat]:
        return "finished"
    if state.rings[seat]:
        return "ring"
    if state.lengths[seat] and not state.open_ends(seat):
        return "closed"
    return "blocked"


def describe_json(state_before, move, viewer):
    seat = state_before.current_player
    if isinstance(move, Pass):
        return {"seat": seat, "kind": "pass", "text_key": "schlangennest.entry_pass",
                "params": {"reason": pass_reason(state_before, seat)}, "cells": []}
    cell = list(move.cell)
    if isinstance(move, Place):
        return {"seat": seat, "kind": "place", "text_key": "schlangennest.entry_place",
                "params": {"card": move.kind, "cell": cell, "rot": move.rot}, "cells": [cell]}
    if isinstance(move, TurnCurve):
        return {"seat": seat, "kind": "turn", "text_key": "schlangennest.entry_turn",
                "params": {"cell": cell, "dir": move.direction}, "cells": [cell]}
    if isinstance(move, SwapTail):
        return {"seat": seat, "kind": "swap", "text_key": "schlangennest.entry_swap",
                "params": {"cell": cell, "rot": move.rot}, "cells": [cell]}
    raise TypeError(f"not a Schlangennest move: {move!r}")


def option_schema():
    return [
        {"name": "players", "type": "int", "min": 2, "max": 4, "default": 2, "label": "option.players"},
        {"name": "difficulty", "type": "choice", "values": list(DIFFICULTIES), "default": "recommended",
         "label": "schlangennest.option_difficulty"},
        {"name": "area", "type": "area", "min": 1, "max": MAX_SIDE, "default": None,
         "when": {"difficulty": "custom"}, "label": "schlangennest.option_area"},
        {"name": "tail_first", "type": "bool", "default": False, "label": "schlangennest.option_tail_first"},
    ]

