"""`boards heptalion --perfect N --seed S`: distinct perfect boards with their codes."""

import json
import sys

from ..ai import clock
from ..games.heptalion.codes import find_perfect_boards


def add_parser(subparsers):
    p = subparsers.add_parser("boards", help="generate boards (heptalion --perfect N)")
    p.add_argument("game", choices=["heptalion"])
    p.add_argument("--perfect", type=int, required=True, metavar="N",
                   help="how many distinct perfect boards (up to symmetry and renaming)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seconds", type=float, default=600.0, help="give up after this long")
    p.set_defaults(func=run)


def run(args):
    if args.perfect < 0:
        print("--perfect must be 0 or more", file=sys.stderr)
        return 2
    start = clock.now()
    found = 0
    for code, rows in find_perfect_boards(args.perfect, args.seed, deadline=start + args.seconds,
                                          clock=clock.now):
        found += 1
        print(json.dumps({"code": code, "board": rows}), flush=True)
    summary = {"found": found, "seconds": round(clock.now() - start, 3)}
    if found < args.perfect:
        summary["gave_up"] = f"time limit of {args.seconds:g} s reached"
    print(json.dumps(summary))
    return 0
