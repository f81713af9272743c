"""Reviews (intent ``review``): the marks of ai/review.py's review_game for every
move of a finished game, made in slices, refused before the end, dropped with
their game."""

import pytest

from spielstube.ai import review as ai_review
from spielstube.host import review as host_review

from host_helpers import Bench, ask_job, pause_at_every_clock_read

COMPUTERS = {"players": 2, "seats": ["ai:easy", "ai:easy"], "first": 0}
HUMAN_FIRST = {"players": 2, "seats": ["human", "ai:easy"], "first": 0}


class ByIndex(ai_review.GameReviewer):
    """A reviewer whose marks follow from the move index alone, so two runs agree
    whatever the machine's speed; it reads the clock as a search would."""

    def review(self, rules, states, moves, indices, seconds):
        for index in indices:
            ai_review.clock.now()
            better = [] if index % 2 else [rules.move_json_of(states[index], moves[index])]
            yield index, ai_review.MARKS[index % len(ai_review.MARKS)], better, {"k": index}

    def summary(self, rules, states, moves, seconds):
        return {"judged_by": "index"}


def finished(game, seed=3):
    bench = Bench(seed=seed)
    bench.open(game, COMPUTERS)
    bench.run(limit=2000)
    view = bench.view()
    assert view["result"] is not None and view["can_review"] is True
    return bench, view


def review(bench):
    """Asks for the review of the view shown and runs the host: (answer, the "done" message)."""
    return ask_job(bench, "review", "review")


@pytest.mark.parametrize("game", ["heptalion", "topologic", "schlangennest"])
def test_a_finished_game_gets_review_games_marks_for_every_move(game, monkeypatch):
    monkeypatch.setattr(ai_review, "make_reviewer", lambda name, options: ByIndex())
    bench, view = finished(game)
    slot = bench.host.slots[game]
    answer, pushed, done = review(bench)
    assert answer["state"] == "working" and answer["total"] == len(slot.session.moves)
    lines, summary = ai_review.review_game(slot.rules, slot.session.options, slot.session.states,
                                           slot.session.moves, 0.01)
    assert [line["index"] for line in done["lines"]] == list(range(len(slot.session.moves)))
    for mine, theirs in zip(done["lines"], lines):
        assert {k: mine[k] for k in theirs} == theirs
        assert len(mine["better_entries"]) == len(mine["better"])
        for entry in mine["better_entries"]:
            assert entry["seat"] == mine["player"] and entry["text_key"]
    assert done["summary"]["marks"] == summary["marks"] and done["summary"]["judged_by"] == "index"
    # Asked again for the same version: answered at once.
    again = bench.send("review", game=game, version=view["version"])[0]
    assert again["state"] == "done" and again["lines"] == done["lines"]


def test_the_real_reviewers_mark_every_move_of_a_heptalion_game_in_slices(monkeypatch):
    pause_at_every_clock_read(monkeypatch)
    bench, view = finished("heptalion")
    bench.host.reviewer.seconds = 0.02
    bench.queue("view-past", game="heptalion", index=0)  # answered from inside the review
    answer, pushed, done = review(bench)
    assert any(m["type"] == "view" and m["view"]["past"] == 0 for m in bench.posted)
    assert all(line["mark"] in ai_review.MARKS for line in done["lines"])
    assert len(done["lines"]) == len(view["moves"])
    assert sum(sum(marks.values()) for marks in done["summary"]["marks"].values()) == len(view["moves"])


def test_a_game_without_moves_or_with_a_computer_to_move_is_refused_and_a_persons_turn_offered():
    bench = Bench(seed=5)
    bench.open("heptalion", HUMAN_FIRST)
    bench.run()
    view = bench.view()
    assert view["can_review"] is False and view["result"] is None
    refused = bench.send("review", game="heptalion", version=view["version"])[0]
    assert refused["type"] == "error" and refused["code"] == "host.no_review"
    assert refused["params"] == {"reason": "empty"}
    bench.move(view["legal"][0])
    view = bench.view()  # the computer is to move: its move would drop a review
    assert view["can_review"] is False
    refused = bench.send("review", game="heptalion", version=view["version"])[0]
    assert refused["code"] == "host.no_review" and refused["params"] == {"reason": "computer"}
    bench.run()
    view = bench.view()
    assert view["result"] is None and view["can_review"] is True


def test_the_puzzle_has_no_review():
    bench = Bench(seed=5)
    view = bench.open("heptalion-puzzle", {"players": 1, "seats": ["human"]})
    assert view["can_review"] is None
    bench.move(view["legal"][0])
    refused = bench.send("review", game="heptalion-puzzle", version=bench.view()["version"])[0]
    assert refused["code"] == "host.no_review" and refused["params"] == {"reason": "game"}


class Recording(ByIndex):
    """ByIndex, keeping what review_game handed it."""
    seen = []

    def review(self, rules, states, moves, indices, seconds):
        Recording.seen.append((self.viewer, list(states), list(moves)))
        return super().review(rules, states, moves, indices, seconds)


def topologic_seeking(seed=4):
    """A Topologic match, seat 0 (a person) seeking round 0 after its entry turn."""
    bench = Bench(seed=seed)
    bench.open("topologic", HUMAN_FIRST)
    bench.run()
    slot = bench.host.slots["topologic"]
    turn = slot.state.sample_moves()[0]
    bench.move({"player": 0, "seekers": [list(cell) for cell in turn.seekers]})
    bench.run()
    return bench, slot


