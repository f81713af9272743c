"""``python -m spielstube legal FILE``: the legal moves at the end of a record.

One JSON line, like perft for chess engines, so an outside referee can
compare move generation: Heptalion and Schlangennest the list of every legal
move in record notation; Topologic on a seeker turn ``{"seekers": [[[r, c],
...], ...]}`` (each seeker's fields, its own included), on the game master's
turn the list of hide moves. A finished game has none: ``[]``.
"""

import json
import sys

from ..core.errors import RecordError
from ..core.record import parse_record, replay
from ..games import get_rules


def read_final_state(path):
    """(rules, final state) of the record in ``path``; RecordError or OSError."""
    with open(path, "rb") as handle:
        data = handle.read()
    replayed = replay(parse_record(data), get_rules)
    return replayed.rules, replayed.final


def run(args):
    try:
        rules, state = read_final_state(args.file)
    except OSError as exc:
        print(f"{args.file}: cannot read: {exc.strerror}", file=sys.stderr)
        return 1
    except RecordError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(rules.legal_json(state), separators=(",", ":")))
    return 0


def add_parser(subparsers):
    parser = subparsers.add_parser("legal", help="print the legal moves at the end of a record as JSON")
    parser.add_argument("file")
    parser.set_defaults(func=run)
