"""tools/measure/topologic_bound.py: the board-free relaxation's optimum against brute force on small grids."""

import functools
import itertools
import os
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "measure"))

from topologic_bound import Bound  # noqa: E402


@functools.lru_cache(maxsize=None)
def brute_force(colours, pips, n):
    """Expectimax over every placement of n seekers and every candidate set, no reductions."""
    locations = [(c, p) for c in range(colours) for p in range(pips)]
    placements = list(itertools.combinations_with_replacement(locations, n))

    @functools.lru_cache(maxsize=None)
    def value(candidates):
        if len(candidates) == 1:
            return 1.0
        best = float("inf")
        for placement in placements:
            groups = {}
            for c, p in candidates:
                hint = sum((sc == c) + (sp == p) for sc, sp in placement)
                groups.setdefault(hint, []).append((c, p))
            if len(groups) == 1 and 2 * n not in groups:
                continue
            rest = sum(len(g) * value(frozenset(g)) for h, g in groups.items() if h != 2 * n)
            best = min(best, 1.0 + rest / len(candidates))
        return best

    return value


def rows_of(candidates, colours):
    return [sum(1 << p for c, p in candidates if c == colour) for colour in range(colours)]


def test_the_whole_grid_matches_brute_force():
    for colours, pips, n in [(3, 2, 1), (4, 3, 1), (3, 3, 2), (4, 3, 2), (3, 3, 3), (4, 3, 3)]:
        value, exact = Bound(n, colours, pips).solve()
        everything = frozenset((c, p) for c in range(colours) for p in range(pips))
        assert exact
        assert abs(value - brute_force(colours, pips, n)(everything)) < 1e-9, (colours, pips, n)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([(4, 3, 2), (3, 3, 3), (5, 3, 2)]), st.integers(0, 2**15 - 1))
def test_any_candidate_set_matches_brute_force(shape, bits):
    colours, pips, n = shape
    locations = [(c, p) for c in range(colours) for p in range(pips)]
    candidates = frozenset(loc for i, loc in enumerate(locations) if bits >> i & 1)
    if not candidates:
        candidates = frozenset(locations[:1])
    value, exact = Bound(n, colours, pips).solve(rows_of(candidates, colours))
    assert exact
    assert abs(value - brute_force(colours, pips, n)(candidates)) < 1e-9


def test_a_cut_off_search_reports_a_true_lower_bound():
    bound = Bound(2, 4, 3)
    exact_value = brute_force(4, 3, 2)(frozenset((c, p) for c in range(4) for p in range(3)))
    value, exact = bound.solve(beta=exact_value - 0.2)
    assert not exact and exact_value - 0.2 <= value <= exact_value + 1e-9
