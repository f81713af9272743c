"""The new-game dialog from an option schema. Plain asserts: also under MicroPython."""

from spielstube.ui.common import new_game_dialog as ngd
from spielstube.ui.common.texts import Texts

SCHEMA = [
    {"name": "players", "type": "int", "min": 2, "max": 4, "default": 2, "label": "option.players"},
    {"name": "board", "type": "choice", "values": ["original", "random"], "default": "original",
     "label": "heptalion.option_board"},
    {"name": "hidden_hands", "type": "bool", "default": False, "label": "heptalion.option_hidden_hands"},
    {"name": "swap", "type": "bool", "default": False, "when": {"board": "random"}},
]
TEXTS = Texts({"heptalion.option_board.random": {"en": "Random board"}}, "en")
LEVELS = ["easy", "normal"]


def test_markup_has_every_declared_option_and_the_seats():
    settings = {"players": 3, "seats": ["human", "ai:easy", "ai:normal"], "first": 2,
                "options": {"board": "random", "hidden_hands": True}}
    markup = ngd.dialog_markup(TEXTS, "New game", SCHEMA, LEVELS, settings)
    assert '<option value="3" selected>' in markup
    assert 'name="seat-2"' in markup and 'name="seat-3"' not in markup
    assert '<option value="ai:normal" selected>' in markup
    assert 'name="first" value="2" checked' in markup
    assert 'name="board" value="random" checked' in markup and "Random board" in markup
    assert 'name="hidden_hands" value="1" checked' in markup
    assert 'name="swap"' in markup
    assert 'name="swap"' not in ngd.dialog_markup(TEXTS, "t", SCHEMA, LEVELS, {"options": {"board": "original"}})


def test_a_choice_offers_a_value_only_where_its_value_when_holds():
    schema = [{"name": "players", "type": "int", "min": 2, "max": 4, "default": 2},
              {"name": "extra", "type": "choice", "values": ["none", "neutral", "frame"], "default": "none",
               "value_when": {"neutral": {"players": [2, 3]}, "frame": {"players": 2}}}]
    two = ngd.dialog_markup(TEXTS, "t", schema, LEVELS, {"players": 2, "options": {"players": 2}})
    three = ngd.dialog_markup(TEXTS, "t", schema, LEVELS, {"players": 3, "options": {"players": 3}})
    four = ngd.dialog_markup(TEXTS, "t", schema, LEVELS, {"players": 4, "options": {"players": 4}})
    assert 'value="frame"' in two and 'value="neutral"' in two
    assert 'value="frame"' not in three and 'value="neutral"' in three
    assert 'value="neutral"' not in four and 'name="extra" value="none"' in four


def test_a_value_when_list_offers_the_value_where_any_of_its_conditions_holds():
    """Schlangennest's alternative area: 3-4 players, or two snakes each (the 4-player table)."""
    schema = [{"name": "players", "type": "int", "min": 2, "max": 4, "default": 2},
              {"name": "snakes", "type": "int", "min": 1, "max": 2, "default": 1, "when": {"players": 2}},
              {"name": "difficulty", "type": "choice", "values": ["easy", "alternative"], "default": "easy",
               "value_when": {"alternative": [{"players": [3, 4]}, {"snakes": 2}]}}]

    def markup(players, snakes):
        options = {"players": players, "snakes": snakes}
        return ngd.dialog_markup(TEXTS, "t", schema, LEVELS, {"players": players, "options": options})

    assert 'value="alternative"' not in markup(2, 1)
    assert 'value="alternative"' in markup(2, 2) and 'value="alternative"' in markup(3, 1)


def test_form_values_become_host_settings():
    values = {"players": "2", "seat-0": "human", "seat-1": "ai:easy", "first": "random",
              "board": "random", "hidden_hands": "1"}
    settings = ngd.settings_from_form(values, SCHEMA, LEVELS)
    assert settings == {"players": 2, "seats": ["human", "ai:easy"], "first": "random",
                        "options": {"players": 2, "board": "random", "hidden_hands": True,
                                    "swap": False}}
    fewer = ngd.settings_from_form({"players": "9", "first": "3"}, SCHEMA, LEVELS)
    assert fewer["players"] == 4 and fewer["first"] == 3 and fewer["options"]["board"] == "original"


def test_levels_come_from_the_view_when_it_names_them():
    assert ngd.levels_of({"levels": ["x"]}) == ["x"]
    assert ngd.levels_of(None) == list(ngd.DEFAULT_LEVELS)


SNAKES = [{"name": "players", "type": "int", "min": 2, "max": 4, "default": 2},
          {"name": "snakes", "type": "int", "min": 1, "max": 2, "default": 1, "label": "option.snakes"}]


def test_a_typed_number_says_its_range_and_is_checked_against_it():
    texts = Texts({"dialog.allowed_range": {"en": "Allowed: {min} to {max}", "de": "Erlaubt: {min} bis {max}"},
                   "option.snakes": {"en": "Snakes", "de": "Schlangen"}}, "de")
    markup = ngd.dialog_markup(texts, "t", SNAKES, LEVELS, {"players": 2, "options": {"snakes": 1}})
    assert 'name="snakes" type="text" inputmode="numeric"' in markup
    assert 'aria-describedby="range-snakes"' in markup and 'id="range-snakes">Erlaubt: 1 bis 2<' in markup
    assert ngd.out_of_range({"players": "2", "snakes": "2"}, SNAKES) == []
    for typed in ("5", "0", "", "zwei", "1.5"):
        assert ngd.out_of_range({"players": "2", "snakes": typed}, SNAKES) == ["snakes"], typed
    assert ngd.out_of_range({"players": "9"}, SNAKES) == []  # the players are a choice, not typed
