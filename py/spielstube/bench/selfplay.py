"""Computer-against-computer matches for strength and speed measurement.

One match runner for every game (Topologic's seeker statistics, hints per
round with no opponent, have their own in bench/topologic.py; Topologic's
matches with records come from here): seats rotate so every player starts
equally often, any game option can be set, and each game can be written as a
record.
"""

import importlib
import math
import os
import time
from dataclasses import dataclass, field

from ..ai import clock
from ..ai.agent import make_agent
from ..core.record import make_record
from ..core.rng import Rng
from ..games import get_rules


@dataclass
class MatchSummary:
    game: str
    players: list
    games: int = 0
    # per player spec index (the order given on the command line)
    points: list = field(default_factory=list)
    wins: list = field(default_factory=list)
    think_total: list = field(default_factory=list)
    think_count: list = field(default_factory=list)
    think_max: list = field(default_factory=list)
    think_times: list = field(default_factory=list)  # per player: every move's seconds
    think_clock: str = "wall clock"  # or "CPU seconds" (selfplay --cpu-clock)
    margins: list = field(default_factory=list)
    records: list = field(default_factory=list)  # paths of the written records

    def share(self, i):
        return self.points[i] / self.games if self.games else 0.0

    def lines(self):
        out = [f"{self.game}: {self.games} games, players {', '.join(self.players)}"]
        for i, spec in enumerate(self.players):
            mean = self.think_total[i] / self.think_count[i] if self.think_count[i] else 0.0
            low, high = wilson_interval(self.points[i], self.games)
            out.append(
                f"  player {i} {spec:<14} wins {self.wins[i]:>4}  points {self.points[i]:>7.1f}"
                f" ({100 * self.share(i):5.1f} %, 95 % {100 * low:.0f}-{100 * high:.0f})"
                f"  think mean {mean * 1000:7.1f} ms  max {self.think_max[i] * 1000:7.1f} ms"
            )
        for i, spec in enumerate(self.players):
            times = sorted(self.think_times[i]) if self.think_times else []
            if times:
                out.append(f"  player {i} {spec:<14} think per move ({self.think_clock}): "
                           f"p50 {1000 * percentile(times, 50):.0f} ms, "
                           f"p95 {1000 * percentile(times, 95):.0f} ms, "
                           f"max {1000 * times[-1]:.0f} ms over {len(times)} moves")
        return out


def percentile(ordered, q):
    """The q-th percentile (nearest rank) of an ascending list."""
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def wilson_interval(successes, trials, z=1.96):
    """95 % Wilson score interval of a share (points count as successes; draws give halves)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At p = 0 or 1 the bound is exactly 0 or 1; rounding must not move it past p.
    low = 0.0 if successes <= 0 else max(0.0, min(p, centre - spread))
    high = 1.0 if successes >= trials else min(1.0, max(p, centre + spread))
    return low, high


def parse_players(text):
    specs = [part.strip() for part in text.split(",") if part.strip()]
    levels = []
    for spec in specs:
        kind, _, level = spec.partition(":")
        if kind != "ai" or not level:
            raise ValueError(f"player {spec!r}: write ai:LEVEL (easy, normal, strong, ...)")
        levels.append(level)
    return specs, levels


def agent_factory(game):
    """``level, options -> Agent``: a game's ``agent_for`` (which also knows its baselines,
    such as Schlangennest's greedy) or the registry of levels."""
    try:
        module = importlib.import_module(f"spielstube.ai.{game}")
    except ImportError:
        module = None
    agent_for = getattr(module, "agent_for", None)
    if agent_for is not None:
        return agent_for
    return lambda level, options: make_agent(game, level, options)


def play_match(game, levels, games, seed, options=None, progress=None, margin=None, first=None,
               records=None, seconds=None):
    """Plays ``games`` games; seat assignment rotates so every player starts.

    Game g seats player (g + s) % n in seat s, so over n games each player
    sits in every seat once. ``first`` fixes the setup's start seat (then
    each player also starts equally often); ``records`` is a folder that gets
    one record file per game; ``margin(state, seat_to_player)`` collects a
    per-game figure into ``summary.margins``; ``seconds`` replaces every
    level's think-time budget (only for games whose ``agent_for`` takes it).
    """
    rules = get_rules(game)
    n = len(levels)
    base_options = dict(options or {})
    if rules.max_players > 2 or "players" in rules.normalize_options({}):
        base_options.setdefault("players", n)
    options = rules.normalize_options(base_options)
    make = agent_factory(game)
    if seconds is None:
        agents = [make(level, options) for level in levels]
    else:
        try:
            agents = [make(level, options, seconds=seconds) for level in levels]
        except TypeError:
            raise ValueError(f"--seconds is not supported for {game}") from None
    summary = MatchSummary(game, [f"ai:{lv}" for lv in levels])
    summary.points = [0.0] * n
    summary.wins = [0] * n
    summary.think_total = [0.0] * n
    summary.think_count = [0] * n
    summary.think_max = [0.0] * n
    summary.think_times = [[] for _ in range(n)]
    # Think times on the clock the budgets read (CPU seconds after --cpu-clock).
    timer = clock.seconds_source()
    summary.think_clock = "CPU seconds" if timer is time.process_time else "wall clock"
    if records is not None:
        os.makedirs(records, exist_ok=True)
    rng = Rng(seed)
    for g in range(games):
        setup = rules.random_setup(options, rng.fork())
        if first is not None and "first" in setup:
            setup["first"] = first
        state = rules.initial_state(options, setup)
        seat_to_player = [(g + s) % n for s in range(n)]
        move_rng = rng.fork()
        moves = []
        while not state.is_terminal():
            player = seat_to_player[state.current_player]
            start = timer()
            move = agents[player].choose_move(state, move_rng)
            elapsed = timer() - start
            summary.think_times[player].append(elapsed)
            summary.think_total[player] += elapsed
            summary.think_count[player] += 1
            summary.think_max[player] = max(summary.think_max[player], elapsed)
            state = state.apply(move)
            moves.append(state.last_move or move)
        returns = state.returns()
        for seat, value in enumerate(returns):
            player = seat_to_player[seat]
            summary.points[player] += value
            if value == 1.0:
                summary.wins[player] += 1
        if margin is not None:
            summary.margins.append(margin(state, seat_to_player))
        if records is not None:
            path = os.path.join(records, f"{game}-seed{seed}-game{g:04d}.json")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(make_record(rules, options, setup, moves, state).to_json() + "\n")
            summary.records.append(path)
        summary.games += 1
        if progress:
            progress(summary)
    return summary


def lengths_by_player(state, seat_to_player):
    """Schlangennest: each player's length (the margin hook of play_match)."""
    lengths = [0] * len(seat_to_player)
    for seat, player in enumerate(seat_to_player):
        lengths[player] = state.lengths[seat]
    return lengths


def head_to_head(per_game, a, b):
    """(points, games) of player a against player b from per-game lengths: 1 when a's
    snake is longer, 0.5 when equal."""
    points = sum(1.0 if g[a] > g[b] else 0.5 if g[a] == g[b] else 0.0 for g in per_game)
    return points, len(per_game)
