"""Heptalion positions as bitmasks, for the searches.

A search position is the occupied-field mask and one tile mask per seat
(bit i = TILES[i]); a move is (tile index, mask of its two fields). A tile is
*live* while one of its positions is free; dead tiles never come back, so
only live tiles and the fields their free positions cover matter for the
rest of the game. That gives the searches a compact, exact key.
"""

from ...games.heptalion import TILES, Placement

NUM_TILES = len(TILES)
TILE_SHIFT = 64  # tile masks sit above the (56) field bits in packed keys


class Tables:
    """Per board: the field masks of every tile's positions."""

    __slots__ = ("board", "positions", "cells")

    def __init__(self, board):
        self.board = board
        self.positions = tuple(tuple(mask for mask, _, _ in board.positions[t])
                               for t in range(NUM_TILES))
        self.cells = tuple(board.cells)

    def placement(self, tile, mask):
        """The engine's Placement for tile index ``tile`` on field mask ``mask``."""
        a = (mask & -mask).bit_length() - 1
        b = mask.bit_length() - 1
        return Placement(TILES[tile], (self.cells[a], self.cells[b]))


_TABLES = {}


def tables_for(board):
    tables = _TABLES.get(board.rows)
    if tables is None:
        if len(_TABLES) > 16:
            _TABLES.clear()
        tables = _TABLES[board.rows] = Tables(board)
    return tables


def moves_of(occ, hand, positions):
    """Every free (tile index, field mask) of the tiles in ``hand``."""
    out = []
    while hand:
        low = hand & -hand
        hand ^= low
        t = low.bit_length() - 1
        for mask in positions[t]:
            if not occ & mask:
                out.append((t, mask))
    return out


def has_move(occ, hand, positions):
    while hand:
        low = hand & -hand
        hand ^= low
        for mask in positions[low.bit_length() - 1]:
            if not occ & mask:
                return True
    return False


def survey(occ, hand, positions, seen=0, multi=0):
    """Live tiles of ``hand`` and the field coverage of their free positions.

    ``seen``/``multi`` accumulate over hands: fields covered by the free
    positions of at least one / at least two different live tiles.
    Returns (live tile mask, [(tile, union of its free positions)], free
    position count, seen, multi, fields of tiles down to one position, how
    many such tiles). The searches call this at every node: one pass, no
    allocations beyond the list.
    """
    live = count = single = single_count = 0
    tiles = []
    while hand:
        low = hand & -hand
        hand ^= low
        t = low.bit_length() - 1
        union = 0
        for mask in positions[t]:
            if not occ & mask:
                union |= mask
                count += 1
        if union:
            live |= low
            tiles.append((t, union))
            multi |= seen & union
            seen |= union
            if union.bit_count() == 2:
                single |= union
                single_count += 1
    return live, tiles, count, seen, multi, single, single_count
