"""Where the strong Topologic seeker could still gain: one experiment per decision stage.

Each experiment replaces one stage of the strong seeker (ai/topologic/seeker.py)
by a much more expensive choice, keeps everything else, and measures the exact
mean hints (every secret of every board, evaluate.walk) on the same boards as
the unchanged seeker, so the difference is paired. None of these is fast enough
to play; they bound what better choices at that stage can give.

    PYTHONPATH=py nice -n 10 python3 tools/measure/topologic_slack.py EXPERIMENT [--boards 10] [--seed 101]
        [--seekers 5] [--shape 6x10] [--stages]

EXPERIMENT is one of:
  greedy     the greedy baseline (ai/topologic/greedy.py)
  strong     the unchanged strong seeker (the paired baseline)
  endgame    with at most 5 candidates left: expectimax over every distinct
             turn (signature DP), the best 4 by the one-turn value expanded
             recursively; exact for singletons
  wide       with 4-10 candidates left: every distinct turn (signature DP)
             scored, the best 12 re-scored a turn deeper (deep_value)
  rollout    with 10 or more candidates left (the second turn): the best 8
             proposals judged by the strong seeker's own exact play of each
             hint's subtree instead of deep_value
  entry      the entry chosen among 16 proposals by the strong seeker's
             exact play of the whole round after it
  calibrated the group estimate for 3-9 candidates replaced by values fitted
             to endgame solves (2.09 ... 2.51 hints, +0.16 x the share out of
             line), log-extrapolated above 9; expectimax endgame kept

``--stages`` prints instead where a policy's hints go: after which hint each
secret was the only candidate left, and how many turns the seekers then needed
to gather on it (1 when every seeker stands in line with it).

A "signature" of a field for a candidate list is its score and its queen
distance against every candidate: fields with the same signature give the same
hints and the same gathering cost, so one stands for all (the count-vector idea
of issue 12 with the geometry kept).
"""

import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "py"))

from spielstube.bench.topologic import fresh_boards  # noqa: E402
from spielstube.ai.topologic.evaluate import mean_and_half_width, walk  # noqa: E402
from spielstube.ai.topologic.greedy import GreedySeeker  # noqa: E402
from spielstube.ai.topologic.seeker import Seeker, _CandidateView, tables_for  # noqa: E402
from spielstube.core.rng import Rng  # noqa: E402
from spielstube.games.topologic import build_board  # noqa: E402


def partition(tables, turn, candidates):
    score = tables.score
    groups = {}
    for c in candidates:
        groups.setdefault(sum(score[p][c] for p in turn), []).append(c)
    return groups


class EndgameSeeker(Seeker):
    """Expectimax over distinct turns once few candidates are left."""

    def __init__(self, tables, n, small=5, beam=4, **kw):
        super().__init__(tables, n, **kw)
        self.small, self.beam = small, beam
        self.memo = {}

    def choose(self, positions, candidates, rng):
        if positions is not None and 1 < len(candidates) <= self.small:
            return self.solve(tuple(positions), tuple(sorted(candidates)))[1]
        return super().choose(positions, candidates, rng)

    def distinct_turns(self, positions, candidates):
        """One turn per distinct (hint sums, farthest distances) over the candidates."""
        view = _CandidateView(self.tables, list(candidates))
        zero = (0,) * len(candidates)
        states = {(zero, zero): ()}
        for p in positions:
            signatures = {}
            for field in self.tables.reach[p]:
                signatures.setdefault((tuple(view.scores(field)), tuple(view.distances(field))), field)
            grown = {}
            for (sums, far), turn in states.items():
                for (scores, distances), field in signatures.items():
                    key = (tuple(map(int.__add__, sums, scores)), tuple(map(max, far, distances)))
                    if key not in grown:
                        grown[key] = turn + (field,)
            states = grown
        return view, list(states.values())

    def rank_value(self, turn, view):
        """The one-turn value that picks which turns the expectimax expands."""
        return self.value_of(turn, view)

    def solve(self, positions, candidates):
        """(expected further hints, turn) with the secret uniform over ``candidates``."""
        if len(candidates) == 1:
            return max(self.tables.distance[p][candidates[0]] for p in positions), None
        key = (positions, candidates)
        if key in self.memo:
            return self.memo[key]
        view, turns = self.distinct_turns(positions, candidates)
        best = None
        for _, turn in sorted((self.rank_value(t, view), t) for t in turns)[:self.beam]:
            total = 0.0
            for h, group in partition(self.tables, turn, candidates).items():
                if h == self.full:
                    continue
                if len(group) == len(candidates):
                    total = math.inf  # tells nothing
                    break
                total += len(group) * self.solve(turn, tuple(group))[0]
            value = 1.0 + total / len(candidates)
            if best is None or value < best[0] - 1e-9:
                best = (value, turn)
        self.memo[key] = best
        return best


