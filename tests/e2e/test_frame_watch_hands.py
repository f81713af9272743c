"""Watching computers play Heptalion with hidden hands (issue 8): nobody is
seated to hide a hand from, so the watcher sees every hand face up the whole
game; with a person seated no other seat's tile is ever in the page before the
end. Two computers of one level have distinct names in panels, status,
announcements and the ranking, in English and German."""

import re

from conftest import open_app, record

TURN_TIMEOUT_MS = 60_000
WATCH_TIMEOUT_MS = 240_000
GAME = "[data-game='heptalion']"
WATCHED = "#heptalion?players=3&seats=ai:easy,ai:easy,ai:easy&first=0&hidden_hands=1&board=original"
ONE_PERSON = "#heptalion?players=3&seats=human,ai:easy,ai:easy&first=1&hidden_hands=1&board=original"


def go(page, base_url, route):
    page.goto("about:blank")  # settings in the address apply when the page opens afresh
    open_app(page, base_url, route)


READ_PANELS = """() => [...document.querySelectorAll('.player')].map(p => ({
        seat: p.dataset.seat, name: p.querySelector('.name').textContent,
        up: p.querySelectorAll('.hand [data-tile], .hand [data-piece]').length,
        down: p.querySelectorAll('.hand .face-down').length,
        count: (p.querySelector('.count') || {}).textContent || ''}))"""


def panels(page):
    """Per seat: its name, tiles shown face up, tiles face down, the count it states."""
    return page.evaluate(READ_PANELS)


def test_a_watcher_sees_every_hidden_hand_and_tells_the_computers_apart(page, base_url):
    page.set_default_timeout(TURN_TIMEOUT_MS)
    go(page, base_url, WATCHED)
    page.wait_for_selector("[data-action='pause']")
    names = ["Computer 1 (easy)", "Computer 2 (easy)", "Computer 3 (easy)"]
    seen_moves = set()
    page.wait_for_selector(".status:has-text('is thinking')")
    status = page.inner_text(".status")
    assert any(name + " is thinking" in status for name in names), status
    while page.get_attribute(GAME, "data-game-over") != "true":
        # one evaluate reads one drawing: the page redraws between script tasks, never during one
        now = page.evaluate(f"""() => ({{over: document.querySelector("{GAME}").dataset.gameOver,
                                        moves: JSON.parse(window.spielstube.record()).moves.length,
                                        panels: ({READ_PANELS})()}})""")
        shown = now["panels"]
        if now["over"] == "true":
            break
        assert sorted(p["name"] for p in shown) == names
        seen_moves.add(now["moves"])
        for panel in shown:
            assert panel["down"] == 0, f"a watcher is shown a face-down hand: {panel}"
            found = re.search(r"\d+", panel["count"])
            assert found and panel["up"] == int(found.group()), panel
        assert sum(p["up"] for p in shown) > 0
        page.wait_for_function(
            f"""n => JSON.parse(window.spielstube.record()).moves.length > n
                     || document.querySelector("{GAME}").dataset.gameOver === 'true'""",
            arg=now["moves"], timeout=WATCH_TIMEOUT_MS)
    assert len(seen_moves) >= 2  # the hands were looked at more than once along the game
    assert re.search(r"Computer \d \(easy\) wins", page.inner_text(".game-over")), page.inner_text(".game-over")
    announced = page.inner_text("#announce")
    assert any(name in announced for name in names), announced
    ranking = page.locator("[data-rank]").all_inner_texts()
    assert ranking and all(re.search(r"Computer \d \(easy\)", line) for line in ranking), ranking
    # in German too: "Computer 2 (leicht)"
    page.click("[data-action='language']")
    page.wait_for_function("document.documentElement.lang === 'de'")
    german = sorted(p["name"] for p in panels(page))
    assert len(set(german)) == 3 and all(re.fullmatch(r"Computer \d \(\S+\)", n) for n in german), german
    assert german != names


def test_with_a_person_seated_computer_hands_stay_face_down_until_the_end(page, base_url):
    page.set_default_timeout(TURN_TIMEOUT_MS)
    go(page, base_url, ONE_PERSON)
    page.wait_for_function(
        f"""() => {{ const g = document.querySelector("{GAME}");
                   return g && g.dataset.aiThinking === 'false' && !!document.querySelector('[data-piece].legal'); }}""")
    shown = {p["seat"]: p for p in panels(page)}
    assert shown["0"]["up"] > 0 and shown["0"]["down"] == 0  # your own tiles
    for seat in ("1", "2"):
        assert shown[seat]["up"] == 0 and shown[seat]["down"] > 0, shown[seat]
    assert page.locator("[data-seat='1'] [data-tile], [data-seat='2'] [data-tile]").count() == 0
    assert sorted([shown["1"]["name"], shown["2"]["name"]]) == ["Computer 1 (easy)", "Computer 2 (easy)"]
    assert shown["0"]["name"] == "You"
