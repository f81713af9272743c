"""How long "Suggest a move" takes in the page, beside the strong computer's think time
in the same games: a suggestion is strong's move, so it should take about as long.

Each game: a fresh context, Heptalion for 2 (a person first, then ai:strong); at each
of the person's turns Suggest is tapped and the time from the tap until the button says
done (`data-suggest-state="done"`, the marks drawn) is read in the page; the suggested
move is played, and the computer's think_ms is read from the host's views
(frame_play_metrics.WRAP_POST). Games run to the end or to MAX_TURNS person turns.

  CHROMIUM=/usr/bin/chromium SPIELSTUBE_DIST=dist PYTHONPATH=py \\
      python tools/measure/suggest_page_metrics.py --games 3
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from frame_play_metrics import WRAP_POST, percentile  # noqa: E402
from page_metrics import launch, serve  # noqa: E402

ROUTE = "#heptalion?players=2&seats=human,ai:strong&first=0&board=original"
TIMEOUT_MS = 180_000
MAX_TURNS = 8
PERSON_OR_OVER = """() => { const g = document.querySelector("[data-game='heptalion']");
  return g && (g.dataset.gameOver === 'true' || (g.dataset.aiThinking === 'false' && g.dataset.turn === '0'
    && !g.dataset.readOnly && document.querySelector("[data-action='suggest']:not([disabled])"))); }"""
# The tap and the button's answer, both on the page's clock.
ASK = """() => new Promise((resolve) => {
  const button = document.querySelector("[data-action='suggest']");
  const t0 = performance.now();
  const done = () => { const b = document.querySelector("[data-action='suggest']");
    return b && b.dataset.suggestState === 'done' && document.querySelector('[data-piece].suggested'); };
  const observer = new MutationObserver(() => { if (done()) { observer.disconnect(); resolve(performance.now() - t0); } });
  observer.observe(document.body, {subtree: true, childList: true, attributes: true});
  button.click();
})"""
MARKED = """() => { const found = {};
  for (const e of document.querySelectorAll('[data-cell].suggested'))
    for (const i of e.dataset.suggested.split(' ')) found[Number(i)] = e.dataset.cell;
  return Object.keys(found).sort().map((k) => found[k]); }"""


def one_game(browser, base):
    suggest_ms = []
    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    try:
        page = context.new_page()
        with page.expect_worker() as worker_info:
            page.goto(base + ROUTE)
        worker = worker_info.value
        worker.evaluate(WRAP_POST)
        for _ in range(MAX_TURNS):
            page.wait_for_function(PERSON_OR_OVER, timeout=TIMEOUT_MS)
            if page.evaluate("() => document.querySelector('[data-game]').dataset.gameOver === 'true'"):
                break
            suggest_ms.append(page.evaluate(ASK))
            cells = page.evaluate(MARKED)
            page.click("[data-piece].suggested")
            for cell in cells:
                page.click(f"[data-cell='{cell}']")
            page.wait_for_function("() => !document.querySelector('.suggested')", timeout=TIMEOUT_MS)
        thinks = [t["ms"] for t in worker.evaluate("() => self.__thinks") if t["level"] == "strong"]
    finally:
        context.close()
    return suggest_ms, thinks


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    server, base = serve()
    suggest_ms, thinks = [], []
    try:
        from playwright.sync_api import sync_playwright
        with sync_playwright() as playwright:
            browser = launch(playwright)
            for _ in range(args.games):
                asked, thought = one_game(browser, base)
                suggest_ms += asked
                thinks += thought
            browser.close()
    finally:
        server.shutdown()
    for name, values in (("suggestion, tap to marks", suggest_ms), ("strong's think_ms", thinks)):
        print(f"{name}: n={len(values)} p50 {percentile(values, 50):.0f} ms, p95 {percentile(values, 95):.0f} ms,"
              f" max {max(values):.0f} ms")


if __name__ == "__main__":
    main()
