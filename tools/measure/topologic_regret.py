"""Where a Topologic seeker's hints go beyond the board-free bound: information and gathering.

For every secret of every board (the seeker's exact tree, as evaluate.walk)
the hints split into three parts that add up exactly:

- the relaxation's optimum (tools/measure/topologic_bound.py: seekers may stand on
  any field each turn), the same for every board;
- information lost per turn: at each turn with candidates C, the
  relaxation's optimal value of the partition the seeker's turn made,
  minus the optimum from C (share-weighted, per turn number). A turn that
  splits the candidates as well as the best placement anywhere loses 0;
- gathering: once a secret is the only candidate, the queen moves the
  farthest seeker still needs, beyond the one turn the relaxation needs.

    PYTHONPATH=py nice -n 10 python3 tools/measure/topologic_regret.py [--level strong] [--seekers 5]
        [--boards 10] [--seed 301] [--shape 6x10]

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
from spielstube.ai.topologic.evaluate import mean_and_half_width  # noqa: E402
from spielstube.ai.topologic.seeker import tables_for  # noqa: E402
from spielstube.core.rng import Rng  # noqa: E402
from spielstube.games.topologic import build_board  # noqa: E402
from topologic_bound import Bound  # noqa: E402


def regret(policy, tables, seekers, bound, seed_text):
    """(mean hints, relaxation optimum, {turn: information lost}, gathering) of one board."""
    board = tables.board
    tiles = [board.tiles[cell] for cell in board.cells]
    score, full, total = tables.score, 2 * seekers, tables.size

    def relaxed(group):
        rows = [0] * bound.colours
        for k in group:
            colour, pips = tiles[k]
            rows[colour] |= 1 << (pips - 1)
        return bound.solve(rows)[0]

    lost, gathering, hints_sum = {}, 0.0, 0
    # (positions, candidates, hints so far, the hint that left one candidate)
    stack = [(None, tuple(range(total)), (), None)]
    while stack:
        positions, candidates, hints, alone_after = stack.pop()
        rng = Rng(f"{seed_text}{board.code}/{seekers}/{','.join(map(str, hints))}")
        turn = tuple(policy.choose(positions, candidates, rng))
        depth = len(hints) + 1
        groups = {}
        for c in candidates:
            groups.setdefault(sum(score[p][c] for p in turn), []).append(c)
        if len(candidates) > 1:
            made = 1 + sum(len(g) * relaxed(g) for h, g in groups.items() if h != full) / len(candidates)
            lost[depth] = lost.get(depth, 0.0) + len(candidates) / total * (made - relaxed(candidates))
        for h, group in groups.items():
            if h == full:
                hints_sum += depth
                if alone_after is not None:
                    gathering += (depth - alone_after - 1) / total
            else:
                alone = alone_after if alone_after is not None or len(group) > 1 else depth
                stack.append((turn, tuple(group), hints + (h,), alone))
    return hints_sum / total, relaxed(range(total)), lost, gathering


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="strong")
    parser.add_argument("--seekers", type=int, default=5)
    parser.add_argument("--boards", type=int, default=10)
    parser.add_argument("--seed", type=int, default=301)
    parser.add_argument("--shape", default="6x10")
    args = parser.parse_args(argv)
    bound = Bound(args.seekers)
    means, gathers, lost_sum = [], [], {}
    for code in fresh_boards(args.boards, args.seed, args.shape):
        tables = tables_for(build_board(code))
        policy = policy_for(args.level, tables, args.seekers, timed=False)
        mean, optimum, lost, gathering = regret(policy, tables, args.seekers, bound, f"{args.seed}/")
        assert abs(optimum + sum(lost.values()) + gathering - mean) < 1e-9, code  # the parts add up
        means.append(mean)
        gathers.append(gathering)
        for depth, value in lost.items():
            lost_sum[depth] = lost_sum.get(depth, 0.0) + value
        print(f"{code}: {mean:.4f} = {optimum:.4f} + information "
              + " ".join(f"t{d} {v:.3f}" for d, v in sorted(lost.items())) + f" + gathering {gathering:.3f}",
              flush=True)
    boards = len(means)
    mean, half = mean_and_half_width(means)
    gather, gather_half = mean_and_half_width(gathers)
    print(f"{args.level}, {args.seekers} seekers, {args.shape}, {boards} boards (seed {args.seed}): "
          f"{mean:.4f} ± {half:.4f} hints = relaxation {optimum:.4f} + information lost "
          + ", ".join(f"turn {d} {v / boards:.3f}" for d, v in sorted(lost_sum.items()))
          + f" + gathering {gather:.3f} ± {gather_half:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
