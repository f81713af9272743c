"""Whole boards on every screen (issue 21), per game at 1280 x 800, 360 x 640 and
740 x 360 (the phones by touch): every field of the board inside the window and
under no other element (elementFromPoint at its centre) when a game opens and
after each action (the rules and back, a record loaded, a new game, a computer's
move, Topologic's hint line appearing, a message); fields at least 28 px apart; the
turn's tray and its confirm on the same screen; the board's box still (1 px)
while a person builds a move; the phone turned mid-turn; the new-game dialog's
Start taken at the first click after typing, a number out of range marked at its
field; axe-core finds nothing at the three sizes.

One page per size for the whole module (a module-scoped fixture): the games are
opened by their addresses on it. SPIELSTUBE_SHOTS=<folder> keeps a screenshot of
each screen looked at (to judge them as a player)."""

import os

import pytest
from access_helpers import assert_no_findings

from conftest import PageWatch, record, wait_ready
from topologic_clicks import place_seekers

TURN_TIMEOUT_MS = 60_000  # a computer's move on a machine shared with other work
SIZES = ((1280, 800), (360, 640), (740, 360))
PHONES = SIZES[1:]
MIN_FIELD_PX = 28
HEPTALION = "#heptalion?players=2&seats=human,ai:easy&first=0&board=original&hidden_hands=0"
TOPOLOGIC = "#topologic?seats=human,ai:easy&first=0&seekers=5&shape=6x10"
TOPOLOGIC_12 = "#topologic?board=random.g4dx7car&seats=human,ai:easy&first=0&seekers=5"
SCHLANGENNEST = "#schlangennest?players=2&seats=human,ai:easy&first=0"
SHOTS = os.environ.get("SPIELSTUBE_SHOTS")
REPLACE = "dialog[open] [data-action=replace-game]"
# The clipboard takes the shared link (a real one asks the person first).
CLIPBOARD = "if (navigator.clipboard) navigator.clipboard.writeText = () => Promise.resolve();"


class Screen:
    def __init__(self, page, base_url, size):
        self.page, self.base_url, self.size = page, base_url, size
        self.name = f"{size[0]}x{size[1]}"

    def open(self, route):
        """A game from its address, afresh (settings in the address apply on a fresh load;
        a game in which a person moved is replaced once that is confirmed)."""
        page = self.page
        page.goto("about:blank")
        page.goto(self.base_url + route)
        wait_ready(page)
        page.wait_for_function(f"() => !location.hash.includes('?') || !!document.querySelector('{REPLACE}')")
        if page.locator(REPLACE).count():
            page.click(REPLACE)

    def shot(self, what):
        if SHOTS:
            os.makedirs(SHOTS, exist_ok=True)
            self.page.screenshot(path=os.path.join(SHOTS, f"{what}-{self.name}.png"))


@pytest.fixture(scope="module", params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def screen(request, browser, base_url):
    width, height = request.param
    touch = (width, height) in PHONES
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch,
                                  locale="en-US", service_workers="block", bypass_csp=True)
    context.add_init_script(CLIPBOARD)
    watch = PageWatch(base_url.rstrip("/"))

    def guard(route):
        url = route.request.url
        if url.startswith(watch.origin) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            watch.foreign_requests.append(url)
            route.abort()

    context.route("**/*", guard)
    page = context.new_page()
    page.set_default_timeout(TURN_TIMEOUT_MS)
    page.on("console", lambda msg: msg.type == "error" and watch.console_errors.append(msg.text))
    page.on("pageerror", lambda exc: watch.console_errors.append(f"page error: {exc}"))
    yield Screen(page, base_url, (width, height))
    context.close()
    watch.assert_clean()


