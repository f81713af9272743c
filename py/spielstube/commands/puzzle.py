"""`puzzle heptalion-max`: the most tiles that fit on a board, with a placement reaching it."""

import json

from ..ai import clock
from ..ai.heptalion.maximum import maximum_placement
from ..games.heptalion import TILES, board_from_rows
from .board_choice import BOARD_HELP, board_rows


def add_parser(subparsers):
    p = subparsers.add_parser("puzzle", help="answer a puzzle of the rules (heptalion-max)")
    p.add_argument("puzzle", choices=["heptalion-max"])
    p.add_argument("--board", default="original", help=BOARD_HELP)
    p.add_argument("--seed", type=int, default=1, help="for --board random or perfect")
    p.add_argument("--seconds", type=float, default=None,
                   help="stop after this long with the best found (proven: false)")
    p.set_defaults(func=run)


def run(args):
    rows = board_rows(args.board, args.seed)
    board = board_from_rows(rows)
    deadline = None if args.seconds is None else clock.now() + args.seconds
    result = maximum_placement(board, deadline=deadline)
    cells = board.cells
    placements = []
    for t, a, b in result.placements:
        placements.append({"tile": TILES[t], "cells": [list(cells[a]), list(cells[b])]})
    print(json.dumps({"board": list(rows), "max": result.max, "proven": result.proven,
                      "placements": placements, "nodes": result.nodes,
                      "seconds": round(result.seconds, 3)}))
    return 0

