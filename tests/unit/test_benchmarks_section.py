"""A bench run replaces only its own section of docs/benchmarks.md; the hand-run part stays short
and keeps every heading cited elsewhere."""

import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "measure"))
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


DOC = os.path.join(ROOT, "docs", "benchmarks.md")
MAX_LINES = 700  # the hand-run tables: current figures only; the history of experiments is in git


def _hand_run_part(text):
    start = text.find(benchmarks_section.BEGIN)
    if start < 0:
        return text
    end = text.index(benchmarks_section.END, start) + len(benchmarks_section.END)
    return text[:start] + text[end:]


def test_the_hand_run_tables_stay_under_700_lines():
    with open(DOC, encoding="utf-8") as handle:
        lines = _hand_run_part(handle.read()).count("\n")
    assert lines <= MAX_LINES, (
        f"docs/benchmarks.md holds {lines} hand-written lines, more than {MAX_LINES}: keep the "
        "current figures of each thing measured and leave the older ones to git")


def test_a_run_lands_at_the_end_of_the_real_file():
    with open(DOC, encoding="utf-8") as handle:
        text = handle.read()
    once = benchmarks_section.merged(text, RUN_1)
    assert once.rstrip("\n").endswith(benchmarks_section.END)
    assert _hand_run_part(once).strip() == _hand_run_part(text).strip()
    assert _hand_run_part(benchmarks_section.merged(once, RUN_2)).strip() == _hand_run_part(text).strip()


def _cited_headings():
    """The headings that code, tools, tests or the README cite, as benchmarks.md followed by a comma
    and the heading in double quotes."""
    cited = []
    for top in ("py", "tools", "tests", "static"):
        for folder, _dirs, files in os.walk(os.path.join(ROOT, top)):
            if "vendor" in folder:
                continue
            for name in files:
                if name.endswith((".py", ".js", ".mjs", ".md")):
                    cited.append(os.path.join(folder, name))
    cited += [os.path.join(ROOT, name) for name in ("README.md", "sw.js", "build.sh")]
    found = []
    for path in cited:
        with open(path, encoding="utf-8") as handle:
            text = " ".join(re.sub(r"\n\s*(#|//)", " ", handle.read()).split())  # comments joined
        found += [(os.path.relpath(path, ROOT), quote) for quote in
                  re.findall(r'benchmarks\.md[,:] "([^"]+)"', text)]
    return found


def test_every_heading_cited_elsewhere_is_there():
    with open(DOC, encoding="utf-8") as handle:
        headings = [line.lstrip("#").strip().lower() for line in handle if line.startswith("#")]
    cited = _cited_headings()
    assert cited, "the pattern finds no citation at all: check _cited_headings"
    missing = [(path, quote) for path, quote in cited
               if not any(quote.lower() in heading for heading in headings)]
    assert not missing, f"cited in code but no heading of docs/benchmarks.md has it: {missing}"
