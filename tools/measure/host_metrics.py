"""Measures the game host (static/host-worker.js) in Chromium for docs/benchmarks.md.

- host ready: from creating the worker to its "ready" message, against a
  bare Pyodide boot in a worker from the same vendored files;
- how fast the host answers an intent (view-past) while a strong Heptalion
  computer thinks (JSPI slices), and when idle;
- how long `new` with a perfect board keeps the host busy (not sliced).

Usage: PYTHONPATH=py python tools/measure/host_metrics.py OUT.json  (needs dist/ and $CHROMIUM)
"""

import json
import math
import os
import statistics
import sys

from page_metrics import fresh_context, launch, serve
from playwright.sync_api import sync_playwright

RUNS = int(os.environ.get("HOST_RUNS", "10"))
THINKS = int(os.environ.get("HOST_THINKS", "4"))

PROBE = "<!doctype html><meta charset=utf-8><title>host metrics</title>"

BARE_WORKER = """
import { loadPyodide } from "./static/vendor/pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./static/vendor/pyodide/", location.href).href });
py.runPython("1 + 1");
postMessage("ready");
"""

# Resolves with ms from `new Worker` to its first message.
BOOT = """async (url) => {
  const t0 = performance.now();
  const worker = new Worker(new URL(url, location.href), {type: "module"});
  const first = await new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); });
  const ms = performance.now() - t0;
  worker.terminate();
  return {ms, first: String(first)};
}"""

LATENCY = """async ([thinks]) => {
  const worker = new Worker(new URL("static/host-worker.js", location.href), {type: "module"});
  const waiting = new Map();
  let pushed = null;
  let nextId = 1;
  worker.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === "ready") { pushed && pushed(m); return; }
    if (m.reply_to === null) { const p = pushed; pushed = null; p && p(m); return; }
    const w = waiting.get(m.reply_to); waiting.delete(m.reply_to); w && w(m);
  };
  const ask = (intent) => new Promise((resolve) => {
    const id = nextId++; const t0 = performance.now();
    waiting.set(id, (m) => resolve({m, ms: performance.now() - t0}));
    worker.postMessage(JSON.stringify({...intent, id}));
  });
  await new Promise((resolve) => { pushed = resolve; });
  let view = (await ask({intent: "open", game: "heptalion", save: null,
                         settings: {seats: ["human", "ai:strong"], first: 0}})).m.view;
  const idle = [];
  for (let i = 0; i < 30; i++) idle.push((await ask({intent: "view-past", game: "heptalion", index: 0})).ms);
  const busy = [];
  const thinkMs = [];
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  for (let t = 0; t < thinks && view.legal.length; t++) {
    const done = new Promise((resolve) => { pushed = resolve; });
    view = (await ask({intent: "move", game: "heptalion", version: view.version, move: view.legal[0]})).m.view;
    let finished = null;
    done.then((m) => { finished = m; });
    while (!finished) {
      const r = await ask({intent: "view-past", game: "heptalion", index: 0});
      if (r.m.during_think) busy.push(r.ms);
      await sleep(100);
    }
    view = finished.view;
    thinkMs.push(view.think_ms);
  }
  const perfect = [];
  for (let i = 0; i < 5; i++) {
    perfect.push((await ask({intent: "new", game: "heptalion",
                             settings: {seats: ["human", "ai:easy"], first: 0, options: {board: "perfect"}}})).ms);
  }
  worker.terminate();
  return {idle, busy, thinkMs, perfect};
}"""


def median_interval(values, level=0.95):
    """A distribution-free interval for the median: order statistics by the binomial."""
    xs = sorted(values)
    n = len(xs)
    best = (xs[0], xs[-1])
    for k in range(n // 2):
        # coverage of [x_(k+1), x_(n-k)] = P(k < B(n, 1/2) < n - k)
        coverage = sum(math.comb(n, i) for i in range(k + 1, n - k)) / 2 ** n
        if coverage < level:
            break
        best = (xs[k], xs[n - 1 - k])
    return [round(best[0], 1), round(best[1], 1)]


def summary(values):
    xs = sorted(values)
    return {"n": len(xs), "median": round(statistics.median(xs), 1), "median_95": median_interval(xs),
            "p95": round(xs[min(len(xs) - 1, math.ceil(0.95 * len(xs)) - 1)], 1), "max": round(xs[-1], 1)}


def main(out_path):
    server, base = serve()
    with sync_playwright() as playwright:
        browser = launch(playwright)
        context = fresh_context(browser)
        page = context.new_page()
        page.route(base + "probe.html", lambda route: route.fulfill(body=PROBE, content_type="text/html"))
        page.route(base + "bare-worker.js",
                   lambda route: route.fulfill(body=BARE_WORKER, content_type="text/javascript"))
        page.goto(base + "probe.html")
        host, bare = [], []
        for _ in range(RUNS):
            bare.append(page.evaluate(BOOT, "bare-worker.js")["ms"])
            booted = page.evaluate(BOOT, "static/host-worker.js")
            assert json.loads(booted["first"])["type"] == "ready", booted
            host.append(booted["ms"])
        latency = page.evaluate(LATENCY, [THINKS])
        context.close()
        browser.close()
    server.shutdown()
    results = {
        "runs": RUNS,
        "host_ready_ms": summary(host),
        "bare_worker_ms": summary(bare),
        "ready_ratio": round(statistics.median(host) / statistics.median(bare), 2),
        "answer_idle_ms": summary(latency["idle"]),
        "answer_while_thinking_ms": summary(latency["busy"]),
        "thinks": len(latency["thinkMs"]),
        "think_ms": latency["thinkMs"],
        "new_perfect_board_ms": summary(latency["perfect"]),
    }
    with open(out_path, "w", encoding="utf-8") as handle:
        json.dump(results, handle, indent=1)
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "docs/host-metrics.json"))
