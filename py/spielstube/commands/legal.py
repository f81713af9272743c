"""``python -m spielstube legal FILE``: the legal moves at the end of a record.

One JSON line, like perft for chess engines, so an outside referee can
compare move generation: Heptalion and Schlangennest the list of every legal
move in record notation; Topologic on a seeker turn ``{"seekers": [[[r, c],
...], ...]}`` (each seeker's fields, its own included), on the game master's
turn the list of hide moves. A finished game has none: ``[]``.
"""

import json

from . import on_record_file


def run(args):
    return on_record_file(
        args.file, lambda replayed: json.dumps(replayed.rules.legal_json(replayed.final), separators=(",", ":")))


def add_parser(subparsers):
    parser = subparsers.add_parser("legal", help="print the legal moves at the end of a record as JSON")
    parser.add_argument("file")
    parser.set_defaults(func=run)
