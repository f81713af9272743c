"""Heptalion's analysis panel as a player feels it, in
Chromium: a progress push redraws only what it changed (the board's markup
stays, its marks follow the push), the count of positions searched moves
while one long solver call runs, and on a 360 px phone the status bar says
won / lost / working and how many placements are decided, in sight without
scrolling, in English and German."""

import json
import os
import sys

from access_helpers import assert_no_findings
from test_frame_heptalion_analysis_progress import ANALYSIS_TIMEOUT_MS, PANEL, load_and_switch_on, opening

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "py"))
sys.path.insert(0, os.path.join(ROOT, "tools", "measure"))

from analysis_push_metrics import ANALYSIS_LISTENER  # noqa: E402 (the same listener wrapper the tool measures with)

from spielstube.ai.heptalion.analysis import Analysis  # noqa: E402
from spielstube.ai.heptalion.jobs import PAGE_TABLE_ENTRIES  # noqa: E402
from spielstube.ui.heptalion.analysis import losing_cells  # noqa: E402

SUMMARY = "[data-analysis-summary]"

# Every analysis message the frame handles, with what the page showed right after it:
# whether the board's element was the one drawn before, and the fields marked.
WATCH_PUSHES = """
window.__pushes = [];
window.__analysisBefore = () => document.querySelector('svg.board');
window.__analysisAfter = (text, _start, _ms, board) => {
  const cells = (cls) => [...document.querySelectorAll('.board .cell.' + cls)].map(e => e.dataset.cell);
  const losing = [...document.querySelectorAll('.board .cell.losing')];
  window.__pushes.push({text, kept: board !== null && board === document.querySelector('svg.board'),
                        losing: cells('losing'), winning: cells('winning'),
                        labelled: losing.every(e => /every placement here loses/.test(e.getAttribute('aria-label'))),
                        summary: (document.querySelector('[data-analysis-summary]') || {}).textContent || null});
};
""" + ANALYSIS_LISTENER


def progress_pushes(page):
    """(message, what the page showed after it) of every progress push handled."""
    out = []
    for push in page.evaluate("window.__pushes"):
        message = json.loads(push["text"].partition("\n")[0])  # ui/wire.py: texts may follow
        if message.get("state") == "working" and message.get("progress"):
            out.append((message, push))
    return out


def cells(keys):
    return {tuple(int(x) for x in key.split(",")) for key in keys}


def test_a_progress_push_keeps_the_board_and_moves_its_marks(page, base_url):
    # Ply 2 of this deal is lost; its placements are refuted one by one, the first
    # outlined field after the first (docs/benchmarks.md, "Heptalion: the analysis panel").
    page.add_init_script(WATCH_PUSHES)
    session = opening(300, 2)
    load_and_switch_on(page, base_url, session)
    page.wait_for_selector(f"{PANEL}[data-analysis='loss']", timeout=ANALYSIS_TIMEOUT_MS)
    pushes = progress_pushes(page)
    assert len(pushes) >= 2, "too few progress pushes to judge"
    assert [p for _m, p in pushes if not p["kept"]] == [], "a progress push drew the whole board again"
    marked = 0
    for message, shown in pushes:
        progress = message["progress"]
        assert cells(shown["losing"]) == losing_cells(progress), progress["decided"]
        assert shown["winning"] == [] and shown["labelled"]
        assert shown["summary"] == f"Analysis: working, {progress['decided']} of {progress['total']} decided"
        marked += bool(shown["losing"])
    assert marked > 0, "no push had a field to outline"


def test_the_count_moves_inside_a_long_solver_call(page, base_url):
    # At the first move nothing is decided for minutes; a push between two solver calls
    # carries the nodes of the calls finished, one from inside a call more.
    page.add_init_script(WATCH_PUSHES)
    session = opening(301, 0)
    load_and_switch_on(page, base_url, session)
    page.wait_for_function("window.__pushes.filter(p => /\"progress\"/.test(p.text)).length >= 8",
                           timeout=ANALYSIS_TIMEOUT_MS)
    seen = [m["progress"]["nodes"] for m, _p in progress_pushes(page)]
    assert seen == sorted(seen)
    # The counts between calls, in CPython (the same nodes as the page's worker).
    between = set()

    def note(partial):
        between.add(partial["nodes"])
        if partial["nodes"] > max(seen):
            raise StopIteration

    try:
        Analysis(max_entries=PAGE_TABLE_ENTRIES).run(session.state, seconds=120, progress=note)
    except StopIteration:
        pass
    assert [n for n in seen if n not in between], f"every push came between two calls: {seen}"


def summary_in_sight(page):
    """The summary's box is inside the window (no scrolling needed)."""
    return page.evaluate("""sel => { const r = document.querySelector(sel).getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }""", SUMMARY)


def test_on_a_phone_the_status_bar_says_how_far_the_analysis_is(page, base_url):
    page.set_viewport_size({"width": 360, "height": 740})
    session = opening(301, 0)
    load_and_switch_on(page, base_url, session)
    total = len(session.state.legal_moves())
    page.wait_for_selector(f"{PANEL}[data-analysis='working'][data-total]", timeout=ANALYSIS_TIMEOUT_MS)
    page.wait_for_function(f"document.querySelector('{SUMMARY}').textContent.includes('of {total} decided')")
    assert page.inner_text(SUMMARY).startswith("Analysis: working, ")
    # Back at the board (the switch is below it, beside the hands): the whole board and the line.
    page.evaluate("window.scrollTo(0, 0)")
    assert summary_in_sight(page)
    board = page.evaluate("(() => { const r = document.querySelector('svg.board').getBoundingClientRect();"
                          " return [r.top, r.bottom, window.innerHeight]; })()")
    assert board[0] < board[2] / 4 and board[1] <= board[2], "the board is pushed down"
    assert_no_findings(page, "the analysis in the status bar, phone")
    page.click("[data-action='language']")
    page.wait_for_function(f"document.querySelector('{SUMMARY}').textContent.includes('von {total} entschieden')")
    assert page.inner_text(SUMMARY).startswith("Analyse: rechnet, ")
    assert_no_findings(page, "the analysis in the status bar, phone, German")


def test_a_proven_position_says_won_in_the_status_bar(page, base_url):
    page.set_viewport_size({"width": 360, "height": 740})
    session = opening(300, 8)
    load_and_switch_on(page, base_url, session)
    page.wait_for_selector(f"{PANEL}[data-analysis='win']", timeout=ANALYSIS_TIMEOUT_MS)
    summary = page.locator(SUMMARY)
    assert summary.get_attribute("data-analysis-summary") == "win"
    marked = page.locator(".board .cell.winning").count()
    assert marked > 0 and "Analysis: won for " in summary.inner_text()
    assert summary.locator("progress").count() == 0  # proven: no count any more
    page.evaluate("window.scrollTo(0, 0)")
    assert summary_in_sight(page)
    assert_no_findings(page, "a proven analysis in the status bar, phone")
    page.click("[data-action='language']")
    page.wait_for_function(f"document.querySelector('{SUMMARY}').textContent.startsWith('Analyse: gewonnen für ')")
    assert_no_findings(page, "a proven analysis in the status bar, phone, German")
