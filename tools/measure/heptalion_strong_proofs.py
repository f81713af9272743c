"""Heptalion strong at 2 players: when does its solver prove the game?

Runs ``python -m spielstube selfplay heptalion ...`` unchanged (same
arguments, same output) and logs every 2-player strong think as one JSON
line in --log: ``{"game": g, "ply": p, "solved": true|false|null,
"solver_nodes": n, "seconds": t}`` (``solved``: the solver's result for the
mover, null = not proven within its share of the budget; ``seconds`` on the
clock the budgets read). Then --summary FILE prints per ply how often the
proof succeeded and the ply of each game's first proof.

    PYTHONPATH=py nice -n 10 .venv/bin/python tools/measure/heptalion_strong_proofs.py --log proofs.jsonl \
        -- --players ai:strong,ai:normal --games 50 --seed S --cpu-clock --progress
    .venv/bin/python tools/measure/heptalion_strong_proofs.py --summary proofs.jsonl
"""

import argparse
import json
import sys
from collections import defaultdict

from spielstube.ai import clock
from spielstube.ai.heptalion import agents


def _install_log(handle):
    """Wraps TwoPlayerAgent.choose_between to write one line per think."""
    original = agents.TwoPlayerAgent.choose_between
    game = {"index": -1, "last_ply": None}

    def logged(self, state, me, opp):
        start = clock.now()
        move = original(self, state, me, opp)
        seconds = clock.now() - start
        if self.use_solver:
            ply = bin(state.occupied).count("1") // 2
            if game["last_ply"] is None or ply < game["last_ply"]:  # plies only grow within a game
                game["index"] += 1
            game["last_ply"] = ply
            info = self.last_info
            handle.write(json.dumps({"game": game["index"], "ply": ply, "solved": info.get("solved"),
                                     "solver_nodes": info.get("solver_nodes"),
                                     "seconds": round(seconds, 4)}) + "\n")
            handle.flush()
        return move

    agents.TwoPlayerAgent.choose_between = logged


def summarize(path):
    rows = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    by_ply = defaultdict(lambda: [0, 0])
    first = {}
    for row in rows:
        # A forced move (one legal placement) skips the solver: no "solved" key then.
        if row["solver_nodes"] is None:
            continue
        entry = by_ply[row["ply"]]
        entry[1] += 1
        if row["solved"] is not None:
            entry[0] += 1
            first.setdefault(row["game"], row["ply"])
    games = len({row["game"] for row in rows})
    print(f"{len(rows)} strong thinks in {games} games")
    print("| ply | strong thinks | proven | share |")
    print("|---:|---:|---:|---:|")
    for ply in sorted(by_ply):
        proven, total = by_ply[ply]
        print(f"| {ply} | {total} | {proven} | {100 * proven / total:.0f} % |")
    counts = defaultdict(int)
    for ply in first.values():
        counts[ply] += 1
    never = games - len(first)
    print("first proof at ply: " + ", ".join(f"{p}: {counts[p]}" for p in sorted(counts))
          + (f", never: {never}" if never else ""))


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", help="write one JSON line per strong think here, then run selfplay")
    parser.add_argument("--summary", help="summarize a log written by --log")
    parser.add_argument("selfplay", nargs=argparse.REMAINDER, help="-- then selfplay's arguments")
    args = parser.parse_args(argv)
    if args.summary:
        summarize(args.summary)
        return 0
    if not args.log:
        parser.error("--log or --summary")
    rest = args.selfplay[1:] if args.selfplay[:1] == ["--"] else args.selfplay
    from spielstube.__main__ import main as spielstube_main
    with open(args.log, "w", encoding="utf-8") as handle:
        _install_log(handle)
        return spielstube_main(["selfplay", "heptalion", *rest])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
