"""Heptalion invariants over random playouts, and determinization."""

from hypothesis import given, settings
from hypothesis import strategies as st

from heptalion_helpers import new_game
from spielstube.core.rng import Rng
from spielstube.games.heptalion import TILE_INDEX, TILES

games = st.tuples(st.sampled_from([2, 3, 4]), st.booleans(), st.integers(0, 2**32 - 1))


def bits(mask):
    return mask.bit_count()


def check_invariants(state, discard):
    hands = state.hands
    # Hands are disjoint, and hands + placed tiles + discard are all 28 tiles, once each.
    union = 0
    for hand in hands:
        assert not union & hand
        union |= hand
    placed = [TILE_INDEX[p.tile] for _, p in state.placed]
    assert len(set(placed)) == len(placed)
    for t in placed:
        assert not union >> t & 1  # a placed tile has left every hand
    total = union | sum(1 << t for t in placed)
    if discard is not None:
        assert not total >> TILE_INDEX[discard] & 1
        total |= 1 << TILE_INDEX[discard]
    assert total == (1 << len(TILES)) - 1
    # Every placement covers two fields, and no field twice.
    assert bits(state.occupied) == 2 * len(state.placed)
    covered = set()
    for _, p in state.placed:
        assert not covered & set(p.cells)
        covered.update(p.cells)
    assert all(not state.is_free(cell) for cell in covered)
    # Terminal iff exactly one player is left; the player to move can place.
    assert state.is_terminal() == (state.alive.count(True) == 1)
    if not state.is_terminal():
        assert state.alive[state.current_player] and state.legal_moves()


@settings(max_examples=25, deadline=None)
@given(games)
def test_random_playouts_keep_every_invariant(game):
    players, hidden, seed = game
    options, setup, state = new_game(players, seed % 1000, hidden)
    rng = Rng(seed)
    while True:
        check_invariants(state, setup["discard"])
        if state.is_terminal():
            break
        seat = state.current_player
        moves = state.legal_moves()
        move = moves[rng.below(len(moves))]
        before = state
        state = state.apply(move)
        assert before.occupied & ~state.occupied == 0  # nothing is ever uncovered
        assert state.placed[-1] == (seat, move) and state.last == move
        # Once out, always out.
        assert all(not (b and not a) for a, b in zip(before.alive, state.alive))
    winner = state.winner()
    assert state.returns() == [1.0 if s == winner else 0.0 for s in range(players)]


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 20))
def test_determinize_keeps_own_hand_sizes_and_public_information(game, moves_played):
    players, hidden, seed = game
    options, setup, state = new_game(players, seed % 1000, hidden=True)
    rng = Rng(seed)
    for _ in range(moves_played):
        if state.is_terminal():
            break
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    for seat in range(players):
        view = state.determinize(seat, Rng(seed + seat))
        assert view.hands[seat] == state.hands[seat]
        assert [bits(h) for h in view.hands] == [bits(h) for h in state.hands]
        others = [s for s in range(players) if s != seat]
        unseen = 0
        for s in others:
            assert not unseen & view.hands[s]
            unseen |= view.hands[s]
        assert unseen == sum(state.hands[s] for s in others)  # the same unseen tiles, re-dealt
        assert (view.occupied, view.placed, view.alive, view.current_player, view.discard,
                view.board, view.hidden) == (state.occupied, state.placed, state.alive,
                                             state.current_player, state.discard, state.board,
                                             state.hidden)


def test_determinize_depends_only_on_what_the_seat_sees():
    options, setup, state = new_game(3, 11, hidden=True)
    hands = list(state.hands)
    hands[1], hands[2] = hands[2], hands[1]  # the others' hands swapped: seat 0 cannot tell
    swapped = state._copy(hands=tuple(hands))
    assert state.determinize(0, Rng(5)).hands == swapped.determinize(0, Rng(5)).hands


def test_determinize_redeals_hidden_hands_and_keeps_open_ones():
    options, setup, hidden = new_game(4, 2, hidden=True)
    views = {hidden.determinize(0, Rng(s)).hands for s in range(10)}
    assert len(views) > 1
    options, setup, open_state = new_game(4, 2, hidden=False)
    assert open_state.determinize(0, Rng(1)) is open_state
