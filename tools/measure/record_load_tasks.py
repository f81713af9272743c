"""Main-thread tasks while the page loads a finished record (issue 7: none over 50 ms).

The records are made under CPython by the real host, so no game has to be watched
in the page first: a finished four-player Schlangennest game (computers only,
60-70 moves), with ``--topologic`` a finished Topologic game of two computers
(strong and normal, both rounds) and, with ``--cap``, the Topologic record at the move cap. Each run
opens the game in a fresh context, calls ``window.spielstube.load`` traced
(tools/measure/frame_play_metrics.load_record) and reports every main-thread task over
50 ms of wall or CPU time, as (wall ms, CPU ms). CPU time barely grows with the
machine's load; wall time does, so report the load with it.

Usage: CHROMIUM=/usr/bin/chromium SPIELSTUBE_DIST=dist PYTHONPATH=py:tools/measure:tests/unit \\
       python tools/measure/record_load_tasks.py [runs] [--cap | --topologic]
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


def topologic_record(seed=11):
    """A finished Topologic game of two computers, played by the host under CPython."""
    import time

    from spielstube.host.driver import Driver
    from spielstube.host.host import Host

    posted = []
    clock = [0.0]
    driver = Driver(posted.append, host=Host(seed=seed), now=lambda: clock[0], sliced=False)
    watch = {"players": 2, "seats": ["ai:strong", "ai:normal"], "first": 0}
    driver.deliver(json.dumps({"id": 1, "intent": "open", "game": "topologic", "settings": watch}))
    started = time.monotonic()
    while time.monotonic() - started < 600:
        wait = driver.step()
        if wait is None:
            break
        clock[0] += wait
    view = [m for m in posted if m["type"] == "view"][-1]["view"]
    assert view["result"] is not None, "the Topologic game did not finish"
    return view["record"]


def main(runs=5, which="schlangennest"):
    game, record = {"cap": lambda: ("topologic", cap_record()),
                    "topologic": lambda: ("topologic", topologic_record()),
                    "schlangennest": lambda: ("schlangennest", schlangennest_record())}[which]()

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
    main(int(args[0]) if args else 5,
         "cap" if "--cap" in sys.argv else "topologic" if "--topologic" in sys.argv else "schlangennest")
