"""Access in every game (issue 8): axe-core finds nothing serious or moderate on
any screen at 1280 and 360 px; on a 360 x 740 phone every piece and card is a 44 px
tap, every field of the whole board at least 24 px (44 zoomed in), and the status
line, the board and the turn's buttons are in view together; arrow keys walk the board's
fields; a screen reader hears each move; a computer turn drawn before the host
is ready says "getting ready".

axe-core comes from node_modules (a devDependency pinned in package-lock.json),
injected here only; dist/ never holds it."""

import os

import pytest
from access_helpers import (FIELDS, HEIGHTS, MIN_FIELD_PX, PIECES, WIDTHS, assert_no_findings, lay_first_card_by_taps,
                            tap_sizes, too_small)
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import DIST, record, wait_ready
from topologic_clicks import place_seekers

TURN_TIMEOUT_MS = 60_000  # a computer's move on a machine shared with other work
WATCH_TIMEOUT_MS = 180_000
HEPTALION = "#heptalion?players=2&seats=human,ai:easy&first=0&board=original"
TOPOLOGIC = "#topologic?seats=human,ai:easy&first=0&seekers=3"
SCHLANGENNEST = "#schlangennest?players=2&seats=human,ai:easy&first=0"


@pytest.fixture
def page(page):
    page.set_default_timeout(TURN_TIMEOUT_MS)  # every wait here may wait for a computer or the host
    return page


def wait_person(page, game, ready_selector):
    page.wait_for_function(
        """([game, sel]) => { const g = document.querySelector(`[data-game='${game}']`);
             return g && !g.dataset.readOnly && g.dataset.aiThinking === 'false'
               && !!document.querySelector(sel); }""", arg=[game, ready_selector], timeout=TURN_TIMEOUT_MS)


def wait_phase(page, phase):
    try:
        page.wait_for_function(
            "p => { const a = document.querySelector('.topo-area'); const g = document.querySelector('[data-game]');"
            " return a && a.dataset.phase === p && !g.dataset.readOnly; }", arg=phase, timeout=TURN_TIMEOUT_MS)
    except PlaywrightTimeout:
        raise AssertionError(f"waited for {phase}; the page shows {page.inner_html('#frame')[:600]}; "
                             f"views {page.evaluate('window.spielstube.log()')}") from None


def go(page, base_url, route):
    if "?" in route:  # settings in the address apply when the page opens (a fresh load)
        page.goto("about:blank")
    page.goto(base_url + route)
    wait_ready(page)


def moves(page):
    return len(record(page)["moves"])


def enter_seekers(page):
    """Topologic: the seekers onto border fields, confirmed; waits for the first hint."""
    place_seekers(page)
    before = moves(page)
    page.click("[data-action='confirm']")
    page.wait_for_function("n => JSON.parse(window.spielstube.record()).moves.length > n", arg=before)
    wait_phase(page, "move")


def check_start_choice_and_dialog(page, where, choose):
    """axe on a game at a person's turn, after ``choose`` (a piece, a seeker), and on its new-game dialog."""
    assert_no_findings(page, f"{where} at the start")
    choose()
    assert_no_findings(page, f"{where} with a choice made")
    page.click("[data-action='new-game']")
    page.wait_for_selector("dialog[open]")
    assert_no_findings(page, f"{where}'s new-game dialog")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog", state="hidden")


def test_axe_finds_nothing_serious_or_moderate_on_any_screen(page, base_url):
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": HEIGHTS[width]})
        go(page, base_url, "")
        page.evaluate("localStorage.clear()")  # every width starts the same games afresh
        assert_no_findings(page, f"{width} px, landing page")
        for game in ("heptalion", "topologic", "schlangennest"):
            go(page, base_url, f"#{game}/rules")
            page.wait_for_selector(f"[data-game-rules='{game}']")
            assert_no_findings(page, f"{width} px, {game} rules")
        # Heptalion: the empty move list, a tile chosen
        go(page, base_url, HEPTALION)
        wait_person(page, "heptalion", "[data-piece].legal")
        check_start_choice_and_dialog(page, f"{width} px, heptalion",
                                      lambda: page.click("[data-piece].legal >> nth=0"))
        # Topologic: seekers entering; seeking with the helper and the letters on
        go(page, base_url, TOPOLOGIC)
        wait_phase(page, "entry")
        assert_no_findings(page, f"{width} px, topologic entering seekers")
        enter_seekers(page)
        for toggle in ("toggle-helper", "toggle-letters"):
            if page.get_attribute(f"[data-action='{toggle}']", "aria-checked") != "true":
                page.click(f"[data-action='{toggle}']")
        check_start_choice_and_dialog(page, f"{width} px, topologic seeking",
                                      lambda: page.click("[data-piece='s0']"))
        # Schlangennest: the nest info, a card chosen
        go(page, base_url, SCHLANGENNEST)
        wait_person(page, "schlangennest", "[data-piece].legal")
        check_start_choice_and_dialog(page, f"{width} px, schlangennest",
                                      lambda: page.click("[data-piece].legal >> nth=0"))


