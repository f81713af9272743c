"""``replay FILE``: checks every move of a record and prints the result.

Success: one JSON line on stdout, ``{"ok": true, "moves": N, "result": {...} | null}``
(null while the game is not over), exit 0. Failure: one line on stderr that
names the file, the move index where a move is at fault, and the reason;
exit 1.
"""

import json
import re
import sys

from ..core.errors import RecordError
from ..core.record import parse_record, replay
from ..games import get_rules

_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")


def one_line(text):
    """``text`` with line breaks and other control characters escaped (a key
    or value quoted from the record may hold them), so a message stays one line."""
    return _CONTROL.sub(lambda m: json.dumps(m.group())[1:-1], text)


def run(args):
    try:
        with open(args.file, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        print(one_line(f"{args.file}: cannot read: {exc.strerror}"), file=sys.stderr)
        return 1
    try:
        record = parse_record(data)
        replayed = replay(record, get_rules)
    except RecordError as exc:
        print(one_line(f"{args.file}: {exc}"), file=sys.stderr)
        return 1
    outcome = replayed.rules.result_json(replayed.final)
    print(json.dumps({"ok": True, "moves": len(replayed.moves), "result": outcome}, ensure_ascii=False))
    return 0


def add_parser(subparsers):
    parser = subparsers.add_parser("replay", help="check every move of a record and print its result")
    parser.add_argument("file")
    parser.set_defaults(func=run)
    return parser
