"""Heptalion computer players: the exact solver against plain minimax, the
alpha-beta search, the playouts, every level, and hidden hands."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from heptalion_helpers import new_game, play_random
from spielstube.ai.agent import make_agent as make_any_agent
from spielstube.ai.heptalion import BUDGET_SECONDS, make_agent
from spielstube.ai.heptalion.agents import EasyAgent, MctsAgent, MultiAgent, TwoPlayerAgent
from spielstube.ai.heptalion.playout import random_playout
from spielstube.ai.heptalion.position import tables_for
from spielstube.ai.heptalion.search import STRONG, WIN, AlphaBeta
from spielstube.ai.heptalion.solver import Solver
from spielstube.core.rng import Rng
from spielstube.games.heptalion import TILE_INDEX

FAR_FUTURE = float("inf")


def minimax_wins(state):
    """Plain exhaustive minimax over the engine's own moves: no pruning, no table."""
    mover = state.current_player
    results = []
    for move in state.legal_moves():
        child = state.apply(move)
        results.append(child.winner() == mover if child.is_terminal() else not minimax_wins(child))
    return any(results)


def open_placements(state):
    """Free placements of both players: a measure of how much game is left."""
    other = 1 - state.current_player
    return len(state.legal_moves()) + len(state._legal_triples(other))


def late_position(seed, left, board="original"):
    """A 2-player position reached by random play, with at most ``left`` placements open."""
    _, _, state = new_game(2, seed, board=board)
    rng = Rng(seed)
    while not state.is_terminal() and open_placements(state) > left:
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    return state


def bitmask_view(state):
    seat = state.current_player
    return state.occupied, state.hands[seat], state.hands[1 - seat]


def mask_move(state, move):
    idx = state.board.index
    return TILE_INDEX[move.tile], (1 << idx[move.cells[0]]) | (1 << idx[move.cells[1]])


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 12), st.sampled_from(["original", "random"]))
def test_solver_agrees_with_plain_minimax(seed, left, board):
    state = late_position(seed, left, board)
    if state.is_terminal():
        return
    tables = tables_for(state.board)
    occ, me, opp = bitmask_view(state)
    result, move, losing = Solver(tables.positions).solve(occ, me, opp)
    assert result == minimax_wins(state)
    if result:
        child = state.apply(tables.placement(*move))
        assert child.is_terminal() or not minimax_wins(child)
    else:
        assert move is None and len(losing) == len(state.legal_moves())
    for t, mask in losing:
        child = state.apply(tables.placement(t, mask))
        assert not child.is_terminal() and minimax_wins(child)


def sparse_position(seed, free_fields, board="original"):
    """A 2-player position with only ``free_fields`` fields free and random hands."""
    from spielstube.games.heptalion import HeptalionState

    _, _, start = new_game(2, seed, board=board)
    rng = Rng(seed)
    fields = list(range(len(start.board.cells)))
    rng.shuffle(fields)
    occupied = sum(1 << f for f in fields[free_fields:])
    tiles = list(range(28))
    rng.shuffle(tiles)
    size = 3 + rng.below(8)
    hands = (sum(1 << t for t in tiles[:size]), sum(1 << t for t in tiles[size:2 * size]))
    return HeptalionState(start.board, hands, occupied, (True, True), 0)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(8, 26))
def test_solver_agrees_with_plain_minimax_on_sparse_boards(seed, free_fields):
    """Few free fields, random hands: many positions where the two sides no
    longer touch each other, so the packing shortcut is checked too."""
    state = sparse_position(seed, free_fields)
    if not state.legal_moves():
        return
    tables = tables_for(state.board)
    result, move, _ = Solver(tables.positions).solve(*bitmask_view(state))
    assert result == minimax_wins(state)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(12, 30))
def test_solver_agrees_with_plain_minimax_when_the_sides_no_longer_touch(seed, free_fields):
    """The opponent keeps only tiles that cannot reach the mover's fields: each
    side just packs its own tiles, the case the solver settles by counting."""
    state = sparse_position(seed, free_fields)
    board = state.board
    mine = 0
    for t, a, b in state._legal_triples(0):
        mine |= (1 << a) | (1 << b)
    kept = 0
    for t in range(28):
        if state.hands[1] >> t & 1 and not any(
                mask & mine for mask, _, _ in board.positions[t] if not mask & state.occupied):
            kept |= 1 << t
    state = state._copy(hands=(state.hands[0], kept))
    if not state.legal_moves():
        return
    result, _, _ = Solver(tables_for(board).positions).solve(*bitmask_view(state))
    assert result == minimax_wins(state)


@pytest.mark.parametrize("seed", [3, 8])
def test_solver_agrees_with_minimax_on_a_larger_position(seed):
    state = late_position(seed, 14)
    assert not state.is_terminal()
    result, _, _ = Solver(tables_for(state.board).positions).solve(*bitmask_view(state))
    assert result == minimax_wins(state)


def test_solver_reports_an_exhausted_budget():
    _, _, state = new_game(2, 1)
    solver = Solver(tables_for(state.board).positions)
    result, move, _ = solver.solve(*bitmask_view(state), node_budget=2000)
    assert result is None and move is None and solver.nodes <= 3100