# Every field of the board: wholly inside the window, and at its centre the field itself.
FIELDS_OFF = """() => [...document.querySelectorAll('[data-board-pan] [data-cell]')].map(e => {
    const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1)
        return [e.dataset.cell, 'off screen'];
    const hit = document.elementFromPoint(x, y);
    return hit && (hit === e || e.contains(hit)) ? null : [e.dataset.cell, hit ? hit.outerHTML.slice(0, 70) : 'nothing'];
}).filter(f => f)"""
# The same for what a turn taps beside the board (its tray and confirm).
TAPS_OFF = """sel => [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length).map(e => {
    const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1)
        return e.outerHTML.slice(0, 70) + ' off screen';
    const hit = document.elementFromPoint(x, y);
    return hit && (hit === e || e.contains(hit)) ? null : e.outerHTML.slice(0, 70) + ' under ' + (hit ? hit.outerHTML.slice(0, 50) : '-');
}).filter(f => f)"""
# Fields' distance apart in px: board units per field times the drawing's scale.
FIELD_PX = "units => document.querySelector('[data-board-pan] svg.board').getScreenCTM().a * units"
BOARD_BOX = """() => { const r = document.querySelector('[data-board-pan] svg.board').getBoundingClientRect();
    return [r.x, r.y, r.width, r.height]; }"""
CELL_UNITS = {"heptalion": 40, "topologic": 40, "schlangennest": 60}
TRAYS = {"heptalion": ".hand.mine [data-piece], .hept-confirm button",
         "topologic": ".topo-turn [data-piece], .topo-turn [data-action='confirm']",
         "schlangennest": ".sn-tray [data-piece], .sn-tray [data-action]"}


def check_whole(screen, game, where):
    page = screen.page
    assert page.locator("[data-board-pan] [data-cell]").count() > 0, f"{where}: no board"
    off = page.evaluate(FIELDS_OFF)
    assert off == [], f"{game} {screen.name} {where}: fields off screen or covered: {off[:6]}"
    px = page.evaluate(FIELD_PX, CELL_UNITS[game])
    assert px >= MIN_FIELD_PX - 0.5, f"{game} {screen.name} {where}: fields {px:.1f} px apart"
    assert page.evaluate("document.documentElement.scrollWidth") <= screen.size[0], f"{where}: sideways scroll"


def check_tray(screen, game, where):
    """The turn's tray and confirm on the same screen as the board, nothing over them."""
    off = screen.page.evaluate(TAPS_OFF, TRAYS[game])
    assert off == [], f"{game} {screen.name} {where}: {off[:4]}"


class Still:
    """The board's box, which must not move while a person builds a move."""

    def __init__(self, page):
        self.page = page
        self.box = page.evaluate(BOARD_BOX)

    def check(self, where):
        now = self.page.evaluate(BOARD_BOX)
        assert all(abs(a - b) <= 1 for a, b in zip(self.box, now)), f"the board moved {where}: {self.box} -> {now}"


# Undo's place on the page at every change of the page from now on (each view drawn is a
# change): (x, y from the page's top, the game root's data-ai-thinking).
WATCH_UNDO = """() => { window.undoPlaces = [];
    const place = () => { const undo = document.querySelector("[data-action='undo']"), game = document.querySelector('[data-game]');
        if (!undo || !game) return;
        const r = undo.getBoundingClientRect();
        window.undoPlaces.push([Math.round(r.x), Math.round(r.y + scrollY), game.dataset.aiThinking]); };
    window.undoWatch = new MutationObserver(place);
    window.undoWatch.observe(document.body, {subtree: true, childList: true, attributes: true}); }"""


class UndoStays:
    """Undo's height on the page from a person's move until their next turn: a tap aimed at
    it as the computer's move lands must hit it (Firefox's smoke lost an Undo so)."""

    def __init__(self, page):
        self.page = page
        page.evaluate(WATCH_UNDO)

    def check(self, where):
        places = self.page.evaluate("window.undoWatch.disconnect(), window.undoPlaces")
        assert any(thinking == "true" for _x, _y, thinking in places), f"{where}: no view while the computer thought"
        heights = sorted(set(y for _x, y, _thinking in places))
        assert len(heights) == 1, f"{where}: Undo moved: {places}"


