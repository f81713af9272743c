"""The host's intent/view protocol (docs/host-protocol.md §3-4) on Heptalion:
open, new, move, undo/redo, stale refusal, load, save/restore, past views."""

import json

from host_helpers import Bench, pushes

from spielstube.core.record import parse_record, replay
from spielstube.games import get_rules

PERSON_FIRST = {"seats": ["human", "ai:easy"], "first": 0}


def _one_exchange(bench):
    """The first view, and the view after the person's move and the computer's reply."""
    view = bench.open("heptalion", PERSON_FIRST)
    bench.move(view["legal"][0])
    bench.run()
    return view, bench.view()


def test_open_without_save_starts_the_default_game_with_the_persons_legal_moves():
    bench = Bench()
    view = bench.open("heptalion")
    assert view["game"] == "heptalion" and view["seat"] == 0 and view["viewer"] == 0
    assert view["seats"] == [{"kind": "human"}, {"kind": "ai", "level": "normal"}]
    state = get_rules("heptalion").initial_state(view["options"], json.loads(view["record"])["setup"])
    assert view["legal"] == get_rules("heptalion").legal_json(state)
    assert view["status"]["key"] == "status.turn"
    assert view["can_undo"] is False and view["can_redo"] is False and view["thinking"] is None
    assert [entry["name"] for entry in view["schema"]] == ["players", "board", "hidden_hands"]


def test_a_person_move_then_the_computer_reply_is_pushed_with_its_think_time():
    bench = Bench()
    view = bench.open("heptalion", PERSON_FIRST)
    answer = bench.move(view["legal"][0])
    after = answer[-1]["view"]
    assert after["version"] > view["version"]
    assert after["seat"] == 1 and after["thinking"] == 1 and after["legal"] == []
    pushed = pushes(bench.run())
    assert len(pushed) == 1
    reply = pushed[0]
    assert reply["seat"] == 0 and len(reply["moves"]) == 2 and reply["moves"][1]["seat"] == 1
    assert isinstance(reply["think_ms"], float) and reply["legal"]
    # The pushed move is legal in the true game: the record replays.
    replay(parse_record(reply["record"]), get_rules)


def test_an_intent_for_an_old_version_is_refused_as_stale_and_the_current_view_follows():
    bench = Bench()
    view, current = _one_exchange(bench)
    answer = bench.move(current["legal"][0], version=view["version"])
    assert answer[0]["type"] == "error" and answer[0]["code"] == "host.stale"
    assert answer[0]["params"] == {"version": current["version"]}
    assert answer[1]["view"]["version"] == current["version"]
    assert len(answer[1]["view"]["moves"]) == 2  # nothing was played


def test_an_illegal_move_is_refused_with_the_rules_reason_code_and_nothing_changes():
    bench = Bench()
    view = bench.open("heptalion", PERSON_FIRST)
    hand = view["board"]["hands"][0]["tiles"]
    foreign = next(code for code in ("CC", "CD", "CO", "CP", "CS", "CT", "CX", "DD") if code not in hand)
    answer = bench.move({"tile": foreign, "cells": view["legal"][0]["cells"]})
    assert answer == [{"type": "error", "reply_to": answer[0]["reply_to"], "code": "heptalion.tile_not_in_hand",
                       "params": {"tile": foreign, "seat": 0}, "message": answer[0]["message"]}]
    assert bench.send("move", game="heptalion", version=view["version"], move="nonsense")[0]["code"] == "host.bad_move"
    assert bench.view()["version"] == view["version"]


def test_a_move_on_the_computers_turn_is_refused():
    bench = Bench()
    view = bench.open("heptalion", {"seats": ["human", "ai:easy"], "first": 1})
    assert view["seat"] == 1 and view["thinking"] == 1
    answer = bench.send("move", game="heptalion", version=view["version"], move={"tile": "CC", "cells": [[0, 5], [1, 5]]})
    assert answer[0]["code"] == "host.not_your_turn"


def test_undo_takes_back_the_persons_move_with_the_reply_and_redo_brings_both_back():
    bench = Bench()
    view, played = _one_exchange(bench)
    undone = bench.send("undo", game="heptalion", version=played["version"])[-1]["view"]
    assert undone["moves"] == [] and undone["seat"] == 0 and undone["can_redo"] and not undone["can_undo"]
    assert pushes(bench.run()) == []  # the person is to move: the computer stays quiet
    redone = bench.send("redo", game="heptalion", version=undone["version"])[-1]["view"]
    assert redone["moves"] == played["moves"] and redone["seat"] == 0
    assert bench.send("redo", game="heptalion", version=redone["version"])[0]["code"] == "host.nothing_to_redo"


def test_view_past_shows_the_position_after_a_move_read_only():
    bench = Bench()
    view = bench.open("heptalion", PERSON_FIRST)
    first = view["legal"][0]
    bench.move(first)
    bench.run()
    past = bench.send("view-past", game="heptalion", index=0)[-1]["view"]
    assert past["past"] == 0 and past["legal"] == [] and not past["can_undo"]
    assert past["board"]["placed"] == [{"seat": 0, "tile": first["tile"], "cells": first["cells"]}]
    assert len(past["moves"]) == 2  # the move list stays whole
    assert bench.send("view-past", game="heptalion", index=2)[0]["code"] == "host.past_index"


