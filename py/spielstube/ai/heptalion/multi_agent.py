"""Heptalion's computer for 3-4 players (normal and strong): information-set
MCTS on bitmasks (multi.py) with RAVE and playouts to the end (multi_playout.py);
with open hands, once two players are left, the 2-player search (the
``endgame``, a TwoPlayerAgent). Strong adds STRONG_SETTINGS (the solver's
exact duel values, decisive playouts); progressive bias and the forced-win
proofs and move check of paranoid.py are options, measured and left off
(docs/benchmarks.md)."""

from ...core.game import TERMINAL
from .. import clock
from ..agent import Agent
from ..mcts import best_move
from .multi import advance
from .multi import search as multi_search
from .paranoid import ParanoidSolver
from .position import tables_for

# Placements a playout makes before the evaluation scores it: more than a game
# has, so playouts run to the end (3-player trials against two ai:mcts seats:
# evaluating the leaf at once scored 31 % of 45 games at 0.1 s a move,
# playing out 43 % of 60 at 0.05 s; multi_eval stays for short playouts).
MULTI_PLAYOUT_DEPTH = 28
MULTI_EXPLORATION = 0.4
# RAVE equivalence (0: off); trials at 0.1 s a move, 45 games each: 300 with
# exploration 0.4 scored 42 %, 1000 with 0.25 38 %.
MULTI_RAVE = 300
MULTI_URGENT = 0.5  # share of urgent_move placements in the playouts (45 % vs 43 % without)
# Share of the budget the paranoid proof of a forced win may use (open
# hands, 3-4 players left); a proof found is played at once.
MULTI_PROOF_SHARE = 0.2
# Off by default with the move check below (and, unless asked for, the duel
# values): with all three on, strong scored 42.0 % and 30 % of 100 games
# (seeds 911, 912) against two ai:mcts seats, no better than without; the
# proofs and the check take budget from the search (docs/benchmarks.md).
MULTI_EXACT_PARTS = False
MULTI_PROOF_NODES = 20_000  # instead, with a fixed iteration count
# After the search, the most visited moves are checked, best first: one after
# which another player has a forced win is passed over for the next one with
# at least MULTI_SAFE_VISITS of its visits. The search leaves the checks
# MULTI_SAFE_SHARE of the budget; each check may take MULTI_SAFE_NODES nodes
# (undecided counts as safe), so early in the game they cost little.
MULTI_SAFE_SHARE = 0.05
MULTI_SAFE_NODES = 3_000
MULTI_SAFE_VISITS = 0.1
# Solver nodes a playout may spend on the duel once two players are left
# (multi_playout.leaf_value); those duels are nearly always decided in 1-5 nodes.
MULTI_DUEL_NODES = 500
# Progressive bias (multi.search): weight and depth of the evaluation's prior.
MULTI_BIAS_DEPTH = 1
# What strong sets beyond the defaults (agents.make_agent): the exact duel
# values without the proofs and the check, and the decisive playouts
# (multi_playout.py). Paired on the same 200 deals (seed 6000, 0.05 s a
# seat): 45.0 % against main's 40.0 % (+5.0 points, 95 % -4.4 to +14.4); the
# deciding run at the real budget (seeds 5401, 5402, 300 games): 39.0 %,
# 95 % 33.7-44.6 %, above a third (docs/benchmarks.md).
CANDIDATE_SETTINGS = {"duel_values": True, "decisive": True}
STRONG_SETTINGS = CANDIDATE_SETTINGS


