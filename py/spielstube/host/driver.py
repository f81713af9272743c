"""Runs the host: intents in, messages out, and the computer's turns in
slices so that the host keeps answering while a computer thinks.

While a search runs, ai.clock calls the pause hook every few tens of
milliseconds; the hook serves the intents waiting (``take_intents``: in the
worker it first lets the event loop run, JSPI) and raises ThinkCancelled when
the think's position is gone (undo, new game, load, pause), which unwinds the
search. A finished move is held until it may show (at least MIN_SHOW_SECONDS
after it was asked, longer for a watched pace) and dropped if its position
went meanwhile. Without a pause hook (no JSPI) the same flow runs unsliced:
intents wait for the think to end, and a stale result is still dropped.
"""

import json
import time

from ..ai import clock
from ..core import pause
from . import review
from .host import Host


# Without a pause hook an analysis blocks the host: it answers "unknown" after this long.
UNSLICED_JOB_SECONDS = 3.0
# While Python works the worker's event loop (and its JS heartbeat) stands still, so the
# host says it is alive itself, at most this often, from its long work: the search's
# clock, core.pause points and the replay's beats (the page restarts a silent host).
ALIVE_EVERY = 0.5


class PendingMove:
    def __init__(self, think, move, think_ms, asked_at):
        self.think = think
        self.move = move
        self.think_ms = think_ms
        self.asked_at = asked_at


