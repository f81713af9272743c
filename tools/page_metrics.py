"""Measures the page in Chromium for docs/benchmarks.md.

- time to interactive of the app (navigation start -> data-app-state=ready)
  against a bare Pyodide boot (loadPyodide only) from the same vendored files;
- the bytes a first visit loads;
- think time of each Heptalion level in the page (worker time and round trip);
- the longest main-thread task while the computer thinks (target <= 50 ms).

- the shell (tools/shell_metrics.py): a real first visit's bytes per file
  against a bare Pyodide page, the online reload, computer ready, memory.

Usage: PYTHONPATH=py python tools/page_metrics.py OUT.json [--only shell]  (needs dist/ and $CHROMIUM)
With --only shell, only the shell is measured and OUT.json keeps its other numbers.
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

import shell_metrics

DIST = os.environ.get("SPIELSTUBE_DIST", "dist")
CHROMIUM = os.environ.get("CHROMIUM") or None
RUNS = int(os.environ.get("PAGE_RUNS", "5"))

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


def think_times(browser, base, level, moves=6):
    context = fresh_context(browser)
    page = context.new_page()
    page.add_init_script(LONG_TASKS)
    page.goto(base + "#heptalion")
    page.wait_for_function("document.body.dataset.appState === 'ready'", timeout=120_000)
    # Think times are measured once the worker runs (its boot is in the TTI numbers).
    page.wait_for_function("window.spielstubeBoot.workerReadyAt !== undefined", timeout=120_000)
    page.click("[data-action='new-game']")
    page.check(f"dialog input[name='level'][value='{level}']")
    page.check("dialog input[name='first'][value='human']")
    page.click("dialog [data-action='start-game']")
    for _ in range(moves):
        page.wait_for_function(
            "(() => { const g = document.querySelector('[data-game]'); return g.dataset.aiThinking === 'false'"
            " && (g.dataset.turn === '0' || g.dataset.gameOver === 'true'); })()", timeout=120_000)
        if page.get_attribute("[data-game]", "data-game-over") == "true":
            break
        page.click("[data-piece].legal >> nth=0")
        page.click("[data-cell].legal >> nth=0")
        page.click("[data-cell].legal >> nth=0")
    page.wait_for_function("document.querySelector('[data-game]').dataset.aiThinking === 'false'", timeout=120_000)
    metrics = [json.loads(m) for m in page.evaluate("window.spielstubeMetrics")]
    long_tasks = page.evaluate("window.__longTasks")
    context.close()
    thinking_tasks = [t["duration"] for t in long_tasks if t["thinking"]]
    return {
        "level": level,
        "moves": len(metrics),
        "worker_ms_mean": round(statistics.mean(m["worker_ms"] for m in metrics), 1) if metrics else None,
        "worker_ms_max": max((m["worker_ms"] for m in metrics), default=None),
        "round_trip_ms_max": max((m["round_trip_ms"] for m in metrics), default=None),
        "longest_task_while_thinking_ms": round(max(thinking_tasks, default=0.0), 1),
        "long_tasks_while_thinking": len(thinking_tasks),
    }


def watch_game(browser, base, game, choose, max_seconds=240):
    """Think times and long tasks of a game where only computers play."""
    context = fresh_context(browser)
    page = context.new_page()
    page.add_init_script(LONG_TASKS)
    page.goto(base + "#" + game)
    page.wait_for_function("document.body.dataset.appState === 'ready'", timeout=120_000)
    page.wait_for_function("window.spielstubeBoot.workerReadyAt !== undefined", timeout=120_000)
    page.click("[data-action='new-game']")
    for kind, selector, value in choose:
        if kind == "check":
            page.check(f"dialog {selector}[value='{value}']")
        else:
            page.select_option(f"dialog {selector}", value)
    page.click("dialog [data-action='start-game']")
    waited = 0.0
    while page.get_attribute("[data-game]", "data-game-over") != "true":
        if waited > max_seconds:
            raise TimeoutError(f"{game}: the computers did not finish in {max_seconds} s")
        # A round end waits for a person to go on (Topologic shows the secret there).
        go_on = page.locator("[data-action='next-round']")
        if go_on.count() and go_on.first.is_visible():
            go_on.first.click()
        page.wait_for_timeout(500)
        waited += 0.5
    metrics = [json.loads(m) for m in page.evaluate("window.spielstubeMetrics")]
    long_tasks = page.evaluate("window.__longTasks")
    context.close()
    thinking_tasks = [t["duration"] for t in long_tasks if t["thinking"]]
    by_level = {}
    for m in metrics:
        by_level.setdefault(m["level"], []).append(m["worker_ms"])
    return {
        "game": game,
        "moves": len(metrics),
        "worker_ms": {level: {"mean": round(statistics.mean(v), 1), "max": max(v)} for level, v in by_level.items()},
        "longest_task_while_thinking_ms": round(max(thinking_tasks, default=0.0), 1),
        "long_tasks_while_thinking": len(thinking_tasks),
    }


def main(out_path, only=None):
    if only == "shell":
        results = {}
        if os.path.exists(out_path):
            with open(out_path, encoding="utf-8") as handle:
                results = json.load(handle)
        with sync_playwright() as playwright:
            results["shell"] = shell_metrics.measure(playwright, CHROMIUM, DIST, RUNS)
        with open(out_path, "w") as handle:
            json.dump(results, handle, indent=1)
        print(json.dumps(results["shell"], indent=1))
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
        results["heptalion_think"] = [think_times(browser, base, level) for level in ("easy", "normal", "strong")]
        results["schlangennest_watch"] = watch_game(browser, base, "schlangennest", [
            ("check", "input[name='players']", "2"), ("select", "select[name='seat0']", "ai:strong"),
            ("select", "select[name='seat1']", "ai:normal"), ("check", "input[name='difficulty']", "recommended"),
            ("check", "input[name='pace']", "fast")])
        results["topologic_watch"] = watch_game(browser, base, "topologic", [
            ("check", "input[name='p0']", "computer"), ("check", "input[name='p1']", "computer"),
            ("check", "input[name='seekers']", "5"), ("check", "input[name='shape']", "6x10"),
            ("check", "input[name='level']", "strong")])
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
        if section != "shell":
            sys.exit("page_metrics: --only takes 'shell'")
        del arguments[at:at + 2]
    main(arguments[0] if arguments else "docs/page-metrics.json", section)
