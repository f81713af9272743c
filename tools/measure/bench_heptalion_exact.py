"""Measures the exact Heptalion searches for docs/benchmarks.md (CPU seconds,
so a shared machine's load does not count as search time).

  PYTHONPATH=py nice python3 tools/measure/bench_heptalion_exact.py solve --plies 0,2,4 --deals 10 --limit 120 [--first-seed S]
      [--search solver|pn [--leaf-budget N]] [--tuning-set]
  PYTHONPATH=py nice python3 tools/measure/bench_heptalion_exact.py roots --seed 900 --moves 3
  PYTHONPATH=py nice python3 tools/measure/bench_heptalion_exact.py fingerprint > before.jsonl
  PYTHONPATH=py nice python3 tools/measure/bench_heptalion_exact.py max --boards 20
  PYTHONPATH=py nice python3 tools/measure/bench_heptalion_exact.py boards --limit 60

solve: fresh 2-player deals (original board, seeds S..S+N-1), `ply` random
moves (seeded), then the solver from there, one line per run and a summary
per ply. ``--search pn``: the proof-number search of tools/measure/heptalion_pn.py
over the same solver (its nodes: the solver's, over every leaf);
``--tuning-set``: the ply-3 tuning positions (seeds 700-705 of
position_after; --plies and --deals are then ignored). roots: the first root moves of one such deal at ply 0, in the
solver's order, each decided in turn by one solver (its table shared, as
in a proof), with nodes and CPU seconds per move. fingerprint: one JSON
line per search of a fixed set (the tuning set, plies 4 and 6 of deals
0-9 also through ``analyse``, ply 2 of deals 0-4 and ply 0 of deals
900-902 within a node budget): result, move, nodes, the losing root moves
and a digest of the table and the packings, so that two versions of the
solver meant to search alike can be diffed (``diff before.jsonl
after.jsonl``). max: the maximum search on the original board and on N random and N
perfect boards (seeds 0..N-1). boards: distinct perfect boards found in
``limit`` CPU seconds, with a 95 % interval for the rate (Poisson).
"""

import argparse
import gc
import hashlib
import json
import resource
import statistics
import sys
import time

from spielstube.ai.heptalion.maximum import maximum_placement
from spielstube.ai.heptalion.position import tables_for
from spielstube.ai.heptalion.solver import Solver
from spielstube.core.rng import Rng
from spielstube.games.heptalion import (
    ORIGINAL_BOARD, RULES, Board,
)
from spielstube.games.heptalion.layouts import perfect_board_rows, random_board_rows
from spielstube.games.heptalion.codes import find_perfect_boards

cpu = time.process_time


def peak_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def position_after(seed, ply):
    options = RULES.normalize_options({"players": 2})
    state = RULES.initial_state(options, RULES.random_setup(options, Rng(seed)))
    rng = Rng(seed + 1000)
    for _ in range(ply):
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    return state


def solve_once(state, args):
    """(result, nodes) of one proof with the chosen search, the deadline in CPU seconds."""
    seat = state.current_player
    occ, me, opp = state.occupied, state.hands[seat], state.hands[1 - seat]
    solver = Solver(tables_for(state.board).positions)
    solver._clock = cpu  # deadline in CPU seconds
    deadline = cpu() + args.limit
    if args.search == "pn":
        from spielstube.ai import clock
        from heptalion_pn import ProofNumberSearch

        clock.use_cpu_time()
        search = ProofNumberSearch(solver, leaf_budget=args.leaf_budget)
        return search.run(occ, me, opp, deadline=deadline)[0], search.nodes
    return solver.solve(occ, me, opp, deadline=deadline)[0], solver.nodes


