"""Schlangennest's levels, on the search toolkit (ai/search).

- greedy_agent(): the baseline, longest snake right now, then most free
  space at its ends (used only to measure the others).
- easy: one move ahead on the evaluation below, with noise.
- normal: three plies (0.4 s at most), paranoid alpha-beta for two players,
  best-reply search for three or four.
- strong: iterative deepening to its budget with move ordering and a
  transposition table, every reply up to three plies (what normal sees),
  deeper the best 8 replies per node, 0.5 s a move, first cards included
  (easy and normal choose those one ply deep): paranoid alpha-beta for two players, best-reply
  search for three or four; its leaves are scored by the room each snake
  claims before a rival does (territory.py).

Every variant plays the same way: a seat's score sums its colours (two
snakes per player), neutral snakes count for nobody, and a two-card turn is
two plies of the same seat.

Evaluation of a position for a seat (easy and normal; first cards of strong): snake length plus the growth it can
still expect (free fields reachable from its open ends, at most the body
cards left in hand), minus the best such score among the others ("paranoid":
every other player is assumed to play against the seat to move at the root).
"""

import gc
import sys

from ...core.game import TERMINAL
from ..agent import Agent
from .territory import territory_value
from ..search import AlphaBeta, BestReply, Budget
from ...games.schlangennest import Pass
from ...games.schlangennest.cards import AREA_KINDS, DX, DY
from ...games.schlangennest.turns import seat_colours

_BODY = (0, 1)  # indexes of straight and curve in a hand tuple
SPACE_CAP = 40  # flood fills stop here (unlimited area)
GROWTH_WEIGHT = 0.8
WIN_SCORE = 1000.0

# Think-time budgets in CPython seconds (wall clock). The search runs 1.7 times
# slower in Pyodide (docs/benchmarks.md: nodes per second, CPython / Pyodide),
# so in the page the budget is stretched by PYODIDE_SCALE to search about as
# deep as CPython, capped at PAGE_CAP seconds a move.
BUDGET_SECONDS = {"normal": 0.4, "strong": 0.5}
PYODIDE_SCALE = 1.7
PAGE_CAP = 1.0
# Strong deepens to its budget: the limit only ends searches of the last few cards,
# and it stops once less is left than STRONG_GROWTH times the last iteration took
# (an iteration the budget cuts short is thrown away).
STRONG_MAX_DEPTH = 24
STRONG_GROWTH = 3.0


def budget_seconds(level, platform=None):
    """The wall-clock budget of ``level`` on the running Python (``platform``: sys.platform)."""
    if (platform or sys.platform) == "emscripten":
        return min(BUDGET_SECONDS[level] * PYODIDE_SCALE, PAGE_CAP)
    return BUDGET_SECONDS[level]


# ----- evaluation -----------------------------------------------------------------------


def free_space(state, colour, cap=SPACE_CAP):
    """Empty fields reachable from the colour's open ends through empty fields
    where body cards may lie (fields outside the area end the fill)."""
    snake = state.snakes[colour]
    if snake is None or not snake.open_ends:
        return 0
    cards = state.cards
    xr, yr = state.extent()
    xlo, xhi = xr if xr is not None else (-10**6, 10**6)
    ylo, yhi = yr if yr is not None else (-10**6, 10**6)
    seen = set()
    stack = []
    for (cx, cy), e in snake.open_ends:
        t = (cx + DX[e], cy + DY[e])
        if t not in seen and xlo <= t[0] <= xhi and ylo <= t[1] <= yhi:
            seen.add(t)
            stack.append(t)
    count = 0
    while stack:
        x, y = stack.pop()
        count += 1
        if count >= cap:
            break
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n not in seen and n not in cards and xlo <= n[0] <= xhi and ylo <= n[1] <= yhi:
                seen.add(n)
                stack.append(n)
    return count


def colour_score(state, colour):
    snake = state.snakes[colour]
    if snake is None:
        return GROWTH_WEIGHT * 8  # a snake yet to start has everything ahead
    length = snake.length
    if not snake.open_ends:
        return float(length)
    hand = state.hands_tuple[colour]
    growth = min(free_space(state, colour), hand[_BODY[0]] + hand[_BODY[1]])
    # an end that can still be closed by one's own head/tail adds a part later
    closers = hand[2] + hand[3]
    return length + GROWTH_WEIGHT * growth + 0.5 * min(closers, len(snake.open_ends))


def seat_score(state, seat):
    return sum(colour_score(state, c) for c in seat_colours(state.cfg, seat))


def evaluate(state, seat):
    """Score of ``state`` for ``seat``: own score minus the best rival's."""
    if state.current_player == TERMINAL:
        return final_value(state, seat)
    return static_value(state, seat)


def final_value(state, seat):
    lengths = state.lengths
    best_other = max(v for s, v in enumerate(lengths) if s != seat)
    return WIN_SCORE * _sign(lengths[seat] - best_other) + (lengths[seat] - best_other)


def static_value(state, seat):
    """``evaluate`` without asking whether the game is over, which would cost a
    search for every seat's legal actions (search leaves use this)."""
    scores = [seat_score(state, s) for s in range(state.num_players)]
    return scores[seat] - max(v for s, v in enumerate(scores) if s != seat)


def _sign(v):
    return (v > 0) - (v < 0)


# ----- agents ---------------------------------------------------------------------------


def _first_card_moves(state, successors):
    """While a snake has no card yet only straights and curves are worth trying."""
    body = [(m, s) for m, s in successors if getattr(m, "kind", None) in AREA_KINDS]
    return body or successors


def _starting(state):
    """Does a colour of the seat to act still lay its first card?"""
    return any(state.snakes[c] is None for c in state.pending)


