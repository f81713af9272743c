"""`solve FILE [--seconds S]`: the exact value of a 2-player open-hands Heptalion position."""

import json
import sys

from ..ai import clock
from ..ai.heptalion.position import tables_for
from ..ai.heptalion.solver import Solver
from ..core.errors import RecordError
from ..core.record import parse_record, replay
from ..games import get_rules


def add_parser(subparsers):
    p = subparsers.add_parser("solve", help="solve the end position of a 2-player Heptalion record")
    p.add_argument("file")
    p.add_argument("--seconds", type=float, default=None,
                   help="give up after this long (value unknown unless a winning move was found)")
    p.set_defaults(func=run)


def run(args):
    try:
        with open(args.file, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        print(f"{args.file}: cannot read: {exc.strerror}", file=sys.stderr)
        return 1
    try:
        replayed = replay(parse_record(data), get_rules)
        answer = solve_position(replayed, args.seconds)
    except RecordError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(answer))
    return 0


def solve_position(replayed, seconds=None):
    """The solve line for the final position of a replayed record; RecordError
    when it is no 2-player open-hands Heptalion game still running."""
    if replayed.rules.name != "heptalion":
        raise RecordError(f"solve knows Heptalion only, not {replayed.rules.name}")
    if replayed.options["players"] != 2:
        raise RecordError("solve needs a 2-player game")
    if replayed.options["hidden_hands"]:
        raise RecordError("the hands are hidden: solve needs open hands")
    state = replayed.final
    if state.is_terminal():
        raise RecordError("the game is over: nothing to solve")
    seat = state.current_player
    positions = tables_for(state.board)
    start = clock.now()
    deadline = None if seconds is None else start + seconds
    solver = Solver(positions.positions)
    value, winning, _, _ = solver.analyse(state.occupied, state.hands[seat], state.hands[1 - seat],
                                          deadline=deadline)
    rules = replayed.rules
    return {"to_move": seat,
            "value": {True: "win", False: "loss", None: "unknown"}[value],
            "winning_moves": [rules.move_to_json(positions.placement(*m), seat) for m in winning],
            "nodes": solver.nodes, "seconds": round(clock.now() - start, 3)}
