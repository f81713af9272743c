"""Topologic's computer players: the seeker at three levels, and the game master.

  seeker.py   the planner that picks the seekers' fields (strong and normal)
  bench.py    seeker statistics over many random boards (selfplay, bench)

The game master's only decision is where to hide the secret (its hide
move); the computer draws it uniformly at random (``draw_secret``), which
leaves a seeker no location more likely than another. ``MatchAgent`` plays
both roles.
"""

from ...games.topologic.board import LOCATIONS
from ..agent import Agent
from .bench import bench_markdown, run_selfplay
from .seeker import Seeker, tables_for

__all__ = ["make_agent", "draw_secret", "MatchAgent", "SeekerAgent", "HunchAgent", "run_selfplay",
           "bench_markdown"]

# Effort per level: more starts and deeper look-ahead find better turns, slower.
LEVEL_SETTINGS = {
    "strong": {},  # the Seeker defaults
    "normal": {"starts": 2, "lookahead": 1, "entry_starts": 2, "entry_lookahead": 1},
}


def draw_secret(board, rng):
    """A location (colour, pips) for the computer game master, uniformly at random."""
    return LOCATIONS[rng.below(len(LOCATIONS))]


def _indices(board, cells):
    return tuple(board.index[cell] for cell in cells)


class SeekerAgent(Agent):
    """Plays the seeker with ``Seeker``; reads only the hints, never the secret."""

    def __init__(self, level, settings):
        self.level = level
        self.settings = settings
        self._entries = {}  # (board code, seekers) -> entry turn: both rounds share the board

    def choose_move(self, state, rng):
        board = state.board
        seeker = Seeker(tables_for(board), state.seeker_count, **self.settings)
        if state.in_entry:
            key = (board.code, state.seeker_count)
            turn = self._entries.get(key)
            if turn is None:
                turn = self._entries[key] = seeker.choose(None, _indices(board, board.cells), rng)
                if len(self._entries) > 8:
                    self._entries.pop(next(iter(self._entries)))
        else:
            turn = seeker.choose(_indices(board, state.positions),
                                 _indices(board, state.candidates), rng)
        return state.make_move(board.cells[i] for i in turn)


class HunchAgent(Agent):
    """The easy seeker: half of its turns bet on one random candidate.

    On those turns it walks every seeker towards a candidate drawn at random
    (entering next to it); on the others it moves like a quick planner. Each
    hint still narrows the candidates, so it always finds the secret, with
    more hints than a player who always moves for information.
    """

    level = "easy"

    def __init__(self):
        self.planner = SeekerAgent("easy", {"starts": 1, "lookahead": 1,
                                            "entry_starts": 1, "entry_lookahead": 1})

    def choose_move(self, state, rng):
        if rng.below(2):
            return self.planner.choose_move(state, rng)
        board = state.board
        candidates = sorted(state.candidates)
        target = candidates[rng.below(len(candidates))]
        if state.in_entry:
            border = sorted(board.border)
            nearest = min(border, key=lambda cell: (board.queen_distance(cell, target), cell))
            return state.make_move([nearest] * state.seeker_count)
        seeker = Seeker(tables_for(board), state.seeker_count)
        turn = seeker.gather_step(_indices(board, state.positions), board.index[target])
        return state.make_move(board.cells[i] for i in turn)


class MatchAgent(Agent):
    """Both roles of a match: hides uniformly as game master, seeks with ``seeker``."""

    def __init__(self, seeker):
        self.seeker = seeker
        self.level = seeker.level

    def choose_move(self, state, rng):
        if state.awaiting_secret:
            return state.hide_move(draw_secret(state.board, rng))
        return self.seeker.choose_move(state, rng)


def make_agent(level, options):
    if level == "easy":
        return MatchAgent(HunchAgent())
    return MatchAgent(SeekerAgent(level, LEVEL_SETTINGS[level]))
