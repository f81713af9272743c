"""Heptalion on index.html: the MicroPython frame talking to the Pyodide host.

The cases of test_heptalion_page.py re-done on the frame, and what the frame
adds: the new-game race, a past position, URL settings, undo while the
computer thinks, the board drawn before the host is ready, keyboard, phone.
"""

import json

from conftest import finished_in_history, open_app, record, wait_ready

GAME = "[data-game='heptalion']"
TURN_TIMEOUT_MS = 30_000


def game_attr(page, name):
    return page.get_attribute(GAME, f"data-{name}")


def wait_for_person_or_end(page):
    page.wait_for_function(
        """() => { const g = document.querySelector("[data-game='heptalion']");
                   return g && g.dataset.aiThinking === 'false' && !g.dataset.viewing
                     && (g.dataset.turn === '0' || g.dataset.gameOver === 'true')
                     && document.querySelector('[data-piece].legal, .game-over'); }""",
        timeout=TURN_TIMEOUT_MS)


def start_new_game(page, first="0", computer="ai:easy", board=None):
    page.click("[data-action='new-game']")
    page.select_option("dialog select[name='seat-1']", computer)
    page.check(f"dialog input[name='first'][value='{first}']")
    if board:
        page.check(f"dialog input[name='board'][value='{board}']")
    page.click("dialog [data-action='start-game']")
    page.wait_for_selector("dialog", state="hidden")


def new_easy_game(page, base_url):
    open_app(page, base_url, "#heptalion?players=2&seats=human,ai:easy&first=0&board=original")
    wait_for_person_or_end(page)


def play_one_placement(page):
    """Clicks a legal tile, a legal first field and a legal second field."""
    page.click("[data-piece].legal >> nth=0")
    assert page.locator("[data-piece].selected").count() == 1
    page.click("[data-cell].legal >> nth=0")
    assert page.locator("[data-cell].selected").count() == 1
    page.click("[data-cell].legal >> nth=0")


def views(page):
    return json.loads(page.evaluate("window.spielstube.log()"))


def test_opens_with_own_panel_first_and_boot_hooks(page, base_url):
    open_app(page, base_url, "#heptalion")
    assert game_attr(page, "game-over") == "false"
    assert page.locator(".player").first.get_attribute("data-seat") == "0"
    boot = page.evaluate("window.spielstubeBoot")
    assert boot["boardShownAt"] <= boot["readyAt"]
    assert boot["workerReadyAt"] <= boot["readyAt"]


def test_whole_game_against_the_computer_by_clicking(page, base_url):
    new_easy_game(page, base_url)
    moves_played = 0
    while True:
        wait_for_person_or_end(page)
        if game_attr(page, "game-over") == "true":
            break
        before = len(record(page)["moves"])
        play_one_placement(page)
        page.wait_for_function(f"JSON.parse(window.spielstube.record()).moves.length > {before}")
        moves_played += 1
        assert moves_played < 30, "a two-player Heptalion game has at most 28 placements"
    final = record(page)
    assert final["result"] is not None
    winner = final["result"]["winner"]
    assert ("You win" in page.inner_text(".game-over")) == (winner == 0)
    assert page.locator(".game-over [data-rank]").count() >= 2
    assert page.locator(".placed").count() == len(final["moves"])
    assert page.locator(".placed.last").count() == 1
    # every move is listed, numbered, and the list stays inside its box
    entries = page.locator("[data-move-index]")
    assert entries.count() == len(final["moves"])
    assert entries.last.inner_text().startswith(f"{len(final['moves'])}.")
    box = page.locator("[data-move-list]").bounding_box()
    last = entries.last.bounding_box()
    assert box["y"] <= last["y"] and last["y"] + last["height"] <= box["y"] + box["height"] + 1
    assert last["x"] + last["width"] <= box["x"] + box["width"] + 1
    # rematch: the loser starts
    page.click("[data-action='rematch']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length <= 1")
    assert record(page)["setup"]["first"] == 1 - winner
    finished_in_history(page, base_url, "heptalion", winner)  # the rematch is not finished


