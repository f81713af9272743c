"""Where the page's renderer memory goes, for docs/benchmarks.md ("renderer memory").

Each variant in a fresh persistent Chromium profile (as tools/measure/shell_metrics.py
measures a first visit), the resident memory of the largest renderer of that
profile once the page is ready and the server has been quiet for 1.5 s, and
again SETTLE seconds later; also the sum over all its renderers (Chromium
keeps spare renderers of ~75-155 MiB, larger than an empty page's own, so a
small page's cost shows only as the sum's difference to the empty page's):
- bare: a bare Pyodide page (shell_metrics.BARE_PAGE), the yardstick;
- empty: an empty page (what any renderer costs);
- mpy_page: PyScript + MicroPython with pyscript.toml's ui files and a one-line script;
- host_only: a page that only starts static/host-worker.js (its Pyodide + host);
- spike: the issue's spike, PyScript + MicroPython (no ui files) drawing an SVG
  board and starting the host worker (tools/measure/spike_memory.py compares it);
- spike_screen: the same with the board painted over a whole screen's area;
- app_no_sw: index.html#heptalion with service workers blocked;
- app: index.html#heptalion, service worker allowed, until it controls the
  page (shell_metrics' "renderer memory", the number the target is about).
Then wasm memory sizes, from a copy of dist/ whose host-worker.js exposes
`pyodide._module.HEAP8.length` (the product is unchanged): the host ready
with no game, index.html#heptalion ready, and after a whole game of two
strong computers (the exact solver's tables); MicroPython's memory is read
from the page's WebAssembly instances.

Usage: PYTHONPATH=py python tools/measure/memory_metrics.py OUT.json  (needs dist/, $CHROMIUM)
"""

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

import shell_metrics as sm

DIST = os.environ.get("SPIELSTUBE_DIST", "dist")
CHROMIUM = os.environ.get("CHROMIUM") or None
RUNS = int(os.environ.get("MEMORY_RUNS", "3"))
SETTLE_S = int(os.environ.get("MEMORY_SETTLE_S", "30"))
TOOLS = os.path.dirname(os.path.abspath(__file__))

EMPTY = "<!doctype html><title>empty</title><p>empty"
MPY_PAGE = ('<!doctype html><script type="module" src="static/vendor/pyscript/core.js"></script>'
            '<script type="mpy" config="./pyscript.toml">import js\njs.window.mpyReadyAt = js.performance.now()</script>')
HOST_ONLY = ('<!doctype html><script type="module">const w = new Worker("./static/host-worker.js", {type: "module"});'
             'w.onmessage = (e) => { if (window.hostReady === undefined) window.hostReady = e.data; };</script>')
# The spike (issue 7 section 0, platform-notes.md): PyScript 0.7.31 running MicroPython with no
# ui files, drawing an SVG board by innerHTML and starting the host worker as the page's only
# Pyodide; ready once the host says "ready". The yardstick the 1.1 target was read against.
SPIKE_TOML = 'interpreter = "./static/vendor/mpy/micropython.mjs"\n'
SPIKE_TEMPLATE = """<!doctype html><meta charset="utf-8"><title>spike</title>
<script type="module" src="static/vendor/pyscript/core.js"></script>
<div id="board"></div>
<script type="mpy" config="./spike.toml">
import js
from pyscript import document
from pyscript.ffi import create_proxy
cells = []
for r in range(9):
    for c in range(9):
        cells.append('<polygon points="%d,%d %d,%d %d,%d" fill="#eee" stroke="#333"/>' % (
            40 * c + 20 * (r % 2), 40 * r + 40, 40 * c + 20 * (r % 2) + 20, 40 * r, 40 * c + 20 * (r % 2) + 40, 40 * r + 40))
document.getElementById("board").innerHTML = '<svg viewBox="0 0 400 400" width="WIDTH" height="HEIGHT" preserveAspectRatio="none">' + "".join(cells) + "</svg>"
js.window.spikeBoardAt = js.performance.now()
worker = js.Worker.new("./static/host-worker.js", js.JSON.parse('{"type": "module"}'))
def on_message(event):
    if js.JSON.parse(event.data).type == "ready":
        js.window.spikeReadyAt = js.performance.now()
worker.onmessage = create_proxy(on_message)
</script>"""
SPIKE_PAGE = SPIKE_TEMPLATE.replace("WIDTH", "400").replace("HEIGHT", "400")
# The same spike with its board stretched over the area index.html#heptalion paints at
# 1280 x 720 (a document of 1280 x 956): what painting a whole screen adds (raster tiles).
SPIKE_SCREEN_PAGE = SPIKE_TEMPLATE.replace("WIDTH", "1264").replace("HEIGHT", "940")
APP_READY = ("() => document.body.dataset.appState === 'ready' && "
             "window.spielstubeBoot.workerReadyAt !== undefined")
VARIANTS = (  # name, path, ready predicate, service worker, settle too
    ("bare", "bare.html", "() => window.bareReadyAt !== undefined", False, True),
    ("empty", "empty.html", "() => document.readyState === 'complete'", False, False),
    ("mpy_page", "mpy.html", "() => window.mpyReadyAt !== undefined", False, False),
    ("host_only", "host.html", "() => window.hostReady !== undefined", False, False),
    ("spike", "spike.html", "() => window.spikeReadyAt !== undefined", False, True),
    ("spike_screen", "spike-screen.html", "() => window.spikeReadyAt !== undefined", False, True),
    ("app_no_sw", "#heptalion", APP_READY, False, True),
    ("app", "#heptalion", APP_READY, True, True),
)
PAGES = {"/empty.html": EMPTY, "/mpy.html": MPY_PAGE, "/host.html": HOST_ONLY, "/spike.html": SPIKE_PAGE,
         "/spike-screen.html": SPIKE_SCREEN_PAGE,
         "/spike.toml": SPIKE_TOML}
