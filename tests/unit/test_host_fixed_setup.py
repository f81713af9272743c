"""New-game settings that fix part of the setup: a Topologic board code
(a shared board, a rematch on the same board), refused clearly when bad."""

import json

from host_helpers import Bench

from spielstube.games.topologic import build_board

CODE = "5x12.k3j9az"


def settings(code, shape="5x12", first=0):
    return {"seats": ["human", "ai:easy"], "first": first,
            "options": {"seekers": 3, "shape": shape}, "setup": {"board": code}}


def test_a_board_code_in_the_settings_is_the_new_games_board():
    bench = Bench()
    view = bench.open("topologic", settings(CODE, first=1))
    record = json.loads(view["record"])
    assert record["setup"]["board"] == CODE
    assert record["setup"]["tiles"] == build_board(CODE).tiles_json()
    assert record["setup"]["first_seeker"] == 1
    assert view["board"]["board"] == CODE
    assert "setup" not in view["settings"]  # "new board" from these settings draws a fresh one


def test_a_bad_board_code_is_refused_and_the_game_stays():
    bench = Bench()
    before = bench.open("topologic", settings(CODE))
    for bad, code in (("9x9.zz", "settings.setup"), ("6x10.k3j9az", "settings.setup")):
        answer = bench.send("new", game="topologic", settings=settings(bad))
        assert answer[0]["type"] == "error" and answer[0]["code"] == code, answer
    assert bench.send("new", game="topologic", settings=dict(settings(CODE), setup=["x"]))[0]["code"] \
        == "settings.setup"
    assert bench.view()["record"] == before["record"]


def test_only_keys_of_the_games_setup_can_be_fixed():
    bench = Bench()
    bench.open("topologic", settings(CODE))
    for key in ("first_seeker", "deal"):
        answer = bench.send("new", game="topologic", settings=dict(settings(CODE), setup={key: 1}))
        assert answer[0]["code"] == "settings.setup_key" and answer[0]["params"]["name"] == key
