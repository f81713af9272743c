"""Topologic seeker policies: the greedy baseline, the exact evaluator, budgets, benches."""

import argparse
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from spielstube.ai import clock
from spielstube.ai.topologic import BENCH_LEVELS, policy_for
from spielstube.bench.topologic import run_selfplay
from spielstube.bench.topologic import bench_row, evaluate_level, fresh_boards, fresh_secrets
from spielstube.ai.topologic.evaluate import Summary, mean_and_half_width, walk
from spielstube.ai.topologic.greedy import GreedySeeker
from spielstube.ai.topologic.seeker import Seeker, tables_for
from spielstube.core.rng import Rng
from spielstube.games.topologic import LOCATIONS, RULES, build_board


class NodeSeeded:
    """A policy whose draws depend only on what it sees, so any two ways of playing agree."""

    def __init__(self, inner):
        self.inner = inner

    def choose(self, positions, candidates, rng):
        return self.inner.choose(positions, candidates, Rng(f"{positions}/{sorted(candidates)}"))


def rules_engine_hints(policy, board, seekers, secret):
    options = RULES.normalize_options({"seekers": seekers, "shape": board.shape})
    state = RULES.initial_state(options, {"board": board.code, "secrets": [list(secret)] * 2,
                                          "first_seeker": 0})
    while state.round_index == 0:
        positions = None if state.in_entry else tuple(board.index[c] for c in state.positions)
        turn = policy.choose(positions, [board.index[c] for c in state.candidates], Rng(0))
        state = state.apply(state.make_move(board.cells[i] for i in turn))  # apply checks it
        assert len(state.rounds[0]) <= 30
    return len(state.rounds[0])


def test_the_exact_walk_gives_what_the_rules_engine_plays_for_each_secret():
    board = build_board("6x10.7k")
    tables = tables_for(board)
    policy = NodeSeeded(GreedySeeker(tables, 3))
    result = walk(policy, tables, 3)
    assert sorted(result.hints) == list(range(60))
    for secret_cell in range(0, 60, 7):
        secret = board.tiles[board.cells[secret_cell]]
        assert rules_engine_hints(policy, board, 3, secret) == result.hints[secret_cell]


def test_the_walk_refuses_an_illegal_turn():
    board = build_board("6x10.7k")
    tables = tables_for(board)
    inner = sorted(set(range(tables.size)) - set(tables.border))[0]

    class EntersInside:
        def choose(self, positions, candidates, rng):
            return (inner,) * 3

    with pytest.raises(RuntimeError, match="illegal"):
        walk(EntersInside(), tables, 3)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10 ** 9), seekers=st.sampled_from([3, 4, 5]),
       shape=st.sampled_from(["6x10", "random"]))
def test_greedy_finishes_every_secret_with_legal_turns(seed, seekers, shape):
    code = fresh_boards(1, seed, shape)[0]
    tables = tables_for(build_board(code))
    result = walk(GreedySeeker(tables, seekers), tables, seekers)  # walk checks every turn
    assert len(result.hints) == 60
    assert all(2 <= h <= 12 for h in result.hints.values())


def test_greedy_gambles_when_two_candidates_are_one_move_away():
    board = build_board("6x10.3")
    tables = tables_for(board)
    a, b = 0, 1  # neighbours on the top row: every field on row 0 reaches both
    positions = (2, 3, 4)
    turn = GreedySeeker(tables, 3).choose(positions, [a, b], Rng(1))
    assert len(set(turn)) == 1 and turn[0] in (a, b)


def test_mean_and_interval():
    mean, half = mean_and_half_width([3, 4, 5, 4])
    assert mean == 4
    assert half == pytest.approx(1.96 * (2 / 3 / 4) ** 0.5)


def test_think_percentiles_weigh_turns_by_the_secrets_that_reach_them():
    summary = Summary()
    summary.thinks = [(0.1, 1.0), (0.5, 0.01), (0.9, 0.01)]
    assert summary.think_percentile(0.95) == 0.1
    assert summary.think_percentile(1.0) == 0.9
    assert summary.think_max == 0.9


def test_fresh_secrets_are_uniform_and_do_not_depend_on_the_boards():
    secrets = fresh_secrets(3000, 4)
    counts = Counter(secrets)
    assert set(counts) == set(LOCATIONS)
    expected = 3000 / 60
    chi2 = sum((counts[loc] - expected) ** 2 / expected for loc in LOCATIONS)
    assert chi2 < 100  # 59 degrees of freedom: 99.9 % quantile is about 99.6
    assert fresh_secrets(20, 4) == secrets[:20]
    assert fresh_boards(5, 4, "6x10") != fresh_boards(5, 5, "6x10")


def test_a_budget_of_zero_still_gives_a_legal_turn_and_reads_the_shared_clock(monkeypatch):
    board = build_board("6x10.5")
    tables = tables_for(board)
    calls = []
    real_now = clock.now
    # Counted at ai.clock.now itself, the function the host's pause hook runs in.
    monkeypatch.setattr(clock, "now", lambda: calls.append(1) or real_now())
    entry = Seeker(tables, 5, budget=0.0).choose(None, range(60), Rng(2))
    assert len(entry) == 5 and all(p in tables.border for p in entry)
    assert calls, "the budget must be read through ai.clock.now()"


