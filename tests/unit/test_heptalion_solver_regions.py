"""Independent Heptalion regions valued as games (ai/heptalion/solver_regions.py)
against plain minimax over the whole position."""

from hypothesis import given, settings
from hypothesis import strategies as st

from spielstube.ai.heptalion.position import survey
from spielstube.ai.heptalion.solver import Solver
from spielstube.ai.heptalion.solver_regions import RegionValues, components
from test_heptalion_solver import minimax, minimax_with_spares, positions, region_position


def tile_lists(occ, me, opp):
    return survey(occ, me, positions)[1], survey(occ, opp, positions)[1]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(10, 22), st.integers(-2, 2))
def test_the_sum_of_the_region_values_decides_like_minimax(seed, free_fields, spare):
    occ, me, opp = region_position(seed, free_fields)
    mine, theirs = tile_lists(occ, me, opp)
    parts = components(mine, theirs)
    solver = Solver(positions)
    values = RegionValues(positions, solver._packing)
    assert values.left_wins(occ, parts, spare) == minimax_with_spares(occ, me, opp, spare)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(10, 30))
def test_components_split_the_tiles_into_independent_groups(seed, free_fields):
    occ, me, opp = region_position(seed, free_fields)
    mine, theirs = tile_lists(occ, me, opp)
    parts = components(mine, theirs)
    assert sorted(t for left, _ in parts for t in left) == sorted(mine)
    assert sorted(t for _, right in parts for t in right) == sorted(theirs)
    fields = [0] * len(parts)
    for i, (left, right) in enumerate(parts):
        for _, union in left + right:
            fields[i] |= union
        # Connected: growing from one tile reaches every tile of the group.
        tiles = left + right
        reached = tiles[0][1]
        for _ in tiles:
            for _, union in tiles:
                if union & reached:
                    reached |= union
        assert reached == fields[i]
    for i in range(len(parts)):
        for j in range(i):
            assert not fields[i] & fields[j]


def test_the_solver_sums_regions_and_still_agrees_with_minimax():
    summed = 0
    for seed in range(40):
        occ, me, opp = region_position(seed, 34)
        solver = Solver(positions, region_sums=True)
        result = solver.solve(occ, me, opp)[0]
        assert result == minimax(occ, me, opp)
        summed += len(solver.regions.games) > 1  # some region was valued as a game
    assert summed >= 5


def test_region_values_that_keep_starting_afresh_give_the_same_answers(monkeypatch):
    from spielstube.ai.heptalion import solver_regions

    monkeypatch.setattr(solver_regions, "MAX_ENTRIES", 12)
    for seed in range(40):
        occ, me, opp = region_position(seed, 34)
        solver = Solver(positions, region_sums=True)
        assert solver.solve(occ, me, opp)[0] == minimax(occ, me, opp)
        assert solver.regions.games.entries() + len(solver.regions._values) < 400
