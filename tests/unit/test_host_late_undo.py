"""A person's Undo sent while the computer thinks is never lost: where the host
cannot read intents during a think (an engine without JSPI runs it unsliced),
the computer's reply lands first and raises the version; the Undo still takes
back the person's move with that reply. Any other change in between makes it
stale as before."""

import json

from host_helpers import Bench

PERSON_FIRST = {"seats": ["human", "ai:normal"], "first": 0}


def _moved(bench):
    """The view after the person's first move (the computer to think)."""
    view = bench.open("heptalion", PERSON_FIRST)
    return bench.move(view["legal"][0])[-1]["view"]


def _answer(messages, intent_id):
    return next(m for m in messages if m.get("reply_to") == intent_id)


def test_an_undo_read_after_the_computers_reply_takes_back_the_move_and_the_reply():
    bench = Bench(sliced=False)
    moved = _moved(bench)
    assert moved["thinking"] == 1
    undo_id = bench.queue("undo", game="heptalion", version=moved["version"])
    bench.run()  # unsliced: the think ends and the reply is pushed before the undo is read
    assert len(bench.view()["moves"]) == 2 and bench.view()["version"] > moved["version"]
    bench.driver.deliver(bench.inbox.pop())
    answer = _answer(bench.posted, undo_id)
    assert answer["type"] == "view", answer
    assert answer["view"]["moves"] == [] and answer["view"]["seat"] == 0 and answer["view"]["can_redo"]


def test_the_same_undo_sliced_is_answered_during_the_think():
    bench = Bench(sliced=True)
    moved = _moved(bench)
    undo_id = bench.queue("undo", game="heptalion", version=moved["version"])
    bench.run()
    answer = _answer(bench.posted, undo_id)
    assert answer["type"] == "view" and answer["view"]["moves"] == []


def test_an_undo_older_than_the_persons_own_move_stays_stale():
    bench = Bench()
    opened = bench.open("heptalion", PERSON_FIRST)
    bench.move(opened["legal"][0])
    bench.run()
    answer = bench.send("undo", game="heptalion", version=opened["version"])
    assert answer[0]["code"] == "host.stale"


def test_an_undo_after_a_redo_names_the_version_it_saw():
    bench = Bench()
    moved = _moved(bench)
    bench.run()
    replied = bench.view()
    undone = bench.send("undo", game="heptalion", version=replied["version"])[-1]["view"]
    redone = bench.send("redo", game="heptalion", version=undone["version"])[-1]["view"]
    # The view before the undo and redo is gone for good: an undo naming it is stale.
    assert bench.send("undo", game="heptalion", version=moved["version"])[0]["code"] == "host.stale"
    assert bench.send("undo", game="heptalion", version=redone["version"])[-1]["type"] == "view"


def test_a_late_undo_of_a_finished_computer_turn_is_counted_once_as_an_aid():
    bench = Bench(sliced=False)
    moved = _moved(bench)
    bench.queue("undo", game="heptalion", version=moved["version"])
    bench.run()
    bench.driver.deliver(bench.inbox.pop())
    record = json.loads(bench.view()["record"])
    assert record["aids"]["undos"] == 1


TOPOLOGIC_PERSON_HIDES = {"seats": ["human", "ai:strong"], "first": 1, "options": {"seekers": 3}}


def _hidden(bench):
    """The view after the person, as game master, hid the secret (the computer to seek)."""
    view = bench.open("topologic", TOPOLOGIC_PERSON_HIDES)
    assert view["seat"] == 0 and view["legal"], view
    moved = bench.move(view["legal"][0])[-1]["view"]
    assert moved["thinking"] == 1
    return moved


def _first_seek_turn(bench):
    """Runs the host until the computer's first seek turn is shown (between its turns
    the host returns to the event loop, where a waiting intent is read)."""
    for _ in range(400):
        if len(bench.view()["moves"]) == 2:
            return bench.view()
        bench.clock.t += bench.driver.step() or 0
    raise AssertionError("the computer never sought")


def test_a_topologic_hiding_undone_during_the_seekers_think_is_taken_back_though_its_turn_landed():
    # The rule (a hint once given stands) bars undo after a seek turn; this Undo was
    # sent before the hint existed, so the turn that landed after the click does not bar it.
    bench = Bench(sliced=False)
    moved = _hidden(bench)
    undo_id = bench.queue("undo", game="topologic", version=moved["version"])
    landed = _first_seek_turn(bench)
    assert landed["moves"][1]["kind"] == "seek" and landed["version"] > moved["version"]
    bench.driver.deliver(bench.inbox.pop())
    answer = _answer(bench.posted, undo_id)
    assert answer["type"] == "view", answer
    assert answer["view"]["moves"] == [] and answer["view"]["seat"] == 0


def test_a_topologic_undo_sent_after_the_hint_was_shown_is_refused():
    bench = Bench(sliced=False)
    _hidden(bench)
    landed = _first_seek_turn(bench)
    answer = bench.send("undo", game="topologic", version=landed["version"])
    assert answer[0]["code"] == "host.nothing_to_undo"
