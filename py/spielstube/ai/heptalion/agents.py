"""The three Heptalion opponents.

easy    one-ply: keeps its own options open, half of the time a random move.
normal  2 players: alpha-beta on plain mobility; 3-4 players: MultiAgent (multi_agent.py)
        (information-set MCTS on bitmasks with RAVE and urgent-tile playouts)
        for 0.1 s, alpha-beta once two players are left (open hands).
strong  2 players: the exact solver whenever it finishes in its share of
        the time (tried from the first move), else alpha-beta with the safe/private/contested evaluation;
        3-4 players: MultiAgent for 0.25 s, the 2-player strong search once
        two players are left (open hands); its tree and playouts take the
        solver's exact result once two are left, and the playouts put the
        next player out when they can and never block themselves needlessly
        (STRONG_SETTINGS in multi_agent.py).
mcts    the baseline of the benchmarks (not offered to players): plain MCTS
        with uniform random playouts, strong's 3-4 player budget.

With hidden hands a computer player only searches determinizations
(``state.determinize``): it never reads another player's hand. With two
players that loses nothing, since the unseen tiles are exactly the
opponent's hand.
"""

import sys

from ...games.heptalion import TILE_INDEX
from .. import clock
from ..agent import Agent
from ..search.mcts import best_move, mcts_search
from .multi_agent import STRONG_SETTINGS, MultiAgent
from .playout import random_playout
from .position import moves_of, tables_for
from .search import SIMPLE, STRONG, AlphaBeta
from .solver import Solver

# Think-time budgets in CPython seconds (wall clock). Pyodide runs about 1.7x
# slower, so in the page the budget is stretched by PYODIDE_SCALE to search as
# much as the benchmarks measure: 0.85 s (normal) and 2.55 s (strong), within
# the page's limits of 1 s and 3 s.
BUDGET_SECONDS = {"easy": 0.0, "normal": 0.5, "strong": 1.5}
PYODIDE_SCALE = 1.7

# 3-4 players: the page allows at most 1 s a move; strong thinks 0.25 s of
# CPython (0.43 s in the page). ``mcts`` is the baseline the benchmarks
# compare with: plain MCTS with uniform random playouts, strong's budget.
BASELINE = "mcts"
MULTI_BUDGET_SECONDS = {"normal": 0.1, "strong": 0.25, BASELINE: 0.25}


def budget_seconds(level):
    """The wall-clock budget of ``level`` on the running Python."""
    scale = PYODIDE_SCALE if sys.platform == "emscripten" else 1.0
    return BUDGET_SECONDS[level] * scale

# Share of the strong budget the exact solver may use before the heuristic
# search. It is tried at every move, from the first: its table stays between
# moves, so a proof that failed early helps the next try.
SOLVER_SHARE = 0.5
# Entries per solver table generation (two are kept): some 60 MB at most, so
# the worker stays small in the page.
SOLVER_TABLE_ENTRIES = 200_000


def _search_hands(state, seat, rng):
    """The hands the player in ``seat`` may search: a determinization if hidden."""
    if state.hidden:
        return state.determinize(seat, rng).hands
    return state.hands


class EasyAgent(Agent):
    level = "easy"

    def __init__(self, random_share=0.5):
        self.random_share = random_share

    def choose_move(self, state, rng):
        seat = state.current_player
        moves = state.legal_moves()
        if rng.random() < self.random_share:
            return moves[rng.below(len(moves))]
        # Only its own hand and the board: legal in hidden mode as well.
        tables = tables_for(state.board)
        positions = tables.positions
        hand = state.hands[seat]
        idx = state.board.index
        best, best_score = None, None
        for move in moves:
            t_bit = 1 << TILE_INDEX[move.tile]
            mask = (1 << idx[move.cells[0]]) | (1 << idx[move.cells[1]])
            score = len(moves_of(state.occupied | mask, hand & ~t_bit, positions)) + rng.random()
            if best_score is None or score > best_score:
                best, best_score = move, score
        return best


class MctsAgent(Agent):
    """Any number of players; hidden hands through mcts_search's determinizations."""

    def __init__(self, level, seconds, iterations=None):
        self.level = level
        self.seconds = seconds
        self.iterations = iterations  # a fixed count instead of the clock (reproducible tests)

    def choose_move(self, state, rng):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if self.iterations is not None:
            visits, _ = mcts_search(state, rng, iterations=self.iterations, playout=random_playout)
        else:
            visits, _ = mcts_search(state, rng, seconds=self.seconds, playout=random_playout)
        return best_move(visits)


