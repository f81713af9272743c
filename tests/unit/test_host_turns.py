"""Computer turns in the host: intents served while a computer thinks (the
dropped think's move never appears), the new-game race, pacing, failures
and watch mode. The clock is the bench's: no assertion depends on real time."""

import json

import pytest
from host_helpers import Bench, pause_at_every_clock_read, pushes

from spielstube.ai.heptalion.agents import EasyAgent
from spielstube.host import games
from spielstube.host.turns import Turns

PERSON_FIRST = {"seats": ["human", "ai:normal"], "first": 0}


def _person_moved(bench, settings=PERSON_FIRST):
    view = bench.open("heptalion", settings)
    return bench.move(view["legal"][0])[-1]["view"]


def test_undo_sent_while_the_computer_thinks_is_answered_inside_the_think_and_its_move_never_appears(monkeypatch):
    pause_at_every_clock_read(monkeypatch)
    bench = Bench()
    thinking = _person_moved(bench)
    assert thinking["thinking"] == 1
    finished = []
    real = Turns.compute
    monkeypatch.setattr(Turns, "compute", lambda self, think: finished.append(real(self, think)) or finished[-1])
    undo_id = bench.queue("undo", game="heptalion", version=thinking["version"])
    messages = bench.run()
    answer = [m for m in messages if m.get("reply_to") == undo_id]
    assert len(answer) == 1 and answer[0]["during_think"] is True
    assert answer[0]["view"]["moves"] == [] and answer[0]["view"]["seat"] == 0
    assert pushes(messages) == []
    assert finished == []  # the search was stopped, not run to its end
    assert bench.view()["moves"] == []


def test_without_slices_a_stale_think_is_still_dropped():
    bench = Bench(sliced=False)
    thinking = _person_moved(bench, {"seats": ["human", "ai:easy"], "first": 0})
    wait = bench.driver.step()  # the think ran to its end; its move waits to be shown
    assert wait == pytest.approx(games.MIN_SHOW_SECONDS)
    bench.send("undo", game="heptalion", version=thinking["version"])
    bench.clock.t += wait
    assert pushes(bench.run()) == []
    assert bench.view()["moves"] == []


def test_a_computer_move_shows_no_sooner_than_the_minimum_after_it_was_asked():
    bench = Bench()
    _person_moved(bench, {"seats": ["human", "ai:easy"], "first": 0})
    assert bench.driver.step() == pytest.approx(games.MIN_SHOW_SECONDS)
    assert pushes(bench.posted) == []  # held until then
    bench.clock.t += games.MIN_SHOW_SECONDS
    assert bench.driver.step() is None
    assert len(pushes(bench.posted)) == 1


def test_new_game_race_a_move_for_the_old_board_is_refused_and_the_new_game_starts_cleanly(monkeypatch):
    pause_at_every_clock_read(monkeypatch)
    bench = Bench()
    thinking = _person_moved(bench)
    old_move = thinking["moves"][0]
    new_id = bench.queue("new", game="heptalion",
                         settings={"seats": ["human", "ai:easy"], "first": 1, "options": {"board": "random"}})
    move_id = bench.queue("move", game="heptalion", version=thinking["version"],
                          move={"tile": "CC", "cells": old_move["cells"]})
    messages = bench.run()
    new_view = next(m["view"] for m in messages if m.get("reply_to") == new_id)
    refused = [m for m in messages if m.get("reply_to") == move_id]
    assert refused[0]["code"] == "host.stale"
    assert new_view["options"]["board"] == "random" and new_view["moves"] == [] and new_view["thinking"] == 1
    pushed = pushes(messages)
    assert len(pushed) == 1 and len(pushed[0]["moves"]) == 1 and pushed[0]["moves"][0]["seat"] == 1
    assert json.loads(pushed[0]["record"])["setup"] == json.loads(new_view["record"])["setup"]


def test_after_a_reload_during_the_computers_turn_the_computer_moves():
    bench = Bench()
    view = bench.open("heptalion", {"seats": ["human", "ai:easy"], "first": 1})
    assert view["thinking"] == 1
    reloaded = Bench(seed=5)
    again = reloaded.open("heptalion", save=view["save"])
    assert again["thinking"] == 1
    pushed = pushes(reloaded.run())
    assert len(pushed) == 1 and pushed[0]["seat"] == 0 and pushed[0]["legal"]


def test_a_failing_computer_leaves_the_game_stuck_until_computer_again(monkeypatch):
    bench = Bench()
    _person_moved(bench, {"seats": ["human", "ai:easy"], "first": 0})
    real = Turns.compute

    def broken(self, think):
        raise RuntimeError("out of ideas")

    monkeypatch.setattr(Turns, "compute", broken)
    stuck = pushes(bench.run())
    assert len(stuck) == 1 and stuck[0]["stuck"] and stuck[0]["status"]["key"] == "status.stuck"
    assert "out of ideas" in stuck[0]["status"]["params"]["detail"] and stuck[0]["thinking"] is None
    assert pushes(bench.run()) == []  # no retry by itself
    monkeypatch.setattr(Turns, "compute", real)
    again = bench.send("computer-again", game="heptalion", version=stuck[0]["version"])[-1]["view"]
    assert again["thinking"] == 1 and not again["stuck"]
    assert len(pushes(bench.run())) == 1


