"""tools/measure/topologic_table.py: the decisive table runs what is missing, keeps it, and reports it exactly."""

import json
import os
import sys

import pytest

from spielstube.bench.topologic import evaluate_level

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "measure"))

import topologic_table  # noqa: E402


def run(out, *more):
    return topologic_table.main(["--seed", "7", "--boards", "2", "--chunk", "1", "--rows", "3x6x10",
                                 "--levels", "greedy,normal", "--out", str(out), *more])


def test_a_row_is_the_exact_mean_of_its_boards_and_a_second_run_adds_nothing(tmp_path, capsys):
    out = tmp_path / "table.jsonl"
    run(out)
    lines = out.read_text().splitlines()
    assert len(lines) == 4  # 2 boards x 2 levels
    run(out)
    assert out.read_text().splitlines() == lines
    report = capsys.readouterr().out
    for level in ("greedy", "normal"):
        mean, half = evaluate_level(level, 2, 7, seekers=3).mean_interval()
        row = next(line for line in report.splitlines() if line.startswith(f"| {level} | 3 | 6x10 | 2 |"))
        assert f"{mean:.3f} ± {half:.3f}" in row and "| 4.167 |" in row
    run(out, "--upto", "1")
    assert "| greedy | 3 | 6x10 | 1 |" in capsys.readouterr().out
    assert out.read_text().splitlines() == lines


def test_boards_of_different_settings_are_not_mixed_in_a_row(tmp_path):
    out = tmp_path / "table.jsonl"
    run(out)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    records[0]["settings"] = "{'something': 'else'}"
    out.write_text("".join(json.dumps(r) + "\n" for r in records))
    with pytest.raises(SystemExit, match="different settings"):
        run(out, "--report")
