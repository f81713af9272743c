"""Topologic in Chromium: a whole match by clicking, board codes, hand-over, reload.

The tests never read a secret they should not know: a seeking person
finds it from the hints alone, through the notebook helper's shading.
"""

import os
import sys

from conftest import open_app, record, wait_ready

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))
from spielstube.games.topologic import build_board, hint_partition  # noqa: E402

GAME = "[data-game='topologic']"
TURN_TIMEOUT_MS = 30_000
ROUND_TIMEOUT_MS = 120_000


def attr(page, name):
    return page.get_attribute(GAME, f"data-{name}")


def wait_phase(page, *phases, timeout=TURN_TIMEOUT_MS):
    page.wait_for_function(
        """phases => { const g = document.querySelector("[data-game='topologic']");
                       return g && phases.includes(g.dataset.phase); }""",
        arg=list(phases), timeout=timeout)
    return attr(page, "phase")


def cells(page, selector):
    return [tuple(int(v) for v in text.split(","))
            for text in page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.cell)")]


def seeker_fields(page):
    return [tuple(int(v) for v in text.split(",")) if text else None
            for text in page.eval_on_selector_all("[data-piece^='s']", "els => els.map(e => e.dataset.at)")]


def start_new_game(page, p0="human", p1="computer", first="0", seekers="5", shape="6x10", code=""):
    page.click("[data-action='new-game']")
    page.check(f"dialog input[name='p0'][value='{p0}']")
    page.check(f"dialog input[name='p1'][value='{p1}']")
    page.check(f"dialog input[name='first'][value='{first}']")
    page.check(f"dialog input[name='seekers'][value='{seekers}']")
    page.check(f"dialog input[name='shape'][value='{shape}']")
    page.fill("dialog input[name='board_code']", code)
    page.click("dialog [data-action='start-game']")
    page.wait_for_selector("dialog", state="hidden")


def enter_seekers(page):
    """Places every seeker on border fields spread around the board, by clicking."""
    wait_phase(page, "entry")
    border = cells(page, "[data-cell].legal")
    count = page.locator("[data-piece^='s']").count()
    for i in range(count):
        target = border[(i * len(border)) // count]
        page.click(f"[data-cell='{target[0]},{target[1]}']")
    assert None not in seeker_fields(page)
    page.click("[data-action='confirm']")


def seeks(data):
    """A record's seeker turns (the game master's hide moves left out)."""
    return [move for move in data["moves"] if move.get("action") != "hide"]


def hides(data):
    return [move for move in data["moves"] if move.get("action") == "hide"]


def aligned(a, b):
    return a[0] == b[0] or a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1])


def seek_turn(page, board):
    """One turn from public knowledge only: the board, the helper's shaded
    candidates and the marked destinations. Each seeker in turn takes the
    field that splits the candidates most finely by the hint they would
    give, else the one closest to a candidate; with one left, all close in."""
    candidates = cells(page, "[data-cell].candidate")
    assert candidates, "the helper shades at least the secret's field"
    positions = seeker_fields(page)
    for i, here in enumerate(positions):
        page.click(f"[data-piece='s{i}']")
        legal = set(cells(page, "[data-cell].legal"))
        assert legal == set(board.queen_destinations(here))  # exactly the queen moves light up

        def cost(field):
            if len(candidates) == 1:
                return board.queen_distance(field, candidates[0]), field
            trial = positions[:i] + [field] + positions[i + 1:]
            groups = hint_partition(board, candidates, trial).values()
            return (sum(len(g) ** 2 for g in groups),
                    min(board.queen_distance(field, c) for c in candidates), field)

        target = min(legal | {here}, key=cost)
        positions[i] = target
        if target == here:
            page.click(f"[data-piece='s{i}']")  # chosen again: dropped, it stays
        else:
            page.click(f"[data-cell='{target[0]},{target[1]}']")
    assert page.locator("[data-cell].legal").count() == 0  # nothing left selected
    page.click("[data-action='confirm']")


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
    open_app(page, base_url, "#topologic")
    page.wait_for_selector(GAME)
    start_new_game(page, p0="human", p1="computer", first="0", seekers="4")
    # the computer hid its secret at once; the person seeks first
    assert attr(page, "turn") == "0"
    hints = seek_a_round(page)
    assert wait_phase(page, "round-end") == "round-end"
    # the round's end reveals the secret and the count
    assert page.locator(".topo-secret").count() == 1
    assert str(hints) in page.inner_text(".topo-round-end")
    notebook = seeks(record(page))
    assert len(notebook) == hints and notebook[-1]["hint"] == 8
    page.click("[data-action='next-round']")
    # now the person hides a secret by clicking a tile, the computer seeks
    assert wait_phase(page, "secret") == "secret"
    assert attr(page, "turn") == "0"
    page.click("[data-cell='2,3']")
    assert page.locator("[data-cell='2,3'].selected").count() == 1
    page.click("[data-action='confirm']")
    assert hides(record(page))[1]["secret"] == [
        int(v) for v in page.get_attribute("[data-cell='2,3']", "data-tile").split("/")]
    wait_phase(page, "watch")
    # the computer's turns come one by one; the person watches one, then skips ahead
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.filter(m => m.action !== 'hide').length > %d" % hints,
                           timeout=TURN_TIMEOUT_MS)
    assert page.locator(".topo-secret").count() == 1  # the person sees their own secret
    page.click("[data-action='skip']")
    wait_phase(page, "over", timeout=ROUND_TIMEOUT_MS)
    final = record(page)
    assert final["result"] is not None
    counts = final["result"]["counts"]
    assert counts[0] == hints
    banner = page.inner_text(".game-over")
    if counts[0] < counts[1]:
        assert "You win" in banner and final["result"]["winner"] == 0
    elif counts[0] > counts[1]:
        assert "wins" in banner and final["result"]["winner"] == 1
    else:
        assert "draw" in banner and final["result"]["winner"] is None
    # a rematch on the same board swaps who seeks first
    code = final["setup"]["board"]
    page.click("[data-action='rematch-same-board']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).result === null")
    again = record(page)
    assert again["setup"]["board"] == code and seeks(again) == []
    assert again["setup"]["first_seeker"] == 1
    # the person hides first now
    assert wait_phase(page, "secret") == "secret"


