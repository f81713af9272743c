"""Options are checked once (core/options.py) against the schema each game
declares, then by the game's check_options for what combines: records, the
command line and the host's settings all go through it."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spielstube.core import options as checker
from spielstube.core.errors import RecordError, SettingsError
from spielstube.core.rng import Rng
from spielstube.games import GAME_NAMES, get_rules
from spielstube.host import settings as host_settings
from spielstube.host.refusal import Refusal

INT = {"name": "n", "type": "int", "min": 2, "max": 4, "default": 2}
BOOL = {"name": "b", "type": "bool", "default": False}
CHOICE = {"name": "c", "type": "choice", "values": ["x", "y", 3], "default": "x",
          "value_when": {"y": {"n": [3, 4]}}}
AREA = {"name": "a", "type": "area", "min": 1, "max": 9, "default": None, "when": {"c": "y"}}
SCHEMA = [INT, BOOL, CHOICE, AREA]
EXAMPLES = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def refusal(call):
    with pytest.raises(SettingsError) as info:
        call()
    return info.value.code, info.value.params


# --- one value ----------------------------------------------------------------------------

@given(st.integers(-10, 10))
def test_an_int_is_a_whole_number_in_its_range(value):
    if 2 <= value <= 4:
        assert checker.check_value(INT, value) == value
    else:
        assert refusal(lambda: checker.check_value(INT, value)) == (
            "settings.option_value", {"name": "n", "value": value, "min": 2, "max": 4})


@given(st.one_of(st.booleans(), st.floats(allow_nan=False), st.text(max_size=3), st.none()))
def test_an_int_is_never_a_bool_a_float_or_a_text(value):
    assert refusal(lambda: checker.check_value(INT, value))[0] == "settings.option_value"


@given(st.one_of(st.booleans(), st.integers(-3, 3), st.floats(allow_nan=False), st.text(max_size=2)))
def test_a_bool_is_true_or_false_and_from_settings_0_or_1(value):
    if isinstance(value, bool):
        assert checker.check_value(BOOL, value) is value
        assert checker.check_value(BOOL, value, from_settings=True) is value
        return
    assert refusal(lambda: checker.check_value(BOOL, value)) == (
        "settings.option_value", {"name": "b", "value": value})
    if value in (0, 1) and isinstance(value, int):
        assert checker.check_value(BOOL, value, from_settings=True) is bool(value)
    else:
        assert refusal(lambda: checker.check_value(BOOL, value, from_settings=True))[0] == "settings.option_value"


def test_a_choice_is_one_of_its_values_of_the_same_type():
    assert checker.check_value(CHOICE, "y") == "y" and checker.check_value(CHOICE, 3) == 3
    for bad in ("z", 3.0, True, None, ["x"]):
        code, params = refusal(lambda: checker.check_value(CHOICE, bad))
        assert code == "settings.option_value" and params["values"] == ["x", "y", 3]


@given(st.integers(-2, 12), st.integers(-2, 12))
def test_an_area_is_two_sides_in_range_kept_smaller_first(a, b):
    if 1 <= a <= 9 and 1 <= b <= 9:
        assert checker.check_value(AREA, [a, b]) == sorted([a, b])
        assert checker.check_value(AREA, f"{a}X{b}", from_settings=True) == sorted([a, b])
    else:
        assert refusal(lambda: checker.check_value(AREA, [a, b]))[0] == "settings.option_value"
    with pytest.raises(SettingsError):
        checker.check_value(AREA, f"{a}x{b}")  # a text only as settings give it


def test_an_area_may_be_unbounded_and_a_bad_text_names_the_option():
    assert checker.check_value(AREA, None) is None
    assert refusal(lambda: checker.check_value(AREA, "5by7", from_settings=True)) == (
        "settings.option_value", {"name": "a", "value": "5by7"})
    for bad in ([1], [1, 2, 3], [1, True], (2, 3), "x"):
        assert refusal(lambda: checker.check_value(AREA, bad))[0] == "settings.option_value"


# --- the options together -------------------------------------------------------------------

def test_options_must_be_an_object_of_declared_names():
    assert checker.check(SCHEMA, None) == {}
    assert refusal(lambda: checker.check(SCHEMA, [])) == ("settings.options", {"detail": "not an object"})
    assert refusal(lambda: checker.check(SCHEMA, {"size": 3}, "g")) == (
        "settings.unknown_option", {"name": "size", "known": ["a", "b", "c", "n"]})


def test_settings_leave_out_an_option_another_one_given_contradicts():
    given = {"c": "x", "a": "5x7"}
    assert checker.check(SCHEMA, given, from_settings=True) == {"c": "x"}
    assert checker.check(SCHEMA, {"c": "y", "a": "5x7"}, from_settings=True) == {"c": "y", "a": [5, 7]}
    assert checker.check(SCHEMA, {"a": "7x5"}, from_settings=True) == {"a": [5, 7]}  # c not given
    # A record keeps it: its value must then be the one the game gives it there.
    assert checker.check(SCHEMA, {"c": "x", "a": [5, 7]}) == {"c": "x", "a": [5, 7]}


def test_confirm_holds_the_complete_options_to_when_and_value_when():
    complete = {"n": 3, "b": False, "c": "y", "a": [2, 2]}
    checker.confirm(SCHEMA, complete, {"c": "y"})
    checker.confirm(SCHEMA, dict(complete, c="x", a=[2, 2]), {"a": [2, 2]})  # outside its when, as set
    code, params = refusal(lambda: checker.confirm(SCHEMA, dict(complete, c="x", a=None), {"a": [2, 2]}))
    assert code == "settings.options" and "c y" in params["detail"]
    code, params = refusal(lambda: checker.confirm(SCHEMA, {"n": 2, "c": "x"}, {"a": [2, 2]}))
    assert "chosen only with c y" in params["detail"]
    code, params = refusal(lambda: checker.confirm(SCHEMA, dict(complete, n=2), {}))
    assert code == "settings.options" and "c y needs n 3 or 4" in params["detail"]


def test_holds_reads_one_of_several_wanted_values_and_ignores_what_is_not_given():
    assert checker.holds({"n": [3, 4]}, {"n": 4}) and not checker.holds({"n": [3, 4]}, {"n": 2})
    assert checker.holds({"n": 2, "c": "x"}, {"c": "x"})
    assert not checker.holds({"n": 1}, {"n": True})  # a bool is no number here
    entry = {"name": "d", "type": "choice", "values": ["p", "q"], "value_when": {"q": [{"n": 3}, {"b": True}]}}
    assert checker.value_applies(entry, "q", {"n": 2, "b": True})
    assert not checker.value_applies(entry, "q", {"n": 2, "b": False})
    assert checker.value_applies(entry, "p", {})


# --- every game's schema, through normalize_options -----------------------------------------

def option_values(entry):
    """Values of the declared type and range, and a few that are not."""
    kind = entry["type"]
    if kind == "int":
        good = st.integers(entry["min"], entry["max"])
    elif kind == "bool":
        good = st.booleans()
    elif kind == "choice":
        good = st.sampled_from(entry["values"])
    else:
        good = st.one_of(st.none(), st.lists(st.integers(entry["min"], min(entry["max"], 14)),
                                             min_size=2, max_size=2))
    bad = st.sampled_from([None, "x", 99, -1, [0, 3], True, 2.5])
    return st.one_of(good, good, good, bad)


@st.composite
def game_options(draw):
    game = draw(st.sampled_from(GAME_NAMES))
    schema = get_rules(game).option_schema()
    names = draw(st.lists(st.sampled_from([entry["name"] for entry in schema]), unique=True))
    options = {name: draw(option_values(next(e for e in schema if e["name"] == name))) for name in names}
    if draw(st.integers(0, 9)) == 0:
        options["unknown"] = 1
    return game, options


@EXAMPLES
@given(game_options())
def test_normalize_refuses_with_a_record_error_or_gives_a_fixed_point_that_keeps_to_the_schema(drawn):
    game, options = drawn
    rules = get_rules(game)
    try:
        complete = rules.normalize_options(options)
    except RecordError as exc:
        assert str(exc)
        return
    assert rules.normalize_options(complete) == complete
    schema = {entry["name"]: entry for entry in rules.option_schema()}
    for name, value in complete.items():
        assert checker.check_value(schema[name], value) == value
        if name in options and checker.applies(schema[name], complete):
            assert value == checker.check_value(schema[name], options[name])  # a choice given is kept
    # The same options as settings give them start that game, or are refused with a reason.
    try:
        checked = host_settings.check_options(rules, options)
        rules.normalize_options(checked)
    except (Refusal, RecordError):
        pytest.fail(f"{game}: settings {options} refused, a record took them")


@EXAMPLES
@given(game_options())
def test_settings_are_refused_with_a_code_never_a_traceback(drawn):
    game, options = drawn
    rules = get_rules(game)
    try:
        host_settings.resolve(rules, {"options": options}, Rng(1))
    except Refusal as refusal:
        assert refusal.code.startswith("settings.") and str(refusal)


# --- each game's check_options -----------------------------------------------------------------

def test_heptalion_completes_in_its_record_order_and_combines_nothing():
    rules = get_rules("heptalion")
    assert list(rules.check_options({})) == ["players", "hidden_hands", "board"]
    assert rules.check_options({"board": "perfect", "players": 4}) == {
        "players": 4, "hidden_hands": False, "board": "perfect"}
    assert get_rules("heptalion-puzzle").check_options({}) == {"board": "original"}
    assert get_rules("heptalion-puzzle").check_options({"board": "custom"}) == {"board": "custom"}


def test_topologic_records_no_players():
    rules = get_rules("topologic")
    assert rules.check_options({"players": 2}) == {"seekers": 5, "shape": "6x10"}
    assert rules.check_options({"seekers": 3, "shape": "random"}) == {"seekers": 3, "shape": "random"}
    assert rules.normalize_options({"players": 2, "seekers": 4}) == {"seekers": 4, "shape": "6x10"}


def test_schlangennest_fills_the_area_and_the_difficulty_from_each_other():
    check = get_rules("schlangennest").check_options
    assert check({}) == {"players": 2, "difficulty": "recommended", "area": [5, 7], "tail_first": False,
                         "extra": "none", "snakes": 1}
    assert check({"players": 3, "difficulty": "hard"})["area"] == [4, 10]
    assert check({"area": [4, 8]})["difficulty"] == "hard"
    assert check({"area": [4, 9]})["difficulty"] == "custom"
    assert check({"area": None})["difficulty"] == "unlimited"
    for options, words in (({"difficulty": "custom"}, "needs an area"),
                           ({"difficulty": "unlimited", "area": [5, 7]}, "no area"),
                           ({"difficulty": "hard", "area": [5, 7]}, "hard with 2 players is 4x8"),
                           ({"difficulty": "alternative"}, "no alternative")):
        with pytest.raises(RecordError, match=words):
            check(options)


def test_schlangennest_two_snakes_force_the_tails_first_and_the_table_of_four():
    check = get_rules("schlangennest").check_options
    two = check({"snakes": 2})
    assert two["tail_first"] is True and two["area"] == [7, 9] and two["two_snake_turn"] == "both"
    assert check({"snakes": 2, "two_snake_turn": "one"})["two_snake_turn"] == "one"
    assert "two_snake_turn" not in check({"snakes": 1})
    for options, words in (({"snakes": 2, "tail_first": False}, "tails come first"),
                           ({"snakes": 2, "players": 3}, "variant for 2 players"),
                           ({"snakes": 2, "extra": "frame"}, "no neutral snake or frame"),
                           ({"two_snake_turn": "both"}, "snakes 2")):
        with pytest.raises(RecordError, match=words):
            check(options)


def test_schlangennest_extra_snakes_need_their_players_and_room_for_the_layout():
    check = get_rules("schlangennest").check_options
    assert check({"players": 3, "extra": "neutral"})["area"] == [6, 8]
    assert check({"extra": "frame"})["extra"] == "frame"
    for options, words in (({"players": 4, "extra": "neutral"}, "2 or 3 players"),
                           ({"players": 3, "extra": "frame"}, "frame is a variant for 2 players"),
                           ({"extra": "neutral", "area": None}, "bounded area"),
                           ({"extra": "neutral", "area": [7, 9]}, "a \\+ b <= 15"),
                           ({"extra": "frame", "area": [3, 12]}, "at most 11")):
        with pytest.raises(RecordError, match=words):
            check(options)


def test_settings_leave_out_what_a_dialog_sends_outside_its_when():
    rules = get_rules("schlangennest")
    checked = host_settings.check_options(rules, {"difficulty": "hard", "area": "5x7", "snakes": 2,
                                                  "tail_first": 0, "extra": "none"})
    assert checked == {"difficulty": "hard", "snakes": 2}  # area, tail_first and extra do not apply
    complete = rules.normalize_options(checked)
    assert complete["tail_first"] is True and complete["area"] == [5, 11] and complete["extra"] == "none"
