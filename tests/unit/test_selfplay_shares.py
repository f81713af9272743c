"""selfplay with 3-4 players: seats rotate, points are shared per player, think
times are reported as percentiles on the budget's clock, and --seconds
replaces every level's budget."""

import pytest
from hypothesis import given, strategies as st

from spielstube.ai import clock
from spielstube.ai.heptalion import agent_for
from spielstube.commands.selfplay import run as run_selfplay
from spielstube.bench.selfplay import percentile, play_match, wilson_interval


def test_percentile_is_the_nearest_rank():
    values = list(range(1, 21))
    assert percentile(values, 50) == 10
    assert percentile(values, 95) == 19
    assert percentile(values, 100) == 20
    assert percentile([7], 95) == 7


@given(st.integers(1, 2000), st.data())
def test_the_wilson_interval_holds_the_share_even_at_none_and_all(trials, data):
    # Points are counted in halves (a shared first place), so successes may be x.5.
    successes = data.draw(st.integers(0, 2 * trials)) / 2
    low, high = wilson_interval(successes, trials)
    assert 0.0 <= low <= successes / trials <= high <= 1.0
    if successes == trials:
        assert high == 1.0
    if successes == 0:
        assert low == 0.0


def test_three_players_rotate_and_share_the_points():
    summary = play_match("heptalion", ["easy", "mcts", "easy"], 6, 3, {"players": 3}, seconds=0.002)
    assert summary.games == 6
    assert sum(summary.points) == 6  # one winner a game
    assert sum(summary.wins) == 6
    assert all(len(times) == count for times, count in zip(summary.think_times, summary.think_count))
    assert all(summary.think_count)  # everyone moved: each player sat in every seat
    low, high = wilson_interval(summary.points[1], summary.games)
    assert 0 <= low <= summary.share(1) <= high <= 1
    text = "\n".join(summary.lines())
    assert "p50" in text and "p95" in text and "wall clock" in text


def test_seconds_replaces_the_budget_and_cpu_clock_is_reported(capsys):
    class Args:
        game = "heptalion"
        players = "ai:strong,ai:mcts,ai:mcts"
        games = 1
        seed = 2
        options = '{"players": 3}'
        records = None
        area = None
        cpu_clock = True
        seconds = 0.01
        progress = True

    try:
        assert run_selfplay(Args) == 0
    finally:
        clock.use_cpu_time(False)
    captured = capsys.readouterr()
    assert "CPU seconds" in captured.out and "after 1 games" in captured.err
    strong = agent_for("strong", {"players": 3}, seconds=0.01)
    assert strong.seconds == 0.01 and strong.endgame.seconds == 0.01


def test_seconds_is_refused_for_a_game_whose_players_do_not_take_it():
    with pytest.raises(ValueError, match="--seconds"):
        play_match("schlangennest", ["easy", "easy"], 1, 1, {}, seconds=0.01)