def test_tile_and_field_selection_rules(page, base_url):
    new_easy_game(page, base_url)
    tiles = page.locator("[data-piece].legal")
    tiles.nth(0).click()
    page.click("[data-cell].legal >> nth=0")
    first = page.get_attribute("[data-cell].selected", "data-cell")
    page.click(f"[data-cell='{first}']")  # the first field again resets the fields
    assert page.locator("[data-cell].selected").count() == 0
    page.click("[data-cell].legal >> nth=0")
    tiles.nth(1).click()  # another tile changes only the local choice
    assert page.locator("[data-cell].selected").count() == 0
    assert page.get_attribute("[data-piece].selected", "data-piece") == tiles.nth(1).get_attribute("data-piece")
    assert record(page)["moves"] == []
    page.locator("[data-cell]:not(.legal)").first.click(force=True)
    assert page.inner_text(".notice") != ""
    assert record(page)["moves"] == []


def two_placements_each(page, base_url):
    """A new game against easy, two placements each; the record's moves."""
    new_easy_game(page, base_url)
    for _ in range(2):
        wait_for_person_or_end(page)
        play_one_placement(page)
    wait_for_person_or_end(page)
    moves = record(page)["moves"]
    assert len(moves) == 4
    return moves


def test_undo_redo_and_reload_keep_the_game(page, base_url):
    after_two = two_placements_each(page, base_url)
    page.click("[data-action='undo']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length === 2")
    assert game_attr(page, "turn") == "0"
    page.keyboard.press("Control+y")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length === 4")
    wait_for_person_or_end(page)
    assert record(page)["moves"] == after_two
    page.reload()
    wait_ready(page)
    assert record(page)["moves"] == after_two


def test_a_press_on_undo_that_a_redraw_replaced_is_still_an_undo(page, base_url):
    # The game root is drawn anew with every view; a view arriving between press and
    # release replaces the pressed button, and the browser then sends no click.
    two_placements_each(page, base_url)
    page.locator("[data-action='undo']").scroll_into_view_if_needed()  # a press, as a person's, where it is seen
    box = page.locator("[data-action='undo']").bounding_box()
    page.evaluate("document.querySelector(\"[data-action='undo']\").dataset.pressedBeforeRedraw = 'yes'")
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.keyboard.press("Escape")  # (Escape redraws the game, as a view does)
    page.wait_for_function("!document.querySelector(\"[data-action='undo']\").dataset.pressedBeforeRedraw")
    page.mouse.up()
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length === 2")
    # One undo, not two: a redo (read after any second undo) brings back all four moves.
    page.keyboard.press("Control+y")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length === 4")
    assert record(page)["aids"]["undos"] == 1


def test_language_switch(page, base_url):
    open_app(page, base_url, "#heptalion")
    english = page.inner_text("[data-action='new-game']")
    page.click("[data-action='language']")
    german = page.inner_text("[data-action='new-game']")
    assert german != english
    assert page.evaluate("document.documentElement.lang") == "de"
    page.reload()
    wait_ready(page)
    assert page.inner_text("[data-action='new-game']") == german


def test_bad_record_is_refused_and_game_kept(page, base_url):
    open_app(page, base_url, "#heptalion")
    before = page.evaluate("window.spielstube.record()")
    assert page.evaluate("window.spielstube.load('{not json')") is False
    assert page.is_visible("#toast")
    bad = json.loads(before)
    bad["moves"] = [{"player": 0, "tile": "XX", "cells": [[0, 5], [1, 5]]}]
    assert page.evaluate("r => window.spielstube.load(r)", json.dumps(bad)) is False
    assert "0" in page.inner_text("#toast")
    assert page.evaluate("window.spielstube.record()") == before


def test_record_load_replaces_the_game(page, base_url):
    new_easy_game(page, base_url)
    play_one_placement(page)
    wait_for_person_or_end(page)
    saved = page.evaluate("window.spielstube.record()")
    start_new_game(page)
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length === 0")
    assert page.evaluate("r => window.spielstube.load(r)", saved) is True
    wait_for_person_or_end(page)
    assert record(page)["moves"] == json.loads(saved)["moves"]
    assert page.inner_text(".status-bar .notice") == "Record loaded."
    # a refused record next: its refusal is said, and "Record loaded." no longer stands beside it
    assert page.evaluate("window.spielstube.load('{not json')") is False
    assert "cannot be loaded" in page.inner_text("#toast")
    assert "Record loaded." not in page.inner_text(".status-bar")