def wait_person(page, game, selector):
    page.wait_for_function(
        """([game, sel]) => { const g = document.querySelector(`[data-game='${game}']`);
             return g && !g.dataset.readOnly && g.dataset.aiThinking === 'false' && !g.dataset.busy
               && !!document.querySelector(sel); }""", arg=[game, selector])


def wait_phase(page, phase):
    page.wait_for_function(
        "p => { const a = document.querySelector('.topo-area'); const g = document.querySelector('[data-game]');"
        " return a && a.dataset.phase === p && !g.dataset.readOnly && !g.dataset.busy; }", arg=phase)


def wait_moves(page, count):
    page.wait_for_function("n => JSON.parse(window.spielstube.record()).moves.length >= n", arg=count)


def scroll_down(page):
    """Where a person goes for the controls under the board (a phone, a short window)."""
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")


def rules_and_back(screen, game, ready):
    page = screen.page
    scroll_down(page)
    page.click("[data-action='rules']")
    page.wait_for_selector(f"[data-game-rules='{game}']")
    screen.shot(f"{game}-rules")
    page.click("[data-action='back-to-game']")
    # The game's screen shown again (its hidden fields would all lie at 0,0 under the top bar).
    page.wait_for_selector(f"[data-game-rules='{game}']", state="hidden")
    page.wait_for_selector("[data-board-pan] [data-cell]", state="visible")
    ready()
    check_whole(screen, game, "back from the rules")


def load_again(screen, game, ready):
    """The game's own record loaded (window.spielstube.load: the same code as Load record)."""
    page = screen.page
    scroll_down(page)
    assert page.evaluate("window.spielstube.load(window.spielstube.record())") is True
    ready()
    check_whole(screen, game, "after loading a record")


def new_game(screen, game, ready, choose=None):
    """New game (the dialog's Start, after ``choose`` filled it in)."""
    page = screen.page
    scroll_down(page)
    page.click("[data-action='new-game']")
    page.wait_for_selector("dialog[open] [data-action='start-game']")
    if choose is not None:
        choose(page)
    screen.shot(f"{game}-new-game-dialog")
    page.click("dialog [data-action='start-game']")
    page.wait_for_selector("dialog", state="hidden")
    ready()
    check_whole(screen, game, "after a new game")


def test_heptalion(screen):
    page = screen.page
    screen.open(HEPTALION)

    def ready():
        wait_person(page, "heptalion", ".hand.mine [data-piece].legal")

    ready()
    check_whole(screen, "heptalion", "when the game opens")
    check_tray(screen, "heptalion", "when the game opens")
    screen.shot("heptalion-open")
    assert_no_findings(page, f"heptalion {screen.name}")
    still = Still(page)
    page.click(".hand.mine [data-piece].legal >> nth=0")
    still.check("choosing a tile")
    page.click(".board [data-cell]:not(.legal):not(.covered) >> nth=0")  # a field the tile does not fit
    page.wait_for_function("document.querySelector('.status-bar .notice').textContent.length > 0")
    still.check("with a notice")
    check_whole(screen, "heptalion", "with a notice")
    page.click(".board [data-cell].legal >> nth=0")
    still.check("choosing the first field")
    screen.shot("heptalion-mid-turn")
    check_whole(screen, "heptalion", "mid-turn")
    undo = UndoStays(page)
    page.click(".board [data-cell].legal >> nth=0")
    wait_moves(page, 2)
    ready()
    undo.check(f"heptalion {screen.name}")
    check_whole(screen, "heptalion", "after a computer's move")
    screen.shot("heptalion-after-computer")
    # confirm each move: Confirm and Take back stand over the status, the board stays
    page.check("[data-action='toggle-confirm']")
    ready()
    page.evaluate("window.scrollTo(0, 0)")  # back up from the setting beside the panels
    still = Still(page)
    page.click(".hand.mine [data-piece].legal >> nth=0")
    page.click(".board [data-cell].legal >> nth=0")
    page.click(".board [data-cell].legal >> nth=0")
    page.wait_for_selector("[data-pending]")
    still.check("laying a tile to confirm")
    check_whole(screen, "heptalion", "a tile laid to confirm")
    check_tray(screen, "heptalion", "a tile laid to confirm")
    page.click("[data-action='confirm']")
    wait_moves(page, 4)
    page.uncheck("[data-action='toggle-confirm']")
    ready()
    # a message: over the top bar and the status, wrapped inside its box, never over the board
    page.click("[data-action='share-game']")
    page.wait_for_selector("#toast:not([hidden])")
    page.wait_for_function("document.querySelector('#toast').textContent.includes('#heptalion?record=')")
    page.evaluate("window.scrollTo(0, 0)")  # back up from the Share button (a desktop's side column is long)
    screen.shot("heptalion-share-message")
    toast = page.evaluate("""() => { const t = document.querySelector('#toast'), r = t.getBoundingClientRect();
        return {wraps: t.scrollWidth <= t.clientWidth + 1, inside: r.left >= 0 && r.right <= innerWidth}; }""")
    assert toast == {"wraps": True, "inside": True}, toast
    check_whole(screen, "heptalion", "with a message")
    rules_and_back(screen, "heptalion", ready)
    load_again(screen, "heptalion", ready)
    new_game(screen, "heptalion", ready)


