"""Alpha-beta with iterative deepening, a time budget and a transposition table.

For any core.game.State. With more than two players it is paranoid: the
root seat maximises, every other seat minimises the root seat's value. The
game brings its evaluation: ``evaluate(state, root)`` scores a leaf for the
root seat, ``final(state, root)`` a finished game; ``children(state)`` may
filter or order the successors (default: all of them). Leaves are checked
for a finished game unless ``leaf_final`` is False (for games where asking
costs a search of every seat's moves: their ``evaluate`` must then do).
"""

from ...core.game import TERMINAL
from ..clock import now

INF = float("inf")
EXACT, LOWER, UPPER = 0, 1, 2


class TimeUp(Exception):
    """The budget ran out; the search keeps the last completed depth."""


class Budget:
    """A deadline read through ai/clock.now() (so the host can pause a search).

    ``seconds`` None means no limit, which makes a search repeatable anywhere.
    """

    def __init__(self, seconds):
        self.seconds = seconds
        self.deadline = INF if seconds is None else now() + seconds

    def check(self):
        if now() > self.deadline:
            raise TimeUp

    def remaining(self):
        """Seconds left (infinite without a limit)."""
        return self.deadline - now() if self.seconds is not None else INF


def all_children(state):
    successors = getattr(state, "successors", None)
    if successors is not None:
        return successors()
    return [(move, state.apply(move)) for move in state.legal_moves()]


