"""The one clock every search reads, so a host can serve its event loop while
a computer thinks.

Searches call ``now()`` wherever they check their time budget (every few
hundred nodes). Under CPython nothing else happens. The worker's host
installs a hook with ``set_pause_hook``: ``now()`` then calls it at most every
``PAUSE_EVERY`` seconds; the hook lets pending messages through (in the
browser by suspending the Python stack, JSPI) and raises ``ThinkCancelled``
when the position being searched is gone, which unwinds the search.

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


class ThinkCancelled(Exception):
    """The search's position was taken back or replaced while it thought."""


def now():
    """Seconds (perf_counter, or CPU seconds after use_cpu_time); may pause for the host and raise ThinkCancelled."""
    global _next_pause
    t = _perf()
    if _hook is not None and t >= _next_pause:
        _hook()
        t = _perf()
        _next_pause = t + PAUSE_EVERY
    return t


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
