"""The computer's first move after a person's, in the page: its think_ms (the host's
wall clock around the whole move, docs/host-protocol.md) and the worker's CPU in
that window (traced), for docs/benchmarks.md. The host builds a seated computer
while the person is to move (host/turns.warm_up); before that, the first move
imported the computer's modules inside its own think.

Each run: a fresh context, Heptalion for 2 (a person first, then ai:LEVEL), the
person waits SECONDS, lays the first legal tile, and the computer's answer is
read (tools/measure/frame_play_metrics.WRAP_POST, heptalion_multi_think_page.MARK_THINKS).

  CHROMIUM=/usr/bin/chromium SPIELSTUBE_DIST=dist PYTHONPATH=py nice -n 10 \\
      python tools/measure/first_think_page.py --runs 6 --level easy
"""

import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(__file__))

HEPT = "[data-game='heptalion']"
PERSON = """() => { const g = document.querySelector("[data-game='heptalion']");
  return g && !g.dataset.readOnly && !g.dataset.busy && g.dataset.aiThinking === 'false'
    && document.querySelector('[data-piece].legal'); }"""


def one_run(browser, base, level, wait_seconds):
    from frame_play_metrics import WRAP_POST
    from heptalion_multi_think_page import MARK_THINKS, TRACE_CATEGORIES, think_cpu

    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    try:
        page = context.new_page()
        with page.expect_worker() as worker_info:
            page.goto(base + f"#heptalion?players=2&seats=human,ai:{level}&first=0&board=original")
        worker = worker_info.value
        worker.evaluate(WRAP_POST)
        worker.evaluate(MARK_THINKS)
        page.wait_for_function(PERSON, timeout=180_000)
        page.wait_for_timeout(wait_seconds * 1000)  # a person looks at the board first
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
        try:
            page.click("[data-piece].legal >> nth=0")
            page.click("[data-cell].legal >> nth=0")
            page.click("[data-cell].legal >> nth=0")
            worker.evaluate("""async () => { while (!self.__thinks.length) await new Promise((r) => setTimeout(r, 10)); }""")
        finally:
            trace = browser.stop_tracing()
        think = worker.evaluate("() => self.__thinks[0]")
    finally:
        context.close()
    traced = think_cpu(trace)
    return think["ms"], (traced[0][1] if traced else None)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=6)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--wait", type=float, default=3.0, help="seconds the person waits before moving")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    from page_metrics import launch, serve

    server, base = serve()
    walls, cpus = [], []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for run in range(args.runs):
            wall, cpu = one_run(browser, base, args.level, args.wait)
            walls.append(wall)
            cpus.append(cpu)
            print(f"run {run + 1}: think {wall:.0f} ms wall, {cpu} ms CPU, load {os.getloadavg()[0]:.1f}",
                  file=sys.stderr)
        browser.close()
    server.shutdown()
    print(json.dumps({"level": args.level, "runs": args.runs, "wall_ms": walls, "cpu_ms": cpus,
                      "median_wall_ms": statistics.median(walls),
                      "median_cpu_ms": statistics.median([c for c in cpus if c is not None] or [0])}))


if __name__ == "__main__":
    main()
