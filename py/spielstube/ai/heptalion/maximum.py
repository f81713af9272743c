"""The most tiles that fit on a Heptalion board: exact branch and bound.

A solution is a set of free positions (two edge-adjacent fields) on disjoint
fields, at most one per tile. The search branches on the undecided field with
the fewest open positions: cover it by one of them, or leave it empty for
good. Fields no open position touches are empty already, tiles with no open
position are lost.

Bound: every tile covers one field of each checkerboard colour, so the tiles
still to come are at most the open fields of either colour and at most the
live tiles. A table remembers, per (open fields, unused tiles), the most that
can still be added as far as the search proved, so transpositions (the same
fields covered in another order) are cut at once.

``maximum_placement`` runs under a deadline read through ai.clock.now(), so a
host can pause it; when the time runs out it returns the best found so far
with ``proven`` False.
"""

from typing import NamedTuple

from ...games.heptalion import TILES, Placement
from .. import clock

CHECK_EVERY = 255  # nodes between clock reads


class MaxResult(NamedTuple):
    max: int  # the most tiles placed (proven maximum when ``proven``)
    proven: bool
    placements: tuple  # ((tile index, field a, field b), ...) reaching ``max``
    nodes: int
    seconds: float


class _TimeUp(Exception):
    pass


class MaximumSearch:
    """Branch and bound over the positions of one board (games.heptalion.Board)."""

    def __init__(self, board):
        self.board = board
        positions = []  # (tile index, field mask, a, b)
        for t, plist in enumerate(board.positions):
            for mask, a, b in plist:
                positions.append((t, mask, a, b))
        self.positions = tuple(positions)
        by_field = [[] for _ in board.cells]
        for p in positions:
            by_field[p[2]].append(p)
            by_field[p[3]].append(p)
        self.by_field = tuple(tuple(ps) for ps in by_field)
        dark = 0
        for i, (r, c) in enumerate(board.cells):
            if (r + c) & 1:
                dark |= 1 << i
        self.dark = dark
        self.light = board.full_mask & ~dark

    def run(self, occupied=0, tiles=None, deadline=None):
        """The most placements on the fields free in ``occupied`` with the
        tiles of the bitmask ``tiles`` (default: all 28)."""
        start = clock.now()
        if tiles is None:
            tiles = (1 << len(self.board.positions)) - 1
        self._deadline = deadline
        self._nodes = 0
        self._table = {}
        self._stack = []
        self._best = 0
        self._best_set = None
        proven = True
        try:
            self._search(self.board.full_mask & ~occupied, tiles, 0)
        except _TimeUp:
            proven = False
        best_set = tuple(self._best_set)
        return MaxResult(len(best_set), proven, best_set, self._nodes, clock.now() - start)

    def _search(self, free, tiles, placed):
        self._nodes += 1
        if self._nodes & CHECK_EVERY == 0 and self._deadline is not None:
            if clock.now() > self._deadline:
                raise _TimeUp()
        # Open positions: unused tile, both fields undecided.
        live = 0
        cover = 0
        count = {}
        for p in self.positions:
            if tiles >> p[0] & 1 and p[1] & free == p[1]:
                live |= 1 << p[0]
                cover |= p[1]
                a, b = p[2], p[3]
                count[a] = count.get(a, 0) + 1
                count[b] = count.get(b, 0) + 1
        free &= cover  # fields no open position touches stay empty
        best = self._best
        room = min(live.bit_count(), (free & self.dark).bit_count(), (free & self.light).bit_count())
        if placed > best or (placed == best and self._best_set is None):
            self._best = best = placed
            self._best_set = list(self._stack)
        if placed + room <= best:
            return
        key = (free, live)
        known = self._table.get(key)
        if known is not None and placed + known <= best:
            return
        field = min(count, key=count.__getitem__)
        stack = self._stack
        bit = 1 << field
        for t, mask, a, b in self.by_field[field]:
            if live >> t & 1 and mask & free == mask:
                stack.append((t, a, b))
                self._search(free & ~mask, tiles & ~(1 << t), placed + 1)
                stack.pop()
                if placed + room <= self._best:
                    break
        else:
            self._search(free & ~bit, tiles, placed)
        # Whatever was added below this node, it was at most this much.
        self._table[key] = self._best - placed if known is None else min(known, self._best - placed)


def maximum_placement(board, occupied=0, tiles=None, deadline=None):
    """MaxResult for ``board`` (see MaximumSearch.run)."""
    return MaximumSearch(board).run(occupied, tiles, deadline)


def best_completion(state, deadline=None):
    """For a puzzle position (games.heptalion.puzzle.PuzzleState): the most
    tiles the whole puzzle can reach from here, and the placements (made ones
    first) that reach it, as a MaxResult with games' Placements."""
    result = MaximumSearch(state.board).run(state.occupied, state.unused, deadline)
    cells = state.board.cells
    more = tuple(Placement(TILES[t], (cells[a], cells[b])) for t, a, b in result.placements)
    return result._replace(max=len(state.placed) + result.max, placements=tuple(state.placed) + more)
