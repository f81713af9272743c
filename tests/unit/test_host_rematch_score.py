"""The score across rematches in the host (host/rematch_score.py): each finished game
of a run of games with the same seats and options counts, a rematch or a new game
with the same settings carries it on, other settings or a loaded record start
afresh, the save keeps it, and a damaged saved score is ignored."""

import json

import pytest
from host_helpers import Bench

from spielstube.host import rematch_score

YOU_AND_EASY = {"players": 2, "seats": ["human", "ai:easy"], "first": 0}


def _finish(bench):
    """The person plays the first legal move until the game is over; the finished view."""
    bench.run()
    for _ in range(60):
        view = bench.view()
        if view["result"] is not None:
            return view
        bench.move(view["legal"][0])
        bench.run()
    raise AssertionError("the game did not end")


def _points(score):
    return [wins + shared / 2 for wins, shared in zip(score["wins"], score["shared"])]


def _winner_score(view):
    winner = view["result"]["winner"]
    return [1 if seat == winner else 0 for seat in range(len(view["seats"]))]


def test_a_finished_game_scores_for_its_winner_and_a_rematch_carries_the_score_on():
    bench = Bench(seed=11)
    view = bench.open("heptalion", YOU_AND_EASY)
    assert view["rematch_score"] is None  # nothing finished yet: nothing shown
    first = _finish(bench)
    assert first["rematch_score"] == {"games": 1, "wins": _winner_score(first), "shared": [0, 0]}
    again = bench.send("rematch", game="heptalion", version=first["version"])[-1]["view"]
    assert again["result"] is None and again["rematch_score"] == first["rematch_score"]
    second = _finish(bench)
    expected = [a + b for a, b in zip(_winner_score(first), _winner_score(second))]
    assert second["rematch_score"] == {"games": 2, "wins": expected, "shared": [0, 0]}


def test_undoing_the_last_move_takes_the_game_off_the_score():
    bench = Bench(seed=11)
    bench.open("heptalion", YOU_AND_EASY)
    over = _finish(bench)
    assert over["rematch_score"]["games"] == 1 and over["can_undo"]
    back = bench.send("undo", game="heptalion", version=over["version"])[-1]["view"]
    assert back["result"] is None and back["rematch_score"] is None


def test_the_same_settings_carry_the_score_on_other_settings_or_a_loaded_record_start_afresh():
    bench = Bench(seed=11)
    bench.open("heptalion", YOU_AND_EASY)
    over = _finish(bench)
    scored = over["rematch_score"]
    # a new game from the dialog with the same players and options (who starts may differ)
    same = bench.send("new", game="heptalion", settings=dict(YOU_AND_EASY, first=1))[-1]["view"]
    assert same["rematch_score"] == scored
    # abandoned unfinished: nothing added, the run goes on
    again = bench.send("new", game="heptalion", settings=YOU_AND_EASY)[-1]["view"]
    assert again["rematch_score"] == scored
    stronger = bench.send("new", game="heptalion", settings=dict(YOU_AND_EASY, seats=["human", "ai:normal"]))
    assert stronger[-1]["view"]["rematch_score"] is None
    bench.send("new", game="heptalion", settings=YOU_AND_EASY)
    assert bench.view()["rematch_score"] is None  # the run before the change does not come back
    hidden = bench.send("new", game="heptalion", settings=dict(YOU_AND_EASY, options={"hidden_hands": True}))
    assert hidden[-1]["view"]["rematch_score"] is None
    # a loaded record is a run of its own, even of a game of the same settings
    bench.send("new", game="heptalion", settings=YOU_AND_EASY)
    finished = _finish(bench)
    assert finished["rematch_score"]["games"] == 1
    loaded = bench.send("load", record=finished["record"], seats=["human", "ai:easy"])[-1]["view"]
    assert loaded["rematch_score"]["games"] == 1  # the loaded game is over: it alone counts


