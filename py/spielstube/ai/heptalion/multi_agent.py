"""Heptalion's computer for 3-4 players (normal and strong): information-set
MCTS on bitmasks (multi.py) with RAVE and playouts to the end (multi_playout.py);
with open hands, once two players are left, the 2-player search (the
``endgame``, a TwoPlayerAgent). Strong adds STRONG_SETTINGS (the solver's
exact duel values, decisive playouts). Progressive bias and the forced-win
proofs and move check were measured, did not pay and were removed
(docs/benchmarks.md)."""

from .. import clock
from ..agent import Agent
from ..search.mcts import best_move
from .multi import search as multi_search
from .position import tables_for

# Playouts run to the end of the game (3-player trials against two ai:mcts
# seats: evaluating the leaf at once scored 31 % of 45 games at 0.1 s a move,
# playing out 43 % of 60 at 0.05 s; docs/benchmarks.md).
MULTI_EXPLORATION = 0.4
# RAVE equivalence (0: off); trials at 0.1 s a move, 45 games each: 300 with
# exploration 0.4 scored 42 %, 1000 with 0.25 38 %.
MULTI_RAVE = 300
MULTI_URGENT = 0.5  # share of urgent_move placements in the playouts (45 % vs 43 % without)
# Solver nodes a playout may spend on the duel once two players are left
# (multi_playout.leaf_value); those duels are nearly always decided in 1-5 nodes.
MULTI_DUEL_NODES = 500
# What strong sets beyond the defaults (agents.make_agent): the exact duel
# values and the decisive playouts (multi_playout.py). Paired on the same 200 deals (seed 6000, 0.05 s a
# seat): 45.0 % against 40.0 % without them (+5.0 points, 95 % -4.4 to +14.4); the
# deciding run at the real budget (seeds 5401, 5402, 300 games): 39.0 %,
# 95 % 33.7-44.6 %, above a third (docs/benchmarks.md).
CANDIDATE_SETTINGS = {"duel_values": True, "decisive": True}
STRONG_SETTINGS = CANDIDATE_SETTINGS


class MultiAgent(Agent):
    """3-4 players: ISMCTS on bitmasks with playouts to the end (multi.py); with
    open hands, once two players are left, the 2-player search (``endgame``)."""

    def __init__(self, level, seconds, endgame=None, exploration=MULTI_EXPLORATION, urgent=MULTI_URGENT, rave=MULTI_RAVE, iterations=None,
                 duel_nodes=MULTI_DUEL_NODES, duel_values=False, decisive=False):
        self.level = level
        self.seconds = seconds
        self.endgame = endgame
        self.exploration = exploration
        self.urgent = urgent
        self.rave = rave
        self.iterations = iterations  # a fixed count instead of the clock (reproducible tests)
        self.decisive = decisive  # playouts take kills and shun self-blocking (multi_playout)
        self.duel_nodes = duel_nodes if duel_values else 0  # 0: playouts play duels out at random
        self.last_info = {}

    def _duel(self, board):
        """``(occ, mover's tiles, other's tiles) -> won or None`` for the playouts'
        duels: the endgame's solver (its table shared), None without one."""
        solver = self.endgame.solver_for(board) if self.endgame is not None and self.duel_nodes else None
        if solver is None:
            return None
        nodes = self.duel_nodes
        return lambda occ, me, opp: solver.decide(occ, me, opp, nodes)

    def choose_move(self, state, rng):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        start = clock.now()
        seat = state.current_player
        if self.endgame is not None and not state.hidden and state.alive.count(True) == 2:
            other = next(p for p, a in enumerate(state.alive) if a and p != seat)
            move = self.endgame.choose_between(state, state.hands[seat], state.hands[other])
            self.last_info = dict(self.endgame.last_info, endgame=True)
            return move
        self.last_info = {}
        visits = self._search(state, rng, start)
        return tables_for(state.board).placement(*best_move(visits))

    def chances(self, state, rng):
        """Per placement of the player to act: (visits, its estimated chance to win)
        from the search ``choose_move`` makes; empty when a placement wins at once
        (the search then looks no further). A review judges moves by it."""
        stats = {}
        self._search(state, rng, clock.now(), stats)
        tables = tables_for(state.board)
        return {tables.placement(*move): value for move, value in stats.items()}

    def _search(self, state, rng, start, stats=None):
        """The visit counts per (tile, mask) of the search from ``state`` (multi.py)."""
        tables = tables_for(state.board)
        if self.iterations:
            limit = {"iterations": self.iterations}
        else:
            limit = {"seconds": max(0.0, self.seconds - (clock.now() - start))}
        visits, done = multi_search(tables.positions, state.occupied, state.hands, state.alive,
                                    state.current_player, rng, hidden=state.hidden,
                                    exploration=self.exploration, urgent=self.urgent, rave=self.rave,
                                    duel=self._duel(state.board), decisive=self.decisive, stats=stats,
                                    **limit)
        self.last_info["iterations"] = done
        return visits
