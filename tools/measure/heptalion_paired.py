"""Paired trials of Heptalion's 3-4 player strong: one variant of strong
against two (or three) ``ai:mcts`` seats, one line per game, so that two
runs on the same ``--seed`` (the same deals, seats rotating the same way)
can be compared game by game.

    PYTHONPATH=py python3 tools/measure/heptalion_paired.py --seed 6000 --games 150 \\
        --seconds 0.05 --set rave=0 > /tmp/variant.txt
    python3 tools/measure/heptalion_paired.py --compare /tmp/main.txt /tmp/variant.txt

``--set NAME=VALUE`` (repeatable) passes a keyword to MultiAgent (values
are read as Python literals); the budget is strong's unless ``--seconds``.
Budgets count CPU seconds. The spielstube on PYTHONPATH is the one measured,
so a baseline is measured with its own commit's py/ on the path.
"""

import argparse
import ast
import math
import sys


def _run(args):
    from spielstube.ai import clock
    from spielstube.ai import heptalion
    from spielstube.bench.selfplay import play_match, wilson_interval

    clock.use_cpu_time()
    kwargs = {}
    for item in args.set:
        name, _, value = item.partition("=")
        kwargs[name] = ast.literal_eval(value)
    plain = heptalion.agent_for

    def agent_for(level, options=None, seconds=None):
        agent = plain(level, options, seconds=seconds)
        if level == "strong":
            for name, value in kwargs.items():
                if not hasattr(agent, name):
                    raise SystemExit(f"strong has no setting {name!r}")
                setattr(agent, name, value)
        return agent

    heptalion.agent_for = agent_for
    players = ["strong"] + ["mcts"] * (args.players - 1)
    last = [0.0] * args.players

    def progress(summary):
        winner = next((i for i, (a, b) in enumerate(zip(summary.points, last)) if a > b), -1)
        last[:] = summary.points
        print(f"game {summary.games - 1} winner {winner}", flush=True)

    summary = play_match("heptalion", players, args.games, args.seed, {"players": args.players},
                         progress=progress, seconds=args.seconds)
    low, high = wilson_interval(summary.points[0], summary.games)
    print(f"# strong {summary.points[0]:g}/{summary.games} [{100 * low:.1f}-{100 * high:.1f}] "
          f"set {' '.join(args.set) or '-'}")
    for line in summary.lines():
        print("#", line)


def _wins(path):
    out = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("game "):
                _, g, _, winner = line.split()
                out[int(g)] = int(winner) == 0
    return out


def _compare(a_path, b_path):
    a, b = _wins(a_path), _wins(b_path)
    games = sorted(set(a) & set(b))
    n = len(games)
    if not n:
        raise SystemExit("no game in both files")
    diffs = [int(b[g]) - int(a[g]) for g in games]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    print(f"{n} paired games: A {sum(a[g] for g in games)} wins, B {sum(b[g] for g in games)} wins; "
          f"B - A {100 * mean:+.1f} points [{100 * (mean - half):+.1f}, {100 * (mean + half):+.1f}] (95 %)")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", type=int, default=6000)
    p.add_argument("--games", type=int, default=150)
    p.add_argument("--players", type=int, default=3, choices=(3, 4))
    p.add_argument("--seconds", type=float, default=None)
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--compare", nargs=2, metavar=("A", "B"))
    args = p.parse_args(argv)
    if args.compare:
        _compare(*args.compare)
    else:
        _run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