def test_solver_table_survives_between_calls():
    state = late_position(5, 28)
    solver = Solver(tables_for(state.board).positions)
    first = solver.solve(*bitmask_view(state))[0]
    nodes = solver.nodes
    again = solver.solve(*bitmask_view(state))[0]
    assert first == again and solver.nodes < nodes


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 12))
def test_alpha_beta_proofs_agree_with_the_solver(seed, left):
    state = late_position(seed, left)
    if state.is_terminal():
        return
    tables = tables_for(state.board)
    occ, me, opp = bitmask_view(state)
    truth = Solver(tables.positions).solve(occ, me, opp)[0]
    best, score, depth = AlphaBeta(tables.positions, STRONG).search(occ, me, opp, FAR_FUTURE)
    assert abs(score) >= WIN  # with no deadline the search runs to a proof
    assert (score > 0) == truth
    if truth:
        child = state.apply(tables.placement(*best))
        assert child.is_terminal() or not minimax_wins(child)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 10**6))
def test_bitmask_playout_follows_the_engine(players, seed):
    """Same moves in the same order: the same random choices give the same game."""
    _, _, state = new_game(players, seed % 500)
    engine_final, _ = play_random(state, Rng(seed))
    assert random_playout(state, Rng(seed)) == engine_final.returns()


GAMES = [(2, False, "original"), (2, True, "random"), (3, True, "original"), (4, False, "original")]


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
@pytest.mark.parametrize("players,hidden,board", GAMES)
def test_every_level_returns_legal_moves(level, players, hidden, board):
    options, setup, state = new_game(players, 21, hidden, board)
    agent = make_agent(level, options, seconds=0.02)
    rng = Rng(4)
    plies = 0
    while not state.is_terminal() and plies < 12:
        move = agent.choose_move(state, rng)
        assert move in state.legal_moves()
        state = state.apply(move)
        plies += 1
        if plies % 2:  # the others move at random, to reach varied positions
            if state.is_terminal():
                break
            moves = state.legal_moves()
            state = state.apply(moves[rng.below(len(moves))])


def test_agents_through_the_registry_and_budgets():
    assert BUDGET_SECONDS == {"easy": 0.0, "normal": 0.5, "strong": 1.5}
    assert isinstance(make_any_agent("heptalion", "easy", {"players": 2}), EasyAgent)
    normal = make_any_agent("heptalion", "normal", {"players": 2})
    strong = make_any_agent("heptalion", "strong", {"players": 2})
    assert isinstance(normal, TwoPlayerAgent) and not normal.use_solver
    assert isinstance(strong, TwoPlayerAgent) and strong.use_solver
    assert normal.seconds == 0.5 and strong.seconds == 1.5
    assert isinstance(make_any_agent("heptalion", "strong", {"players": 3}), MultiAgent)
    assert make_agent("strong", {"players": 4}, seconds=0.25).seconds == 0.25


def test_the_page_stretches_the_budget_within_its_limits(monkeypatch):
    import sys

    monkeypatch.setattr(sys, "platform", "emscripten")
    normal = make_agent("normal", {"players": 2})
    strong = make_agent("strong", {"players": 3})
    assert 0.5 < normal.seconds <= 1.0 and 0.25 < strong.seconds <= 1.0  # 3-4 players: 1 s at most


def test_strong_plays_a_winning_move_when_there_is_one():
    found = 0
    for seed in range(40):
        state = late_position(seed, 14)
        if state.is_terminal() or not minimax_wins(state):
            continue
        move = make_agent("strong", {"players": 2}, seconds=0.3).choose_move(state, Rng(seed))
        child = state.apply(move)
        assert child.is_terminal() or not minimax_wins(child)
        found += 1
        if found == 4:
            break
    assert found == 4


def other_truth(state, seat):
    """The same position as ``seat`` sees it (own hand, hand sizes, board), with
    the other players' tiles dealt differently."""
    for seed in range(100):
        other = state._copy(hidden=True).determinize(seat, Rng(seed))
        if other.hands != state.hands:
            return other._copy(hidden=state.hidden)
    raise AssertionError("no other deal found")


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("agent", [
    lambda: EasyAgent(),
    lambda: MctsAgent("strong", seconds=None, iterations=60),
    lambda: MultiAgent("strong", None, iterations=60),
    lambda: MultiAgent("strong", None, iterations=60, urgent=0.0, decisive=True),
])
def test_hidden_hands_agents_decide_from_what_they_see(players, agent):
    options, setup, state = new_game(players, 13, hidden=True)
    state, _ = play_random(state, Rng(2), limit=players + 1)
    seat = state.current_player
    other = other_truth(state, seat)
    assert other.hands != state.hands and other.hands[seat] == state.hands[seat]
    for seed in range(3):
        assert agent().choose_move(state, Rng(seed)) == agent().choose_move(other, Rng(seed))


def test_open_hands_mcts_does_see_the_other_hands():
    """The check above can fail: with open hands the same swap changes the search."""
    options, setup, state = new_game(3, 13, hidden=False)
    state, _ = play_random(state, Rng(2), limit=4)
    other = other_truth(state, state.current_player)
    moves = {(MctsAgent("strong", None, iterations=60).choose_move(s, Rng(seed)))
             for s in (state, other) for seed in range(4)}
    assert len(moves) > 1


def test_two_player_agent_searches_a_determinization_when_hidden(monkeypatch):
    options, setup, state = new_game(2, 3, hidden=True)
    calls = []
    original = type(state).determinize

    def spy(self, seat, rng):
        calls.append(seat)
        return original(self, seat, rng)

    monkeypatch.setattr(type(state), "determinize", spy)
    move = make_agent("strong", options, seconds=0.02).choose_move(state, Rng(1))
    assert move in state.legal_moves() and calls == [state.current_player]