def test_the_save_restores_the_same_game_with_its_redo_at_its_version():
    bench = Bench()
    undone = bench.send("undo", game="heptalion", version=_one_exchange(bench)[1]["version"])[-1]["view"]
    later = Bench(seed=99)  # a reload: a fresh host
    restored = later.open("heptalion", save=undone["save"])
    assert restored["record"] == undone["record"] and restored["can_redo"]
    # The view kept with the save names this version: a move made on it before the host was
    # ready is current (the page sends it only when the host shows the same position).
    assert restored["version"] == undone["version"]
    assert restored["notice"] is None
    redone = later.send("redo", game="heptalion", version=restored["version"])[-1]["view"]
    assert len(redone["moves"]) == 2


def test_a_save_that_cannot_be_restored_is_set_aside_with_a_notice_and_a_fresh_game_starts():
    bench = Bench()
    view = bench.open("heptalion", PERSON_FIRST)
    save = dict(view["save"])
    record = dict(save["record"])
    record["moves"] = [{"player": 0, "tile": "XX", "cells": [[0, 0], [0, 1]]}]
    save["record"] = record
    fresh = Bench().open("heptalion", save=save)
    assert fresh["notice"]["key"] == "host.save_unreadable" and "move 0" in fresh["notice"]["params"]["detail"]
    assert fresh["moves"] == [] and fresh["legal"]
    assert Bench().open("heptalion", save="not a save")["notice"]["key"] == "host.save_unreadable"


def test_load_replaces_the_game_with_a_records_position():
    bench = Bench()
    record = _one_exchange(bench)[1]["record"]
    other = Bench(seed=3)
    other.open("heptalion", PERSON_FIRST)
    loaded = other.send("load", record=record)[-1]["view"]
    assert loaded["record"] == record and loaded["seat"] == 0 and loaded["legal"]
    assert loaded["seats"] == [{"kind": "human"}, {"kind": "ai", "level": "easy"}]


def test_a_bad_record_is_refused_with_the_reason_and_the_current_game_is_kept():
    bench = Bench()
    view = bench.open("heptalion", PERSON_FIRST)
    data = json.loads(view["record"])
    data["moves"] = [view["legal"][0], view["legal"][0]]
    answer = bench.send("load", record=json.dumps(data))
    assert answer[0]["code"] == "host.bad_record" and answer[0]["params"]["move_index"] == 1
    assert bench.send("load", record="{")[0]["code"] == "host.bad_record"
    assert bench.send("load", record=json.dumps({"format": "spielstube/1", "game": "chess", "setup": {}}))[0][
        "code"] == "host.unknown_game"
    kept = bench.send("view-past", game="heptalion", index=0)
    assert kept[0]["code"] == "host.past_index"  # still the empty game: no move 0
    assert bench.view()["record"] == view["record"]


def test_unknown_intents_and_games_are_refused_with_codes():
    bench = Bench()
    assert bench.send("fly")[0]["code"] == "host.unknown_intent"
    assert bench.send("open", game="chess")[0]["code"] == "host.unknown_game"
    assert bench.send("undo", game="heptalion", version=1)[0]["code"] == "host.no_game"
    bench.driver.deliver("{not json")
    assert bench.posted[-1]["code"] == "host.bad_json"


def test_opening_a_game_already_held_answers_its_current_view():
    bench = Bench()
    held = _one_exchange(bench)[1]
    again = bench.open("heptalion")
    assert again["record"] == held["record"] and again["version"] == held["version"]


def test_view_past_minus_one_is_each_games_start_before_any_move():
    for game in ("heptalion", "schlangennest", "topologic"):
        bench = Bench()
        start = bench.open(game, {"seats": ["human", "ai:easy"]})
        bench.run()  # (Topologic: the computer hides first)
        now = bench.view()
        if now["legal"] and isinstance(now["legal"], list):
            bench.move(now["legal"][0])
            bench.run()
            now = bench.view()
        count = len(now["moves"])
        assert count >= 1, game
        past = bench.send("view-past", game=game, index=-1)[-1]["view"]
        assert past["past"] == -1 and past["legal"] == [] and not past["can_undo"], game
        assert past["board"] == start["board"], game  # the board before the first move
        assert len(past["moves"]) == count and past["version"] == now["version"]
        if game == "heptalion":
            assert past["board"]["placed"] == [] and all(hand["count"] == 14 for hand in past["board"]["hands"])
            asked = bench.send("analyse", game=game, version=now["version"], past=-1)[0]  # the start analysed too
            assert asked["type"] == "analysis" and asked["past"] == -1
            assert bench.send("analyse", game=game, version=now["version"], past=-2)[0]["code"] == "host.past_index"
        elif game == "schlangennest":
            assert past["board"]["cards"] == [] and past["board"]["lengths"] == [0, 0]
        else:
            assert past["board"]["phase"] == "hide" and past["board"]["positions"] is None
        # Below the start, the present (the last move's position) and past it, not a whole number: refused.
        for index in (-2, count - 1, count, True, "0", None):
            refused = bench.send("view-past", game=game, index=index)
            assert refused[0]["code"] == "host.past_index", (game, index)
        if count >= 2:
            assert bench.send("view-past", game=game, index=count - 2)[-1]["view"]["past"] == count - 2
