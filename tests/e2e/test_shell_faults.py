"""index.html against bad saves and faults: tampered saves of every kind
never stop the start (set aside, a message, a fresh game), old pages' saves
migrated, the error screen's "start without the saved game", a host worker
that ends without an error event, storage that refuses to save, dialogs
closed by a change of route."""

import json
import os
import sys

from conftest import open_app, record, wait_ready

HERE = os.path.dirname(__file__)
sys.path[:0] = [os.path.join(HERE, "..", "..", "py"), os.path.join(HERE, "..", "unit")]
from spielstube.core.limits import MAX_MOVES  # noqa: E402
from test_record_limits import stretched_topologic  # noqa: E402
from test_shell_share import place_one  # noqa: E402

GAME = "[data-game='heptalion']"
KEY = "spielstube.play.heptalion"
TURN_TIMEOUT_MS = 30_000
# Longer than host_link.DEAD_SECONDS plus a restart of the worker.
RECOVERY_TIMEOUT_MS = 120_000


def wait_for_person(page):
    page.wait_for_function(
        """() => { const g = document.querySelector("[data-game='heptalion']");
                   return g && !g.dataset.readOnly && !g.dataset.busy && g.dataset.aiThinking === 'false'
                     && g.dataset.turn === '0' && document.querySelector('[data-piece].legal'); }""",
        timeout=TURN_TIMEOUT_MS)


def aside_texts(page, key=KEY):
    return page.evaluate("""key => Object.keys(localStorage).filter((k) => k.startsWith(key + ".corrupt"))
                                     .map((k) => localStorage.getItem(k))""", key)


def no_traceback(page):
    body = page.inner_text("body")
    assert "Traceback" not in body and "Error:" not in body


def test_saves_that_cannot_be_restored_are_set_aside_and_a_fresh_game_starts(page, base_url):
    open_app(page, base_url, "#heptalion?players=2&seats=human,ai:easy&first=0&board=original")
    wait_for_person(page)
    place_one(page)
    wait_for_person(page)
    page.wait_for_function("k => JSON.parse(localStorage.getItem(k)).record.moves.length === 2", arg=KEY)
    good = json.loads(page.evaluate("k => localStorage.getItem(k)", KEY))

    def changed(**fields):
        return json.dumps(dict(good, **fields))

    broken_record = dict(good["record"], moves=[dict(good["record"]["moves"][0], tile="ZZ")])
    cases = [changed(seats=[5, 6]), changed(seats=["human"]), changed(record=broken_record),
             "[" * 100_000 + "]" * 100_000, '{"record": ' * 100_000, "not JSON at all"]
    for text in cases:
        page.evaluate("([k, t]) => localStorage.setItem(k, t)", [KEY, text])
        page.reload()
        wait_ready(page)
        page.wait_for_function("document.querySelector('#toast').textContent.includes('set aside')")
        wait_for_person(page)
        assert record(page)["moves"] == [], text[:40]
        assert text in aside_texts(page), text[:40]  # nothing is lost
        no_traceback(page)
    # Garbage settings keep the game itself; the next new game uses sound settings.
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [KEY, changed(settings={"players": "many", "seats": 7})])
    page.reload()
    wait_ready(page)
    wait_for_person(page)
    assert len(record(page)["moves"]) == 2
    page.click("[data-action='new-game']")
    page.wait_for_selector("dialog[open] [data-new-game-form]")
    page.click("dialog [data-action='start-game']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length === 0")
    # A kept view that does not draw is only a picture: dropped, and the game starts.
    page.evaluate("k => localStorage.setItem(k + '.view', JSON.stringify({game: 'heptalion', board: 7}))", KEY)
    page.reload()
    wait_ready(page)
    wait_for_person(page)
    no_traceback(page)


def test_load_record_and_the_load_hook_refuse_a_deep_json_and_keep_the_game(page, base_url):
    open_app(page, base_url, "#heptalion")
    before = page.evaluate("window.spielstube.record()")
    deep = "[" * 100_000 + "]" * 100_000
    assert page.evaluate("t => window.spielstube.load(t)", deep) is False
    assert "nested" in page.inner_text("#toast")
    assert page.evaluate("window.spielstube.load('not JSON at all')") is False
    # the Load record button reads a file the same way
    page.click("[data-action='import']")
    page.set_input_files("input[type=file]", files=[{"name": "deep.json", "mimeType": "application/json",
                                                       "buffer": deep.encode()}])
    page.wait_for_function("document.querySelector('#toast').textContent.includes('nested')")
    assert page.evaluate("window.spielstube.record()") == before
    no_traceback(page)


def test_an_old_pages_save_is_migrated_when_it_replays_else_set_aside(page, base_url):
    open_app(page, base_url, "#heptalion?players=2&seats=human,ai:easy&first=0&board=original")
    wait_for_person(page)
    place_one(page)
    wait_for_person(page)
    played = record(page)
    old = {"record": played, "seats": ["human", "ai:easy"], "redo": [], "settings": {"level": "easy"}}
    page.evaluate("""([k, t]) => { localStorage.clear(); localStorage.setItem(k, t); }""",
                  ["spielstube.heptalion", json.dumps(old)])
    page.reload()
    wait_ready(page)
    wait_for_person(page)
    assert record(page)["moves"] == played["moves"]
    page.wait_for_function("k => localStorage.getItem(k) !== null", arg=KEY)
    assert page.evaluate("localStorage.getItem('spielstube.heptalion')") is None  # moved into the new save
    broken = json.dumps(dict(old, record=dict(played, moves=[dict(played["moves"][0], tile="ZZ")])))
    page.evaluate("""([k, t]) => { localStorage.clear(); localStorage.setItem(k, t); }""",
                  ["spielstube.heptalion", broken])
    page.reload()
    wait_ready(page)
    page.wait_for_function("document.querySelector('#toast').textContent.includes('set aside')")
    wait_for_person(page)
    assert record(page)["moves"] == []
    assert aside_texts(page, "spielstube.heptalion") == [broken]


