"""Schlangennest in Chromium: whole games by clicking, a watched 4-computer
game, ring reopening, undo/redo, reload, phone size, language and rules."""

import json
import random
import time

from conftest import check_undo_takes_back_the_reply, open_app, record, wait_ready

GAME = "[data-game='schlangennest']"
TURN_TIMEOUT_MS = 30_000
WATCH_TIMEOUT_MS = 200_000

# The person (seat 0) can act now: a card to pick, a ring card to turn, or a pass.
PERSON_OR_END = """() => {
  const g = document.querySelector("[data-game='schlangennest']");
  if (!g || g.dataset.aiThinking !== 'false') return false;
  if (g.dataset.gameOver === 'true') return true;
  return g.dataset.turn === '0'
    && !!document.querySelector("[data-piece].legal, [data-action='pass'], .sn-card.legal");
}"""

# A record whose last position has seat 0's snake closed into a ring (2 players).
RING_RECORD = {
    "format": "spielstube/1", "game": "schlangennest",
    "options": {"players": 2, "difficulty": "recommended"}, "setup": {"first": 0},
    "moves": [
        {"player": 0, "action": "place", "card": "curve", "cell": [0, 0], "rot": 0},
        {"player": 1, "action": "place", "card": "curve", "cell": [0, -1], "rot": 3},
        {"player": 0, "action": "place", "card": "curve", "cell": [1, -1], "rot": 2},
        {"player": 1, "action": "place", "card": "straight", "cell": [-1, -1], "rot": 1},
        {"player": 0, "action": "place", "card": "curve", "cell": [1, 0], "rot": 3},
        {"player": 1, "action": "place", "card": "tail", "cell": [-2, -1], "rot": 1},
    ],
    "result": None,
}

# A record whose last position leaves seat 0 (snake open) with no legal action.
PASS_RECORD = {
    "format": "spielstube/1", "game": "schlangennest",
    "options": {"players": 2, "difficulty": "recommended"}, "setup": {"first": 0},
    "moves": [
        {"player": 0, "action": "place", "card": "straight", "cell": [0, 0], "rot": 0},
        {"player": 1, "action": "place", "card": "curve", "cell": [0, -1], "rot": 3},
        {"player": 0, "action": "place", "card": "curve", "cell": [1, -1], "rot": 2},
        {"player": 1, "action": "place", "card": "curve", "cell": [0, -2], "rot": 2},
        {"player": 0, "action": "place", "card": "curve", "cell": [0, 1], "rot": 0},
        {"player": 1, "action": "place", "card": "curve", "cell": [-1, -1], "rot": 1},
        {"player": 0, "action": "place", "card": "curve", "cell": [1, 1], "rot": 3},
        {"player": 1, "action": "place", "card": "curve", "cell": [-1, 0], "rot": 0},
    ],
    "result": None,
}


def game_attr(page, name):
    return page.get_attribute(GAME, f"data-{name}")


def wait_for_person_or_end(page):
    page.wait_for_function(PERSON_OR_END, timeout=TURN_TIMEOUT_MS)


def start_new_game(page, seats, first="seat0", pace="fast", difficulty="recommended"):
    page.click("[data-action='new-game']")
    page.check(f"dialog input[name='players'][value='{len(seats)}']")
    for seat, choice in enumerate(seats):
        page.select_option(f"dialog select[name='seat{seat}']", choice)
    page.check(f"dialog input[name='difficulty'][value='{difficulty}']")
    page.check(f"dialog input[name='first'][value='{first}']")
    page.check(f"dialog input[name='pace'][value='{pace}']")
    page.click("dialog [data-action='start-game']")
    page.wait_for_selector("dialog", state="hidden")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length <= 1")


def pick(page, selector, rng):
    items = page.locator(selector)
    count = items.count()
    assert count > 0, f"nothing matches {selector}"
    items.nth(rng.randrange(count)).click()


def lay_one_card(page, rng):
    """A legal card kind (straight or curve while one fits, as a player
    would), a legal field, maybe a turn, then confirm."""
    body = "[data-piece='straight'].legal, [data-piece='curve'].legal"
    pick(page, body if page.locator(body).count() else "[data-piece].legal", rng)
    assert page.locator("[data-piece].selected").count() == 1
    pick(page, "[data-cell].legal", rng)
    assert page.locator("[data-cell].selected").count() == 1
    if page.is_enabled("[data-action='rotate']") and rng.random() < 0.5:
        page.click("[data-action='rotate']")
    page.click("[data-action='confirm']")


