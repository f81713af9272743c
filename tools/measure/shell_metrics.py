"""The shell's numbers for docs/benchmarks.md: what a real visitor downloads.

A real first visit: a fresh persistent Chromium profile (a disk HTTP cache,
the service worker allowed), against a bare page that only boots the same
vendored Pyodide in its own fresh profile. Bytes are counted by the server
(status line, headers and body of every answer), per file, so a file
downloaded twice shows twice. Then an online reload of the same profile
(target: only the service worker's version check, under 10 KB), the time
until the computer can answer against the bare boot, and the page's
renderer process's resident memory once the computer is ready.

Used by tools/measure/page_metrics.py (``--only shell`` runs just this part).
"""

import functools
import http.server
import json
import os
import re
import statistics
import sys
import tempfile
import threading
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")

BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare</title>
<script type="module">
import { loadPyodide } from "./static/vendor/pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./static/vendor/pyodide/", location.href).href });
py.runPython("1 + 1");
window.bareReadyAt = performance.now();
</script>"""
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 120_000


class CountingServer:
    """Serves ``folder`` (and bare.html) and counts the bytes of every answer."""

    def __init__(self, folder):
        self.answers = []  # [path, status, bytes]
        server = self

        class Counter:
            def __init__(self, raw, entry):
                self.raw, self.entry = raw, entry

            def write(self, data):
                self.entry[2] += len(data)
                return self.raw.write(data)

            def __getattr__(self, name):
                return getattr(self.raw, name)

        class Handler(http.server.SimpleHTTPRequestHandler):
            def setup(self):
                super().setup()
                self.raw_wfile = self.wfile

            def send_response(self, code, message=None):
                entry = [self.path.split("?")[0], code, 0]
                server.answers.append(entry)
                self.wfile = Counter(self.raw_wfile, entry)
                super().send_response(code, message)

            def do_GET(self):
                if self.path.split("?")[0] == "/bare.html":
                    body = BARE_PAGE.encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                super().do_GET()

            def log_message(self, *args):
                pass

        self._http = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Handler, directory=folder))
        threading.Thread(target=self._http.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self._http.server_address[1]}/"

    def take(self):
        """The answers since the last call: [(path, status, bytes)]."""
        answers, self.answers = self.answers, []
        return [tuple(a) for a in answers]

    def close(self):
        self._http.shutdown()
        self._http.server_close()


def _cmdline(pid):
    """The command line as one text (Chromium rewrites its own into one string)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return handle.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def renderer_rss_mib(profile):
    """Resident memory of the page's renderer process, in MiB: of the renderers
    of the browser using ``profile``, the largest (the page and its dedicated
    workers share one process; the others are spares and the browser's own UI)."""
    sizes = [0]
    for name in os.listdir("/proc"):
        if name.isdigit():
            line = _cmdline(name) + " "
            if f"--user-data-dir={profile} " in line and "--type=renderer " in line:
                sizes.append(_rss_kib(name))
    return round(max(sizes) / 1024, 1)


def _summary(answers):
    per_file = {}
    for path, status, size in answers:
        entry = per_file.setdefault(path, {"requests": 0, "bytes": 0, "statuses": []})
        entry["requests"] += 1
        entry["bytes"] += size
        entry["statuses"].append(status)
    return {"total_bytes": sum(size for _, _, size in answers), "requests": len(answers), "files": per_file}


def _wait_quiet(page, server_answers, quiet_ms=1500, limit_ms=20_000):
    """Waits until the server has answered nothing new for ``quiet_ms``."""
    seen, still, waited = len(server_answers()), 0, 0
    while still < quiet_ms and waited < limit_ms:
        page.wait_for_timeout(250)
        waited += 250
        now = len(server_answers())
        still = still + 250 if now == seen else 0
        seen = now


