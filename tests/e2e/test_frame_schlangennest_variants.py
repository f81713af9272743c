"""Schlangennest's variants on the frame, each game clicked to the end against
the computer (easy, so it answers at once): the neutral snake, the frame,
two snakes per player with two cards a turn and with one. And a refused
field says which rule it breaks; the selected card shows the length it brings.
"""

import random

import pytest

from conftest import check_move_list, record
from test_frame_schlangennest import act_once, game_attr, open_game, wait_for_person_or_end

VARIANTS = {
    "neutral": {"extra": "neutral"},
    "frame": {"extra": "frame"},
    "two snakes, both": {"snakes": 2, "two_snake_turn": "both"},
    "two snakes, one": {"snakes": 2, "two_snake_turn": "one"},
}


def play_to_the_end(page, rng, limit):
    actions = 0
    while True:
        wait_for_person_or_end(page)
        if game_attr(page, "game-over") == "true":
            return actions
        act_once(page, rng)
        actions += 1
        assert actions < limit


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_variant_game_against_the_computer_clicked_to_the_end(page, base_url, name):
    options = VARIANTS[name]
    open_game(page, base_url, **options)
    # The address's settings start a new game after the host's first answer: wait for
    # that game (an order of events), not the game the page opened with.
    page.wait_for_function(
        "(options) => { const r = JSON.parse(window.spielstube.record());"
        " return Object.entries(options).every(([k, v]) => r.options[k] === v); }",
        arg=options, timeout=60_000)
    start = record(page)
    for key, value in options.items():
        assert start["options"][key] == value
    neutral = start["setup"].get("neutral") or []
    assert bool(neutral) == ("extra" in options)
    assert page.locator(".sn-board .sn-card").count() == len(neutral)  # laid before the first move
    two = options.get("snakes") == 2
    actions = play_to_the_end(page, random.Random(len(name)), 80 if two else 40)
    final = record(page)
    result = final["result"]
    assert result is not None and actions > 0
    lengths = [int(page.inner_text(f".player[data-seat='{s}'] .count").split()[-1]) for s in (0, 1)]
    assert lengths == result["lengths"]
    if two:
        assert sum(result["snake_lengths"][c] for c in (0, 2)) == result["lengths"][0]
        colours = {m.get("colour") for m in final["moves"] if m["player"] == 0 and m["action"] == "place"}
        assert colours == {0, 2}  # the person laid cards of both snakes
    placed = sum(1 for m in final["moves"] if m["action"] == "place")
    assert page.locator(".sn-board .sn-card").count() == placed + len(neutral)
    # drawn neutral only where the view says so: never a player's second snake
    assert page.locator(".sn-board .sn-card.neutral").count() == len(neutral)
    if two:
        assert page.locator(".sn-extra[data-colour='2'][data-owner='0']").count() == 1
        assert "your second snake" in page.inner_text(".sn-extra[data-colour='2']")
        assert "starts with its tail" in page.inner_text(".sn-nest-info")
    assert page.locator(".game-over [data-rank]").count() == len(result["ranking"])
    check_move_list(page, len(final["moves"]))


def test_a_refused_field_names_the_rule_and_a_chosen_card_its_length(page, base_url):
    open_game(page, base_url)
    wait_for_person_or_end(page)
    act_once(page, random.Random(3))
    wait_for_person_or_end(page)
    moves = record(page)["moves"]
    page.click("[data-piece].legal >> nth=0")
    page.locator(".sn-field:not(.legal)").first.click(force=True)
    # the host's reason follows the tap's first words ("... does not fit there. The green fields do.")
    page.wait_for_function("document.querySelector('.notice').textContent.includes('does not fit there:')")
    page.click("[data-cell].legal >> nth=0")
    page.wait_for_selector(".sn-preview[data-preview-length]")
    length = int(page.get_attribute(".sn-preview", "data-preview-length"))
    now = int(page.inner_text(".player[data-seat='0'] .count").split()[-1])
    assert length >= now + 1 and f"now {now}" in page.inner_text(".sn-preview")
    assert record(page)["moves"] == moves  # checking plays nothing
    page.click("[data-action='confirm']")
    page.wait_for_function(f"JSON.parse(window.spielstube.record()).moves.length > {len(moves)}")
    assert record(page)["moves"][len(moves)]["player"] == 0


def test_the_dialog_offers_the_alternative_area_for_two_snakes_each(page, base_url):
    open_game(page, base_url)
    page.click("[data-action='new-game']")
    assert page.locator("dialog input[name='difficulty'][value='alternative']").count() == 0  # 2 players, 1 snake
    page.fill("dialog input[name='snakes']", "2")
    page.press("dialog input[name='snakes']", "Tab")
    page.wait_for_selector("dialog input[name='difficulty'][value='alternative']")
    page.check("dialog input[name='difficulty'][value='alternative']")
    page.click("dialog [data-action='start-game']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).options.snakes === 2")
    options = record(page)["options"]
    assert options["difficulty"] == "alternative" and options["area"] == [6, 10]
