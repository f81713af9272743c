"""Main-thread long tasks while only computers play (watch mode), for docs/benchmarks.md.

Each game is opened by its URL settings in a fresh context, set to the fast pace and
played to its end. Counted from the board's first drawing on:
- long tasks as Chromium's Long Tasks API reports them (PerformanceObserver
  "longtask": wall time, so a busy machine stretches them);
- from a Chromium trace, every main-thread task over 50 ms of wall or CPU time, its
  CPU time (`tdur`) and what it spent it on: the page's script (MicroPython's
  WebAssembly, called from a message or timer: `FunctionCall`), parsing the markup
  it sets (`ParseHTML`), style (`UpdateLayoutTree`), `Layout`, `Paint`, the rest.

With several builds (``--dist NAME=FOLDER``, repeated) their games alternate, so a
busy machine's load falls on each alike: the comparison is side by side in one run.

Usage: CHROMIUM=/usr/bin/chromium PYTHONPATH=py:tools/measure python tools/measure/watch_long_tasks.py
    [GAMES] [--only topologic|schlangennest|heptalion] [--dist NAME=FOLDER ...] [--out FILE.json]
(GAMES per kind and build, 3 unless given; one build: $SPIELSTUBE_DIST or dist.)
"""

import functools
import http.server
import json
import os
import statistics
import sys
import threading

from playwright.sync_api import sync_playwright

import frame_play_metrics
import page_metrics

KINDS = (
    ("topologic", "two strong computers", "#topologic?seats=ai:strong,ai:strong&first=0&seekers=5"),
    ("schlangennest", "four computers", "#schlangennest?players=4&seats=ai:strong,ai:normal,ai:easy,ai:strong&first=0"),
    ("heptalion", "two strong computers", "#heptalion?players=2&seats=ai:strong,ai:strong&first=0&board=random"),
)
LONG_MS = 50
# Trace events a long task's time is told apart by (nested in its RunTask, on the main thread).
PARTS = {"FunctionCall": "script", "TimerFire": "script", "EventDispatch": "script",
         "ParseHTML": "parse", "UpdateLayoutTree": "style", "Layout": "layout", "Paint": "paint",
         "PrePaint": "paint", "Layerize": "paint", "UpdateLayer": "paint"}
MAX_SECONDS = 420


def long_tasks_in_trace(trace, since_us):
    """[{wall, cpu, parts: {part: ms}}] of each main-thread task over LONG_MS (wall or CPU)
    that started at or after ``since_us`` (trace clock)."""
    events = json.loads(trace)["traceEvents"]
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    on_main = [e for e in events if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) in main]
    tasks = [e for e in on_main if e.get("name") == "RunTask" and e["ts"] >= since_us
             and (e.get("dur", 0) > LONG_MS * 1000 or e.get("tdur", 0) > LONG_MS * 1000)]
    found = []
    for task in tasks:
        start, end = task["ts"], task["ts"] + task.get("dur", 0)
        parts = {}
        # The outermost event of each kind inside the task (a part nested in another counts once).
        inside = sorted((e for e in on_main if e is not task and start <= e["ts"] < end and e.get("name") in PARTS),
                        key=lambda e: (e["ts"], -e.get("dur", 0)))
        covered_until = {}
        for e in inside:
            part = PARTS[e["name"]]
            if e["ts"] < covered_until.get(part, -1):
                continue
            covered_until[part] = e["ts"] + e.get("dur", 0)
            parts[part] = parts.get(part, 0) + e.get("dur", 0) / 1000
        found.append({"wall": round(task.get("dur", 0) / 1000, 1), "cpu": round(task.get("tdur", 0) / 1000, 1),
                      "parts": {k: round(v, 1) for k, v in sorted(parts.items())}})
    return found


