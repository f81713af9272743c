"""tools/measure/topologic_exact.py: the real-rules optimum against value iteration over every state of tiny boards."""

import functools
import itertools
import os
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "measure"))

from spielstube.ai.topologic.seeker import BoardTables  # noqa: E402
from spielstube.games.topologic.board import Board  # noqa: E402
from topologic_exact import Exact  # noqa: E402

# Small shapes; the U and the ring-less S have gaps that block queen lines.
SHAPES = {
    "2x3": [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)],
    "U": [(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)],
    "S": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2), (2, 3)],
}
# Locations from 3 colours x 3 pips, so that seekers often score 1.
SMALL_LOCATIONS = [(c, p) for c in range(3) for p in range(1, 4)]


def tiny_tables(shape, order):
    cells = SHAPES[shape]
    locations = [SMALL_LOCATIONS[i] for i in order[:len(cells)]]
    rows = 1 + max(r for r, _ in cells)
    cols = 1 + max(c for _, c in cells)
    return BoardTables(Board("tiny", shape, rows, cols, dict(zip(cells, locations))))


@functools.lru_cache(maxsize=None)
def value_iteration(shape, order, n):
    """V[(P, C)] for every sorted P and candidate mask C (P = None: the entry), no reductions."""
    tables = tiny_tables(shape, order)
    size, score, full = tables.size, tables.score, 2 * n
    everything = (1 << size) - 1
    positions = list(itertools.combinations_with_replacement(range(size), n))
    masks = range(1, everything + 1)

    def outcomes(turn, mask):
        groups = {}
        for c in range(size):
            if mask >> c & 1:
                h = sum(score[p][c] for p in turn)
                groups[h] = groups.get(h, 0) | 1 << c
        return [g for h, g in groups.items() if h != full]

    def step(V, P, mask, turns):
        m = bin(mask).count("1")
        best = float("inf")
        for turn in turns:
            q = tuple(sorted(turn))
            best = min(best, 1.0 + sum(bin(g).count("1") * V[(q, g)] for g in outcomes(turn, mask)) / m)
        return best

    V = {(P, mask): float("inf") for P in positions for mask in masks}
    while True:
        new = {(P, mask): step(V, P, mask, itertools.product(*(tables.reach[p] for p in P)))
               for P, mask in V}
        if new == V:
            break
        V = new
    entry = itertools.combinations_with_replacement(tables.border, n)
    V[(None, everything)] = step(V, None, everything, list(entry))
    return tables, V


# Tile orders (indices into SMALL_LOCATIONS).
ORDERS = [(0, 1, 2, 3, 4, 5, 6, 7, 8), (0, 2, 1, 3, 4, 5, 6, 7, 8), (8, 4, 0, 6, 2, 7, 1, 5, 3), (3, 4, 5, 0, 1, 2, 6, 7, 8)]


def assert_every_state(shape, order, n=2):
    tables, V = value_iteration(shape, tuple(order), n)
    exact = Exact(tables, n)  # one solver for all states: its stored values and floors are reused
    for (P, mask), value in V.items():
        got, is_exact = exact.solve(P, mask)
        assert is_exact and abs(got - value) < 1e-9, (shape, order, P, mask, got, value)


def test_every_state_matches_value_iteration():
    for shape in sorted(SHAPES):
        for order in ORDERS:
            assert_every_state(shape, order)


@settings(max_examples=3, deadline=None)
@given(st.sampled_from(sorted(SHAPES)), st.permutations(range(9)))
def test_any_tiles_match_value_iteration(shape, order):
    assert_every_state(shape, order)


def test_the_whole_round_with_three_seekers():
    order = (4, 0, 8, 2, 6, 1, 3, 5, 7)
    for shape in ("S",):
        tables, V = value_iteration(shape, order, 3)
        exact = Exact(tables, 3)
        value, is_exact = exact.solve(None, (1 << tables.size) - 1)
        assert is_exact and abs(value - V[(None, (1 << tables.size) - 1)]) < 1e-9, shape


def test_the_floors_never_exceed_the_optimum():
    tables, V = value_iteration("U", tuple(range(9)), 2)
    exact = Exact(tables, 2)
    for (P, mask), value in V.items():
        if P is not None:
            assert exact.floor(P, mask) <= value + 1e-9, (P, mask)


def test_a_cut_off_search_reports_a_true_floor():
    tables, V = value_iteration("2x3", tuple(range(9)), 2)
    full = (1 << tables.size) - 1
    value, is_exact = Exact(tables, 2).solve(None, full, beta=V[(None, full)] - 0.1)
    assert not is_exact and V[(None, full)] - 0.1 <= value <= V[(None, full)] + 1e-9