class TwoPlayerAgent(Agent):
    """Alpha-beta (and, if ``use_solver``, the exact solver) for 2 players.

    Tables live on the agent and are kept between moves of the same board:
    solved results stay true, and the page keeps one agent per game.
    """

    def __init__(self, level, seconds, weights, use_solver):
        self.level = level
        self.seconds = seconds
        self.weights = weights
        self.use_solver = use_solver
        self._board_rows = None
        self._solver = None
        self._search = None
        self.last_info = {}

    def _tables(self, board):
        if board.rows != self._board_rows:
            positions = tables_for(board).positions
            self._solver = (Solver(positions, max_entries=SOLVER_TABLE_ENTRIES)
                            if self.use_solver else None)
            self._search = AlphaBeta(positions, self.weights)
            self._board_rows = board.rows
        return tables_for(board)

    def choose_move(self, state, rng):
        seat = state.current_player
        hands = _search_hands(state, seat, rng)
        return self.choose_between(state, hands[seat], hands[1 - seat])

    def solver_for(self, board):
        """The exact solver of ``board`` (None without one); its table is shared."""
        self._tables(board)
        return self._solver

    def choose_between(self, state, me, opp):
        """The move of the player to move with tiles ``me`` against the one
        other player still in, with tiles ``opp`` (also after eliminations
        with 3-4 players)."""
        start = clock.now()
        deadline = start + self.seconds
        self.last_info = {}
        tables = self._tables(state.board)
        occ = state.occupied
        moves = moves_of(occ, me, tables.positions)
        if len(moves) == 1:
            return tables.placement(*moves[0])
        losing = set()
        if self._solver is not None:
            result, move, losing = self._solver.solve(
                occ, me, opp, deadline=start + self.seconds * SOLVER_SHARE)
            self.last_info = {"solved": result, "solver_nodes": self._solver.nodes}
            if result:
                return tables.placement(*move)
            if result is False:
                losing = set()  # every move loses: the heuristic search picks one a person may misplay
        best, score, depth = self._search.search(occ, me, opp, deadline, exclude=losing)
        self.last_info.update(score=score, depth=depth, nodes=self._search.nodes)
        return tables.placement(*best)


def _budget(level, seconds, table):
    if seconds is not None:
        return seconds
    scale = PYODIDE_SCALE if sys.platform == "emscripten" else 1.0
    return table[level] * scale


def make_agent(level, options=None, seconds=None):
    """An Agent for ``level``; ``seconds`` overrides the think-time budget."""
    options = options or {}
    players = options.get("players", 2)
    if level == "easy":
        return EasyAgent()
    if players != 2:
        if level == BASELINE:
            return MctsAgent(level, _budget(level, seconds, MULTI_BUDGET_SECONDS))
        if level not in MULTI_BUDGET_SECONDS:
            raise ValueError(f"unknown level {level!r}")
        budget = _budget(level, seconds, MULTI_BUDGET_SECONDS)
        if level == "normal":
            return MultiAgent(level, budget, TwoPlayerAgent(level, budget, SIMPLE, use_solver=False))
        return MultiAgent(level, budget, TwoPlayerAgent(level, budget, STRONG, use_solver=True),
                          **STRONG_SETTINGS)
    if level == BASELINE:
        return MctsAgent(level, _budget("strong", seconds, MULTI_BUDGET_SECONDS))
    if level not in BUDGET_SECONDS:
        raise ValueError(f"unknown level {level!r}")
    budget = budget_seconds(level) if seconds is None else seconds
    if level == "normal":
        return TwoPlayerAgent(level, budget, SIMPLE, use_solver=False)
    return TwoPlayerAgent(level, budget, STRONG, use_solver=True)


def agent_for(level, options=None, seconds=None):
    """Any level, the plain-MCTS baseline ``mcts`` included (for selfplay;
    ai.agent.make_agent knows only the levels a player can choose);
    ``seconds`` replaces the level's budget (selfplay --seconds)."""
    return make_agent(level, options or {}, seconds=seconds)
