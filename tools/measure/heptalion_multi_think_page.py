"""Heptalion's strong computer at 3 and 4 players: its think time in the page
(Pyodide in the host's worker, Chromium), for docs/benchmarks.md and issue 8's
limit of at most 1 s a move.

Each game is watched on index.html (every seat ai:strong, watch mode at the
fast pace) in a fresh context; every computer move the host pushes is read
with its ``think_ms`` (the host's wall clock around the computer's whole
move, docs/host-protocol.md) by wrapping the worker's post from outside
(tools/measure/frame_play_metrics.WRAP_POST; nothing in the page changes). Moves
with one legal placement (under 5 ms) are left out of the "searched" figures.

The game is traced in Chromium: a mark at each pushed move in the worker, and
the CPU time of the worker thread's tasks in that think's window (a think runs
sliced under JSPI, in many short tasks). The budget is wall clock; the CPU
beside it tells a slow move's own work from a busy machine's waiting.

Usage: PYTHONPATH=py python tools/measure/heptalion_multi_think_page.py [GAMES] [--only KIND] [--out FILE]
(needs dist/ and $CHROMIUM). GAMES per kind (default 4); the first seat
rotates. The page's budget is wall clock: report the load beside it.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

# kind -> the route's settings (every seat strong; {first} rotates).
KINDS = {
    "3 open": "players=3&seats=ai:strong,ai:strong,ai:strong",
    "4 open": "players=4&seats=ai:strong,ai:strong,ai:strong,ai:strong",
    "3 hidden": "players=3&seats=ai:strong,ai:strong,ai:strong&hidden_hands=1",
}
GAME_OVER = "document.querySelector(\"[data-game='heptalion']\")?.dataset.gameOver === 'true'"
GAME_TIMEOUT_MS = 600_000
LIMIT_MS = 1000  # issue 8: at most 1 s a move in the page


def watch_game(browser, base, settings, first):
    """One game of computers only: the strong seats' pushed moves ({ms, ply, ...}), its placements."""
    from frame_play_metrics import WRAP_POST

    players = int(settings.split("players=")[1].split("&")[0])
    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    try:
        page = context.new_page()
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)  # from the start: the first think too
        try:
            with page.expect_worker() as worker_info:
                page.goto(base + f"#heptalion?{settings}&first={first % players}")
            worker = worker_info.value
            worker.evaluate(WRAP_POST)
            worker.evaluate(MARK_THINKS)
            page.wait_for_selector("[data-action='pace'][data-pace='0.15']", timeout=120_000)
            page.click("[data-action='pace'][data-pace='0.15']")
            page.wait_for_function(GAME_OVER, timeout=GAME_TIMEOUT_MS)
        finally:
            trace = browser.stop_tracing()
        thinks = worker.evaluate("() => self.__thinks")
        record = json.loads(page.evaluate("window.spielstube.record()"))
    finally:
        context.close()
    for ply, think in enumerate(thinks):
        think["ply"] = ply  # every seat is a computer: the host pushes each placement in turn
    return [t for t in thinks if t["level"] == "strong"], len(record["moves"]), think_cpu(trace)


TRACE_CATEGORIES = ["toplevel", "blink.user_timing"]
# In the worker, after WRAP_POST: a trace mark at each pushed computer move, named by its think_ms.
MARK_THINKS = """() => { const post = self.spielstubeHost.post;
  self.spielstubeHost.post = (text) => {
    try { const m = JSON.parse(String(text).split('\\n')[0]);  // a view's save and record may follow
          if (m.type === 'view' && m.view && m.view.think_ms != null) performance.mark('think ' + m.view.think_ms);
    } catch (e) { /* not ours to judge */ }
    post(text); }; }"""


def think_cpu(trace):
    """[(wall ms, CPU ms)] of each marked think: the CPU time of the worker thread's tasks
    in the think's window (a JSPI think runs sliced, in many short tasks). CPU beside
    wall says whether a slow move was work or a busy machine (the thread waiting for a core)."""
    events = json.loads(trace)["traceEvents"]
    worker = {(e["pid"], e["tid"]) for e in events if e.get("name") == "thread_name"
              and e.get("args", {}).get("name") == "DedicatedWorker thread"}
    tasks = sorted((e["ts"], e["ts"] + e.get("dur", 0), e.get("tdur", 0)) for e in events
                   if e.get("name") == "ThreadControllerImpl::RunTask" and e.get("ph") == "X"
                   and (e["pid"], e["tid"]) in worker)
    out = []
    for mark in events:
        name = str(mark.get("name", ""))
        if not name.startswith("think ") or (mark["pid"], mark["tid"]) not in worker:
            continue
        wall = float(name[6:])
        end = mark["ts"]
        start = end - wall * 1000
        cpu = sum(tdur * max(0.0, min(stop, end) - max(begin, start)) / max(1, stop - begin)
                  for begin, stop, tdur in tasks if stop > start and begin < end)
        out.append((round(wall, 1), round(cpu / 1000, 1)))
    return out


def summary(values):
    from frame_play_metrics import think_summary

    if not values:
        return {"n": 0}
    out = think_summary(values)
    out["over_limit"] = sum(1 for v in values if v > LIMIT_MS)
    return out


def measure(games, kinds):
    from playwright.sync_api import sync_playwright
    from page_metrics import launch, serve

    server, base = serve()
    out = {"games_per_kind": games, "load_before": os.getloadavg(), "kinds": {}}
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for kind in kinds:
            thinks, placements, tasks, first_cpu = [], 0, [], []
            for game in range(games):
                moves, count, long_tasks = watch_game(browser, base, KINDS[kind], game)
                thinks += moves
                placements += count
                tasks += long_tasks
                first_cpu += long_tasks[:1]  # the first marked think is the game's first placement
                print(f"{kind} game {game + 1}: {len(moves)} moves, max {max(m['ms'] for m in moves):.0f} ms,"
                      f" load {os.getloadavg()[0]:.1f}", file=sys.stderr)
            # A move the host pushes with one legal placement is 0-2 ms (no search).
            searched = [t["ms"] for t in thinks if t["ms"] >= 5]
            out["kinds"][kind] = {"placements": placements, "all": summary([t["ms"] for t in thinks]),
                                  "searched": summary(searched),
                                  # the game's first placement (right after the page's start) apart
                                  "first": summary([t["ms"] for t in thinks if t["ply"] == 0]),
                                  "later": summary([t["ms"] for t in thinks if t["ply"] > 0]),
                                  # the five slowest moves, with the placement's number in its game (0: the first)
                                  "slowest": sorted((round(t["ms"]), t["ply"]) for t in thinks)[-5:],
                                  # every think's CPU time in the worker (traced), and the slowest by wall
                                  "traced": len(tasks), "cpu": summary([cpu for _, cpu in tasks]),
                                  "first_wall_cpu": first_cpu,
                                  "slowest_wall_cpu": sorted(tasks)[-5:]}
        browser.close()
    server.shutdown()
    out["load_after"] = os.getloadavg()
    return out


def main(argv):
    games = int(argv[0]) if argv and argv[0].isdigit() else 4
    kinds = [argv[argv.index("--only") + 1]] if "--only" in argv else list(KINDS)
    result = measure(games, kinds)
    text = json.dumps(result, indent=1)
    if "--out" in argv:
        with open(argv[argv.index("--out") + 1], "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
    print(text)


if __name__ == "__main__":
    main(sys.argv[1:])
