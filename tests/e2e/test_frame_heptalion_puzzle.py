"""Heptalion's puzzle, board workshop and analysis panel on index.html, by
clicking in Chromium (the host's answers are checked against CPython)."""

import json
import os
import sys

from conftest import open_app, record, wait_ready

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "py"))

from spielstube.ai.heptalion.analysis import Analysis  # noqa: E402
from spielstube.core.record import parse_record  # noqa: E402
from spielstube.core.rng import Rng  # noqa: E402
from spielstube.core.session import Session  # noqa: E402
from spielstube.games import get_rules  # noqa: E402
from spielstube.games.heptalion.codes import board_code, rows_from_code  # noqa: E402
from spielstube.games.heptalion.layouts import perfect_board_rows  # noqa: E402

PUZZLE = "[data-game='heptalion-puzzle']"
ANALYSIS_TIMEOUT_MS = 60_000


def place_one(page):
    page.click("[data-piece].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")


def wait_moves(page, n):
    page.wait_for_function(f"JSON.parse(window.spielstube.record()).moves.length === {n}")


def test_puzzle_from_the_landing_page_count_undo_best_and_a_solution(page, base_url):
    open_app(page, base_url, "#")
    page.click("[data-game-link='heptalion-puzzle']")
    page.wait_for_selector(f"{PUZZLE} [data-piece].legal")
    assert record(page)["game"] == "heptalion-puzzle" and page.locator("[data-piece]").count() == 28
    page.wait_for_selector("[data-puzzle-best='24']", timeout=ANALYSIS_TIMEOUT_MS)  # proven in the worker
    place_one(page)
    wait_moves(page, 1)
    page.wait_for_selector("[data-puzzle-count='1']")
    assert page.locator(".board .placed").count() == 1 and page.locator("[data-piece]").count() == 27
    page.click("[data-action='undo']")
    page.wait_for_selector("[data-puzzle-count='0']")
    page.click("[data-action='redo']")
    page.wait_for_selector("[data-puzzle-count='1']")
    page.wait_for_selector("[data-puzzle-reach]", timeout=ANALYSIS_TIMEOUT_MS)
    page.click("[data-action='show-solution']")
    page.wait_for_selector("[data-solution='24']")
    assert page.locator(".solution-shown .placed").count() == 24
    assert page.locator("[data-cell].legal").count() == 0  # shown, not played
    # face up: every field keeps its symbol, so which tile goes where can be read
    assert page.locator(".solution-shown [data-cell].covered").count() == 0
    # stepping through it, one tile at a time
    page.click("[data-action='step-first']")
    page.wait_for_selector("[data-solution-step='0']")
    assert page.locator(".solution-shown .placed").count() == 0 and page.is_disabled("[data-action='step-back']")
    page.click("[data-action='step-forward']")
    page.click("[data-action='step-forward']")
    page.wait_for_selector("[data-solution-step='2']")
    assert page.locator(".solution-shown .placed").count() == 2
    assert "Tile 2 of 24" in page.inner_text(".solution-step")
    page.click("[data-action='step-back']")
    page.wait_for_selector("[data-solution-step='1']")
    page.click("[data-action='step-last']")
    page.wait_for_selector("[data-solution-step='24']")
    assert page.locator(".solution-shown .placed").count() == 24 and page.is_disabled("[data-action='step-forward']")
    page.click("[data-action='show-solution']")
    assert page.locator(".board .placed").count() == 1
    # the record is the puzzle's and replays; a reload keeps the game
    kept = record(page)
    Session.from_record(parse_record(json.dumps(kept)), get_rules, ["human"])
    page.reload()
    wait_ready(page)  # the host's boot again
    page.wait_for_selector(f"{PUZZLE}:not([data-read-only]) [data-puzzle-count='1']")
    assert record(page)["moves"] == kept["moves"]
    page.wait_for_selector("[data-puzzle-best='24']", timeout=ANALYSIS_TIMEOUT_MS)


