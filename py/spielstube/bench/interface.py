"""What one host view costs in the engines: ``python -m spielstube bench --only interface``.

Per game, random positions from random playouts; at each, the work of one
view: ``player_view`` for the seat to act, ``legal_json`` and
``describe_json`` of every move so far (the move list). Measurements only.
"""

import math
import statistics
import time

from ..core.rng import Rng
from ..games import GAME_NAMES, get_rules

OPTIONS = {"heptalion": {"players": 2}, "topologic": {"seekers": 5}, "schlangennest": {"players": 2}}
# (row, game, options): the variants whose views list more colours.
VARIANTS = (("schlangennest neutral snake, 3 players", "schlangennest", {"players": 3, "extra": "neutral"}),
            ("schlangennest frame", "schlangennest", {"players": 2, "extra": "frame"}),
            ("schlangennest two snakes", "schlangennest", {"players": 2, "snakes": 2}))


def _choices(state):
    return state.sample_moves() if hasattr(state, "sample_moves") else state.legal_moves()


def view_costs(game, positions, seed=1, options=None):
    """Milliseconds of one view's engine work at ``positions`` random positions."""
    rules = get_rules(game)
    options = rules.normalize_options(OPTIONS[game] if options is None else options)
    rng = Rng(seed)
    costs = []
    while len(costs) < positions:
        state = rules.initial_state(options, rules.random_setup(options, rng))
        history = []
        stop = rng.below(40)
        while not state.is_terminal() and len(history) < stop:
            moves = _choices(state)
            move = moves[rng.below(len(moves))]
            history.append((state, move))
            state = state.apply(move)
        viewer = None if state.is_terminal() else state.current_player
        start = time.perf_counter()
        state.player_view(viewer)
        rules.legal_json(state)
        for before, move in history:
            rules.describe_json(before, move, viewer)
        costs.append((time.perf_counter() - start) * 1000)
    return costs


def bench_markdown(quick):
    positions = 40 if quick else 400
    lines = ["## Interface: the engine work of one host view", "",
             f"`PYTHONPATH=py python3 -m spielstube bench --only interface` (CPython; {positions} random "
             "positions per game from random playouts of 0-39 moves, seed 1): `player_view` of the seat "
             "to act, `legal_json` and `describe_json` of every move so far.", "",
             "| game | positions | mean | 95 % interval of the mean | max |", "|---|---:|---:|---|---:|"]
    rows = [(game, game, None) for game in GAME_NAMES] + list(VARIANTS)
    for row, game, options in rows:
        costs = view_costs(game, positions, options=options)
        mean = statistics.fmean(costs)
        half = 1.96 * statistics.stdev(costs) / math.sqrt(len(costs))
        lines.append(f"| {row} | {len(costs)} | {mean:.2f} ms | {mean - half:.2f} to {mean + half:.2f} ms | "
                     f"{max(costs):.2f} ms |")
    return "\n".join(lines) + "\n"
