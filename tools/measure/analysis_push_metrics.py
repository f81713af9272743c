"""What each progress push of Heptalion's analysis costs the page's main
thread (Chromium, index.html), for docs/benchmarks.md ("Heptalion: the analysis panel").

Per position (fresh 2-player open-hands deal, ``ply`` random placements, as
tools/measure/bench_page_analysis.py makes them) a fresh page loads the record,
switches the panel on and watches ``--window`` seconds:

- every ``analysis`` message the frame handles: the time of its handler on
  the main thread (a wrapper around the worker's message listener: the
  MicroPython drawing and the layout it forces);
- the browser's trace (devtools.timeline): the main-thread task around each
  handled push and every task in the window, so style, layout and paint
  after the handler count too;
- how often "positions searched" changed on the panel (sampled every 0.1 s):
  the count a player sees moving.

  CHROMIUM=/usr/bin/chromium SPIELSTUBE_DIST=dist PYTHONPATH=py nice -n 10 \\
      .venv/bin/python tools/measure/analysis_push_metrics.py --positions 300:2,301:0 --window 30

``--builds before=DIR,after=dist`` measures two builds in turn, each position and
viewport one after the other, so both see the same load.
"""

import argparse
import functools
import http.server
import json
import os
import statistics
import sys
import threading

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(__file__))
from bench_page_analysis import page_with, session_after  # noqa: E402
from page_metrics import Quiet, launch, serve  # noqa: E402

# A main-thread task in Chromium's trace (the name changed between versions).
TASKS = ("RunTask", "ThreadControllerImpl::RunTask")
VIEWPORTS = {"desktop": (1200, 900), "phone": (360, 740)}

# Wraps the worker's message listeners: around every analysis message the frame handles,
# window.__analysisBefore(text) and window.__analysisAfter(text, start, ms, before) run.
ANALYSIS_LISTENER = """
const addListener = Worker.prototype.addEventListener;
Worker.prototype.addEventListener = function (type, listener, options) {
  if (type !== 'message') return addListener.call(this, type, listener, options);
  return addListener.call(this, type, function (event) {
    const text = typeof event.data === 'string' ? event.data : '';
    if (!/"type":\\s*"analysis"/.test(text)) return listener.call(this, event);
    const before = window.__analysisBefore(text);
    const start = performance.now();
    try { return listener.call(this, event); } finally {
      window.__analysisAfter(text, start, performance.now() - start, before);
    }
  }, options);
};
"""

PUSH_TIMING = """
window.__pushes = [];
window.__analysisBefore = () => console.timeStamp('analysis-push');
window.__analysisAfter = (text, start, duration) =>
  window.__pushes.push({start, duration, working: /"state":\\s*"working"/.test(text)});
""" + ANALYSIS_LISTENER

SAMPLE_SEARCHED = """() => { window.__searched = []; let last = null;
  window.__sampler = setInterval(() => {
    const p = document.querySelector('[data-analysis]');
    const v = p ? (p.dataset.searched || p.dataset.nodes || null) : null;
    if (v !== last) { last = v; window.__searched.push({t: performance.now(), v}); }
  }, 100); }"""


