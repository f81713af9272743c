"""Topologic's computer seeker: legal, blind to the secret, and finishes rounds."""

import argparse

import pytest

from spielstube.ai.agent import Agent, make_agent
from spielstube.ai.topologic import draw_secret
from spielstube.bench.topologic import run_selfplay
from spielstube.bench.topologic import play_rounds
from spielstube.ai.topologic.seeker import Seeker, tables_for
from spielstube.core.rng import Rng
from spielstube.games.topologic import LOCATIONS, RULES, build_board


def start(seed, seekers=5, shape="6x10"):
    options = RULES.normalize_options({"seekers": seekers, "shape": shape})
    rng = Rng(seed)
    state = RULES.initial_state(options, RULES.random_setup(options, rng))
    return state.apply(state.hide_move(draw_secret(state.board, rng)))


def play_round(agent, state, seed, limit=30):
    rng = Rng(seed)
    round_index = state.round_index
    while not state.is_terminal() and state.round_index == round_index:
        state = state.apply(agent.choose_move(state, rng))  # apply checks legality
        assert len(state.rounds[round_index]) <= limit
    return state


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_every_level_finishes_a_round_with_legal_turns(level):
    agent = make_agent("topologic", level, {})
    assert isinstance(agent, Agent)
    state = play_round(agent, start(31), seed=1)
    assert state.round_index == 1
    assert state.rounds[0][-1].hint == 10


@pytest.mark.parametrize("seekers,shape", [(3, "random"), (4, "4x15"), (5, "random")])
def test_seeker_copes_with_every_shape_and_count(seekers, shape):
    agent = make_agent("topologic", "normal", {"seekers": seekers, "shape": shape})
    state = start(40 + seekers, seekers, shape)
    state = play_round(agent, state, seed=2)
    state = play_round(agent, state, seed=3)
    assert state.is_terminal()
    assert RULES.result_json(state)["counts"] == list(state.counts)


def test_the_seeker_does_not_read_the_secret():
    agent = make_agent("topologic", "normal", {})
    state = start(12)
    state = state.apply(agent.choose_move(state, Rng(5)))
    if state.round_index == 1:
        pytest.skip("the entry found the secret")
    seeker_seat = state.current_player
    moves = set()
    for draw in range(4):
        # Same hints and positions, another secret consistent with them.
        other = state.determinize(seeker_seat, Rng(draw))
        moves.add(agent.choose_move(other, Rng(9)).seekers)
    assert len(moves) == 1


def test_gathering_takes_the_farthest_seekers_distance():
    board = build_board("random.3k9")
    tables = tables_for(board)
    seeker = Seeker(tables, 5)
    rng = Rng(4)
    for _ in range(10):
        positions = tuple(rng.below(60) for _ in range(5))
        target = rng.below(60)
        farthest = max(tables.distance[p][target] for p in positions)
        turns = 0
        while any(p != target for p in positions):
            step = seeker.gather_step(positions, target)
            assert all(q in tables.reach[p] for p, q in zip(positions, step))
            positions = step
            turns += 1
        assert turns == farthest


def test_the_computer_game_master_hides_every_location():
    board = build_board("6x10.1")
    rng = Rng(6)
    drawn = {draw_secret(board, rng) for _ in range(800)}
    assert drawn == set(LOCATIONS)


def test_planning_beats_hunches_on_average():
    normal = play_rounds("normal", 4, seed=77)
    easy = play_rounds("easy", 4, seed=77)
    assert normal.mean < easy.mean
    assert normal.worst <= 8


def test_selfplay_command_prints_the_summary(capsys):
    args = argparse.Namespace(games=2, seed=5, seekers=4, shape="random", players="ai:normal")
    assert run_selfplay(args) == 0
    out = capsys.readouterr().out
    assert "mean hints" in out and "4 seekers" in out and "2 fresh boards" in out
