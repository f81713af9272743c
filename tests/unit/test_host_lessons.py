"""Lessons in the host (intents ``lesson`` and ``lessons``, host/lessons.py): every
lesson of every game played through by its shown moves, a legal move that misses a
step's goal refused with ``wrong`` and the position kept, the game set aside and
back unchanged, and never a computer's think for a lesson."""

import pytest

from spielstube.core import lessons as core_lessons
from spielstube.games import GAME_NAMES, get_rules
from spielstube.host import turns

from host_helpers import Bench

WITH_LESSONS = [game for game in GAME_NAMES if get_rules(game).lessons()]
ALL = [(game, n) for game in WITH_LESSONS for n in range(1, len(get_rules(game).lessons()) + 1)]


@pytest.fixture
def thinks(monkeypatch):
    """The computer thinks started (and computer players made), each noted with the
    slot's lesson flag: a test asserts none was for a lesson."""
    started = []
    compute, agent = turns.Turns.compute, turns.Turns._agent

    def noted_compute(self, think):
        started.append(("think", self.slots[think.game].lesson is not None))
        return compute(self, think)

    def noted_agent(self, game, level, options):
        started.append(("agent", self.slots[game].lesson is not None))
        return agent(self, game, level, options)

    monkeypatch.setattr(turns.Turns, "compute", noted_compute)
    monkeypatch.setattr(turns.Turns, "_agent", noted_agent)
    return started


def for_lessons(started):
    return [what for what, in_lesson in started if in_lesson]


def lesson(bench, game, n=None, **fields):
    if n is not None:
        fields["n"] = n
    return bench.send("lesson", game=game, **fields)


def shown_game(bench, game):
    """A game of ``game`` in play with the person's and the computer's moves in it."""
    bench.open(game, {"players": 2, "seats": ["human", "ai:easy"], "first": 0})
    bench.run()
    view = bench.view()
    bench.move(view["legal"][0] if isinstance(view["legal"], list) else None)
    bench.run()
    return bench.view()


@pytest.mark.parametrize("game,n", ALL)
def test_a_lesson_plays_through_by_its_shown_moves(game, n, thinks):
    bench = Bench(seed=5)
    view = lesson(bench, game, n)[-1]["view"]
    info = view["lesson"]
    data = get_rules(game).lessons()[n - 1]
    assert info == {"game": game, "id": data["id"], "n": n, "count": len(get_rules(game).lessons()),
                    "step": 1, "steps": len(data["steps"]), "show": info["show"], "wrong": False, "done": False}
    assert view["save"] is None and view["record"] is None
    assert not view["can_undo"] and not view["can_suggest"] and not view["can_review"]
    seat = data["seat"]
    assert view["seats"][seat] == {"kind": "human"}
    assert all(spec["kind"] == "ai" for k, spec in enumerate(view["seats"]) if k != seat)
    for k, step in enumerate(data["steps"], 1):
        assert view["lesson"]["step"] == k and view["seat"] == seat and view["thinking"] is None
        before = len(view["moves"])
        answer = bench.move(view["lesson"]["show"])
        assert answer[-1]["type"] == "view", answer
        assert not bench.run()  # nothing is pushed: the replies came with the answer
        view = bench.view()
        assert len(view["moves"]) >= before + 1 + len(step.get("reply", ()))
        assert view["lesson"]["wrong"] is False and view["save"] is None
    assert view["lesson"]["done"] and view["lesson"]["show"] is None and view["legal"] == []
    refused = bench.move({"player": seat})
    assert refused[0]["code"] == "host.lesson_done"
    assert not bench.run() and thinks == []


def _missing_move(rules, step, state):
    """A legal move (as the page sends it) that does not reach ``step``'s goal, or None."""
    legal = rules.legal_json(state)
    if not isinstance(legal, list):
        return None
    for data in legal:
        if not core_lessons.reaches(rules, step, state, rules.person_move(state, data)):
            return data
    return None


def test_a_legal_move_missing_the_goal_is_not_played_and_the_person_tries_again(thinks):
    bench = Bench(seed=5)
    rules = get_rules("heptalion")
    view = lesson(bench, "heptalion", 1)[-1]["view"]
    data = rules.lessons()[0]
    state = core_lessons.start_state(rules, data, get_rules).final
    wrong = _missing_move(rules, data["steps"][0], state)
    assert wrong is not None
    answer = bench.move(wrong)[-1]["view"]
    assert answer["lesson"]["wrong"] is True and answer["lesson"]["step"] == 1
    assert answer["board"] == view["board"] and answer["moves"] == view["moves"]
    assert answer["version"] > view["version"] and answer["legal"] == view["legal"]
    right = bench.move(answer["lesson"]["show"])[-1]["view"]
    assert right["lesson"]["wrong"] is False and right["lesson"]["step"] == 2
    assert not bench.run() and thinks == []


