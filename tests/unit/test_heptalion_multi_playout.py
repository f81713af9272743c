"""The playouts of Heptalion's 3-4 player search (ai/heptalion/multi_playout.py):
the decisive policy's kills and self-blocks agree with plain move generation,
and every playout is a legal game to its end, with the winner it reports."""

from hypothesis import given, settings
from hypothesis import strategies as st

from heptalion_helpers import new_game, play_random
from spielstube.ai.heptalion.multi_agent import MultiAgent
from spielstube.ai.heptalion.multi_playout import (
    advance, keeps_a_move, killing_moves, leaf_value, playout_move, urgent_among, urgent_move,
)
from spielstube.ai.heptalion.position import has_move, moves_of, tables_for
from spielstube.core.rng import Rng

positions_3_4 = st.tuples(st.sampled_from([3, 4]), st.integers(0, 10**6), st.integers(0, 24))


def position(players, seed, plies, hidden=False):
    """A live position after up to ``plies`` random placements (None if over)."""
    _, _, state = new_game(players, seed % 500, hidden)
    state, _ = play_random(state, Rng(seed), limit=plies)
    return None if state.is_terminal() else state


def mover_view(state):
    """The bitmask view of the mover: positions, seat, occupied, their moves."""
    positions = tables_for(state.board).positions
    seat, occ = state.current_player, state.occupied
    return positions, seat, occ, moves_of(occ, state.hands[seat], positions)


def next_live(state):
    n = len(state.alive)
    p = (state.current_player + 1) % n
    while not state.alive[p]:
        p = (p + 1) % n
    return p


def tight_positions(count):
    """Positions where the next player still in has few free positions left
    (where kills happen), from random games of 3 and 4."""
    found = []
    for seed in range(2000):
        _, _, state = new_game(3 + seed % 2, seed)
        rng = Rng(seed)
        while not state.is_terminal():
            positions = tables_for(state.board).positions
            free = len(moves_of(state.occupied, state.hands[next_live(state)], positions))
            if 0 < free <= 3:
                found.append(state)
                if len(found) == count:
                    return found
            legal = state.legal_moves()
            state = state.apply(legal[rng.below(len(legal))])
    raise AssertionError("too few tight positions")


def test_killing_moves_are_exactly_those_that_leave_the_next_player_no_placement():
    with_kills = 0
    for state in tight_positions(500):
        positions, seat, occ, moves = mover_view(state)
        kills = killing_moves(occ, list(state.hands), list(state.alive), seat, moves, positions)
        hand = state.hands[next_live(state)]
        assert kills == [m for m in moves if not has_move(occ | m[1], hand, positions)]
        with_kills += bool(kills)
    assert with_kills >= 10  # the check above met real kills


@settings(max_examples=60, deadline=None)
@given(positions_3_4)
def test_keeps_a_move_says_whether_the_mover_can_still_place(game):
    state = position(*game)
    if state is None:
        return
    positions, seat, occ, moves = mover_view(state)
    hand = state.hands[seat]
    for t, mask in moves:
        assert keeps_a_move((t, mask), moves) == has_move(occ | mask, hand & ~(1 << t), positions)


@settings(max_examples=40, deadline=None)
@given(positions_3_4, st.booleans(), st.sampled_from([0.0, 0.5, 1.0]))
def test_a_playout_is_a_legal_game_to_its_end_with_the_winner_it_reports(game, decisive, urgent):
    state = position(*game)
    if state is None:
        return
    tables = tables_for(state.board)
    played = []
    value = leaf_value(state.occupied, list(state.hands), list(state.alive), state.current_player,
                       tables.positions, Rng(game[1]), urgent, played, decisive=decisive)
    for seat, move in played:
        assert seat == state.current_player
        placement = tables.placement(*move)
        assert placement in state.legal_moves()
        state = state.apply(placement)
    assert state.is_terminal()
    assert value == list(state.returns())


@settings(max_examples=40, deadline=None)
@given(positions_3_4)
def test_the_decisive_policy_kills_when_it_can_and_never_blocks_itself_needlessly(game):
    state = position(*game)
    if state is None:
        return
    positions, seat, occ, moves = mover_view(state)
    hands, alive = list(state.hands), list(state.alive)
    kills = killing_moves(occ, hands, alive, seat, moves, positions)
    for k in range(5):
        move = playout_move(occ, hands, alive, seat, positions, Rng(game[1] + k), 0.5, True)
        assert move in moves
        if kills:
            assert move in kills
        elif any(keeps_a_move(m, moves) for m in moves):
            assert keeps_a_move(move, moves)


@settings(max_examples=60, deadline=None)
@given(positions_3_4, st.integers(0, 10**6))
def test_urgent_among_draws_what_urgent_move_draws(game, seed):
    state = position(*game)
    if state is None:
        return
    positions, seat, occ, moves = mover_view(state)
    assert urgent_among(moves, Rng(seed)) == urgent_move(occ, state.hands[seat], positions, Rng(seed))


def test_advance_is_the_one_of_the_search():
    from spielstube.ai.heptalion import multi
    assert multi.advance is advance


@settings(max_examples=20, deadline=None)
@given(positions_3_4, st.booleans(), st.booleans())
def test_multi_agent_with_the_options_plays_a_legal_move(game, decisive, hidden):
    state = position(*game, hidden=hidden)
    if state is None:
        return
    agent = MultiAgent("strong", None, iterations=150, decisive=decisive)
    assert agent.choose_move(state, Rng(game[1])) in state.legal_moves()


def test_strong_takes_the_duel_values_and_the_decisive_playouts_and_normal_neither():
    from spielstube.ai.heptalion import make_agent
    for players in (3, 4):
        strong = make_agent("strong", {"players": players})
        assert strong.duel_nodes > 0 and strong.decisive
        normal = make_agent("normal", {"players": players})
        assert normal.duel_nodes == 0 and not normal.decisive
