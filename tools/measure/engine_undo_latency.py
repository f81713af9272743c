"""Measures, per engine, how long an Undo clicked during a strong computer's
think takes to show (the move list back to before the person's move), and how
long the Heptalion analysis of a lost position takes to say so, for
docs/benchmarks.md. The page is loaded twice (the second load is the one the
service worker controls, as every visit after the first).

  PYTHONPATH=py .venv/bin/python tools/measure/engine_undo_latency.py [--engines webkit,firefox]
      [--trials 5] [--dist DIST] [--no-analysis] [--first-visit]

--first-visit measures the load before the service worker controls the page
(WebKit: the host runs unsliced, "none").

The Undo is clicked from a script in the page 0.3 s after the think starts; the
time is the page's own clock from the click to the move list's shrinking
(a 5 ms timer watches it). The same Undo with the host idle (after the
computer's reply) is the yardstick: what the page and the host's answer cost.
"""

import argparse
import json
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "engines"))
sys.path.insert(0, os.path.join(ROOT, "py"))
sys.path.insert(0, HERE)

from engines import Firefox, StoppableServer, WebKit, Xvfb  # noqa: E402
from bench_page_analysis import session_after  # noqa: E402

ROUTE = "#heptalion?players=2&seats=human,ai:strong&first=0&board=original"
PERSON = ("(() => { const g = document.querySelector('[data-game]'); return !!(g && document.body.dataset.appState"
          " === 'ready' && g.dataset.aiThinking === 'false' && g.dataset.turn === '0' && g.dataset.board !== 'kept'"
          " && document.querySelector('.legal')); })()")
ENTRIES = "document.querySelectorAll('[data-move-index]').length"
UNDO_SOON = """(() => {
  window.__undo = null;
  const before = %(entries)s;
  setTimeout(() => {
    const start = performance.now();
    document.querySelector("[data-action='undo']").click();
    const watch = () => {
      if (%(entries)s < before) window.__undo = performance.now() - start;
      else setTimeout(watch, 5);
    };
    watch();
  }, 300);
})()"""


def person_move(engine):
    engine.click("[data-piece].legal")
    engine.wait_for("document.querySelector('[data-piece].selected')", 60)
    engine.click("[data-cell].legal")
    engine.wait_for("document.querySelector('[data-cell].selected')", 60)
    engine.click("[data-cell].legal")


def undo_trial(engine):
    engine.wait_for(PERSON, 120, "the person's turn")
    person_move(engine)
    engine.wait_for("document.querySelector('[data-game]').dataset.aiThinking === 'true'", 60, "the think")
    engine.evaluate(UNDO_SOON % {"entries": ENTRIES})
    engine.wait_for("window.__undo !== null", 300, "the Undo shown")
    return engine.evaluate("window.__undo")


def idle_undo_trial(engine):
    """The same Undo with the host idle: the person's move, the computer's reply, then Undo
    (what the page and a host answer cost without a think)."""
    engine.wait_for(PERSON, 120, "the person's turn")
    person_move(engine)
    engine.wait_for(f"{ENTRIES} >= 2", 120, "the computer's reply")
    engine.wait_for(PERSON, 120, "the person's turn after the reply")
    engine.evaluate(UNDO_SOON.replace("300", "0") % {"entries": ENTRIES})
    engine.wait_for("window.__undo !== null", 300, "the Undo shown")
    return engine.evaluate("window.__undo")


def analysis_seconds(engine, url):
    engine.open(url + "#heptalion?players=2&seats=human,human&first=0&board=original")
    engine.wait_for("document.body.dataset.appState === 'ready' && window.spielstube", 120, "ready")
    session = session_after(300, 2)
    record = json.dumps(session.record().to_dict())
    engine.evaluate(f"void window.spielstube.load({json.dumps(record)})")
    moves = len(session.record().to_dict()["moves"])
    engine.wait_for(f"JSON.parse(window.spielstube.record()).moves.length === {moves}", 60, "loaded")
    started = time.monotonic()
    engine.click("[data-action='analysis-toggle']")
    panel = "document.querySelector('[data-analysis]')"
    engine.wait_for(f"{panel} && ['loss', 'win', 'unknown', 'refused'].includes({panel}.dataset.analysis)",
                    600, "the analysis ended")
    return engine.evaluate(f"{panel}.dataset.analysis"), time.monotonic() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--engines", default="webkit,firefox")
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--dist", default=os.path.join(ROOT, "dist"))
    parser.add_argument("--no-analysis", action="store_true")
    parser.add_argument("--first-visit", action="store_true")
    args = parser.parse_args()
    server = StoppableServer(args.dist)
    display = None
    try:
        for name in args.engines.split(","):
            if name == "webkit":
                display = display or Xvfb()
                engine = WebKit(display.display)
            else:
                engine = Firefox(server.url.rstrip("/"))
            try:
                engine.open(server.url + ROUTE)
                if not args.first_visit:
                    engine.wait_for("navigator.serviceWorker.controller !== null", 120, "the service worker")
                    engine.reload()
                engine.wait_for("document.body.dataset.appState === 'ready'", 120, "ready")
                slicing = engine.evaluate("window.spielstubeBoot.hostSlicing")
                times = [undo_trial(engine) for _ in range(args.trials)]
                idle = [idle_undo_trial(engine) for _ in range(args.trials)]
                during = engine.evaluate("window.spielstubeBoot.answeredDuringThink")
                line = {"engine": name, "version": engine.version, "slicing": slicing,
                        "undo_ms": [round(t) for t in times], "undo_median_ms": round(statistics.median(times)),
                        "idle_undo_ms": [round(t) for t in idle], "idle_undo_median_ms": round(statistics.median(idle)),
                        "undos_answered_during_think": (during or []).count("undo")}
                if not args.no_analysis:
                    value, seconds = analysis_seconds(engine, server.url)
                    line.update(analysis=value, analysis_seconds=round(seconds, 1))
                print(json.dumps(line), flush=True)
            finally:
                engine.quit()
    finally:
        server.stop()
        if display is not None:
            display.stop()


if __name__ == "__main__":
    main()