def test_board_code_round_trip(page, base_url):
    code = "5x12.k3j9az"
    open_app(page, base_url, f"#topologic?board={code}")
    page.wait_for_selector(GAME)
    assert attr(page, "board") == code
    assert record(page)["setup"]["board"] == code
    board = build_board(code)
    drawn = dict(zip(cells(page, "[data-cell]"),
                     page.eval_on_selector_all("[data-cell]", "els => els.map(e => e.dataset.tile)")))
    assert drawn == {cell: f"{c}/{p}" for cell, (c, p) in board.tiles.items()}
    assert page.evaluate("location.hash") == f"#topologic?board={code}"
    # another board: a new code, in the address as well
    page.click("[data-action='new-board']")
    other = attr(page, "board")
    assert other != code and other.startswith("5x12.")
    assert page.evaluate("location.hash") == f"#topologic?board={other}"
    # a link to a board while a match is under way asks first; Cancel keeps the match
    enter_seekers(page)
    wait_phase(page, "move")
    before = record(page)
    page.evaluate("code => { location.hash = '#topologic?board=' + code; }", code)
    page.wait_for_selector("dialog[open]")
    assert code in page.inner_text("dialog")
    assert page.input_value("dialog input[name='board_code']") == code
    page.click("dialog [data-action='cancel-dialog']")
    assert record(page) == before
    page.wait_for_function("location.hash === '#topologic?board=%s'" % other)
    # ... and Start plays the linked board
    page.evaluate("code => { location.hash = '#topologic?board=' + code; }", code)
    page.wait_for_selector("dialog[open]")
    page.click("dialog [data-action='start-game']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).setup.board === '%s'" % code)
    # a random shape's code round-trips as well
    page.evaluate("location.hash = '#topologic?board=random.2bq81'")
    page.wait_for_function("JSON.parse(window.spielstube.record()).setup.board === 'random.2bq81'")
    assert page.locator("[data-cell]").count() == 60


def test_bad_board_code_is_reported_and_loses_nothing(page, base_url):
    open_app(page, base_url, "#topologic?board=9x9.zz")
    page.wait_for_selector(GAME)
    assert "9x9.zz" in page.inner_text("#toast")
    assert "9x9.zz" in page.inner_text(".notice")
    assert attr(page, "phase") == "entry"  # a playable match on a fresh board
    enter_seekers(page)
    wait_phase(page, "move")
    before = record(page)
    page.evaluate("location.hash = '#topologic?board=6x10.not-a-seed'")
    page.wait_for_function("document.querySelector('#toast').textContent.includes('not-a-seed')")
    assert record(page) == before
    assert page.evaluate("location.hash") == f"#topologic?board={before['setup']['board']}"
    # the dialog refuses a bad code and stays open
    page.click("[data-action='new-game']")
    page.fill("dialog input[name='board_code']", "hexagon.123")
    page.click("dialog [data-action='start-game']")
    assert page.is_visible("dialog[open] .topo-code-error")
    assert page.inner_text("dialog .topo-code-error") != ""
    page.click("dialog [data-action='cancel-dialog']")
    assert record(page) == before


