"""Topologic's computer players: the seeker at three levels, and the game master.

  seeker.py    the planner that picks the seekers' fields (strong and normal)
  entry.py     entries with the best first split of the board-free game (strong, normal)
  identify.py  identifying turns (each hint leaves at most two candidates) scored exactly (strong)
  greedy.py    the greedy baseline (fewest candidates expected after one hint)
  evaluate.py  exact evaluation of a seeker on a board, over every secret at once
  bench.py     seeker statistics over many random boards (selfplay, bench): imported by
               the command line only, so the host's bundle leaves it out

The game master's only decision is where to hide the secret; the computer
draws it uniformly at random (``draw_secret``), which leaves a seeker no
location more likely than another.

A seeker policy is any object with ``choose(positions, candidates, rng)`` on
cell indices (positions None on the entry turn); ``policy_for`` builds the
one of a level, and ``SeekerAgent`` plays it in the rules engine. It reads
the board, the seekers' fields and the candidates (what the hints allow),
never the secret and never ``legal_moves``.
"""

import sys

from ...games.topologic.board import LOCATIONS
from ..agent import Agent
from .greedy import GreedySeeker
from .seeker import Seeker, tables_for

__all__ = ["make_agent", "draw_secret", "policy_for", "SeekerAgent", "HunchSeeker",
           "BASELINE", "BENCH_LEVELS"]

# Seconds a strong turn may think in CPython; the page (Pyodide) runs about
# 1.7-2.3x slower, so there the budget is stretched by PAGE_SCALE to search as
# far: 0.37 s -> 0.85 s, which keeps it under 1 s a turn in the page. Easy and
# normal have small fixed efforts (tens of ms) and no budget: their turns stay
# reproducible.
BUDGET_SECONDS = {"strong": 0.37}
PAGE_SCALE = 2.3

# Effort per level: more starts and deeper look-ahead find better turns, slower.
LEVEL_SETTINGS = {
    # Strong also scores every identifying turn exactly at 8 or fewer candidates: -0.010 (5 seekers
    # 6x10) and -0.026 (4 random) hints a round on fresh seed 5051 at 1.01-1.04x CPU
    # (docs/benchmarks.md, "Topologic: the computer seeker").
    "strong": {"entry_split": True, "identify_limit": 8},  # else the Seeker defaults
    # Normal enters with the best first split too (3-4 seekers), scoring 300 of those entries:
    # 0.08-0.14 hints fewer a round at its usual CPU (docs/benchmarks.md, "Why the levels are set
    # as they are").
    "normal": {"starts": 2, "lookahead": 1, "entry_starts": 2, "entry_lookahead": 1,
               "entry_split": True, "entry_scored": 300},
}
BASELINE = "greedy"  # not a level: kept to compare the levels with (bench, selfplay)
BENCH_LEVELS = (BASELINE, "easy", "normal", "strong")


def budget_seconds(level):
    """The level's budget per turn on this runtime, None for no limit."""
    if level not in BUDGET_SECONDS:
        return None
    scale = PAGE_SCALE if sys.platform == "emscripten" else 1.0
    return BUDGET_SECONDS[level] * scale


def draw_secret(board, rng):
    """A location (colour, pips) for the computer game master, uniformly at random."""
    return LOCATIONS[rng.below(len(LOCATIONS))]


def policy_for(level, tables, seeker_count, timed=True):
    """The seeker policy of ``level`` (or of the greedy baseline) on one board.

    ``timed=False`` drops the time budget, leaving only the fixed effort of
    the level: strength benchmarks then do not depend on the machine's load.
    """
    if level == BASELINE:
        return GreedySeeker(tables, seeker_count)
    if level == "easy":
        return HunchSeeker(tables, seeker_count)
    budget = budget_seconds(level) if timed else None
    return Seeker(tables, seeker_count, budget=budget, **LEVEL_SETTINGS[level])


class HunchSeeker:
    """The easy seeker: half of its turns bet on one random candidate.

    On those turns it walks every seeker towards a candidate drawn at random
    (entering on the border field nearest to it); on the others it moves
    like a quick planner. Each hint still narrows the candidates, so it
    always finds the secret, with more hints than a player who always moves
    for information.
    """

    def __init__(self, tables, seeker_count):
        self.tables = tables
        self.n = seeker_count
        self.planner = Seeker(tables, seeker_count, starts=1, lookahead=1, entry_starts=1, entry_lookahead=1)

    def choose(self, positions, candidates, rng):
        if rng.below(2):
            return self.planner.choose(positions, candidates, rng)
        candidates = sorted(candidates)
        target = candidates[rng.below(len(candidates))]
        if positions is None:
            distance = self.tables.distance
            nearest = min(self.tables.border, key=lambda cell: (distance[cell][target], cell))
            return (nearest,) * self.n
        return self.planner.gather_step(positions, target)


def _indices(board, cells):
    return tuple(board.index[cell] for cell in cells)


class SeekerAgent(Agent):
    """Plays a seeker policy in the rules engine; reads only the hints, never the secret.

    It also plays the game master's one decision, the hide, so one agent
    serves a computer seat in both rounds.
    """

    def __init__(self, level):
        self.level = level
        self._entries = {}  # (board code, seekers) -> entry turn: both rounds share the board

    def choose_move(self, state, rng):
        board = state.board
        if state.awaiting_secret:
            # As game master (rules where hiding is a move): a uniform secret.
            return state.hide_move(draw_secret(board, rng))
        policy = policy_for(self.level, tables_for(board), state.seeker_count)
        if state.in_entry and self.level != "easy":
            key = (board.code, state.seeker_count)
            turn = self._entries.get(key)
            if turn is None:
                turn = self._entries[key] = policy.choose(None, range(len(board.cells)), rng)
                if len(self._entries) > 8:
                    self._entries.pop(next(iter(self._entries)))
        else:
            positions = None if state.in_entry else _indices(board, state.positions)
            turn = policy.choose(positions, _indices(board, state.candidates), rng)
        return state.make_move(board.cells[i] for i in turn)


def make_agent(level, options):
    return SeekerAgent(level)
