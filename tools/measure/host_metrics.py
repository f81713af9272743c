"""Measures the game host (static/host-worker.js) in Chromium for docs/benchmarks.md.

- host ready: from creating the worker to its "ready" message, against a
  bare Pyodide boot in a worker from the same vendored files;
- how fast the host answers an intent (view-past) while a strong Heptalion
  computer thinks (JSPI slices), and when idle;
- how long `new` with a perfect board keeps the host busy (not sliced);
- with ``views``: what a view costs the page, opened as the page opens a game:
  per person move in a Heptalion game against the computer the answer's round
  trip and the characters posted (answer and the computer's push), and the
  round trip and characters of undo, redo and view-past answers after loading
  a 72-move Schlangennest record and the record at the move cap.

Usage: PYTHONPATH=py python tools/measure/host_metrics.py OUT.json  (needs dist/ and $CHROMIUM)
       PYTHONPATH=py:tools/measure:tests/unit python tools/measure/host_metrics.py views [PAIRS]
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

# Resolves with ms from `new Worker` to its first message (its ready).
BOOT = """async (url) => {
  const t0 = performance.now();
  const worker = new Worker(new URL(url, location.href), {type: "module"});
  // The host's heartbeat may come first on a slow boot: the first other message counts.
  const first = await new Promise((resolve) => {
    worker.onmessage = (e) => { if (String(e.data) !== '{"type": "alive"}') resolve(e.data); };
  });
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


# The page's open of a game (ui/frame/controller.py send_open), with the fields an older
# host read (moves_delta, save_text, texts_apart): each host takes those it knows, so the
# same run measures either.
PAGE = {"moves_delta": True, "moves_tail": 60, "save_text": True, "texts_apart": True}

# In the worker, games opened as the page opens them: round trips and characters posted.
VIEWS = """async ([records, pairs, PAGE]) => {
  const worker = new Worker(new URL("static/host-worker.js", location.href), {type: "module"});
  const waiting = new Map();
  let pushed = null;
  let nextId = 1;
  worker.onmessage = (e) => {
    const text = String(e.data);
    const m = JSON.parse(text.split("\\n")[0]);  // a view's texts may follow its JSON
    m.chars = text.length;
    if (m.type === "ready") { pushed && pushed(m); return; }
    if (m.type === "view" && m.reply_to === null) { const p = pushed; pushed = null; p && p(m); return; }
    const w = waiting.get(m.reply_to); waiting.delete(m.reply_to); w && w(m);
  };
  const ask = (intent) => new Promise((resolve) => {
    const id = nextId++; const t0 = performance.now();
    waiting.set(id, (m) => resolve({m, ms: performance.now() - t0, chars: m.chars}));
    worker.postMessage(JSON.stringify({...intent, id}));
  });
  await new Promise((resolve) => { pushed = resolve; });
  const out = {play: {ms: [], chars: []}};
  let view = (await ask({intent: "open", game: "heptalion", save: null, ...PAGE,
                         settings: {players: 2, seats: ["human", "ai:easy"], first: 0}})).m.view;
  while (view.legal.length && !view.result) {
    const push = new Promise((resolve) => { pushed = resolve; });
    const answer = await ask({intent: "move", game: "heptalion", version: view.version, move: view.legal[0]});
    view = answer.m.view;
    let chars = answer.chars;
    if (view.thinking !== null) { const p = await push; chars += p.chars; view = p.view; }
    out.play.ms.push(answer.ms);
    out.play.chars.push(chars);
  }
  for (const [label, game, record, seats, moves] of records) {
    await ask({intent: "open", game, save: null, settings: null, ...PAGE});
    let v = (await ask({intent: "load", game, record, seats})).m.view;
    const row = out[label] = {step: {ms: [], chars: []}, past: {ms: [], chars: []}};
    for (let i = 0; i < pairs; i++) {
      for (const intent of ["undo", "redo"]) {
        const a = await ask({intent, game, version: v.version});
        v = a.m.view;
        row.step.ms.push(a.ms); row.step.chars.push(a.chars);
      }
      const p = await ask({intent: "view-past", game, index: moves - 2 - (i % 10)});
      row.past.ms.push(p.ms); row.past.chars.push(p.chars);
    }
  }
  worker.terminate();
  return out;
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


def _serving(script):
    return lambda route: route.fulfill(body=script, content_type="text/javascript")


def in_probe(run, scripts=None):
    """``run(page)`` on a bare probe page at dist/'s origin (``scripts``: path -> JS served
    there too); its result."""
    server, base = serve()
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            context = fresh_context(browser)
            page = context.new_page()
            page.route(base + "probe.html", lambda route: route.fulfill(body=PROBE, content_type="text/html"))
            for path, body in (scripts or {}).items():
                page.route(base + path, _serving(body))
            page.goto(base + "probe.html")
            result = run(page)
            context.close()
            browser.close()
    finally:
        server.shutdown()
    return result


def main(out_path):
    def boots_and_answers(page):
        host, bare = [], []
        for _ in range(RUNS):
            bare.append(page.evaluate(BOOT, "bare-worker.js")["ms"])
            booted = page.evaluate(BOOT, "static/host-worker.js")
            assert json.loads(booted["first"])["type"] == "ready", booted
            host.append(booted["ms"])
        return host, bare, page.evaluate(LATENCY, [THINKS])

    host, bare, latency = in_probe(boots_and_answers, {"bare-worker.js": BARE_WORKER})
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


def cpu_views(records, pairs):
    """CPU ms of the host (CPython) per undo and redo answer, handled and encoded as in the
    worker, after loading each record: building and writing out the view without Pyodide."""
    import time

    from spielstube.host.host import Host
    from spielstube.host.wire import encode

    for label, game, record, seats, _moves in records:
        host = Host(seed=1)
        host.handle(dict(PAGE, id=1, intent="open", game=game, save=None, settings=None))
        view = host.handle({"id": 2, "intent": "load", "game": game, "record": record, "seats": seats})[-1]["view"]
        ms = []
        for _ in range(pairs):
            for intent in ("undo", "redo"):
                started = time.process_time()
                messages = host.handle({"id": 3, "intent": intent, "game": game, "version": view["version"]})
                for message in messages:
                    encode(message)
                ms.append((time.process_time() - started) * 1000)
                view = messages[-1]["view"]
        print(json.dumps({label + "_step_cpython_cpu": {"ms": summary(ms)}}))


def views(pairs=20):
    """What a view costs the page (module docstring); printed as JSON."""
    from snake_redraw_mpy import host_views
    from test_record_limits import stretched_topologic

    from spielstube.core.limits import MAX_MOVES

    snake = host_views()[1]["record"]
    records = [["schlangennest_72", "schlangennest", snake, ["human"] * 4, len(json.loads(snake)["moves"])],
               ["topologic_cap", "topologic", json.dumps(stretched_topologic(MAX_MOVES)), ["human", "human"],
                MAX_MOVES]]
    cpu_views(records, pairs)
    measured = in_probe(lambda page: page.evaluate(VIEWS, [records, pairs, PAGE]))
    print(json.dumps({"load": [round(x, 1) for x in os.getloadavg()]}))
    for label, row in measured.items():
        parts = {"": row} if label == "play" else row
        for part, values in parts.items():
            name = label + ("_" + part if part else "")
            print(json.dumps({name: {"ms": summary(values["ms"]), "chars": summary(values["chars"])}}))


if __name__ == "__main__":
    if sys.argv[1:2] == ["views"]:
        sys.exit(views(int(sys.argv[2]) if len(sys.argv) > 2 else 20))
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "docs/host-metrics.json"))
