"""Where a Topologic game master hides: hints a seeker needs for a secret on an inner
field against one on a border field (the lesson "hide", games/topologic/lessons.py).

For every secret of every board (the seeker's exact tree, ai/topologic/evaluate.walk)
the hints of the round; per board the mean over inner and over border secrets and
their difference, then the mean difference over the boards with its 95 % half-width
(boards are independent; the secrets of one board are not).

    PYTHONPATH=py nice -n 10 python3 tools/measure/topologic_hide_places.py [--level normal]
        [--seekers 5] [--boards 200] [--seed 23] [--shape 6x10]

Session tool for issue 23; stdlib only.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "py"))

from spielstube.ai.topologic import policy_for  # noqa: E402
from spielstube.ai.topologic.evaluate import mean_and_half_width, walk  # noqa: E402
from spielstube.ai.topologic.seeker import tables_for  # noqa: E402
from spielstube.bench.topologic import fresh_boards  # noqa: E402
from spielstube.games.topologic import build_board  # noqa: E402


def board_means(level, code, seekers):
    """(mean hints for an inner secret, for a border secret) on one board."""
    board = build_board(code)
    tables = tables_for(board)
    result = walk(policy_for(level, tables, seekers, timed=False), tables, seekers)
    inner, border = [], []
    for index, hints in result.hints.items():
        (border if board.cells[index] in board.border else inner).append(hints)
    return sum(inner) / len(inner), sum(border) / len(border)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seekers", type=int, default=5)
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--shape", default="6x10")
    args = parser.parse_args()
    inner, border, difference = [], [], []
    for code in fresh_boards(args.boards, args.seed, args.shape):
        a, b = board_means(args.level, code, args.seekers)
        inner.append(a)
        border.append(b)
        difference.append(a - b)
    mean_inner, _ = mean_and_half_width(inner)
    mean_border, _ = mean_and_half_width(border)
    mean_difference, half = mean_and_half_width(difference)
    print(f"{args.level}, {args.seekers} seekers, {args.boards} boards ({args.shape}, seed {args.seed}): "
          f"inner {mean_inner:.3f}, border {mean_border:.3f} hints; "
          f"inner - border {mean_difference:+.3f} +- {half:.3f}")


if __name__ == "__main__":
    main()