class AlphaBeta:
    """Paranoid alpha-beta; ``width`` keeps the best few replies per inner node.

    Iterations up to ``full_width`` plies search every reply (so a deeper,
    narrower search never knows less than a shallow full one); deeper
    iterations keep the best ``width``.
    """

    def __init__(self, evaluate, final, children=all_children, width=None,
                 win=INF, table_size=200_000, leaf_final=True, full_width=0, memo=False):
        self.static = evaluate
        # memo: evaluations kept by (root, state.key()) until the table is cleared, since
        # every deepening iteration scores the last one's nodes again to order them.
        self.values = {} if memo else None
        self.full_width = full_width
        self.active_width = width
        self.leaf_final = leaf_final
        self.final = final
        self.children = children
        self.width = width
        self.win = win  # a value this large ends the deepening: the game is decided
        self.table = {}
        self.table_size = table_size
        self.nodes = 0
        self.depth = 0  # the last depth searched to the end
        self.root = None
        self.budget = None

    def evaluate(self, state, root):
        """A leaf's value: the game's evaluation, or its final value if it is over."""
        if self.leaf_final and state.current_player == TERMINAL:
            return self.final(state, root)
        if self.values is None:
            return self.static(state, root)
        key = (root, state.key())
        value = self.values.get(key)
        if value is None:
            value = self.values[key] = self.static(state, root)
        return value

    def _checked_evaluate(self, state):
        """A leaf's value within the budget (a node may have a hundred children to score,
        too long to check the time only once for all of them)."""
        self.budget.check()
        return self.evaluate(state, self.root)

    def clear(self):
        """Forgets the positions searched (the table and the memo)."""
        self.table.clear()
        if self.values is not None:
            self.values.clear()

    def search(self, state, budget, max_depth, rng=None, min_depth=1, growth=None):
        """(best move, its value, depth completed) by iterative deepening within ``budget``.

        ``growth``: stop deepening once less of the budget is left than
        ``growth`` times the last iteration took, since an iteration cut short
        by the budget is thrown away (a tree grows by its branching factor a ply).
        """
        best, best_value, _, depth = self._deepen(state, budget, max_depth, rng, min_depth, growth)
        return best, best_value, depth

    def judge(self, state, move, budget, max_depth, rng=None, min_depth=1, growth=None):
        """(best move, its value, the value of ``move``, depth completed), deepened as
        ``search`` does. ``move`` (one of ``state``'s legal moves, searched even where
        ``children`` leaves it out) goes first at every depth, with a full window, so
        its value is as exact as the best one's: what a review compares."""
        return self._deepen(state, budget, max_depth, rng, min_depth, growth, move)

    def _deepen(self, state, budget, max_depth, rng, min_depth, growth, pinned=None):
        self.root = state.current_player
        self.budget = budget
        self.nodes = 0
        self.depth = 0
        if len(self.table) > self.table_size:
            self.clear()
        ranked = [(self.evaluate(child, self.root), rng.random() if rng else 0.0, move, child)
                  for move, child in self.children(state)]
        if pinned is not None and not any(r[2] == pinned for r in ranked):
            child = state.apply(pinned)
            ranked.append((self.evaluate(child, self.root), 0.0, pinned, child))
        ranked.sort(key=lambda r: (-r[0], r[1]))
        best, best_value = ranked[0][2], ranked[0][0]
        pinned_value = None
        if pinned is not None:
            ranked.sort(key=lambda r: r[2] != pinned)  # stable: the rest keep their order
            pinned_value = ranked[0][0]
        for depth in range(min_depth, max_depth + 1):
            self.active_width = None if depth <= self.full_width else self.width
            started = now()
            try:
                best_value, best, first_value = self._root_search(ranked, depth)
            except TimeUp:
                break
            self.depth = depth
            if pinned is not None:
                pinned_value = first_value
            # The best move first next time (after the pinned one).
            ranked.sort(key=lambda r: (pinned is None or r[2] != pinned, r[2] != best))
            if abs(best_value) >= self.win:
                break
            if growth is not None and budget.remaining() < growth * (now() - started):
                break
        return best, best_value, pinned_value, self.depth

    def _root_search(self, ranked, depth):
        """(best value, best move, the first move's value: exact, its window was full)."""
        alpha = -INF
        best = ranked[0][2]
        first = None
        for _, _, move, child in ranked:
            value = self.value(child, depth - 1, alpha, INF)
            if first is None:
                first = value
            if value > alpha:
                alpha, best = value, move
        return alpha, best, first

    def ordered(self, children, depth, maximize):
        """[(index in the given order, child)], best first for the seat to act, at most ``width``."""
        indexed = list(enumerate(children))
        if depth >= 2 and len(children) > 1:
            scored = [(self._checked_evaluate(c), i) for i, c in indexed]
            scored.sort(key=lambda r: (-r[0], r[1]) if maximize else (r[0], r[1]))
            indexed = [(i, children[i]) for _, i in scored]
        if self.active_width is not None:
            indexed = indexed[:self.active_width]
        return indexed

    def value(self, state, depth, alpha, beta):
        """The root seat's value of ``state`` searched ``depth`` plies deep."""
        self.nodes += 1
        self.budget.check()
        if depth <= 0:
            return self.evaluate(state, self.root)
        player = state.current_player
        if player == TERMINAL:
            return self.final(state, self.root)
        maximize = player == self.root
        if depth == 1:
            return self.best_leaf([c for _, c in self.children(state)], maximize, alpha, beta)
        return self.bounded((self.root, state.key()), depth, alpha, beta, maximize,
                            lambda: self.ordered([c for _, c in self.children(state)], depth, maximize),
                            self.value)

    def best_leaf(self, children, maximize, alpha, beta):
        """One ply from the leaves: the best static value for the seat to act (no width
        cut is needed: the best child is the best of any kept few)."""
        value = -INF if maximize else INF
        for child in children:
            self.nodes += 1
            v = self._checked_evaluate(child)
            if maximize:
                if v > value:
                    value = v
                    if value >= beta:
                        break
            elif v < value:
                value = v
                if value <= alpha:
                    break
        return value

    def bounded(self, key, depth, alpha, beta, maximize, make_children, next_value):
        """Alpha-beta over the children, through the transposition table.

        ``make_children()`` gives [(static index, child)]; the table remembers
        each node's bound and its best child (searched first next time).
        """
        entry = self.table.get(key)
        first = None
        if entry is not None:
            e_depth, e_value, e_flag, first = entry
            if e_depth >= depth and (e_flag == EXACT or (e_flag == LOWER and e_value >= beta)
                                     or (e_flag == UPPER and e_value <= alpha)):
                return e_value
        children = make_children()
        if first is not None:
            for pos, (i, _) in enumerate(children):
                if i == first:
                    children.insert(0, children.pop(pos))
                    break
        low, high = alpha, beta
        best_index = None
        value = -INF if maximize else INF
        for i, child in children:
            v = next_value(child, depth - 1, alpha, beta)
            if maximize and v > value:
                value, best_index = v, i
                alpha = max(alpha, v)
            elif not maximize and v < value:
                value, best_index = v, i
                beta = min(beta, v)
            if alpha >= beta:
                break
        flag = UPPER if value <= low else LOWER if value >= high else EXACT
        self.table[key] = (depth, value, flag, best_index)
        return value
