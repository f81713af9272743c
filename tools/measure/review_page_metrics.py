"""How long Review takes in the page for a whole finished game, per game.

Each record file given: a fresh context opens its game, loads the record
(window.spielstube.load), taps Review, and the time from the tap until the
review is done (`data-review-state="done"`) is read on the page's clock.
Make fresh records with `python -m spielstube selfplay GAME --records DIR`.

  CHROMIUM=/usr/bin/chromium SPIELSTUBE_DIST=dist PYTHONPATH=py \\
      python tools/measure/review_page_metrics.py RECORD.json ...
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from page_metrics import launch, serve  # noqa: E402

TIMEOUT_MS = 600_000
REVIEW = """() => new Promise((resolve) => {
  const t0 = performance.now();
  const done = () => document.querySelector("[data-review-state='done']");
  const observer = new MutationObserver(() => { if (done()) { observer.disconnect(); resolve(performance.now() - t0); } });
  observer.observe(document.body, {subtree: true, childList: true, attributes: true});
  document.querySelector("[data-action='review']").click();
})"""


def one_review(browser, base, path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    record = json.loads(text)
    game = record["game"]
    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    try:
        page = context.new_page()
        page.goto(base + "#" + game)
        page.wait_for_function("document.body && document.body.dataset.appState === 'ready'", timeout=TIMEOUT_MS)
        if page.evaluate("t => window.spielstube.load(t)", text) is not True:
            raise SystemExit(f"{path}: the page refused the record")
        page.wait_for_selector(f"[data-game='{game}'][data-game-over='true'] [data-action='review']:not([disabled])",
                               timeout=TIMEOUT_MS)
        seconds = page.evaluate(REVIEW) / 1000
    finally:
        context.close()
    return game, len(record["moves"]), seconds


def main():
    server, base = serve()
    try:
        from playwright.sync_api import sync_playwright
        with sync_playwright() as playwright:
            browser = launch(playwright)
            for path in sys.argv[1:]:
                game, moves, seconds = one_review(browser, base, path)
                print(f"{game}: {moves} moves reviewed in {seconds:.1f} s ({os.path.basename(path)})")
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
