"""The exact analysis decides placements in rounds and reports each step
(ai.heptalion.analysis), and the host pushes that progress while it works
(docs/host-protocol.md §7, "progress")."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from host_helpers import Bench
from test_heptalion_solver import minimax, record_after
from test_host_analysis import analyses, late_heptalion

from spielstube.ai.heptalion import analysis
from spielstube.ai.heptalion.analysis import Analysis
from spielstube.games.heptalion import RULES, TILE_INDEX
from spielstube.host import jobs


def truth(state):
    """(winning, losing) record moves of the mover by plain minimax."""
    seat = state.current_player
    occ, me, opp = state.occupied, state.hands[seat], state.hands[1 - seat]
    idx = state.board.index
    winning, losing = [], []
    for move in state.legal_moves():
        mask = (1 << idx[move.cells[0]]) | (1 << idx[move.cells[1]])
        wins = not minimax(occ | mask, opp, me & ~(1 << TILE_INDEX[move.tile]))
        (winning if wins else losing).append(json.dumps(RULES.move_to_json(move, seat), sort_keys=True))
    return sorted(winning), sorted(losing)


def as_keys(moves):
    return sorted(json.dumps(m, sort_keys=True) for m in moves)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(8, 12), st.sampled_from([1, 30, 4000]))
def test_every_step_is_exact_and_the_end_agrees_with_minimax(seed, plies, first_round):
    # Tiny first rounds leave most placements to later rounds: the answers must not change.
    old = analysis.FIRST_ROUND_NODES
    analysis.FIRST_ROUND_NODES = first_round
    try:
        state = record_after(plies, seed)[1]
        if state.is_terminal():
            return
        steps = []
        result = Analysis().run(state, progress=steps.append)
    finally:
        analysis.FIRST_ROUND_NODES = old
    winning, losing = truth(state)
    assert as_keys(result["winning_moves"]) == winning and as_keys(result["losing_moves"]) == losing
    assert result["value"] == ("win" if winning else "loss")
    assert result["decided"] == result["total"] == len(winning) + len(losing) and result["undecided"] == 0
    # A step per placement tried, each a true subset of the answer, growing by at most one.
    counts = [0] + [s["decided"] for s in steps]
    assert all(b - a in (0, 1) for a, b in zip(counts, counts[1:])) and counts[-1] == result["total"]
    assert [s["nodes"] for s in steps] == sorted(s["nodes"] for s in steps)
    for step in steps:
        assert set(as_keys(step["winning_moves"])) <= set(winning)
        assert set(as_keys(step["losing_moves"])) <= set(losing)
        assert step["undecided"] == step["total"] - step["decided"] == len(step["undecided_moves"])
        parts = as_keys(step["winning_moves"]) + as_keys(step["losing_moves"]) + as_keys(step["undecided_moves"])
        assert sorted(parts) == sorted(winning + losing)  # every placement in exactly one list
        assert step["value"] == ("win" if step["winning_moves"] else "unknown")


def test_out_of_time_the_placements_decided_so_far_are_kept():
    state = record_after(3, 5)[1]
    steps = []
    result = Analysis().run(state, seconds=0.3, progress=steps.append)
    assert result["value"] in ("win", "unknown")
    assert result["decided"] == len(result["winning_moves"]) + len(result["losing_moves"])
    assert result["undecided"] == result["total"] - result["decided"] > 0
    assert steps and steps[-1]["decided"] == result["decided"]


def analysed_six_placements_in(monkeypatch, every):
    """(view, analysis messages pushed) of a 2-person game 6 placements in, progress at most ``every`` s."""
    monkeypatch.setattr(jobs, "PROGRESS_EVERY", every)
    bench = Bench()
    view = late_heptalion(bench, moves_played=6)
    bench.send("analyse", game="heptalion", version=view["version"], past=None)
    return view, analyses(bench.run())


def test_the_host_pushes_progress_of_the_position_asked_for(monkeypatch):
    view, pushed = analysed_six_placements_in(monkeypatch, 0.0)
    working = [m for m in pushed if m["state"] == "working"]
    done = pushed[-1]
    assert done["state"] == "done" and "progress" not in done
    assert working, "no progress pushed before the result"
    for message in working:
        assert message["reply_to"] is None and message["result"] is None
        assert (message["version"], message["past"]) == (view["version"], None)
    counts = [m["progress"]["decided"] for m in working]
    assert counts == sorted(counts) and counts[-1] <= done["result"]["total"]
    assert set(as_keys(working[-1]["progress"]["losing_moves"])) <= set(as_keys(done["result"]["losing_moves"]))


def test_progress_pushes_are_spaced_by_the_host_clock(monkeypatch):
    _view, pushed = analysed_six_placements_in(monkeypatch, 1e9)
    assert len([m for m in pushed if m["state"] == "working"]) <= 1
