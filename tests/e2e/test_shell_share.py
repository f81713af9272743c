"""Share links on index.html: a game played by two people far apart by
sending the link back and forth, a damaged link refused with the game kept,
the warning before a link shows a secret, the clipboard or the link shown."""

import json

from conftest import open_app, record, wait_ready

TURN_TIMEOUT_MS = 30_000
TWO_PERSONS = "#heptalion?players=2&seats=human,human&first=0&board=original"
# The clipboard refuses, as a browser without permission does: the link is shown to copy.
NO_CLIPBOARD = """navigator.clipboard.writeText = () => Promise.reject(new Error("not allowed"));"""


def other_device(browser, init_script=None):
    context = browser.new_context(viewport={"width": 1200, "height": 900}, locale="en-US",
                                  service_workers="block", bypass_csp=True)
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    errors = []
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


def wait_for_person(page, seat):
    page.wait_for_function(
        """seat => { const g = document.querySelector("[data-game='heptalion']");
                     return g && !g.dataset.readOnly && !g.dataset.busy && g.dataset.turn === String(seat)
                       && document.querySelector('[data-piece].legal'); }""", arg=seat, timeout=TURN_TIMEOUT_MS)


def place_one(page):
    before = len(record(page)["moves"])
    page.click("[data-piece].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")
    page.wait_for_function(f"JSON.parse(window.spielstube.record()).moves.length > {before}")


def shared_link(page):
    """Share, then the link the page shows to copy (the clipboard refuses in these pages)."""
    page.click("[data-action='share-game']")
    page.wait_for_selector("dialog[open] [data-share-link]")
    link = page.input_value("[data-share-link]")
    page.click("dialog [data-action='cancel-dialog']")
    page.wait_for_selector("dialog", state="hidden")
    return link


def test_two_people_far_apart_play_by_sending_the_link_back_and_forth(browser, page, base_url):
    page.context.add_init_script(NO_CLIPBOARD)
    open_app(page, base_url, TWO_PERSONS)
    # The address's game is saved (its new game is answered after the first view): the reload
    # resumes it, not the game there was before.
    page.wait_for_function("""() => { const save = localStorage.getItem('spielstube.play.heptalion');
        return save && JSON.parse(save).seats.join() === 'human,human'; }""")
    page.reload()  # the init script applies from the next load on
    wait_ready(page)
    wait_for_person(page, 0)
    place_one(page)
    link = shared_link(page)
    assert "#heptalion?record=1." in link and link.endswith("&seats=human,human")
    assert link.startswith(base_url)

    context, friend, errors = other_device(browser, NO_CLIPBOARD)
    try:
        friend.goto(link)
        wait_ready(friend)
        wait_for_person(friend, 1)  # the friend's own turn, at the sender's position
        assert record(friend)["moves"] == record(page)["moves"]
        assert record(friend)["setup"] == record(page)["setup"]
        assert "share it back" in friend.inner_text(".notice")
        assert friend.evaluate("location.hash") == "#heptalion"  # a reload resumes the game
        place_one(friend)
        answer = shared_link(friend)
        friend_moves = record(friend)["moves"]
        assert len(friend_moves) == 2
        assert errors == []
    finally:
        context.close()

    # Back on the first device (in a game a person has moved in: replaced after confirming).
    page.goto(answer)
    page.wait_for_selector("dialog[open] [data-confirm-replace]")
    page.click("[data-action='replace-game']")
    wait_for_person(page, 0)
    assert record(page)["moves"] == friend_moves