HEAP_HOOK = 'self.__heap = () => pyodide._module.HEAP8.length;'
WASM_MEMORIES = """(() => { window.__memories = [];
  const keep = (r) => { for (const v of Object.values((r.instance || r).exports || {}))
    if (v instanceof WebAssembly.Memory) window.__memories.push(v); return r; };
  const a = WebAssembly.instantiate, b = WebAssembly.instantiateStreaming;
  WebAssembly.instantiate = (...x) => a(...x).then(keep);
  WebAssembly.instantiateStreaming = (...x) => b(...x).then(keep); })();"""
MIB = 1024 * 1024


def _route_pages(context):
    def serve(body, kind):
        return lambda route: route.fulfill(body=body, content_type=kind)

    for path, body in PAGES.items():
        context.route(f"**{path}", serve(body, "text/html" if path.endswith(".html") else "text/plain"))


def _renderers(profile):
    """pid -> resident KiB of the renderers of the browser using ``profile``."""
    found = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            line = sm._cmdline(name) + " "
            if f"--user-data-dir={profile} " in line and "--type=renderer " in line:
                found[name] = sm._rss_kib(name)
    return found


def _rss_mib(profile):
    """The largest renderer (shell_metrics' rule: the page and its workers), and
    the sum over all renderers of the profile: Chromium keeps spare renderers,
    so a part's cost is told by the sum's difference to an empty page's."""
    sizes = list(_renderers(profile).values()) or [0]
    return round(max(sizes) / 1024, 1), round(sum(sizes) / 1024, 1)


def visit(playwright, server, path, ready, sw, settle):
    with tempfile.TemporaryDirectory(prefix="memory-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=sm.ARGS, headless=True,
            service_workers="allow" if sw else "block", bypass_csp=True)
        _route_pages(context)
        page = context.new_page()
        page.goto(server.url + path)
        page.wait_for_function(ready, timeout=sm.TIMEOUT_MS)
        if sw:
            page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=sm.TIMEOUT_MS)
        sm._wait_quiet(page, lambda: server.answers)
        row = dict(zip(("ready_mib", "all_renderers_mib"), _rss_mib(profile)))
        if settle:
            page.wait_for_timeout(SETTLE_S * 1000)
            row["settled_mib"] = _rss_mib(profile)[0]
        context.close()
    server.take()
    return row


def rss(playwright):
    server = sm.CountingServer(DIST)
    out = {}
    try:
        for name, path, ready, sw, settle in VARIANTS:
            rows = [visit(playwright, server, path, ready, sw, settle) for _ in range(RUNS)]
            out[name] = {key: {"median": statistics.median(r[key] for r in rows),
                               "runs": [r[key] for r in rows]} for key in rows[0]}
    finally:
        server.close()
    return out


def instrumented_copy(folder):
    """dist/ with host-worker.js exposing the wasm heap's size, its manifest rebuilt."""
    shutil.copytree(DIST, folder)
    path = os.path.join(folder, "static", "host-worker.js")
    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    anchor = "const pyodide = await loadPyodide("
    at = source.index(anchor)
    end = source.index(";", at) + 1
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(source[:end] + "\n  " + HEAP_HOOK + source[end:])
    subprocess.run([sys.executable, os.path.join(TOOLS, "..", "build", "precache.py"), folder], check=True, capture_output=True)


def heaps(playwright, game_seconds=240):
    with tempfile.TemporaryDirectory(prefix="memory-dist-") as tmp:
        folder = os.path.join(tmp, "dist")
        instrumented_copy(folder)
        server = sm.CountingServer(folder)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=sm.ARGS)
        out = {}
        try:
            context = browser.new_context(service_workers="block")
            _route_pages(context)
            page = context.new_page()
            page.goto(server.url + "host.html")
            page.wait_for_function("() => window.hostReady !== undefined", timeout=sm.TIMEOUT_MS)
            out["host_ready_no_game_mib"] = page.workers[0].evaluate("() => self.__heap()") / MIB
            context.close()

            context = browser.new_context(service_workers="block")
            page = context.new_page()
            page.add_init_script(WASM_MEMORIES)
            page.goto(server.url + "#heptalion?players=2&seats=ai:strong,ai:strong&first=0&board=original")
            page.wait_for_function(APP_READY, timeout=sm.TIMEOUT_MS)
            worker = page.workers[0]
            out["heptalion_open_mib"] = worker.evaluate("() => self.__heap()") / MIB
            out["micropython_memory_mib"] = page.evaluate(
                "() => window.__memories.map(m => m.buffer.byteLength)")[0] / MIB
            page.click("[data-action='pace'][data-pace='0.15']")
            page.wait_for_function("() => document.querySelector('[data-game]').dataset.gameOver === 'true'",
                                   timeout=game_seconds * 1000)
            out["after_strong_game_mib"] = worker.evaluate("() => self.__heap()") / MIB
            out["micropython_after_game_mib"] = page.evaluate(
                "() => window.__memories.map(m => m.buffer.byteLength)")[0] / MIB
            context.close()
        finally:
            browser.close()
            server.close()
    return out


def main(out_path):
    with sync_playwright() as playwright:
        results = {"runs": RUNS, "settle_s": SETTLE_S, "rss": rss(playwright), "wasm": heaps(playwright)}
    results["load_average"] = os.getloadavg()
    text = json.dumps(results, indent=1)
    print(text)
    with open(out_path, "w") as handle:
        handle.write(text + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/memory-metrics.json")
