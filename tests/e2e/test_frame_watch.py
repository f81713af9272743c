"""Watch mode in every game: only computers seated (easy, the fast level),
the watch controls of the frame; the pace set to fast, a pause that holds,
resume, and the game watched to its end. (test_frame_schlangennest.py also
watches four Schlangennest computers.)"""

import pytest
from conftest import check_move_list, open_app, record

WATCH_TIMEOUT_MS = 240_000
PAUSE_HOLD_MS = 1_500

# Seats the dialog offers per game: Heptalion and Schlangennest are watched three-handed.
PLAYERS = {"heptalion": 3, "topologic": 2, "schlangennest": 3}


def start_computers_only(page, base_url, game):
    """New game with every seat a computer, chosen in the dialog the game offers."""
    open_app(page, base_url, f"#{game}")
    page.click("[data-action='new-game']")
    if page.locator("dialog select[name='players']").count():
        page.select_option("dialog select[name='players']", str(PLAYERS[game]))
    page.wait_for_selector(f"dialog select[name='seat-{PLAYERS[game] - 1}']")
    for seat in range(PLAYERS[game]):
        page.select_option(f"dialog select[name='seat-{seat}']", "ai:easy")
    page.check("dialog input[name='first'][value='0']")
    page.click("dialog [data-action='start-game']")
    page.wait_for_selector("dialog", state="hidden")


def root(game):
    return f"[data-game='{game}']"


def moves(page):
    return len(record(page)["moves"])


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_game_of_computers_is_watched_to_the_end_with_pause_and_resume(page, base_url, game):
    start_computers_only(page, base_url, game)
    page.wait_for_selector("[data-action='pause']")
    assert record(page)["game"] == game
    # the save the page keeps names every seat a computer
    page.wait_for_function(
        """([key, n]) => { const save = JSON.parse(localStorage.getItem(key) || 'null');
                           return save && save.seats.length === n && save.seats.every(s => s === 'ai:easy'); }""",
        arg=[f"spielstube.play.{game}", PLAYERS[game]])
    assert page.locator("[data-piece].legal, [data-cell].legal").count() == 0  # nobody to click for
    page.click("[data-action='pace'][data-pace='0.15']")
    page.wait_for_selector("[data-action='pace'][data-pace='0.15'][aria-pressed='true']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length >= 2",
                           timeout=WATCH_TIMEOUT_MS)
    page.click("[data-action='pause']")
    page.wait_for_selector("[data-action='resume']")
    page.wait_for_function(f"document.querySelector(\"{root(game)}\").dataset.aiThinking === 'false'")
    held = moves(page)
    page.wait_for_timeout(PAUSE_HOLD_MS)  # a pause holds: no move comes meanwhile (order, not speed)
    assert moves(page) == held
    page.click("[data-action='resume']")
    page.wait_for_selector("[data-action='pause']")
    page.wait_for_function(f"document.querySelector(\"{root(game)}\").dataset.gameOver === 'true'",
                           timeout=WATCH_TIMEOUT_MS)
    final = record(page)
    assert final["result"] is not None and len(final["moves"]) > held
    check_move_list(page, len(final["moves"]))
    assert page.locator("[data-action='pause'], [data-action='resume']").count() == 0
    assert page.locator("[data-action='rematch'], [data-action='rematch-same-board']").count() >= 1
