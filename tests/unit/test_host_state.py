"""The host keeps each game's Session between intents: a record is replayed
once, when it is loaded or a save restored, never again per request, also
for the largest record a game may hold (core.limits.MAX_MOVES)."""

import json

from host_helpers import Bench
from test_record_limits import stretched_topologic

from spielstube.core import session as session_module
from spielstube.core.limits import MAX_MOVES


def test_intents_on_a_record_at_the_move_cap_never_replay_it(monkeypatch):
    replays = []
    real = session_module.replay
    monkeypatch.setattr(session_module, "replay", lambda *args: replays.append(1) or real(*args))
    bench = Bench()
    bench.open("topologic")
    text = json.dumps(stretched_topologic(MAX_MOVES))
    loaded = bench.send("load", game="topologic", record=text, seats=["human", "human"])[-1]["view"]
    assert len(loaded["moves"]) == MAX_MOVES and replays == [1]
    seat = loaded["seat"]
    if loaded["handover"]:  # two persons at one device, and Topologic keeps a secret
        loaded = bench.send("handover-done", game="topologic", version=loaded["version"])[-1]["view"]
    stay = {"player": seat, "seekers": loaded["board"]["positions"]}
    refused = bench.move(stay)
    # No more: past the cap the game could not be saved or shared.
    assert refused[0]["code"] == "host.move_cap" and refused[0]["params"] == {"max": MAX_MOVES}
    # Nor back: a hint once given stands (shared/design/rulings.md), at the cap too.
    assert bench.send("undo", game="topologic", version=loaded["version"])[0]["code"] == "host.nothing_to_undo"
    redone = bench.send("pace", game="topologic", seconds=0.8)[-1]["view"]  # a view of it again
    assert len(redone["moves"]) == MAX_MOVES
    assert bench.send("view-past", game="topologic", index=3)[-1]["view"]["past"] == 3
    assert bench.send("share", game="topologic")[-1]["type"] == "share"
    bench.open("heptalion")
    bench.open("topologic")  # back to the game held: its Session, not its save
    assert replays == [1]
    # A reload: the save is restored once, by a fresh host.
    again = Bench(seed=3)
    restored = again.open("topologic", save=json.dumps(redone["save"]))
    assert restored["notice"] is None and len(restored["moves"]) == MAX_MOVES
    assert replays == [1, 1]


def test_a_computer_at_the_move_cap_never_thinks_and_the_status_names_the_limit():
    bench = Bench()
    bench.open("topologic")
    text = json.dumps(stretched_topologic(MAX_MOVES))
    loaded = bench.send("load", game="topologic", record=text, seats=["ai:easy", "ai:easy"])[-1]["view"]
    assert loaded["thinking"] is None and not loaded["stuck"]
    assert loaded["status"] == {"key": "status.move_cap", "params": {"seat": loaded["seat"], "max": MAX_MOVES}}
    assert bench.host.turns.next_think() is None
    assert bench.run() == []  # no think, no failure, no retry
    refused = bench.send("computer-again", game="topologic", version=loaded["version"])
    assert refused[0]["code"] == "host.not_stuck"
    # With the game master a person: the hints given stand, the cap stays, nothing thinks.
    seats = ["human", "human"]
    seats[loaded["seat"]] = "ai:easy"
    loaded = bench.send("load", game="topologic", record=text, seats=seats)[-1]["view"]
    assert loaded["status"]["key"] == "status.move_cap" and not loaded["can_undo"]
    assert loaded["thinking"] is None and bench.run() == []


def test_a_person_at_the_move_cap_sees_the_limit_and_a_move_is_refused_with_it():
    bench = Bench()
    bench.open("topologic")
    text = json.dumps(stretched_topologic(MAX_MOVES))
    loaded = bench.send("load", game="topologic", record=text, seats=["human", "ai:easy"])[-1]["view"]
    if loaded["seat"] != 0:
        loaded = bench.send("load", game="topologic", record=text, seats=["ai:easy", "human"])[-1]["view"]
    assert loaded["status"]["key"] == "status.move_cap" and loaded["thinking"] is None
    stay = {"player": loaded["seat"], "seekers": loaded["board"]["positions"]}
    refused = bench.move(stay)
    assert refused[0]["code"] == "host.move_cap"
    assert bench.send("share", game="topologic")[-1]["type"] == "share"
    assert json.loads(loaded["record"])["moves"] == json.loads(text)["moves"]


def test_a_restarted_host_does_not_hold_a_game_at_the_cap_as_stuck():
    bench = Bench()
    bench.open("topologic")
    text = json.dumps(stretched_topologic(MAX_MOVES))
    loaded = bench.send("load", game="topologic", record=text, seats=["ai:easy", "ai:easy"])[-1]["view"]
    again = Bench(seed=3)
    restored = again.send("open", game="topologic", save=json.dumps(loaded["save"]), settings=None,
                          after_restart=True)[-1]["view"]
    assert not restored["stuck"] and restored["status"]["key"] == "status.move_cap"