def test_corrupt_save_is_reported_and_set_aside(page, base_url):
    open_app(page, base_url, "#heptalion")
    page.evaluate("localStorage.setItem('spielstube.play.heptalion', '{\"record\": 5}')")
    page.reload()
    wait_ready(page)
    assert page.is_visible("#toast")
    assert page.evaluate("localStorage.getItem('spielstube.play.heptalion.corrupt')") == '{"record": 5}'
    assert record(page)["moves"] in ([], ) or record(page)["setup"]["first"] == 1


def test_failed_start_shows_message_and_retry(page_and_watch, base_url):
    """The host's worker never starts (each try fails): after the restarts, a
    message and a retry, not a blank page. (boot.js's 90 s timeout for a
    stalled download is not tested.)"""
    page, watch = page_and_watch
    tries = []
    page.route("**/host-worker.js", lambda route: (tries.append(1), route.abort()))
    page.goto(base_url + "#heptalion")
    page.wait_for_function("document.body.dataset.appState === 'error'", timeout=60_000)
    assert len(tries) == 3  # the first start and two restarts
    assert page.is_visible("#boot-error")
    assert page.is_visible("[data-action='retry']")
    assert watch.foreign_requests == []


def test_host_that_fails_once_is_started_again(page_and_watch, base_url):
    page, watch = page_and_watch
    blocked = {"count": 0}

    def block_once(route):
        if blocked["count"] == 0:
            blocked["count"] += 1
            route.abort()
        else:
            route.continue_()

    page.route("**/host-worker.js", block_once)
    open_app(page, base_url, "#heptalion")
    assert blocked["count"] == 1
    assert page.locator("[data-piece].legal, [data-game]").count() >= 1
    assert watch.foreign_requests == []


def test_new_game_race_starts_cleanly(page, base_url):
    """New game (computer starts, random board), a field clicked meanwhile."""
    new_easy_game(page, base_url)
    page.click("[data-piece].legal >> nth=0")
    start_new_game(page, first="1", board="random")
    page.locator("[data-cell] >> nth=3").click(force=True)
    page.locator("[data-cell] >> nth=4").click(force=True)
    wait_for_person_or_end(page)
    game = record(page)
    assert game["options"]["board"] == "random"
    assert game["setup"]["first"] == 1
    assert len(game["moves"]) == 1 and game["moves"][0]["player"] == 1
    page.reload()
    wait_ready(page)
    wait_for_person_or_end(page)
    assert record(page)["moves"] == game["moves"]


def test_viewing_a_past_move(page, base_url):
    new_easy_game(page, base_url)
    play_one_placement(page)
    wait_for_person_or_end(page)
    page.click("[data-move-index='0']")
    page.wait_for_selector(f"{GAME}[data-viewing='0']")
    assert page.locator(".placed").count() == 1
    assert page.locator("[data-cell].legal, [data-piece].legal").count() == 0
    assert page.locator("[data-cell].highlight").count() == 2
    page.locator("[data-cell] >> nth=0").click(force=True)
    assert len(record(page)["moves"]) == 2
    page.click("[data-action='back-to-present']")
    assert game_attr(page, "viewing") is None
    assert page.locator(".placed").count() == 2
    assert page.locator("[data-piece].legal").count() > 0


def test_url_settings_open_a_new_game_then_resume(page, base_url):
    open_app(page, base_url,
              "#heptalion?players=2&seats=human,ai:easy&first=1&board=random&hidden_hands=1")
    wait_for_person_or_end(page)
    game = record(page)
    assert game["options"]["board"] == "random" and game["options"]["hidden_hands"] is True
    assert game["setup"]["first"] == 1
    assert page.evaluate("location.hash") == "#heptalion"
    assert page.locator(".tile.face-down").count() > 0
    page.reload()
    wait_ready(page)
    assert record(page)["setup"] == game["setup"]


def test_url_settings_bad_value_says_so_and_opens_the_dialog(page, base_url):
    open_app(page, base_url, "#heptalion?board=square")
    page.wait_for_selector("dialog [data-new-game-form]")
    assert "square" in page.inner_text("#toast")
    assert page.evaluate("location.hash") == "#heptalion"


