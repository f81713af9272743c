"""Heptalion in Chromium: whole games by clicking, undo/redo, reload, language."""

import json

from conftest import check_undo_takes_back_the_reply, open_app, record, wait_ready

GAME = "[data-game='heptalion']"
TURN_TIMEOUT_MS = 30_000


def game_attr(page, name):
    return page.get_attribute(GAME, f"data-{name}")


def wait_for_person_or_end(page):
    page.wait_for_function(
        """() => { const g = document.querySelector("[data-game='heptalion']");
                   return g && g.dataset.aiThinking === 'false'
                     && (g.dataset.turn === '0' || g.dataset.gameOver === 'true'); }""",
        timeout=TURN_TIMEOUT_MS)


def start_new_game(page, level="easy", first="human"):
    page.click("[data-action='new-game']")
    page.check(f"dialog input[name='level'][value='{level}']")
    page.check(f"dialog input[name='first'][value='{first}']")
    page.click("dialog [data-action='start-game']")
    page.wait_for_selector("dialog", state="hidden")


def play_one_placement(page):
    """Clicks a legal tile, a legal first field and a legal second field."""
    page.click("[data-piece].legal >> nth=0")
    assert page.locator("[data-piece].selected").count() == 1
    page.click("[data-cell].legal >> nth=0")
    assert page.locator("[data-cell].selected").count() == 1
    page.click("[data-cell].legal >> nth=0")


def test_landing_lists_games_and_opens_heptalion(page, base_url):
    open_app(page, base_url)
    cards = page.locator("[data-game-link]")
    assert cards.count() == 3
    page.click("[data-game-link='heptalion']")
    page.wait_for_selector(GAME)
    assert game_attr(page, "game-over") == "false"
    # your own player info comes first
    assert page.locator(".player").first.get_attribute("data-seat") == "0"


def test_whole_game_against_the_computer_by_clicking(page, base_url):
    open_app(page, base_url, "#heptalion")
    start_new_game(page, level="easy", first="human")
    moves_played = 0
    while True:
        wait_for_person_or_end(page)
        if game_attr(page, "game-over") == "true":
            break
        before = len(record(page)["moves"])
        play_one_placement(page)
        moves_played += 1
        assert len(record(page)["moves"]) == before + 1
        assert moves_played < 30, "a two-player Heptalion game has at most 28 placements"
    final = record(page)
    assert final["result"] is not None
    winner = final["result"]["winner"]
    banner = page.inner_text(".game-over")
    assert ("You win" in banner) == (winner == 0)
    # the last placed tile is marked, and every placement is drawn face down
    assert page.locator(".placed").count() == len(final["moves"])
    assert page.locator(".placed.last").count() == 1
    # rematch: the loser starts
    page.click("[data-action='rematch']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length <= 1")
    assert record(page)["setup"]["first"] == 1 - winner


def test_tile_and_field_selection_rules(page, base_url):
    open_app(page, base_url, "#heptalion")
    start_new_game(page, level="easy", first="human")
    wait_for_person_or_end(page)
    tiles = page.locator("[data-piece].legal")
    tiles.nth(0).click()
    page.click("[data-cell].legal >> nth=0")
    first = page.get_attribute("[data-cell].selected", "data-cell")
    # tapping the first field again resets the field selection
    page.click(f"[data-cell='{first}']")
    assert page.locator("[data-cell].selected").count() == 0
    # another tile only changes the local selection: no move is made
    page.click("[data-cell].legal >> nth=0")
    tiles.nth(1).click()
    assert page.locator("[data-cell].selected").count() == 0
    assert page.get_attribute("[data-piece].selected", "data-piece") == tiles.nth(1).get_attribute("data-piece")
    assert record(page)["moves"] == []
    # a field that does not fit says so and changes nothing
    page.locator("[data-cell]:not(.legal)").first.click(force=True)
    assert page.inner_text(".notice") != ""
    assert record(page)["moves"] == []


