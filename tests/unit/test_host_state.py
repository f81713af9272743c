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
    undone = bench.send("undo", game="topologic", version=loaded["version"])[-1]["view"]
    moved = bench.move(stay)[-1]["view"]
    assert len(moved["moves"]) == MAX_MOVES
    undone = bench.send("undo", game="topologic", version=moved["version"])[-1]["view"]
    redone = bench.send("redo", game="topologic", version=undone["version"])[-1]["view"]
    assert len(redone["moves"]) == MAX_MOVES
    assert bench.send("view-past", game="topologic", index=3)[-1]["view"]["past"] == 3
    assert bench.send("share", game="topologic")[-1]["type"] == "share"
    bench.open("heptalion")
    bench.open("topologic")  # back to the game held: its Session, not its save
    assert replays == [1]
    # A reload: the save is restored once, by a fresh host.
    again = Bench(seed=3)
    restored = again.open("topologic", save=json.dumps(redone["save"]))
    assert restored["notice"] is None and restored["can_undo"]
    assert replays == [1, 1]


def test_a_computer_at_the_move_cap_stops_with_a_reason_instead_of_moving():
    bench = Bench()
    bench.open("topologic")
    text = json.dumps(stretched_topologic(MAX_MOVES))
    loaded = bench.send("load", game="topologic", record=text, seats=["ai:easy", "ai:easy"])[-1]["view"]
    assert loaded["thinking"] is not None
    bench.run()
    view = bench.view()
    assert len(view["moves"]) == MAX_MOVES and view["stuck"]
    assert f"{MAX_MOVES:,}" in view["status"]["params"]["detail"]
