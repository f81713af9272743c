"""Command line: replay, selfplay, legal, bench. Run from the repo root with PYTHONPATH=py."""

import argparse
import sys

from .commands import legal, selfplay
from .core.errors import RecordError, SpielstubeError
from .core.record import parse_record, replay
from .games import get_rules


def cmd_replay(args):
    try:
        with open(args.file, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        print(f"{args.file}: cannot read: {exc.strerror}", file=sys.stderr)
        return 1
    try:
        record = parse_record(data)
        result = replay(record, get_rules)
    except RecordError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 1
    final = result.final
    outcome = result.rules.result_json(final)
    if outcome is None:
        print(f"{record.game}: {len(result.moves)} moves, all legal; game not over")
    else:
        print(f"{record.game}: {len(result.moves)} moves, all legal; result {outcome}")
    return 0


def cmd_bench(args):
    from .bench import run_bench

    return run_bench(args)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m spielstube", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="check every move of a record and print its result")
    p.add_argument("file")
    p.set_defaults(func=cmd_replay)
    selfplay.add_parser(sub)
    legal.add_parser(sub)
    p = sub.add_parser("bench", help="print the benchmark tables")
    p.add_argument("--quick", action="store_true", help="fewer games, for a smoke run")
    p.add_argument("--only", default=None, help="one section: heptalion, topologic, schlangennest, engine, interface, page")
    p.set_defaults(func=cmd_bench)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except SpielstubeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
