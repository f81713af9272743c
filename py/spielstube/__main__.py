"""Command line: replay, selfplay, legal, bench. Run from the repo root with PYTHONPATH=py."""

import argparse
import importlib
import sys

from .commands import legal
from .core.errors import RecordError, SpielstubeError
from .core.record import parse_record, replay
from .games import GAME_NAMES, get_rules


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


def cmd_selfplay(args):
    # A game may bring its own match runner (Topologic's seeker has no opponent).
    ai_module = importlib.import_module(f"spielstube.ai.{args.game}")
    runner = getattr(ai_module, "run_selfplay", None)
    if runner is not None:
        return runner(args)
    from .selfplay import parse_players, play_match

    try:
        specs, levels = parse_players(args.players or "ai:normal,ai:easy")
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    summary = play_match(args.game, levels, args.games, args.seed)
    print("\n".join(summary.lines()))
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
    p = sub.add_parser("selfplay", help="computer against computer")
    p.add_argument("game", choices=GAME_NAMES)
    p.add_argument("--players", help="comma-separated ai:LEVEL per seat, e.g. ai:normal,ai:easy")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seekers", type=int, default=5, help="Topologic: 3, 4 or 5 seekers")
    p.add_argument("--shape", default="6x10", help="Topologic: 6x10, 5x12, 4x15 or random")
    p.add_argument("--area", default=None, help="Schlangennest: AxB, or unlimited")
    p.set_defaults(func=cmd_selfplay)
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
