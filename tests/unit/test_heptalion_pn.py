"""The proof-number search of tools/measure/heptalion_pn.py (a measuring tool) against
a memoized plain minimax: its value, and every winning move it reports wins."""

import functools
import os
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from spielstube.ai.heptalion.position import moves_of, tables_for
from spielstube.ai.heptalion.solver import Solver
from spielstube.games.heptalion import ORIGINAL_BOARD

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "measure"))
from bench_heptalion_exact import position_after  # noqa: E402
from heptalion_pn import ProofNumberSearch  # noqa: E402
sys.path.pop(0)

positions = tables_for(ORIGINAL_BOARD).positions


@functools.lru_cache(maxsize=None)
def minimax(occ, me, opp):
    """The mover wins iff some free placement leaves the other side lost."""
    return any(not minimax(occ | mask, opp, me & ~(1 << t)) for t, mask in moves_of(occ, me, positions))


def dealt_position(seed, plies):
    """A 2-player deal on the original board after ``plies`` random moves."""
    state = position_after(seed, plies)
    seat = state.current_player
    return state.occupied, state.hands[seat], state.hands[1 - seat]


class ShortSighted(Solver):
    """A solver whose leaf calls decide only positions with at most ``moves``
    free placements for the mover: the proof-number tree above them must
    then do the real work (the real solver decides these small positions
    within any leaf budget, leaving the tree nothing to do)."""

    def __init__(self, moves):
        super().__init__(positions)
        self.moves = moves

    def decide(self, occ, me, opp, node_budget):
        if len(moves_of(occ, me, positions)) > self.moves:
            self.nodes = 1
            return None
        return super().decide(occ, me, opp, node_budget)


def check(occ, me, opp, solver, every):
    search = ProofNumberSearch(solver, leaf_budget=256)
    value, winning, losing, undecided = search.run(occ, me, opp, every=every)
    assert value == minimax(occ, me, opp)
    assert not undecided or value and not every  # the first winning move ends a solve
    assert bool(winning) == value
    for t, mask in winning:
        assert not minimax(occ | mask, opp, me & ~(1 << t))
    for t, mask in losing:
        assert minimax(occ | mask, opp, me & ~(1 << t))
    if every:
        assert len(winning) + len(losing) == len(moves_of(occ, me, positions))
    return search


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(11, 13), st.integers(1, 3), st.booleans())
def test_proof_numbers_agree_with_minimax_on_dealt_positions(seed, plies, sight, every):
    occ, me, opp = dealt_position(seed, plies)
    check(occ, me, opp, ShortSighted(sight), every)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(11, 12))
def test_proof_numbers_with_the_real_solver_at_the_leaves(seed, plies):
    occ, me, opp = dealt_position(seed, plies)
    check(occ, me, opp, Solver(positions), every=True)


def test_the_tree_does_the_work_when_leaves_see_little():
    # Else the property test would only check the solver at the root.
    expanded = [check(*dealt_position(seed, 11), ShortSighted(1), False).expanded for seed in range(3)]
    assert max(expanded) > 3


def test_out_of_budget_says_unknown_with_the_moves_open():
    occ, me, opp = dealt_position(5, 0)
    value, winning, losing, undecided = ProofNumberSearch(Solver(positions)).run(occ, me, opp, node_budget=1)
    assert value is None and not winning and undecided