def test_a_damaged_link_says_so_and_the_game_stays(page, base_url):
    page.context.add_init_script(NO_CLIPBOARD)
    open_app(page, base_url, "#heptalion?players=2&seats=human,ai:easy&first=0&board=original")
    page.reload()
    wait_ready(page)
    wait_for_person(page, 0)
    link = shared_link(page)
    before = page.evaluate("window.spielstube.record()")
    text = link.split("record=", 1)[1].split("&", 1)[0]
    middle = len(text) // 2
    changed = text[:middle] + ("B" if text[middle] != "B" else "C") + text[middle + 1:]
    for bad in (changed, text[:-6], "1.not-a-game", "hello"):
        page.evaluate("h => { location.hash = h; }", "heptalion?record=" + bad)
        page.wait_for_function("document.querySelector('#toast').textContent.includes('cannot be opened')")
        assert "The current game is unchanged" in page.inner_text("#toast")
        assert page.evaluate("window.spielstube.record()") == before
        assert page.evaluate("location.hash") == "#heptalion"
        page.evaluate("document.querySelector('#toast').textContent = ''")
    # a link of another game under this game's name
    page.evaluate("h => { location.hash = h; }", "topologic?record=" + text)
    page.wait_for_function("document.querySelector('#toast').textContent.includes('cannot be opened')")
    assert "heptalion" in page.inner_text("#toast")


def test_a_link_with_a_secret_is_made_only_after_a_warning_and_copied(browser, base_url):
    context = browser.new_context(viewport={"width": 1200, "height": 900}, locale="en-US",
                                  service_workers="block", bypass_csp=True)
    try:
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
        page = context.new_page()
        open_app(page, base_url, "#topologic?seats=human,ai:easy&first=0&seekers=3")
        page.wait_for_function("document.querySelector('.topo-area') && "
                               "document.querySelector('.topo-area').dataset.phase === 'entry'",
                               timeout=TURN_TIMEOUT_MS)
        page.click("[data-action='share-game']")
        page.wait_for_selector("dialog[open] [data-share-warning]")
        assert "hidden" in page.inner_text("dialog")
        page.click("dialog [data-action='cancel-dialog']")  # no link made
        page.wait_for_selector("dialog", state="hidden")
        page.click("[data-action='share-game']")
        page.wait_for_selector("dialog[open] [data-share-warning]")
        page.click("dialog [data-action='make-share-link']")
        page.wait_for_function("document.querySelector('#toast').textContent.includes('Link copied')")
        link = page.evaluate("navigator.clipboard.readText()")
        assert "#topologic?record=1." in link and link.endswith("&seats=human,ai:easy")
        shared = page.evaluate("window.spielstube.record()")
        # Opened again (here: a new game first, then the link), it is the same game.
        page.evaluate("localStorage.clear()")
        page.goto(base_url + "#heptalion")
        wait_ready(page)
        page.goto(link)
        page.wait_for_function("(() => { const r = window.spielstube.record(); "
                               "return r && JSON.parse(r).game === 'topologic'; })()")
        page.wait_for_function("document.querySelector('.notice').textContent.includes('shared game')")
        assert json.loads(page.evaluate("window.spielstube.record()"))["setup"] == json.loads(shared)["setup"]
    finally:
        context.close()


def test_save_record_warns_first_when_the_file_holds_a_secret(page, base_url):
    open_app(page, base_url, "#topologic?seats=human,ai:easy&first=0&seekers=3")
    page.wait_for_function("document.querySelector('.topo-area') && "
                           "document.querySelector('.topo-area').dataset.phase === 'entry'", timeout=TURN_TIMEOUT_MS)
    page.click("[data-action='export']")  # the computer's secret is in the record: asked first
    page.wait_for_selector("dialog[open] [data-save-warning]")
    assert "secret" in page.inner_text("dialog") and "hidden hands" not in page.inner_text("dialog")
    page.click("dialog [data-action='cancel-dialog']")  # nothing saved
    page.wait_for_selector("dialog", state="hidden")
    page.click("[data-action='export']")
    page.wait_for_selector("dialog[open] [data-save-warning]")
    with page.expect_download() as saved:
        page.click("dialog [data-action='save-anyway']")
    with open(saved.value.path(), encoding="utf-8") as handle:
        kept = json.load(handle)
    assert kept["game"] == "topologic" and kept["moves"][0]["action"] == "hide"
    assert kept["moves"][0]["secret"] is not None  # what the warning said
    # nothing hidden in Schlangennest: the file is saved at once
    page.goto(base_url + "#schlangennest?players=2&seats=human,ai:easy&first=0")
    wait_ready(page)
    with page.expect_download() as saved:
        page.click("[data-action='export']")
    assert page.locator("dialog[open]").count() == 0
    assert saved.value.suggested_filename == "schlangennest-record.json"