def test_the_error_screen_offers_to_start_without_the_saved_game(page_and_watch, base_url):
    page, watch = page_and_watch
    open_app(page, base_url, "#heptalion")
    page.wait_for_function("k => localStorage.getItem(k) !== null", arg=KEY)
    saved = page.evaluate("k => localStorage.getItem(k)", KEY)
    page.route("**/host-worker.js", lambda route: route.abort())
    page.reload()
    page.wait_for_function("document.body.dataset.appState === 'error'", timeout=60_000)
    assert page.is_visible("#boot-fresh")
    assert "without the saved game" in page.inner_text("#boot-fresh")
    page.unroute("**/host-worker.js")
    page.click("#boot-fresh")
    wait_ready(page)
    assert saved in aside_texts(page)
    wait_for_person(page)
    assert watch.foreign_requests == []


# A test's hold on the host worker: the page's Worker, wrapped so that the host's
# pushes (a computer's move) can be held back, as if the worker went silent in its think.
HOLD_PUSHES = """(() => {
  const Original = window.Worker;
  window.__holdPushes = false;
  window.Worker = function (url, options) {
    const worker = new Original(url, options);
    const listen = worker.addEventListener.bind(worker);
    worker.addEventListener = (type, handler, more) => listen(type, type !== "message" ? handler : (event) => {
      if (window.__holdPushes && String(event.data).includes('"reply_to": null')) return;
      handler(event);
    }, more);
    return worker;
  };
})();"""


def test_a_worker_that_closes_itself_is_restarted_and_the_computer_asked_again(page, base_url):
    page.context.add_init_script(HOLD_PUSHES)
    page.goto(base_url + "#heptalion?players=2&seats=human,ai:easy&first=0&board=original")
    wait_ready(page)
    wait_for_person(page)
    page.evaluate("window.__holdPushes = true")
    place_one(page)  # answered: the computer to move; its move is held back
    page.wait_for_function("k => JSON.parse(localStorage.getItem(k)).record.moves.length === 1", arg=KEY)
    assert page.get_attribute(GAME, "data-ai-thinking") == "true"
    workers = [w for w in page.workers if "host-worker" in w.url]
    assert len(workers) == 1
    workers[0].evaluate("self.close()")  # ends without an error event
    # Only now: a computer move pushed between letting pushes through and the close reached the
    # page, which then waited for the person and never restarted the worker (failed once at load 16).
    page.evaluate("window.__holdPushes = false")
    page.wait_for_selector("[data-action='computer-again']", timeout=RECOVERY_TIMEOUT_MS)
    assert page.get_attribute(GAME, "data-ai-thinking") == "false"  # not thinking for ever
    assert "restarted" in page.inner_text(".status")
    assert len(record(page)["moves"]) == 1  # restored from the save
    page.click("[data-action='computer-again']")
    wait_for_person(page)
    assert len(record(page)["moves"]) == 2


def test_storage_that_refuses_to_save_gives_a_calm_notice(page, base_url):
    page.context.add_init_script(
        "Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };")
    open_app(page, base_url, "#heptalion?players=2&seats=human,ai:easy&first=0&board=original")
    wait_for_person(page)
    page.wait_for_selector("[data-not-saved]")
    assert "not being saved" in page.inner_text("[data-not-saved]")
    place_one(page)  # play goes on
    wait_for_person(page)
    assert len(record(page)["moves"]) == 2
    assert page.is_visible("[data-not-saved]")
    no_traceback(page)


def test_a_change_of_game_by_the_address_closes_every_dialog(page, base_url):
    open_app(page, base_url, "#topologic")
    page.wait_for_selector("[data-game='topologic']:not([data-read-only])")
    page.click("[data-action='new-game']")
    page.wait_for_selector("dialog[open] [data-new-game-form]")
    page.evaluate("location.hash = 'heptalion'")
    page.wait_for_selector(GAME)
    assert page.locator("dialog[open]").count() == 0
    page.wait_for_selector(f"{GAME}:not([data-read-only])")
    page.click("[data-action='share-game']")  # the link dialog (this page's clipboard may refuse)
    page.evaluate("document.querySelector('#dialog').open || document.querySelector('#dialog').showModal()")
    page.evaluate("location.hash = 'schlangennest'")
    page.wait_for_selector("[data-game='schlangennest']")
    assert page.locator("dialog[open]").count() == 0
    page.go_back()
    page.wait_for_selector(GAME)
    assert page.locator("dialog[open]").count() == 0


def test_a_record_at_the_move_cap_loads_and_is_restored_after_a_reload(page, base_url):
    open_app(page, base_url, "#topologic")
    text = json.dumps(stretched_topologic(MAX_MOVES))
    assert page.evaluate("t => window.spielstube.load(t)", text) is True
    page.wait_for_selector(f"[data-move-index='{MAX_MOVES - 1}']")  # the newest entries are drawn
    assert len(record(page)["moves"]) == MAX_MOVES
    page.reload()
    wait_ready(page)
    page.wait_for_function("n => (window.spielstube.record() || '').length > 0 && "
                           "JSON.parse(window.spielstube.record()).moves.length === n", arg=MAX_MOVES)
    too_many = json.dumps(stretched_topologic(MAX_MOVES + 1))
    assert page.evaluate("t => window.spielstube.load(t)", too_many) is False
    assert "at most" in page.inner_text("#toast")
