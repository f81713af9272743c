"""Seats and settings in the host: settings refused with reason codes, the
hand-over between persons at one device, and what each view may show."""

import pytest
from host_helpers import Bench, pushes

HIDDEN_PAIR = {"seats": ["human", "human"], "first": 0, "options": {"hidden_hands": True}}


def _tiles_shown(view):
    return [hand["tiles"] is not None for hand in view["board"]["hands"]]


def test_two_persons_with_hidden_hands_hand_the_device_over_before_each_turn():
    bench = Bench()
    view = bench.open("heptalion", HIDDEN_PAIR)
    assert view["handover"] == {"to": 0} and view["viewer"] is None and view["legal"] == []
    assert _tiles_shown(view) == [False, False] and view["status"]["key"] == "status.handover"
    refused = bench.move({"tile": "CC", "cells": [[0, 5], [1, 5]]})
    assert refused[0]["code"] == "host.handover_pending"
    mine = bench.send("handover-done", game="heptalion", version=view["version"])[-1]["view"]
    assert mine["handover"] is None and mine["viewer"] == 0 and mine["legal"]
    assert _tiles_shown(mine) == [True, False]
    after = bench.move(mine["legal"][0])[-1]["view"]
    assert after["handover"] == {"to": 1} and after["viewer"] is None and _tiles_shown(after) == [False, False]
    assert after["can_undo"]  # the person who just moved may still take it back
    theirs = bench.send("handover-done", game="heptalion", version=after["version"])[-1]["view"]
    assert theirs["viewer"] == 1 and _tiles_shown(theirs) == [False, True]
    assert bench.send("handover-done", game="heptalion", version=theirs["version"])[0]["code"] == "host.no_handover"


def test_the_saved_holder_survives_a_reload_so_no_second_hand_over_is_asked():
    bench = Bench()
    view = bench.open("heptalion", HIDDEN_PAIR)
    mine = bench.send("handover-done", game="heptalion", version=view["version"])[-1]["view"]
    again = Bench().open("heptalion", save=mine["save"])
    assert again["handover"] is None and again["viewer"] == 0


def test_persons_with_open_hands_share_a_device_without_hand_over():
    bench = Bench()
    view = bench.open("heptalion", {"seats": ["human", "human"], "first": 0})
    assert view["handover"] is None and view["viewer"] == 0 and view["legal"]
    after = bench.move(view["legal"][0])[-1]["view"]
    assert after["handover"] is None and after["viewer"] == 1 and after["legal"]


def test_one_person_against_computers_sees_only_their_own_hidden_hand():
    bench = Bench()
    view = bench.open("heptalion", {"players": 3, "seats": ["human", "ai:easy", "ai:easy"], "first": 1,
                                    "options": {"hidden_hands": True}})
    assert view["handover"] is None and view["viewer"] == 0 and view["thinking"] == 1
    assert _tiles_shown(view) == [True, False, False] and view["board"]["discard"]
    pushed = pushes(bench.run())
    assert [p["thinking"] for p in pushed] == [2, None] and pushed[-1]["seat"] == 0 and pushed[-1]["legal"]
    assert all(_tiles_shown(p) == [True, False, False] for p in pushed)


def test_a_hand_over_to_a_person_follows_a_computer_move_between_two_persons():
    bench = Bench()
    view = bench.open("heptalion", {"players": 3, "seats": ["human", "ai:easy", "human"], "first": 0,
                                    "options": {"hidden_hands": True}})
    mine = bench.send("handover-done", game="heptalion", version=view["version"])[-1]["view"]
    during = bench.move(mine["legal"][0])[-1]["view"]
    assert during["thinking"] == 1 and during["viewer"] == 0  # still the mover's device, no new hand shown
    pushed = pushes(bench.run())
    assert pushed[-1]["handover"] == {"to": 2} and _tiles_shown(pushed[-1]) == [False, False, False]


@pytest.mark.parametrize("settings, code, params", [
    ("two", "settings.not_object", {}),
    ({"colour": "red"}, "settings.unknown", {"names": ["colour"]}),
    ({"players": 5}, "settings.players", {"value": 5, "min": 2, "max": 4}),
    ({"players": 3, "seats": ["human", "ai:easy"]}, "settings.seats_count", {"players": 3, "count": 2}),
    ({"seats": ["human", "robot"]}, "settings.seat", {"index": 1, "value": "robot",
                                                       "levels": ["easy", "normal", "strong"]}),
    ({"seats": ["human", "ai:genius"]}, "settings.seat", {"index": 1, "value": "ai:genius",
                                                           "levels": ["easy", "normal", "strong"]}),
    ({"first": 2}, "settings.first", {"value": 2, "players": 2}),
    ({"first": "computer"}, "settings.first", {"value": "computer", "players": 2}),
    ({"options": {"board": "square"}}, "settings.option_value",
     {"name": "board", "value": "square", "values": ["original", "random", "perfect"]}),
    ({"options": {"hidden_hands": 2}}, "settings.option_value", {"name": "hidden_hands", "value": 2}),
    ({"options": {"size": 3}}, "settings.unknown_option",
     {"name": "size", "known": ["board", "hidden_hands", "players"]}),
    ({"options": []}, "settings.options", {"detail": "not an object"}),
])
def test_bad_settings_are_refused_with_a_code_and_params_and_the_game_is_kept(settings, code, params):
    bench = Bench()
    view = bench.open("heptalion", {"seats": ["human", "ai:easy"], "first": 0})
    answer = bench.send("new", game="heptalion", settings=settings)
    assert len(answer) == 1 and answer[0]["type"] == "error"
    assert (answer[0]["code"], answer[0]["params"]) == (code, params) and answer[0]["message"]
    assert bench.view()["version"] == view["version"]


def test_url_settings_that_are_bad_on_open_say_why_and_the_saved_game_goes_on():
    bench = Bench()
    saved = bench.open("heptalion", {"seats": ["human", "ai:easy"], "first": 0})
    answer = Bench().send("open", game="heptalion", save=saved["save"], settings={"players": 9})
    assert answer[0]["code"] == "settings.players"
    assert answer[1]["view"]["record"] == saved["record"]


def test_good_settings_reach_the_game_url_booleans_as_zero_or_one():
    bench = Bench()
    view = bench.open("heptalion", {"players": 4, "seats": ["human", "ai:easy", "ai:normal", "ai:strong"],
                                    "first": 2, "options": {"hidden_hands": 1, "board": "random"}})
    assert view["options"] == {"players": 4, "hidden_hands": True, "board": "random"}
    assert [s.get("level") for s in view["seats"]] == [None, "easy", "normal", "strong"]
    assert view["seat"] == 2 and view["settings"]["first"] == 2
    assert len(view["board"]["hands"]) == 4


def test_first_random_draws_a_seat_and_missing_seats_take_the_defaults():
    firsts = {Bench(seed=seed).open("heptalion", {"first": "random"})["seat"] for seed in range(12)}
    assert firsts == {0, 1}
    view = Bench().open("heptalion", {"players": 3})
    assert [s["kind"] for s in view["seats"]] == ["human", "ai", "ai"]