WATCHED = ("#heptalion?players=2&seats=ai:easy,ai:easy&first=0&board=original",
           "#topologic?seats=ai:easy,ai:easy&first=0&seekers=3",
           "#schlangennest?players=2&seats=ai:easy,ai:easy&first=0")


def test_axe_on_the_game_over_screen_of_every_game_at_both_widths(page, base_url):
    for route in WATCHED:  # two computers watched at the fast pace, to the end
        game = route[1:route.index("?")]
        go(page, base_url, route)
        page.wait_for_selector("[data-action='pace'][data-pace='0.15']")
        page.click("[data-action='pace'][data-pace='0.15']")
        page.wait_for_selector(f"[data-game='{game}'][data-game-over='true'] .game-over", timeout=WATCH_TIMEOUT_MS)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": HEIGHTS[width]})
            assert_no_findings(page, f"{width} px, {game} game over")
        page.set_viewport_size({"width": WIDTHS[0], "height": HEIGHTS[WIDTHS[0]]})


def check_taps(page, where):
    sizes = tap_sizes(page)
    assert sizes, f"{where}: nothing to tap"
    assert too_small(page, PIECES) == [], f"{where}: under 44 px: {too_small(page, PIECES)}"
    small = too_small(page, FIELDS, MIN_FIELD_PX)
    assert small == [], f"{where}: fields under {MIN_FIELD_PX} px: {small}"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, f"{where}: the page scrolls sideways"
    return len(sizes)


IN_VIEW = """s => { const el = document.querySelector(s); if (!el) return false;
  const box = el.getBoundingClientRect(); return box.top >= 0 && box.bottom <= 740; }"""
WHERE = """s => { const el = document.querySelector(s); const box = el && el.getBoundingClientRect();
  return `${s} at ${box ? box.top + '..' + box.bottom : 'nowhere'}, scrollY ${window.scrollY}`; }"""


def in_view(page, selector):
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740


def test_phone_every_game_taps_of_44_px_and_the_status_in_view(page, base_url):
    page.set_viewport_size({"width": 360, "height": 740})
    # Heptalion: the tiles, then the fields a chosen tile may go to (the whole board)
    go(page, base_url, HEPTALION)
    wait_person(page, "heptalion", "[data-piece].legal")
    check_taps(page, "heptalion hand")
    page.click("[data-piece].legal >> nth=0")
    assert page.locator(".board [data-cell][tabindex='0']").count() > 0
    check_taps(page, "heptalion fields")
    # the whole board shows; zooming in (the person's choice) pans it, and back
    pans = "(() => { const b = document.querySelector('[data-board-pan]'); return b.scrollWidth > b.clientWidth + 1; })()"
    assert page.evaluate(pans) is False
    page.click("[data-action='board-zoom']")
    page.wait_for_selector("[data-action='board-zoom'][aria-pressed='true']")
    assert page.evaluate(pans) is True and page.locator("[data-piece].selected").count() == 1
    assert too_small(page, FIELDS) == []  # zoomed in: fields a fingertip wide
    page.click("[data-action='board-zoom']")
    page.wait_for_selector("[data-action='board-zoom'][aria-pressed='false']")
    assert page.evaluate(pans) is False
    page.click("[data-cell].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length >= 2", timeout=TURN_TIMEOUT_MS)
    wait_person(page, "heptalion", "[data-piece].legal")
    assert in_view(page, ".status")
    # Topologic: border fields, the seekers' buttons; a tap on a seeker keeps status and hint in view
    go(page, base_url, TOPOLOGIC)
    wait_phase(page, "entry")
    check_taps(page, "topologic border fields")
    enter_seekers(page)
    page.evaluate("window.scrollTo(0, 0)")
    assert in_view(page, "[data-piece='s1']") and in_view(page, "[data-board-pan]")  # one screen
    page.click("[data-piece='s1']")
    assert page.get_attribute("[data-piece='s1']", "aria-pressed") == "true"
    assert page.evaluate("window.scrollY") == 0  # no scrolling to the seekers
    assert in_view(page, ".status") and in_view(page, ".topo-hint")
    check_taps(page, "topologic queen moves")
    page.locator(".topo-notebook").scroll_into_view_if_needed()
    assert in_view(page, ".topo-notebook h2")  # the notebook is reachable
    # Schlangennest: the cards, then the fields
    go(page, base_url, SCHLANGENNEST)
    wait_person(page, "schlangennest", "[data-piece].legal")
    lay_first_card_by_taps(page, check_taps)
    # The page brings the status back into view once it has drawn the move (on a busy
    # machine, after the record already has it): waited for, then judged.
    try:
        page.wait_for_function(IN_VIEW, arg=".status", timeout=TURN_TIMEOUT_MS)
    except PlaywrightTimeout:
        pass
    assert in_view(page, ".status"), page.evaluate(WHERE, ".status")


def focused(page, attribute="data-cell"):
    return page.evaluate(f"document.activeElement && document.activeElement.getAttribute('{attribute}')")


def walk(page, keys):
    """The fields the focus visits pressing ``keys``, starting where it is."""
    seen = [focused(page)]
    for key in keys:
        page.keyboard.press(key)
        seen.append(focused(page))
    return seen


