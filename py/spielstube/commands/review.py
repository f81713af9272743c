"""``python -m spielstube review FILE [--seconds S]``: a mark for every move of a record.

One JSON line per move, ``{"index", "player", "mark", "better", "detail"}``,
then a summary line (ai/review.py; the marks per game in docs/records.md,
"Reviewing a game"). ``--seconds``: the budget per move. The command knows
the whole record, so it reviews an unfinished game from it all too, unless
``--seat N`` asks for the review the page gives seat N: from what that seat
knows in the record's last position (a finished game is reviewed whole
either way). A record that cannot be read or replayed, a game without a
reviewer, or a seat the game does not have gets one line on stderr and exit
2, and nothing on stdout.
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
    p.add_argument("--seat", type=int, default=None,
                   help="an unfinished game: review from what this seat knows (default: the whole record)")
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
    seat = getattr(args, "seat", None)
    players = replayed.states[0].num_players
    if seat is not None and not 0 <= seat < players:
        return refuse(f"--seat must be a seat of the game, 0 to {players - 1}, not {seat}")
    if replayed.states[-1].is_terminal():
        seat = None  # the end shows everything
    lines, summary = review.review_game(replayed.rules, replayed.options, replayed.states, replayed.moves,
                                        args.seconds, viewer=seat)
    for entry in lines:
        print(json.dumps(entry, ensure_ascii=False))
    print(json.dumps(summary, ensure_ascii=False))
    return 0
