"""Measures the page in Chromium for docs/benchmarks.md.

- time to interactive of the app (navigation start -> data-app-state=ready)
  against a bare Pyodide boot (loadPyodide only) from the same vendored files;
- the bytes a first visit loads;
- think time per game and level in the page, and main-thread long tasks in
  watch mode and while a record loads (tools/measure/frame_play_metrics.py;
  PLAY_RUNS games of each kind);

- the shell (tools/measure/shell_metrics.py): a real first visit's bytes per file
  against a bare Pyodide page, the online reload, computer ready, memory.

Usage: PYTHONPATH=py python tools/measure/page_metrics.py OUT.json [--only shell|play]  (needs dist/ and $CHROMIUM)
With --only, only that part is measured and OUT.json keeps its other numbers.
"""

import functools
import http.server
import json
import os
import socket
import statistics
import sys
import threading

from playwright.sync_api import sync_playwright

import frame_play_metrics
import shell_metrics

DIST = os.environ.get("SPIELSTUBE_DIST", "dist")
CHROMIUM = os.environ.get("CHROMIUM") or None
RUNS = int(os.environ.get("PAGE_RUNS", "5"))
PLAY_RUNS = int(os.environ.get("PLAY_RUNS", "2"))

LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push({start: e.startTime, duration: e.duration,
    thinking: document.querySelector('[data-game]')?.dataset.aiThinking === 'true'});
}).observe({type: 'longtask', buffered: true});
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Quiet, directory=DIST))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{port}/"


def launch(playwright):
    return playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
              "--disable-component-update", "--disable-sync"])


def fresh_context(browser):
    return browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")


def time_app(browser, base):
    context = fresh_context(browser)
    page = context.new_page()
    sizes = {}

    def note(request):
        # A fresh headless context keeps its HTTP cache in memory and may fetch a
        # large file twice (page and worker); count each URL once as well.
        body = request.sizes()["responseBodySize"]
        total, unique = sizes.get(request.url, (0, 0))
        sizes[request.url] = (total + body, max(unique, body))

    page.on("requestfinished", note)
    page.goto(base)
    page.wait_for_function("document.body.dataset.appState === 'ready'", timeout=120_000)
    ready = page.evaluate("window.spielstubeBoot.readyAt")
    page.wait_for_function("window.spielstubeBoot.workerReadyAt !== undefined", timeout=120_000)
    worker_ready = page.evaluate("window.spielstubeBoot.workerReadyAt")
    page.wait_for_timeout(500)
    context.close()
    return ready, worker_ready, sum(t for t, _ in sizes.values()), sum(u for _, u in sizes.values())


def time_bare(browser, base):
    context = fresh_context(browser)
    page = context.new_page()
    page.route(base + "bare.html", lambda route: route.fulfill(body=shell_metrics.BARE_PAGE, content_type="text/html"))
    page.goto(base + "bare.html")
    page.wait_for_function("window.bareReadyAt !== undefined", timeout=120_000)
    ready = page.evaluate("window.bareReadyAt")
    context.close()
    return ready


def main(out_path, only=None):
    if only is not None:
        results = {}
        if os.path.exists(out_path):
            with open(out_path, encoding="utf-8") as handle:
                results = json.load(handle)
        with sync_playwright() as playwright:
            if only == "shell":
                results["shell"] = shell_metrics.measure(playwright, CHROMIUM, DIST, RUNS)
            else:
                server, base = serve()
                browser = launch(playwright)
                results["play"] = frame_play_metrics.measure(browser, base, PLAY_RUNS)
                results["play"]["load_average"] = os.getloadavg()
                for old_page in ("heptalion_think", "schlangennest_watch", "topologic_watch"):
                    results.pop(old_page, None)  # the old Pyodide page's rows, before the frame
                browser.close()
                server.shutdown()
        with open(out_path, "w") as handle:
            json.dump(results, handle, indent=1)
        print(json.dumps(results[only], indent=1))
        return
    server, base = serve()
    results = {}
    with sync_playwright() as playwright:
        results["shell"] = shell_metrics.measure(playwright, CHROMIUM, DIST, RUNS)
        browser = launch(playwright)
        app_times, worker_times, app_bytes, unique_bytes, bare_times = [], [], [], [], []
        for _ in range(RUNS):
            bare_times.append(time_bare(browser, base))
            ready, worker_ready, size, unique = time_app(browser, base)
            app_times.append(ready)
            worker_times.append(worker_ready)
            app_bytes.append(size)
            unique_bytes.append(unique)
        results["tti_app_ms"] = round(statistics.median(app_times))
        results["tti_bare_pyodide_ms"] = round(statistics.median(bare_times))
        results["tti_ratio"] = round(statistics.median(app_times) / statistics.median(bare_times), 2)
        results["first_visit_bytes"] = max(app_bytes)
        results["first_visit_unique_bytes"] = max(unique_bytes)
        results["worker_ready_ms"] = round(statistics.median(worker_times))
        results["runs"] = RUNS
        results["play"] = frame_play_metrics.measure(browser, base, PLAY_RUNS)
        results["play"]["load_average"] = os.getloadavg()
        browser.close()
    server.shutdown()
    with open(out_path, "w") as handle:
        json.dump(results, handle, indent=1)
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    arguments = sys.argv[1:]
    section = None
    if "--only" in arguments:
        at = arguments.index("--only")
        section = arguments[at + 1] if at + 1 < len(arguments) else None
        if section not in ("shell", "play"):
            sys.exit("page_metrics: --only takes 'shell' or 'play'")
        del arguments[at:at + 2]
    main(arguments[0] if arguments else "docs/page-metrics.json", section)
