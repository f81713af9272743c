"""Heptalion's jobs for the host (ai/jobs.py): the analysis of both games on a
Heptalion board.

- ``heptalion`` (2 players, open hands): the exact value for the player to
  move and every winning placement (analysis.py), with its progress.
- ``heptalion-puzzle``: the most tiles the board takes ("best possible"), a
  placement reaching it, and the most still reachable from the position
  (maximum.py).

The searches are imported when a job first runs, not with this module.
"""

from ..jobs import ANALYSE, JobWorker

CAPABILITIES = (ANALYSE,)
# Per table generation of the exact solver in the page (two kept, ~150 bytes each).
PAGE_TABLE_ENTRIES = 200_000


class ExactAnalyst(JobWorker):
    """The exact value of a 2-player open-hands position; its solver is kept per board."""

    def __init__(self):
        self._exact = None  # analysis.Analysis

    def refusal(self, state):
        if state.is_terminal():
            return "over", "the game is over"
        if state.num_players != 2:
            return "players", "exact analysis needs 2 players"
        if state.hidden:
            return "hidden", "exact analysis needs open hands"
        return None

    def run(self, state, deadline, progress=None):
        from .. import clock

        if self._exact is None:
            from .analysis import Analysis
            self._exact = Analysis(max_entries=PAGE_TABLE_ENTRIES)
        return self._exact.run(state, seconds=deadline - clock.now(), progress=progress)

    def snapshot(self):
        return None if self._exact is None else self._exact.snapshot()

    def cancelled(self):
        self._exact = None  # a search unwound midway: its tables are not trusted again


class PuzzleAnalyst(JobWorker):
    """The puzzle's best possible and what the position can still reach; a finished
    puzzle still has its best."""

    def __init__(self):
        self._maxima = {}  # board rows -> (max, proven, solution placements as JSON)

    def run(self, state, deadline, progress=None):
        from ...games.heptalion import RULES, TILES, Placement
        from .maximum import best_completion, maximum_placement

        def as_json(placements):
            return [RULES.move_to_json(p) for p in placements]

        rows = tuple(state.board.rows)
        known = self._maxima.get(rows)
        if known is None:
            best = maximum_placement(state.board, deadline=deadline)
            cells = state.board.cells
            solution = [Placement(TILES[t], (cells[a], cells[b])) for t, a, b in best.placements]
            known = (best.max, best.proven, as_json(solution))
            if best.proven:
                self._maxima = {rows: known}  # one board at a time is enough
        best_max, proven, solution = known
        here = best_completion(state, deadline=deadline)
        if here.proven and here.max == best_max:
            solution = as_json(here.placements)  # the placements made stay in it
        return {"max": best_max, "proven": proven, "reachable": here.max,
                "reachable_proven": here.proven, "placed": len(state.placed), "solution": solution}


WORKERS = {"heptalion": ExactAnalyst, "heptalion-puzzle": PuzzleAnalyst}


def make_worker(game, capability):
    """The analyst of ``game`` (ai/jobs.py)."""
    if capability != ANALYSE or game not in WORKERS:
        return None
    return WORKERS[game]()
