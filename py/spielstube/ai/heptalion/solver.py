"""Exact win/loss solver for 2-player Heptalion.

Normal play: the player to move with no placement loses, so every position is
a win or a loss for the side to move. Boolean negamax: a position is won iff
some move leads to a position lost for the opponent. The transposition table
maps a packed key (fields covered by free positions of live tiles, the
mover's live tiles, the other's live tiles) to what is known of it for any
number of spare moves (see _store); dead tiles and irrelevant fields are
left out, so transpositions meet, and no symmetry or history enters the key.

What keeps the tree small, each checked against plain minimax in the tests:
- bounds (solver_bounds): sure moves against possible moves, sharpened by
  exact packings and free moves;
- a position of a tile that blocks no fewer of the mover's own positions
  and no more of the opponent's than another position of the same tile is
  not searched (solver_moves.undominated);
- once the two sides' free positions no longer touch, each side just packs
  its own tiles and the larger count wins (the mover needs strictly more);
- tiles nobody else can disturb are interchangeable spare moves: one of them
  stands for all; so is a tile the other side cannot touch that has a
  position no other live tile touches (solver_moves.lone_tiles);
- move order (solver_moves.ordered_positions): moves that take the most of
  the opponent's free positions (above all the last position of an
  opponent tile) first, moves that spoil own tiles later, moves that touch
  none of the opponent's fields last.
"""

from .. import clock

from .position import TILE_SHIFT, moves_of, survey
from .solver_packing import Packings
from .solver_moves import (candidate_moves, checkerboard, dominated, lone_tiles,  # noqa: F401 (checkerboard: also for callers)
                           most_positions_on_a_field, ordered_positions, tiles_after)
from .solver_bounds import Bounds
from .search import STRONG, WIN, AlphaBeta

OPP_SHIFT = 2 * TILE_SHIFT
SPARE_BIAS = 64  # spare moves are -28..28: kept non-negative in table entries
UNKNOWN = 255 << 8  # a table entry with no spare count known to win or to lose
ENTRY = tuple(range(1 << 16))  # table entries taken from here are shared objects, not 28 bytes each


def _flood(contested, tiles):
    """The fields of every live tile linked to a contested field through
    shared fields, and the (tile, union) list of the tiles left outside."""
    region = contested
    grown = True
    while grown and tiles:
        grown = False
        outside = []
        for tile in tiles:
            if tile[1] & region:
                region |= tile[1]
                grown = True
            else:
                outside.append(tile)
        tiles = outside
    return region, tiles


class OutOfBudget(Exception):
    """The node or time budget ran out before the position was solved."""


