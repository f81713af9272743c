"""Heptalion's 3-4 player computer (ai/heptalion/multi.py): the bitmask tree
follows the engine, hidden hands stay hidden, and two players left are
played by the 2-player search."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from heptalion_helpers import new_game, play_random
from spielstube.ai.heptalion import make_agent
from spielstube.ai.heptalion.agents import BASELINE, MctsAgent, MultiAgent, agent_for
from spielstube.ai.heptalion.multi import advance, redeal, search, urgent_move
from spielstube.ai.heptalion.position import moves_of, tables_for
from spielstube.core.rng import Rng
from spielstube.games.heptalion import TILE_INDEX


def masks_of(state, move):
    idx = state.board.index
    return TILE_INDEX[move.tile], (1 << idx[move.cells[0]]) | (1 << idx[move.cells[1]])


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 10**6))
def test_advance_eliminates_and_passes_the_turn_as_the_engine_does(players, seed):
    _, _, state = new_game(players, seed % 300)
    positions = tables_for(state.board).positions
    rng = Rng(seed)
    while not state.is_terminal():
        moves = state.legal_moves()
        move = moves[rng.below(len(moves))]
        t, mask = masks_of(state, move)
        hands = list(state.hands)
        hands[state.current_player] &= ~(1 << t)
        alive = list(state.alive)
        seat = advance(state.occupied | mask, hands, alive, state.current_player, positions)
        state = state.apply(move)
        assert seat == state.current_player and tuple(alive) == state.alive


@given(st.sampled_from([3, 4]), st.integers(0, 10**6), st.integers(0, 3))
def test_redeal_keeps_the_own_hand_the_sizes_and_the_unseen_tiles(players, seed, seat):
    _, _, state = new_game(players, seed % 300)
    seat %= players
    hands = redeal(state.hands, seat, Rng(seed))
    assert hands[seat] == state.hands[seat]
    assert [h.bit_count() for h in hands] == [h.bit_count() for h in state.hands]
    others = [h for p, h in enumerate(state.hands) if p != seat]
    new_others = [h for p, h in enumerate(hands) if p != seat]
    union = 0
    for h in new_others:
        assert not h & union
        union |= h
    assert union == sum(others)


def test_redeal_depends_only_on_what_the_seat_sees():
    _, _, state = new_game(3, 5)
    swapped = (state.hands[0], state.hands[2], state.hands[1])
    assert redeal(state.hands, 0, Rng(9)) == redeal(swapped, 0, Rng(9))


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("players", [3, 4])
def test_search_returns_legal_root_moves(players, hidden):
    _, _, state = new_game(players, 8, hidden)
    state, _ = play_random(state, Rng(3), limit=5)
    positions = tables_for(state.board).positions
    seat = state.current_player
    legal = set(moves_of(state.occupied, state.hands[seat], positions))
    for rave in (0, 300):
        visits, done = search(positions, state.occupied, state.hands, state.alive, seat, Rng(1),
                              hidden=hidden, iterations=300, urgent=0.5, rave=rave)
        assert done == 300 and visits and set(visits) <= legal
        assert sum(visits.values()) == 300


def test_rave_prefers_a_move_that_wins_at_once():
    """A position where one placement eliminates both others at once: with RAVE
    and few iterations the search still finds it (it is also first by AMAF)."""
    for seed in range(400):
        _, _, state = new_game(3, seed)
        state, _ = play_random(state, Rng(seed), limit=14)
        if state.is_terminal() or state.alive.count(True) < 3:
            continue
        winners = [m for m in state.legal_moves() if state.apply(m).is_terminal()]
        if winners and len(winners) < len(state.legal_moves()):
            break
    else:
        raise AssertionError("no position with a winning move found")
    positions = tables_for(state.board).positions
    visits, _ = search(positions, state.occupied, state.hands, state.alive, state.current_player,
                       Rng(2), hidden=False, iterations=400, rave=300)
    best = max(visits, key=visits.get)
    assert best in {masks_of(state, m) for m in winners}


def test_urgent_move_takes_a_tile_with_the_fewest_free_positions():
    _, _, state = new_game(3, 4)
    positions = tables_for(state.board).positions
    hand = state.hands[0]
    fewest = min(len([m for m in positions[t] if not state.occupied & m])
                 for t in range(28) if hand >> t & 1)
    for seed in range(10):
        t, mask = urgent_move(state.occupied, hand, positions, Rng(seed))
        assert hand >> t & 1 and mask in positions[t]
        assert len([m for m in positions[t] if not state.occupied & m]) == fewest


def test_multi_agent_plays_legal_moves_on_a_fixed_count():
    for seed in range(200):
        _, _, state = new_game(3, seed)
        state, _ = play_random(state, Rng(seed), limit=18)
        if state.is_terminal() or state.alive.count(True) < 3:
            continue
        agent = MultiAgent("strong", None, iterations=400)
        move = agent.choose_move(state, Rng(1))
        assert move in state.legal_moves()
        return
    raise AssertionError("no position found")


def test_two_players_left_are_played_by_the_two_player_search():
    for seed in range(300):
        _, _, state = new_game(3, seed)
        state, _ = play_random(state, Rng(seed), limit=10)
        while not state.is_terminal() and state.alive.count(True) == 3:
            state = state.apply(state.legal_moves()[0])
        if not state.is_terminal() and len(state.legal_moves()) > 1:
            break
    else:
        raise AssertionError("no position with two players left found")
    agent = make_agent("strong", {"players": 3}, seconds=0.2)
    move = agent.choose_move(state, Rng(1))
    assert move in state.legal_moves() and agent.last_info.get("endgame")


def test_levels_and_the_baseline():
    assert isinstance(make_agent("strong", {"players": 3}), MultiAgent)
    assert isinstance(make_agent("normal", {"players": 4}), MultiAgent)
    baseline = agent_for(BASELINE, {"players": 3})
    assert isinstance(baseline, MctsAgent)
    assert baseline.seconds == make_agent("strong", {"players": 3}).seconds
    with pytest.raises(ValueError):
        make_agent("grandmaster", {"players": 3})
