"""Measures how soon a person plays while the host is away (ui/frame/away.py).

- reload: a Heptalion game against the computer is reloaded with the host's
  worker script held back; times from the navigation (the page's
  performance.now()) until the kept board offers its legal moves and until
  the move tapped on it is held; then, the worker let go, until the host has
  played the held move. Beside it the same reload with nothing held: the
  kept board's legal moves, and ``readyAt`` (the host's first view), until
  which a person could not move if the kept board took no move.
- restart: at the person's turn the worker is closed (``self.close()``) or
  frozen (a busy loop); a move is tapped at once; seconds until the page
  noticed (the wait indicator says it restarts), until the restarted host's
  first view (``data-board=live``) and until the held move is in the record.

Usage: PYTHONPATH=py python tools/measure/host_away_metrics.py [RUNS]  (needs dist/, $CHROMIUM)
"""

import os
import statistics
import sys
import time

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(__file__))
from page_metrics import launch, serve  # noqa: E402

ROUTE = "#heptalion?players=2&seats=human,ai:easy&first=0&board=original"
TIMEOUT_MS = 180_000
PERSON = """board => { const g = document.querySelector("[data-game='heptalion']");
  return g && g.dataset.board === board && !g.dataset.busy && g.dataset.turn === '0'
    && g.dataset.aiThinking === 'false' && document.querySelector('[data-piece].legal'); }"""
MOVES = "n => { const r = window.spielstube.record(); return r && JSON.parse(r).moves.length >= n; }"


def tap_a_placement(page):
    for selector in ("[data-piece].legal", "[data-cell].legal", "[data-cell].legal"):
        page.click(selector + " >> nth=0")


def moves(page):
    return page.evaluate("() => { const r = window.spielstube.record(); return r ? JSON.parse(r).moves.length : 0; }")


def played_one_exchange(context, base):
    page = context.new_page()
    page.goto(base + ROUTE)
    page.wait_for_function(PERSON, arg="live", timeout=TIMEOUT_MS)
    tap_a_placement(page)
    page.wait_for_function(MOVES, arg=2, timeout=TIMEOUT_MS)
    page.wait_for_function(PERSON, arg="live", timeout=TIMEOUT_MS)
    return page


def now(page):
    return page.evaluate("performance.now()")


def reload_run(browser, base):
    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    try:
        page = played_one_exchange(context, base)
        page.reload()  # nothing held: the kept board, then the host
        page.wait_for_function(PERSON, arg="kept", timeout=TIMEOUT_MS)
        kept_free = now(page)
        page.wait_for_function("document.body.dataset.appState === 'ready'", timeout=TIMEOUT_MS)
        ready_free = page.evaluate("window.spielstubeBoot.readyAt")
        page.wait_for_function(PERSON, arg="live", timeout=TIMEOUT_MS)
        held = []
        page.route("**/host-worker.js", lambda route: held.append(route))
        page.reload()
        page.wait_for_function(PERSON, arg="kept", timeout=TIMEOUT_MS)
        kept = now(page)
        count = moves(page) or 2
        tap_a_placement(page)
        page.wait_for_selector("[data-game][data-held]")
        tapped = now(page)
        while not held:
            page.wait_for_timeout(20)
        released = now(page)
        held[0].continue_()
        page.wait_for_function(MOVES, arg=count + 1, timeout=TIMEOUT_MS)
        played = now(page)
        return {"kept_legal_ms": kept, "held_ms": tapped, "played_after_release_ms": played - released,
                "free_kept_legal_ms": kept_free, "free_ready_ms": ready_free}
    finally:
        context.close()


STOPS = {"close": "self.close()", "freeze": "setTimeout(() => { for (;;) {} }, 0)"}


def restart_run(browser, base, how):
    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    try:
        page = played_one_exchange(context, base)
        count = moves(page)
        [worker] = [w for w in page.workers if "host-worker" in w.url]
        worker.evaluate(STOPS[how])
        start = time.monotonic()
        tap_a_placement(page)
        page.wait_for_selector("body[data-host-wait='restart']", timeout=TIMEOUT_MS)
        noticed = time.monotonic()
        page.wait_for_selector("[data-game][data-board='live']", timeout=TIMEOUT_MS)
        back = time.monotonic()
        page.wait_for_function(MOVES, arg=count + 1, timeout=TIMEOUT_MS)
        played = time.monotonic()
        return {"noticed_s": noticed - start, "back_s": back - start, "played_s": played - start}
    finally:
        context.close()


def summary(rows, key):
    values = [row[key] for row in rows]
    return f"{key}: median {statistics.median(values):.0f} (min {min(values):.0f}, max {max(values):.0f})" \
        if key.endswith("_ms") else \
        f"{key}: median {statistics.median(values):.1f} (min {min(values):.1f}, max {max(values):.1f})"


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    server, base = serve()
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            rows = [reload_run(browser, base) for _ in range(runs)]
            print(f"reload, {runs} runs (ms after navigation; played: after the worker was let go):")
            for key in rows[0]:
                print("  " + summary(rows, key))
            for how in STOPS:
                rows = [restart_run(browser, base, how) for _ in range(runs)]
                print(f"restart after {how}, {runs} runs (s after the move was tapped):")
                for key in rows[0]:
                    print("  " + summary(rows, key))
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