def topologic_dialog_4x15(page):
    page.check("dialog input[name='shape'][value='4x15']")


def test_topologic(screen):
    page = screen.page
    screen.open(TOPOLOGIC)

    def ready():
        wait_phase(page, "entry")

    ready()  # the computer hid its secret: its move came first
    check_whole(screen, "topologic", "when the game opens")
    check_tray(screen, "topologic", "when the game opens")
    screen.shot("topologic-open")
    assert_no_findings(page, f"topologic {screen.name}")
    still = Still(page)
    border = page.eval_on_selector_all("[data-cell].legal", "els => els.map(e => e.dataset.cell)")
    count = page.locator("[data-piece^='s']").count()
    for i in range(count):
        page.click(f"[data-cell='{border[(i * len(border)) // count]}']")
        still.check(f"placing seeker {i + 1}")
    page.click("[data-piece='s0']")  # a placed seeker chosen: "take it back" shows
    page.wait_for_selector("[data-action='lift']")
    still.check("choosing a placed seeker")
    check_tray(screen, "topologic", "all seekers placed")
    screen.shot("topologic-mid-turn")
    before = len(record(page)["moves"])
    page.click("[data-action='confirm']")
    wait_moves(page, before + 1)
    wait_phase(page, "move")
    page.wait_for_selector(".status-bar .topo-hint[data-hint]")
    still.check("as the hint line appears")
    check_whole(screen, "topologic", "with the first hint")
    screen.shot("topologic-first-hint")
    page.click("[data-piece='s1']")
    still.check("choosing a seeker to move")
    page.click(".board [data-cell].legal >> nth=0")
    still.check("moving a seeker")
    check_tray(screen, "topologic", "moving a seeker")
    if screen.size in PHONES:  # the phone turned mid-turn, and back
        turn_the_phone(screen)
    rules_and_back(screen, "topologic", lambda: wait_phase(page, "move"))
    load_again(screen, "topologic", lambda: wait_phase(page, "move"))
    new_game(screen, "topologic", ready, topologic_dialog_4x15)  # 4 x 15, upright on a phone
    assert page.get_attribute(".topo-area", "data-board").startswith("4x15.")
    check_tray(screen, "topologic", "on a 4 x 15 board")
    screen.shot("topologic-4x15")


def turn_the_phone(screen):
    page = screen.page
    width, height = screen.size
    moved = page.locator("[data-piece].moved").count()
    for size in ((height, width), (width, height)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=list(size))
        off = page.evaluate(FIELDS_OFF)
        assert off == [], f"turned to {size}: fields off screen or covered: {off[:6]}"
        assert page.locator("[data-piece].moved").count() == moved  # the turn being built stays
    screen.shot("topologic-turned-back")