def test_the_save_keeps_the_score_and_a_restored_finished_game_is_not_counted_twice():
    bench = Bench(seed=11)
    bench.open("heptalion", YOU_AND_EASY)
    first = _finish(bench)
    bench.send("rematch", game="heptalion", version=first["version"])
    second = _finish(bench)
    assert second["save"]["rematch_score"]["games"] == 1  # the games before this one
    restored = Bench(seed=3).open("heptalion", save=json.dumps(second["save"]))
    assert restored["notice"] is None and restored["rematch_score"] == second["rematch_score"]
    running = bench.send("rematch", game="heptalion", version=second["version"])[-1]["view"]
    assert Bench(seed=3).open("heptalion", save=running["save"])["rematch_score"] == second["rematch_score"]


@pytest.mark.parametrize("damaged", [
    "2 : 1", 7, [1, 0], {"games": 1}, {"games": 0, "wins": [0, 0], "shared": [0, 0]},
    {"games": 1, "wins": [1, 0, 0], "shared": [0, 0, 0]},  # another number of seats
    {"games": 1, "wins": [2, 0], "shared": [0, 0]},  # more wins than games
    {"games": 1, "wins": [-1, 0], "shared": [0, 0]}, {"games": 1, "wins": [True, 0], "shared": [0, 0]},
    {"games": 1.5, "wins": [1, 0], "shared": [0, 0]}, {"games": 10 ** 9, "wins": [1, 0], "shared": [0, 0]},
    {"games": 2, "wins": ["1", 0], "shared": [0, 0]}, {"games": 2, "wins": [1, 0], "shared": [0, 3]},
])
def test_a_damaged_saved_score_is_ignored_and_the_game_restores(damaged):
    bench = Bench(seed=11)
    view = bench.open("heptalion", YOU_AND_EASY)
    bench.move(view["legal"][0])
    bench.run()
    save = json.loads(json.dumps(bench.view()["save"]))
    save["rematch_score"] = damaged
    restored = Bench(seed=3).open("heptalion", save=json.dumps(save))
    assert restored["notice"] is None and restored["moves"] == bench.view()["moves"]
    assert restored["rematch_score"] is None
    assert restored["save"]["rematch_score"] is None


def test_a_first_place_alone_scores_one_and_a_shared_one_half_for_each_seat_sharing_it():
    score = rematch_score.added(None, [[1], [0, 2]], 3)
    assert score == {"games": 1, "wins": [0, 1, 0], "shared": [0, 0, 0]}
    score = rematch_score.added(score, [[0, 2], [1]], 3)
    assert score == {"games": 2, "wins": [0, 1, 0], "shared": [1, 0, 1]}
    assert _points(score) == [0.5, 1, 0.5]
    assert rematch_score.from_save(score, 3) == score
    assert rematch_score.added(None, [[0, 1]], 2) == {"games": 1, "wins": [0, 0], "shared": [1, 1]}


def test_a_watched_table_of_three_counts_its_winner():
    bench = Bench(seed=4)
    bench.open("heptalion", {"players": 3, "seats": ["ai:easy"] * 3, "first": 0})
    over = _finish(bench)
    assert over["watching"] and over["rematch_score"] == {
        "games": 1, "wins": _winner_score(over), "shared": [0, 0, 0]}


def test_a_topologic_rematch_on_the_same_board_or_a_new_one_carries_the_score_on():
    """Topologic's two rematches are new games with the roles swapped (ui/topologic/screen.py)."""
    bench = Bench(seed=2)
    bench.open("topologic", {"players": 2, "seats": ["ai:easy", "ai:easy"], "first": 0})
    bench.run(limit=2000)
    over = bench.view()
    assert over["rematch_score"]["games"] == 1
    settings = dict(over["settings"], first=1 - over["board"]["first_seeker"])
    same = bench.send("new", game="topologic", settings=dict(settings, setup={"board": over["board"]["board"]}))
    assert same[-1]["view"]["board"]["board"] == over["board"]["board"]
    bench.run(limit=2000)
    second = bench.view()
    assert second["rematch_score"]["games"] == 2
    assert bench.send("new", game="topologic", settings=settings)[-1]["view"]["rematch_score"]["games"] == 2
