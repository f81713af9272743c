"""Heptalion for 2 to 4 at one table, in the host: the rematch the host
decides (a seat of the lowest rank starts, at random among equals), hidden
hands shown at the end, hand-overs between persons with computers between
them, and a 3-4 player game played on to the last one left."""

import pytest
from host_helpers import Bench, pushes


def _play_to_the_end(bench, on_view=None, limit=80):
    """Persons play their first legal move (after any hand-over); computers move on their own."""
    bench.run()
    for _ in range(limit):
        view = bench.view()
        if on_view is not None:
            on_view(view)
        if view["result"] is not None:
            return view
        if view["handover"] is not None:
            bench.send("handover-done", game=view["game"], version=view["version"])
        elif view["legal"]:
            bench.move(view["legal"][0])
        bench.run()
    raise AssertionError("the game did not end")


def _watched(players, seed):
    bench = Bench(seed=seed)
    bench.open("heptalion", {"players": players, "seats": ["ai:easy"] * players, "first": "random",
                             "options": {"hidden_hands": True}})
    return bench, _play_to_the_end(bench)


def test_three_and_four_players_play_on_to_the_last_one_left_the_rest_share_second_place():
    for players in (3, 4):
        bench, final = _watched(players, seed=players)
        board = final["board"]
        winner = final["result"]["winner"]
        assert final["ranking"] == [[winner], sorted(set(range(players)) - {winner})]
        assert board["alive"] == [seat == winner for seat in range(players)]
        for seat in range(players):
            if seat != winner:
                count = board["hands"][seat]["count"]
                assert board["out"][seat] == {"key": "heptalion.out_no_fit",
                                              "params": {"seat": seat, "count": count}}
        # more than one seat went out along the way, the game went on after the first
        outs = [entry["params"]["out"] for entry in final["moves"] if entry["params"]["out"]]
        assert sum(len(o) for o in outs) == players - 1


def test_hidden_hands_are_shown_to_everyone_once_the_game_is_over():
    bench = Bench(seed=3)
    seen_hidden = []

    def check(view):
        if view["result"] is None:
            seen_hidden.append(view["board"]["hands"][1]["tiles"] is None)

    bench.open("heptalion", {"players": 3, "seats": ["human", "ai:easy", "ai:easy"], "first": 0,
                             "options": {"hidden_hands": True}})
    final = _play_to_the_end(bench, check)
    assert seen_hidden and all(seen_hidden)
    assert all(hand["tiles"] is not None for hand in final["board"]["hands"])
    assert [len(hand["tiles"]) for hand in final["board"]["hands"]] == [
        hand["count"] for hand in final["board"]["hands"]]


def test_a_rematch_starts_with_a_seat_of_the_lowest_rank_chosen_by_the_host_at_random():
    starters = set()
    for seed in range(8):
        bench, final = _watched(3, seed=seed)
        lowest = final["ranking"][-1]
        again = bench.send("rematch", game="heptalion", version=final["version"])[-1]["view"]
        assert again["result"] is None
        first = again["board"]["first"]
        assert first in lowest
        assert again["settings"]["first"] == "random"  # the dialog keeps what the person chose
        assert again["settings"]["seats"] == final["settings"]["seats"]
        assert again["options"] == final["options"]
        starters.add((tuple(lowest), first))
    # among equals the host draws: some ranking's two seats each started once
    by_rank = {}
    for lowest, first in starters:
        by_rank.setdefault(lowest, set()).add(first)
    assert any(len(firsts) == 2 for firsts in by_rank.values())


def test_a_rematch_before_the_end_or_for_an_old_position_is_refused():
    bench = Bench()
    view = bench.open("heptalion", {"seats": ["human", "ai:easy"], "first": 0})
    assert bench.send("rematch", game="heptalion", version=view["version"])[0]["code"] == "host.not_over"
    bench.move(view["legal"][0])
    stale = bench.send("rematch", game="heptalion", version=view["version"])
    assert stale[0]["code"] == "host.stale"


def test_two_persons_and_a_computer_hand_over_before_every_persons_turn_and_see_only_their_own_tiles():
    bench = Bench(seed=5)
    handovers = []
    persons_turns = []
    device = {"handed_to": None, "holder": None}

    def check(view):
        hands = view["board"]["hands"]
        if view["result"] is not None:
            return
        if view["handover"] is not None:
            handovers.append(view["handover"]["to"])
            device["handed_to"] = view["handover"]["to"]
            assert view["viewer"] is None and view["legal"] == []
            assert all(hand["tiles"] is None for hand in hands)
        else:
            viewer = view["viewer"]
            assert viewer in (0, 2)
            assert [hand["tiles"] is not None for hand in hands] == [s == viewer for s in range(3)]
            if view["legal"]:
                persons_turns.append(view["seat"])
                assert view["seat"] == viewer
                if viewer != device["holder"]:  # the device changed hands: a hand-over came first
                    assert device["handed_to"] == viewer
                device["holder"], device["handed_to"] = viewer, None

    bench.open("heptalion", {"players": 3, "seats": ["human", "ai:easy", "human"], "first": 0,
                             "options": {"hidden_hands": True}})
    _play_to_the_end(bench, check)
    assert handovers[0] == 0  # the first turn too
    assert set(persons_turns) == {0, 2} and len(handovers) >= 2


def test_one_person_against_computers_is_never_asked_to_hand_over():
    bench = Bench(seed=2)
    seen = []
    bench.open("heptalion", {"players": 4, "seats": ["human", "ai:easy", "ai:easy", "ai:easy"],
                             "first": 1, "options": {"hidden_hands": True}})
    _play_to_the_end(bench, lambda view: seen.append(view))
    assert all(view["handover"] is None and view["viewer"] == 0 for view in seen)
    assert pushes(bench.posted)  # the computers moved on their own


def test_a_pace_the_watcher_sets_rules_every_computer_move_topologic_seeking_too():
    from spielstube.games.topologic.rules import SEEKING_SECONDS
    from spielstube.host import games

    bench = Bench()
    view = bench.open("topologic", {"seats": ["ai:easy", "ai:easy"], "first": 0})
    assert view["watching"]
    bench.clock.t += bench.driver.step()  # the game master's hide, shown at the next step
    assert bench.driver.step() == pytest.approx(SEEKING_SECONDS)  # readable before a pace is set
    assert bench.view()["board"]["phase"] != "hide"
    bench.send("pace", game="topologic", seconds=0.15)
    assert bench.driver.step() == pytest.approx(games.MIN_SHOW_SECONDS)
    bench.send("pace", game="topologic", seconds=2)
    assert bench.driver.step() == pytest.approx(2.0)