class Solver:
    """Solves positions; keeps its table between calls (results stay true)."""

    def __init__(self, positions, max_entries=1_000_000):
        if most_positions_on_a_field(positions) > 7:
            raise ValueError("the move order counts a field's positions in 3 bits")
        self.positions = positions
        self.dark = checkerboard(positions)
        # Two generations per table: when the young one is full it becomes the
        # old one and the one before is dropped, so memory stays bounded
        # (about 2 x max_entries) and recent results survive a long search.
        self.table = {}  # abstract key -> 0 lost, 1 won
        self.old = {}
        packings = Packings(positions, max_entries)
        self._packing = packings.count
        self._private_packing = packings.private
        self._packings = packings
        self._bounds = Bounds(positions, self.dark, packings).decide
        self._evaluator = None  # orders root moves
        self.max_entries = max_entries
        self.nodes = 0
        self._limit = 0
        self._deadline = None
        self._clock = clock.now

    def solve(self, occ, me, opp, node_budget=None, deadline=None):
        """(result, move, losing) for the side to move holding ``me``.

        result: True (win), False (loss) or None (the budget ran out).
        move: a winning (tile, field mask) when won, else None.
        losing: the root moves proven to lose so far (useful when unsolved).
        """
        self._start(node_budget, deadline)
        losing = set()
        try:
            for t, mask in self.ordered_moves(occ, me, opp, prune=True):
                if not self._wins(occ | mask, opp, me & ~(1 << t)):
                    return True, (t, mask), losing
                losing.add((t, mask))
            # The dominated moves left out lose as well.
            return False, None, set(moves_of(occ, me, self.positions))
        except OutOfBudget:
            return None, None, losing

    def analyse(self, occ, me, opp, node_budget=None, deadline=None):
        """Every root move decided: (value, winning, losing, undecided).

        value: True when some move wins, False when every move loses, None
        when the budget ran out with no winning move found. The lists hold
        (tile, field mask) moves, heuristically best first.
        """
        self._start(node_budget, deadline)
        winning, losing = [], []
        moves = self.ordered_moves(occ, me, opp)
        done = 0
        try:
            for t, mask in moves:
                if self._wins(occ | mask, opp, me & ~(1 << t)):
                    losing.append((t, mask))
                else:
                    winning.append((t, mask))
                done += 1
        except OutOfBudget:
            pass
        undecided = moves[done:]
        value = True if winning else (False if not undecided else None)
        return value, winning, losing, undecided

    def decide(self, occ, me, opp, node_budget):
        """Whether the side to move holding ``me`` wins (True/False), or None
        when ``node_budget`` nodes do not decide it; no root ordering, so
        cheap enough for a search's leaves (the table is shared)."""
        self._start(node_budget, None)
        try:
            return self._wins(occ, me, opp)
        except OutOfBudget:
            return None

    def _start(self, node_budget, deadline):
        self.nodes = 0
        self._limit = node_budget if node_budget is not None else 1 << 62
        self._deadline = deadline

    def ordered_moves(self, occ, me, opp, prune=False):
        """Root moves, the likeliest winners first: by the strong evaluation
        (search.STRONG) of the position each leaves the opponent. ``prune``
        leaves out dominated positions (solver_moves.undominated): enough to
        decide the position, not to judge every move."""
        if self._evaluator is None:
            self._evaluator = AlphaBeta(self.positions, STRONG, max_entries=0)
            self._evaluator._deadline = float("inf")
        evaluate = self._evaluator._negamax
        moves = moves_of(occ, me, self.positions)
        if prune:
            positions = self.positions
            _, my_tiles, _, _, my_multi, _, _ = survey(occ, me, positions)
            _, _, _, opp_seen, _, _, _ = survey(occ, opp, positions)
            moves = candidate_moves(positions, occ, my_tiles, my_multi, opp_seen)
        scored = []
        for t, mask in moves:
            score = evaluate(occ | mask, opp, me & ~(1 << t), 0, -WIN - 1, WIN + 1)
            scored.append((score, len(scored), (t, mask)))
        scored.sort()
        return [move for _, _, move in scored]

    def _wins(self, occ, me, opp, spare=0):
        """Whether the side to move (holding the tile mask ``me``) wins.

        ``spare``: moves the mover has elsewhere, in regions no one else can
        touch (negative: the other side has them). Those regions are plain
        integers in game terms, so only their net count matters.
        """
        positions = self.positions
        return self._search(occ, survey(occ, me, positions)[1], survey(occ, opp, positions)[1], spare)

    def _search(self, occ, my_tiles, opp_tiles, spare):
        """_wins on (tile, union) lists of live tiles, kept incrementally."""
        positions = self.positions
        self.nodes += 1
        if self.nodes & 255 == 0:
            if self.nodes > self._limit:
                raise OutOfBudget()
            if self._deadline is not None and self._clock() > self._deadline:
                raise OutOfBudget()
        # Live tiles, the fields their free positions cover, and the fields
        # two or more live tiles compete for.
        my_live = my_seen = my_multi = 0
        for t, union in my_tiles:
            my_live |= 1 << t
            my_multi |= my_seen & union
            my_seen |= union
        opp_live = opp_seen = opp_multi = opp_single = 0
        for t, union in opp_tiles:
            opp_live |= 1 << t
            opp_multi |= opp_seen & union
            opp_seen |= union
            if union.bit_count() == 2:
                opp_single |= union
        if not my_seen & opp_seen:
            # No more interaction: each side just packs its own tiles, and the
            # mover wins iff they can make more moves than the other.
            return self._packing(occ, my_tiles) + spare > self._packing(occ, opp_tiles)
        seen = my_seen | opp_seen
        # The key leaves the spare moves out: an entry holds the spare counts
        # known to win and to lose (solver_table), which answers every count
        # beyond them as well.
        key = seen | my_live << TILE_SHIFT | opp_live << OPP_SHIFT
        table = self.table
        bounds = table.get(key)
        if bounds is None:
            bounds = self.old.get(key)
            if bounds is not None:
                table[key] = bounds  # kept young: still in use
        if bounds is not None:
            if spare >= (bounds >> 8) - SPARE_BIAS:
                return True
            if spare <= (bounds & 255) - SPARE_BIAS:
                return False
        # Tiles outside the region reachable from the contested fields form
        # one-sided regions: replace them by their packing counts.
        contested = my_seen & opp_seen
        rest = my_tiles + opp_tiles
        region, rest = _flood(contested, rest)
        # Tiles of the region that are one spare move each (lone_tiles)
        # leave it as well.
        multi = my_multi | opp_multi | contested
        my_lone = lone_tiles(positions, occ, my_tiles, opp_seen, multi, region)
        opp_lone = lone_tiles(positions, occ, opp_tiles, my_seen, multi, region)
        lone = my_lone | opp_lone
        if rest or lone:
            # Go on with the contested region alone.
            gone = lone
            for t, union in rest:
                gone |= 1 << t
            mine = [tile for tile in rest if my_live >> tile[0] & 1]
            theirs = [tile for tile in rest if opp_live >> tile[0] & 1]
            outer_spare = spare
            spare += ((self._packing(occ, mine) if mine else 0) - (self._packing(occ, theirs) if theirs else 0)
                      + my_lone.bit_count() - opp_lone.bit_count())
            my_live &= ~gone
            opp_live &= ~gone
            my_tiles = [tile for tile in my_tiles if my_live >> tile[0] & 1]
            opp_tiles = [tile for tile in opp_tiles if opp_live >> tile[0] & 1]
            if lone:
                # The lone tiles' fields may have been all that linked others.
                my_seen = my_multi = 0
                for t, union in my_tiles:
                    my_multi |= my_seen & union
                    my_seen |= union
                opp_seen = opp_multi = opp_single = 0
                for t, union in opp_tiles:
                    opp_multi |= opp_seen & union
                    opp_seen |= union
                    if union.bit_count() == 2:
                        opp_single |= union
                region = my_seen | opp_seen
            else:
                # The region's fields are disjoint from the rest, so every
                # survey figure restricts by masking.
                my_seen &= region
                opp_seen &= region
                my_multi &= region
                opp_multi &= region
                opp_single &= region
            first_key = key
            key = region | my_live << TILE_SHIFT | opp_live << OPP_SHIFT
            bounds = table.get(key)
            if bounds is None:
                bounds = self.old.get(key)
                if bounds is not None:
                    table[key] = bounds
            if bounds is not None:
                if spare >= (bounds >> 8) - SPARE_BIAS:
                    self._store(first_key, outer_spare, 1)
                    return True
                if spare <= (bounds & 255) - SPARE_BIAS:
                    self._store(first_key, outer_spare, 0)
                    return False
            multi = my_multi | opp_multi | (my_seen & opp_seen)
        value = self._bounds(occ, my_tiles, opp_tiles, my_seen, opp_seen, my_live, opp_live, spare)
        if value is not None:
            return self._store(key, spare, value)
        # The move order (solver_moves.ordered_positions); a dominated
        # position is skipped only when its turn comes: most won nodes win
        # with their first move, so most tiles are never judged.
        moves = ordered_positions(positions, occ, my_tiles, opp_tiles, my_seen, opp_seen, multi, opp_single)
        after = tiles_after
        for _, t, mask, union in moves:
            # A union of more than two fields: more than one free position.
            if union.bit_count() > 2 and dominated(positions[t], occ, mask, my_multi, opp_seen):
                continue
            child = occ | mask
            if not self._search(child, after(positions, opp_tiles, child, mask),
                                after(positions, my_tiles, child, mask, t), -spare):
                return self._store(key, spare, 1)
        # A spare move last: by the number avoidance theorem it only matters
        # when the contested region is worth a number.
        if spare > 0 and not self._search(occ, opp_tiles, my_tiles, 1 - spare):
            return self._store(key, spare, 1)
        return self._store(key, spare, 0)

    def _store(self, key, spare, value):
        """Table entry for a key with ``spare`` extra moves of the mover's:
        won (value 1) or lost (0). An entry packs the fewest spare moves
        known to win (high byte) and the most known to lose (low byte), both
        biased by SPARE_BIAS: more spare moves never hurt the mover, so a win
        holds for every larger count and a loss for every smaller one.
        Entries are exact: a winning move is never needed again."""
        table = self.table
        if len(table) >= self.max_entries:
            self.old, self.table = table, {}
            table = self.table
            self._packings.clear_if_full()
        bounds = table.get(key, UNKNOWN)
        if value:
            if spare + SPARE_BIAS < bounds >> 8:
                table[key] = ENTRY[(spare + SPARE_BIAS) << 8 | (bounds & 255)]
            return True
        if spare + SPARE_BIAS > bounds & 255:
            table[key] = ENTRY[(bounds & ~255) | (spare + SPARE_BIAS)]
        return False
