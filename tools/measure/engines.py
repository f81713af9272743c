"""The page on every engine, side by side in one run: Chromium, Firefox ESR, WebKitGTK.

Per engine (the drivers of tests/engines: Playwright for Chromium, puppeteer-core over
WebDriver BiDi for Firefox, WebKitWebDriver under Xvfb for WebKit), one browser with a
fresh profile for the whole run; each round runs every engine in turn, so a busy
machine's load falls on each alike. In a round, per engine:
- a bare Pyodide boot (tools/measure/bare-pyodide.html: the vendored Pyodide, `1 + 1`):
  ms from navigation until it ran, on the main thread and in a module worker (where the
  page's host runs it);
- the page in watch mode (a game of only computers by its URL settings, fast pace):
  ready (`spielstubeBoot.readyAt`, its host's `workerReadyAt` and first board
  `boardShownAt`; `workerSteps`: when its worker finished each start-up step, e.g. Pyodide
  compiled, the package imported), the first computer move in the move list (ms from navigation), the
  time between computer moves (a move shows no sooner than the pace after it was asked,
  so above that it is the think time the page sees), and the main thread's blocking:
  Long Tasks API entries where the engine has it, and everywhere an event-loop gap probe
  (a 10 ms timer chain; a gap over 50 ms beyond its delay is a task that long).
Both pages come from the same server and, after a first unmeasured visit of each, the
same caches (HTTP cache, then the page's service worker), so a ratio compares like with like.

Also what each engine has of what the page relies on or works around (JSPI, the Long Tasks
API, BYOB stream readers, cross-origin isolation); ROUNDS 0 reads only that.

Usage: CHROMIUM=/usr/bin/chromium SPIELSTUBE_DIST=dist PYTHONPATH=py:tools/measure:tests/engines \
    python tools/measure/engines.py [ROUNDS] [--engines chromium,firefox,webkit] [--watch SECONDS] [--out FILE]
"""

import functools
import http.server
import json
import math
import os
import statistics
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "engines"))
from engines import Firefox, WebKit, Xvfb  # noqa: E402

DIST = os.environ.get("SPIELSTUBE_DIST", "dist")
CHROMIUM = os.environ.get("CHROMIUM") or None
BARE = "bare-pyodide.html"
BARE_FILES = ("bare-pyodide.html", "bare-pyodide-worker.js")
# One game kind a round, in turn: the three games, every seat a computer.
GAMES = (
    ("topologic", "#topologic?seats=ai:strong,ai:strong&first=0&seekers=5"),
    ("schlangennest", "#schlangennest?players=4&seats=ai:strong,ai:normal,ai:easy,ai:strong&first=0"),
    ("heptalion", "#heptalion?players=2&seats=ai:strong,ai:strong&first=0&board=random"),
)
BOOT_SECONDS = 180
LONG_MS = 50

# Installed once the document is there (every driver can run a script then); the page's
# boot takes seconds more, so nothing it does while computers play is missed.
PROBE = """(() => {
  if (window.__probe) return true;
  const p = window.__probe = {gaps: [], longtasks: null, moves: [], thinking: []};
  try {
    if ((PerformanceObserver.supportedEntryTypes || []).includes('longtask')) {
      p.longtasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) p.longtasks.push([e.startTime, e.duration]);
      }).observe({type: 'longtask', buffered: true});
    }
  } catch (e) { /* no Long Tasks API */ }
  let last = performance.now();
  const tick = () => {
    const now = performance.now();
    if (now - last - 10 > %d) p.gaps.push([last, now - last - 10]);
    last = now;
    setTimeout(tick, 10);
  };
  setTimeout(tick, 10);
  let count = 0;
  const look = () => {
    const entries = document.querySelectorAll('[data-move-index]');
    const n = entries.length ? Number(entries[entries.length - 1].dataset.moveIndex) + 1 : 0;
    if (n > count) { count = n; p.moves.push([performance.now(), n]); }
  };
  new MutationObserver(look).observe(document.documentElement, {subtree: true, childList: true});
  return true;
})()""" % LONG_MS

# What the page relies on or works around, read on the bare page.
FEATURES = """JSON.stringify({
  jspi: typeof WebAssembly.Suspending === 'function',
  long_tasks_api: (PerformanceObserver.supportedEntryTypes || []).includes('longtask'),
  byob_reader: (() => { try { new ReadableStream({type: 'bytes'}).getReader({mode: 'byob'}); return true; }
                        catch (e) { return false; } })(),
  service_worker: 'serviceWorker' in navigator,
  cross_origin_isolated: self.crossOriginIsolated === true,
  atomics_wait_async: typeof Atomics.waitAsync === 'function',
})"""

