"""The 3-4 player computer's exact parts: the forced-win proof
(ai/heptalion/paranoid.py) against plain paranoid minimax on engine states,
the exact duel values of the playouts, and the agent's moves (always legal;
with hidden hands decided from what its seat sees only). The exact parts are
off in the levels (measured no stronger), so the tests switch them on."""

from hypothesis import given, settings
from hypothesis import strategies as st

from heptalion_helpers import new_game, play_random
from spielstube.ai.heptalion import make_agent
from spielstube.ai.heptalion.agents import MultiAgent, TwoPlayerAgent
from spielstube.ai.heptalion.search import STRONG
from spielstube.ai.heptalion.multi import _duel_value, search
from spielstube.ai.heptalion.paranoid import ParanoidSolver
from spielstube.ai.heptalion.position import tables_for
from spielstube.ai.heptalion.solver import Solver
from spielstube.core.rng import Rng
from spielstube.games.heptalion import TILE_INDEX


def masks_of(state, move):
    idx = state.board.index
    return TILE_INDEX[move.tile], (1 << idx[move.cells[0]]) | (1 << idx[move.cells[1]])


def forced(state, me):
    """Plain paranoid minimax on the engine: ``me`` is the last one left
    whatever the others do."""
    if state.is_terminal():
        return state.returns()[me] == 1.0
    if not state.alive[me]:
        return False
    outcomes = (forced(state.apply(m), me) for m in state.legal_moves())
    return any(outcomes) if state.current_player == me else all(outcomes)


def late_position(players, seed, plies):
    """A position after ``plies`` random placements with three or more players
    still in (None if the game got shorter)."""
    _, _, state = new_game(players, seed % 300)
    state, _ = play_random(state, Rng(seed), limit=plies)
    if state.is_terminal() or state.alive.count(True) < 3:
        return None
    return state


def exact_agent(seconds=None, iterations=None):
    """strong's 3-4 player agent with its exact parts on (off by default)."""
    endgame = TwoPlayerAgent("strong", seconds or 0.1, STRONG, use_solver=True)
    return MultiAgent("strong", seconds, endgame, iterations=iterations, exact=True)


def prover(state):
    positions = tables_for(state.board).positions
    return ParanoidSolver(positions, Solver(positions))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([3, 4]), st.integers(0, 10**6), st.integers(0, 6))
def test_forced_win_agrees_with_paranoid_minimax(players, seed, extra):
    state = late_position(players, seed, (16 if players == 3 else 18) + extra)
    if state is None:
        return
    me = state.current_player
    move = prover(state).forced_win(state.occupied, list(state.hands), list(state.alive), me)
    assert move is not None  # small positions are decided
    assert bool(move) == forced(state, me)
    if move:
        placement = next(m for m in state.legal_moves() if masks_of(state, m) == move)
        assert forced(state.apply(placement), me)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([3, 4]), st.integers(0, 10**6), st.integers(0, 6), st.integers(0, 3))
def test_forces_agrees_with_paranoid_minimax_for_any_player(players, seed, extra, player):
    state = late_position(players, seed, (16 if players == 3 else 18) + extra)
    if state is None or not state.alive[player % players]:
        return
    player %= players
    result = prover(state).forces(state.occupied, state.hands, state.alive, state.current_player,
                                  player)
    assert result is not None and result == forced(state, player)


def test_forced_win_reports_an_exhausted_budget_as_undecided():
    state = late_position(3, 11, 2)
    result = prover(state).forced_win(state.occupied, list(state.hands), list(state.alive),
                                      state.current_player, node_budget=5)
    assert result is None


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
    values = _duel_value(state.occupied, state.hands, state.alive, state.current_player,
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
    for agent in (make_agent("strong", {"players": players}, seconds=0.02), exact_agent(seconds=0.02)):
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
                      iterations=200, playout_depth=28, urgent=0.5, rave=300, duel=duel)
               for hands in (state.hands, tuple(shuffled))]
    assert results[0] == results[1]


def test_the_agent_passes_over_a_move_that_gives_another_player_a_forced_win():
    for seed in range(300):
        state = late_position(3, seed, 15)
        if state is None:
            continue
        me = state.current_player
        unsafe, safe = [], []
        for move in state.legal_moves():
            after = state.apply(move)
            if after.is_terminal() or after.alive.count(True) < 3:
                continue
            threat = any(forced(after, p) for p in range(3) if p != me and after.alive[p])
            (unsafe if threat else safe).append(move)
        if unsafe and safe:
            break
    else:
        raise AssertionError("no position with a safe and an unsafe move found")
    agent = exact_agent(iterations=100)
    visits = {masks_of(state, unsafe[0]): 50, masks_of(state, safe[0]): 40}
    assert agent._safe_move(state, visits, None) == masks_of(state, safe[0])
    assert agent.last_info["passed_over"] == 1
    assert state.current_player == me


def test_the_strong_agent_on_a_fixed_count_plays_legal_moves_to_the_end():
    _, _, state = new_game(3, 21)
    agent = exact_agent(iterations=60)
    rng = Rng(4)
    while not state.is_terminal():
        move = agent.choose_move(state, rng)
        assert move in state.legal_moves()
        state = state.apply(move)
