"""The count of positions searched moves while one long solver call runs: the
host's pause hook asks the analysis for a snapshot (ai.heptalion.analysis
``snapshot``, host/jobs.py ``Analyst.tick``), within the same throttle."""

from host_helpers import Bench
from test_heptalion_analysis_progress import as_keys
from test_host_analysis import analyses, late_heptalion

from spielstube.ai import clock
from spielstube.ai.heptalion import analysis
from spielstube.ai.heptalion.analysis import Analysis
from spielstube.host import jobs


def pushed_with_one_round(monkeypatch, every, moves_played=6):
    """(done message, working messages) of an analysis whose first round decides every
    placement (one solver call each), the pause hook run at every clock read."""
    monkeypatch.setattr(jobs, "PROGRESS_EVERY", every)
    monkeypatch.setattr(analysis, "FIRST_ROUND_NODES", 10**9)
    monkeypatch.setattr(clock, "PAUSE_EVERY", 0.0)
    bench = Bench()
    view = late_heptalion(bench, moves_played=moves_played)
    bench.send("analyse", game="heptalion", version=view["version"], past=None)
    pushed = analyses(bench.run())
    return pushed[-1], [m for m in pushed if m["state"] == "working" and "progress" in m]


def test_pushes_come_from_inside_the_solver_calls(monkeypatch):
    done, working = pushed_with_one_round(monkeypatch, 0.0)
    assert done["state"] == "done"
    total = done["result"]["total"]
    # One push per placement tried without the hook's snapshots; with them, more.
    assert len(working) > total
    steps = [(m["progress"]["decided"], m["progress"]["nodes"]) for m in working]
    assert steps == sorted(steps), "decided and nodes only grow"
    inside = [b for a, b in zip(steps, steps[1:]) if b[0] == a[0] and b[1] > a[1]]
    assert inside, "no push with more nodes and the same placements decided"
    assert max(n for _, n in steps) <= done["result"]["nodes"]
    for message in working:  # a snapshot is as exact as a step between calls
        step = message["progress"]
        assert step["undecided"] == step["total"] - step["decided"] == len(step["undecided_moves"])
        assert set(as_keys(step["losing_moves"])) <= set(as_keys(done["result"]["losing_moves"]))
        assert set(as_keys(step["winning_moves"])) <= set(as_keys(done["result"]["winning_moves"]))


def test_the_snapshots_keep_the_throttle(monkeypatch):
    _done, working = pushed_with_one_round(monkeypatch, 1e9)
    assert len(working) <= 1


def test_no_snapshot_outside_a_run():
    assert Analysis().snapshot() is None