class Driver:
    def __init__(self, post, host=None, take_intents=None, now=time.monotonic, sliced=True, beat=None,
                 beat_clock=time.monotonic):
        """``post(message)`` sends one message (a dict); ``take_intents()`` returns the
        intents (JSON texts) that arrived meanwhile, for the pause hook; ``beat()`` tells
        the page the host is alive (ALIVE_EVERY, by ``beat_clock``)."""
        self.host = host if host is not None else Host()
        self.turns = self.host.turns  # computer turns and analyses, asked between intents
        self.post = post
        self.take_intents = take_intents
        self.now = now
        self.sliced = sliced and take_intents is not None
        self.beat = beat
        self.beat_clock = beat_clock
        self._beat_at = None
        # Sliced, the hook serves intents; unsliced it can only say the host is alive.
        self._hook = self._pause if self.sliced else self.alive
        pause.set_beat(self.alive)
        self.pending = None
        self.thinking = None  # the Think being searched, while a search runs
        self._serving = False  # serve() is running (no nested serving)
        # Long work inside an intent (a perfect board) reads the clock through
        # core.pause, so the host answers meanwhile as it does while thinking.
        pause.set_hook(clock.now)
        self.analysing = None  # the analysis job being searched (host/jobs.py)
        self.suggesting = None  # the suggestion being thought (host/suggest.py)
        self.reviewing = None  # the review being made (host/review.py)
        if not self.sliced:  # nothing is answered while it runs: keep it short
            self.host.analyst.seconds = UNSLICED_JOB_SECONDS
            self.host.reviewer.seconds = review.UNSLICED_REVIEW_SECONDS

    def alive(self):
        """Tells the page the host is alive, at most every ALIVE_EVERY seconds."""
        if self.beat is None:
            return
        t = self.beat_clock()
        if self._beat_at is None or t >= self._beat_at:
            self._beat_at = t + ALIVE_EVERY
            self.beat()

    def deliver(self, text):
        """One intent (JSON text) handled and answered; intents arriving while
        it is worked on are served from its long parts (core.pause)."""
        if self.thinking is None and not self._serving:
            clock.set_pause_hook(self._hook)
            try:
                self._deliver(text)
            finally:
                clock.set_pause_hook(None)
        else:
            self._deliver(text)

    def _deliver(self, text):
        try:
            intent = json.loads(text)
        except (TypeError, ValueError) as exc:
            self.post({"type": "error", "reply_to": None, "code": "host.bad_json",
                       "params": {"detail": str(exc)}, "message": "the intent is not JSON"})
            return
        for message in self.host.handle(intent):
            if self.thinking is not None:
                # Answered from inside a computer's search: shows that thinks run in slices.
                message = dict(message, during_think=True)
            elif self.analysing is not None:
                message = dict(message, during_analysis=True)
            self.post(message)

    def serve(self):
        """Handles the intents waiting (from the pause hook); False when called
        from inside serving (an intent's long work), which waits for the outer one."""
        if self._serving:
            return False
        self._serving = True
        try:
            for text in self.take_intents():
                self.deliver(text)
        finally:
            self._serving = False
        return True

    def _pause(self):
        self.alive()
        # Only the search itself is cancelled, never an intent served from its pause.
        if self.serve() and self.thinking is not None and not self.turns.is_current(self.thinking):
            raise clock.ThinkCancelled()
        if self.suggesting is not None and not self.turns.suggestion_current(self.suggesting):
            raise clock.ThinkCancelled()
        if self.reviewing is not None and not self.turns.review_current(self.reviewing):
            raise clock.ThinkCancelled()
        if self.analysing is not None:
            if not self.turns.job_current(self.analysing):
                raise clock.ThinkCancelled()
            self.host.analyst.tick()  # a long solver call's count moves meanwhile

    def step(self):
        """Does what is due; the seconds until something more is due, or None (wait for an intent)."""
        while True:
            pending = self.pending
            if pending is not None:
                if not self.turns.is_current(pending.think):
                    self.pending = None
                    continue
                # Read afresh: a "skip" or a new pace applies to a move already waiting.
                wait = pending.asked_at + self.turns.show_seconds(pending.think) - self.now()
                if wait > 0:
                    return wait
                self.pending = None
                for message in self.turns.finish(pending.think, pending.move, pending.think_ms):
                    self.post(message)
                continue
            think = self.turns.next_think()
            if think is not None:
                self._think(think)
                continue
            suggestion = self.turns.next_suggestion()
            if suggestion is not None:
                self._suggest(suggestion)
                continue
            job = self.turns.next_job()
            if job is not None:
                self._analyse(job)
                continue
            job = self.turns.next_review()
            if job is not None:
                self._review(job)
                continue
            if not self.turns.warm_up():
                return None

    def _analyse(self, job):
        """An analysis in slices, as a think; a job whose position went is dropped."""
        self._sliced("analysing", job, lambda: self.turns.run_job(job, self._post_progress),
                     self.host.analyst.stop)

    def _suggest(self, job):
        """A suggestion in slices, as a think; one whose position went is dropped."""
        self._sliced("suggesting", job, lambda: self.turns.run_suggestion(job), self.host.suggester.stop)

    def _review(self, job):
        """A review in slices, as a think; one whose game changed is dropped, one whose game
        is no longer shown starts again when it is."""
        self._sliced("reviewing", job, lambda: self.host.reviewer.run(job, self._post_review_progress),
                     self.host.reviewer.stop)

    def _post_review_progress(self, message):
        if self.turns.review_current(self.reviewing):
            self.post(message)

    def _sliced(self, name, job, run, stop):
        """Posts what ``run()`` answers for ``job`` (held in ``self.<name>`` meanwhile, so the
        pause hook serves intents and drops it when its position goes); a failure is reported
        and ``stop()`` drops the job: it must not stop the host."""
        setattr(self, name, job)
        clock.set_pause_hook(self._hook)
        try:
            messages = run()
        except clock.ThinkCancelled:
            return
        except Exception as exc:  # noqa: BLE001
            stop()
            messages = [{"type": "error", "reply_to": job.asked, "code": "host.internal",
                         "params": {"detail": f"{type(exc).__name__}: {exc}"}, "message": str(exc)}]
        finally:
            setattr(self, name, None)
            clock.set_pause_hook(None)
        for message in messages:
            self.post(message)

    def _post_progress(self, message):
        """A running job's progress, pushed only while its position is still the one shown."""
        if self.turns.job_current(self.analysing):
            self.post(message)

    def _think(self, think):
        started = self.now()
        self.thinking = think
        clock.set_pause_hook(self._hook)
        try:
            move = self.turns.compute(think)
        except clock.ThinkCancelled:
            return
        except Exception as exc:  # a failing computer must not stop the host
            for message in self.turns.fail(think, exc):
                self.post(message)
            return
        finally:
            self.thinking = None
            clock.set_pause_hook(None)
        think_ms = (self.now() - started) * 1000
        self.pending = PendingMove(think, move, think_ms, started)

    async def run(self, wait):
        """The worker's loop: ``await wait(seconds or None)`` returns the intents that
        arrived (JSON texts) when one arrives or the time is up."""
        while True:
            delay = self.step()
            for text in await wait(delay):
                self.deliver(text)