def bare_visit(playwright, chromium, server):
    with tempfile.TemporaryDirectory(prefix="bare-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=ARGS, headless=True)
        page = context.new_page()
        server.take()
        page.goto(server.url + "bare.html")
        page.wait_for_function("() => window.bareReadyAt !== undefined", timeout=TIMEOUT_MS)
        ready = page.evaluate("() => window.bareReadyAt")
        _wait_quiet(page, lambda: server.answers)
        memory = renderer_rss_mib(profile)
        answers = server.take()
        context.close()
    return {"ready_ms": round(ready), "renderer_mib": memory, **_summary(answers)}


def app_visit(playwright, chromium, server, route="#heptalion"):
    """A first visit, then an online reload, in one fresh persistent profile."""
    with tempfile.TemporaryDirectory(prefix="app-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=ARGS, headless=True, service_workers="allow",
            bypass_csp=True)
        page = context.new_page()
        server.take()
        page.goto(server.url + route)
        page.wait_for_function("() => document.body.dataset.appState === 'ready'", timeout=TIMEOUT_MS)
        page.wait_for_function("() => window.spielstubeBoot.workerReadyAt !== undefined", timeout=TIMEOUT_MS)
        ready = page.evaluate("() => window.spielstubeBoot.readyAt")
        computer = page.evaluate("() => window.spielstubeBoot.workerReadyAt")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
        _wait_quiet(page, lambda: server.answers)
        memory = renderer_rss_mib(profile)
        first = server.take()

        page.reload()
        page.wait_for_function("() => document.body.dataset.appState === 'ready'", timeout=TIMEOUT_MS)
        page.wait_for_function("() => window.spielstubeBoot.workerReadyAt !== undefined", timeout=TIMEOUT_MS)
        reload_computer = page.evaluate("() => window.spielstubeBoot.workerReadyAt")
        # The browser checks for a new version (sw.js) a moment after the navigation.
        _wait_quiet(page, lambda: server.answers, quiet_ms=5000)
        reload = server.take()
        context.close()
    return {"ready_ms": round(ready), "computer_ready_ms": round(computer), "renderer_mib": memory,
            "first": _summary(first), "reload": _summary(reload),
            "reload_computer_ready_ms": round(reload_computer)}


def replay_at_the_cap(runs=5):
    """Seconds (CPython) to parse and replay the largest record core.limits
    allows: the documented Topologic match stretched to MAX_MOVES turns."""
    sys.path.insert(0, os.path.join(ROOT, "py"))
    from spielstube.core.limits import MAX_MOVES
    from spielstube.core.record import parse_record, replay
    from spielstube.games import get_rules

    with open(os.path.join(ROOT, "docs", "records.md"), encoding="utf-8") as handle:
        blocks = re.findall(r"```json\n(.*?)```", handle.read(), re.S)
    data = next(json.loads(b) for b in blocks if '"game": "topologic"' in b)
    seek = next(i for i, move in enumerate(data["moves"]) if "seekers" in move)  # after any hide move
    data["moves"] = data["moves"][:seek] + [data["moves"][seek]] * (MAX_MOVES - seek)
    data["result"] = None
    text = json.dumps(data)
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        replay(parse_record(text), get_rules)
        seconds.append(time.perf_counter() - start)
    return {"moves": MAX_MOVES, "bytes": len(text), "runs": runs,
            "median_s": round(statistics.median(seconds), 3), "max_s": round(max(seconds), 3)}


def measure(playwright, chromium, folder, runs):
    server = CountingServer(folder)
    try:
        bare = [bare_visit(playwright, chromium, server) for _ in range(runs)]
        apps = [app_visit(playwright, chromium, server) for _ in range(runs)]
    finally:
        server.close()
    median = statistics.median
    bare_ms = median(b["ready_ms"] for b in bare)
    return {
        "runs": runs,
        "bare": {"ready_ms": bare_ms, "total_bytes": max(b["total_bytes"] for b in bare),
                 "renderer_mib": median(b["renderer_mib"] for b in bare)},
        "first_visit": apps[0]["first"],  # per file; the totals of every run are below
        "first_visit_bytes": [a["first"]["total_bytes"] for a in apps],
        "reload": apps[0]["reload"],
        "reload_bytes": [a["reload"]["total_bytes"] for a in apps],
        "computer_ready_ms": median(a["computer_ready_ms"] for a in apps),
        "app_ready_ms": median(a["ready_ms"] for a in apps),
        "reload_computer_ready_ms": median(a["reload_computer_ready_ms"] for a in apps),
        "computer_ready_ratio": round(median(a["computer_ready_ms"] for a in apps) / bare_ms, 2),
        "renderer_mib": median(a["renderer_mib"] for a in apps),
        "replay_at_the_cap": replay_at_the_cap(),
    }
