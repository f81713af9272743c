"""Topologic on index.html: the MicroPython frame talking to the Pyodide host.

The cases of test_topologic_page.py re-done on the frame: whole matches by
clicking, board codes in the address, building a turn (keyboard, taking a
seeker back), undo/redo and reload, two persons at one device, German
texts and letters, the phone layout, the move list. A seeking person finds
the secret from public knowledge only: the helper's shading comes from the
host's view.
"""

import os
import sys

from conftest import finished_in_history, open_app, record, wait_ready
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from topologic_clicks import cells, choose_seek_turn, hides, place_seekers, seeker_fields, seeks

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))
from spielstube.games.topologic import build_board  # noqa: E402

GAME = "[data-game='topologic']"
AREA = ".topo-area"
TURN_TIMEOUT_MS = 30_000
ROUND_TIMEOUT_MS = 120_000
VS_COMPUTER = "#topologic?seats=human,ai:easy&first=0&seekers=3"


def attr(page, name):
    return page.get_attribute(AREA, f"data-{name}")


def wait_phase(page, *phases, timeout=TURN_TIMEOUT_MS):
    try:
        page.wait_for_function(
            """phases => { const a = document.querySelector('.topo-area');
                           return a && phases.includes(a.dataset.phase)
                             && !document.querySelector('[data-game]').dataset.readOnly; }""",
            arg=list(phases), timeout=timeout)
    except PlaywrightTimeout:
        # Say what the page showed and what the host sent, so a slow or lost answer can be told apart.
        raise AssertionError(f"waited for {phases}, the page shows {attr(page, 'phase')!r}; "
                             f"toast {page.inner_text('#toast')!r}; views and refusals "
                             f"{page.evaluate('window.spielstube.log()')}") from None
    return attr(page, "phase")


def wait_moves(page, count):
    page.wait_for_function("n => JSON.parse(window.spielstube.record()).moves.length >= n", arg=count,
                           timeout=TURN_TIMEOUT_MS)


def enter_seekers(page):
    wait_phase(page, "entry")
    place_seekers(page)
    before = len(record(page)["moves"])
    page.click("[data-action='confirm']")
    wait_moves(page, before + 1)


def seek_turn(page, board):
    choose_seek_turn(page, board)
    before = len(record(page)["moves"])
    page.click("[data-action='confirm']")
    wait_moves(page, before + 1)


def seek_a_round(page, limit=20):
    """The person seeks one round to its end; returns the hints it took."""
    board = build_board(attr(page, "board"))
    enter_seekers(page)
    for turn in range(limit):
        phase = wait_phase(page, "move", "round-end", "over")
        if phase != "move":
            return turn + 1
        if attr(page, "helper") != "true":
            page.click("[data-action='toggle-helper']")
        seek_turn(page, board)
    raise AssertionError(f"the secret was not found in {limit} hints")


