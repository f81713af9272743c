"""Schlangennest on index.html: the MicroPython frame talking to the Pyodide host.

The cases of test_schlangennest_page.py re-done on the frame: whole games by
clicking, a watched 4-computer game with pause and pace, laying and rotating
by mouse and keyboard, undo/redo, reload, ring reopening, the forced pass
(played by the host's Session, shown in the move list), a refused field,
phone width, German, the area options in the dialog and in the URL.
"""

import json
import pathlib
import random

from conftest import check_move_list, finished_in_history, open_app, record, wait_ready
from spielstube.ui.common.move_window import WINDOW

GAME = "[data-game='schlangennest']"
TURN_TIMEOUT_MS = 30_000
WATCH_TIMEOUT_MS = 200_000

# The person (seat 0) can act now, or the game is over.
PERSON_OR_END = """() => {
  const g = document.querySelector("[data-game='schlangennest']");
  if (!g || g.dataset.aiThinking !== 'false' || g.dataset.viewing) return false;
  if (g.dataset.gameOver === 'true') return !!document.querySelector('.game-over');
  return g.dataset.turn === '0' && !!document.querySelector("[data-piece].legal, .sn-card.legal");
}"""

# A record whose last position has seat 0's snake closed into a ring (2 players);
# the unit and end-to-end tests share it.
RING_RECORD = json.loads((pathlib.Path(__file__).parents[1] / "data" / "schlangennest-ring-closed.json").read_text())

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


def moves_at_least(page, count, timeout=TURN_TIMEOUT_MS):
    page.wait_for_function(f"JSON.parse(window.spielstube.record()).moves.length >= {count}", timeout=timeout)


def open_game(page, base_url, seats=("human", "ai:easy"), first=0, **options):
    pairs = [f"players={len(seats)}", "seats=" + ",".join(seats), f"first={first}"]
    pairs += [f"{key}={value}" for key, value in options.items()]
    open_app(page, base_url, "#schlangennest?" + "&".join(pairs))
    page.wait_for_selector(GAME)


def pick(page, selector, rng):
    items = page.locator(selector)
    count = items.count()
    assert count > 0, f"nothing matches {selector}"
    items.nth(rng.randrange(count)).click()


def lay_one_card(page, rng):
    """A legal card kind (straight or curve while one fits, as a player
    would), a legal field, maybe a turn, then Lay card."""
    body = "[data-piece='straight'].legal, [data-piece='curve'].legal"
    pick(page, body if page.locator(body).count() else "[data-piece].legal", rng)
    assert page.locator("[data-piece].selected").count() == 1
    pick(page, "[data-cell].legal", rng)
    assert page.locator("[data-cell].selected").count() == 1
    if page.is_enabled("[data-action='rotate']") and rng.random() < 0.5:
        page.click("[data-action='rotate']")
    page.click("[data-action='confirm']")


def act_once(page, rng):
    """Whatever seat 0 is offered: a ring turn or swap, or a card."""
    before = len(record(page)["moves"])
    if page.locator(".sn-card.legal").count():
        pick(page, ".sn-card.legal", rng)
        page.click("[data-action='confirm']")
    else:
        lay_one_card(page, rng)
    moves_at_least(page, before + 1)


def test_whole_game_person_against_easy_computer(page, base_url):
    open_game(page, base_url)
    rng = random.Random(7)
    actions = 0
    while True:
        wait_for_person_or_end(page)
        if game_attr(page, "game-over") == "true":
            break
        act_once(page, rng)
        actions += 1
        assert actions < 40, "a person has at most 18 cards and a few ring turns"
    final = record(page)
    result = final["result"]
    assert result is not None
    shown = [int(page.inner_text(f".player[data-seat='{s}'] .count").split()[-1]) for s in (0, 1)]
    assert shown == result["lengths"]
    assert page.locator(".game-over [data-rank]").count() == len(result["ranking"])
    assert ("You win" in page.inner_text(".game-over")) == (result["winner"] == 0)
    assert page.locator("[data-piece]").count() == 0  # nothing left to lay
    placed = sum(1 for m in final["moves"] if m["action"] == "place")
    assert page.locator(".sn-board .sn-card").count() == placed
    # every move is an entry, passes included, each naming its card and a labelled field
    entries = page.locator("[data-move-index]")
    assert entries.count() == len(final["moves"])
    labels = set(page.eval_on_selector_all(".sn-board .coord", "els => els.map(e => e.textContent)"))
    for index, move in enumerate(final["moves"]):
        text = entries.nth(index).inner_text()
        if move["action"] == "place":
            x, y = (str(v).replace("-", "\u2212") for v in move["cell"])
            assert f"{x}, {y}" in text and x in labels and y in labels
            assert ("Straight Curve Tail Head".split()[("straight", "curve", "tail", "head").index(move["card"])]
                    in text)
        elif move["action"] == "pass":
            assert "passes" in text
    # rematch: the loser starts
    page.click("[data-action='rematch']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).result === null")
    assert record(page)["setup"]["first"] in result["ranking"][-1]  # the host draws among equals
    finished_in_history(page, base_url, "schlangennest", result["winner"])


