"""Topologic through the host: the hide move, seeker turns without their hint,
the secret kept from the seeker, and the readable pace of a computer seeker."""

import pytest
from host_helpers import Bench, pushes

from spielstube.games.topologic.rules import SEEKING_SECONDS
from spielstube.host import games

PERSON_SEEKS = {"seats": ["human", "ai:easy"], "first": 0, "options": {"seekers": 3}}
PERSON_HIDES = {"seats": ["human", "ai:easy"], "first": 1, "options": {"seekers": 3}}


def test_the_computer_hides_then_the_person_seeks_with_each_seekers_fields():
    bench = Bench()
    view = bench.open("topologic", PERSON_SEEKS)
    assert view["seat"] == 1 and view["thinking"] == 1 and view["legal"] == []
    assert bench.driver.step() == pytest.approx(games.MIN_SHOW_SECONDS)  # a hide is not a seeking turn
    hidden = pushes(bench.run())[-1]
    assert hidden["seat"] == 0 and hidden["board"]["phase"] == "entry"
    assert len(hidden["legal"]["seekers"]) == 3
    assert hidden["moves"] == [{"seat": 1, "kind": "hide", "text_key": "topologic.entry_hide",
                                "params": {"round": 0, "secret": None}, "cells": []}]
    assert hidden["board"]["rounds"][0]["secret"] is None  # the seeker never sees it
    field = hidden["legal"]["seekers"][0][0]
    seeked = bench.move({"seekers": [field, field, field]})[-1]["view"]
    entry = seeked["moves"][-1]
    assert entry["kind"] == "seek" and isinstance(entry["params"]["hint"], int)
    assert seeked["board"]["positions"] == [field, field, field]


def test_a_person_hides_the_secret_by_a_move_and_the_computer_seeks_at_a_readable_pace():
    bench = Bench()
    view = bench.open("topologic", PERSON_HIDES)
    assert view["seat"] == 0 and all(move["action"] == "hide" for move in view["legal"])
    hide = view["legal"][0]
    after = bench.move(hide)[-1]["view"]
    assert after["board"]["rounds"][0]["secret"] == hide["secret"]  # the game master sees it
    assert after["moves"][0]["params"]["secret"] == hide["secret"]
    assert after["thinking"] == 1
    assert bench.driver.step() == pytest.approx(SEEKING_SECONDS)
    skipped = bench.send("skip", game="topologic")[-1]["view"]
    assert skipped["version"] == after["version"]  # the game did not change: the think goes on
    assert bench.driver.step() == pytest.approx(games.MIN_SHOW_SECONDS)  # the waiting turn shows sooner
    bench.clock.t += games.MIN_SHOW_SECONDS
    wait = bench.driver.step()
    assert bench.view()["board"]["positions"] is not None
    assert bench.view()["board"]["round"] == 0  # (seed 7: the entry did not find the secret)
    assert wait == pytest.approx(games.MIN_SHOW_SECONDS)  # the rest of the round at the short pause too


def test_a_seeker_move_that_breaks_the_rules_is_refused_with_the_rules_code():
    bench = Bench()
    bench.open("topologic", PERSON_SEEKS)
    bench.run()
    answer = bench.move({"seekers": [[2, 2], [2, 2], [2, 2]]})  # not a border field
    assert answer[0]["code"] == "topologic.not_border" and answer[0]["params"]["seeker"] == 0


def test_two_persons_hand_the_device_over_even_before_the_secret_is_hidden():
    bench = Bench()
    view = bench.open("topologic", {"seats": ["human", "human"], "first": 0, "options": {"seekers": 3}})
    assert view["handover"] == {"to": 1} and view["legal"] == []
    master = bench.send("handover-done", game="topologic", version=view["version"])[-1]["view"]
    hide = master["legal"][0]
    after = bench.move(hide)[-1]["view"]
    assert after["handover"] == {"to": 0} and after["board"]["rounds"][0]["secret"] is None
    assert after["moves"][0]["params"]["secret"] is None  # the public move list keeps the secret


def test_undo_stays_inside_a_round():
    bench = Bench()
    view = bench.open("topologic", PERSON_HIDES)
    bench.move(view["legal"][0])
    bench.run(limit=2000)  # the computer seeks until it finds the secret; then it hides the next one
    second = bench.view()
    assert second["board"]["round"] == 1 and second["seat"] == 0 and second["board"]["phase"] == "entry"
    assert second["can_undo"] is False
    refused = bench.send("undo", game="topologic", version=second["version"])
    assert refused[0]["code"] == "host.nothing_to_undo"
    assert second["board"]["rounds"][0]["secret"] == view["legal"][0]["secret"]  # shown once the round is over


def test_undo_never_takes_back_a_confirmed_seeker_turn_or_its_hint():
    """shared/design/rulings.md: a hint once given stands, against the computer or a person."""
    bench = Bench()
    bench.open("topologic", PERSON_SEEKS)
    hidden = pushes(bench.run())[-1]
    field = hidden["legal"]["seekers"][0][0]
    first = bench.move({"seekers": [field] * 3})[-1]["view"]
    hints = first["board"]["rounds"][0]["hints"]
    assert len(hints) == 1 and first["board"]["counts"][0] == 1
    assert first["can_undo"] is False
    refused = bench.send("undo", game="topologic", version=first["version"])
    assert refused[0]["code"] == "host.nothing_to_undo"
    kept = bench.view()
    assert kept["board"]["rounds"][0]["hints"] == hints and kept["board"]["counts"][0] == 1
    assert len(kept["moves"]) == 2


def test_a_hide_before_the_first_hint_may_be_taken_back_between_two_persons():
    bench = Bench()
    view = bench.open("topologic", {"seats": ["human", "human"], "first": 0, "options": {"seekers": 3}})
    master = bench.send("handover-done", game="topologic", version=view["version"])[-1]["view"]
    hidden = bench.move(master["legal"][0])[-1]["view"]
    assert hidden["can_undo"] is True  # no hint yet: the hiding can be taken back
    seeker = bench.send("handover-done", game="topologic", version=hidden["version"])[-1]["view"]
    field = seeker["legal"]["seekers"][0][0]
    after = bench.move({"seekers": [field] * 3})[-1]["view"]
    assert len(after["board"]["rounds"][0]["hints"]) == 1
    assert after["can_undo"] is False