def test_full_match_against_the_computer(page, base_url):
    open_app(page, base_url, VS_COMPUTER)
    # the computer hid its secret in the host; the person seeks first
    wait_phase(page, "entry")
    assert page.get_attribute(GAME, "data-turn") == "0"
    hide_entry = page.inner_text("[data-move-index='0']")
    assert "hidden" in hide_entry and "/" not in hide_entry  # the seeker never learns where
    hints = seek_a_round(page)
    assert wait_phase(page, "round-end") == "round-end"
    assert page.locator(".topo-secret").count() == 1  # the round's end reveals it
    assert str(hints) in page.inner_text(".topo-round-end")
    notebook = seeks(record(page))
    assert len(notebook) == hints and notebook[-1]["hint"] == 6
    page.click("[data-action='next-round']")
    # now the person hides a secret by clicking a tile, the computer seeks
    assert wait_phase(page, "secret") == "secret"
    page.click("[data-cell='2,3']")
    assert page.locator("[data-cell='2,3'].selected").count() == 1
    page.click("[data-cell='2,3']")  # again: the choice is dropped
    assert page.locator("[data-cell].selected").count() == 0
    page.click("[data-cell='2,3']")
    page.click("[data-action='confirm']")
    wait_phase(page, "watch")
    assert hides(record(page))[1]["secret"] == [
        int(v) for v in page.get_attribute("[data-cell='2,3']", "data-tile").split("/")]
    # the computer's turns come one by one at a readable pace; the person watches one, then skips
    page.wait_for_function("n => JSON.parse(window.spielstube.record()).moves.filter(m => m.action !== 'hide')"
                           ".length > n", arg=hints, timeout=TURN_TIMEOUT_MS)
    assert page.locator(".topo-secret").count() == 1  # the game master sees their own secret
    page.click("[data-action='skip']")
    wait_phase(page, "over", timeout=ROUND_TIMEOUT_MS)
    final = record(page)
    counts = final["result"]["counts"]
    assert counts[0] == hints
    banner = page.inner_text(".topo-match-over")
    if counts[0] < counts[1]:
        assert "You win" in banner and final["result"]["winner"] == 0
    elif counts[0] > counts[1]:
        assert "wins" in banner and final["result"]["winner"] == 1
    else:
        assert "draw" in banner and final["result"]["winner"] is None
    assert page.get_attribute(GAME, "data-game-over") == "true"
    # two rematches that differ only in the board, and the note says who seeks first in both
    assert page.locator("[data-action='rematch']").count() == 0
    assert page.locator(".topo-match-over [data-action^='rematch-']").count() == 2
    assert "Computer (easy) seeks first" in page.inner_text(".topo-rematch-note")
    # a rematch on the same board swaps who seeks first: the person hides first now
    code = final["setup"]["board"]
    page.click("[data-action='rematch-same-board']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).result === null")
    assert wait_phase(page, "secret") == "secret"
    again = record(page)
    assert again["setup"]["board"] == code and again["moves"] == []
    assert again["setup"]["first_seeker"] == 1
    finished_in_history(page, base_url, "topologic", final["result"]["winner"])


def test_board_code_in_the_address_and_another_board(page, base_url):
    code = "5x12.k3j9az"
    open_app(page, base_url, f"#topologic?board={code}&seats=human,ai:easy&first=0&seekers=3")
    page.wait_for_function("c => JSON.parse(window.spielstube.record()).setup.board === c", arg=code)
    wait_phase(page, "entry")
    assert attr(page, "board") == code
    assert page.evaluate("location.hash") == "#topologic"  # a reload resumes, not restarts
    board = build_board(code)
    drawn = dict(zip(cells(page, "[data-cell]"),
                     page.eval_on_selector_all("[data-cell]", "els => els.map(e => e.dataset.tile)")))
    assert drawn == {cell: f"{c}/{p}" for cell, (c, p) in board.tiles.items()}
    assert record(page)["options"]["seekers"] == 3
    # another board of the same shape before seeking starts
    page.click("[data-action='new-board']")
    page.wait_for_function("c => JSON.parse(window.spielstube.record()).setup.board !== c", arg=code)
    wait_phase(page, "entry")
    other = attr(page, "board")
    assert other != code and other.startswith("5x12.")
    # a link to a board while a person's match is under way asks first; keeping changes nothing
    enter_seekers(page)
    wait_phase(page, "move")
    before = record(page)
    page.evaluate("c => { location.hash = '#topologic?board=' + c; }", code)
    page.wait_for_selector("dialog[open] [data-action='keep-game']")
    page.click("dialog [data-action='keep-game']")
    assert record(page) == before
    # ... and replacing plays the linked board
    page.evaluate("c => { location.hash = '#topologic?board=' + c; }", code)
    page.wait_for_selector("dialog[open] [data-action='replace-game']")
    page.click("dialog [data-action='replace-game']")
    page.wait_for_function("c => JSON.parse(window.spielstube.record()).setup.board === c", arg=code)
    # a random shape's code round-trips as well (no person has moved: no question)
    wait_phase(page, "entry")
    page.evaluate("location.hash = '#topologic?board=random.2bq81'")
    page.wait_for_function("JSON.parse(window.spielstube.record()).setup.board === 'random.2bq81'")
    wait_phase(page, "entry")
    assert page.locator("[data-cell]").count() == 60