class WideSeeker(EndgameSeeker):
    """Every distinct turn scored for mid-sized candidate lists."""

    def __init__(self, tables, n, wide=(4, 10), keep=12, **kw):
        super().__init__(tables, n, small=1, **kw)
        self.wide, self.keep = wide, keep

    def choose(self, positions, candidates, rng):
        candidates = sorted(candidates)
        if positions is not None and self.wide[0] <= len(candidates) <= self.wide[1]:
            view, turns = self.distinct_turns(tuple(positions), tuple(candidates))
            ranked = sorted((self.value_of(t, view), t) for t in turns)[:self.keep]
            return min(ranked, key=lambda vt: self.deep_value(vt[1], candidates, rng, self.effort[2]))[1]
        return super().choose(positions, candidates, rng)


def played_mean(policy, tables, turn, group):
    """Mean further hints of ``policy`` from seekers on ``turn``, the secret uniform in ``group``."""
    distance = tables.distance
    total = 0
    stack = [(tuple(turn), tuple(group), 0)]
    while stack:
        positions, candidates, depth = stack.pop()
        if len(candidates) == 1:
            total += depth + max(distance[p][candidates[0]] for p in positions)
            continue
        reply = policy.choose(positions, candidates, Rng(f"slack/{depth}/{candidates[0]}"))
        for h, sub in partition(tables, reply, candidates).items():
            if h == policy.full:
                total += depth + 1
            else:
                stack.append((reply, tuple(sub), depth + 1))
    return total / len(group)


class RolloutSeeker(Seeker):
    """Proposals judged by the strong seeker's exact play after them."""

    def __init__(self, tables, n, least=10, keep=8, entry_only=False, **kw):
        super().__init__(tables, n, **kw)
        self.least, self.keep, self.entry_only = least, keep, entry_only
        self.judge = Seeker(tables, n)

    def choose(self, positions, candidates, rng):
        candidates = sorted(candidates)
        if self.entry_only != (positions is None) or len(candidates) < self.least:
            return super().choose(positions, candidates, rng)
        if positions is None:
            options, starts = [self.tables.border] * self.n, 16
        else:
            options, starts = [self.tables.reach[p] for p in positions], self.effort[0]
        limit = starts if positions is None else self.keep
        proposals = sorted(self.local_searches(options, positions, candidates, rng, starts))[:limit]

        def played(turn):
            groups = partition(self.tables, turn, candidates)
            rest = sum(len(g) * played_mean(self.judge, self.tables, turn, g) for h, g in groups.items() if h != self.full)
            return 1.0 + rest / len(candidates)

        return min((turn for _, turn in proposals), key=played)


