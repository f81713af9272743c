"""Analyses the page asks for (intent ``analyse``), worked on by the driver
when no computer is to move, in slices like a think (docs/host-protocol.md §7).

- Heptalion (2 players, open hands): the exact value for the player to move
  and every winning placement (ai.heptalion.analysis).
- The Heptalion puzzle: the most tiles the board takes ("best possible"),
  a placement reaching it, and the most still reachable from the position.

A job belongs to one version and position (``past``: a move index viewed, or
None): any change of the game drops it, and the page asks again for the new
view. The ai modules are imported only when a job runs.
"""

from ..ai import clock
from .refusal import Refusal

# The longest a job searches before it answers "unknown" (seconds of the host's clock).
JOB_SECONDS = 120.0
# Per table generation of the exact solver in the page (two kept, ~150 bytes each).
PAGE_TABLE_ENTRIES = 200_000
GAMES = ("heptalion", "heptalion-puzzle")
# A Heptalion job reports what it has decided so far at most this often (host clock seconds).
PROGRESS_EVERY = 0.25


class Job:
    def __init__(self, slot, past, asked):
        self.game = slot.game
        self.version = slot.version
        self.past = past
        self.asked = asked  # the id of the intent that asked for it
        self.state = slot.state if past is None else slot.session.states[past + 1]

    def key(self):
        return (self.game, self.version, self.past)


def check_analysable(game, state):
    """Refusal("host.no_analysis", reason) unless ``state`` can be analysed."""
    if game not in GAMES:
        raise Refusal("host.no_analysis", f"{game} has no analysis", reason="game")
    if game == "heptalion" and state.is_terminal():  # a finished puzzle still has its best
        raise Refusal("host.no_analysis", "the game is over", reason="over")
    if game == "heptalion":
        if state.num_players != 2:
            raise Refusal("host.no_analysis", "exact analysis needs 2 players", reason="players")
        if state.hidden:
            raise Refusal("host.no_analysis", "exact analysis needs open hands", reason="hidden")


def message(job, status, result=None, reply_to=None, progress=None):
    out = {"type": "analysis", "reply_to": reply_to, "asked": job.asked, "game": job.game,
           "version": job.version, "past": job.past, "state": status, "result": result}
    if progress is not None:
        out["progress"] = progress
    return out


class Throttle:
    """Passes a job's progress on to ``post`` at most every PROGRESS_EVERY seconds.

    Reads the clock without its pause hook: ``due`` is also asked from inside it."""

    def __init__(self, job, post):
        self.job = job
        self.post = post
        self.due = None

    def ready(self):
        return self.due is None or clock.seconds_source()() >= self.due

    def __call__(self, partial):
        if not self.ready():
            return
        self.due = clock.seconds_source()() + PROGRESS_EVERY
        self.post(message(self.job, "working", progress=partial))


class Analyst:
    """Holds the job asked for, the last result, and what later jobs reuse."""

    def __init__(self):
        self.job = None
        self.seconds = JOB_SECONDS
        self.done = None  # (key, result) of the last finished job
        self._exact = None  # ai.heptalion.analysis.Analysis, kept per board
        self._maxima = {}  # board rows -> (max, solution placements as JSON)
        self._progress = None  # the Throttle of the Heptalion job being computed

    def ask(self, slot, past, asked):
        """The answer to ``analyse``: the result at once if known, else "working"."""
        job = Job(slot, past, asked)
        check_analysable(job.game, job.state)
        if self.done is not None and self.done[0] == job.key():
            self.job = None
            return message(job, "done", self.done[1], reply_to=asked)
        self.job = job
        return message(job, "working", reply_to=asked)

    def stop(self):
        self.job = None

    def tick(self):
        """From the clock's pause hook while a job computes: the running Heptalion job's
        progress, so its count of positions searched moves during one long solver call."""
        progress, exact = self._progress, self._exact
        if progress is not None and exact is not None and progress.ready():
            partial = exact.snapshot()
            if partial is not None:
                progress(partial)

    def compute(self, job, post=None):
        """The job's result (ai.clock's pause hook may raise ThinkCancelled meanwhile);
        ``post(message)``, if given, gets "working" messages with a Heptalion job's progress."""
        deadline = clock.now() + self.seconds
        try:
            if job.game == "heptalion":
                progress = self._progress = Throttle(job, post) if post is not None else None
                result = self._exact_value(job.state, deadline, progress)
            else:
                result = self._puzzle(job.state, deadline)
        except clock.ThinkCancelled:
            self._exact = None  # a search unwound midway: its tables are not trusted again
            raise
        finally:
            self._progress = None
        self.done = (job.key(), result)
        return result

    def _exact_value(self, state, deadline, progress=None):
        if self._exact is None:
            from ..ai.heptalion.analysis import Analysis
            self._exact = Analysis(max_entries=PAGE_TABLE_ENTRIES)
        return self._exact.run(state, seconds=deadline - clock.now(), progress=progress)

    def _puzzle(self, state, deadline):
        from ..ai.heptalion.maximum import best_completion, maximum_placement
        from ..games.heptalion import RULES, TILES, Placement

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
