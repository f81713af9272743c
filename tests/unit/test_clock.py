"""ai.clock: wall time by default, this process's CPU time on request."""

import time

from spielstube.ai import clock


def test_cpu_clock_ignores_sleeping():
    clock.use_cpu_time()
    try:
        start = clock.now()
        time.sleep(0.05)
        slept = clock.now() - start
    finally:
        clock.use_cpu_time(False)
    assert slept < 0.02


def test_wall_clock_counts_sleeping():
    start = clock.now()
    time.sleep(0.05)
    assert clock.now() - start >= 0.045


def test_the_time_spent_in_the_pause_hook_is_not_the_searchs(monkeypatch):
    """A host that takes 0.3 s to serve an intent (or to ask the service worker for
    them) costs a search with a budget none of it: now() leaves the hook's time out."""
    fake = [100.0]
    monkeypatch.setattr(clock, "_perf", lambda: fake[0])

    def slow_host():
        fake[0] += 0.3

    clock.set_pause_hook(slow_host)
    try:
        start = clock.now()
        fake[0] += clock.PAUSE_EVERY  # the search works until a pause is due
        during = clock.now()  # the hook runs here
        fake[0] += 0.01
        after = clock.now()
        reported = clock.unpaused()
    finally:
        clock.set_pause_hook(None)
    assert fake[0] - 100.0 > 0.3  # the hook did take its time
    assert round(during - start, 6) == round(clock.PAUSE_EVERY, 6)
    assert round(after - start, 6) == round(clock.PAUSE_EVERY + 0.01, 6)
    assert reported == after
