"""The host answers while the computer thinks, on every engine (one page per
engine): Firefox slices its searches with JSPI, WebKit (no JSPI) through the
service worker's intent channel once the service worker controls the page
(docs/host-protocol.md, "Slices without JSPI"). An Undo clicked during a
strong computer's think is answered from inside the think (the host marks
such answers, listed in ``spielstubeBoot.answeredDuringThink``) and takes
effect; the Heptalion analysis proves a position that takes longer than an
unsliced analysis may run (host/driver.py UNSLICED_JOB_SECONDS): it ends
"loss", never "unknown". Only states are asserted, never a time.
"""

import json
import os
import sys

from test_smoke import (BOOT_SECONDS, MOVES, PERSON, TURN_SECONDS, heptalion_move,
                        person_moves_and_undoes_during_the_think, wait_moves, wait_ready)

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools", "measure"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))
from bench_page_analysis import session_after  # noqa: E402

ANALYSIS_SECONDS = 300
# Ply 2 of this deal is lost for the mover; proving it takes 2.2 CPU s in CPython, several
# seconds in a browser's worker (the same position as tests/e2e/test_frame_heptalion_analysis_progress.py).
LOST_AFTER = (300, 2)
PANEL = "document.querySelector('[data-analysis]')"
EXPECTED_SLICING = {"firefox": "jspi", "webkit": "channel"}


def test_undo_during_a_think_and_a_long_analysis_are_answered_while_the_host_works(engine, server):
    engine.open(server.url + "#heptalion?players=2&seats=human,ai:strong&first=0&board=original")
    wait_ready(engine)
    # A first visit runs before the service worker controls the page: the next load has it.
    engine.wait_for("navigator.serviceWorker.controller !== null", BOOT_SECONDS,
                    "the service worker controlling the page")
    engine.reload()
    wait_ready(engine)
    engine.wait_for("window.spielstubeBoot.hostSlicing !== ''", BOOT_SECONDS, "the host ready")
    assert engine.evaluate("window.spielstubeBoot.hostSlicing") == EXPECTED_SLICING[engine.name]

    engine.wait_for(PERSON, TURN_SECONDS, "the person's first turn")
    person_moves_and_undoes_during_the_think(engine, heptalion_move, engine.evaluate(MOVES))
    assert "undo" in engine.evaluate("window.spielstubeBoot.answeredDuringThink")

    # Two persons, open hands: the analysis of a lost position, longer than an unsliced one may run.
    engine.open(server.url + "#heptalion?players=2&seats=human,human&first=0&board=original")
    wait_ready(engine)
    engine.wait_for("window.spielstube && JSON.parse(window.spielstube.record()).options.players === 2"
                    " && JSON.parse(window.spielstube.record()).setup.hands", BOOT_SECONDS, "a game of two persons")
    session = session_after(*LOST_AFTER)
    record = json.dumps(session.record().to_dict())
    engine.evaluate(f"void window.spielstube.load({json.dumps(record)})")
    moves = len(session.record().to_dict()["moves"])
    wait_moves(engine, moves, "the record loaded")
    engine.click("[data-action='analysis-toggle']")
    engine.wait_for(f"{PANEL} && ['loss', 'win', 'unknown', 'refused'].includes({PANEL}.dataset.analysis)",
                    ANALYSIS_SECONDS, "the analysis ended")
    assert engine.evaluate(f"{PANEL}.dataset.analysis") == "loss"
