"""Analyses the page asks for (intent ``analyse``), worked on by the driver
when no computer is to move, in slices like a think (docs/host-protocol.md §7).

The host asks by capability: ai/jobs.py's registry gives the game's worker
for ``analyse`` (None: the game has none, refused with ``host.no_analysis``),
and the worker says which positions it takes, computes the result and, while
it works, its progress. Workers are kept per game, so what one proved serves
its next job.

A job belongs to one version and position (``past``: a move index viewed, or
None): any change of the game drops it, and the page asks again for the new
view. The ai modules are imported only when a job runs.
"""

from ..ai import clock
from ..ai import jobs as ai_jobs
from .refusal import Refusal

# The longest a job searches before it answers "unknown" (seconds of the host's clock).
JOB_SECONDS = 120.0
# A job reports what it has decided so far at most this often (host clock seconds).
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
    """Holds the job asked for, the last result, and each game's worker."""

    def __init__(self):
        self.job = None
        self.seconds = JOB_SECONDS
        self.done = None  # (key, result) of the last finished job
        self._workers = {}  # game -> its ai.jobs.JobWorker for analyse (None: it has none)
        self._running = None  # the worker of the job being computed
        self._progress = None  # the Throttle of the job being computed

    def worker(self, game):
        """The game's analysis worker, made once; Refusal("host.no_analysis") if it has none."""
        if game not in self._workers:
            self._workers[game] = ai_jobs.make_worker(game, ai_jobs.ANALYSE)
        worker = self._workers[game]
        if worker is None:
            raise Refusal("host.no_analysis", f"{game} has no analysis", reason="game")
        return worker

    def ask(self, slot, past, asked):
        """The answer to ``analyse``: the result at once if known, else "working"."""
        job = Job(slot, past, asked)
        why = self.worker(job.game).refusal(job.state)
        if why is not None:
            reason, text = why
            raise Refusal("host.no_analysis", text, reason=reason)
        if self.done is not None and self.done[0] == job.key():
            self.job = None
            return message(job, "done", self.done[1], reply_to=asked)
        self.job = job
        return message(job, "working", reply_to=asked)

    def stop(self):
        self.job = None

    def tick(self):
        """From the clock's pause hook while a job computes: the running job's progress
        (its worker's snapshot), so that what it decided moves during one long search call."""
        progress, worker = self._progress, self._running
        if progress is not None and worker is not None and progress.ready():
            partial = worker.snapshot()
            if partial is not None:
                progress(partial)

    def compute(self, job, post=None):
        """The job's result (ai.clock's pause hook may raise ThinkCancelled meanwhile);
        ``post(message)``, if given, gets "working" messages with the job's progress."""
        deadline = clock.now() + self.seconds
        worker = self.worker(job.game)
        self._running = worker
        self._progress = Throttle(job, post) if post is not None else None
        try:
            result = worker.run(job.state, deadline, self._progress)
        except clock.ThinkCancelled:
            worker.cancelled()
            raise
        finally:
            self._progress = None
            self._running = None
        self.done = (job.key(), result)
        return result
