"""Command line: replay, selfplay, legal, bench, puzzle, boards, solve, review. Run from the repo root with PYTHONPATH=py."""

import argparse
import importlib
import sys

from .commands import legal, replay, selfplay
from .core.errors import SpielstubeError


def cmd_bench(args):
    from .bench.tables import run_bench

    return run_bench(args)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m spielstube", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    replay.add_parser(sub)
    selfplay.add_parser(sub)
    legal.add_parser(sub)
    p = sub.add_parser("bench", help="print the benchmark tables")
    p.add_argument("--quick", action="store_true", help="fewer games, for a smoke run")
    p.add_argument("--only", default=None, help="one section: heptalion, topologic, schlangennest, engine, interface, page")
    p.set_defaults(func=cmd_bench)
    for name in ("puzzle", "boards", "solve", "review"):
        importlib.import_module(f"spielstube.commands.{name}").add_parser(sub)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except SpielstubeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