def act_once(page, rng):
    """Whatever seat 0 is offered: a pass, a ring turn or swap, or a card."""
    if page.locator("[data-action='pass']").count():
        page.click("[data-action='pass']")
    elif page.locator(".sn-card.legal").count():
        pick(page, ".sn-card.legal", rng)
        page.click("[data-action='confirm']")
    else:
        lay_one_card(page, rng)


def test_whole_game_person_against_easy_computer(page, base_url):
    open_app(page, base_url, "#schlangennest")
    page.wait_for_selector(GAME)
    start_new_game(page, ["human", "ai:easy"], first="seat0")
    rng = random.Random(7)
    actions = 0
    while True:
        wait_for_person_or_end(page)
        if game_attr(page, "game-over") == "true":
            break
        before = len(record(page)["moves"])
        act_once(page, rng)
        actions += 1
        assert len(record(page)["moves"]) > before
        assert actions < 40, "a person has at most 18 cards, a few turns and passes"
    final = record(page)
    assert final["result"] is not None
    lengths = final["result"]["lengths"]
    # the panels show the final lengths, the ranking names both seats
    shown = [int(page.inner_text(f".sn-player[data-seat='{s}'] .sn-length").split()[0]) for s in (0, 1)]
    assert shown == lengths
    assert page.locator(".game-over .sn-ranking li").count() == 2
    banner = page.inner_text(".game-over")
    assert ("You win" in banner) == (final["result"]["winner"] == 0)
    assert page.locator("[data-piece]").count() == 0  # nothing left to lay
    # rematch: the next seat starts
    page.click("[data-action='rematch']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).result === null")
    assert record(page)["setup"]["first"] == 1


def test_four_computers_watched_to_the_end(page, base_url):
    open_app(page, base_url, "#schlangennest")
    page.wait_for_selector(GAME)
    start_new_game(page, ["ai:easy"] * 4, first="random")
    page.wait_for_selector(".sn-watch [data-action='pause']")
    assert page.locator("[data-piece]").count() == 0  # nobody's hand to play from
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length >= 3",
                           timeout=TURN_TIMEOUT_MS)
    # Pause holds the game (a move already being thought about may still land).
    page.click("[data-action='pause']")
    page.wait_for_function("document.querySelector(\"[data-game='schlangennest']\").dataset.aiThinking === 'false'",
                           timeout=TURN_TIMEOUT_MS)
    held = len(record(page)["moves"])
    time.sleep(1.2)
    assert len(record(page)["moves"]) == held
    page.click("[data-action='resume']")
    page.wait_for_function(
        "document.querySelector(\"[data-game='schlangennest']\").dataset.gameOver === 'true'",
        timeout=WATCH_TIMEOUT_MS)
    final = record(page)
    assert final["result"] is not None
    assert len(final["result"]["lengths"]) == 4
    assert page.locator(".game-over .sn-ranking li").count() == 4
    placed = sum(1 for m in final["moves"] if m["action"] == "place")
    assert page.locator(".sn-board .sn-card").count() == placed


def test_laying_rotating_undo_and_redo(page, base_url):
    open_app(page, base_url, "#schlangennest")
    page.wait_for_selector(GAME)
    start_new_game(page, ["human", "ai:easy"], first="seat0")
    wait_for_person_or_end(page)
    # The very first card can lie only on the first field; a curve turns four ways.
    page.click("[data-piece='curve']")
    assert page.locator("[data-cell].legal").count() == 1
    page.click("[data-cell].legal")
    first = page.inner_html("[data-cell].selected")
    seen = [first]
    for _ in range(4):
        page.keyboard.press("r")
        seen.append(page.inner_html("[data-cell].selected"))
    assert seen[4] == first and len(set(seen[:4])) == 4
    # tapping the field again turns the card too
    page.click("[data-cell].selected")
    assert page.inner_html("[data-cell].selected") == seen[1]
    assert record(page)["moves"] == []  # nothing is laid before confirming
    page.click("[data-action='confirm']")
    wait_for_person_or_end(page)
    if page.locator("[data-piece].legal").count():
        # the same by keyboard: Enter on a card, Enter on a field, Enter lays it
        page.locator("[data-piece].legal").first.focus()
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.matches('[data-cell].legal')")
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.dataset.action") == "confirm"
        page.keyboard.press("Enter")
        assert len(record(page)["moves"]) >= 3
    else:
        act_once(page, random.Random(3))
    wait_for_person_or_end(page)
    after_two = record(page)["moves"]
    assert len(after_two) == 4
    assert after_two[0]["rot"] == 1
    check_undo_takes_back_the_reply(page, wait_for_person_or_end)


