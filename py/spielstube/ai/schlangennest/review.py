"""Schlangennest's reviewer (ai/review.py): the strong level's estimate before
and after each move.

The strong level's search (agents.py: its evaluation, width and deepening)
runs from the position before the move with the budget per move, the move
played searched first at every depth (ai/search AlphaBeta.judge), so both
figures come from the same search: ``before``, the mover's value with the
best move found, and ``after``, with the move played. A value is the mover's
score (length plus the room ahead) minus the best rival's, in snake parts; a
decided game adds or takes 1000. The move is marked by what it gave up,
``lost`` = before - after (``THRESHOLDS``): up to 0.5 ``best``, up to 2
``good``, up to 5 ``mistake``, more a ``blunder`` (only a ``mistake`` when
the search found the game lost before the move); a move not marked best
shows the search's choice in ``better``.
"""

import gc

from ...core.rng import Rng
from ..review import GameReviewer
from ..search import Budget
from .agents import STRONG_GROWTH, STRONG_MAX_DEPTH, WIN_SCORE, make_agent

# Snake parts given up (the strong level's estimate) up to which a move is best,
# good, a mistake; more is a blunder.
THRESHOLDS = (("best", 0.5), ("good", 2.0), ("mistake", 5.0))
LOST = WIN_SCORE / 2  # a value this low: the search found the game lost whatever the mover does


class SchlangennestReviewer(GameReviewer):
    def __init__(self, options):
        self.engine = make_agent("strong", options).engine

    def review(self, rules, states, moves, indices, seconds):
        for index in indices:
            yield (index,) + self.judge(rules, states[index], states[index + 1], seconds, index)

    def judge(self, rules, before, after, seconds, index):
        """(mark, better, detail) of the move that led from ``before`` to ``after``."""
        root = before.uncached()  # the search's states do not stay on the record's
        played = next(move for move, child in root.successors() if child.key() == after.key())
        budget = Budget(seconds)
        enabled = gc.isenabled()
        gc.disable()  # many short-lived states, no cycles (as agents.SearchAgent)
        try:
            best, best_value, value, depth = self.engine.judge(
                root, played, budget, STRONG_MAX_DEPTH, Rng(f"schlangennest/review/{index}"),
                min_depth=2, growth=STRONG_GROWTH)
        finally:
            self.engine.clear()
            if enabled:
                gc.enable()
        lost = max(0.0, best_value - value)
        mark = next((name for name, limit in THRESHOLDS if lost <= limit), "blunder")
        if mark == "blunder" and best_value <= -LOST:
            mark = "mistake"  # the game was already lost: a move cannot throw it away
        detail = {"judge": "strong", "before": round(best_value, 2), "after": round(value, 2),
                  "lost": round(lost, 2), "depth": depth}
        better = [] if mark == "best" else [rules.move_json_of(root, best)]
        return mark, better, detail


def make_reviewer(options):
    return SchlangennestReviewer(options)