def test_the_computer_decides_from_its_own_view_only(monkeypatch):
    bench = Bench()
    bench.open("heptalion", {"seats": ["human", "ai:easy"], "first": 1, "options": {"hidden_hands": True}})
    seen = []
    real = Turns.compute

    def spy(self, think):
        seen.append(think)
        return real(self, think)

    monkeypatch.setattr(Turns, "compute", spy)
    decided_from = []
    real_choose = EasyAgent.choose_move
    monkeypatch.setattr(EasyAgent, "choose_move",
                        lambda self, state, rng: decided_from.append(state) or real_choose(self, state, rng))
    bench.run()
    # The computer got a state drawn for what seat 1 may see (its determinization),
    # never the true state with the other hand.
    think = next(t for t in seen if t.seat == 1)
    assert decided_from and decided_from[0] is not think.state
    assert decided_from[0].player_view(1) == think.state.player_view(1)


def test_watch_mode_plays_a_whole_game_and_pause_resume_and_pace_steer_it(monkeypatch):
    bench = Bench()
    view = bench.open("heptalion", {"seats": ["ai:easy", "ai:easy"], "first": 0})
    assert view["watching"] and view["thinking"] == 0 and view["viewer"] is None
    assert bench.driver.step() == pytest.approx(games.WATCH_SECONDS)  # before any pace is set
    bench.send("pace", game="heptalion", seconds=0)
    assert bench.driver.step() == pytest.approx(games.MIN_SHOW_SECONDS)  # never faster than this
    paced = bench.send("pace", game="heptalion", seconds=2)[-1]["view"]
    assert paced["pace"] == 2.0
    assert bench.driver.step() == pytest.approx(2.0)  # each move stays the pace
    paused = bench.send("pause", game="heptalion")[-1]["view"]
    assert paused["paused"] and paused["thinking"] is None and paused["status"]["key"] == "status.paused"
    bench.clock.t += 2.0
    assert pushes(bench.run()) == []  # the held move is dropped, nothing new starts
    bench.send("resume", game="heptalion")
    messages = bench.run()
    final = pushes(messages)[-1]
    assert final["result"] is not None and final["seat"] is None and final["status"]["key"] == "status.over"
    assert len(pushes(messages)) == len(final["moves"])
    assert bench.send("pace", game="heptalion", seconds="fast")[0]["code"] == "host.pace"


def test_a_pause_sent_while_the_computer_thinks_stops_the_think(monkeypatch):
    pause_at_every_clock_read(monkeypatch)
    bench = Bench()
    bench.open("heptalion", {"seats": ["ai:normal", "ai:normal"], "first": 0})
    pause_id = bench.queue("pause", game="heptalion")
    messages = bench.run()
    assert next(m for m in messages if m.get("reply_to") == pause_id)["during_think"] is True
    assert pushes(messages) == []


def test_opening_another_game_drops_the_first_games_think(monkeypatch):
    pause_at_every_clock_read(monkeypatch)
    bench = Bench()
    _person_moved(bench)
    open_id = bench.queue("open", game="topologic", settings={"seats": ["human", "human"]}, save=None)
    messages = bench.run()
    assert next(m for m in messages if m.get("reply_to") == open_id)["view"]["game"] == "topologic"
    assert pushes(messages) == []
    back = bench.open("heptalion")
    assert back["thinking"] == 1 and len(pushes(bench.run())) == 1  # back on it, the computer moves


def test_a_record_loaded_while_the_computer_thinks_drops_the_think(monkeypatch):
    pause_at_every_clock_read(monkeypatch)
    other = Bench(seed=11)
    record = other.open("heptalion", {"seats": ["human", "ai:easy"], "first": 0})["record"]
    bench = Bench()
    _person_moved(bench)
    load_id = bench.queue("load", record=record)
    messages = bench.run()
    loaded = next(m for m in messages if m.get("reply_to") == load_id)
    assert loaded["during_think"] is True and loaded["view"]["record"] == record
    assert pushes(messages) == [] and bench.view()["moves"] == []


@pytest.mark.parametrize("name", ["move", "undo", "redo", "handover-done", "computer-again"])
def test_every_intent_on_a_position_is_refused_for_an_old_version(name):
    bench = Bench()
    view = bench.open("heptalion", {"seats": ["human", "ai:easy"], "first": 0})
    bench.move(view["legal"][0])
    answer = bench.send(name, game="heptalion", version=view["version"], move=view["legal"][0])
    assert answer[0]["code"] == "host.stale" and answer[1]["view"]["version"] > view["version"]