def test_an_unfinished_topologic_round_is_reviewed_from_the_seekers_knowledge(monkeypatch):
    bench, slot = topologic_seeking()
    view = bench.view()
    assert view["viewer"] == 0 and view["result"] is None and view["can_review"] is True
    answer, pushed, done = review(bench)
    first, second = done["lines"]
    assert first["mark"] == "undecided" and first["better"] == [] and first["detail"] == {"hide": True}
    assert second["detail"]["secret_hidden"] is True
    for move, entry in zip(second["better"], second["better_entries"]):
        assert "hint" not in move and entry["params"]["hint"] is None
    summary = done["summary"]
    assert summary["viewer"] == 0 and summary["left_out"] == ["secret"]
    assert summary["rounds"][0]["strong_hints"] is None
    # The reviewer was handed the positions the seeker can tell, the hide as drawn.
    Recording.seen.clear()
    monkeypatch.setattr(ai_review, "make_reviewer", lambda name, options: Recording())
    bench.host.reviewer.done = None
    review(bench)
    viewer, states, moves = Recording.seen[-1]
    seen = ai_review.seen_positions(slot.rules, slot.session.states, 0)
    assert viewer == 0 and [s.key() for s in states] == [s.key() for s in seen]
    assert moves[0] == seen[1].last_move


def test_a_move_after_the_review_was_asked_drops_it(monkeypatch):
    monkeypatch.setattr(ai_review, "make_reviewer", lambda name, options: ByIndex())
    bench = Bench(seed=5)
    bench.open("heptalion", HUMAN_FIRST)
    bench.run()
    bench.move(bench.view()["legal"][0])
    bench.run()
    view = bench.view()
    answer = bench.send("review", game="heptalion", version=view["version"])[0]
    assert answer["state"] == "working"
    bench.move(view["legal"][0])  # before the driver reviewed anything
    pushed = bench.run()
    assert not [m for m in pushed if m["type"] == "review"]
    assert bench.host.reviewer.job is None and bench.host.reviewer.done is None


def test_a_game_of_computers_watched_is_reviewed_whole_while_it_runs(monkeypatch):
    Recording.seen.clear()
    monkeypatch.setattr(ai_review, "make_reviewer", lambda name, options: Recording())
    bench = Bench(seed=5)
    bench.open("heptalion", {"players": 3, "seats": ["ai:easy"] * 3, "first": 0,
                             "options": {"hidden_hands": True}})
    slot = bench.host.slots["heptalion"]
    while len(slot.session.moves) < 2:
        bench.clock.t += bench.driver.step() or 0
    bench.send("pause", game="heptalion")
    bench.run()
    view = bench.view()
    assert view["watching"] and view["result"] is None and view["can_review"] is True
    answer = bench.send("review", game="heptalion", version=view["version"])[0]
    bench.run()
    viewer, states, _ = Recording.seen[-1]
    assert viewer is None and [s.key() for s in states] == [s.key() for s in slot.session.states]


def test_a_new_game_cancels_the_review(monkeypatch):
    pause_at_every_clock_read(monkeypatch)
    bench, view = finished("heptalion")
    bench.send("review", game="heptalion", version=view["version"])
    bench.queue("new", game="heptalion", settings=HUMAN_FIRST)
    pushed = bench.run()
    assert not [m for m in pushed if m["type"] == "review" and m["state"] == "done"]
    assert bench.host.reviewer.job is None and bench.host.reviewer.done is None
    assert bench.view()["moves"] == [] or bench.view()["result"] is None


def test_progress_is_pushed_while_moves_are_judged(monkeypatch):
    monkeypatch.setattr(ai_review, "make_reviewer", lambda name, options: ByIndex())
    monkeypatch.setattr(host_review, "PROGRESS_EVERY", 0.0)
    bench, view = finished("heptalion")
    answer, pushed, done = review(bench)
    working = [m for m in pushed if m["state"] == "working"]
    assert working and [m["done"] for m in working] == sorted(m["done"] for m in working)
    assert working[-1]["done"] == len(view["moves"]) and working[0]["lines"] is None


def test_on_a_shared_device_the_review_is_from_the_holders_knowledge(monkeypatch):
    Recording.seen.clear()
    monkeypatch.setattr(ai_review, "make_reviewer", lambda name, options: Recording())
    bench = Bench(seed=6)
    bench.open("heptalion", {"players": 3, "seats": ["human", "human", "ai:easy"], "first": 0,
                             "options": {"hidden_hands": True}})
    bench.run()
    if bench.view()["handover"]:
        bench.send("handover-done", game="heptalion", version=bench.view()["version"])
    bench.move(bench.view()["legal"][0])
    bench.run()
    view = bench.view()
    assert view["handover"] == {"to": 1} and view["viewer"] is None and view["can_review"] is False
    refused = bench.send("review", game="heptalion", version=view["version"])[0]
    assert refused["code"] == "host.no_review" and refused["params"] == {"reason": "handover"}
    bench.send("handover-done", game="heptalion", version=view["version"])
    view = bench.view()
    assert view["viewer"] == 1 and view["can_review"] is True
    review(bench)
    viewer, states, _ = Recording.seen[-1]
    slot = bench.host.slots["heptalion"]
    assert viewer == 1
    assert [s.hands for s in states] == [s.hands for s in ai_review.seen_positions(slot.rules, slot.session.states, 1)]
    assert states[-1].hands[1] == slot.state.hands[1]  # the holder's own hand as it is
