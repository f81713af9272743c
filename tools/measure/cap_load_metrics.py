"""A record at the move cap (core.limits.MAX_MOVES Topologic turns) in the page:
milliseconds from ``window.spielstube.load(text)`` to its answer (the host
parses, replays, describes every move once and the frame draws the newest
entries of the move list), and from a reload to the restored game on the screen.
Each run a fresh context; wall clock, so report the load with it.

Usage: CHROMIUM=/usr/bin/chromium SPIELSTUBE_DIST=dist PYTHONPATH=py:tests/unit \
       python tools/measure/cap_load_metrics.py [runs]
"""

import json
import os
import statistics
import sys

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(__file__))
from page_metrics import fresh_context, launch, serve  # noqa: E402
from spielstube.core.limits import MAX_MOVES  # noqa: E402
from test_record_limits import stretched_topologic  # noqa: E402

TIMED_LOAD = """async (text) => { const start = performance.now();
  const loaded = await window.spielstube.load(text);
  return {loaded, ms: performance.now() - start}; }"""


def one_run(browser, base, text):
    context = fresh_context(browser)
    page = context.new_page()
    page.goto(base + "#topologic")
    page.wait_for_function("document.body.dataset.appState === 'ready'", timeout=180_000)
    loaded = page.evaluate(TIMED_LOAD, text)
    assert loaded["loaded"], "the record at the cap was refused"
    newest = f"[data-move-index='{MAX_MOVES - 1}']"  # the list draws the newest entries
    page.wait_for_selector(newest, timeout=180_000)
    drawn = page.evaluate("performance.now()")
    page.reload()
    # The host's own view (the kept one, with its entries and moves, is drawn before it).
    page.wait_for_function("s => document.querySelector(s) "
                           "&& document.querySelector('[data-game]').dataset.board === 'live'", arg=newest,
                           timeout=180_000)
    boot = page.evaluate("window.spielstubeBoot")
    context.close()
    return {"load_ms": loaded["ms"], "reload_ready_ms": boot["readyAt"], "drawn_after_load_ms": drawn}


def each_run(runs, one):
    """``one(browser, base)`` ``runs`` times against dist/ served locally; the rows, each printed."""
    server, base = serve()
    rows = []
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            for _ in range(runs):
                rows.append(one(browser, base))
                print(rows[-1], flush=True)
            browser.close()
    finally:
        server.shutdown()
    return rows


def main(runs=5):
    text = json.dumps(stretched_topologic(MAX_MOVES))
    rows = each_run(runs, lambda browser, base: one_run(browser, base, text))
    for name in ("load_ms", "reload_ready_ms"):
        values = sorted(row[name] for row in rows)
        print(name, {"median": round(statistics.median(values)), "min": round(values[0]),
                     "max": round(values[-1]), "n": len(values)})


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
