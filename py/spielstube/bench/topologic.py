"""How many hints the computer seeker needs: statistics over random boards.

Two measures, on fresh boards drawn from a seed:

- exact (``evaluate_level``): every board's rounds for all 60 secrets at once
  (evaluate.walk), so a board's mean is its exact mean over a uniformly random
  secret; the interval is over boards only, and far narrower than sampling.
- sampled (``play_rounds``): one round per board through the rules engine
  (every turn checked by ``apply``), with the secret drawn uniformly from its
  own stream, independent of the board and of the seeker's draws.

Topologic's seeker has no opponent to beat: the number of hints is the measure.
"""

import time
from collections import Counter

from ..core.rng import Rng
from ..games.topologic.board import LOCATIONS, build_board, random_board_code
from ..games.topologic.rules import RULES
from ..ai.topologic.evaluate import Summary, distribution, mean_and_half_width, walk

WORST_ROUND_HINTS = 40  # a round this long means the seeker is broken
BENCH_CONFIGS = [(5, "6x10"), (4, "6x10"), (3, "6x10"), (5, "random"), (4, "random"), (3, "random")]
BENCH_BOARDS = 300
BENCH_SEED = 2027  # tuning used seeds 101-103; these boards were never looked at while tuning


def fresh_boards(count, seed, shape):
    """``count`` board codes of ``shape`` from their own stream of ``seed``."""
    rng = Rng(f"topologic/boards/{shape}/{seed}")
    return [random_board_code(shape, rng) for _ in range(count)]


def fresh_secrets(count, seed):
    """``count`` locations, uniform and independent of the boards and seekers."""
    rng = Rng(f"topologic/secrets/{seed}")
    return [LOCATIONS[rng.below(len(LOCATIONS))] for _ in range(count)]


class SeekerStats:
    """Hints per round and think time per turn, summed over rounds."""

    def __init__(self):
        self.hints = Counter()
        self.thinks = []

    @property
    def rounds(self):
        return sum(self.hints.values())

    @property
    def mean(self):
        return self.interval()[0]

    def interval(self):
        return mean_and_half_width([h for h, n in self.hints.items() for _ in range(n)])

    @property
    def worst(self):
        return max(self.hints)

    def think_percentile(self, q):
        ordered = sorted(self.thinks)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def distribution(self):
        return distribution(self.hints)


def play_rounds(level, rounds, seed, seekers=5, shape="6x10", progress=None):
    """SeekerStats of ``level`` over one round on each of ``rounds`` fresh boards."""
    from ..ai.topologic import make_agent

    options = RULES.normalize_options({"seekers": seekers, "shape": shape})
    agent = make_agent(level, options)
    stats = SeekerStats()
    move_rng = Rng(f"topologic/seeker/{seed}")
    for code, secret in zip(fresh_boards(rounds, seed, shape), fresh_secrets(rounds, seed)):
        board = build_board(code)
        # A setup with the secret in it: the record form that replays as before.
        setup = {"board": code, "secrets": [list(secret), list(secret)], "first_seeker": 0}
        state = RULES.initial_state(options, setup)
        while state.round_index == 0:
            start = time.perf_counter()
            move = agent.choose_move(state, move_rng)
            stats.thinks.append(time.perf_counter() - start)
            state = state.apply(move)
            if len(state.rounds[0]) > WORST_ROUND_HINTS:
                raise RuntimeError(f"the {level} seeker did not finish on board {board.code}")
        stats.hints[len(state.rounds[0])] += 1
        if progress:
            progress(stats)
    return stats


def evaluate_level(level, boards, seed, seekers=5, shape="6x10", timed=False, part=(0, 1)):
    """evaluate.Summary of ``level``: every secret on each of ``boards`` fresh boards.

    Untimed by default (the level's fixed effort, no time budget), so the
    numbers do not depend on how busy the machine is. ``part=(i, k)`` takes
    every k-th board from the i-th, so k processes can share a row
    (``Summary.merge`` joins their summaries).
    """
    from ..ai.topologic import policy_for
    from ..ai.topologic.seeker import tables_for

    summary = Summary()
    start, step = part
    pairs = list(zip(fresh_boards(boards, seed, shape), fresh_secrets(boards, seed)))
    for code, secret in pairs[start::step]:
        tables = tables_for(build_board(code))
        result = walk(policy_for(level, tables, seekers, timed), tables, seekers, f"{seed}/")
        summary.add(result, tables.board.index[tables.board.cell_of[secret]])
    return summary


def _levels(args):
    from ..ai.topologic import BENCH_LEVELS

    if not getattr(args, "players", None):
        return list(BENCH_LEVELS)
    levels = []
    for spec in args.players.split(","):
        kind, _, level = spec.strip().partition(":")
        if kind != "ai" or level not in BENCH_LEVELS:
            raise ValueError(f"player {spec!r}: write ai:LEVEL, LEVEL one of {', '.join(BENCH_LEVELS)}")
        if level not in levels:
            levels.append(level)
    return levels


