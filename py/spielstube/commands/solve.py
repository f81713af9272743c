"""`solve FILE [--seconds S]`: the exact value of a 2-player open-hands Heptalion position."""

import json

from ..ai.heptalion.analysis import Analysis
from ..core.errors import SpielstubeError
from . import on_record_file


def add_parser(subparsers):
    p = subparsers.add_parser("solve", help="solve the end position of a 2-player Heptalion record")
    p.add_argument("file")
    p.add_argument("--seconds", type=float, default=None,
                   help="give up after this long (value unknown unless a winning move was found)")
    p.set_defaults(func=run)


def run(args):
    return on_record_file(args.file, lambda replayed: json.dumps(solve_position(replayed, args.seconds)))


def solve_position(replayed, seconds=None):
    """The solve line for the final position of a replayed record."""
    if replayed.rules.name != "heptalion":
        raise SpielstubeError(f"solve knows Heptalion only, not {replayed.rules.name}")
    # Two table generations of 1.2 M entries stay under 500 MB.
    return Analysis(max_entries=1_200_000).run(replayed.final, seconds)