def test_the_budget_cuts_the_search_short():
    board = build_board("6x10.5")
    tables = tables_for(board)
    full = Seeker(tables, 5)
    cut = Seeker(tables, 5, budget=0.0)
    ticks = []
    real_now = clock.now
    try:
        clock.now = lambda: ticks.append(1) or real_now()
        full.choose(None, range(60), Rng(2))
        full_ticks = len(ticks)
        ticks.clear()
        cut.choose(None, range(60), Rng(2))
    finally:
        clock.now = real_now
    assert full_ticks == 0  # no budget, no clock
    assert len(ticks) >= 1


def test_every_bench_seeker_has_a_policy():
    tables = tables_for(build_board("random.2"))
    for level in BENCH_LEVELS:
        turn = policy_for(level, tables, 4).choose(None, range(60), Rng(3))
        assert len(turn) == 4 and all(p in tables.border for p in turn)


def test_evaluate_level_and_bench_row():
    summary = evaluate_level("greedy", 2, seed=9, seekers=3)
    assert summary.boards == 2
    assert sum(summary.exact.values()) == 120 and sum(summary.sampled.values()) == 2
    row = bench_row("greedy", 3, "6x10", 1, 9)
    assert row.startswith("| greedy | 3 | 6x10 |") and row.count("|") == 9


def test_selfplay_reports_greedy_and_the_levels(capsys):
    args = argparse.Namespace(games=1, seed=5, seekers=3, shape="6x10", players="ai:greedy,ai:easy")
    assert run_selfplay(args) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "easy" in out and "+-" in out and "worst" in out and "hints:" in out
    args.exact = True
    assert run_selfplay(args) == 0
    assert "(board, secret) pairs" in capsys.readouterr().out


def test_selfplay_writes_a_record_per_match_as_every_game_does(tmp_path, capsys):
    """The command line's ``selfplay topologic --records DIR --options JSON``."""
    from spielstube.__main__ import main
    from spielstube.core.record import parse_record, replay
    from spielstube.games import get_rules
    from spielstube.games.topologic.moves import Hide

    folder = tmp_path / "matches"
    assert main(["selfplay", "topologic", "--players", "ai:normal,ai:easy", "--games", "2", "--seed", "3",
                 "--options", '{"seekers": 3, "shape": "4x15"}', "--records", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "2 records in" in out and "wins" in out and "mean hints as seeker" in out
    files = sorted(folder.iterdir())
    assert len(files) == 2
    for path in files:
        replayed = replay(parse_record(path.read_bytes()), get_rules)
        assert replayed.options == {"seekers": 3, "shape": "4x15"} and replayed.final.is_terminal()
        assert sum(isinstance(move, Hide) for move in replayed.moves) == 2
    assert main(["selfplay", "topologic", "--players", "ai:normal", "--records", str(folder)]) == 2
    assert main(["selfplay", "topologic", "--players", "ai:normal,ai:easy", "--records", str(folder),
                 "--options", '{"seekers": 7}']) == 2
    assert "seekers" in capsys.readouterr().err


def test_selfplay_refuses_an_unknown_seeker(capsys):
    args = argparse.Namespace(games=1, seed=5, seekers=3, shape="6x10", players="ai:wizard")
    assert run_selfplay(args) == 2
    assert "ai:wizard" in capsys.readouterr().err


def test_a_row_split_over_parts_merges_into_the_whole_row():
    whole = evaluate_level("greedy", 2, seed=3, seekers=3)
    merged = evaluate_level("greedy", 2, seed=3, seekers=3, part=(0, 2))
    merged.merge(evaluate_level("greedy", 2, seed=3, seekers=3, part=(1, 2)))
    assert sorted(merged.board_means) == sorted(whole.board_means)
    assert merged.exact == whole.exact and merged.sampled == whole.sampled
    assert len(merged.thinks) == len(whole.thinks)


def test_out_of_time_a_descent_stops_after_the_seeker_it_is_on(monkeypatch):
    # The budget's overrun is one seeker's fields, not a whole descent: each
    # descent started once the time is out scores at most the first seeker's
    # fields (counted, not timed).
    board = build_board("6x10.5")
    tables = tables_for(board)
    seeker = Seeker(tables, 5, budget=0.0)
    positions = (0, 9, 25, 34, 59)
    options_first = len(tables.reach[positions[0]])
    scored = []
    descents = []
    real_value, real_descend = seeker.value_of_columns, seeker.descend

    def counting_value(*args):
        scored.append(1)
        return real_value(*args)

    def counting_descend(turn, options, view):
        before = len(scored)
        result = real_descend(turn, options, view)
        descents.append((len(scored) - before, len(options[0])))
        return result

    monkeypatch.setattr(seeker, "value_of_columns", counting_value)
    monkeypatch.setattr(seeker, "descend", counting_descend)
    monkeypatch.setattr(clock, "now", lambda: float(len(scored)))  # time runs out with the first score
    turn = seeker.choose(positions, range(60), Rng(3))
    assert all(p == q or p in tables.reach[q] for p, q in zip(turn, positions))
    assert descents and all(count <= first for count, first in descents)
    assert options_first > 1