def test_bad_board_code_is_reported_and_loses_nothing(page, base_url):
    open_app(page, base_url, "#topologic?board=9x9.zz&seats=human,ai:easy&first=0&seekers=3")
    page.wait_for_function("document.querySelector('#toast').textContent.includes('9x9.zz')")
    wait_phase(page, "entry", "secret")  # a playable match on the board there was
    page.wait_for_selector("dialog[open] [data-new-game-form]")  # a refused address opens the dialog
    page.check("dialog input[name='seekers'][value='3']")
    page.check("dialog input[name='first'][value='0']")
    page.select_option("dialog select[name='seat-1']", "ai:easy")
    page.click("dialog [data-action='start-game']")
    enter_seekers(page)
    wait_phase(page, "move")
    before = record(page)
    page.evaluate("location.hash = '#topologic?board=6x10.not-a-seed'")
    page.click("dialog[open] [data-action='replace-game']")  # a person's match: asked first
    page.wait_for_function("document.querySelector('#toast').textContent.includes('not-a-seed')")
    assert record(page) == before


def test_turn_building_keyboard_undo_redo_and_reload(page, base_url):
    open_app(page, base_url, VS_COMPUTER)
    wait_phase(page, "entry")
    # by keyboard: the first free seeker is chosen; Enter on a marked field places it
    page.focus("[data-cell].legal >> nth=0")
    page.keyboard.press("Enter")
    first = seeker_fields(page)[0]
    assert first is not None
    # two more on the same field: several seekers may share one
    page.click(f"[data-cell='{first[0]},{first[1]}']")
    page.click(f"[data-cell='{first[0]},{first[1]}']")
    assert seeker_fields(page) == [first] * 3
    # a placed seeker can be taken back before confirming
    page.click("[data-piece='s1']")
    page.click("[data-action='lift']")
    assert seeker_fields(page)[1] is None
    assert page.is_disabled("[data-action='confirm']")
    page.keyboard.press("2")  # digits choose a seeker
    assert page.get_attribute("[data-piece='s1']", "aria-pressed") == "true"
    page.click("[data-cell].legal >> nth=-1")
    assert record(page)["moves"] == hides(record(page))  # nothing is sent before Confirm
    page.click("[data-action='confirm']")
    wait_phase(page, "move")
    entry = seeks(record(page))
    assert len(entry) == 1 and entry[0]["hint"] is not None
    assert page.get_attribute(".topo-hint", "data-hint") == str(entry[0]["hint"])
    # a move lights up only queen destinations, is marked, and can be taken back
    board = build_board(attr(page, "board"))
    page.click("[data-piece='s0']")
    legal = cells(page, "[data-cell].legal")
    assert set(legal) == set(board.queen_destinations(first)) - {first}
    page.click(f"[data-cell='{legal[0][0]},{legal[0][1]}']")
    assert "moved" in page.get_attribute("[data-piece='s0']", "class")
    page.click("[data-piece='s0']")
    page.click(f"[data-cell='{first[0]},{first[1]}']")  # back where it started
    assert "moved" not in page.get_attribute("[data-piece='s0']", "class")
    page.click("[data-piece='s0']")
    page.click(f"[data-cell='{legal[-1][0]},{legal[-1][1]}']")
    page.click("[data-action='reset-turn']")
    assert "moved" not in page.get_attribute("[data-piece='s0']", "class")
    page.click("[data-piece='s0']")
    page.click(f"[data-cell='{legal[-1][0]},{legal[-1][1]}']")
    page.click("[data-action='confirm']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length === 3")
    wait_phase(page, "move", "round-end")
    two = seeks(record(page))
    assert page.locator(".topo-notebook li").count() == 2
    # the move list says where the seekers went and what the hint was
    last = page.inner_text("[data-move-index='2']")
    assert f"hint {two[1]['hint']}" in last and f"{legal[-1][0] + 1}/{legal[-1][1] + 1}" in last
    # a hint once given stands (shared/design/rulings.md): Undo takes back only the turn being
    # built, never a confirmed one, its hint or the count
    hint_shown = page.get_attribute(".topo-hint", "data-hint-number")
    count = page.inner_text(".topo-score [data-seat='0'] .count")
    assert page.is_disabled("[data-action='undo']")
    page.keyboard.press("Control+z")
    if page.locator("[data-phase='move']").count():
        page.click("[data-piece='s1']")
        page.click("[data-cell].legal >> nth=0")
        assert "moved" in page.get_attribute("[data-piece='s1']", "class")
        page.click("[data-action='undo']")
        assert "moved" not in page.get_attribute("[data-piece='s1']", "class")
        assert page.is_disabled("[data-action='undo']")
    assert seeks(record(page)) == two
    assert page.get_attribute(".topo-hint", "data-hint-number") == hint_shown == "2"
    assert page.inner_text(".topo-score [data-seat='0'] .count") == count
    # a past position: the entry's fields are marked, read-only
    page.click("[data-move-index='1']")
    page.wait_for_selector("[data-game][data-viewing='1']")
    assert page.locator("[data-cell].highlight").count() >= 1
    page.click("[data-action='back-to-present']")
    # reload keeps the match
    page.reload()
    wait_ready(page)
    wait_phase(page, "move", "round-end")
    assert seeks(record(page)) == two
    assert page.locator(".topo-notebook li").count() == 2


