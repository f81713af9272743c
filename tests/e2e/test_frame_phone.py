"""Phones (issues 8 and 21): held sideways (740 x 360 and 844 x 390) every game puts the
board and the side panel side by side, the board whole, with 44 px taps (fields at
least 24 px), the status in view, no sideways page scroll and a move made by tapping;
Topologic's 12 x 12 board whole at 360 px, zoomed in on the person's choice; the
notebook one tap (or key) from the status bar and back. Every button and link is
44 px high; on a zoomed-in board a chosen tile whose fields lie off to the side in the
pan box pans it to them. axe-core finds nothing serious or moderate sideways either."""

import pytest
from access_helpers import (FIELDS, MIN_FIELD_PX, MIN_TAP_PX, PIECES, assert_no_findings, lay_first_card_by_taps,
                            tap_sizes, too_small)

from conftest import open_app, record
from topologic_clicks import place_seekers

TURN_TIMEOUT_MS = 60_000
LANDSCAPES = ((740, 360), (844, 390))
HEPTALION = "#heptalion?players=2&seats=human,ai:easy&first=0&board=original"
TOPOLOGIC = "#topologic?seats=human,ai:easy&first=0&seekers=3"
SCHLANGENNEST = "#schlangennest?players=2&seats=human,ai:easy&first=0"
BIG_RANDOM = "random.g4dx7car"  # a random shape that spans all 12 x 12 fields
PANS = "(() => { const b = document.querySelector('[data-board-pan]'); return b.scrollWidth > b.clientWidth + 1; })()"
TOPOLOGIC_12 = f"#topologic?board={BIG_RANDOM}&seats=human,ai:easy&first=0&seekers=3"


@pytest.fixture
def page(page):
    page.set_default_timeout(TURN_TIMEOUT_MS)
    return page


