"""URL settings against an option schema. Plain asserts: also run under MicroPython."""

from spielstube.ui.common import url_settings as us

SCHEMA = [
    {"name": "players", "type": "int", "min": 2, "max": 4, "default": 2},
    {"name": "board", "type": "choice", "values": ["original", "random", "perfect"],
     "default": "original"},
    {"name": "hidden_hands", "type": "bool", "default": False},
]
LEVELS = ["easy", "normal", "strong"]


def refused(pairs, key):
    try:
        us.parse_settings(pairs, SCHEMA, LEVELS)
    except us.SettingsError as exc:
        assert exc.key == key, exc.key
        return exc.params
    raise AssertionError("accepted: " + repr(pairs))


def test_split_hash():
    assert us.split_hash("#heptalion") == ("heptalion", None)
    game, pairs = us.split_hash("#heptalion?players=2&seats=human,ai%3Aeasy&board=random")
    assert game == "heptalion"
    assert pairs == {"players": "2", "seats": "human,ai:easy", "board": "random"}
    assert us.split_hash("") == ("", None)


def test_the_documented_example():
    _game, pairs = us.split_hash("#heptalion?players=2&seats=human,ai:easy&first=0&board=random&hidden_hands=1")
    settings = us.parse_settings(pairs, SCHEMA, LEVELS)
    assert settings == {"players": 2, "seats": ["human", "ai:easy"], "first": 0,
                        "options": {"players": 2, "board": "random", "hidden_hands": True}}


def test_left_out_keys_come_from_the_current_game():
    now = {"players": 2, "seats": ["human", "ai:strong"], "first": 1, "options": {"board": "perfect"}}
    settings = us.parse_settings({"hidden_hands": "0"}, SCHEMA, LEVELS, now)
    assert settings["seats"] == ["human", "ai:strong"]
    assert settings["first"] == 1
    assert settings["options"]["board"] == "perfect"
    assert settings["options"]["hidden_hands"] is False


def test_more_players_copy_the_last_seat():
    now = {"players": 2, "seats": ["human", "ai:easy"], "first": 0, "options": {}}
    settings = us.parse_settings({"players": "4"}, SCHEMA, LEVELS, now)
    assert settings["seats"] == ["human", "ai:easy", "ai:easy", "ai:easy"]
    assert settings["options"]["players"] == 4


def test_random_first():
    assert us.parse_settings({"first": "random"}, SCHEMA, LEVELS)["first"] == "random"


def test_bad_values_name_the_key_and_value():
    assert refused({"board": "square"}, "url.bad_choice")["value"] == "square"
    assert refused({"hidden_hands": "yes"}, "url.bad_bool")["key"] == "hidden_hands"
    assert refused({"players": "9"}, "url.out_of_range")["max"] == 4
    assert refused({"players": "two"}, "url.bad_value")["key"] == "players"
    assert refused({"seats": "human,robot"}, "url.bad_seat")["value"] == "robot"
    assert refused({"seats": "human,ai:godlike"}, "url.bad_seat")["value"] == "ai:godlike"
    assert refused({"players": "3", "seats": "human,ai:easy"}, "url.seats_count")["players"] == 3
    assert refused({"first": "2"}, "url.bad_value")["key"] == "first"
    assert refused({"colour": "red"}, "url.unknown_key")["key"] == "colour"


def test_unquote():
    assert us.unquote("a%20b+c%3a") == "a b c:"
    assert us.unquote("100%") == "100%"



def test_route_of_an_address():
    games = ("heptalion", "topologic", "schlangennest")
    cases = [
        ("", ("landing", None, None)),
        ("#", ("landing", None, None)),
        ("#topologic", ("game", "topologic", None)),
        ("#heptalion?players=2&first=0", ("game", "heptalion", {"players": "2", "first": "0"})),
        ("#schlangennest/rules", ("rules", "schlangennest", None)),
        ("#nowhere", ("unknown", "nowhere", None)),
        ("#heptalion/nowhere", ("unknown", "heptalion/nowhere", None)),
        ("#heptalion/rules?x=1", ("unknown", "heptalion/rules?x=1", None)),
        ("#?players=2", ("unknown", "?players=2", None)),
    ]
    for address, route in cases:
        assert us.route_of(address, games) == route, address