def watch_one(browser, base, route):
    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    page = context.new_page()
    page.add_init_script(frame_play_metrics.LONG_TASKS)
    page.goto(base + route)
    page.wait_for_function("() => document.body.dataset.appState === 'ready'", timeout=120_000)
    page.wait_for_selector("[data-action='pace'][data-pace='0.15']", timeout=60_000)
    shown = page.evaluate("window.spielstubeBoot.boardShownAt")
    # The trace's clock is the browser's monotonic clock in µs; performance.now() is ms from timeOrigin.
    browser.start_tracing(page=page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline"])
    state = {}
    try:
        state.update(frame_play_metrics.play_out(page, MAX_SECONDS))
    finally:
        trace = browser.stop_tracing()
    if os.environ.get("WATCH_TRACE_DIR"):  # the raw trace, to look into one task
        with open(os.path.join(os.environ["WATCH_TRACE_DIR"], f"trace-{os.getpid()}-{id(page)}.json"), "wb") as out:
            out.write(trace)
    moves = len(json.loads(page.evaluate("window.spielstube.record()"))["moves"])
    api = [round(t["duration"], 1) for t in page.evaluate("window.__longTasks") if t["start"] >= shown]
    context.close()
    return {"finished": state["finished"], "moves": moves, "longtask_api": api,
            "traced": long_tasks_in_trace(trace, 0)}


def summary(games):
    api = [t for g in games for t in g["longtask_api"]]
    traced = [t for g in games for t in g["traced"]]
    cpu_long = [t["cpu"] for t in traced if t["cpu"] > LONG_MS]
    parts = {}
    for t in traced:
        for part, ms in t["parts"].items():
            parts.setdefault(part, []).append(ms)
    return {"games": len(games), "finished": sum(g["finished"] for g in games),
            "moves": sum(g["moves"] for g in games),
            "longtask_api": {"count": len(api), "sizes_ms": sorted(api)},
            "traced_over_50ms_wall_or_cpu": len(traced),
            "cpu_over_50ms": {"count": len(cpu_long), "sizes_ms": sorted(cpu_long)},
            "longest_cpu_ms": max((t["cpu"] for t in traced), default=0),
            "parts_median_ms": {k: round(statistics.median(v), 1) for k, v in sorted(parts.items())}}


def serve(folder):
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(page_metrics.Quiet, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main(runs, builds, only=None):
    """``builds``: name -> folder of a built page; per kind, their games alternate."""
    served = {name: serve(folder) for name, folder in builds.items()}
    out = {"runs": runs, "builds": builds, "load_average_before": [round(x, 1) for x in os.getloadavg()],
           "kinds": {}}
    with sync_playwright() as playwright:
        browser = page_metrics.launch(playwright)
        for game, label, route in KINDS:
            if only and game != only:
                continue
            games = {name: [] for name in builds}
            for _ in range(runs):
                for name, (_server, base) in served.items():
                    games[name].append(watch_one(browser, base, route))
            out["kinds"][f"{game}, {label}"] = {
                name: {"route": route, "summary": summary(played), "games": played} for name, played in games.items()}
        browser.close()
    for server, _base in served.values():
        server.shutdown()
    out["load_average_after"] = [round(x, 1) for x in os.getloadavg()]
    for kind, rows in out["kinds"].items():
        for name, row in rows.items():
            print(kind, name, json.dumps(row["summary"]))
    print("load average before / after:", out["load_average_before"], out["load_average_after"])
    return out


def options(arguments):
    """(games, builds, only, out path) from the command line."""
    builds, only, out = {}, None, None
    rest = []
    while arguments:
        word = arguments.pop(0)
        if word == "--only":
            only = arguments.pop(0)
        elif word == "--dist":
            name, _, folder = arguments.pop(0).partition("=")
            builds[name] = folder
        elif word == "--out":
            out = arguments.pop(0)
        else:
            rest.append(word)
    if not builds:
        builds = {"page": os.environ.get("SPIELSTUBE_DIST", "dist")}
    return int(rest[0]) if rest else 3, builds, only, out


if __name__ == "__main__":
    games_per_kind, built, kind_only, out_path = options(sys.argv[1:])
    result = main(games_per_kind, built, kind_only)
    if out_path:
        with open(out_path, "w", encoding="utf-8") as handle:
            json.dump(result, handle, indent=1)
