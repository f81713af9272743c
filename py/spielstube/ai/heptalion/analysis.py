"""Exact analysis of a 2-player open-hands Heptalion position, for the
command line (`solve`) and the page's analysis panel (through the host).

``Analysis.run(state, seconds, progress)`` decides every placement of the
player to move within a time budget read through ai.clock.now() (so the host
can pause or cancel it), and keeps its solver per board: a later call, after
a move or on the same position, reuses what was proven.

The placements are decided in rounds of growing node budgets, the likeliest
winners first in each round: the easy ones (most are quickly refuted) are
known within the first seconds from about ply 2 on, so a player sees which
placements lose long before the hardest one is proven (``progress`` gets
each step). A late round is one long solver call (tens of seconds at plies
0-1): ``snapshot()``, called from the clock's pause hook meanwhile, gives the
same report with the nodes of the call running counted in.
"""

from ...core.errors import SpielstubeError
from ...games.heptalion import RULES
from .. import clock
from .position import tables_for
from .solver import Solver

VALUES = {True: "win", False: "loss", None: "unknown"}
# Nodes a placement may take in the first round; each later round gives GROWTH times more.
FIRST_ROUND_NODES = 4_000
GROWTH = 4


class Analysis:
    def __init__(self, max_entries=300_000):
        """``max_entries``: per table generation of the solver (two are kept;
        about 150 bytes each): small in the page, larger on the command line."""
        self.max_entries = max_entries
        self._rows = None
        self._solver = None
        self._live = None  # while run() works: () -> its report as of now

    def run(self, state, seconds=None, progress=None):
        """{"to_move", "value", "winning_moves", "losing_moves",
        "undecided_moves", "undecided" (their count), "decided", "total",
        "nodes", "seconds"}.

        value is from the mover's side: "win" once a winning placement is
        proven, "loss" once every placement is proven to lose, else
        "unknown". winning_moves and losing_moves (record notation) are
        complete unless undecided (placements not decided in time) is above
        0. ``progress(partial)``, if given, gets the same dict after every
        placement tried (decided or out of its round's nodes; value "win"
        once one is proven to win, else "unknown" until the end).
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
        solver = self._solver
        seat = state.current_player
        occ, me, opp = state.occupied, state.hands[seat], state.hands[1 - seat]
        start = clock.now()
        # The clock without its pause hook: a report is also made from inside the hook.
        elapsed = clock.unpaused
        deadline = None if seconds is None else start + seconds
        undecided = solver.ordered_moves(occ, me, opp)
        winning, losing = [], []
        nodes = 0

        def report(value, open_moves, nodes):
            def as_json(moves):
                return [RULES.move_to_json(tables.placement(*m), seat) for m in moves]
            decided = len(winning) + len(losing)
            return {"to_move": seat, "value": VALUES[value], "winning_moves": as_json(winning),
                    "losing_moves": as_json(losing), "undecided_moves": as_json(open_moves),
                    "undecided": total - decided, "decided": decided, "total": total,
                    "nodes": nodes, "seconds": round(elapsed() - start, 3)}

        total = len(undecided)
        budget = FIRST_ROUND_NODES
        # Between solver calls solver.nodes is the last call's, already in ``nodes``.
        running = {"call": False, "open": undecided}

        def live():
            extra = solver.nodes if running["call"] else 0  # the solver counts each call from 0
            return report(True if winning else None, running["open"], nodes + extra)

        self._live = live
        try:
            while undecided and (deadline is None or clock.now() < deadline):
                left = []
                for i, (t, mask) in enumerate(undecided):
                    if deadline is not None and clock.now() >= deadline:
                        left.append((t, mask))
                        continue
                    running["open"] = left + undecided[i:]
                    running["call"] = True
                    # The opponent's value after the placement decides it.
                    reply, _, _ = solver.solve(occ | mask, opp, me & ~(1 << t),
                                               node_budget=budget, deadline=deadline)
                    running["call"] = False
                    nodes += solver.nodes
                    if reply is None:
                        left.append((t, mask))
                    else:
                        (losing if reply else winning).append((t, mask))
                    running["open"] = left + undecided[i + 1:]
                    if progress is not None:
                        progress(report(True if winning else None, running["open"], nodes))
                undecided = left
                budget *= GROWTH
        finally:
            self._live = None
        value = True if winning else (False if not undecided else None)
        return report(value, undecided, nodes)

    def snapshot(self):
        """While run() works (called from the clock's pause hook, inside a solver call):
        its progress report as of now, the running call's nodes counted in; else None."""
        return self._live() if self._live is not None else None
