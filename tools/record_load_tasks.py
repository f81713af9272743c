"""Main-thread tasks while the page loads a finished record (issue 7: none over 50 ms).

The records are made under CPython by the real host, so no game has to be watched
in the page first: a finished four-player Schlangennest game (computers only,
60-70 moves) and, with ``--cap``, the Topologic record at the move cap. Each run
opens the game in a fresh context, calls ``window.spielstube.load`` traced
(tools/frame_play_metrics.load_record) and reports every main-thread task over
50 ms of wall or CPU time, as (wall ms, CPU ms). CPU time barely grows with the
machine's load; wall time does, so report the load with it.

Usage: CHROMIUM=/usr/bin/chromium SPIELSTUBE_DIST=dist PYTHONPATH=py:tools:tests/unit \\
       python tools/record_load_tasks.py [runs] [--cap]
"""

import json
import sys

from cap_load_metrics import MAX_MOVES, each_run, stretched_topologic
from frame_play_metrics import load_record
from snake_redraw_mpy import host_views


def schlangennest_record():
    _early, late = host_views()
    return late["record"]


def cap_record():
    return json.dumps(stretched_topologic(MAX_MOVES))


def main(runs=5, cap=False):
    game, record = ("topologic", cap_record()) if cap else ("schlangennest", schlangennest_record())

    def one(browser, base):
        context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
        try:
            return load_record(context, base, game, record)
        finally:
            context.close()

    rows = each_run(runs, one)
    longest_cpu = [max([cpu for _wall, cpu in row["traced_tasks"]] or [0]) for row in rows]
    print(game, "moves", rows[0]["moves"], "longest task CPU ms per run", longest_cpu)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(int(args[0]) if args else 5, "--cap" in sys.argv)