def test_puzzle_and_game_on_a_board_code_and_a_mistyped_code(page, base_url):
    rows = perfect_board_rows(Rng(11))
    code = board_code(rows)
    open_app(page, base_url, "#heptalion-puzzle?board=" + code)
    page.wait_for_function("JSON.parse(window.spielstube.record()).options.board === 'custom'")
    assert board_code(record(page)["setup"]["board"]) == code
    assert page.evaluate("location.hash") == "#heptalion-puzzle"
    page.wait_for_selector("[data-puzzle-best]:not([data-puzzle-best=''])", timeout=ANALYSIS_TIMEOUT_MS)
    typo = code[:-1] + ("0" if code[-1] != "0" else "1")
    page.evaluate(f"location.hash = '#heptalion?board={typo}&seats=human,ai:easy'")
    page.wait_for_selector("[data-game='heptalion']")
    page.wait_for_function("document.querySelector('#toast').textContent.includes('mistyped')")
    page.wait_for_selector("dialog [data-new-game-form]")  # as for any bad value in an address
    assert record(page)["options"]["board"] == "original"  # the game there stays
    page.click("dialog [data-action='cancel-dialog']")
    page.evaluate(f"location.hash = '#heptalion?board={code}&seats=human,ai:easy'")
    page.wait_for_function("JSON.parse(window.spielstube.record()).options.board === 'custom'")
    assert board_code(record(page)["setup"]["board"]) == code


def test_workshop_swaps_fields_reports_live_and_plays_its_board(page, base_url):
    open_app(page, base_url, "#")
    page.click("[data-page-link='heptalion/workshop']")
    page.wait_for_selector("[data-workshop='ready'] [data-ws-perfect='true'][data-ws-new='false']")
    original = page.get_attribute("[data-ws-code]", "data-ws-code")
    assert page.locator(".ws-symbol[data-count='8']").count() == 7
    assert page.locator(".ws-tile.few, .ws-tile.many").count() == 0
    # swap two fields with different symbols: the top field and one below it
    page.click("[data-ws-cell='0,5']")
    assert page.locator("[data-ws-cell].selected").count() == 1
    page.click("[data-ws-cell='1,4']")
    page.wait_for_selector("[data-workshop='ready']")
    code = page.get_attribute("[data-ws-code]", "data-ws-code")
    assert code != original and page.get_attribute("[data-ws-perfect]", "data-ws-perfect") == "false"
    assert page.locator(".ws-tile.few, .ws-tile.many").count() > 0
    assert page.evaluate("location.hash") == "#heptalion/workshop?board=" + code
    # swapping back is the original again (up to symmetry: the same code)
    page.click("[data-ws-cell='0,5']")
    page.click("[data-ws-cell='1,4']")
    page.wait_for_selector("[data-workshop='ready'] [data-ws-new='false']")
    assert page.get_attribute("[data-ws-code]", "data-ws-code") == original
    # a mistyped code is refused with a message, the board stays
    page.fill("[data-ws-form] input[name=code]", original[:-2] + original[-1] + original[-2])
    page.click("[data-ws-action='load']")
    page.wait_for_function("document.querySelector('#toast').textContent.includes('mistyped')")
    assert page.get_attribute("[data-ws-code]", "data-ws-code") == original
    # a perfect board's code: loaded, then played as the puzzle
    perfect = board_code(perfect_board_rows(Rng(2)))
    page.fill("[data-ws-form] input[name=code]", perfect.upper())
    page.click("[data-ws-action='load']")
    page.wait_for_selector(f"[data-ws-code='{perfect}'] >> xpath=//ancestor::div[@data-workshop='ready']")
    assert page.get_attribute("[data-ws-perfect]", "data-ws-perfect") == "true"
    assert page.get_attribute("[data-ws-new]", "data-ws-new") == "true"
    page.reload()  # the address holds the board
    wait_ready(page)
    page.wait_for_selector(f"[data-ws-code='{perfect}']")
    page.click("[data-ws-play='puzzle']")
    page.wait_for_function("(() => { const r = window.spielstube.record(); return r &&"
                           " JSON.parse(r).game === 'heptalion-puzzle' && JSON.parse(r).options.board === 'custom'; })()")
    assert board_code(record(page)["setup"]["board"]) == perfect


