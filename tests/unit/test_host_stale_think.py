"""A think of a game replaced before anyone moved (epoch 0 of the old slot) must
not count for the new game's slot, whose epoch starts again: it was played on
the new game (or left it stuck) when a page opened on a computer's first turn
and a new game came at once (URL settings do exactly that)."""

from host_helpers import Bench, pause_at_every_clock_read, pushes

COMPUTER_FIRST = {"seats": ["human", "ai:normal"], "first": 1}


def test_a_new_game_during_the_first_think_drops_it(monkeypatch):
    pause_at_every_clock_read(monkeypatch)
    bench = Bench()
    opened = bench.open("heptalion", COMPUTER_FIRST)
    assert opened["thinking"] == 1 and opened["moves"] == []
    new_id = bench.queue("new", game="heptalion", settings={"seats": ["human", "ai:easy"], "first": 0})
    messages = bench.run()
    new_view = next(m["view"] for m in messages if m.get("reply_to") == new_id)
    assert new_view["seat"] == 0 and new_view["moves"] == []
    assert pushes(messages) == []  # the old game's computer neither moved here nor left it stuck
    assert bench.view()["version"] == new_view["version"] and not bench.view()["stuck"]


def test_a_load_during_the_first_think_drops_it(monkeypatch):
    pause_at_every_clock_read(monkeypatch)
    record = Bench(seed=11).open("heptalion", {"seats": ["human", "ai:easy"], "first": 0})["record"]
    bench = Bench()
    bench.open("heptalion", COMPUTER_FIRST)
    load_id = bench.queue("load", record=record)
    messages = bench.run()
    assert any(m.get("reply_to") == load_id and m["type"] == "view" for m in messages)
    assert pushes(messages) == [] and not bench.view()["stuck"] and bench.view()["moves"] == []
