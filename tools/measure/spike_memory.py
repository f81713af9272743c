"""The issue's spike against the bare Pyodide page and index.html, in one harness
(docs/benchmarks.md, "Renderer memory: the spike as a yardstick").

Issue 7 read its memory target (renderer resident size <= 1.1 x a bare Pyodide
page) against a spike that measured 248 / 230 MiB = 1.08: PyScript 0.7.31 with
MicroPython drawing an SVG board, and the host worker as the page's only
Pyodide (memory_metrics.SPIKE_PAGE). This tool measures that spike the way
tools/measure/shell_metrics.py measures the page (fresh persistent profile, the largest
renderer, once ready and the server quiet for 1.5 s), interleaved run by run
with the bare page and index.html#heptalion (service workers blocked, and
allowed until one controls the page). Every visit is also followed for
SETTLE seconds: the renderer's resident size every STEP seconds, and for the
service-worker visit the worker's running status as CDP reports it (when
Chromium stops an idle service worker, its isolate leaves the renderer).

Usage: PYTHONPATH=py:tools/measure python tools/measure/spike_memory.py OUT.json
  (needs dist/ and $CHROMIUM; MEMORY_RUNS runs, MEMORY_SETTLE_S seconds followed;
  SPIKE_PAGES=bare,spike,spike_screen,app_no_sw,app chooses the pages, ratios need bare)
"""

import json
import os
import statistics
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

import memory_metrics as mm
import shell_metrics as sm

STEP_S = 5
NAMES = tuple(os.environ.get("SPIKE_PAGES", "bare,spike,spike_screen,app_no_sw,app").split(","))


def follow(playwright, server, path, ready, sw):
    """One fresh profile: resident MiB once ready, then every STEP_S seconds, and
    the service worker's status changes (seconds after ready, status)."""
    with tempfile.TemporaryDirectory(prefix="spike-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=mm.CHROMIUM, args=sm.ARGS, headless=True,
            service_workers="allow" if sw else "block", bypass_csp=True)
        mm._route_pages(context)
        page = context.new_page()
        statuses, start = [], [None]
        if sw:
            cdp = context.new_cdp_session(page)

            def note(message):
                for version in message["versions"]:
                    at = None if start[0] is None else round(time.monotonic() - start[0], 1)
                    statuses.append([at, version["runningStatus"]])
            cdp.on("ServiceWorker.workerVersionUpdated", note)
            cdp.send("ServiceWorker.enable")
        page.goto(server.url + path)
        page.wait_for_function(ready, timeout=sm.TIMEOUT_MS)
        if sw:
            page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=sm.TIMEOUT_MS)
        sm._wait_quiet(page, lambda: server.answers)
        start[0] = time.monotonic()
        timeline = [mm._rss_mib(profile)[0]]
        for _ in range(mm.SETTLE_S // STEP_S):
            page.wait_for_timeout(STEP_S * 1000)
            timeline.append(mm._rss_mib(profile)[0])
        context.close()
    server.take()
    changes = [s for i, s in enumerate(statuses) if i == 0 or s[1] != statuses[i - 1][1]]
    return {"ready_mib": timeline[0], "settled_mib": timeline[-1], "timeline_mib": timeline,
            "service_worker": changes}


def measure(playwright):
    variants = {name: (path, ready, sw) for name, path, ready, sw, _ in mm.VARIANTS}
    server = sm.CountingServer(mm.DIST)
    rows = {name: [] for name in NAMES}
    try:
        for _ in range(mm.RUNS):  # interleaved: a change of load hits every page alike
            for name in NAMES:
                rows[name].append(follow(playwright, server, *variants[name]))
    finally:
        server.close()
    out = {}
    for name, runs in rows.items():
        out[name] = {key: {"median": statistics.median(r[key] for r in runs), "runs": [r[key] for r in runs]}
                     for key in ("ready_mib", "settled_mib")}
        out[name]["timelines"] = [r["timeline_mib"] for r in runs]
        out[name]["service_worker"] = [r["service_worker"] for r in runs]
    for name in NAMES:
        for key in ("ready_mib", "settled_mib"):
            if "bare" in out:
                out[name][key]["ratio"] = round(out[name][key]["median"] / out["bare"][key]["median"], 3)
    return out


def main(out_path):
    load_before = os.getloadavg()
    with sync_playwright() as playwright:
        results = {"runs": mm.RUNS, "settle_s": mm.SETTLE_S, "step_s": STEP_S, "pages": measure(playwright)}
    results["load_average"] = [load_before, os.getloadavg()]
    with open(out_path, "w") as handle:
        handle.write(json.dumps(results, indent=1) + "\n")
    for name in NAMES:
        row = results["pages"][name]
        ready, settled = row["ready_mib"], row["settled_mib"]
        print(f"{name:10} ready {ready['median']:6.1f} MiB ({ready.get('ratio', '-')}) runs {ready['runs']}  "
              f"settled {settled['median']:6.1f} MiB ({settled.get('ratio', '-')}) runs {settled['runs']}")
    print("load average before, after", results["load_average"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/spike-memory.json")
