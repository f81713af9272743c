"""The exact solver's move order and its lazy domination check
(ai/heptalion/solver_moves.py) against plain versions written the obvious
way: the solver must try the same moves in the same order as before."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spielstube.ai.heptalion.position import survey
from spielstube.ai.heptalion.solver import Solver
from spielstube.ai.heptalion.solver_moves import dominated, ordered_positions, undominated
from test_heptalion_solver import dealt_position, positions, region_position


def plain_dominated(free, i, my_multi, opp_seen):
    """Position i loses to another one that blocks no more of the mover's
    and no fewer of the opponent's positions (of equal ones the first stays)."""
    mine, theirs = free[i] & my_multi, free[i] & opp_seen
    return any(j != i and not other & my_multi & ~mine and not theirs & ~(other & opp_seen)
               and (j < i or (other & my_multi, other & opp_seen) != (mine, theirs))
               for j, other in enumerate(free))


def plain_order(occ, my_tiles, opp_tiles, my_seen, opp_seen, multi, opp_single):
    """The moves worth trying, best first: counts per field in a dict,
    dominated positions dropped before sorting."""
    covering = {}
    for t, _ in opp_tiles:
        for mask in positions[t]:
            if not occ & mask:
                for field in (mask & -mask, mask & (mask - 1)):
                    covering[field] = covering.get(field, 0) + 1
    moves = []
    for t, _ in my_tiles:
        free = [mask for mask in positions[t] if not occ & mask]
        for i, mask in enumerate(free):
            if plain_dominated(free, i, survey_multi(my_tiles), opp_seen):
                continue
            if mask & opp_seen:
                taken = covering.get(mask & -mask, 0) + covering.get(mask & (mask - 1), 0)
                order = ((mask & multi & my_seen).bit_count() - 3 * taken
                         - 4 * (mask & opp_single).bit_count())
            else:
                order = (mask & multi).bit_count()
            moves.append((order, t, mask))
    return [(t, mask) for _, t, mask in sorted(moves)]


def survey_multi(tiles):
    seen = multi = 0
    for _, union in tiles:
        multi |= seen & union
        seen |= union
    return multi


def figures(occ, me, opp):
    _, my_tiles, _, my_seen, my_multi, _, _ = survey(occ, me, positions)
    _, opp_tiles, _, opp_seen, opp_multi, opp_single, _ = survey(occ, opp, positions)
    multi = my_multi | opp_multi | (my_seen & opp_seen)
    return my_tiles, opp_tiles, my_seen, opp_seen, my_multi, multi, opp_single


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 12))
def test_the_move_order_with_lazy_domination_is_the_plain_one(seed, plies):
    occ, me, opp = dealt_position(seed, plies)
    my_tiles, opp_tiles, my_seen, opp_seen, my_multi, multi, opp_single = figures(occ, me, opp)
    moves = ordered_positions(positions, occ, my_tiles, opp_tiles, my_seen, opp_seen, multi, opp_single)
    tried = [(t, mask) for _, t, mask, union in moves
             if not (union.bit_count() > 2 and dominated(positions[t], occ, mask, my_multi, opp_seen))]
    assert tried == plain_order(occ, my_tiles, opp_tiles, my_seen, opp_seen, multi, opp_single)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(16, 40))
def test_dominated_judges_one_position_as_undominated_does(seed, free_fields):
    occ, me, opp = region_position(seed, free_fields)
    my_tiles, _, _, opp_seen, my_multi, _, _ = figures(occ, me, opp)
    for t, _ in my_tiles:
        free = [mask for mask in positions[t] if not occ & mask]
        kept = undominated(free, my_multi, opp_seen)
        assert kept == [mask for mask in free if not dominated(positions[t], occ, mask, my_multi, opp_seen)]
        assert kept == [mask for i, mask in enumerate(free) if not plain_dominated(free, i, my_multi, opp_seen)]


def test_a_board_with_a_field_in_eight_positions_is_refused():
    # The move order counts a field's positions in 3 bits.
    crowded = [(0b11,), (0b101,), (0b1001,), (0b10001,), (0b100001,), (0b1000001,), (0b10000001,),
               (0b100000001,)]
    with pytest.raises(ValueError):
        Solver(crowded)
    Solver(crowded[:7])
