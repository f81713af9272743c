"""A Heptalion perfect board takes up to seconds to make in the page: the host
answers intents that arrive meanwhile (core.pause, served like a think's
pause), and when one of them starts a newer game, that one stands."""

import json

from host_helpers import Bench, pause_at_every_clock_read

from spielstube.games.heptalion import Board

PERFECT = {"seats": ["human", "ai:easy"], "first": 0, "options": {"board": "perfect"}}


def test_a_move_sent_while_a_perfect_board_is_made_is_answered_before_the_new_game(monkeypatch):
    pause_at_every_clock_read(monkeypatch)
    bench = Bench()
    old = bench.open("heptalion", {"seats": ["human", "ai:easy"], "first": 0})
    move_id = bench.queue("move", game="heptalion", version=old["version"], move=old["legal"][0])
    new = bench.intent("new", game="heptalion", settings=PERFECT)
    bench.driver.deliver(json.dumps(new))
    answers = [m.get("reply_to") for m in bench.posted if m.get("reply_to") in (move_id, new["id"])]
    assert answers[0] == move_id and new["id"] in answers  # answered from inside the board's making
    view = next(m["view"] for m in bench.posted if m.get("reply_to") == new["id"] and m["type"] == "view")
    record = json.loads(view["record"]) if isinstance(view["record"], str) else view["record"]
    assert record["moves"] == [] and set(Board(record["setup"]["board"]).position_counts().values()) == {3}


def test_a_newer_game_started_while_a_perfect_board_is_made_stands(monkeypatch):
    pause_at_every_clock_read(monkeypatch)
    bench = Bench()
    bench.open("heptalion", {"seats": ["human", "ai:easy"], "first": 0})
    newer = bench.queue("new", game="heptalion", settings={"seats": ["human", "ai:easy"], "first": 1})
    older = bench.intent("new", game="heptalion", settings=PERFECT)
    bench.driver.deliver(json.dumps(older))
    refused = [m for m in bench.posted if m.get("reply_to") == older["id"] and m["type"] != "view"]
    assert refused and refused[0]["code"] == "host.stale"
    newer_view = next(m["view"] for m in bench.posted if m.get("reply_to") == newer and m["type"] == "view")
    assert bench.view()["version"] == newer_view["version"]
    bench.run()
    assert bench.host.slots["heptalion"].session.setup.get("first") == 1
