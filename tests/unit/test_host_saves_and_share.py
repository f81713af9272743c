"""Saves the host cannot trust, old pages' saves, a restart during the
computer's turn, and share links (intent ``share``, ``load`` with ``share``)."""

import json

import pytest
from host_helpers import Bench

from spielstube.core.share import share_text
from spielstube.core.record import parse_record

PERSON_FIRST = {"seats": ["human", "ai:easy"], "first": 0}
TWO_PERSONS = {"seats": ["human", "human"], "first": 0}


def _save_after_one_move(settings=PERSON_FIRST):
    bench = Bench()
    view = bench.open("heptalion", settings)
    bench.move(view["legal"][0])
    bench.run()
    return bench.view()


def _tampered(change):
    save = json.loads(json.dumps(_save_after_one_move()["save"]))
    change(save)
    return save


@pytest.mark.parametrize("save", [
    _tampered(lambda s: s.update(seats=[5, 6])),
    _tampered(lambda s: s.update(seats=["human"])),
    _tampered(lambda s: s.update(seats=["human", "ai:grandmaster"])),
    _tampered(lambda s: s.update(redo="x")),
    _tampered(lambda s: s["record"].update(moves=[{"player": 0, "tile": "ZZ"}])),
    "[" * 100_000 + "]" * 100_000,
    '{"record": ' * 100_000,
    "not JSON at all",
    "[1, 2]",
    "",
    5,
])
def test_a_save_that_cannot_be_restored_starts_a_fresh_game_with_a_notice(save):
    text = save if isinstance(save, str) else json.dumps(save)
    for given in (save, text):
        view = Bench().open("heptalion", save=given)
        assert view["notice"]["key"] == "host.save_unreadable", given
        assert view["moves"] == [] and view["legal"]


def test_a_save_given_as_its_json_text_restores_like_the_object():
    kept = _save_after_one_move()
    restored = Bench(seed=5).open("heptalion", save=json.dumps(kept["save"]))
    assert restored["notice"] is None and restored["record"] == kept["record"]
    assert restored["version"] == kept["version"]


def test_garbage_settings_in_a_save_keep_the_game_and_store_its_own_settings():
    save = _tampered(lambda s: s.update(settings={"players": "many", "seats": 7, "first": [1]}))
    view = Bench().open("heptalion", save=save)
    assert view["notice"] is None and len(view["moves"]) == 2
    assert view["settings"] == {"players": 2, "seats": ["human", "ai:easy"], "first": 0,
                                "options": view["options"]}
    assert Bench().open("heptalion", save=dict(save, settings="x"))["settings"]["seats"] == ["human", "ai:easy"]


def test_a_save_of_the_old_page_is_migrated_when_its_record_replays():
    kept = _save_after_one_move()
    old = {"record": json.loads(kept["record"]), "seats": ["human", "ai:easy"], "redo": [],
           "settings": {"level": "easy"}}
    bench = Bench()
    view = bench.send("open", game="heptalion", save=json.dumps(old), settings=None, save_from="old-page")[-1]["view"]
    assert view["notice"] is None and view["record"] == kept["record"]
    assert view["settings"]["seats"] == ["human", "ai:easy"]
    no_seats = dict(old, seats=None)
    view = Bench().send("open", game="heptalion", save=no_seats, settings=None, save_from="old-page")[-1]["view"]
    assert view["notice"] is None and len(view["moves"]) == 2 and view["seats"][0] == {"kind": "human"}
    broken = dict(old, record=dict(old["record"], moves=[{"player": 0, "tile": "ZZ"}]))
    view = Bench().send("open", game="heptalion", save=broken, settings=None, save_from="old-page")[-1]["view"]
    assert view["notice"]["key"] == "host.save_unreadable" and view["moves"] == []
    other = dict(old, record=dict(old["record"], game="topologic"))
    view = Bench().send("open", game="heptalion", save=other, settings=None, save_from="old-page")[-1]["view"]
    assert view["notice"]["key"] == "host.save_unreadable"


