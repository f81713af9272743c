"""Puts the output of ``python -m spielstube bench`` into docs/benchmarks.md.

The file holds hand-run tables (strength runs of hundreds of games, page
measurements) beside what ``bench`` regenerates. Rewriting the whole file
dropped the hand-run ones, so a bench run now replaces only its own marked
section (appended at the end the first time), one heading level down.

    python3 tools/measure/benchmarks_section.py docs/benchmarks.md RUN_OUTPUT
"""

import sys

BEGIN = "<!-- ./build.sh bench: begin (generated; edit the tables above instead) -->"
END = "<!-- ./build.sh bench: end -->"
TITLE = "## The latest run of `./build.sh bench`"


def as_section(run_output):
    """The run's markdown under TITLE: its ``# Benchmarks`` line dropped, headings one level deeper."""
    lines = []
    for line in run_output.splitlines():
        if line.startswith("# "):
            continue
        lines.append("#" + line if line.startswith("#") else line)
    body = "\n".join(lines).strip("\n")
    return f"{BEGIN}\n{TITLE}\n\n{body}\n{END}"


def merged(document, run_output):
    """``document`` with its generated section replaced by ``run_output`` (or added at the end)."""
    section = as_section(run_output)
    start = document.find(BEGIN)
    if start < 0:
        return document.rstrip("\n") + "\n\n" + section + "\n"
    end = document.find(END, start)
    if end < 0:
        raise ValueError(f"{BEGIN!r} without {END!r}: fix the file by hand")
    return document[:start] + section + document[end + len(END):]


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    path, run_path = argv[1], argv[2]
    with open(path, encoding="utf-8") as handle:
        document = handle.read()
    with open(run_path, encoding="utf-8") as handle:
        run_output = handle.read()
    try:
        text = merged(document, run_output)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