def test_turn_building_undo_redo_and_reload(page, base_url):
    open_app(page, base_url, "#topologic")
    page.wait_for_selector(GAME)
    start_new_game(page, seekers="3")
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
    page.click("[data-cell].legal >> nth=-1")
    page.click("[data-action='confirm']")
    wait_phase(page, "move")
    entry = seeks(record(page))
    assert len(entry) == 1 and entry[0]["hint"] is not None
    assert page.get_attribute(".topo-hint", "data-hint") == str(entry[0]["hint"])
    # a move lights up only queen destinations, is marked, and can be taken back
    page.click("[data-piece='s0']")
    legal = cells(page, "[data-cell].legal")
    assert legal and all(aligned(first, c) for c in legal)
    page.click(f"[data-cell='{legal[0][0]},{legal[0][1]}']")
    assert "moved" in page.get_attribute("[data-piece='s0']", "class")
    page.click("[data-piece='s0']")
    page.click(f"[data-cell='{first[0]},{first[1]}']")  # back where it started
    assert "moved" not in page.get_attribute("[data-piece='s0']", "class")
    page.click("[data-piece='s0']")
    page.click(f"[data-cell='{legal[-1][0]},{legal[-1][1]}']")
    page.click("[data-action='confirm']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.filter(m => m.action !== 'hide').length === 2")
    two = seeks(record(page))
    assert page.locator(".topo-notebook li").count() == 2
    # undo and redo work in the seeker's own turns
    page.click("[data-action='undo']")
    assert seeks(record(page)) == two[:1]
    page.click("[data-action='redo']")
    assert seeks(record(page)) == two
    # reload keeps the match
    page.reload()
    wait_ready(page)
    page.wait_for_selector(GAME)
    assert seeks(record(page)) == two
    assert attr(page, "phase") == "move"
    assert page.locator(".topo-notebook li").count() == 2


def test_two_people_share_the_device(page, base_url):
    open_app(page, base_url, "#topologic")
    page.wait_for_selector(GAME)
    start_new_game(page, p0="human", p1="human", first="0", seekers="3")
    # player 2 hides first: player 1 is asked to look away
    assert wait_phase(page, "handover-gm") == "handover-gm"
    assert page.locator("[data-cell]").count() == 0
    assert attr(page, "turn") == "1"
    page.click("[data-action='handover']")
    wait_phase(page, "secret")
    page.click("[data-cell='1,1']")
    page.click("[data-action='confirm']")
    # the seeker gets the device back, and the secret is nowhere on the screen
    assert wait_phase(page, "handover-seeker") == "handover-seeker"
    page.click("[data-action='handover']")
    wait_phase(page, "entry")
    assert attr(page, "turn") == "0"
    assert page.locator(".topo-secret").count() == 0
    assert page.locator("[data-cell].selected").count() == 0
    hints = seek_a_round(page)
    wait_phase(page, "round-end")
    assert record(page)["result"] is None and len(seeks(record(page))) == hints
    page.click("[data-action='next-round']")
    # roles swap: player 1 hides, player 2 looks away
    assert wait_phase(page, "handover-gm") == "handover-gm"
    assert attr(page, "turn") == "0"


def test_german_texts_and_rules_page(page, base_url):
    open_app(page, base_url, "#topologic/rules")
    page.wait_for_selector("[data-game-rules='topologic']")
    english = page.inner_text(".rules-text")
    assert "queen" in english and "border field" in english
    page.click("[data-action='language']")
    german = page.inner_text(".rules-text")
    assert "Dame" in german and "Randfeld" in german
    page.click("[data-action='back-to-game']")
    page.wait_for_selector(GAME)
    assert "Randfeld" in page.inner_text(".status")
    page.click("[data-action='toggle-letters']")
    assert page.locator(".topo-board .letter").count() == 60
    assert page.locator(".topo-legend li").count() == 10


def test_phone_layout(page, base_url):
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, base_url, "#topologic?board=6x10.k3j9az")
    page.wait_for_selector(GAME)
    # the wide board stands upright: six fields across, each a comfortable tap
    width, height = (float(v) for v in page.get_attribute(".topo-board", "viewBox").split()[2:])
    assert height > width
    field = page.locator("[data-cell='0,0'] .face").bounding_box()
    assert field["width"] >= 44 and field["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing sideways
    # the seekers and Confirm sit right under the board, in reach without scrolling
    tray = page.locator(".topo-tray").bounding_box()
    assert tray["y"] + tray["height"] <= 844
    enter_seekers(page)
    wait_phase(page, "move")
    assert page.get_attribute(".topo-hint", "data-hint") is not None
