"""The decisive Topologic table: every row of issue 12, exact over every secret, beside the bound.

Each row (3, 4, 5 seekers on 6x10 and on random shapes) for greedy, normal
and strong, on the first B fresh boards of seed S (bench.fresh_boards, the
secret of "one secret per board" from bench.fresh_secrets), untimed,
evaluate.walk over every secret. Every finished board is appended as one
JSON line to --out, so a stopped run continues where it stopped and the
table can be printed at any time from what is there (--report). Rows advance\ntogether, --chunk boards at a time, greedy first.

    PYTHONPATH=py nice -n 10 python3 tools/measure/topologic_table.py --seed 3031 --boards 300 \
        --out /tmp/topologic_table_3031.jsonl            # runs what is missing, then prints
    PYTHONPATH=py python3 tools/measure/topologic_table.py --seed 3031 --boards 300 \
        --out /tmp/topologic_table_3031.jsonl --report   # prints only

The bound is the board-free optimum of tools/measure/topologic_bound.py (no seeker
on any board or shape can do better on average). "vs greedy" is paired over
the boards both have finished. Session tool for issue 12; stdlib only.
"""

import argparse
import json
import os
import subprocess
import sys
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "py"))

from spielstube.ai.topologic import LEVEL_SETTINGS, policy_for  # noqa: E402
from spielstube.bench.topologic import fresh_boards, fresh_secrets  # noqa: E402
from spielstube.ai.topologic.evaluate import Summary, distribution, mean_and_half_width, walk  # noqa: E402
from spielstube.ai.topologic.seeker import tables_for  # noqa: E402
from spielstube.games.topologic import build_board  # noqa: E402

# tools/measure/topologic_bound.py --seekers N --splits 3 (docs/benchmarks.md, "What no seeker can beat")
BOUND = {3: Fraction(250, 60), 4: Fraction(225, 60), 5: Fraction(215, 60)}
# issue 12: 5 seekers 6x10 <= 3.85; every other row 0.3 below its old figure
TARGET = {(5, "6x10"): 3.85, (4, "6x10"): 4.23 - 0.3, (3, "6x10"): 4.46 - 0.3,
          (5, "random"): 4.25 - 0.3, (4, "random"): 4.65 - 0.3, (3, "random"): 4.76 - 0.3}
ROWS = [(5, "6x10"), (4, "6x10"), (3, "6x10"), (5, "random"), (4, "random"), (3, "random")]
LEVELS = ("greedy", "strong", "normal")  # the order the rows are run in: the baseline first


class StoredResult:
    """A board's result read back from --out, shaped like evaluate.BoardResult for Summary.add."""

    def __init__(self, record):
        self.hints = dict(enumerate(record["hints"]))
        self.thinks = [tuple(t) for t in record["cpu"]]
        self.cpu_thinks = self.thinks
        self.mean = sum(record["hints"]) / len(record["hints"])


def load(path):
    done = {}
    if os.path.exists(path):
        with open(path) as handle:
            for line in handle:
                if line.strip():
                    r = json.loads(line)
                    done[(r["level"], r["seekers"], r["shape"], r["seed"], r["index"])] = r
    return done


def run_board(level, seekers, shape, seed, index, code, secret):
    tables = tables_for(build_board(code))
    result = walk(policy_for(level, tables, seekers, timed=False), tables, seekers, f"{seed}/")
    return {"level": level, "seekers": seekers, "shape": shape, "seed": seed, "index": index, "code": code,
            "settings": repr(LEVEL_SETTINGS.get(level)),
            "secret": tables.board.index[tables.board.cell_of[secret]],
            "hints": [result.hints[c] for c in range(tables.size)],
            "cpu": [[round(s, 5), round(w, 5)] for s, w in result.cpu_thinks]}