def test_url_settings_replace_a_game_only_after_confirming(page, base_url):
    """A link with settings opened while a game with a person's move is on."""
    new_easy_game(page, base_url)
    play_one_placement(page)
    wait_for_person_or_end(page)
    moves = record(page)["moves"]
    page.evaluate("location.hash = '#heptalion?board=perfect'")
    page.click("dialog [data-action='keep-game']")
    assert page.evaluate("location.hash") == "#heptalion"
    assert record(page)["moves"] == moves
    page.evaluate("location.hash = '#heptalion?board=perfect'")
    page.click("dialog [data-action='replace-game']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).options.board === 'perfect'")
    assert record(page)["moves"] == []


def test_undo_while_the_computer_thinks_drops_its_move(page, base_url):
    # The strong level thinks for its whole budget (about a second), so the undo lands
    # inside the think however slow the machine is; easy answers before a click can.
    open_app(page, base_url, "#heptalion?players=2&seats=human,ai:strong&first=0&board=original")
    wait_for_person_or_end(page)
    play_one_placement(page)
    page.wait_for_selector(f"{GAME}[data-ai-thinking='true']")
    page.click("[data-action='undo']")
    wait_for_person_or_end(page)
    assert record(page)["moves"] == []
    play_one_placement(page)
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length === 2")
    log = [entry for entry in views(page) if "moves" in entry]
    counts = [entry["moves"] for entry in log]
    undone = max(i for i, n in enumerate(counts) if n == 0)
    # the dropped think never showed its move: 2 moves appear only after the new placement
    assert 2 not in counts[:undone]
    assert counts[undone + 1:] == [1, 2] or counts[undone + 1:][-1] == 2


def test_board_is_drawn_before_the_host_is_ready(page, base_url):
    new_easy_game(page, base_url)
    play_one_placement(page)
    wait_for_person_or_end(page)
    held = []
    page.route("**/host-worker.js", lambda route: held.append(route))
    page.reload()
    # The kept board, with its legal moves: a person may move on it at once (tests/e2e/test_host_away.py).
    page.wait_for_selector(f"{GAME}[data-board='kept'] [data-piece].legal")
    assert page.evaluate("document.body.dataset.appState") == "loading"
    assert page.locator(".placed").count() == 2
    assert page.get_attribute(GAME, "data-read-only") is None
    assert page.evaluate("window.spielstubeBoot.workerReadyAt") is None
    page.wait_for_function("() => true")  # let the route handler run
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    wait_ready(page)
    boot = page.evaluate("window.spielstubeBoot")
    assert boot["boardShownAt"] < boot["workerReadyAt"] <= boot["readyAt"]
    assert page.get_attribute(GAME, "data-board") == "live"
    assert page.locator("[data-piece].legal").count() > 0


def test_keyboard_plays_a_placement_and_undoes_it(page, base_url):
    new_easy_game(page, base_url)
    page.focus("[data-piece].legal >> nth=0")
    page.keyboard.press("Enter")
    assert page.locator("[data-piece].selected").count() == 1
    page.focus("[data-cell].legal >> nth=0")
    page.keyboard.press(" ")
    assert page.locator("[data-cell].selected").count() == 1
    page.focus("[data-cell].legal >> nth=0")
    page.keyboard.press("Enter")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length >= 1")
    wait_for_person_or_end(page)
    page.keyboard.press("Control+z")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length === 0")


def test_phone_width_fits_and_plays(page, base_url):
    page.set_viewport_size({"width": 360, "height": 740})
    new_easy_game(page, base_url)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    play_one_placement(page)
    wait_for_person_or_end(page)
    assert len(record(page)["moves"]) == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_two_persons_hand_the_device_over_and_keep_no_hand(page, base_url):
    open_app(page, base_url, "#heptalion?players=2&seats=human,human&first=0&hidden_hands=1")
    page.wait_for_selector("[data-handover='0']")
    assert page.locator("[data-piece]").count() == 0
    page.click("[data-action='handover-done']")
    play_one_placement(page)
    page.wait_for_selector("[data-handover='1']")
    assert page.locator("[data-piece]").count() == 0  # no hand in the page while it passes
    kept = page.evaluate("JSON.parse(localStorage.getItem('spielstube.play.heptalion.view'))")
    assert all(hand["tiles"] is None for hand in kept["board"]["hands"])
    page.click("[data-action='handover-done']")
    page.wait_for_selector("[data-piece].legal")
    assert page.locator(".player").first.get_attribute("data-seat") == "1"
    assert page.get_attribute(GAME, "data-turn") == "1"
