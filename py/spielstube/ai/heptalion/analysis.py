"""Exact analysis of a 2-player open-hands Heptalion position, for the
command line (`solve`) and the page's analysis panel (through the host).

``Analysis.run(state, seconds)`` decides every placement of the player to move
within a time budget read through ai.clock.now() (so the host can pause or
cancel it), and keeps its solver per board: a later call, after a move or on
the same position, reuses what was proven.
"""

from ...core.errors import SpielstubeError
from ...games.heptalion import RULES
from .. import clock
from .position import tables_for
from .solver import Solver

VALUES = {True: "win", False: "loss", None: "unknown"}


class Analysis:
    def __init__(self, max_entries=300_000):
        """``max_entries``: per table generation of the solver (two are kept;
        about 150 bytes each): small in the page, larger on the command line."""
        self.max_entries = max_entries
        self._rows = None
        self._solver = None

    def run(self, state, seconds=None):
        """{"to_move", "value", "winning_moves", "undecided", "nodes", "seconds"}.

        value is from the mover's side: "win" once a winning placement is
        proven, "loss" once every placement is proven to lose, else
        "unknown". winning_moves (record notation) is complete unless
        undecided (placements not decided in time) is above 0.
        """
        if state.num_players != 2:
            raise SpielstubeError("exact analysis needs a 2-player game")
        if state.hidden:
            raise SpielstubeError("the hands are hidden: exact analysis needs open hands")
        if state.is_terminal():
            raise SpielstubeError("the game is over: nothing to analyse")
        tables = tables_for(state.board)
        if state.board.rows != self._rows:
            self._solver = Solver(tables.positions, max_entries=self.max_entries)
            self._rows = state.board.rows
        seat = state.current_player
        start = clock.now()
        deadline = None if seconds is None else start + seconds
        value, winning, _, undecided = self._solver.analyse(
            state.occupied, state.hands[seat], state.hands[1 - seat], deadline=deadline)
        return {"to_move": seat, "value": VALUES[value],
                "winning_moves": [RULES.move_to_json(tables.placement(*m), seat) for m in winning],
                "undecided": len(undecided), "nodes": self._solver.nodes,
                "seconds": round(clock.now() - start, 3)}