def run(args, done, levels, rows):
    """Runs what --out lacks, CHUNK boards of every row and level at a time (a stopped run leaves
    every row with about as many boards, the first ones of its stream)."""
    streams = {shape: list(zip(fresh_boards(args.boards, args.seed, shape), fresh_secrets(args.boards, args.seed)))
               for _, shape in rows}
    with open(args.out, "a") as handle:
        for first in range(0, args.boards, args.chunk):
            for level in levels:
                for seekers, shape in rows:
                    for index in range(first, min(first + args.chunk, args.boards)):
                        key = (level, seekers, shape, args.seed, index)
                        if key in done:
                            continue
                        code, secret = streams[shape][index]
                        record = run_board(level, seekers, shape, args.seed, index, code, secret)
                        handle.write(json.dumps(record) + "\n")
                        handle.flush()
                        done[key] = record
            print(f"boards {first + 1}-{min(first + args.chunk, args.boards)} of every row done", flush=True)


def summary_of(done, level, seekers, shape, seed):
    records = sorted((r for k, r in done.items() if k[:4] == (level, seekers, shape, seed)), key=lambda r: r["index"])
    settings = {r.get("settings") for r in records}
    if len(settings) > 1:
        raise SystemExit(f"{level} {seekers} {shape}: boards from different settings {settings}; run the row again")
    summary = Summary()
    for r in records:
        summary.add(StoredResult(r), r["secret"])
    return summary, {r["index"]: sum(r["hints"]) / len(r["hints"]) for r in records}


def report(done, seed, levels, rows):
    lines = ["| seeker | seekers | shape | boards | mean hints (exact, 95 %) | bound | above bound | target "
             "| vs greedy (paired, 95 %) | worst | hints: (board, secret) pairs | one secret per board "
             "| think p50 / p95 / max (CPU) |",
             "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: |"]
    for seekers, shape in rows:
        _, greedy_means = summary_of(done, "greedy", seekers, shape, seed)
        for level in levels:
            summary, means = summary_of(done, level, seekers, shape, seed)
            if not summary.boards:
                continue
            mean, half = summary.mean_interval()
            bound = float(BOUND[seekers])
            common = sorted(set(means) & set(greedy_means))
            paired = "-"
            if level != "greedy" and len(common) > 1:
                d, dh = mean_and_half_width([means[i] - greedy_means[i] for i in common])
                paired = f"{d:+.3f} ± {dh:.3f} ({len(common)})"
            sampled, sampled_half = summary.sampled_interval()
            cpu = [summary.think_percentile(q, cpu=True) * 1000 for q in (0.5, 0.95, 1.0)]
            lines.append(f"| {level} | {seekers} | {shape} | {summary.boards} | {mean:.3f} ± {half:.3f} "
                         f"| {bound:.3f} | {mean - bound:.3f} | {TARGET[(seekers, shape)]:.2f} | {paired} "
                         f"| {max(summary.exact)} | {distribution(summary.exact)} "
                         f"| {sampled:.2f} ± {sampled_half:.2f}, worst {max(summary.sampled)} "
                         f"| {cpu[0]:.0f} / {cpu[1]:.0f} / {cpu[2]:.0f} ms |")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=3031)
    parser.add_argument("--boards", type=int, default=300)
    parser.add_argument("--out", default=None, help="JSON lines of finished boards (default /tmp/topologic_table_SEED.jsonl)")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--chunk", type=int, default=20, help="boards of every row run before the next ones")
    parser.add_argument("--rows", default=None, help="e.g. 5x6x10,3xrandom (default: all six)")
    parser.add_argument("--report", action="store_true", help="print the table from --out, run nothing")
    parser.add_argument("--upto", type=int, default=None, help="report only the first N boards of every row")
    args = parser.parse_args(argv)
    args.out = args.out or f"/tmp/topologic_table_{args.seed}.jsonl"
    levels = args.levels.split(",")
    rows = ROWS if not args.rows else [(int(r.split("x", 1)[0]), r.split("x", 1)[1]) for r in args.rows.split(",")]
    done = load(args.out)
    if args.upto is not None:
        args.report = True
        done = {key: record for key, record in done.items() if key[4] < args.upto}
    if not args.report:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
        print(f"code at {commit}; seed {args.seed}, {args.boards} boards a row, into {args.out}", flush=True)
        run(args, done, levels, rows)
    print(report(done, args.seed, [lv for lv in LEVELS if lv in levels], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
