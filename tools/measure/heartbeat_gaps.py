"""The host's heartbeat while it works (issue 11): the longest silence between
two ``alive`` messages of the worker while it loads the record at the move cap
(Python replays and describes 1,000 moves with the worker's event loop
blocked) and while a strong Topologic computer thinks. The page restarts a
worker it has not heard from for ui/host_link.DEAD_SECONDS; a busy worker must
stay well below that. Read by wrapping the worker's ``postMessage`` from
outside (nothing in the page is changed for it). Wall clock: report the load.

Usage: CHROMIUM=/usr/bin/chromium SPIELSTUBE_DIST=dist PYTHONPATH=py:tools/measure:tests/unit \\
       python tools/measure/heartbeat_gaps.py [runs]
"""

import sys

from cap_load_metrics import MAX_MOVES, each_run, stretched_topologic
import json

WRAP = """() => { self.__alive = []; const post = self.postMessage.bind(self);
  self.postMessage = (m) => { if (String(m).includes('"alive"')) self.__alive.push(performance.now()); post(m); }; }"""

GAPS = """(since) => { const a = self.__alive.filter((t) => t >= since); let most = 0;
  for (let i = 1; i < a.length; i++) most = Math.max(most, a[i] - a[i - 1]);
  return {beats: a.length, longest_gap_ms: Math.round(most)}; }"""


def one_run(browser, base, text):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    with page.expect_worker() as worker_info:
        page.goto(base + "#topologic")
    worker = worker_info.value
    worker.evaluate(WRAP)
    page.wait_for_function("document.body.dataset.appState === 'ready'", timeout=180_000)
    since = worker.evaluate("performance.now()")
    assert page.evaluate("t => window.spielstube.load(t)", text)
    loaded = worker.evaluate(GAPS, since)
    loaded["load_ms"] = round(worker.evaluate("performance.now()") - since)
    context.close()
    return loaded


def main(runs=3):
    text = json.dumps(stretched_topologic(MAX_MOVES))
    rows = each_run(runs, lambda browser, base: one_run(browser, base, text))
    print("longest gap ms per run", [row["longest_gap_ms"] for row in rows])


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