def children(state):
    successors = state.successors()
    return _first_card_moves(state, successors) if _starting(state) else successors


def rival_replies(state, root, mine):
    """Best-reply search: child states where the root acts (mine) or any rival does."""
    seats = [root] if mine else [s for s in range(state.num_players) if s != root]
    out = []
    for s in seats:
        view = state if s == state.current_player else state.to_move(s)
        if view.current_player == s and not _starting(view):
            moves = view.successors()
            if len(moves) != 1 or not isinstance(moves[0][0], Pass):
                out.extend(child for _, child in moves)
    return out


class GreedyAgent(Agent):
    """Longest snake after the move, then the most free space at its ends."""

    level = "greedy"

    def choose_move(self, state, rng):
        seat = state.current_player
        colours = seat_colours(state.cfg, seat)
        best, best_key = None, None
        for move, nxt in state.successors():
            key = (nxt.lengths[seat], sum(free_space(nxt, c) for c in colours), -rng.random())
            if best_key is None or key > best_key:
                best, best_key = move, key
        return best


class OnePlyAgent(Agent):
    """Best evaluation one move ahead; ``noise`` blurs it (the easy level)."""

    def __init__(self, level, noise):
        self.level = level
        self.noise = noise

    def choose_move(self, state, rng):
        seat = state.current_player
        best, best_value = None, None
        for move, nxt in state.successors():
            value = static_value(nxt, seat) + self.noise * (rng.random() - 0.5)
            if best_value is None or value > best_value:
                best, best_value = move, value
        return best


class SearchAgent(Agent):
    """Paranoid alpha-beta (ai/search): the root seat maximises, every other seat minimises.

    ``seconds`` None: no time limit, so the search is repeatable on any machine.
    """

    def __init__(self, level, depth, seconds, width=None, full_width=0, evaluate=static_value,
                 search_first_cards=False, growth=None):
        self.level = level
        self.static = evaluate
        self.max_depth = depth
        self.seconds = seconds
        self.search_first_cards = search_first_cards  # else one ply on the plain evaluation
        self.growth = growth  # ai/search AlphaBeta.search: when deepening stops before the budget
        self.engine = self._engine(width, full_width)
        self.nodes = 0
        self.depth = 0
        self._searched = None  # the last move's searched tree (freed at the next move)

    def _engine(self, width, full_width):
        return AlphaBeta(self.static, final_value, children=children, width=width,
                         win=WIN_SCORE / 2, leaf_final=False, full_width=full_width, memo=True)

    def choose_move(self, state, rng):
        # The budget starts first: move generation and freeing the last tree count too.
        budget = Budget(self.seconds)
        # The search makes many short-lived states and no reference cycles;
        # the cyclic collector would only rescan them over and over.
        enabled = gc.isenabled()
        gc.disable()
        try:
            # Freeing a searched tree takes a twentieth of the budget: the last move's
            # tree goes here, inside this move's budget, not after the move was chosen.
            self._searched = None
            # Search from a copy, so the searched tree does not stay hanging on the caller's state.
            self._searched = state.uncached()
            return self._choose(self._searched, rng, budget)
        finally:
            if enabled:
                gc.enable()

    def _choose(self, state, rng, budget):
        seat = state.current_player
        successors = state.successors()
        self.depth = 0 if len(successors) == 1 else 1  # no search, or one ply
        if len(successors) == 1:
            return successors[0][0]
        if _starting(state) and not self.search_first_cards:
            # First cards: one ply is enough, and there are a hundred choices.
            successors = _first_card_moves(state, successors)
            return max(successors, key=lambda ms: (static_value(ms[1], seat), -rng.random()))[0]
        move, _value, depth = self.engine.search(state, budget, self.max_depth,
                                                 rng, min_depth=2, growth=self.growth)
        self.depth = max(depth, 1)  # 1: the budget ended the first iteration, the one-ply ranking chose
        self.nodes = self.engine.nodes
        self.engine.clear()  # positions of this move only: free them now
        return move


class BestReplyAgent(SearchAgent):
    """Best-reply search for three or four players (ai/search.BestReply)."""

    def _engine(self, width, full_width):
        return BestReply(self.static, final_value, rival_replies, width=width,
                         win=WIN_SCORE / 2, leaf_final=False, full_width=full_width, memo=True)


def greedy_agent():
    return GreedyAgent()


def make_agent(level, options):
    if level == "easy":
        return OnePlyAgent("easy", noise=6.0)
    if level == "normal":
        # With three or four players best-reply search: paranoid search let the whole table
        # gang up on it and made it timid (it took fewer points than greedy at four).
        agent = BestReplyAgent if (options or {}).get("players", 2) > 2 else SearchAgent
        return agent("normal", depth=3, seconds=budget_seconds("normal"))
    if level == "strong":
        # Full width up to normal's three plies, then the best 8 replies per node.
        # It scores the room each snake claims before a rival (territory.py).
        # It deepens until the next iteration would not fit in the budget (STRONG_GROWTH),
        # and searches its first cards too (where a snake starts decides much of its room).
        agent = BestReplyAgent if (options or {}).get("players", 2) > 2 else SearchAgent
        return agent("strong", depth=STRONG_MAX_DEPTH, seconds=budget_seconds("strong"), width=8, full_width=3,
                     evaluate=territory_value, search_first_cards=True, growth=STRONG_GROWTH)
    if level == "greedy":
        return greedy_agent()
    raise ValueError(f"unknown Schlangennest level {level!r}")


def agent_for(level, options=None):
    """Any level, the greedy baseline included (ai.agent.make_agent knows only the levels)."""
    return make_agent(level, options or {})
