"""Schlangennest as the host shows it: player views, move-list entries, options.

Nothing is hidden in Schlangennest (hands are public), so every seat and a
spectator get the same view. Snakes, hands and open ends are listed per
colour: a seat's colour is its index, with two snakes per player seat p also
owns p + 2, and neutral colours follow the players'. Documented in docs/host-protocol.md
("Per-game views").
"""

from ...core.game import TERMINAL
from .options import AREAS, DIFFICULTIES, EXTRAS, MAX_SIDE, TWO_SNAKE_TURNS
from .moves import Pass, Place, SwapTail, TurnCurve
from .turns import colour_count, owner, player_colour_count, seat_colours


def _range(bounds):
    return None if bounds is None else list(bounds)


def _card_json(state, cell):
    kind, colour, rot = state.cards[cell]
    parts = [{"edges": list(edges), "own": own is not None, "end": end, "snake": owner}
             for edges, own, end, owner in state.part_owners(cell)]
    return {"cell": list(cell), "card": kind, "colour": colour, "rot": rot, "parts": parts}


def player_view(state, seat):
    """What anyone sees: every card with its parts' owners, hands, snakes, area."""
    cfg = state.cfg
    n = state.num_players
    to_move = state.current_player
    x_range, y_range = state.extent()
    colours = len(state.snakes)
    return {
        "cards": [_card_json(state, cell) for cell in sorted(state.cards)],
        "hands": [state.hand(c) for c in range(player_colour_count(cfg))],
        "lengths": list(state.lengths),
        "snake_lengths": list(state.snake_lengths),
        "finished": list(state.finished),
        "rings": list(state.rings),
        "open_ends": [[{"cell": list(cell), "edge": edge} for cell, edge in state.open_ends(c)]
                      for c in range(colours)],
        "colours": [{"colour": c, "seat": owner(cfg, c)} for c in range(max(colours, colour_count(cfg)))],
        # the snakes no player owns (neutral snake, frame): the page draws and names them so
        "neutral_colours": [c for c in range(max(colours, colour_count(cfg))) if owner(cfg, c) is None],
        "seat_colours": [list(seat_colours(cfg, s)) for s in range(n)],
        "pending": list(state.pending) if to_move != TERMINAL else [],
        "area": None if cfg.size is None else list(cfg.size),
        "border": {"x": _range(state.fixed[0]), "y": _range(state.fixed[1])},
        "extent": {"x": _range(x_range), "y": _range(y_range)},
        "to_move": None if to_move == TERMINAL else to_move,
        "first": cfg.first,
        "players": n,
        "snakes": cfg.snakes,
        "two_snake_turn": cfg.two_snake_turn if cfg.snakes == 2 else None,
        "tail_first": cfg.tail_first,
        "first_round": state.first_round,
    }


def pass_reason(state, colour):
    """Why ``colour`` has nothing to do: finished, ring, closed or blocked."""
    if state.finished[colour]:
        return "finished"
    if state.rings[colour]:
        return "ring"
    if state.snake_lengths[colour] and not state.open_ends(colour):
        return "closed"
    return "blocked"


def describe_json(state_before, move, viewer):
    seat = state_before.current_player
    # Two-snake moves name their colour; otherwise a seat plays its own.
    colour = move.colour if move.colour is not None else seat
    entry = _describe(state_before, move, seat, colour)
    if state_before.cfg.snakes == 2:
        entry["colour"] = colour
        entry["params"]["colour"] = colour
    return entry


def _describe(state_before, move, seat, colour):
    if isinstance(move, Pass):
        return {"seat": seat, "kind": "pass", "text_key": "schlangennest.entry_pass",
                "params": {"reason": pass_reason(state_before, colour)}, "cells": []}
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


# Difficulties that bound the area (the extra snakes need one).
_BOUNDED = [d for d in DIFFICULTIES if d != "unlimited"]


def _sizes(table):
    return dict((name, list(size)) for name, size in table.items())


def option_schema():
    """The new-game options. ``when`` says under which other options a field
    applies; ``value_when`` does the same for single values of a choice (the
    dialog offers a value only where it combines, see options.py)."""
    return [
        {"name": "players", "type": "int", "min": 2, "max": 4, "default": 2, "label": "option.players"},
        {"name": "difficulty", "type": "choice", "values": list(DIFFICULTIES), "default": "recommended",
         "label": "schlangennest.option_difficulty",
         "value_when": {"alternative": [{"players": [3, 4]}, {"snakes": 2}]},
         # each size's a x b, by the table that applies (two snakes: the 4-player table)
         "sizes": [{"when": {"snakes": 2}, "sizes": _sizes(AREAS[4])}]
         + [{"when": {"players": n}, "sizes": _sizes(AREAS[n])} for n in sorted(AREAS)]},
        {"name": "area", "type": "area", "min": 1, "max": MAX_SIDE, "default": None,
         "when": {"difficulty": "custom"}, "label": "schlangennest.option_area"},
        {"name": "snakes", "type": "int", "min": 1, "max": 2, "default": 1,
         "when": {"players": 2, "extra": "none"}, "label": "schlangennest.option_snakes"},
        {"name": "two_snake_turn", "type": "choice", "values": list(TWO_SNAKE_TURNS), "default": "both",
         "when": {"snakes": 2}, "label": "schlangennest.option_two_snake_turn"},
        {"name": "extra", "type": "choice", "values": list(EXTRAS), "default": "none",
         "when": {"snakes": 1, "difficulty": _BOUNDED}, "label": "schlangennest.option_extra",
         "value_when": {"neutral": {"players": [2, 3]}, "frame": {"players": 2}}},
        # Two snakes per player always lay the tails first (options.py): shown set, and why.
        {"name": "tail_first", "type": "bool", "default": False, "when": {"snakes": 1},
         "label": "schlangennest.option_tail_first",
         "forced": [{"when": {"snakes": 2}, "value": True, "why": "schlangennest.option_tail_first.forced"}]},
    ]