def go(page, base_url, route, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto("about:blank")  # settings in the address apply when the page opens afresh
    open_app(page, base_url, route)


def moves(page):
    return len(record(page)["moves"])


def wait_person(page, game, selector):
    page.wait_for_function(
        """([game, sel]) => { const g = document.querySelector(`[data-game='${game}']`);
             return g && !g.dataset.readOnly && g.dataset.aiThinking === 'false' && !!document.querySelector(sel); }""",
        arg=[game, selector])


def wait_phase(page, phase):
    page.wait_for_function(
        "p => { const a = document.querySelector('.topo-area'); const g = document.querySelector('[data-game]');"
        " return a && a.dataset.phase === p && !g.dataset.readOnly; }", arg=phase)


def box(page, selector):
    return page.evaluate("s => { const r = document.querySelector(s).getBoundingClientRect();"
                         " return {x: r.x, y: r.y, w: r.width, h: r.height}; }", selector)


def check_screen(page, size, where):
    """No sideways page scroll, the status wholly on screen, the board beside the side panel."""
    width, height = size
    assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{where}: the page scrolls sideways"
    status = box(page, ".status")
    assert status["y"] >= 0 and status["y"] + status["h"] <= height and status["x"] + status["w"] <= width, \
        f"{where}: status off screen {status}"
    board, side = box(page, "[data-board-pan]"), box(page, ".side")
    assert board["x"] + board["w"] <= side["x"] + 1, f"{where}: board {board} and side {side} not side by side"
    assert board["y"] < height / 2 and side["y"] < height, f"{where}: {board} {side}"
    assert board["y"] + board["h"] <= height + 1, f"{where}: the board's box runs off the screen {board}"


def check_taps(page, where):
    """Pieces and cards 44 px; the board's fields, fitted to the screen, at least 24 px."""
    assert tap_sizes(page), f"{where}: nothing to tap"
    assert too_small(page, PIECES) == [], f"{where}: under {MIN_TAP_PX} px: {too_small(page, PIECES)}"
    small = too_small(page, FIELDS, MIN_FIELD_PX)
    assert small == [], f"{where}: fields under {MIN_FIELD_PX} px: {small}"


# Everything else a finger taps on a game screen and in the top bar: buttons, links, switches
# (a checkbox by its label).
OTHER_TAPS = """min => [...document.querySelectorAll(
        '.topbar a[href], .topbar button, #frame button, #frame a[href], #frame select, #frame input')]
    .filter(e => e.getClientRects().length > 0)
    .map(e => [(e.closest('label') || e).getBoundingClientRect(), e.outerHTML.slice(0, 60)])
    .filter(([r]) => r.height < min - 0.5).map(([r, what]) => [Math.round(r.width), Math.round(r.height), what])"""


def check_other_taps(page, where):
    small = page.evaluate(OTHER_TAPS, MIN_TAP_PX)
    assert small == [], f"{where}: under {MIN_TAP_PX} px high: {small}"


@pytest.mark.parametrize("size", LANDSCAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_heptalion_sideways(page, base_url, size):
    go(page, base_url, HEPTALION, size)
    wait_person(page, "heptalion", "[data-piece].legal")
    check_screen(page, size, "heptalion")
    check_other_taps(page, "heptalion")
    check_taps(page, "heptalion hand")
    page.click("[data-piece].legal >> nth=0")
    check_taps(page, "heptalion fields")
    page.click("[data-cell].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length >= 2")
    wait_person(page, "heptalion", "[data-piece].legal")
    check_screen(page, size, "heptalion after a move")
    assert_no_findings(page, f"heptalion {size}")


def check_compact_status(page, size, where):
    """Topologic sideways: the status and the hint above the turn's buttons, every line of
    them shown; the notebook's jump a 44 px tap in the status bar, wholly on screen."""
    clipped = page.evaluate("""() => [...document.querySelectorAll('[data-status-bar] > *')]
        .filter(e => e.getClientRects().length && e.scrollHeight > e.clientHeight + 1).map(e => e.className)""")
    assert clipped == [], f"{where}: cut off {clipped}"
    jump = box(page, "[data-status-bar] .jump-down")
    assert jump["y"] >= 0 and jump["y"] + jump["h"] <= size[1], f"{where}: the jump {jump} is off screen"
    assert jump["x"] >= box(page, "[data-board-pan]")["x"] + box(page, "[data-board-pan]")["w"], where  # beside the board
    assert too_small(page, "[data-status-bar] .jump-down") == [], where


@pytest.mark.parametrize("size", LANDSCAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_topologic_sideways(page, base_url, size):
    go(page, base_url, TOPOLOGIC, size)
    wait_phase(page, "entry")
    check_screen(page, size, "topologic")
    check_compact_status(page, size, "topologic")
    check_other_taps(page, "topologic")
    check_taps(page, "topologic border fields")
    place_seekers(page)
    check_screen(page, size, "topologic seekers placed")
    before = moves(page)
    page.click("[data-action='confirm']")
    page.wait_for_function("n => JSON.parse(window.spielstube.record()).moves.length > n", arg=before)
    wait_phase(page, "move")
    assert page.locator("[data-status-bar] .topo-hint[data-hint]").is_visible()
    check_compact_status(page, size, "topologic first hint")  # the longest status, and the hint
    assert page.locator(".moves .entry-button").count() > 0
    check_other_taps(page, "topologic with moves listed")
    page.click("[data-piece='s0']")
    check_taps(page, "topologic queen moves")
    check_screen(page, size, "topologic seeking")
    check_compact_status(page, size, "topologic seeking")
    assert_no_findings(page, f"topologic {size}")
    page.click("[data-status-bar] .jump-down")  # the notebook, one tap away
    page.wait_for_function("document.activeElement.classList.contains('topo-notebook')")
    assert notebook_heading_in_view(page) is True
    assert box(page, "[data-board-pan]")["y"] < size[1] / 2  # the board stays beside it


@pytest.mark.parametrize("size", LANDSCAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_schlangennest_sideways(page, base_url, size):
    go(page, base_url, SCHLANGENNEST, size)
    wait_person(page, "schlangennest", "[data-piece].legal")
    check_screen(page, size, "schlangennest")
    check_other_taps(page, "schlangennest")
    lay_first_card_by_taps(page, check_taps)
    wait_person(page, "schlangennest", "[data-piece].legal")
    check_screen(page, size, "schlangennest after a move")
    assert_no_findings(page, f"schlangennest {size}")


def test_topologic_12_by_12_random_board_whole_at_360_px_and_zoomed_in(page, base_url):
    go(page, base_url, TOPOLOGIC_12, (360, 740))
    wait_phase(page, "entry")
    assert page.get_attribute(".topo-area", "data-board") == BIG_RANDOM
    rows = {int(c.split(",")[0]) for c in page.eval_on_selector_all(".topo-board [data-cell]", "els => els.map(e => e.dataset.cell)")}
    cols = {int(c.split(",")[1]) for c in page.eval_on_selector_all(".topo-board [data-cell]", "els => els.map(e => e.dataset.cell)")}
    assert len(rows) == 12 and len(cols) == 12  # the shape does span 12 x 12
    assert page.evaluate(PANS) is False  # whole, not panned
    check_taps(page, "topologic 12 x 12 border fields")
    # zoomed in (the person's choice): fields a fingertip wide, the box pans
    page.click("[data-action='board-zoom']")
    page.wait_for_selector("[data-action='board-zoom'][aria-pressed='true']")
    fields = page.evaluate("""() => { const pan = document.querySelector('[data-board-pan]').getBoundingClientRect();
        return [...document.querySelectorAll('.topo-board [data-cell]')].map(e => {
            const r = e.getBoundingClientRect(); return {cell: e.dataset.cell, w: r.width, h: r.height}; }); }""")
    small = [f for f in fields if f["w"] < MIN_TAP_PX - 0.5 or f["h"] < MIN_TAP_PX - 0.5]
    assert small == [], f"fields under {MIN_TAP_PX} px: {small[:5]}"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # only the box pans
    assert page.evaluate(PANS) is True
    place_seekers(page)  # a tap on a field the box had to pan to still places a seeker
    page.click("[data-action='board-zoom']")
    page.wait_for_selector("[data-action='board-zoom'][aria-pressed='false']")
    assert page.evaluate(PANS) is False


def notebook_heading_in_view(page):
    """The notebook's heading is on screen and not under the sticky status bar."""
    return page.evaluate("""() => { const h = document.querySelector('.topo-notebook h2').getBoundingClientRect();
        const bar = document.querySelector('[data-status-bar]').getBoundingClientRect();
        const x = h.left + Math.min(20, h.width / 2), y = h.top + h.height / 2;
        const hit = document.elementFromPoint(x, y);
        return h.top >= bar.bottom - 1 && h.bottom <= innerHeight && !!hit && !!hit.closest('.topo-notebook'); }""")


def test_the_topologic_notebook_is_one_tap_from_the_status_bar_and_back(page, base_url):
    go(page, base_url, TOPOLOGIC, (360, 740))
    wait_phase(page, "entry")
    check_other_taps(page, "topologic upright")
    assert notebook_heading_in_view(page) is False  # far below the board on a phone
    jump = "[data-status-bar] [data-jump='.topo-notebook']"
    assert box(page, jump)["y"] < 740 and too_small(page, jump) == []
    page.click(jump)
    page.wait_for_function("window.scrollY > 0")
    assert notebook_heading_in_view(page) is True
    assert page.evaluate("document.activeElement.classList.contains('topo-notebook')")
    page.click(".topo-notebook [data-jump]")
    page.wait_for_function("(() => { const r = document.querySelector('[data-board-pan]').getBoundingClientRect();"
                           " return r.top < innerHeight / 2 && r.bottom > 0; })()")
    assert notebook_heading_in_view(page) is False
    # by keyboard: the button takes the focus and Enter jumps
    page.focus(jump)
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement.classList.contains('topo-notebook')")
    assert notebook_heading_in_view(page) is True
    page.keyboard.press("Tab")  # the way back is the next stop
    assert page.evaluate("document.activeElement.dataset.jump") == "[data-board-pan]"
    page.keyboard.press("Enter")
    page.wait_for_function("(() => { const r = document.querySelector('[data-board-pan]').getBoundingClientRect();"
                           " return r.top < innerHeight / 2 && r.bottom > 0; })()")


def zoom_in(page):
    """The person's choice: larger fields in a box panned with a swipe (the page back at its top)."""
    page.click("[data-action='board-zoom']")
    page.wait_for_selector("[data-action='board-zoom'][aria-pressed='true']")
    page.evaluate("window.scrollTo(0, 0)")


def offered_field_in_sight(page):
    """Some field the chosen tile may go to is on screen, below the sticky status bar."""
    return page.evaluate("""() => { const bar = document.querySelector('[data-status-bar]').getBoundingClientRect();
        return [...document.querySelectorAll(".board [data-cell][tabindex='0']")].some(e => {
            const r = e.getBoundingClientRect(); return r.bottom > bar.bottom && r.top < innerHeight; }); }""")


def test_a_tile_chosen_below_the_board_brings_its_fields_into_view_upright(page, base_url):
    go(page, base_url, HEPTALION, (360, 740))
    wait_person(page, "heptalion", "[data-piece].legal")
    check_other_taps(page, "heptalion upright")
    tile = page.locator(".hand [data-piece].legal").last
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")  # the person scrolled down
    tile.scroll_into_view_if_needed()  # and back up to the hand's last row, the board above the screen
    assert page.evaluate("window.scrollY") > 0  # the hand is below the board on a phone
    tile.click()
    assert page.locator(".board [data-cell][tabindex='0']").count() > 0
    assert offered_field_in_sight(page) is True
    assert page.locator(".hand [data-piece].selected").count() == 1


# The offered fields' places on the board (px from the board's left edge, whatever the box's scroll).
FIELD_SPANS = """() => { const p = document.querySelector('[data-board-pan]'), b = p.getBoundingClientRect();
    return [...document.querySelectorAll(".board [data-cell][tabindex='0']")].map(e => {
        const r = e.getBoundingClientRect(); return [r.left - b.left + p.scrollLeft, r.right - b.left + p.scrollLeft]; }); }"""
# Some offered field's centre lies inside the pan box's part of the screen below the status bar.
FIELD_IN_BOX = """() => { const p = document.querySelector('[data-board-pan]').getBoundingClientRect();
    const bar = document.querySelector('[data-status-bar]').getBoundingClientRect();
    const top = Math.max(p.top, bar.bottom), bottom = Math.min(p.bottom, innerHeight);
    const left = Math.max(p.left, 0), right = Math.min(p.right, innerWidth);
    return [...document.querySelectorAll(".board [data-cell][tabindex='0']")].some(e => {
        const r = e.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
        return x >= left && x <= right && y >= top && y <= bottom; }); }"""


def pan_scroll(page):
    return page.evaluate("document.querySelector('[data-board-pan]').scrollLeft")


def settled_pan(page):
    """The box's scroll once a smooth pan has ended (two readings 0.3 s apart agree)."""
    before = None
    while before != pan_scroll(page):
        before = pan_scroll(page)
        page.wait_for_timeout(300)
    return before


@pytest.mark.parametrize("motion", ("no-preference", "reduce"))  # a smooth pan, or a jump
def test_a_tile_whose_fields_lie_off_to_the_side_pans_the_board_to_them_upright(page, base_url, motion):
    page.emulate_media(reduced_motion=motion)
    go(page, base_url, HEPTALION, (360, 740))
    wait_person(page, "heptalion", "[data-piece].legal")
    zoom_in(page)
    width, span = page.evaluate("(() => { const p = document.querySelector('[data-board-pan]');"
                                " return [p.clientWidth, p.scrollWidth - p.clientWidth]; })()")
    assert span > 0  # a zoomed-in board pans on a phone
    spans = {}  # each tile's offered fields, from the board's left edge
    for code in page.eval_on_selector_all(".hand [data-piece].legal", "els => els.map(e => e.dataset.piece)"):
        tile = page.locator(f".hand [data-piece='{code}']")
        tile.click()
        spans[code] = page.evaluate(FIELD_SPANS)
        tile.click()  # chosen again: cleared
        settled_pan(page)  # the box may have panned to the tile's fields
    # a tile and a pan position (a person's swipe to one edge) that hide all its fields
    hidden = [(code, 0) for code, s in spans.items() if min(a for a, _ in s) >= width]
    hidden += [(code, span) for code, s in spans.items() if max(b for _, b in s) <= span]
    assert hidden, f"no tile's fields lie all to one side: {spans}"
    code, scroll = hidden[0]
    page.evaluate("x => { document.querySelector('[data-board-pan]').scrollLeft = x; }", scroll)
    assert page.evaluate(FIELD_IN_BOX) is False
    page.locator(f".hand [data-piece='{code}']").click()
    if motion == "reduce":
        assert page.evaluate(FIELD_IN_BOX) is True  # at once, no animation
    page.wait_for_function(FIELD_IN_BOX)
    assert offered_field_in_sight(page) is True
    settled = settled_pan(page)
    assert page.evaluate(FIELD_IN_BOX) is True
    # calm: another tile with a field in sight, and a tap on a field, leave the box where it is
    in_sight = [c for c, s in spans.items() if c != code and any(settled <= (a + b) / 2 <= settled + width for a, b in s)]
    assert in_sight
    page.locator(f".hand [data-piece='{in_sight[0]}']").click()
    assert page.evaluate(FIELD_IN_BOX) is True and settled_pan(page) == settled
    cell = page.evaluate("""() => { const p = document.querySelector('[data-board-pan]').getBoundingClientRect();
        const f = [...document.querySelectorAll(".board [data-cell][tabindex='0']")].find(e => {
            const r = e.getBoundingClientRect(), x = (r.left + r.right) / 2; return x >= p.left && x <= p.right; });
        return f.dataset.cell; }""")  # an offered field whose centre is in the box, as FIELD_IN_BOX asks
    page.dispatch_event(f".board [data-cell='{cell}']", "click")  # a tap where it stands (no scroll first)
    assert settled_pan(page) == settled
