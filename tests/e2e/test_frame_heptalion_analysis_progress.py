"""Heptalion's analysis panel before a position is proven, in Chromium: the
placements decided so far are counted and the fields where every placement
is proven to lose are marked, as the worker's rounds finish; the next move
starts afresh (docs/host-protocol.md §7, "progress")."""

import json
import os
import sys

from access_helpers import assert_no_findings
from conftest import open_app

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "py"))

from spielstube.games import get_rules  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "tools", "measure"))
# A 2-person open-hands session ``plies`` random placements into a fresh deal: the tool's positions.
from bench_page_analysis import session_after as opening  # noqa: E402

ANALYSIS_TIMEOUT_MS = 180_000
PANEL = "[data-analysis]"


def load_and_switch_on(page, base_url, session):
    open_app(page, base_url, "#heptalion?seats=human,human&first=0&board=original")
    page.wait_for_function("JSON.parse(window.spielstube.record()).options.players === 2")
    assert page.evaluate("r => window.spielstube.load(r)", json.dumps(session.record().to_dict())) is True
    moves = len(session.record().to_dict()["moves"])
    page.wait_for_function(f"JSON.parse(window.spielstube.record()).moves.length === {moves}")
    page.click("[data-action='analysis-toggle']")


def fields_of(moves):
    return {(m.cells[0][0], m.cells[0][1]) for m in moves} | {(m.cells[1][0], m.cells[1][1]) for m in moves}


def test_the_panel_counts_the_decided_placements_and_marks_the_lost_fields(page, base_url):
    # Ply 2 of this deal is lost for the mover; its 35 placements are refuted one by one
    # over some seconds (2.2 CPU s in CPython), so the page shows them coming.
    session = opening(300, 2)
    total = len(session.state.legal_moves())
    load_and_switch_on(page, base_url, session)
    page.wait_for_function(
        f"(() => {{ const p = document.querySelector('{PANEL}'); return p.dataset.analysis === 'working'"
        f" && Number(p.dataset.decided) > 0; }})()", timeout=ANALYSIS_TIMEOUT_MS)
    panel = page.locator(PANEL)
    assert panel.get_attribute("data-total") == str(total)
    assert panel.locator("progress").get_attribute("max") == str(total)
    assert f"of {total} placements decided" in panel.inner_text()
    assert_no_findings(page, "analysis panel while not proven")  # axe, as on every screen
    # The page answers meanwhile: a tile is chosen at once.
    page.click("[data-piece].legal >> nth=0")
    page.wait_for_selector("[data-piece].selected")
    page.click("[data-piece].selected")
    # Proven lost: every field a placement may take is marked as losing, none as winning.
    page.wait_for_selector(f"{PANEL}[data-analysis='loss']", timeout=ANALYSIS_TIMEOUT_MS)
    losing = {tuple(int(x) for x in c.split(",")) for c in
              page.eval_on_selector_all(".board .cell.losing", "els => els.map(e => e.dataset.cell)")}
    assert losing == fields_of(session.state.legal_moves())
    assert page.locator(".board .cell.winning").count() == 0
    assert page.locator(f"{PANEL} progress").count() == 0  # all decided: no count any more


def test_at_the_first_move_it_shows_its_work_and_the_next_move_starts_afresh(page, base_url):
    session = opening(301, 0)
    load_and_switch_on(page, base_url, session)
    # The whole game is far beyond a moment: the panel says how far it got.
    page.wait_for_selector(f"{PANEL}[data-analysis='working'][data-total]", timeout=ANALYSIS_TIMEOUT_MS)
    first_total = page.get_attribute(PANEL, "data-total")
    assert first_total == str(len(session.state.legal_moves()))
    assert "positions searched" in page.inner_text(PANEL)
    page.click("[data-piece].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length === 1")
    # The new position: its own count, never the old one's.
    replayed = json.loads(page.evaluate("window.spielstube.record()"))
    rules = get_rules("heptalion")
    after = session.state.apply(rules.move_from_json(replayed["moves"][0]))
    page.wait_for_selector(f"{PANEL}[data-analysis='working'][data-total]", timeout=ANALYSIS_TIMEOUT_MS)
    assert page.get_attribute(PANEL, "data-total") == str(len(after.legal_moves()))
    log = json.loads(page.evaluate("window.spielstube.log()"))
    assert not [entry for entry in log if entry.get("error")]
