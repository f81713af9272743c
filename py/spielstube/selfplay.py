"""Computer-against-computer matches for strength and speed measurement."""

import time
from dataclasses import dataclass, field

from .ai.agent import make_agent
from .core.rng import Rng
from .games import get_rules


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
    margins: list = field(default_factory=list)

    def lines(self):
        out = [f"{self.game}: {self.games} games, players {', '.join(self.players)}"]
        for i, spec in enumerate(self.players):
            mean = self.think_total[i] / self.think_count[i] if self.think_count[i] else 0.0
            share = 100.0 * self.points[i] / self.games if self.games else 0.0
            out.append(
                f"  player {i} {spec:<14} wins {self.wins[i]:>4}  points {self.points[i]:>7.1f}"
                f" ({share:5.1f} %)  think mean {mean * 1000:7.1f} ms  max {self.think_max[i] * 1000:7.1f} ms"
            )
        return out


def parse_players(text):
    specs = [part.strip() for part in text.split(",") if part.strip()]
    levels = []
    for spec in specs:
        kind, _, level = spec.partition(":")
        if kind != "ai" or not level:
            raise ValueError(f"player {spec!r}: write ai:LEVEL (easy, normal, strong, ...)")
        levels.append(level)
    return specs, levels


def play_match(game, levels, games, seed, options=None, progress=None, margin=None):
    """Plays ``games`` games; seat assignment rotates so every player starts.

    Game g seats player (g + s) % n in seat s, so over n games each player
    sits in (and starts from) every seat once.
    """
    rules = get_rules(game)
    n = len(levels)
    base_options = dict(options or {})
    if rules.max_players > 2 or "players" in rules.normalize_options({}):
        base_options.setdefault("players", n)
    options = rules.normalize_options(base_options)
    agents = [make_agent(game, level, options) for level in levels]
    summary = MatchSummary(game, [f"ai:{lv}" for lv in levels])
    summary.points = [0.0] * n
    summary.wins = [0] * n
    summary.think_total = [0.0] * n
    summary.think_count = [0] * n
    summary.think_max = [0.0] * n
    rng = Rng(seed)
    for g in range(games):
        setup = rules.random_setup(options, rng.fork())
        state = rules.initial_state(options, setup)
        seat_to_player = [(g + s) % n for s in range(n)]
        move_rng = rng.fork()
        while not state.is_terminal():
            player = seat_to_player[state.current_player]
            start = time.perf_counter()
            move = agents[player].choose_move(state, move_rng)
            elapsed = time.perf_counter() - start
            summary.think_total[player] += elapsed
            summary.think_count[player] += 1
            summary.think_max[player] = max(summary.think_max[player], elapsed)
            state = state.apply(move)
        returns = state.returns()
        for seat, value in enumerate(returns):
            player = seat_to_player[seat]
            summary.points[player] += value
            if value == 1.0:
                summary.wins[player] += 1
        if margin is not None:
            summary.margins.append(margin(state, seat_to_player))
        summary.games += 1
        if progress:
            progress(summary)
    return summary
