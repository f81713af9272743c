"""How many hints the computer seeker needs: statistics over random boards.

Each sample is one round on a fresh random board (from the seed) with a
uniformly random secret, played through the rules engine, so every turn is
checked by ``apply``. Topologic's seeker has no opponent to beat: the number
of hints is the measure.
"""

import time
from collections import Counter

from ...core.rng import Rng
from ...games.topologic.rules import RULES

WORST_ROUND_HINTS = 40  # a round this long means the seeker is broken


class SeekerStats:
    """Hints per round and think time per turn, summed over rounds."""

    def __init__(self):
        self.hints = Counter()
        self.think_total = 0.0
        self.think_max = 0.0
        self.turns = 0

    @property
    def rounds(self):
        return sum(self.hints.values())

    @property
    def mean(self):
        return sum(h * n for h, n in self.hints.items()) / self.rounds

    @property
    def worst(self):
        return max(self.hints)

    @property
    def think_mean(self):
        return self.think_total / self.turns

    def distribution(self):
        return "  ".join(f"{h}: {n}" for h, n in sorted(self.hints.items()))


def play_rounds(level, rounds, seed, seekers=5, shape="6x10", progress=None):
    """SeekerStats of ``level`` over ``rounds`` random boards drawn from ``seed``."""
    from . import draw_secret, make_agent

    options = RULES.normalize_options({"seekers": seekers, "shape": shape})
    agent = make_agent(level, options)
    rng = Rng(seed)
    stats = SeekerStats()
    for _ in range(rounds):
        setup_rng = rng.fork()
        state = RULES.initial_state(options, RULES.random_setup(options, setup_rng))
        # The secret is drawn as the setup drew it before the hide move existed.
        state = state.apply(state.hide_move(draw_secret(state.board, setup_rng)))
        move_rng = rng.fork()
        while state.round_index == 0:
            start = time.perf_counter()
            move = agent.choose_move(state, move_rng)
            elapsed = time.perf_counter() - start
            stats.think_total += elapsed
            stats.think_max = max(stats.think_max, elapsed)
            stats.turns += 1
            state = state.apply(move)
            if len(state.rounds[0]) > WORST_ROUND_HINTS:
                raise RuntimeError(f"the {level} seeker did not finish on board {state.board.code}")
        stats.hints[len(state.rounds[0])] += 1
        if progress:
            progress(stats)
    return stats


def run_selfplay(args):
    """``python -m spielstube selfplay topologic``: the seeker's hints over many boards."""
    level = "strong"
    if getattr(args, "players", None):
        level = args.players.split(",")[0].partition(":")[2] or level
    seekers = getattr(args, "seekers", 5)
    shape = getattr(args, "shape", "6x10")
    stats = play_rounds(level, args.games, args.seed, seekers, shape)
    print(f"topologic seeker ai:{level}, {seekers} seekers, {shape} boards, "
          f"{stats.rounds} rounds (seed {args.seed})")
    print(f"  mean hints {stats.mean:.3f}   worst {stats.worst}")
    print(f"  hints per round: {stats.distribution()}")
    print(f"  think time per turn: mean {stats.think_mean * 1000:.1f} ms, max {stats.think_max * 1000:.1f} ms")
    return 0


BENCH_CONFIGS = [(5, "6x10"), (4, "6x10"), (3, "6x10"), (5, "random"), (4, "random"), (3, "random")]


def bench_markdown(quick):
    """Markdown tables of the seeker's hints and think times per configuration."""
    rounds = 2 if quick else 100
    seed = 2026
    lines = [
        f"### Topologic seeker (ai:strong), {rounds} random boards per row, seed {seed}",
        "",
        "| seekers | shape | mean hints | worst | hints: rounds | think mean | think max |",
        "| ---: | --- | ---: | ---: | --- | ---: | ---: |",
    ]
    for seekers, shape in BENCH_CONFIGS:
        stats = play_rounds("strong", rounds, seed, seekers, shape)
        lines.append(
            f"| {seekers} | {shape} | {stats.mean:.2f} | {stats.worst} | {stats.distribution()} "
            f"| {stats.think_mean * 1000:.0f} ms | {stats.think_max * 1000:.0f} ms |"
        )
    easy = play_rounds("easy", rounds, seed)
    normal = play_rounds("normal", rounds, seed)
    lines += [
        "",
        "| level (5 seekers, 6x10) | mean hints | worst | think max |",
        "| --- | ---: | ---: | ---: |",
        f"| easy | {easy.mean:.2f} | {easy.worst} | {easy.think_max * 1000:.0f} ms |",
        f"| normal | {normal.mean:.2f} | {normal.worst} | {normal.think_max * 1000:.0f} ms |",
    ]
    return "\n".join(lines)
