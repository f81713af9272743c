"""Forced wins for 3-4 player Heptalion: the paranoid proof search.

A seat has a forced win when it is the last one left however the others
play, as if they all played against it together (the paranoid assumption).
That is an AND/OR search: some own move must win, every move of another
player must still leave a win. It only runs until the first elimination
that leaves two players: from there the 2-player solver (solver.py) decides
the duel exactly, mostly from its bounds at once. A forced win found this
way wins against any opponents, so a player may play it without further
thought; a failed proof says nothing (the others do not really cooperate).
"""

from ...core.game import TERMINAL
from .. import clock
from .multi import advance
from .position import moves_of
from .solver import OutOfBudget


class ParanoidSolver:
    """Proves forced wins of seat ``me``; the table (keyed by the exact
    position) is kept between calls on one board, as its results stay true."""

    def __init__(self, positions, duel_solver, max_entries=200_000):
        self.positions = positions
        self.duel = duel_solver  # a solver.Solver of the same board
        self.table = {}
        self.max_entries = max_entries
        self.nodes = 0
        self._limit = 0
        self._deadline = None

    def forced_win(self, occ, hands, alive, me, node_budget=None, deadline=None):
        """A winning (tile, field mask) for ``me``, the seat to move; False
        when there is none; None when ``node_budget`` nodes or the
        ``deadline`` (clock.now) came first."""
        seat = me
        self._begin(node_budget, deadline)
        try:
            for t, mask in self._ordered(occ, hands, seat, me):
                after = list(hands)
                after[seat] &= ~(1 << t)
                a = list(alive)
                nxt = advance(occ | mask, after, a, seat, self.positions)
                if self._wins(occ | mask, after, a, nxt, me):
                    return t, mask
            return False
        except OutOfBudget:
            return None

    def forces(self, occ, hands, alive, seat, player, node_budget=None, deadline=None):
        """Whether ``player`` is the last one left against any play from this
        position with ``seat`` to move (True/False), None when the budget
        ran out first."""
        self._begin(node_budget, deadline)
        try:
            return self._wins(occ, list(hands), list(alive), seat, player)
        except OutOfBudget:
            return None

    def _begin(self, node_budget, deadline):
        self.nodes = 0
        self._limit = node_budget if node_budget is not None else 1 << 62
        self._deadline = deadline
        if len(self.table) > self.max_entries:
            self.table.clear()

    def _ordered(self, occ, hands, seat, me):
        """The mover's moves, those covering the most fields of the side it
        plays against first (the other players' fields for ``me``, ``me``'s
        fields for the others)."""
        positions = self.positions
        target = 0
        for p, hand in enumerate(hands):
            if (p == me) != (seat == me):
                while hand:
                    low = hand & -hand
                    hand ^= low
                    for mask in positions[low.bit_length() - 1]:
                        if not occ & mask:
                            target |= mask
        moves = moves_of(occ, hands[seat], positions)
        moves.sort(key=lambda move: -(move[1] & target).bit_count())
        return moves

    def _wins(self, occ, hands, alive, seat, me):
        """Whether ``me`` is the last one left from here against any play."""
        if seat == TERMINAL:
            return alive[me]
        if not alive[me]:
            return False
        left = alive.count(True)
        if left == 2:
            other = next(p for p, a in enumerate(alive) if a and p != seat)
            won = self.duel.decide(occ, hands[seat], hands[other], 10_000)
            if won is None:
                raise OutOfBudget()
            return won == (seat == me)
        self.nodes += 1
        if self.nodes > self._limit:
            raise OutOfBudget()
        if self.nodes & 255 == 0 and self._deadline is not None and clock.now() > self._deadline:
            raise OutOfBudget()
        key = (occ, tuple(hands), seat, tuple(alive), me)
        known = self.table.get(key)
        if known is not None:
            return known
        mine = seat == me
        result = not mine
        for t, mask in self._ordered(occ, hands, seat, me):
            after = list(hands)
            after[seat] &= ~(1 << t)
            a = list(alive)
            nxt = advance(occ | mask, after, a, seat, self.positions)
            if self._wins(occ | mask, after, a, nxt, me) == mine:
                result = mine
                break
        self.table[key] = result
        return result
