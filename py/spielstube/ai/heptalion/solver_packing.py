"""Packings for the exact solver: the most of a side's live tiles that fit
on disjoint free positions (an exact branch and bound, cached by the tiles
and the fields their free positions cover)."""

from .position import TILE_SHIFT
from .solver_moves import tiles_after


def clear_tiles(positions, blocked, tiles):
    """The (tile, union) list of the tiles of ``tiles`` with a position clear
    of ``blocked`` (covered fields included), each with the union of those
    positions: the tiles left once all of ``blocked`` is covered."""
    return tiles_after(positions, tiles, blocked, blocked)


class Packings:
    """Packing counts on one board, memoised up to ``max_entries``."""

    def __init__(self, positions, max_entries):
        self.positions = positions
        self.max_entries = max_entries
        self.known = {}

    def clear_if_full(self):
        if len(self.known) >= self.max_entries:
            self.known = {}

    def private(self, blocked, tiles, need):
        """Most of ``tiles`` that fit on disjoint positions clear of ``blocked``
        (the covered fields and every field the other side can reach), or
        fewer than ``need`` when that many cannot fit."""
        return self.private_of(blocked, clear_tiles(self.positions, blocked, tiles), need)

    def private_of(self, blocked, clear, need):
        """As private, on ``clear_tiles(positions, blocked, tiles)``."""
        if len(clear) < need:
            return len(clear)
        return self.count(blocked, clear)

    def count(self, occ, tiles):
        """Most of ``tiles`` that fit on disjoint free positions."""
        key = 0
        seen = 0
        for t, union in tiles:
            key |= 1 << (TILE_SHIFT + t)
            seen |= union
        return self.count_keyed(occ, tiles, key | seen)

    def count_keyed(self, occ, tiles, key):
        """As count, with the key the caller knows: the fields the tiles'
        free positions cover | their tile mask << TILE_SHIFT."""
        known = self.known.get(key)
        if known is not None:
            return known
        best = self._pack(occ, tiles, 0, 0)
        self.known[key] = best
        return best

    def _pack(self, occ, tiles, start, placed):
        # Branch on tiles[start]: on each free position, or left out (only
        # worth trying while the tiles after it could still beat ``best``).
        positions = self.positions
        if start == len(tiles):
            return placed
        best = placed
        t = tiles[start][0]
        for mask in positions[t]:
            if not occ & mask:
                value = self._pack(occ | mask, tiles, start + 1, placed + 1)
                if value > best:
                    best = value
                    if best == placed + len(tiles) - start:
                        return best
        if best < placed + len(tiles) - start - 1:
            value = self._pack(occ, tiles, start + 1, placed)
            if value > best:
                best = value
        return best
