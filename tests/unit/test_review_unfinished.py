"""The review of an unfinished game from what one seat knows (ai/review.py
``viewer``, GameRules.seen_positions): two games that differ only in what the
seat cannot see (another player's hidden hand, the secret it seeks) give
that seat the same positions and the same review lines; what needs the
hidden part is left out and said so in the summary."""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from heptalion_helpers import new_game, play_random
from spielstube.ai import clock
from spielstube.ai.review import MARKS, review_game, seen_positions
from spielstube.core.errors import IllegalMove
from spielstube.core.rng import Rng
from spielstube.games import get_rules
from spielstube.games.heptalion import RULES as HEPTALION, TILE_INDEX
from spielstube.games.topologic.board import LOCATIONS

TOPOLOGIC = get_rules("topologic")


class Ticks:
    """A clock that moves on by a fixed step at every read, so a search's budget is a
    number of reads and two reviews of the same positions search alike."""

    def __init__(self):
        self.t = 0.0

    def __call__(self):
        self.t += 0.0005
        return self.t


def review(rules, options, states, moves, viewer, monkeypatch):
    monkeypatch.setattr(clock, "_perf", Ticks())
    lines, summary = review_game(rules, options, states, moves, 0.02, viewer=viewer)
    summary.pop("seconds")
    return lines, summary


def replayed(state, moves):
    states = [state]
    for move in moves:
        states.append(states[-1].apply(move))
    return states


def seen_alike(rules, first, second, viewer):
    """The positions the viewer is handed are the same for both games."""
    one, two = seen_positions(rules, first, viewer), seen_positions(rules, second, viewer)
    assert [s.key() for s in one] == [s.key() for s in two]
    assert [s.last_move for s in one] == [s.last_move for s in two]


def other_deal(options, setup, states, moves, viewer, rng):
    """The same game with the unseen tiles (those not yet laid by the others) dealt
    anew among the others, or None if its moves do not replay alike there."""
    final = states[-1]
    others = [seat for seat in range(final.num_players) if seat != viewer]
    unseen = sorted(tile for seat in others for tile in final.hand(seat))
    rng.shuffle(unseen)
    hands = [list(hand) for hand in setup["hands"]]
    for seat in others:
        laid = [p.tile for s, p in final.placed if s == seat]
        keep = len(final.hand(seat))
        hands[seat], unseen = laid + unseen[:keep], unseen[keep:]
    setup = dict(setup, hands=hands)
    try:
        again = replayed(HEPTALION.initial_state(options, setup), moves)
    except IllegalMove:
        return None
    if [s.current_player for s in again] != [s.current_player for s in states]:
        return None  # a player went out at another time
    return again


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), played=st.integers(1, 7))
def test_heptalion_hidden_hands_of_others_do_not_change_the_review(seed, played):
    # (monkeypatch is function-scoped: a context per example)
    with pytest.MonkeyPatch.context() as monkeypatch:
        options, setup, state = new_game(3, seed, hidden=True)
        _, moves = play_random(state, Rng(f"unfinished/{seed}"), limit=played)
        states = replayed(state, moves)
        assume(not states[-1].is_terminal())
        viewer = 0
        again = other_deal(options, setup, states, moves, viewer, Rng(seed + 1))
        assume(again is not None and [s.hands for s in again] != [s.hands for s in states])
        seen_alike(HEPTALION, states, again, viewer)
        first = review(HEPTALION, options, states, moves, viewer, monkeypatch)
        second = review(HEPTALION, options, again, moves, viewer, monkeypatch)
        assert first == second
        lines, summary = first
        assert summary["viewer"] == viewer and summary["left_out"] == ["hands"]
        assert all(line["mark"] in MARKS for line in lines)
        # The positions reviewed keep each player's own placements in hand.
        for before, move in zip(seen_positions(HEPTALION, states, viewer), moves):
            assert before.hands[before.current_player] >> TILE_INDEX[move.tile] & 1


def test_two_player_hidden_hands_are_the_whole_truth_to_either_seat():
    """The unseen tiles are exactly the other's hand: the review stays exact, nothing left out."""
    options, setup, state = new_game(2, 4, hidden=True)
    _, moves = play_random(state, Rng("unfinished/two"), limit=6)
    states = replayed(state, moves)
    for viewer in (0, 1):
        assert [s.key() for s in seen_positions(HEPTALION, states, viewer)] == [s.key() for s in states]
    lines, summary = review_game(HEPTALION, options, states, moves, 0.01, viewer=1)
    assert summary["left_out"] == [] and {line["detail"].get("judge") for line in lines} <= {"exact", None}


