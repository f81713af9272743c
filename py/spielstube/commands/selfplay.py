"""``python -m spielstube selfplay GAME``: computer-against-computer matches.

``--options JSON`` sets any game option (as in a record), ``--records DIR``
writes one record file per game (Topologic: then it plays matches of two
seats, each seeking one round, instead of its hint statistics). Schlangennest
also takes ai:greedy (its baseline) and ``--area AxB|unlimited``.
"""

import importlib
import json
import sys

from ..ai import clock
from ..games import GAME_NAMES
from ..bench.selfplay import head_to_head, lengths_by_player, parse_players, play_match, wilson_interval

# Games whose match runner is their own (imported here only: the host's bundle leaves it out).
OWN_RUNNERS = {"topologic": "spielstube.bench.topologic"}


def add_parser(subparsers):
    p = subparsers.add_parser("selfplay", help="computer against computer")
    p.add_argument("game", choices=GAME_NAMES)
    p.add_argument("--players", help="comma-separated ai:LEVEL per seat, e.g. ai:normal,ai:easy")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--options", default=None, help='game options as JSON, e.g. \'{"extra": "neutral"}\'')
    p.add_argument("--records", default=None, metavar="DIR", help="write one record file per game here")
    p.add_argument("--seekers", type=int, default=5, help="Topologic: 3, 4 or 5 seekers")
    p.add_argument("--shape", default="6x10", help="Topologic: 6x10, 5x12, 4x15 or random")
    p.add_argument("--exact", action="store_true", help="Topologic: every secret on each board")
    p.add_argument("--area", default=None, help="Schlangennest: AxB, or unlimited")
    p.add_argument("--seconds", type=float, default=None,
                   help="Heptalion: every computer thinks this long a move instead of its level's budget")
    p.add_argument("--progress", action="store_true",
                   help="after every game, the points so far on stderr (long runs can be read early)")
    p.add_argument("--cpu-clock", action="store_true",
                   help="time budgets count CPU seconds (sound strength figures on a busy machine)")
    p.set_defaults(func=run)
    return p


def _options(args):
    """The options from --options and --area; ValueError with a message for people."""
    options = {}
    if args.options:
        try:
            options = json.loads(args.options)
        except ValueError as exc:
            raise ValueError(f"--options is not JSON: {exc}") from None
        if not isinstance(options, dict):
            raise ValueError('--options must be a JSON object such as {"players": 3}')
    if args.area is not None:
        if args.area == "unlimited":
            options["area"] = None
        else:
            a, sep, b = args.area.lower().partition("x")
            if not sep or not a.isdigit() or not b.isdigit():
                raise ValueError("--area must be AxB (such as 5x7) or unlimited")
            options["area"] = [int(a), int(b)]
    return options


def _print_progress(summary):
    points = ", ".join(f"{p:g}" for p in summary.points)
    print(f"  after {summary.games} games: points {points}", file=sys.stderr, flush=True)


def run(args):
    if getattr(args, "cpu_clock", False):  # callers that build their own args (tests) may leave it out
        clock.use_cpu_time()
    try:
        options = _options(args)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    # Topologic's seeker has no opponent and brings its own runner.
    if args.game in OWN_RUNNERS:
        return importlib.import_module(OWN_RUNNERS[args.game]).run_selfplay(args, options)
    default = "ai:normal,ai:greedy" if args.game == "schlangennest" else "ai:normal,ai:easy"
    try:
        _specs, levels = parse_players(args.players or default)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    progress = _print_progress if getattr(args, "progress", False) else None
    if args.game == "schlangennest":
        summary = play_match(args.game, levels, args.games, args.seed, options, first=0,
                             records=args.records, margin=lengths_by_player, progress=progress)
    else:
        try:
            summary = play_match(args.game, levels, args.games, args.seed, options, records=args.records,
                                 progress=progress, seconds=getattr(args, "seconds", None))
        except ValueError as exc:
            print(exc, file=sys.stderr)
            return 2
    print("\n".join(summary.lines()))
    if summary.margins:
        lead = sum(g[0] - g[1] for g in summary.margins) / len(summary.margins)
        print(f"  mean length lead of player 0 over player 1: {lead:+.2f}")
        for a in range(len(levels)):
            for b in range(a + 1, len(levels)) if len(levels) > 2 else ():
                points, games = head_to_head(summary.margins, a, b)
                low, high = wilson_interval(points, games)
                print(f"  head to head, player {a} ({levels[a]}) against {b} ({levels[b]}): "
                      f"{100 * points / games:.1f} % [{100 * low:.0f}-{100 * high:.0f}]")
    if summary.records:
        print(f"  {len(summary.records)} records in {args.records}")
    return 0