def run_selfplay(args, options=None):
    """``python -m spielstube selfplay topologic``: hints per round of greedy and the levels;
    with ``--records DIR`` matches instead, one record file per match (``play_records``).
    ``options``: the game options given with ``--options``."""
    import sys

    if getattr(args, "records", None):
        try:
            return play_records(args, options or {})
        except ValueError as exc:
            print(exc, file=sys.stderr)
            return 2
    try:
        levels = _levels(args)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    seekers = getattr(args, "seekers", 5)
    shape = getattr(args, "shape", "6x10")
    exact = getattr(args, "exact", False)
    print(f"topologic seekers: {seekers} seekers, {shape} boards, {args.games} fresh boards (seed {args.seed}), "
          + ("every secret on each board" if exact else "one uniform secret each, through the rules engine"))
    for level in levels:
        if exact:
            summary = evaluate_level(level, args.games, args.seed, seekers, shape)
            mean, half = summary.mean_interval()
            print(f"  {level:<7} mean hints {mean:.3f} +- {half:.3f} (95 %, over boards)   "
                  f"worst {max(summary.exact)}   think p95 {summary.think_percentile(0.95) * 1000:.0f} ms, "
                  f"max {summary.think_max * 1000:.0f} ms")
            print(f"          hints: (board, secret) pairs  {distribution(summary.exact)}")
        else:
            stats = play_rounds(level, args.games, args.seed, seekers, shape)
            mean, half = stats.interval()
            print(f"  {level:<7} mean hints {mean:.3f} +- {half:.3f} (95 %)   worst {stats.worst}   "
                  f"think p95 {stats.think_percentile(0.95) * 1000:.0f} ms, max {max(stats.thinks) * 1000:.0f} ms")
            print(f"          hints: rounds  {stats.distribution()}")
    return 0


def play_records(args, options):
    """Matches of two computer seats (``--players``, default ai:normal,ai:easy; a match is
    two rounds, each seat seeking once and hiding at random once), played through the rules
    engine like every game's selfplay and written as records in ``args.records``. Prints the
    match summary (wins per seat, think times) and each player's mean hints as seeker."""
    from ..core.errors import SpielstubeError
    from .selfplay import parse_players, play_match

    specs, levels = parse_players(getattr(args, "players", None) or "ai:normal,ai:easy")
    if len(levels) != 2:
        raise ValueError(f"a Topologic match has two seats, not {len(levels)}: give two ai:LEVEL")
    options = {"seekers": getattr(args, "seekers", 5), "shape": getattr(args, "shape", "6x10"), **options}
    try:
        summary = play_match("topologic", levels, args.games, args.seed, options, records=args.records,
                             margin=hints_by_player)
    except SpielstubeError as exc:  # options the game refuses, an unknown level
        raise ValueError(str(exc)) from None
    print("\n".join(summary.lines()))
    for player, spec in enumerate(specs):
        hints = [game[player] for game in summary.margins]
        print(f"  player {player} {spec:<14} mean hints as seeker {sum(hints) / len(hints):.2f}")
    print(f"  {len(summary.records)} records in {args.records}")
    return 0


def hints_by_player(state, seat_to_player):
    """Each player's hints as seeker in a finished match (the margin hook of play_match)."""
    hints = [0] * len(seat_to_player)
    for seat, player in enumerate(seat_to_player):
        hints[player] = state.counts[seat]
    return hints


def bench_row(level, seekers, shape, boards, seed, summary=None):
    """One markdown row of the Topologic table (exact over all secrets, untimed)."""
    if summary is None:
        summary = evaluate_level(level, boards, seed, seekers, shape)
    mean, half = summary.mean_interval()
    sampled, sampled_half = summary.sampled_interval()
    return (f"| {level} | {seekers} | {shape} | {mean:.3f} ± {half:.3f} | {max(summary.exact)} "
            f"| {distribution(summary.exact)} | {sampled:.2f} ± {sampled_half:.2f}, worst {max(summary.sampled)} "
            f"| {summary.think_percentile(0.5, cpu=True) * 1000:.0f} / "
            f"{summary.think_percentile(0.95, cpu=True) * 1000:.0f} / "
            f"{summary.think_percentile(1.0, cpu=True) * 1000:.0f} ms |")


BENCH_HEADER = [
    "| seeker | seekers | shape | mean hints (exact, 95 %) | worst | hints: (board, secret) pairs "
    "| one secret per board: mean, worst | think p50 / p95 / max (CPU) |",
    "| --- | ---: | --- | ---: | ---: | --- | --- | ---: |",
]


def bench_markdown(quick):
    """Markdown table of greedy and every level, per seeker count and shape."""
    from ..ai.topologic import BENCH_LEVELS

    boards = 2 if quick else BENCH_BOARDS
    lines = [
        f"### Topologic seekers, {boards} fresh boards per row, seed {BENCH_SEED}",
        "",
        f"`PYTHONPATH=py python3 -m spielstube bench --only topologic`; a row's boards are the same for "
        f"every seeker; exact = every secret on every board (the mean over a uniform secret), the interval "
        f"over boards; think times are CPU seconds of CPython per played turn (a busy machine does not inflate "
        f"them; wall clock is the same on an idle core).",
        "",
    ] + BENCH_HEADER
    for seekers, shape in BENCH_CONFIGS:
        for level in BENCH_LEVELS:
            lines.append(bench_row(level, seekers, shape, boards, BENCH_SEED))
    return "\n".join(lines)
