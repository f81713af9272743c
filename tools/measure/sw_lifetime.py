"""How long the service worker lives in the page's renderer, seen without DevTools
attached to it (docs/benchmarks.md, "Renderer memory: the spike as a yardstick").

Playwright attaches DevTools to every service worker of a context, and a worker
with DevTools attached is not stopped when idle; so the memory tools, which
drive Chromium through Playwright, always read the page with its service worker
alive. This tool starts Chromium itself (a fresh profile, headless, the same
flags) on index.html#heptalion, attaches to nothing, and every STEP seconds
reads the target list from the DevTools HTTP endpoint (listing attaches no
client): whether a service worker is running, and the resident size of the
profile's largest renderer (tools/measure/shell_metrics.py's rule). A player's steady
state is the part after the worker stopped.

The bare and spike pages can be followed the same way (LIFETIME_PAGES), for the
ratio of the steady states with no DevTools client at all.

Usage: PYTHONPATH=py:tools/measure python tools/measure/sw_lifetime.py OUT.json [SECONDS]
  (needs dist/ and $CHROMIUM; MEMORY_RUNS runs, SECONDS after launch, default 120;
  LIFETIME_PAGES=bare.html,spike.html,#heptalion the pages, default #heptalion)
"""

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import memory_metrics as mm
import shell_metrics as sm

STEP_S = 2
CHROMIUM = mm.CHROMIUM or "/usr/bin/chromium"


def targets(port):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=5) as answer:
            return json.load(answer)
    except OSError:
        return []


def devtools_port(profile, limit_s=30):
    path = os.path.join(profile, "DevToolsActivePort")
    for _ in range(limit_s * 10):
        if os.path.exists(path):
            with open(path) as handle:
                first = handle.readline().strip()
            if first:
                return int(first)
        time.sleep(0.1)
    raise RuntimeError("Chromium did not open its DevTools port")


PAGES = os.environ.get("LIFETIME_PAGES", "#heptalion").split(",")


def one_run(server, seconds, route):
    """[(seconds since launch, renderer MiB, service worker running, answers so far)]."""
    # Chromium's children may still write into the profile as the browser ends.
    with tempfile.TemporaryDirectory(prefix="sw-life-", ignore_cleanup_errors=True) as profile:
        args = [CHROMIUM, "--headless", f"--user-data-dir={profile}", "--remote-debugging-port=0",
                "--window-size=1280,720", *sm.ARGS]
        process = subprocess.Popen(args + [server.url + route],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            port = devtools_port(profile)
            start, timeline = time.monotonic(), []
            while time.monotonic() - start < seconds:
                time.sleep(STEP_S)
                kinds = [t.get("type") for t in targets(port)]
                timeline.append([round(time.monotonic() - start, 1), mm._rss_mib(profile)[0],
                                 "service_worker" in kinds, len(server.answers)])
        finally:
            process.terminate()
            process.wait(timeout=30)
    server.take()
    return timeline


def summary(timeline):
    """When the worker was first seen and last seen running, and the RSS while and after."""
    alive = [row for row in timeline if row[2]]
    after = [row[1] for row in timeline if alive and row[0] > alive[-1][0]]
    return {"first_running_s": alive[0][0] if alive else None, "last_running_s": alive[-1][0] if alive else None,
            "peak_mib": max(row[1] for row in timeline),
            "while_running_last_mib": alive[-1][1] if alive else None,
            "after_stop_mib": after[-1] if after else None, "end_mib": timeline[-1][1]}


def site(folder):
    """dist/ with the memory tools' pages as files (no Playwright routes here)."""
    shutil.copytree(mm.DIST, folder)
    for path, body in {**mm.PAGES, "/bare.html": sm.BARE_PAGE}.items():
        with open(os.path.join(folder, path.lstrip("/")), "w", encoding="utf-8") as handle:
            handle.write(body)


def main(out_path, seconds):
    keys = ("first_running_s", "last_running_s", "peak_mib", "while_running_last_mib", "after_stop_mib", "end_mib")
    result = {"seconds": seconds, "step_s": STEP_S, "pages": {}, "load_before": os.getloadavg()}
    with tempfile.TemporaryDirectory(prefix="sw-life-site-") as tmp:
        site(os.path.join(tmp, "dist"))
        server = sm.CountingServer(os.path.join(tmp, "dist"))
        try:
            for _ in range(mm.RUNS):  # interleaved, as tools/measure/spike_memory.py
                for route in PAGES:
                    timeline = one_run(server, seconds, route)
                    result["pages"].setdefault(route, []).append({"timeline": timeline, **summary(timeline)})
        finally:
            server.close()
    for route, runs in result["pages"].items():
        medians = {k: statistics.median(r[k] for r in runs) if all(r[k] is not None for r in runs) else None
                   for k in keys}
        result.setdefault("median", {})[route] = medians
        print(route, [run["end_mib"] for run in runs], medians)
    result["load_average"] = os.getloadavg()
    print("load", result["load_before"], result["load_average"])
    with open(out_path, "w") as handle:
        handle.write(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/sw-lifetime.json",
         int(sys.argv[2]) if len(sys.argv) > 2 else 120)