def serve_dir(directory):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main_thread_tasks(trace):
    """(tasks, stamps) of the page's renderer main thread: (start us, duration us), push times."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    mains = {(e["pid"], e["tid"]) for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e.get("args", {}).get("name") == "CrRendererMain"}
    stamps = {}
    for e in events:
        if e.get("name") == "TimeStamp" and (e.get("args", {}).get("data") or {}).get("message") == "analysis-push":
            stamps.setdefault((e["pid"], e["tid"]), []).append(e["ts"])
    if not stamps:
        return [], []
    thread = max(stamps, key=lambda k: len(stamps[k]))
    assert thread in mains, "pushes stamped off the main thread"
    tasks = sorted((e["ts"], e["dur"]) for e in events
                   if (e["pid"], e["tid"]) == thread and e.get("ph") == "X"
                   and e.get("name") in TASKS and "dur" in e)
    outer = []  # a task nested in another is part of it
    for start, dur in tasks:
        if outer and start < outer[-1][0] + outer[-1][1]:
            continue
        outer.append((start, dur))
    return outer, sorted(stamps[thread])


def enclosing(tasks, ts):
    for start, dur in tasks:
        if start <= ts <= start + dur:
            return dur
    return None


def watch(browser, base, session, viewport, window):
    context, page = page_with(browser, base, session, VIEWPORTS[viewport], PUSH_TIMING)
    browser.start_tracing(page=page, categories=["devtools.timeline", "toplevel"])
    page.evaluate(SAMPLE_SEARCHED)
    started = page.evaluate("performance.now()")
    page.click("[data-action='analysis-toggle']")
    page.wait_for_timeout(window * 1000)
    ended = page.evaluate("performance.now()")
    trace = json.loads(browser.stop_tracing())
    if os.environ.get("PUSH_TRACE"):
        with open(os.environ["PUSH_TRACE"], "w") as out:
            json.dump(trace, out)
    pushes = [p for p in page.evaluate("window.__pushes") if p["start"] >= started]
    searched = [s for s in page.evaluate("window.__searched") if s["v"] not in (None, "None")]
    state = page.get_attribute("[data-analysis]", "data-analysis")
    context.close()
    tasks, stamps = main_thread_tasks(trace)
    around = [d / 1000 for d in (enclosing(tasks, ts) for ts in stamps) if d is not None]
    # From the first push to the end of the last push's task: an analysis proven early
    # leaves an idle page behind that is not the pushes' doing.
    busy = sum(d for s, d in tasks if stamps and s <= stamps[-1] and s + d >= stamps[0]) / 1000
    changes = [s["t"] for s in searched]
    gaps = [(b - a) / 1000 for a, b in zip(changes, changes[1:])]
    return {"pushes": len(pushes), "working": sum(p["working"] for p in pushes),
            "handler_ms": [p["duration"] for p in pushes], "task_ms": around, "busy_ms": busy,
            "window_s": (ended - started) / 1000, "searched_changes": len(changes),
            "longest_gap_s": max(gaps) if gaps else None, "state": state}


def quantiles(values):
    if not values:
        return "-"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return f"{statistics.median(ordered):.1f} / {p95:.1f} / {ordered[-1]:.1f}"


def mean_interval(values):
    """Mean and a normal 95 % interval (t would be wider below ~30 samples)."""
    if len(values) < 2:
        return "-"
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:.1f} [{mean - half:.1f}-{mean + half:.1f}]"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", default="300:2,301:0", help="seed:ply, comma-separated")
    parser.add_argument("--viewports", default="desktop,phone")
    parser.add_argument("--window", type=float, default=30.0, help="seconds watched after the switch")
    parser.add_argument("--json", help="also write every measurement here")
    parser.add_argument("--builds", help="name=DIR,name=DIR: measure these builds in turn")
    args = parser.parse_args()
    positions = [tuple(int(x) for x in p.split(":")) for p in args.positions.split(",")]
    if args.builds:
        builds = [tuple(b.split("=", 1)) for b in args.builds.split(",")]
        servers = [(name, serve_dir(directory)) for name, directory in builds]
    else:
        servers = [("", serve())]
    rows = []
    print("| seed:ply | viewport | build | state at the end | pushes (working) | handler ms p50 / p95 / max |"
          " task ms p50 / p95 / max | task ms mean [95 %] | main thread busy ms per push (first to last push) |"
          " searched changed | longest gap s |")
    print("|---|---|---|---|---:|---|---|---|---:|---:|---:|")
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            for seed, ply in positions:
                session = session_after(seed, ply)
                for viewport in args.viewports.split(","):
                    for name, (_server, base) in servers:
                        m = watch(browser, base, session, viewport, args.window)
                        m.update(seed=seed, ply=ply, viewport=viewport, build=name)
                        rows.append(m)
                        per_push = m["busy_ms"] / m["pushes"] if m["pushes"] else 0
                        gap = "-" if m["longest_gap_s"] is None else f"{m['longest_gap_s']:.1f}"
                        print(f"| {seed}:{ply} | {viewport} | {name} | {m['state']} | {m['pushes']} ({m['working']}) |"
                              f" {quantiles(m['handler_ms'])} | {quantiles(m['task_ms'])} |"
                              f" {mean_interval(m['task_ms'])} | {per_push:.1f} |"
                              f" {m['searched_changes']} | {gap} |", flush=True)
            browser.close()
    finally:
        for _name, (server, _base) in servers:
            server.shutdown()
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out)


if __name__ == "__main__":
    main()
