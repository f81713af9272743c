"""Measures index.html (MicroPython frame + one Pyodide host) in Chromium,
side by side with a bare Pyodide boot in the same browser run.

Per run, alternating: a bare Pyodide page; index.html on a first visit (no
kept view); index.html again in the same context (the kept view is drawn
before the host is ready). Then a few placements with a PerformanceObserver
on long main-thread tasks from the board's first drawing on.

Usage: PYTHONPATH=py python tools/measure/frame_metrics.py [OUT.json]  (needs dist/, $CHROMIUM)
"""

import json
import math
import os
import statistics
import sys

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(__file__))
from page_metrics import LONG_TASKS, launch, serve, time_bare  # noqa: E402

RUNS = int(os.environ.get("FRAME_RUNS", "5"))
ROUTE = "#heptalion?players=2&seats=human,ai:easy&first=0&board=original"


def boot_times(page):
    page.wait_for_function("document.body.dataset.appState === 'ready'", timeout=120_000)
    return page.evaluate("window.spielstubeBoot")


def time_frame(browser, base):
    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    page = context.new_page()
    page.add_init_script(LONG_TASKS)
    page.goto(base + ROUTE)
    first = boot_times(page)
    page.wait_for_selector("[data-piece].legal")
    page.reload()
    again = boot_times(page)
    # A few placements; long tasks are counted from the board's first drawing on.
    for _ in range(3):
        page.wait_for_function("""() => { const g = document.querySelector('[data-game]');
            return g.dataset.aiThinking === 'false' && document.querySelector('[data-piece].legal'); }""",
                               timeout=60_000)
        page.click("[data-piece].legal >> nth=0")
        page.click("[data-cell].legal >> nth=0")
        page.click("[data-cell].legal >> nth=0")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length >= 6", timeout=60_000)
    tasks = page.evaluate("window.__longTasks")
    shown = again["boardShownAt"]
    longest = max([t["duration"] for t in tasks if t["start"] >= shown] or [0])
    context.close()
    return first, again, longest


def median_interval(values):
    """A distribution-free interval of the median: order statistics k and n+1-k,
    the narrowest with at least 95 % coverage (None below 6 samples)."""
    n = len(values)
    best = None
    for k in range(1, n // 2 + 1):
        outside = sum(math.comb(n, i) for i in range(k)) * 2 / 2 ** n
        if 1 - outside >= 0.95:
            best = (values[k - 1], values[n - k])
    return None if best is None else [round(best[0], 1), round(best[1], 1)]


def summary(values):
    values = sorted(values)
    return {"median": round(statistics.median(values), 1), "median_95": median_interval(values),
            "min": round(values[0], 1), "max": round(values[-1], 1), "n": len(values)}


def main(out_path=None):
    server, base = serve()
    rows = {"bare": [], "first_board": [], "first_worker": [], "first_ready": [],
            "kept_board": [], "kept_worker": [], "kept_ready": [], "longest_task": []}
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            for _ in range(RUNS):
                rows["bare"].append(time_bare(browser, base))
                first, again, longest = time_frame(browser, base)
                rows["first_board"].append(first["boardShownAt"])
                rows["first_worker"].append(first["workerReadyAt"])
                rows["first_ready"].append(first["readyAt"])
                rows["kept_board"].append(again["boardShownAt"])
                rows["kept_worker"].append(again["workerReadyAt"])
                rows["kept_ready"].append(again["readyAt"])
                rows["longest_task"].append(longest)
            browser.close()
    finally:
        server.shutdown()
    bare = statistics.median(rows["bare"])
    results = {name: summary(values) for name, values in rows.items()}
    for name in ("first_ready", "kept_board", "kept_ready", "kept_worker"):
        results[name]["ratio_to_bare"] = round(results[name]["median"] / bare, 2)
    text = json.dumps(results, indent=1)
    print(text)
    if out_path:
        with open(out_path, "w") as handle:
            handle.write(text + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:2])
