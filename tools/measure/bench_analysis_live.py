"""What the live count costs the search: Heptalion's analysis in CPython with
the page's pause hook calling ``Analyst.tick`` (a snapshot of the running
solver call, throttled as in the page) against a hook that does nothing,
alternating, in nodes per CPU second (docs/benchmarks.md, "Heptalion: the analysis panel").

Positions as tools/measure/bench_page_analysis.py makes them (fresh 2-player deals on
the original board, ``ply`` random placements); each run gets ``--cap`` CPU
seconds and the page's table size; the hook runs every clock.PAUSE_EVERY s.

  PYTHONPATH=py nice -n 10 python tools/measure/bench_analysis_live.py --positions 500:1,501:2,502:0 --cap 20 --repeats 2
"""

import argparse
import statistics
import sys
import os
import time

sys.path.insert(0, os.path.dirname(__file__))
from bench_page_analysis import session_after  # noqa: E402

from spielstube.ai import clock  # noqa: E402
from spielstube.host import jobs  # noqa: E402


class Slot:
    """What jobs.Job reads of a game slot."""

    def __init__(self, session):
        self.game, self.version, self.session, self.state = "heptalion", 1, session, session.state


def run(session, cap, live):
    """(nodes, CPU s, pushes, CPU s inside the hook) of one capped analysis, the hook
    ticking or idle."""
    analyst = jobs.Analyst()
    analyst.seconds = cap
    pushed = []
    inside = [0.0]

    def hook():
        start = time.process_time()
        if live:
            analyst.tick()
        inside[0] += time.process_time() - start

    clock.set_pause_hook(hook)
    try:
        start = time.process_time()
        result = analyst.compute(jobs.Job(Slot(session), None, 1), pushed.append)
        cpu = time.process_time() - start
    finally:
        clock.set_pause_hook(None)
    return result["nodes"], cpu, len(pushed), inside[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", default="500:1,501:2,502:0", help="seed:ply, comma-separated")
    parser.add_argument("--cap", type=float, default=20.0, help="CPU seconds a run")
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args()
    clock.use_cpu_time()
    print("| seed:ply | hook | runs | nodes/CPU s (each run) | pushes a run | CPU share inside the hook |")
    print("|---|---|---:|---|---:|---:|")
    ratios = []
    for text in args.positions.split(","):
        seed, ply = (int(x) for x in text.split(":"))
        session = session_after(seed, ply)
        rates = {False: [], True: []}
        pushes = {False: [], True: []}
        shares = {False: [], True: []}
        for _ in range(args.repeats):
            for live in (False, True):
                nodes, cpu, count, inside = run(session, args.cap, live)
                rates[live].append(nodes / cpu)
                pushes[live].append(count)
                shares[live].append(inside / cpu)
        for live in (False, True):
            print(f"| {seed}:{ply} | {'tick' if live else 'idle'} | {args.repeats} |"
                  f" {', '.join(f'{r:,.0f}' for r in rates[live])} | {statistics.fmean(pushes[live]):.0f} |"
                  f" {statistics.fmean(shares[live]) * 100:.2f} % |", flush=True)
        ratios.extend(t / i for t, i in zip(rates[True], rates[False]))
    mean = statistics.fmean(ratios)
    half = 1.96 * statistics.stdev(ratios) / len(ratios) ** 0.5 if len(ratios) > 1 else float("nan")
    print(f"\ntick / idle nodes per CPU s, paired runs: mean {mean:.3f} [{mean - half:.3f}-{mean + half:.3f}]"
          f" over {len(ratios)} pairs")


if __name__ == "__main__":
    main()
