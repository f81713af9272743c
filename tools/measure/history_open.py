"""Measures #history with many stored games, for docs/benchmarks.md: GAMES finished
Heptalion games are loaded as one backup (the import replays each), then the page is
reloaded and #history opened from the start page: the main thread's tasks over 50 ms
(Chromium's long-task observer) from the click until the first page of entries shows,
the time that takes, and the origin's storage used (navigator.storage.estimate(): all of it, the offline
cache included, and IndexedDB's part, where the history is).

Usage: PYTHONPATH=py python tools/measure/history_open.py  (needs dist/ and $CHROMIUM)
"""

import functools
import http.server
import json
import os
import sys
import tempfile
import threading

from playwright.sync_api import sync_playwright

DIST = os.environ.get("SPIELSTUBE_DIST", "dist")
CHROMIUM = os.environ.get("CHROMIUM") or None
GAMES = int(os.environ.get("HISTORY_GAMES", "500"))
RECORD = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "e2e", "data", "review-heptalion.json")
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push({start: e.startTime, duration: e.duration});
}).observe({type: 'longtask', buffered: true});
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def backup(games):
    with open(RECORD, encoding="utf-8") as handle:
        record = json.load(handle)
    items = []
    for index in range(games):
        minute = f"2026-{1 + index // 1440 % 12:02d}-{1 + index // 60 % 24:02d}T{index // 60 % 24:02d}:{index % 60:02d}:00Z"
        entry = {"id": f"m-{index}", "game": "heptalion", "started": minute, "updated": minute,
                 "seats": [{"kind": "person", "level": None}, {"kind": "computer", "level": "strong"}],
                 "finished": True, "places": [1, 2], "origin": "new", "watched": False, "aids": {},
                 "moves": len(record["moves"]), "extra": {}}
        items.append({"entry": entry, "record": record})
    return {"format": "spielstube-history/1", "exported": "2026-12-03T00:00:00Z", "entries": items, "lessons": {}}


def opened(page):
    """(ms from the start page's link to the first entries shown, the long tasks meanwhile)."""
    start = page.evaluate("performance.now()")
    page.click("#landing [data-history-link]")
    page.wait_for_selector("[data-history-list] [data-history-entry]")
    shown = page.evaluate("performance.now()") - start
    return shown, [t for t in page.evaluate("window.__longTasks") if t["start"] >= start]


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=DIST))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        path = os.path.join(folder, "backup.json")
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(backup(GAMES), handle)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
        page = context.new_page()
        page.set_default_timeout(600_000)
        page.goto(base + "#history")
        page.wait_for_function("document.body.dataset.appState == 'ready'")
        page.wait_for_selector("[data-history-empty], [data-history-list]")
        page.set_input_files("[data-history-file]", path)
        page.wait_for_selector(f"[data-history-entry='m-{GAMES - 1}']")
        context.add_init_script(LONG_TASKS)
        page.goto(base)
        page.reload()
        page.wait_for_function("document.body.dataset.appState == 'ready'")
        shown, tasks = opened(page)
        page.click(".history-page a[href='#']")  # again, its modules imported already
        page.wait_for_selector("#landing:not([hidden])")
        shown_again, tasks_again = opened(page)
        usage, stored = page.evaluate("navigator.storage.estimate().then(e => [e.usage, "
                                      "(e.usageDetails || {}).indexedDB || 0])")
        rows = page.locator("[data-history-entry]").count()
        browser.close()
    server.shutdown()
    result = {"games": GAMES, "rows_shown": rows, "open_ms": round(shown), "long_tasks": len(tasks),
              "longest_ms": round(max((t["duration"] for t in tasks), default=0)),
              "again_open_ms": round(shown_again), "again_long_tasks": len(tasks_again),
              "again_longest_ms": round(max((t["duration"] for t in tasks_again), default=0)),
              "storage_mb": round(usage / 1e6, 1), "indexeddb_mb": round(stored / 1e6, 1)}
    json.dump(result, sys.stdout)
    print()


if __name__ == "__main__":
    main()