def test_four_computers_watched_with_pause_and_pace(page, base_url):
    open_game(page, base_url, seats=("ai:easy",) * 4, first=0)
    page.wait_for_selector("[data-action='pause']")
    assert page.locator("[data-piece]").count() == 0  # nobody's hand to play from
    page.click("[data-action='pace'][data-pace='0.15']")
    page.wait_for_selector("[data-action='pace'][data-pace='0.15'][aria-pressed='true']")
    moves_at_least(page, 3)
    page.evaluate("window.__movesSection = document.querySelector('[data-move-section]')")
    page.click("[data-action='pause']")
    page.wait_for_selector("[data-action='resume']")
    page.wait_for_function(f"document.querySelector(\"{GAME}\").dataset.aiThinking === 'false'")
    held = len(record(page)["moves"])
    assert "Paused" in page.inner_text(".status")
    page.wait_for_timeout(1200)  # a pause holds: no move comes meanwhile (order, not speed)
    assert len(record(page)["moves"]) == held
    page.click("[data-action='resume']")
    page.wait_for_function(f"document.querySelector(\"{GAME}\").dataset.gameOver === 'true'",
                           timeout=WATCH_TIMEOUT_MS)
    final = record(page)
    assert len(final["result"]["lengths"]) == 4
    assert page.locator(".game-over [data-rank]").count() == len(final["result"]["ranking"])
    placed = sum(1 for m in final["moves"] if m["action"] == "place")
    assert page.locator(".sn-board .sn-card").count() == placed
    # The list stayed on the page, each move added to it (ui/frame/kept_moves.py), and it is
    # what the list drawn anew shows (the language switched and back draws it anew).
    assert page.evaluate("window.__movesSection === document.querySelector('[data-move-section]')")
    added = page.eval_on_selector_all("[data-move-section] li", "items => items.map(li => li.outerHTML)")
    assert len(added) == min(len(final["moves"]), WINDOW)
    for lang in ("de", "en"):
        page.click("[data-action='language']")
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    page.wait_for_selector(f"[data-move-index='{len(final['moves']) - 1}']")
    assert not page.evaluate("window.__movesSection.isConnected")
    assert page.eval_on_selector_all("[data-move-section] li", "items => items.map(li => li.outerHTML)") == added
    check_move_list(page, len(final["moves"]))
    assert page.locator("[data-action='pause'], [data-action='resume']").count() == 0


def test_laying_rotating_keyboard_undo_and_redo(page, base_url):
    open_game(page, base_url)
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
    page.click("[data-cell].selected")  # tapping the field again turns the card too
    assert page.inner_html("[data-cell].selected") == seen[1]
    assert record(page)["moves"] == []  # nothing is laid before Lay card
    page.click("[data-action='confirm']")
    moves_at_least(page, 1)
    wait_for_person_or_end(page)
    # the same by keyboard: Enter on a card, Enter on a field, Enter lays it
    page.locator("[data-piece].legal").first.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.matches('[data-cell].legal, [data-cell].selected')")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.action") == "confirm"
    page.keyboard.press("Enter")
    moves_at_least(page, 3)
    wait_for_person_or_end(page)
    after_two = record(page)["moves"]
    assert len(after_two) == 4
    assert after_two[0]["rot"] == 1
    # Undo takes back the person's card with the computer's reply; redo brings both back.
    page.click("[data-action='undo']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length === 2")
    assert record(page)["moves"] == after_two[:2] and game_attr(page, "turn") == "0"
    page.keyboard.press("Control+y")
    moves_at_least(page, 4)
    wait_for_person_or_end(page)
    assert record(page)["moves"] == after_two
    page.keyboard.press("Control+z")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length === 2")


def test_reload_keeps_the_game_and_its_seats(page, base_url):
    open_game(page, base_url, seats=("human", "ai:easy", "human"), difficulty="hard")
    rng = random.Random(11)
    wait_for_person_or_end(page)
    act_once(page, rng)
    # seat 2 is a second person at the same device: nothing is hidden, so no hand-over
    page.wait_for_function(
        f"document.querySelector(\"{GAME}\").dataset.turn === '2'"
        " && document.querySelectorAll('[data-piece].legal').length > 0", timeout=TURN_TIMEOUT_MS)
    assert page.locator("[data-handover]").count() == 0
    assert "Green" in page.inner_text(".status")
    lay_one_card(page, rng)
    moves_at_least(page, 3)
    page.wait_for_function(f"document.querySelector(\"{GAME}\").dataset.aiThinking === 'false'")
    before = record(page)
    assert before["options"]["area"] == [4, 10]
    page.reload()
    wait_ready(page)
    page.wait_for_function(f"document.querySelector(\"{GAME}\").dataset.aiThinking === 'false'")
    assert record(page) == before
    assert page.locator(".player").count() == 3
    assert "Computer" in page.inner_text(".player[data-seat='1']")
    assert "10" in page.inner_text(".sn-nest-info")