TIMES = """JSON.stringify({ready: window.spielstubeBoot.readyAt, worker: window.spielstubeBoot.workerReadyAt,
  steps: window.spielstubeBoot.workerSteps,
  board: window.spielstubeBoot.boardShownAt, over: document.querySelector('[data-game]')?.dataset.gameOver === 'true',
  probe: window.__probe})"""


class Chromium:
    """Playwright's Chromium with the small API of tests/engines' drivers."""

    name = "chromium"

    def __init__(self):
        from playwright.sync_api import sync_playwright

        self._playwright = sync_playwright().start()
        self._browser = self._playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"])
        self._context = self._browser.new_context(viewport={"width": 1200, "height": 900}, bypass_csp=True)
        self._page = self._context.new_page()
        self.version = self._browser.version

    def open(self, url):
        self._page.goto(url, wait_until="domcontentloaded")

    def evaluate(self, expression):
        return self._page.evaluate(expression)

    def quit(self):
        self._browser.close()
        self._playwright.stop()


def wait_for(engine, predicate, seconds, what):
    deadline = time.monotonic() + seconds
    while True:
        try:
            if engine.evaluate(f"!!({predicate})"):
                return
        except AssertionError:
            pass  # mid-navigation
        if time.monotonic() > deadline:
            raise AssertionError(f"{engine.name}: waited {seconds} s for {what}")
        time.sleep(0.1)


def serve(folder):
    """dist/ and the bare page beside its index.html."""
    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path):
            name = path.split("?")[0].lstrip("/")
            if name in BARE_FILES:
                return os.path.join(HERE, name)
            return super().translate_path(path)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def bare_boot(engine, base, where=""):
    """ms from navigation until Pyodide ran 1 + 1 (``where``: "?worker" in a module worker)."""
    engine.open(base + BARE + where)
    wait_for(engine, "window.bareReadyAt !== undefined", BOOT_SECONDS, "the bare Pyodide boot")
    return engine.evaluate("window.bareReadyAt")


def watch(engine, base, route, seconds):
    """The page in watch mode: its times and what the probe saw in ``seconds`` from ready."""
    engine.evaluate("localStorage.clear()")  # the bare page has the same origin: no kept game
    engine.open(base + route)
    engine.evaluate(PROBE)
    wait_for(engine, "document.body.dataset.appState === 'ready'", BOOT_SECONDS, "the page ready")
    wait_for(engine, "document.querySelector(\"[data-action='pace'][data-pace='0.15']\")", 60, "the pace buttons")
    engine.evaluate("document.querySelector(\"[data-action='pace'][data-pace='0.15']\").click()")
    until = time.monotonic() + seconds
    state = json.loads(engine.evaluate(TIMES))
    while time.monotonic() < until and not state["over"]:
        # A Topologic round's end waits for a person to go on.
        engine.evaluate("document.querySelector(\"[data-action='next-round']\")?.click()")
        time.sleep(0.5)
        state = json.loads(engine.evaluate(TIMES))
    probe = state.pop("probe")
    ready = state["ready"]
    moves = probe["moves"]
    gaps = [round(d, 1) for at, d in probe["gaps"] if at >= ready]
    long_tasks = None if probe["longtasks"] is None else [round(d, 1) for at, d in probe["longtasks"] if at >= ready]
    return {"ready": state["ready"], "worker_ready": state["worker"], "worker_steps": state["steps"], "board": state["board"],
            "first_move": moves[0][0] if moves else None,
            "move_intervals": [round(b[0] - a[0], 1) for a, b in zip(moves, moves[1:]) if b[1] == a[1] + 1],
            "moves": moves[-1][1] if moves else 0, "gaps": gaps, "long_tasks": long_tasks}


def percentile(values, q):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)] if ordered else None


