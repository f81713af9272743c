"""Schlangennest's strong level: think time and search depth in the page
(Pyodide in the host's worker) against CPython, for docs/benchmarks.md.

The page: games of ai:strong against ai:strong watched on index.html; every
pushed computer move's ``think_ms`` and ``think_depth`` are read from the
worker's messages (an init script listens on the page's Worker). CPython: the
same games played by the match runner's agents, think time and depth per move.
A depth 0 (forced) or 1 (one ply: a first card whose search the budget ended)
is left out of the depth figures, not of the all_think_ms ones.

Usage: PYTHONPATH=py python tools/measure/snake_think_page.py [GAMES] [--cpython-only]
(needs dist/ and $CHROMIUM for the page part; SPIELSTUBE_CLOCK=cpu counts
CPython's budget in CPU seconds, the page always runs on the wall clock).
"""

import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))

TAP_WORKER = """
window.__thinks = [];
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (event) => {
      try {
        const m = JSON.parse(String(event.data).split('\\n')[0]);  // a view's save and record may follow
        if (m.type === 'view' && m.view && m.view.think_ms !== null && m.view.think_ms !== undefined)
          window.__thinks.push({ms: m.view.think_ms, depth: m.view.think_depth});
      } catch (_) {}
    });
  }
};
"""
GAME_OVER = "document.querySelector(\"[data-game='schlangennest']\")?.dataset.gameOver === 'true'"


def page_thinks(games):
    from playwright.sync_api import sync_playwright
    from page_metrics import launch, serve

    server, base = serve()
    thinks = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for game in range(games):
            context = browser.new_context()
            page = context.new_page()
            page.add_init_script(TAP_WORKER)
            page.goto(base + f"#schlangennest?players=2&seats=ai:strong,ai:strong&first={game % 2}")
            page.wait_for_selector("[data-action='pace'][data-pace='0.15']", timeout=120_000)
            page.click("[data-action='pace'][data-pace='0.15']")
            page.wait_for_function(GAME_OVER, timeout=600_000)
            thinks += page.evaluate("window.__thinks")
            context.close()
        browser.close()
    server.shutdown()
    return thinks


def cpython_thinks(games, seed=1):
    from spielstube.ai.schlangennest.agents import agent_for
    from spielstube.core.rng import Rng
    from spielstube.games import get_rules

    rules = get_rules("schlangennest")
    options = rules.normalize_options({})
    agent = agent_for("strong", options)
    rng = Rng(seed)
    thinks = []
    for _ in range(games):
        state = rules.initial_state(options, rules.random_setup(options, rng.fork()))
        while not state.is_terminal():
            start = time.perf_counter()
            move = agent.choose_move(state, rng)
            thinks.append({"ms": (time.perf_counter() - start) * 1000, "depth": agent.depth})
            state = state.apply(move)
    return thinks


def summary(thinks):
    searched = [t for t in thinks if (t["depth"] or 0) >= 2]
    ms = [t["ms"] for t in searched]
    depths = [t["depth"] for t in searched]
    return {"moves": len(thinks), "searched": len(searched),
            "think_ms_median": round(statistics.median(ms), 1) if ms else None,
            "think_ms_mean": round(statistics.mean(ms), 1) if ms else None,
            "think_ms_max": round(max(ms), 1) if ms else None,
            "depth_mean": round(statistics.mean(depths), 2) if depths else None,
            "depth_counts": {d: depths.count(d) for d in sorted(set(depths))},
            # every move, first cards (depth 1) included: the page's limit holds for all of them
            "all_think_ms_median": round(statistics.median(t["ms"] for t in thinks), 1) if thinks else None,
            "all_think_ms_max": round(max(t["ms"] for t in thinks), 1) if thinks else None}


def main(argv):
    games = int(argv[0]) if argv and argv[0].isdigit() else 3
    out = {"load": os.getloadavg(), "cpython": summary(cpython_thinks(games))}
    if "--cpython-only" not in argv:
        out["page"] = summary(page_thinks(games))
        out["load_after"] = os.getloadavg()
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