class MultiAgent(Agent):
    """3-4 players: ISMCTS on bitmasks with evaluated leaves (multi.py); with
    open hands, once two players are left, the 2-player search (``endgame``)."""

    def __init__(self, level, seconds, endgame=None, playout_depth=MULTI_PLAYOUT_DEPTH,
                 exploration=MULTI_EXPLORATION, urgent=MULTI_URGENT, rave=MULTI_RAVE, iterations=None,
                 exact=MULTI_EXACT_PARTS, duel_nodes=MULTI_DUEL_NODES, proof_share=MULTI_PROOF_SHARE,
                 safe_share=MULTI_SAFE_SHARE, duel_values=False, decisive=False, bias=0.0,
                 bias_depth=MULTI_BIAS_DEPTH):
        self.level = level
        self.seconds = seconds
        self.endgame = endgame
        self.playout_depth = playout_depth
        self.exploration = exploration
        self.urgent = urgent
        self.rave = rave
        self.iterations = iterations  # a fixed count instead of the clock (reproducible tests)
        self.decisive = decisive  # playouts take kills and shun self-blocking (multi_playout)
        self.bias = bias  # 0: no progressive bias
        self.bias_depth = bias_depth
        # ``exact`` False: the proofs and the check off, and the duel values
        # unless ``duel_values``.
        self.duel_nodes = duel_nodes if exact or duel_values else 0  # 0: playouts play duels out at random
        self.proof_share = proof_share if exact else 0.0  # 0: no forced-win proofs
        self.safe_share = safe_share if exact else 0.0  # 0: the most visited move, unchecked
        self._paranoid = None
        self._paranoid_rows = None
        self.last_info = {}

    def _duel(self, board):
        """``(occ, mover's tiles, other's tiles) -> won or None`` for the playouts'
        duels: the endgame's solver (its table shared), None without one."""
        solver = self.endgame.solver_for(board) if self.endgame is not None and self.duel_nodes else None
        if solver is None:
            return None
        nodes = self.duel_nodes
        return lambda occ, me, opp: solver.decide(occ, me, opp, nodes)

    def _prover(self, board):
        """The forced-win prover of ``board`` (kept while the board stays), or
        None without an endgame solver."""
        solver = self.endgame.solver_for(board) if self.endgame is not None else None
        if solver is None:
            return None
        if self._paranoid_rows != board.rows:
            self._paranoid = ParanoidSolver(tables_for(board).positions, solver)
            self._paranoid_rows = board.rows
        return self._paranoid

    def _forced_win(self, state, deadline):
        """A proven forced win of the seat to move (open hands), else None."""
        if not self.proof_share or state.hidden or self._prover(state.board) is None:
            return None
        # A fixed iteration count (tests) gets a fixed node budget: reproducible.
        nodes, deadline = (MULTI_PROOF_NODES, None) if self.iterations else (None, deadline)
        move = self._paranoid.forced_win(state.occupied, list(state.hands), list(state.alive),
                                         state.current_player, node_budget=nodes, deadline=deadline)
        self.last_info["proof"] = {True: "won", False: "none", None: "open"}[
            None if move is None else bool(move)]
        return move or None

    def _safe_move(self, state, visits, deadline):
        """The most visited move after which no other player has a proven
        forced win (among moves with MULTI_SAFE_VISITS of the top's visits);
        an undecided proof counts as safe, and with none safe the top move."""
        ranked = sorted(visits, key=visits.get, reverse=True)
        prover = self._prover(state.board) if self.safe_share else None
        if prover is None:
            return ranked[0]
        positions = tables_for(state.board).positions
        seat = state.current_player
        for move in ranked:
            if visits[move] < MULTI_SAFE_VISITS * visits[ranked[0]]:
                break
            t, mask = move
            hands = list(state.hands)
            hands[seat] &= ~(1 << t)
            alive = list(state.alive)
            nxt = advance(state.occupied | mask, hands, alive, seat, positions)
            if nxt == TERMINAL or alive.count(True) < 3:
                return move  # the search's duel values are exact
            if not any(prover.forces(state.occupied | mask, hands, alive, nxt, p,
                                     node_budget=MULTI_SAFE_NODES, deadline=deadline)
                       for p in range(len(alive)) if alive[p] and p != seat):
                self.last_info["passed_over"] = ranked.index(move)
                return move
        return ranked[0]

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
        tables = tables_for(state.board)
        self.last_info = {}
        won = self._forced_win(state, None if self.iterations else start + self.seconds * self.proof_share)
        if won is not None:
            return tables.placement(*won)
        if self.iterations:
            limit = {"iterations": self.iterations}
        else:
            limit = {"seconds": max(0.0, self.seconds * (1 - self.safe_share) - (clock.now() - start))}
        visits, done = multi_search(tables.positions, state.occupied, state.hands, state.alive, seat,
                                    rng, hidden=state.hidden, exploration=self.exploration,
                                    playout_depth=self.playout_depth, urgent=self.urgent, rave=self.rave,
                                    duel=self._duel(state.board), decisive=self.decisive,
                                    bias=self.bias, bias_depth=self.bias_depth, **limit)
        self.last_info["iterations"] = done
        if state.hidden:
            return tables.placement(*best_move(visits))
        deadline = None if self.iterations else start + self.seconds
        return tables.placement(*self._safe_move(state, visits, deadline))