def test_the_workshop_plays_its_board_as_drawn_with_the_person_to_move(page, base_url):
    open_app(page, base_url, "#heptalion/workshop")
    page.wait_for_selector("[data-workshop='ready'] [data-ws-code]")
    original = page.get_attribute("[data-ws-code]", "data-ws-code")
    page.click("[data-ws-cell='0,5']")
    page.click("[data-ws-cell='1,4']")
    page.wait_for_selector(f"[data-workshop='ready'] [data-ws-code]:not([data-ws-code='{original}'])")
    code = page.get_attribute("[data-ws-code]", "data-ws-code")
    drawn = page.evaluate("localStorage.getItem('spielstube.workshop.rows')").split("/")
    assert rows_from_code(code) != drawn  # the code names the board in another form
    page.click("[data-ws-play='heptalion']")
    page.wait_for_function("(() => { const r = window.spielstube.record(); return r &&"
                           " JSON.parse(r).game === 'heptalion' && JSON.parse(r).options.board === 'custom'; })()")
    game = record(page)
    assert game["setup"]["board"] == drawn  # as drawn: not turned, mirrored or renamed
    assert board_code(game["setup"]["board"]) == code
    # a person seated, to move: the board's fields are the workshop's
    page.wait_for_selector("[data-game='heptalion'][data-turn='0']:not([data-read-only]) [data-piece].legal")
    assert page.get_attribute("[data-game='heptalion']", "data-ai-thinking") == "false"
    symbol = {"X": "cross", "O": "circle", "D": "diamond", "S": "square", "T": "dot", "C": "clover", "P": "plus"}
    for r, c in ((0, 5), (1, 4), (5, 0)):
        assert page.get_attribute(f"[data-cell='{r},{c}']", "aria-label").startswith(symbol[drawn[r][c]])


def late_record(plies, seed):
    """A 2-person open-hands Heptalion record ``plies`` placements in (random legal moves)."""
    rules = get_rules("heptalion")
    options = rules.normalize_options({"players": 2, "board": "original"})
    rng = Rng(seed)
    session = Session(rules, options, rules.random_setup(options, rng), ["human", "human"])
    for _ in range(plies):
        moves = session.state.legal_moves()
        session.play(moves[rng.below(len(moves))])
    return session


def analysis_state(page):
    return page.get_attribute("[data-analysis]", "data-analysis")


def wait_analysis_done(page):
    page.wait_for_function("['win', 'loss', 'unknown'].includes("
                           "document.querySelector('[data-analysis]').dataset.analysis)",
                           timeout=ANALYSIS_TIMEOUT_MS)
    return analysis_state(page)


def test_analysis_panel_for_a_loaded_record_a_move_and_a_past_position(page, base_url):
    session = late_record(14, seed=5)
    open_app(page, base_url, "#heptalion?seats=human,human&first=0")
    page.wait_for_function("JSON.parse(window.spielstube.record()).options.players === 2")
    assert analysis_state(page) == "off"  # off by default
    text = json.dumps(session.record().to_dict())
    assert page.evaluate("r => window.spielstube.load(r)", text) is True
    page.click("[data-action='analysis-toggle']")
    expected = Analysis().run(session.state)
    assert wait_analysis_done(page) == expected["value"]
    marked = page.locator(".board .cell.winning").count()
    cells = {tuple(c) for m in expected["winning_moves"] for c in m["cells"]}
    assert marked == len(cells)
    assert page.locator("[data-winning]").count() == len(expected["winning_moves"])
    # a move: the panel works out the new position (the old result is gone)
    place_one(page)
    wait_moves(page, 15)
    after = Session.from_record(parse_record(page.evaluate("window.spielstube.record()")), get_rules,
                                ["human", "human"])
    assert wait_analysis_done(page) == Analysis().run(after.state)["value"]
    # a past position is analysed on its own
    page.click("[data-move-index='9']")
    page.wait_for_selector("[data-game][data-viewing='9']")
    assert wait_analysis_done(page) == Analysis().run(after.states[10])["value"]
    page.click("[data-action='back-to-present']")
    page.click("[data-action='analysis-toggle']")
    assert analysis_state(page) == "off" and page.locator(".cell.winning").count() == 0


def test_a_long_analysis_never_blocks_a_move_and_is_dropped_by_it(page, base_url):
    open_app(page, base_url, "#heptalion?seats=human,human&first=0&board=original")
    page.wait_for_function("JSON.parse(window.spielstube.record()).options.players === 2")
    page.click("[data-action='analysis-toggle']")
    assert analysis_state(page) == "working"  # the whole game from ply 0: far beyond a moment
    place_one(page)
    wait_moves(page, 1)  # answered while the worker analyses
    assert analysis_state(page) == "working"
    log = json.loads(page.evaluate("window.spielstube.log()"))
    assert not [entry for entry in log if entry.get("error")]