def bench_solve(args):
    print("| ply | deals | proven | median CPU s | max CPU s | median nodes | nodes/s | peak MB |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    plies = [3] if args.tuning_set else [int(p) for p in args.plies.split(",")]
    for ply in plies:
        times, nodes, proven = [], [], 0
        seeds = range(700, 706) if args.tuning_set else range(args.first_seed, args.first_seed + args.deals)
        for seed in seeds:
            state = position_after(seed, ply)
            start = cpu()
            result, searched = solve_once(state, args)
            spent = cpu() - start
            proven += result is not None
            times.append(spent)
            nodes.append(searched)
            print(f"<!-- ply {ply} seed {seed}: {result} {searched} nodes {spent:.2f} s,"
                  f" peak so far {peak_mb()} MB -->", file=sys.stderr, flush=True)
            # Free this deal's tables now, so the peak is the largest deal's,
            # not their sum.
            gc.collect()
        rate = sum(nodes) / sum(times)
        print(f"| {ply} | {len(seeds)} | {proven} | {statistics.median(times):.2f} | {max(times):.2f}"
              f" | {int(statistics.median(nodes))} | {rate:.0f} | {peak_mb()} |", flush=True)


def bench_roots(args):
    state = position_after(args.seed, 0)
    seat = state.current_player
    occ, me, opp = state.occupied, state.hands[seat], state.hands[1 - seat]
    solver = Solver(tables_for(state.board).positions)
    moves = solver.ordered_moves(occ, me, opp, prune=True)
    print(f"seed {args.seed}: {len(moves)} undominated root moves")
    print("| root move | result | nodes | CPU s |")
    print("|---:|---|---:|---:|")
    total = 0.0
    for i, (t, mask) in enumerate(moves[:args.moves]):
        start = cpu()
        opponent_wins = solver.decide(occ | mask, opp, me & ~(1 << t), 1 << 40)
        spent = cpu() - start
        total += spent
        print(f"| {i + 1} | {'loses' if opponent_wins else 'wins'} | {solver.nodes} | {spent:.2f} |", flush=True)
        if not opponent_wins:
            break
    print(f"| all | | | {total:.2f} |")


def digest(mapping):
    """A short digest of a dict of ints (independent of insertion order)."""
    return hashlib.sha1(repr(sorted(mapping.items())).encode()).hexdigest()[:16]


def fingerprint_set():
    """(name, seed, ply, node budget, also analyse) of the fingerprint's searches."""
    runs = [("tuning", seed, 3, None, False) for seed in range(700, 706)]
    runs += [("ply", seed, ply, None, True) for ply in (6, 4) for seed in range(10)]
    runs += [("ply", seed, 2, 150_000, False) for seed in range(5)]
    runs += [("ply", seed, 0, 100_000, False) for seed in range(900, 903)]
    return runs


def bench_fingerprint(args):
    for name, seed, ply, budget, also_analyse in fingerprint_set():
        state = position_after(seed, ply)
        seat = state.current_player
        occ, me, opp = state.occupied, state.hands[seat], state.hands[1 - seat]
        solver = Solver(tables_for(state.board).positions)
        start = cpu()
        result, move, losing = solver.solve(occ, me, opp, node_budget=budget)
        row = {"set": name, "seed": seed, "ply": ply, "budget": budget, "result": result,
               "move": move, "nodes": solver.nodes, "losing": sorted(losing),
               "table": [len(solver.table), len(solver.old), digest(solver.table), digest(solver.old)],
               "packings": [len(solver._packings.known), digest(solver._packings.known)]}
        if also_analyse:
            value, winning, lost, undecided = Solver(solver.positions).analyse(occ, me, opp)
            row["analyse"] = [value, winning, lost, undecided]
        print(json.dumps(row), flush=True)
        print(f"{name} seed {seed} ply {ply}: {cpu() - start:.2f} s", file=sys.stderr, flush=True)
        del solver
        gc.collect()


def bench_max(args):
    print("| boards | count | max | median CPU s | slowest CPU s | slowest nodes |")
    print("|---|---:|---|---:|---:|---:|")
    groups = [("original", [ORIGINAL_BOARD]),
              ("random", [Board(random_board_rows(Rng(s))) for s in range(args.boards)]),
              ("perfect", [Board(perfect_board_rows(Rng(s))) for s in range(args.boards)])]
    for name, boards in groups:
        times, nodes, maxima = [], [], set()
        for board in boards:
            start = cpu()
            result = maximum_placement(board)
            times.append(cpu() - start)
            nodes.append(result.nodes)
            maxima.add(result.max)
            assert result.proven
        slowest = max(range(len(times)), key=times.__getitem__)
        print(f"| {name} | {len(boards)} | {'/'.join(map(str, sorted(maxima)))} |"
              f" {statistics.median(times):.3f} | {times[slowest]:.3f} | {nodes[slowest]} |")


def bench_boards(args):
    start = cpu()
    found = sum(1 for _ in find_perfect_boards(10**9, args.seed, deadline=start + args.limit,
                                               clock=cpu))
    spent = cpu() - start
    half = 1.96 * found ** 0.5
    scale = 60 / spent
    print("| CPU s | distinct perfect boards | per CPU minute | 95 % interval |")
    print("|---:|---:|---:|---|")
    print(f"| {spent:.1f} | {found} | {found * scale:.0f} |"
          f" {(found - half) * scale:.0f}-{(found + half) * scale:.0f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("solve")
    p.add_argument("--plies", default="0")
    p.add_argument("--deals", type=int, default=10)
    p.add_argument("--limit", type=float, default=120.0, help="CPU seconds per solve")
    p.add_argument("--first-seed", type=int, default=0,
                   help="deal seeds first-seed .. first-seed + deals - 1 (fresh ones: not tuned on)")
    p.add_argument("--search", choices=("solver", "pn"), default="solver",
                   help="the solver alone, or proof-number search over it (tools/measure/heptalion_pn.py)")
    p.add_argument("--leaf-budget", type=int, default=256, help="pn: solver nodes per new leaf")
    p.add_argument("--tuning-set", action="store_true", help="the ply-3 positions of seeds 700-705")
    p.set_defaults(func=bench_solve)
    p = sub.add_parser("roots")
    p.add_argument("--seed", type=int, default=900)
    p.add_argument("--moves", type=int, default=3, help="root moves to decide at most")
    p.set_defaults(func=bench_roots)
    p = sub.add_parser("fingerprint")
    p.set_defaults(func=bench_fingerprint)
    p = sub.add_parser("max")
    p.add_argument("--boards", type=int, default=20)
    p.set_defaults(func=bench_max)
    p = sub.add_parser("boards")
    p.add_argument("--limit", type=float, default=60.0, help="CPU seconds")
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(func=bench_boards)
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
