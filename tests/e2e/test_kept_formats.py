"""What a player keeps opens after a change of the code's layout: saves and
share links written by the page of 2026-12-03 (tests/e2e/data, taken from
that build with a person's move and the computer's reply in each game)."""

import json
import os

import pytest

from conftest import record, wait_ready

KEPT = json.load(open(os.path.join(os.path.dirname(__file__), "data", "saves-2026-12-03.json"),
                      encoding="utf-8"))


@pytest.mark.parametrize("game", sorted(KEPT))
def test_a_kept_save_resumes_its_game(page, base_url, game):
    kept = KEPT[game]
    page.add_init_script("const kept = " + json.dumps(kept["storage"]) + ";"
                         "if (!sessionStorage.getItem('kept-put')) {"
                         " for (const [k, v] of Object.entries(kept)) localStorage.setItem(k, v);"
                         " sessionStorage.setItem('kept-put', '1'); }")
    page.goto(base_url + "#" + game)
    wait_ready(page)
    page.wait_for_function(f"document.querySelector('[data-game=\"{game}\"]')")
    resumed = record(page)
    assert resumed["setup"] == kept["record"]["setup"]
    assert resumed["moves"] == kept["record"]["moves"]
    assert page.locator("[data-move-index]").count() == len(kept["record"]["moves"])


@pytest.mark.parametrize("game", sorted(KEPT))
def test_a_kept_share_link_opens_its_game(page, base_url, game):
    kept = KEPT[game]
    page.goto(base_url + "#" + kept["share"])
    wait_ready(page)
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length === "
                           + str(len(kept["record"]["moves"])))
    shared = record(page)
    assert shared["setup"] == kept["record"]["setup"]
    assert shared["moves"] == kept["record"]["moves"]
