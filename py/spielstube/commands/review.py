"""``python -m spielstube review FILE [--seconds S]``: a mark for every move of a record.

One JSON line per move, ``{"index", "player", "mark", "better", "detail"}``,
then a summary line (ai/review.py; the marks per game in docs/records.md,
"Reviewing a game"). ``--seconds``: the budget per move. A record that cannot
be read or replayed, or a game without a reviewer, gets one line on stderr
and exit 2, and nothing on stdout.
"""

import json
import sys

from ..ai import review
from ..core.errors import SpielstubeError
from . import replay_file
from .replay import one_line


def add_parser(subparsers):
    p = subparsers.add_parser("review", help="mark every move of a record (blunder ... best)")
    p.add_argument("file")
    p.add_argument("--seconds", type=float, default=review.DEFAULT_SECONDS,
                   help=f"the budget per move (default {review.DEFAULT_SECONDS:g})")
    p.set_defaults(func=run)
    return p


def refuse(message):
    print(one_line(message), file=sys.stderr)
    return 2


def run(args):
    if not args.seconds > 0:
        return refuse(f"--seconds must be above 0, not {args.seconds:g}")
    try:
        replayed = replay_file(args.file)
    except OSError as exc:
        return refuse(f"{args.file}: cannot read: {exc.strerror}")
    except SpielstubeError as exc:
        return refuse(f"{args.file}: {exc}")
    name = replayed.rules.name
    if not review.offers(name):
        return refuse(f"{args.file}: {name} games cannot be reviewed")
    lines, summary = review.review_game(replayed.rules, replayed.options, replayed.states, replayed.moves,
                                        args.seconds)
    for entry in lines:
        print(json.dumps(entry, ensure_ascii=False))
    print(json.dumps(summary, ensure_ascii=False))
    return 0