def test_an_illegal_move_in_a_lesson_is_refused_as_in_a_game():
    bench = Bench(seed=5)
    lesson(bench, "heptalion", 1)
    refused = bench.move({"player": 0, "tile": "XX", "cells": [[0, 5], [1, 5]]})
    assert refused[0]["type"] == "error" and refused[0]["code"].startswith("heptalion.")


def test_the_game_set_aside_comes_back_unchanged_when_the_page_opens_it(thinks):
    bench = Bench(seed=9)
    game = shown_game(bench, "heptalion")
    assert len(game["moves"]) >= 2
    answer = lesson(bench, "heptalion", 1)[-1]["view"]
    bench.move(answer["lesson"]["show"])
    assert not bench.run()
    assert for_lessons(thinks) == []
    again = bench.open("heptalion", save=None)
    assert again["lesson"] is None and again["record"] == game["record"]
    assert again["moves"] == game["moves"] and again["board"] == game["board"]
    assert again["legal"] == game["legal"] and again["save"]["record"] == game["save"]["record"]


def test_without_a_game_set_aside_open_restores_the_pages_save():
    bench = Bench(seed=9)
    game = shown_game(bench, "heptalion")
    fresh = Bench(seed=2)
    lessoned = lesson(fresh, "heptalion", 1)[-1]["view"]
    back = fresh.open("heptalion", save=game["save"])
    assert back["lesson"] is None and back["record"] == game["record"]
    assert back["version"] > lessoned["version"]


def test_lessons_switch_without_losing_the_game_and_a_new_game_ends_the_lesson(thinks):
    bench = Bench(seed=9)
    game = shown_game(bench, "heptalion")
    lesson(bench, "heptalion", 1)
    again = lesson(bench, "heptalion", 1)[-1]["view"]
    assert again["lesson"]["n"] == 1 and again["lesson"]["step"] == 1
    assert bench.open("heptalion")["record"] == game["record"]
    lesson(bench, "heptalion", 1)
    new = bench.send("new", game="heptalion", settings={"players": 2, "seats": ["human", "ai:easy"], "first": 0})
    assert new[-1]["view"]["lesson"] is None and new[-1]["view"]["moves"] == []
    assert for_lessons(thinks) == []


@pytest.mark.parametrize("n", [0, 99, "1", True, None])
def test_a_lesson_out_of_range_is_refused_with_the_count(n):
    bench = Bench()
    refused = lesson(bench, "heptalion", n)
    count = len(get_rules("heptalion").lessons())
    assert refused[0]["code"] == "host.no_lesson"
    assert refused[0]["params"]["reason"] == "range" and refused[0]["params"]["count"] == count
    refused = lesson(bench, "heptalion-puzzle", 1)
    assert refused[0]["code"] == "host.no_lesson" and refused[0]["params"]["reason"] == "none"


def test_done_ids_open_the_first_lesson_not_yet_done():
    bench = Bench()
    ids = [data["id"] for data in get_rules("heptalion").lessons()]
    assert lesson(bench, "heptalion", done=[])[-1]["view"]["lesson"]["n"] == 1
    assert lesson(bench, "heptalion", done=ids)[-1]["view"]["lesson"]["n"] == 1  # all done: the first
    if len(ids) > 1:
        assert lesson(bench, "heptalion", done=ids[:1])[-1]["view"]["lesson"]["n"] == 2


def test_a_lesson_refuses_what_only_a_game_has():
    bench = Bench(seed=5)
    view = lesson(bench, "heptalion", 1)[-1]["view"]
    for name in ("undo", "redo", "suggest", "review", "share", "rematch"):
        refused = bench.send(name, game="heptalion", version=view["version"])
        assert refused[0]["code"] == "host.in_lesson", (name, refused)


def test_the_lessons_intent_names_each_games_lesson_ids():
    bench = Bench()
    answer = bench.send("lessons")[0]
    assert answer["type"] == "lessons"
    assert answer["lessons"] == {game: [data["id"] for data in get_rules(game).lessons()] for game in WITH_LESSONS}
    one = bench.send("lessons", games=["heptalion"])[0]
    assert list(one["lessons"]) == ["heptalion"]
    assert bench.send("lessons", games=["chess"])[0]["code"] == "host.unknown_game"