def piece_by_keyboard_then_walk(page, keys):
    """Enter on the first legal piece puts the focus on the board; -> the fields ``keys`` visit."""
    page.focus("[data-piece].legal >> nth=0")
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement && document.activeElement.dataset.cell")
    seen = walk(page, keys)
    offered = page.eval_on_selector_all(".board [data-cell][tabindex='0']", "els => els.map(e => e.dataset.cell)")
    assert set(seen) <= set(offered) and len(set(seen)) >= 2, (seen, offered)
    return seen


def test_arrow_keys_walk_the_fields_of_every_board(page, base_url):
    # Heptalion: arrows move over the fields the chosen tile may take; Enter chooses
    go(page, base_url, HEPTALION)
    wait_person(page, "heptalion", "[data-piece].legal")
    piece_by_keyboard_then_walk(page, ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"])
    chosen = focused(page)
    page.keyboard.press("Enter")
    assert page.get_attribute(".board .cell.selected", "data-cell") == chosen
    # on to a second field: its focus ring is not the selection (another colour, dashed)
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
        if focused(page) == chosen:
            page.keyboard.press(key)
    assert focused(page) != chosen
    ring, selection = page.evaluate("""() => [document.activeElement.querySelector('.field'),
        document.querySelector('.board .cell.selected .field')].map(f => {
            const style = getComputedStyle(f); return [style.stroke, style.strokeDasharray]; })""")
    assert ring[0] != selection[0] and ring[1] != selection[1], (ring, selection)
    # Topologic: the border fields while seekers enter; Space chooses
    go(page, base_url, TOPOLOGIC)
    wait_phase(page, "entry")
    page.focus("[data-cell].legal >> nth=0")
    seen = walk(page, ["ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown"])
    assert len(set(seen)) >= 3, seen
    here = focused(page)
    page.keyboard.press(" ")
    assert page.get_attribute("[data-piece='s0']", "data-at") == here
    # Schlangennest (the computer lays the first card: eight fields touch it); Enter previews
    go(page, base_url, SCHLANGENNEST.replace("first=0", "first=1"))
    wait_person(page, "schlangennest", "[data-piece].legal")
    piece_by_keyboard_then_walk(page, ["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"])
    here = focused(page)
    page.keyboard.press("Enter")
    page.wait_for_selector(f".sn-card.preview[data-cell='{here}']")


def test_each_move_is_announced_and_fields_are_named(page, base_url):
    go(page, base_url, HEPTALION)
    wait_person(page, "heptalion", "[data-piece].legal")
    assert page.get_attribute("#announce", "aria-live") == "polite"
    assert page.inner_text("#announce") == ""
    # every field has a name with its place and what is on it
    labels = page.eval_on_selector_all(".board [data-cell]", "els => els.map(e => e.getAttribute('aria-label'))")
    assert len(labels) == 56 and all(label and "/" in label for label in labels)
    page.click("[data-piece].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")
    # the person alone is spoken to ("yours"), a computer named
    # (read in the same step as it is seen: the computer's reply may be announced right after)
    first = page.wait_for_function("(() => { const text = document.querySelector('#announce').textContent; "
                                   "return text.startsWith('Move 1, yours') && text; })()").json_value()
    entry = page.inner_text("[data-move-index='0'] .where")
    assert entry in first  # the move list's newest entry, in words
    page.wait_for_function("document.querySelector('#announce').textContent.startsWith('Move 2, Computer')",
                           timeout=TURN_TIMEOUT_MS)
    assert page.inner_text("[data-move-index='1'] .where") in page.inner_text("#announce")


def test_a_computer_turn_before_the_host_is_ready_says_getting_ready(page, base_url):
    # watch mode: the kept view is a computer's turn
    go(page, base_url, "#heptalion?players=2&seats=ai:easy,ai:easy&first=0&board=original")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length >= 2", timeout=TURN_TIMEOUT_MS)
    held = []
    page.route("**/host-worker.js", lambda route: held.append(route))
    page.reload()
    page.wait_for_selector("[data-game='heptalion'][data-read-only='true']")
    kept = page.evaluate("JSON.parse(localStorage.getItem('spielstube.play.heptalion.view'))")
    assert kept["thinking"] is not None and not kept.get("result")
    page.wait_for_selector("[data-indicator='getting-ready']")
    assert page.locator("[data-indicator='thinking']").count() == 0
    assert "getting ready" in page.inner_text(".status")
    assert page.get_attribute("[data-game]", "data-getting-ready") == "true"
    page.wait_for_function("() => true")  # let the route handler run
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    wait_ready(page)
    page.wait_for_function("!document.querySelector('[data-game]').dataset.gettingReady")
    assert page.locator("[data-indicator='getting-ready']").count() == 0


def test_axe_is_never_shipped():
    names = []
    for folder, _dirs, files in os.walk(DIST):
        names += [name for name in files if "axe" in name.lower()]
    assert names == []
    with open(os.path.join(DIST, "sw.js"), encoding="utf-8") as handle:
        assert "axe" not in handle.read()