def test_reload_keeps_the_game_and_its_seats(page, base_url):
    open_app(page, base_url, "#schlangennest")
    page.wait_for_selector(GAME)
    start_new_game(page, ["human", "ai:easy", "human"], first="seat0", difficulty="hard")
    rng = random.Random(11)
    wait_for_person_or_end(page)
    act_once(page, rng)
    # seat 2 is a second person at the same device: their hand comes up in turn
    page.wait_for_function(
        "document.querySelector(\"[data-game='schlangennest']\").dataset.turn === '2'"
        " && document.querySelectorAll('[data-piece].legal').length > 0", timeout=TURN_TIMEOUT_MS)
    assert "Green" in page.inner_text(".status")
    lay_one_card(page, rng)
    wait_for_person_or_end(page)
    before = record(page)
    assert len(before["moves"]) == 3
    assert before["options"]["area"] == [4, 10]
    page.reload()
    wait_ready(page)
    page.wait_for_selector(GAME)
    wait_for_person_or_end(page)
    assert record(page) == before
    assert page.locator(".sn-player").count() == 3
    assert "Computer" in page.inner_text(".sn-player[data-seat='1']")
    assert "10" in page.inner_text(".sn-nest-info")


def test_closed_ring_and_forced_pass(page, base_url):
    open_app(page, base_url, "#schlangennest")
    page.wait_for_selector(GAME)
    start_new_game(page, ["human", "ai:easy"], first="seat0")
    assert page.evaluate("r => window.spielstube.load(r)", json.dumps(RING_RECORD)) is True
    wait_for_person_or_end(page)
    assert "ring" in page.inner_text(".status")
    assert page.locator("[data-piece].legal").count() == 0  # no card is laid now
    rings = page.locator(".sn-card.legal")
    assert rings.count() >= 1
    rings.first.click()
    assert page.locator(".sn-card.selected").count() == 1
    page.click("[data-action='confirm']")
    moves = record(page)["moves"]
    assert len(moves) >= 7 and moves[6]["action"] == "turn"
    # a player with nothing legal is told so and passes with one click
    assert page.evaluate("r => window.spielstube.load(r)", json.dumps(PASS_RECORD)) is True
    wait_for_person_or_end(page)
    assert page.locator("[data-piece].legal").count() == 0
    assert "pass" in page.inner_text(".status").lower()
    assert page.is_visible(".sn-pass")
    page.click("[data-action='pass']")
    moves = record(page)["moves"]
    assert len(moves) >= 9 and moves[8] == {"player": 0, "action": "pass"}


def test_refused_field_says_why_and_phone_layout(page, base_url):
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, base_url, "#schlangennest")
    page.wait_for_selector(GAME)
    start_new_game(page, ["human", "ai:easy"], first="seat0")
    rng = random.Random(5)
    for _ in range(2):
        wait_for_person_or_end(page)
        act_once(page, rng)
    wait_for_person_or_end(page)
    assert game_attr(page, "game-over") == "false"
    # a field that is not lit tells why and changes nothing
    page.click("[data-piece].legal >> nth=0")
    moves = record(page)["moves"]
    dark = page.locator(".sn-field:not(.legal)")
    if dark.count():
        dark.first.click(force=True)
        assert page.inner_text(".notice").strip() != ""
    assert record(page)["moves"] == moves
    # nothing wider than the phone; board, hand and buttons on the first screens
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    board = page.locator(".sn-board").bounding_box()
    assert board["width"] <= 390 and board["height"] > 200
    hand = page.locator(".sn-hand").bounding_box()
    assert hand["y"] < 844 * 1.5
    for selector in ("[data-piece='straight']", "[data-action='confirm']"):
        box = page.locator(selector).bounding_box()
        assert box["height"] >= 40  # big enough for a finger


def test_german_texts_and_rules_page(page, base_url):
    open_app(page, base_url, "#schlangennest")
    page.wait_for_selector(GAME)
    page.click("[data-action='language']")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert "Neues Spiel" in page.inner_text("[data-action='new-game']")
    assert "Nest" in page.inner_text(".sn-nest-info")
    page.click("[data-action='rules']")
    page.wait_for_selector("[data-game-rules='schlangennest']")
    german = page.inner_text("[data-game-rules='schlangennest']")
    assert "Ring" in german and "Nest" in german and "selten" not in german
    page.click("[data-action='language']")
    page.wait_for_function("document.documentElement.lang === 'en'")
    english = page.inner_text("[data-game-rules='schlangennest']")
    assert "ring" in english and "rare" not in english
    page.click("[data-action='back-to-game']")
    page.wait_for_selector(GAME)