def test_closed_ring_and_the_forced_pass(page, base_url):
    open_game(page, base_url)
    assert page.evaluate("r => window.spielstube.load(r)", json.dumps(RING_RECORD)) is True
    wait_for_person_or_end(page)
    assert "ring" in page.inner_text(".status")
    assert page.locator("[data-piece]").count() == 0  # no card is laid now
    rings = page.locator(".sn-card.legal")
    assert rings.count() >= 1
    rings.first.click()
    assert page.locator(".sn-card.selected").count() == 1
    page.click("[data-action='confirm']")
    moves_at_least(page, 7)
    assert record(page)["moves"][6]["action"] == "turn"
    # a player with nothing legal passes: the host's Session plays it, the list shows it
    assert page.evaluate("r => window.spielstube.load(r)", json.dumps(PASS_RECORD)) is True
    moves_at_least(page, 9)
    moves = record(page)["moves"]
    assert moves[8] == {"player": 0, "action": "pass"}
    entry = page.inner_text("[data-move-index='8']")
    assert "passes" in entry and "open end" in entry


def test_refused_field_says_why_and_phone_layout(page, base_url):
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, base_url)
    rng = random.Random(5)
    for _ in range(2):
        wait_for_person_or_end(page)
        act_once(page, rng)
    wait_for_person_or_end(page)
    assert game_attr(page, "game-over") == "false"
    page.click("[data-piece].legal >> nth=0")
    moves = record(page)["moves"]
    dark = page.locator(".sn-field:not(.legal)")
    assert dark.count() > 0
    dark.first.click(force=True)
    assert page.inner_text(".notice").strip() != ""
    assert record(page)["moves"] == moves
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    board = page.locator(".sn-board").bounding_box()
    assert board["width"] <= 390 and board["height"] > 200
    assert page.locator(".sn-hand").bounding_box()["y"] < 844 * 1.5
    for selector in ("[data-piece='straight']", "[data-action='confirm']"):
        assert page.locator(selector).bounding_box()["height"] >= 40  # big enough for a finger


def test_german_texts(page, base_url):
    open_game(page, base_url)
    page.click("[data-action='language']")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert "Neues Spiel" in page.inner_text("[data-action='new-game']")
    assert "Nest" in page.inner_text(".sn-nest-info")
    assert "Blau" in page.inner_text(".player[data-seat='0']")
    assert "Karte" in page.inner_text(".status")
    page.click("[data-piece='curve']")
    assert "Legen" in page.inner_text("[data-action='confirm']")


def test_dialog_offers_the_area_options(page, base_url):
    open_game(page, base_url)
    page.click("[data-action='new-game']")
    assert page.locator("dialog input[name='area']").count() == 0  # only for a custom size
    page.check("dialog input[name='difficulty'][value='custom']")
    page.fill("dialog input[name='area']", "5x7")
    page.check("dialog input[name='tail_first']")
    page.click("dialog [data-action='start-game']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).options.difficulty === 'custom'")
    game = record(page)
    assert game["options"]["area"] == [5, 7] and game["options"]["tail_first"] is True
    assert "5 × 7" in page.inner_text(".sn-nest-info")
    wait_for_person_or_end(page)
    assert [p.get_attribute("data-piece") for p in page.locator("[data-piece].legal").all()] == ["tail"]
    page.click("[data-action='new-game']")
    page.check("dialog input[name='difficulty'][value='unlimited']")
    page.click("dialog [data-action='start-game']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).options.area === null")
    assert "Unlimited" in page.inner_text(".sn-nest-info")


def test_url_settings_area_and_viewing_a_past_move(page, base_url):
    open_game(page, base_url, difficulty="custom", area="4x6")
    assert record(page)["options"]["area"] == [4, 6]
    assert page.evaluate("location.hash") == "#schlangennest"
    wait_for_person_or_end(page)
    act_once(page, random.Random(2))
    wait_for_person_or_end(page)
    page.click("[data-move-index='0']")
    page.wait_for_selector(f"{GAME}[data-viewing='0']")
    assert page.locator(".sn-board .sn-card").count() == 1
    assert page.locator(".sn-board .highlight-frame").count() == 1
    assert page.locator("[data-cell].legal, [data-piece]:not([disabled])").count() == 0  # the cards shown, none offered
    page.click("[data-action='back-to-present']")
    assert page.locator(".sn-board .sn-card").count() == 2
    assert page.locator("[data-piece].legal").count() > 0