def summary(rows):
    bare = [r["bare"] for r in rows]
    bare_worker = [r["bare_worker"] for r in rows]
    pages = [r["page"] for r in rows]
    ready = [p["ready"] for p in pages]
    intervals = [i for p in pages for i in p["move_intervals"]]
    gaps = [g for p in pages for g in p["gaps"]]
    long_tasks = None if any(p["long_tasks"] is None for p in pages) else [t for p in pages for t in p["long_tasks"]]
    first = [p["first_move"] for p in pages if p["first_move"] is not None]
    out = {"runs": len(rows), "bare_ms": round(statistics.median(bare)), "ready_ms": round(statistics.median(ready)),
           "ratio": round(statistics.median(ready) / statistics.median(bare), 2),
           "bare_worker_ms": round(statistics.median(bare_worker)),
           "ratio_to_worker_boot": round(statistics.median(ready) / statistics.median(bare_worker), 2),
           "worker_ready_ms": round(statistics.median(p["worker_ready"] for p in pages)),
           "ready_after_worker_ms": round(statistics.median(p["ready"] - p["worker_ready"] for p in pages)),
           # When the host's worker finished each start-up step (host-worker.js), ms from navigation.
           "worker_steps_ms": {step: round(statistics.median(p["worker_steps"][step] for p in pages))
                               for step in pages[0]["worker_steps"] if all(step in p["worker_steps"] for p in pages)},
           "bare_worker_steps_ms": {step: round(statistics.median(r["bare_worker_steps"][step] for r in rows))
                                    for step in rows[0]["bare_worker_steps"]},
           "first_move_ms": round(statistics.median(first)) if first else None,
           "move_interval": {"n": len(intervals), "p50": percentile(intervals, 50), "p95": percentile(intervals, 95)},
           "gaps_over_50ms": {"count": len(gaps), "max": max(gaps, default=0)},
           "long_tasks": None if long_tasks is None else {"count": len(long_tasks), "max": max(long_tasks, default=0)},
           "moves_watched": sum(p["moves"] for p in pages)}
    return out


def start(name, display):
    if name == "chromium":
        return Chromium()
    if name == "firefox":
        return Firefox(BASE.rstrip("/"))
    return WebKit(display)


BASE = None


def main(rounds, names, seconds):
    global BASE
    server, BASE = serve(DIST)
    xvfb = Xvfb() if "webkit" in names else None
    engines = {name: start(name, xvfb.display if xvfb else None) for name in names}
    out = {"rounds": rounds, "watch_seconds": seconds, "load_average_before": [round(x, 1) for x in os.getloadavg()],
           "versions": {name: engine.version for name, engine in engines.items()}, "engines": {n: [] for n in names}}
    try:
        for name, engine in engines.items():  # unmeasured: every file in the HTTP cache, the service worker installed
            bare_boot(engine, BASE)
            out.setdefault("features", {})[name] = json.loads(engine.evaluate(FEATURES))
            if rounds == 0:
                continue
            bare_boot(engine, BASE, "?worker")
            watch(engine, BASE, GAMES[0][1], 0)
        for round_ in range(rounds):
            game, route = GAMES[round_ % len(GAMES)]
            for name, engine in engines.items():
                bare = bare_boot(engine, BASE)
                bare_worker = bare_boot(engine, BASE, "?worker")
                bare_worker_steps = engine.evaluate("window.bareSteps")
                page = watch(engine, BASE, route, seconds)
                out["engines"][name].append({"game": game, "bare": bare, "bare_worker": bare_worker,
                                             "bare_worker_steps": bare_worker_steps, "page": page})
                print(name, game, f"bare {bare:.0f} ms, ready {page['ready']:.0f} ms", file=sys.stderr)
    finally:
        for engine in engines.values():
            engine.quit()
        if xvfb:
            xvfb.stop()
        server.shutdown()
    out["load_average_after"] = [round(x, 1) for x in os.getloadavg()]
    out["summary"] = {name: summary(rows) for name, rows in out["engines"].items() if rows}
    return out


if __name__ == "__main__":
    arguments = sys.argv[1:]
    picked, watch_seconds, out_path, rest = ["chromium", "firefox", "webkit"], 30, None, []
    while arguments:
        word = arguments.pop(0)
        if word == "--engines":
            picked = arguments.pop(0).split(",")
        elif word == "--watch":
            watch_seconds = float(arguments.pop(0))
        elif word == "--out":
            out_path = arguments.pop(0)
        else:
            rest.append(word)
    result = main(int(rest[0]) if rest else 3, picked, watch_seconds)
    print(json.dumps({"versions": result["versions"], "features": result.get("features"), "summary": result["summary"],
                      "load_average": [result["load_average_before"], result["load_average_after"]]}, indent=1))
    if out_path:
        with open(out_path, "w", encoding="utf-8") as handle:
            json.dump(result, handle, indent=1)
