"""The New game dialog explains every option in place, in both languages: each
option of each game's schema has a one-line explanation, each choice's value
its label (Schlangennest's nest sizes with their dimensions), an option the
others force says why, the computer levels say what they do, and Topologic
asks who seeks first."""

import os
import re
import sys

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "build"))
import merge_i18n  # noqa: E402

from spielstube.games import get_rules  # noqa: E402
from spielstube.ui.common.new_game_dialog import DEFAULT_LEVELS, dialog_markup  # noqa: E402
from spielstube.ui.common.texts import Texts  # noqa: E402

TABLE = merge_i18n.merge(os.path.join(ROOT, "i18n"))
GAMES = ("heptalion", "topologic", "schlangennest", "heptalion-puzzle")


def label_key(field):
    return field.get("label") or "option." + field["name"]


@pytest.mark.parametrize("game", GAMES)
def test_every_option_and_value_is_explained_in_both_languages(game):
    for field in get_rules(game).option_schema():
        if field["name"] == "players":
            continue
        key = label_key(field)
        for lang in ("de", "en"):
            assert TABLE.get(key + ".about", {}).get(lang), (key, lang)
            for value in field.get("values") or []:
                assert TABLE.get(key + "." + str(value), {}).get(lang) or str(value).isdigit(), (key, value)


def test_sizes_come_with_their_dimensions_and_a_forced_option_says_why():
    schema = get_rules("schlangennest").option_schema()
    texts = Texts(TABLE, "en")
    two = dialog_markup(texts, "New", schema, list(DEFAULT_LEVELS), {"players": 2, "options": {"players": 2}},
                        "schlangennest")
    assert "Easy (6 × 6)" in two and "Recommended (5 × 7)" in two and "Hard (4 × 8)" in two
    assert "(5 × 9)" not in two  # no alternative size for two players
    three = dialog_markup(texts, "New", schema, list(DEFAULT_LEVELS), {"players": 3, "options": {"players": 3}},
                          "schlangennest")
    assert "Easy (7 × 7)" in three and "(5 × 9)" in three
    snakes = dialog_markup(texts, "New", schema, list(DEFAULT_LEVELS),
                           {"players": 2, "options": {"players": 2, "snakes": 2}}, "schlangennest")
    assert "Recommended (7 × 9)" in snakes  # two snakes each: the 4-player table
    forced = re.search(r'<label class="check forced">(.*?)</label>', snakes).group(1)
    assert "disabled checked" in forced and "every snake starts with its tail" in forced
    assert 'name="tail_first"' not in snakes  # shown, never sent


@pytest.mark.parametrize("lang", ("de", "en"))
def test_the_levels_are_described_and_topologic_asks_who_seeks_first(lang):
    texts = Texts(TABLE, lang)
    for game in ("heptalion", "topologic", "schlangennest"):
        markup = dialog_markup(texts, "New", get_rules(game).option_schema(), list(DEFAULT_LEVELS),
                               {"players": 2, "seats": ["human", "ai:normal"], "options": {}}, game)
        about = re.search(r'<ul class="levels-about">(.*?)</ul>', markup).group(1)
        assert about.count("<strong>") == 3, game
    topologic = dialog_markup(texts, "New", get_rules("topologic").option_schema(), list(DEFAULT_LEVELS),
                              {"players": 2, "options": {}}, "topologic")
    assert texts.t("who_starts.topologic") in topologic and "?" in texts.t("who_starts.topologic")
