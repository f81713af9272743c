"""What the driver asks of the host between intents: the computer's turns and the
analyses that run while no computer is to move (host/driver.py owns time and slicing).

The host owns one ``Turns`` (``host.turns``) and hands it what it reads: the games
held, the game shown, the random source, the analyst, and the call that makes a
pushed view in its page's form. It never answers an intent.
"""

import json

from ..ai.agent import make_agent
from ..core import pause
from ..core.errors import IllegalMove, RecordError, SpielstubeError
from ..core.limits import MAX_MOVES
from ..core.rng import Rng
from . import games, jobs
from .seats import level_of


class Think:
    """A computer turn asked for: valid while its slot's epoch is unchanged."""

    def __init__(self, slot, seat, level, seed):
        self.game = slot.game
        self.epoch = slot.epoch
        self.seat = seat
        self.level = level
        self.state = slot.state
        self.options = slot.session.options
        self.seed = seed
        self.depth = None  # set when the computer has decided


class Turns:
    def __init__(self, slots, active, rng, analyst, pushed_view, suggester=None, reviewer=None):
        """``slots``: the host's games by name (read only); ``active()``: the game the page
        shows; ``pushed_view(slot, **extra)``: the view message pushed to its page;
        ``suggester``: the host's host.suggest.Suggester; ``reviewer``: its host.review.Reviewer."""
        self.slots = slots
        self._active = active
        self.rng = rng
        self.analyst = analyst
        self.suggester = suggester
        self.reviewer = reviewer
        self.pushed_view = pushed_view
        self._agents = {}  # (game, level, options) -> the computer player, built once

    @property
    def active(self):
        return self._active()

    # -- analyses (called by the driver when no computer is to move) ------------------
    def next_job(self):
        job = self.analyst.job
        return job if job is not None and self.job_current(job) else None

    def job_current(self, job):
        slot = self.slots.get(job.game)
        return (self.analyst.job is job and slot is not None and self.active == job.game
                and slot.version == job.version
                and (slot.computer_to_act() is None or slot.paused or slot.stuck is not None))

    def run_job(self, job, post=None):
        """The pushed result of ``job`` (ThinkCancelled may unwind it, see driver);
        ``post`` gets its progress messages meanwhile (host/jobs.py)."""
        result = self.analyst.compute(job, post)
        if self.analyst.job is job:
            self.analyst.job = None
        return [jobs.message(job, "done", result)] if self.job_current_after(job) else []

    def job_current_after(self, job):
        slot = self.slots.get(job.game)
        return slot is not None and slot.version == job.version

    # -- suggestions (called by the driver when no computer is to move) ---------------
    def next_suggestion(self):
        job = self.suggester.job if self.suggester is not None else None
        return job if job is not None and self.suggestion_current(job) else None

    def suggestion_current(self, job):
        slot = self.slots.get(job.game)
        return (self.suggester.job is job and slot is not None and self.active == job.game
                and slot.version == job.version)

    def run_suggestion(self, job):
        """The pushed suggestion of ``job`` (ThinkCancelled may unwind it, as a think's)."""
        move = self.compute(job)
        if not self.suggestion_current(job):
            return []
        return [self.suggester.finish(job, move, self.slots[job.game].rules)]

    # -- reviews (called by the driver when nothing else is to do) -------------------
    def next_review(self):
        """The review to work on now: kept while its game is not shown (it goes on when it
        is again), dropped once its version went."""
        job = self.reviewer.job if self.reviewer is not None else None
        if job is None:
            return None
        slot = self.slots.get(job.game)
        if slot is None or slot.version != job.version:
            self.reviewer.stop()
            return None
        return job if self.review_current(job) else None

    def review_current(self, job):
        slot = self.slots.get(job.game)
        return (self.reviewer.job is job and slot is not None and self.active == job.game
                and slot.version == job.version)

    # -- computer turns (called by the driver) -------------------------------------
    def next_think(self):
        """The computer turn to work on now, or None (also at the move cap: no move may follow)."""
        slot = self.slots.get(self.active)
        if slot is None or slot.stuck is not None or slot.paused:
            return None
        seat = slot.computer_to_act()
        if seat is None:
            return None
        return Think(slot, seat, level_of(slot.session.seats[seat]), self.rng.next_u64())

    def is_current(self, think):
        slot = self.slots.get(think.game)
        return (slot is not None and self.active == think.game and slot.epoch == think.epoch
                and not slot.paused)

    def compute(self, think):
        """The computer's move, decided from its own view only (the true state completes it)."""
        agent = self._agent(think.game, think.level, think.options)
        rng = Rng(think.seed)
        decision = think.state.determinize(think.seat, rng)
        pause.beat()
        move = agent.choose_move(decision, rng)
        think.depth = getattr(agent, "depth", None)  # plies a search completed (searching levels)
        return move

    @staticmethod
    def _agent_key(game, level, options):
        return game, level, json.dumps(options, sort_keys=True)

    def _agent(self, game, level, options):
        key = self._agent_key(game, level, options)
        agent = self._agents.get(key)
        if agent is None:
            # Importing a game's computer the first time and building it run through with the
            # worker's event loop blocked and before the search's clock: say the host lives.
            pause.beat()
            agent = self._agents[key] = make_agent(game, level, options)
            pause.beat()
        return agent

    def warm_up(self):
        """While nothing else is due (a person's turn): builds one computer player of the
        active game not built yet, so that its first move does not pay for importing its
        modules (some 50 ms of Pyodide CPU inside the think). -> True if it built one."""
        slot = self.slots.get(self.active)
        if slot is None or slot.paused or slot.lesson is not None:  # a lesson's seats never think
            return False
        options = slot.session.options
        for spec in slot.session.seats:
            level = level_of(spec)
            if level is None or self._agent_key(slot.game, level, options) in self._agents:
                continue
            try:
                self._agent(slot.game, level, options)
            except Exception:  # noqa: BLE001 (the think reports it when it comes: nothing to build ahead)
                return False
            return True
        return False

    def show_seconds(self, think):
        slot = self.slots[think.game]
        pace = None
        if slot.watching():
            pace = games.WATCH_SECONDS if slot.pace is None else slot.pace
        return games.show_seconds(slot.rules, think.state, slot.skipped, pace,
                                  chosen=slot.watching() and slot.pace is not None)

    def finish(self, think, move, think_ms):
        """Plays a finished think's move if its position is still current; the pushed view."""
        if not self.is_current(think):
            return []
        slot = self.slots[think.game]
        if len(slot.session.moves) >= MAX_MOVES:  # next_think asks none there; kept as a guard
            return self.fail(think, RecordError(f"a game may have at most {MAX_MOVES:,} moves"))
        try:
            slot.session.play(move)
        except IllegalMove as exc:
            return self.fail(think, exc)
        slot.changed()
        return [self.pushed_view(slot, think_ms=round(think_ms, 1), think_depth=think.depth)]

    def fail(self, think, exc):
        """A computer move that could not be made: the game waits for "computer-again"."""
        if not self.is_current(think):
            return []
        slot = self.slots[think.game]
        slot.stuck = f"{type(exc).__name__}: {exc}" if not isinstance(exc, SpielstubeError) else str(exc)
        slot.changed()
        return [self.pushed_view(slot)]
