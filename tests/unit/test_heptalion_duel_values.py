"""The 3-4 player computer's exact duel values (the 2-player solver's result
once two players are left) against plain minimax on engine states, and
strong's moves (always legal; with hidden hands decided from what its seat
sees only)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from heptalion_helpers import new_game, play_random
from spielstube.ai.heptalion import make_agent
from spielstube.ai.heptalion.multi import search
from spielstube.ai.heptalion.multi_playout import duel_value
from spielstube.ai.heptalion.position import tables_for
from spielstube.ai.heptalion.solver import Solver
from spielstube.core.rng import Rng


def forced(state, me):
    """Plain minimax on the engine: ``me`` is the last one left whatever the
    others do (with two players left, whether ``me`` wins the duel)."""
    if state.is_terminal():
        return state.returns()[me] == 1.0
    if not state.alive[me]:
        return False
    outcomes = (forced(state.apply(m), me) for m in state.legal_moves())
    return any(outcomes) if state.current_player == me else all(outcomes)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([3, 4]), st.integers(0, 10**6))
def test_duel_values_are_the_exact_result_of_the_two_left(players, seed):
    _, _, state = new_game(players, seed % 300)
    rng = Rng(seed)
    while not state.is_terminal() and state.alive.count(True) > 2:
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    if state.is_terminal():
        return
    solver = Solver(tables_for(state.board).positions)
    values = duel_value(state.occupied, state.hands, state.alive, state.current_player,
                         lambda occ, me, opp: solver.decide(occ, me, opp, 100_000))
    winner = state.current_player if forced(state, state.current_player) else next(
        p for p, a in enumerate(state.alive) if a and p != state.current_player)
    assert values == [1.0 if p == winner else 0.0 for p in range(players)]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([3, 4]), st.booleans(), st.integers(0, 10**6), st.integers(0, 20))
def test_the_strong_agent_plays_a_legal_move(players, hidden, seed, plies):
    _, _, state = new_game(players, seed % 300, hidden)
    state, _ = play_random(state, Rng(seed), limit=plies)
    if state.is_terminal():
        return
    agent = make_agent("strong", {"players": players}, seconds=0.02)
    assert agent.choose_move(state, Rng(seed)) in state.legal_moves()


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([3, 4]), st.integers(0, 10**6), st.integers(0, 12))
def test_with_hidden_hands_the_search_never_reads_the_others_tiles(players, seed, plies):
    """Two deals that differ only in which opponent holds which unseen tile
    give the same move: the search sees its own tiles and the board only."""
    _, _, state = new_game(players, seed % 300, hidden=True)
    state, _ = play_random(state, Rng(seed), limit=plies)
    if state.is_terminal() or state.alive.count(True) < 3:
        return
    seat = state.current_player
    positions = tables_for(state.board).positions
    others = [p for p in range(players) if p != seat]
    unseen = [t for p in others for t in range(28) if state.hands[p] >> t & 1]
    Rng(seed + 1).shuffle(unseen)
    shuffled = list(state.hands)
    k = 0
    for p in others:
        size = state.hands[p].bit_count()
        shuffled[p] = sum(1 << t for t in unseen[k:k + size])
        k += size
    solver = Solver(positions)

    def duel(occ, me, opp):
        return solver.decide(occ, me, opp, 500)

    results = [search(positions, state.occupied, hands, state.alive, seat, Rng(seed), hidden=True,
                      iterations=200, urgent=0.5, rave=300, duel=duel)
               for hands in (state.hands, tuple(shuffled))]
    assert results[0] == results[1]


def test_the_strong_agent_on_a_fixed_count_plays_legal_moves_to_the_end():
    _, _, state = new_game(3, 21)
    agent = make_agent("strong", {"players": 3}, seconds=0.02)
    agent.iterations = 60
    rng = Rng(4)
    while not state.is_terminal():
        move = agent.choose_move(state, rng)
        assert move in state.legal_moves()
        state = state.apply(move)
