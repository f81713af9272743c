"""Values of independent Heptalion regions, for the exact solver.

Two live tiles interact only through fields their free positions share, so
the live tiles fall into components (tiles linked by shared fields) that
are independent games: a move in one never changes another, and a tile
belongs to one component only. The position is the sum of its components
(ai.cgt): a component only one side can play in is the integer of that
side's packing, a contested one is worked out as a canonical form from its
own moves, once, and reused wherever it turns up beside other regions.
Left is the side whose tiles come first in every call.
"""

from ..cgt import GameTable
from .position import TILE_SHIFT
from .solver_moves import candidate_moves, tiles_after

OPP_SHIFT = 2 * TILE_SHIFT
MAX_ENTRIES = 400_000  # memo entries (values, forms, comparisons, sums) before a fresh start


def components(left, right):
    """The components of two (tile, union) lists: [(left part, right part)]."""
    # Most positions are one component: a flood from one tile says so
    # without building any lists.
    if not left and not right:
        return []
    reached = (left or right)[0][1]
    grown = True
    while grown:
        grown = False
        for _, union in left:
            if union & reached and union & ~reached:
                reached |= union
                grown = True
        for _, union in right:
            if union & reached and union & ~reached:
                reached |= union
                grown = True
    for _, union in left:
        if not union & reached:
            break
    else:
        for _, union in right:
            if not union & reached:
                break
        else:
            return [(left, right)]
    groups = []  # [fields, left part, right part]
    for side, tiles in ((1, left), (2, right)):
        for tile in tiles:
            union = tile[1]
            joined = None
            merged = False
            for group in groups:
                if group[0] & union:
                    if joined is None:
                        joined = group
                    else:  # the tile links two groups: one takes the other in
                        joined[0] |= group[0]
                        joined[1] += group[1]
                        joined[2] += group[2]
                        group[0] = 0
                        merged = True
            if joined is None:
                joined = [union, [], []]
                groups.append(joined)
            else:
                joined[0] |= union
                if merged:
                    groups = [group for group in groups if group[0]]
            joined[side].append(tile)
    return [(group[1], group[2]) for group in groups]


def free_positions(occ, tiles, positions):
    """How many free positions the tiles of a (tile, union) list have."""
    count = 0
    for t, _ in tiles:
        for mask in positions[t]:
            if not occ & mask:
                count += 1
    return count


class RegionValues:
    """Canonical values of regions on one board, memoised by region key."""

    def __init__(self, positions, packing):
        self.positions = positions
        self._packing = packing  # (occ, tiles) -> most of tiles that fit at once
        self.games = GameTable()
        self._values = {}

    def left_wins(self, occ, parts, spare):
        """Whether Left, moving first, wins the sum of ``parts`` (component
        (left, right) lists on ``occ``) and ``spare`` free moves of Left's."""
        self._fresh_if_full()
        games = self.games
        total = games.integer(spare)
        for left, right in parts:
            total = games.add(total, self._component(occ, left, right))
        return games.left_wins_first(total)

    def _fresh_if_full(self):
        if len(self._values) + self.games.entries() > MAX_ENTRIES:
            self.games = GameTable()
            self._values = {}

    def _position(self, occ, left, right):
        """The value of any position: the sum of its components."""
        games = self.games
        total = 0
        for part_left, part_right in components(left, right):
            if not part_right:
                value = games.integer(self._packing(occ, part_left))
            elif not part_left:
                value = games.integer(-self._packing(occ, part_right))
            else:
                value = self._component(occ, part_left, part_right)
            total = games.add(total, value)
        return total

    def _component(self, occ, left, right):
        """The canonical value of one contested component."""
        seen = left_live = right_live = 0
        for t, union in left:
            seen |= union
            left_live |= 1 << t
        for t, union in right:
            seen |= union
            right_live |= 1 << t
        key = seen | left_live << TILE_SHIFT | right_live << OPP_SHIFT
        value = self._values.get(key)
        if value is None:
            lefts = self._options(occ, left, right, False)
            rights = self._options(occ, right, left, True)
            value = self._values[key] = self.games.game(lefts, rights)
        return value

    def _options(self, occ, mover, other, mover_is_right):
        """The values after each move of ``mover`` (dominated positions left
        out: they never beat the position that dominates them)."""
        positions = self.positions
        mover_seen = mover_multi = other_seen = 0
        for _, union in mover:
            mover_multi |= mover_seen & union
            mover_seen |= union
        for _, union in other:
            other_seen |= union
        out = []
        for t, mask in candidate_moves(positions, occ, mover, mover_multi, other_seen):
            child = occ | mask
            after_mover = tiles_after(positions, mover, child, mask, t)
            after_other = tiles_after(positions, other, child, mask)
            if mover_is_right:
                out.append(self._position(child, after_other, after_mover))
            else:
                out.append(self._position(child, after_mover, after_other))
        return out