class CalibratedSeeker(EndgameSeeker):
    """Group estimates fitted to endgame solves (see the module text)."""

    TABLE = {3: 2.09, 4: 2.25, 5: 2.33, 6: 2.36, 7: 2.46, 8: 2.46, 9: 2.51}

    def __init__(self, tables, n, slope=0.6, out_of_line=0.16, **kw):
        super().__init__(tables, n, small=6, **kw)
        self.planner = Seeker(tables, n)  # ranks the endgame's turns with the usual estimate
        self.estimate = [0.0] * 3 + [self.TABLE.get(m, self.TABLE[9] + slope * math.log2(m / 9)) for m in range(3, 61)]
        self.out_of_line = out_of_line

    def rank_value(self, turn, view):
        return self.planner.value_of(turn, view)

    def value_of_columns(self, view, hints, worst, late):
        groups = {}
        for k, h in enumerate(hints):
            groups.setdefault(h, []).append(k)
        total = 0.0
        for h, group in groups.items():
            if h == self.full:
                continue
            size = len(group)
            if size == 1:
                total += worst[group[0]] + self.straggler * late[group[0]]
            elif size == 2:
                total += 2 * self._two_left(view, group, worst, late)
            else:
                total += size * self.estimate[size] + self.out_of_line * sum(1 for k in group if worst[k] > 1)
        return 1.0 + total / len(hints)


def stages(policy, tables, seekers, seed_text):
    """Counters: the hint after which a secret was alone, and the gathering turns it then took."""
    from collections import Counter

    alone_after, gathering = Counter(), Counter()
    full = 2 * seekers
    stack = [(None, tuple(range(tables.size)), ())]
    while stack:
        positions, candidates, hints = stack.pop()
        rng = Rng(f"{seed_text}{tables.board.code}/{seekers}/{','.join(map(str, hints))}")
        turn = tuple(policy.choose(positions, candidates, rng))
        for h, group in partition(tables, turn, candidates).items():
            if h == full:
                continue
            if len(group) == 1 and len(candidates) > 1:
                alone_after[len(hints) + 1] += 1
                gathering[max(tables.distance[p][group[0]] for p in turn)] += 1
            stack.append((turn, tuple(group), hints + (h,)))
    return alone_after, gathering


EXPERIMENTS = {
    "greedy": GreedySeeker,
    "strong": Seeker,
    "endgame": EndgameSeeker,
    "wide": WideSeeker,
    "rollout": RolloutSeeker,
    "entry": lambda tables, n: RolloutSeeker(tables, n, least=0, entry_only=True),
    "calibrated": CalibratedSeeker,
}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("experiment", choices=sorted(EXPERIMENTS))
    parser.add_argument("--boards", type=int, default=10)
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--seekers", type=int, default=5)
    parser.add_argument("--shape", default="6x10")
    parser.add_argument("--stages", action="store_true", help="where the hints go, not the mean")
    args = parser.parse_args(argv)
    if args.stages:
        from collections import Counter

        alone_after, gathering = Counter(), Counter()
        for code in fresh_boards(args.boards, args.seed, args.shape):
            tables = tables_for(build_board(code))
            a, g = stages(EXPERIMENTS[args.experiment](tables, args.seekers), tables, args.seekers, f"{args.seed}/")
            alone_after.update(a)
            gathering.update(g)
        print(f"{args.experiment}: {args.boards} boards (seed {args.seed}, {args.seekers} seekers, {args.shape})")
        print("  alone after hint  ", "  ".join(f"{k}: {n}" for k, n in sorted(alone_after.items())))
        print("  gathering turns   ", "  ".join(f"{k}: {n}" for k, n in sorted(gathering.items())))
        return 0
    means = []
    start = time.process_time()
    for code in fresh_boards(args.boards, args.seed, args.shape):
        tables = tables_for(build_board(code))
        policy = EXPERIMENTS[args.experiment](tables, args.seekers)
        means.append(walk(policy, tables, args.seekers, f"{args.seed}/").mean)
    mean, half = mean_and_half_width(means)
    print(f"{args.experiment}: {args.boards} boards (seed {args.seed}, {args.seekers} seekers, {args.shape}) "
          f"mean hints {mean:.4f} +- {half:.3f}, CPU {time.process_time() - start:.0f} s")
    print("per board", " ".join(f"{m:.4f}" for m in means))
    return 0


if __name__ == "__main__":
    sys.exit(main())
