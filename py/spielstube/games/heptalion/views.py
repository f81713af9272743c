"""Heptalion as the host shows it: player views, move-list entries, options.

Everything here is JSON-ready and documented in docs/host-protocol.md
("Per-game views"). A view shows only what the viewing seat may see: with
hidden hands, other seats' tiles are a count.
"""

from ...core.game import TERMINAL, WATCHER
from .board import BOARD_KINDS, HAND_SIZES, tiles_of

COVERED = "#"


def _hand_visible(state, owner, viewer):
    """Hidden hands show to their owner only, to the watcher of a game of computers,
    and to everyone once the game is over."""
    return (not state.hidden or viewer == WATCHER or (viewer is not None and viewer == owner)
            or state.current_player == TERMINAL)


def _placement_json(seat, placement):
    return {"seat": seat, "tile": placement.tile, "cells": [list(cell) for cell in placement.cells]}


def _out_reason(state, seat):
    """Why ``seat`` is out: at the start of a turn none of its tiles fitted."""
    if state.alive[seat]:
        return None
    return {"key": "heptalion.out_no_fit", "params": {"seat": seat, "count": bin(state.hands[seat]).count("1")}}


def player_view(state, seat):
    """What ``seat`` (None: a spectator; WATCHER: every hand) may see of ``state``."""
    board = state.board
    grid = [list(line) for line in board.rows]
    for i, (r, c) in enumerate(board.cells):
        if state.occupied >> i & 1:
            grid[r][c] = COVERED
    hands = []
    for owner in range(state.num_players):
        tiles = tiles_of(state.hands[owner])
        hands.append({"seat": owner, "count": len(tiles),
                      "tiles": tiles if _hand_visible(state, owner, seat) else None})
    to_move = state.current_player
    return {
        "rows": ["".join(line) for line in grid],
        "placed": [_placement_json(s, p) for s, p in state.placed],
        "hands": hands,
        "discard": state.discard,
        "alive": list(state.alive),
        "out": [_out_reason(state, s) for s in range(state.num_players)],
        "first": state.first,
        "to_move": None if to_move == TERMINAL else to_move,
        "players": state.num_players,
        "hidden_hands": state.hidden,
    }


def describe_json(state_before, move, viewer):
    """A move-list entry: the tile and its two fields; who went out by it.

    A placement is public (its tile is seen when laid), so every viewer
    gets the same entry.
    """
    seat = state_before.current_player
    after = state_before.apply(move)
    cells = [list(cell) for cell in after.last.cells]
    out = [s for s in range(after.num_players) if state_before.alive[s] and not after.alive[s]]
    return {"seat": seat, "kind": "place", "text_key": "heptalion.entry_place",
            "params": {"tile": move.tile, "cells": cells, "out": out}, "cells": cells}


def option_schema():
    return [
        {"name": "players", "type": "int", "min": min(HAND_SIZES), "max": max(HAND_SIZES),
         "default": 2, "label": "option.players"},
        {"name": "board", "type": "choice", "values": list(BOARD_KINDS), "default": "original",
         "label": "heptalion.option_board"},
        {"name": "hidden_hands", "type": "bool", "default": False,
         "label": "heptalion.option_hidden_hands"},
    ]

