"""The exact solver's shortcuts (one-sided regions as spare moves, bounded
table) against a memoized plain minimax, on positions where they matter."""

import functools

from hypothesis import given, settings
from hypothesis import strategies as st

from spielstube.ai.heptalion.position import tables_for
from spielstube.ai.heptalion.solver import Solver, checkerboard
from spielstube.core.rng import Rng
from spielstube.games.heptalion import ORIGINAL_BOARD, HeptalionState

positions = tables_for(ORIGINAL_BOARD).positions


@functools.lru_cache(maxsize=None)
def minimax(occ, me, opp):
    """The mover wins iff some free placement leaves the other side lost."""
    for t in range(28):
        if me >> t & 1:
            for mask in positions[t]:
                if not occ & mask and not minimax(occ | mask, opp, me & ~(1 << t)):
                    return True
    return False


@functools.lru_cache(maxsize=None)
def minimax_with_spares(occ, me, opp, spare):
    """As minimax, plus ``spare`` extra moves of the mover (negative: the
    other side's) that touch nothing."""
    if spare > 0 and not minimax_with_spares(occ, opp, me, 1 - spare):
        return True
    for t in range(28):
        if me >> t & 1:
            for mask in positions[t]:
                if not occ & mask and not minimax_with_spares(occ | mask, opp, me & ~(1 << t), -spare):
                    return True
    return False


def region_position(seed, free_fields):
    """Random free fields and hands: several regions, some touched by one side only."""
    rng = Rng(seed)
    fields = list(range(56))
    rng.shuffle(fields)
    occupied = sum(1 << f for f in fields[free_fields:])
    tiles = list(range(28))
    rng.shuffle(tiles)
    size = 4 + rng.below(7)
    return occupied, sum(1 << t for t in tiles[:size]), sum(1 << t for t in tiles[size:2 * size])


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(16, 34))
def test_solver_agrees_with_minimax_where_regions_split(seed, free_fields):
    occ, me, opp = region_position(seed, free_fields)
    solver = Solver(positions)
    result, move, losing = solver.solve(occ, me, opp)
    assert result == minimax(occ, me, opp)
    if result:
        t, mask = move
        assert not minimax(occ | mask, opp, me & ~(1 << t))
    value, winning, lost, undecided = Solver(positions).analyse(occ, me, opp)
    assert value == result and not undecided
    for t, mask in winning:
        assert not minimax(occ | mask, opp, me & ~(1 << t))
    for t, mask in lost:
        assert minimax(occ | mask, opp, me & ~(1 << t))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(12, 26), st.integers(-3, 3))
def test_spare_moves_count_like_moves_that_touch_nothing(seed, free_fields, spare):
    occ, me, opp = region_position(seed, free_fields)
    solver = Solver(positions)
    solver._start(None, None)
    assert solver._wins(occ, me, opp, spare) == minimax_with_spares(occ, me, opp, spare)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(18, 30))
def test_a_tiny_table_that_keeps_turning_over_gives_the_same_answers(seed, free_fields):
    occ, me, opp = region_position(seed, free_fields)
    small = Solver(positions, max_entries=8)
    assert small.solve(occ, me, opp)[0] == minimax(occ, me, opp)
    assert len(small.table) <= 8 and len(small.old) <= 8


def test_checkerboard_colours_every_position_once_each():
    dark = checkerboard(positions)
    for plist in positions:
        for mask in plist:
            assert (mask & dark).bit_count() == 1
    # The shape is not balanced: 24 fields of one colour, 32 of the other,
    # so no board holds more than 24 tiles.
    assert dark.bit_count() in (24, 32)


def test_state_helper_matches_the_engine():
    occ, me, opp = region_position(3, 20)
    state = HeptalionState(ORIGINAL_BOARD, (me, opp), occ, (True, True), 0)
    assert bool(state.legal_moves()) == any(
        not occ & mask for t in range(28) if me >> t & 1 for mask in positions[t])
