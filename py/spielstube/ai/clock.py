"""The one clock every search reads, so a host can serve its event loop while
a computer thinks.

Searches call ``now()`` wherever they check their time budget (every few
hundred nodes). Under CPython nothing else happens. The worker's host
installs a hook with ``set_pause_hook``: ``now()`` then calls it at most every
``PAUSE_EVERY`` seconds; the hook lets pending messages through (in the
browser by suspending the Python stack, JSPI, or by asking the service
worker for them) and raises ``ThinkCancelled`` when the position being
searched is gone, which unwinds the search. The time spent in the hook is
not the search's: ``now()`` leaves it out, so a budget buys the same search
however long the host takes to serve meanwhile (slicing never weakens it).

Benchmarks on a shared machine may call ``use_cpu_time()`` (``selfplay
--cpu-clock``, or ``SPIELSTUBE_CLOCK=cpu`` in the environment): budgets then
count this process's CPU seconds, so a search does the same work however many
other processes share the cores; strength measured that way matches a quiet
machine's wall-clock budgets.
"""

import os
import time

PAUSE_EVERY = 0.04

_perf = time.process_time if os.environ.get("SPIELSTUBE_CLOCK") == "cpu" else time.perf_counter
_hook = None
_next_pause = 0.0
_paused = 0.0  # seconds spent in the hook so far, left out of now()


class ThinkCancelled(Exception):
    """The search's position was taken back or replaced while it thought."""


def now():
    """Seconds (perf_counter, or CPU seconds after use_cpu_time) less the time spent in
    the pause hook; may pause for the host and raise ThinkCancelled."""
    global _next_pause, _paused
    t = _perf()
    if _hook is not None and t >= _next_pause:
        _hook()
        resumed = _perf()
        _paused += resumed - t
        t = resumed
        _next_pause = t + PAUSE_EVERY
    return t - _paused


def unpaused():
    """What ``now()`` would return, without calling the hook (a report made from inside it)."""
    return _perf() - _paused


def set_pause_hook(hook):
    """Installs (or, with None, removes) the host's pause hook."""
    global _hook, _next_pause
    _hook = hook
    _next_pause = _perf() + PAUSE_EVERY


def use_cpu_time(on=True):
    """Budgets count this process's CPU time (True) or wall time (False)."""
    global _perf
    _perf = time.process_time if on else time.perf_counter


def seconds_source():
    """The function budgets read: time.perf_counter, or time.process_time after use_cpu_time."""
    return _perf