def test_two_people_share_the_device(page, base_url):
    open_app(page, base_url, "#topologic?seats=human,human&first=0&seekers=3")
    # player 2 hides first: the device goes to them, nothing secret shows meanwhile
    page.wait_for_selector("[data-handover='1']")
    assert page.locator(".topo-secret").count() == 0
    assert page.locator("[data-cell].legal").count() == 0
    page.click("[data-action='handover-done']")
    wait_phase(page, "secret")
    page.click("[data-cell='1,1']")
    page.click("[data-action='confirm']")
    # the seeker gets the device back, and the secret is nowhere on the screen
    page.wait_for_selector("[data-handover='0']")
    assert page.locator(".topo-secret").count() == 0
    assert "/" not in page.inner_text("[data-move-index='0']")
    page.click("[data-action='handover-done']")
    wait_phase(page, "entry")
    assert page.get_attribute(GAME, "data-turn") == "0"
    assert page.locator(".topo-secret").count() == 0
    hints = seek_a_round(page)
    wait_phase(page, "round-end")
    assert record(page)["result"] is None and len(seeks(record(page))) == hints
    page.click("[data-action='next-round']")
    # roles swap: player 1 holds the device already and hides; then it goes to player 2
    assert wait_phase(page, "secret") == "secret"
    assert page.get_attribute(GAME, "data-turn") == "0"
    page.click("[data-cell='0,0']")
    page.click("[data-action='confirm']")
    page.wait_for_selector("[data-handover='1']")
    assert page.locator(".topo-secret").count() == 0


def test_german_texts_and_letters(page, base_url):
    open_app(page, base_url, VS_COMPUTER)
    wait_phase(page, "entry")
    page.click("[data-action='language']")
    assert "Randfeld" in page.inner_text(".status")
    page.click("[data-action='toggle-letters']")
    assert page.locator(".topo-board .letter").count() == 60
    assert page.locator(".topo-legend li").count() == 10
    page.click("[data-action='language']")
    assert "border field" in page.inner_text(".status")
    page.reload()  # the letters stay on for the next visit
    wait_ready(page)
    wait_phase(page, "entry")
    assert page.locator(".topo-board .letter").count() == 60
    page.click("[data-action='share']")
    page.wait_for_function("document.querySelector('#toast').textContent.includes('#topologic?board=')")


def test_phone_layout(page, base_url):
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, base_url, "#topologic?board=6x10.k3j9az&seats=human,ai:easy&first=0&seekers=3")
    wait_phase(page, "entry")
    # the wide board stands upright: six fields across, each a comfortable tap
    width, height = (float(v) for v in page.get_attribute(".topo-board", "viewBox").split()[2:])
    assert height > width
    field = page.locator("[data-cell='0,0'] .face").bounding_box()
    assert field["width"] >= 44 and field["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing sideways
    tray = page.locator(".topo-tray").bounding_box()
    assert tray["y"] + tray["height"] <= 844  # the seekers sit right under the board
    enter_seekers(page)
    wait_phase(page, "move")
    assert page.get_attribute(".topo-hint", "data-hint") is not None