def topologic_round(seed, turns):
    """Round 0 of a match, seat 0 seeking: (options, setup, the hide's location, seeker
    turns played, the final state) with ``turns`` turns that do not end the round."""
    options = TOPOLOGIC.normalize_options({})
    setup = dict(TOPOLOGIC.random_setup(options, Rng(seed)), first_seeker=0)
    state = TOPOLOGIC.initial_state(options, setup)
    rng = Rng(f"unfinished/topologic/{seed}")
    secret = LOCATIONS[rng.below(len(LOCATIONS))]
    state = state.apply(state.hide_move(secret))
    turns_made = []
    for _ in range(turns):
        choices = [m for m in state.sample_moves() if state.apply(m).round_index == 0]
        if not choices:
            break
        move = choices[rng.below(len(choices))]
        state = state.apply(move)
        turns_made.append(state.last_move)
    return options, setup, secret, turns_made, state


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), turns=st.integers(1, 4), pick=st.integers(0, 10 ** 6))
def test_topologic_secret_does_not_change_the_seekers_review(seed, turns, pick):
    with pytest.MonkeyPatch.context() as monkeypatch:
        options, setup, secret, turns_made, final = topologic_round(seed, turns)
        others = [final.board.tiles[cell] for cell in sorted(final.candidates)
                  if final.board.tiles[cell] != secret]
        assume(turns_made and others)
        other = others[pick % len(others)]  # as likely to the seeker: every hint agrees
        games = []
        for hidden in (secret, other):
            state = TOPOLOGIC.initial_state(options, setup)
            moves = [state.hide_move(hidden)] + turns_made
            games.append((replayed(state, moves), moves))
        (first, first_moves), (second, second_moves) = games
        assert [s.counts for s in first] == [s.counts for s in second]
        seen_alike(TOPOLOGIC, first, second, 0)
        one = review(TOPOLOGIC, options, first, first_moves, 0, monkeypatch)
        two = review(TOPOLOGIC, options, second, second_moves, 0, monkeypatch)
        assert one == two
        lines, summary = one
        assert summary["left_out"] == ["secret"]
        assert summary["rounds"] == [{"round": 0, "seeker": 0, "hints": len(turns_made), "finished": False,
                                      "strong_hints": None}]
        assert lines[0]["mark"] == "undecided" and lines[0]["detail"] == {"hide": True}
        for line in lines[1:]:
            assert line["detail"]["secret_hidden"] is True
            assert all("hint" not in move for move in line["better"])


def test_topologic_game_master_sees_the_secret_and_gets_the_whole_review(monkeypatch):
    options, setup, secret, turns_made, final = topologic_round(3, 3)
    state = TOPOLOGIC.initial_state(options, setup)
    moves = [state.hide_move(secret)] + turns_made
    states = replayed(state, moves)
    assert seen_positions(TOPOLOGIC, states, 1) == states
    lines, summary = review(TOPOLOGIC, options, states, moves, 1, monkeypatch)
    assert summary["left_out"] == [] and summary["rounds"][0]["strong_hints"] >= 1
    assert all("hint" in move for line in lines for move in line["better"])


def test_open_games_are_seen_whole():
    rules = get_rules("schlangennest")
    options = rules.normalize_options({"players": 2})
    state = rules.initial_state(options, rules.random_setup(options, Rng(2)))
    _, moves = play_random(state, Rng("unfinished/snakes"), limit=5)
    states = replayed(state, moves)
    assert seen_positions(rules, states, 0) == states
    options, setup, state = new_game(3, 5)
    _, moves = play_random(state, Rng("unfinished/open"), limit=5)
    states = replayed(state, moves)
    assert seen_positions(HEPTALION, states, 2) == states


def test_review_command_reviews_an_unfinished_record_whole_or_from_a_seat(tmp_path, capsys):
    import argparse
    import json

    from spielstube.commands import review as review_command
    from spielstube.core.record import make_record

    options, setup, secret, turns_made, final = topologic_round(5, 2)
    state = TOPOLOGIC.initial_state(options, setup)
    moves = [state.hide_move(secret)] + turns_made
    path = tmp_path / "unfinished.json"
    path.write_text(make_record(TOPOLOGIC, options, setup, moves, replayed(state, moves)[-1]).to_json())

    def run(seat):
        code = review_command.run(argparse.Namespace(file=str(path), seconds=0.02, seat=seat))
        out, err = capsys.readouterr()
        return code, [json.loads(text) for text in out.splitlines()], err

    code, lines, _ = run(None)
    assert code == 0 and "viewer" not in lines[-1] and lines[-1]["rounds"][0]["strong_hints"] >= 1
    code, lines, _ = run(0)
    assert code == 0 and lines[-1]["viewer"] == 0 and lines[-1]["left_out"] == ["secret"]
    code, lines, err = run(2)
    assert code == 2 and lines == [] and "--seat" in err