def test_topologic_12_by_12_random_board(screen):
    page = screen.page
    screen.open(TOPOLOGIC_12)
    page.wait_for_selector(".topo-area[data-board='random.g4dx7car']")
    wait_phase(page, "entry")
    rows = set(page.eval_on_selector_all("[data-cell]", "els => els.map(e => e.dataset.cell.split(',')[0])"))
    cols = set(page.eval_on_selector_all("[data-cell]", "els => els.map(e => e.dataset.cell.split(',')[1])"))
    assert len(rows) == 12 and len(cols) == 12  # the shape does span 12 x 12
    check_whole(screen, "topologic", "12 x 12 when the game opens")
    screen.shot("topologic-12x12")
    still = Still(page)
    place_seekers(page)
    still.check("placing seekers on the 12 x 12 board")
    check_tray(screen, "topologic", "12 x 12 with the seekers placed")


def snakes_typed(page, typed):
    page.fill("dialog input[name='snakes']", typed)


def test_schlangennest(screen):
    page = screen.page
    screen.open(SCHLANGENNEST)

    def ready():
        wait_person(page, "schlangennest", ".sn-tray [data-piece].legal")

    ready()
    check_whole(screen, "schlangennest", "when the game opens")
    check_tray(screen, "schlangennest", "when the game opens")
    screen.shot("schlangennest-open")
    assert_no_findings(page, f"schlangennest {screen.name}")
    still = Still(page)
    page.click(".sn-tray [data-piece].legal >> nth=0")
    still.check("choosing a card")
    page.click(".board [data-cell].legal >> nth=0")
    page.wait_for_selector(".sn-card.preview")
    still.check("choosing a field")
    if page.locator("[data-action='rotate']:not([disabled])").count():
        page.click("[data-action='rotate']")
        still.check("rotating the card")
    page.wait_for_selector("[data-preview-length]")  # what the card brings, from the host
    still.check("with the length it brings")
    check_tray(screen, "schlangennest", "a card placed to lay")
    screen.shot("schlangennest-mid-turn")
    undo = UndoStays(page)
    page.click("[data-action='confirm']")
    wait_moves(page, 2)
    ready()
    undo.check(f"schlangennest {screen.name}")
    check_whole(screen, "schlangennest", "after a computer's move")
    screen.shot("schlangennest-after-computer")
    rules_and_back(screen, "schlangennest", ready)
    load_again(screen, "schlangennest", ready)
    # New game: a number out of range is said at its field and the dialog stays; the
    # first click on Start after typing a good one starts the game.
    scroll_down(page)
    page.click("[data-action='new-game']")
    snakes_typed(page, "5")
    page.click("dialog [data-action='start-game']")
    page.wait_for_selector("dialog[open] input[name='snakes'][aria-invalid='true']")
    assert page.inner_text("dialog #range-snakes") == "Allowed: 1 to 2"
    assert page.get_attribute("dialog input[name='snakes']", "aria-describedby") == "range-snakes"
    screen.shot("schlangennest-dialog-out-of-range")
    assert_no_findings(page, f"schlangennest new-game dialog {screen.name}")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog", state="hidden")
    if screen.size == SIZES[0]:  # the range in German (one size is enough for the words)
        page.click("[data-action='language']")
        page.wait_for_function("document.documentElement.lang === 'de'")
        page.click("[data-action='new-game']")
        snakes_typed(page, "0")
        page.click("dialog [data-action='start-game']")
        page.wait_for_selector("dialog[open] input[name='snakes'][aria-invalid='true']")
        assert page.inner_text("dialog #range-snakes") == "Erlaubt: 1 bis 2"
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog", state="hidden")
        page.click("[data-action='language']")
        page.wait_for_function("document.documentElement.lang === 'en'")
    new_game(screen, "schlangennest", ready, lambda p: snakes_typed(p, "2"))
    assert record(page)["options"]["snakes"] == 2
