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
