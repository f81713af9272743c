"""A bench run replaces only its own section of docs/benchmarks.md."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import benchmarks_section  # noqa: E402

HAND = "# Benchmarks\n\nIntro.\n\n## Heptalion: 3-4 players\n\n| run | share |\n|---|---|\n| a | 40 % |\n"
RUN_1 = "# Benchmarks\n\nWritten on day 1.\n\n## Engine speed\n\n| x | 1 |\n"
RUN_2 = "# Benchmarks\n\nWritten on day 2.\n\n## Engine speed\n\n| x | 2 |\n\n### Detail\n\nmore\n"


def test_the_first_run_is_added_after_the_hand_run_tables():
    text = benchmarks_section.merged(HAND, RUN_1)
    assert text.startswith(HAND.rstrip("\n"))
    assert "### Engine speed" in text and "| x | 1 |" in text
    assert text.count("# Benchmarks") == 1  # the run's own title is dropped


def test_a_second_run_replaces_the_first_and_keeps_everything_else():
    once = benchmarks_section.merged(HAND, RUN_1)
    edited = once.replace("| a | 40 % |", "| a | 40 % |\n| b | 41 % |")  # a table added by hand later
    twice = benchmarks_section.merged(edited, RUN_2)
    assert "| x | 1 |" not in twice and "Written on day 1." not in twice
    assert "| x | 2 |" in twice and "#### Detail" in twice
    assert "| b | 41 % |" in twice
    assert twice.count(benchmarks_section.BEGIN) == 1 and twice.count(benchmarks_section.END) == 1


def test_text_after_the_section_stays():
    once = benchmarks_section.merged(HAND, RUN_1) + "\n## Notes added below\n"
    assert "## Notes added below" in benchmarks_section.merged(once, RUN_2)


def test_a_section_without_its_end_marker_is_refused():
    broken = HAND + "\n" + benchmarks_section.BEGIN + "\n## half\n"
    with pytest.raises(ValueError):
        benchmarks_section.merged(broken, RUN_1)


def test_the_command_line_rewrites_the_file(tmp_path):
    doc, run = tmp_path / "benchmarks.md", tmp_path / "run.md"
    doc.write_text(HAND, encoding="utf-8")
    run.write_text(RUN_1, encoding="utf-8")
    assert benchmarks_section.main(["x", str(doc), str(run)]) == 0
    assert "| x | 1 |" in doc.read_text(encoding="utf-8")
    assert benchmarks_section.main(["x", str(doc)]) == 2
