"""A Topologic seeker's settings changed, paired with the level as it is, on the same boards.

Every secret of every board (evaluate.walk, untimed, the bench's draws) for
the level (strong or normal, ai/topologic LEVEL_SETTINGS) and for each
variant: the same level with some Seeker keywords replaced, given as JSON.
One line per board, then each variant's paired difference with its 95 %
interval and its CPU time against the level's.

    PYTHONPATH=py nice -n 10 python3 tools/measure/topologic_tune.py --seekers 5 --boards 40 --seed 601 \
        '{"unreach_penalty": [1.0, 0.8, 0.25]}' '{"straggler": 0.1}'  [--shape random] [--level normal]

Session tool for issue 12; stdlib only.
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "py"))

from spielstube.ai.topologic import LEVEL_SETTINGS  # noqa: E402
from spielstube.bench.topologic import fresh_boards  # noqa: E402
from spielstube.ai.topologic.evaluate import mean_and_half_width, walk  # noqa: E402
from spielstube.ai.topologic.seeker import Seeker, tables_for  # noqa: E402
from spielstube.games.topologic import build_board  # noqa: E402


def settings(level, change):
    merged = dict(LEVEL_SETTINGS[level])
    merged.update({k: tuple(v) if isinstance(v, list) else v for k, v in change.items()})
    return merged


def board_arguments(parser, seekers, boards, seed):
    """--seekers --boards --seed --shape --skip (start at board K of the stream, to continue a run)."""
    parser.add_argument("--seekers", type=int, default=seekers)
    parser.add_argument("--boards", type=int, default=boards)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--shape", default="6x10")
    parser.add_argument("--skip", type=int, default=0)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="+", help="JSON objects of Seeker keywords")
    parser.add_argument("--level", default="strong")
    board_arguments(parser, 5, 40, 601)
    args = parser.parse_args(argv)
    n, seed_text = args.seekers, f"{args.seed}/"
    sides = [settings(args.level, {})] + [settings(args.level, json.loads(v)) for v in args.variants]
    means = [[] for _ in sides]
    cpu = [0.0 for _ in sides]
    worst = [0 for _ in sides]
    for code in fresh_boards(args.boards, args.seed, args.shape)[args.skip:]:
        tables = tables_for(build_board(code))
        line = []
        for i, kw in enumerate(sides):
            start = time.process_time()
            result = walk(Seeker(tables, n, **kw), tables, n, seed_text)
            cpu[i] += time.process_time() - start
            means[i].append(result.mean)
            worst[i] = max(worst[i], max(result.hints.values()))
            line.append(f"{result.mean:.4f}")
        print(code, " ".join(line), flush=True)
    base, base_half = mean_and_half_width(means[0])
    print(f"{args.level}, {n} seekers {args.shape}, {len(means[0])} boards (seed {args.seed}): "
          f"{base:.4f} ± {base_half:.4f}, worst {worst[0]}, CPU {cpu[0]:.1f} s")
    for i in range(1, len(sides)):
        m, h = mean_and_half_width(means[i])
        d, dh = mean_and_half_width([b - a for a, b in zip(means[0], means[i])])
        print(f"  {args.variants[i - 1]}: {m:.4f} ± {h:.4f}, paired {d:+.4f} ± {dh:.4f}, worst {worst[i]}, "
              f"CPU {cpu[i] / cpu[0]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
