"""The strong seeker with and without the entry split (ai/topologic/entry.py), paired on the same boards.

Every secret of every board (evaluate.walk, untimed, the bench's draws), for
the unchanged Seeker defaults and for strong; one line per board (both means,
the entry's CPU time, both worst rounds), then the paired difference.

    PYTHONPATH=py nice -n 10 python3 tools/measure/topologic_entry_pair.py --seekers 4 --boards 60 --seed 2027
        [--shape 6x10] [--skip K]   (--skip: start at board K of the stream, to continue a run)

Session tool for issue 12; stdlib only.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "py"))
sys.path.insert(0, HERE)

from spielstube.ai.topologic import policy_for  # noqa: E402
from spielstube.bench.topologic import fresh_boards  # noqa: E402
from spielstube.ai.topologic.evaluate import mean_and_half_width, walk  # noqa: E402
from spielstube.ai.topologic.seeker import Seeker, tables_for  # noqa: E402
from spielstube.games.topologic import build_board  # noqa: E402
from topologic_tune import board_arguments  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    board_arguments(parser, 4, 60, 2027)
    args = parser.parse_args(argv)
    n, seed_text = args.seekers, f"{args.seed}/"
    old, new = [], []
    for code in fresh_boards(args.boards, args.seed, args.shape)[args.skip:]:
        tables = tables_for(build_board(code))
        before = walk(Seeker(tables, n), tables, n, seed_text)
        after = walk(policy_for("strong", tables, n, timed=False), tables, n, seed_text)
        entry = max(seconds for seconds, share in after.cpu_thinks if share == 1.0)
        old.append(before.mean)
        new.append(after.mean)
        print(f"{code} {before.mean:.4f} {after.mean:.4f} entry cpu {entry * 1000:.0f} ms "
              f"worst {max(before.hints.values())} {max(after.hints.values())}", flush=True)
    (mo, ho), (mn, hn) = mean_and_half_width(old), mean_and_half_width(new)
    md, hd = mean_and_half_width([b - a for a, b in zip(old, new)])
    print(f"{n} seekers {args.shape}, {len(old)} boards (seed {args.seed}): unchanged {mo:.4f} ± {ho:.4f}, "
          f"entry split {mn:.4f} ± {hn:.4f}, paired {md:+.4f} ± {hd:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
