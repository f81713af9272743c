"""Exact win/loss solver for 2-player Heptalion.

Normal play: the player to move with no placement loses, so every position is
a win or a loss for the side to move. Boolean negamax: a position is won iff
some move leads to a position lost for the opponent. The transposition table
maps a packed key (fields covered by free positions of live tiles, the
mover's live tiles, the other's live tiles) to the result; dead tiles and
irrelevant fields are left out, so transpositions meet, and no symmetry or
history enters the key.

What keeps the tree small, each checked against plain minimax in the tests:
- bounds: a tile with a free position no other live tile touches is a sure
  move, a live tile at most one move; the mover wins if sure moves exceed the
  other's live tiles, and loses if own live tiles do not exceed the other's
  sure moves (a greedy packing of untouchable positions sharpens "sure");
- once the two sides' free positions no longer touch, each side just packs
  its own tiles and the larger count wins (the mover needs strictly more);
- tiles nobody else can disturb are interchangeable spare moves: one of them
  stands for all;
- move order: moves that take the opponent's fields (above all the last
  position of an opponent tile) first, moves that spoil own tiles last.
"""

from .. import clock

from .position import TILE_SHIFT, moves_of, survey

OPP_SHIFT = 2 * TILE_SHIFT


class OutOfBudget(Exception):
    """The node or time budget ran out before the position was solved."""


class Solver:
    """Solves positions; keeps its table between calls (results stay true)."""

    def __init__(self, positions, max_entries=400_000):
        self.positions = positions
        self.table = {}
        self.packings = {}
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
        if len(self.table) > self.max_entries:
            self.table.clear()
            self.packings.clear()
        self.nodes = 0
        self._limit = node_budget if node_budget is not None else 1 << 62
        self._deadline = deadline
        losing = set()
        try:
            moves = self._ordered_moves(occ, me, opp)
            for t, mask in moves:
                if not self._wins(occ | mask, opp, me & ~(1 << t)):
                    return True, (t, mask), losing
                losing.add((t, mask))
            return False, None, losing
        except OutOfBudget:
            return None, None, losing

    def _ordered_moves(self, occ, me, opp):
        positions = self.positions
        opp_seen = survey(occ, opp, positions)[3]
        my_multi = survey(occ, me, positions)[4]
        moves = moves_of(occ, me, positions)
        # Contested moves first (they take fields the opponent needs), moves
        # that spoil own other tiles last; safe moves can wait.
        moves.sort(key=lambda tm: ((tm[1] & my_multi).bit_count()
                                   - 2 * (tm[1] & opp_seen).bit_count()))
        return moves

    def _wins(self, occ, me, opp):
        positions = self.positions
        self.nodes += 1
        if self.nodes & 255 == 0:
            if self.nodes > self._limit:
                raise OutOfBudget()
            if self._deadline is not None and self._clock() > self._deadline:
                raise OutOfBudget()
        # One pass over both hands: live tiles, the union of each live tile's
        # free positions, and the fields two or more live tiles compete for.
        my_live, my_tiles, _, my_seen, my_multi, _, _ = survey(occ, me, positions)
        if not my_live:
            return False
        opp_live, opp_tiles, _, opp_seen, opp_multi, opp_single, _ = survey(occ, opp, positions)
        seen = my_seen | opp_seen
        multi = my_multi | opp_multi | (my_seen & opp_seen)
        key = seen | my_live << TILE_SHIFT | opp_live << OPP_SHIFT
        known = self.table.get(key)
        if known is not None:
            return known
        # Bounds: guaranteed moves (a free position no other live tile
        # touches) against possible moves (live tiles).
        my_safe = 0
        for t, union in my_tiles:
            for mask in positions[t]:
                if not occ & mask and not mask & multi:
                    my_safe += 1
                    break
        if my_safe > len(opp_tiles):
            self.table[key] = True
            return True
        if len(opp_tiles) - my_safe < 3:
            # Tighter: a greedy packing of my positions the opponent cannot touch.
            used = 0
            private = 0
            for t, union in my_tiles:
                for mask in positions[t]:
                    if not (occ | used | opp_seen) & mask:
                        used |= mask
                        private += 1
                        break
            if private > len(opp_tiles):
                self.table[key] = True
                return True
        opp_safe = 0
        for t, union in opp_tiles:
            for mask in positions[t]:
                if not occ & mask and not mask & multi:
                    opp_safe += 1
                    break
        if len(my_tiles) <= opp_safe:
            self.table[key] = False
            return False
        if len(my_tiles) - opp_safe < 3:
            used = 0
            private = 0
            for t, union in opp_tiles:
                for mask in positions[t]:
                    if not (occ | used | my_seen) & mask:
                        used |= mask
                        private += 1
                        break
            if len(my_tiles) <= private:
                self.table[key] = False
                return False
        if not my_seen & opp_seen:
            # No more interaction: each side just packs its own tiles, and the
            # mover wins iff they can make more moves than the other.
            result = self._packing(occ, my_tiles) > self._packing(occ, opp_tiles)
            self.table[key] = result
            return result
        moves = []
        isolated = None
        for t, union in my_tiles:
            if not union & multi:
                # A tile nobody else can disturb is one spare move; all such
                # moves are equivalent, so one stands for them all.
                if isolated is None:
                    for mask in positions[t]:
                        if not occ & mask:
                            isolated = (t, mask)
                            break
                continue
            for mask in positions[t]:
                if not occ & mask:
                    order = ((mask & multi & my_seen).bit_count() - 2 * (mask & opp_seen).bit_count()
                             - 4 * (mask & opp_single).bit_count())
                    moves.append((order, t, mask))
        moves.sort()
        if isolated is not None:
            moves.append((0,) + isolated)
        for _, t, mask in moves:
            if not self._wins(occ | mask, opp_live, my_live & ~(1 << t)):
                self.table[key] = True
                return True
        self.table[key] = False
        return False

    def _packing(self, occ, tiles):
        """Most of ``tiles`` that fit on disjoint free positions."""
        key = 0
        seen = 0
        for t, union in tiles:
            key |= 1 << (TILE_SHIFT + t)
            seen |= union
        key |= seen
        known = self.packings.get(key)
        if known is not None:
            return known
        best = self._pack(occ, tiles, 0, 0)
        self.packings[key] = best
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