def test_after_a_restart_during_the_computers_turn_the_person_asks_it_again():
    bench = Bench()
    view = bench.open("heptalion", {"seats": ["human", "ai:easy"], "first": 1})
    assert view["thinking"] == 1
    again = Bench(seed=3)
    restored = again.send("open", game="heptalion", save=view["save"], settings=None,
                          after_restart=True)[-1]["view"]
    assert restored["stuck"] and restored["thinking"] is None
    assert restored["status"]["key"] == "status.engine_restarted"
    assert again.driver.step() is None  # no think starts by itself
    answered = again.send("computer-again", game="heptalion", version=restored["version"])[-1]["view"]
    assert answered["thinking"] == 1
    again.run()
    assert len(again.view()["moves"]) == 1
    # A person's turn after a restart is just the game.
    person = Bench().send("open", game="heptalion", save=_save_after_one_move()["save"], settings=None,
                          after_restart=True)[-1]["view"]
    assert not person["stuck"] and person["legal"]


def test_a_shared_game_opens_at_its_position_with_its_seats_and_is_shared_on():
    sender = Bench()
    view = sender.open("heptalion", TWO_PERSONS)
    sender.move(view["legal"][0])
    shared = sender.send("share", game="heptalion")[-1]
    assert shared["type"] == "share" and shared["seats"] == ["human", "human"]
    assert shared["reveals_secrets"] is False
    assert parse_record(sender.view()["record"]).to_dict() == parse_record(
        json.dumps(_record_of(shared["text"]))).to_dict()
    receiver = Bench(seed=11)
    receiver.open("heptalion")
    opened = receiver.send("load", game="heptalion", share=shared["text"], seats=shared["seats"])[-1]["view"]
    assert opened["record"] == sender.view()["record"] and opened["seat"] == 1 and opened["legal"]
    receiver.move(opened["legal"][0])
    back = receiver.send("share", game="heptalion")[-1]
    again = sender.send("load", game="heptalion", share=back["text"], seats=back["seats"])[-1]["view"]
    assert len(again["moves"]) == 2 and again["seat"] == 0


def _record_of(text):
    from spielstube.core.share import record_from_share
    return record_from_share(text).to_dict()


def test_a_damaged_or_foreign_link_is_refused_and_the_game_stays():
    bench = Bench()
    view = bench.open("heptalion", PERSON_FIRST)
    text = bench.send("share", game="heptalion")[-1]["text"]
    for bad in (text[:-3], text[:20] + ("A" if text[20] != "A" else "B") + text[21:], "1.***", "hello", 5):
        answer = bench.send("load", game="heptalion", share=bad)
        assert answer[0]["code"] == "host.bad_record", bad
    topologic = Bench().open("topologic")
    foreign = share_text(parse_record(topologic["record"]))
    assert bench.send("load", game="heptalion", share=foreign)[0]["code"] == "host.bad_record"
    assert bench.send("load", game="heptalion", share=text, seats=["human"])[0]["code"] == "settings.seats_count"
    assert bench.send("load", game="heptalion", share=text, seats=["human", "robot"])[0]["code"] == "settings.seat"
    assert bench.view()["record"] == view["record"]


def test_a_link_says_when_it_reveals_hidden_hands_or_a_topologic_secret():
    hidden = Bench()
    hidden.open("heptalion", dict(PERSON_FIRST, options={"hidden_hands": True}))
    assert hidden.send("share", game="heptalion")[-1]["reveals_secrets"] is True
    topologic = Bench()
    view = topologic.open("topologic", {"seats": ["human", "ai:easy"], "first": 0})
    topologic.run()  # the computer game master hides the secret
    assert topologic.send("share", game="topologic")[-1]["reveals_secrets"] is True
    assert view["game"] == "topologic"