def test_undo_redo_and_reload_keep_the_game(page, base_url):
    open_app(page, base_url, "#heptalion")
    start_new_game(page, level="easy", first="human")
    for _ in range(2):
        wait_for_person_or_end(page)
        play_one_placement(page)
    wait_for_person_or_end(page)
    after_two = record(page)["moves"]
    assert len(after_two) == 4
    check_undo_takes_back_the_reply(page, wait_for_person_or_end)
    page.reload()
    wait_ready(page)
    page.wait_for_selector(GAME)
    assert record(page)["moves"] == after_two


def test_language_switch(page, base_url):
    open_app(page, base_url, "#heptalion")
    page.wait_for_selector(GAME)
    english = page.inner_text("[data-action='new-game']")
    page.click("[data-action='language']")
    german = page.inner_text("[data-action='new-game']")
    assert german != english
    assert page.evaluate("document.documentElement.lang") in ("de", "en")
    page.reload()
    wait_ready(page)
    page.wait_for_selector(GAME)
    assert page.inner_text("[data-action='new-game']") == german


def test_bad_record_is_refused_and_game_kept(page, base_url):
    open_app(page, base_url, "#heptalion")
    page.wait_for_selector(GAME)
    before = page.evaluate("window.spielstube.record()")
    assert page.evaluate("window.spielstube.load('{not json')") is False
    assert page.is_visible("#toast")
    bad = json.loads(before)
    bad["moves"] = [{"player": 0, "tile": "XX", "cells": [[0, 5], [1, 5]]}]
    assert page.evaluate("r => window.spielstube.load(r)", json.dumps(bad)) is False
    assert "move 0" in page.inner_text("#toast")
    assert page.evaluate("window.spielstube.record()") == before


def test_record_load_replaces_the_game(page, base_url):
    open_app(page, base_url, "#heptalion")
    start_new_game(page, level="easy", first="human")
    wait_for_person_or_end(page)
    play_one_placement(page)
    wait_for_person_or_end(page)
    saved = page.evaluate("window.spielstube.record()")
    start_new_game(page, level="easy", first="human")
    wait_for_person_or_end(page)
    assert page.evaluate("r => window.spielstube.load(r)", saved) is True
    wait_for_person_or_end(page)
    assert record(page)["moves"] == json.loads(saved)["moves"]


def test_corrupt_save_is_reported_and_set_aside(page, base_url):
    open_app(page, base_url)
    page.evaluate("localStorage.setItem('spielstube.heptalion', '{\"record\": 5}')")
    page.goto(base_url + "#heptalion")
    wait_ready(page)
    page.wait_for_selector(GAME)
    assert page.is_visible("#toast")
    assert page.evaluate("localStorage.getItem('spielstube.heptalion.corrupt')") == '{"record": 5}'
    assert record(page)["moves"] == [] or record(page)["setup"]["first"] == 1


def test_unknown_route_and_bad_language_parameter(page, base_url):
    open_app(page, base_url, "?lang=xx#nowhere")
    assert page.is_visible("#landing")
    assert page.is_visible("#toast")


def test_failed_start_shows_message_and_retry(page_and_watch, base_url):
    page, _watch = page_and_watch
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(base_url)
    page.wait_for_function("document.body.dataset.appState === 'error'", timeout=90_000)
    assert page.is_visible("#boot-error")
    assert page.is_visible("[data-action='retry']")


def test_computer_failure_offers_to_ask_again(page_and_watch, base_url):
    page, watch = page_and_watch
    blocked = {"count": 0}

    def block_twice(route):
        # The worker fails at start and again when the first move is asked for.
        if blocked["count"] < 2:
            blocked["count"] += 1
            route.abort()
        else:
            route.continue_()

    page.route("**/ai-worker.js", block_twice)
    open_app(page, base_url, "#heptalion")
    start_new_game(page, level="easy", first="computer")
    page.wait_for_selector("[data-action='computer-again']")
    assert "computer" in page.inner_text(".notice").lower()
    page.click("[data-action='computer-again']")
    wait_for_person_or_end(page)
    assert len(record(page)["moves"]) == 1
    assert watch.foreign_requests == []
