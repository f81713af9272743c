"""Schlangennest computer players.

- greedy_agent(): the baseline, longest snake right now, then most free
  space at its ends (used only to measure the others).
- easy: one move ahead on the evaluation below, with noise.
- normal: paranoid alpha-beta, three plies (0.4 s at most).
- strong: iterative deepening with move ordering and the best 8 replies per
  node, 0.5 s a move: paranoid alpha-beta for two players, best-reply search
  for three or four.

Evaluation of a position for a seat: snake length plus the growth it can
still expect (free fields reachable from its open ends, at most the body
cards left in hand), minus the best such score among the others ("paranoid":
every other player is assumed to play against the seat to move at the root).
"""

import gc
import time

from ..core.game import TERMINAL
from ..core.rng import Rng
from .agent import Agent
from .clock import now
from ..games.schlangennest import RULES, Pass
from ..games.schlangennest.cards import AREA_KINDS, DX, DY

_BODY = (0, 1)  # indexes of straight and curve in a hand tuple
SPACE_CAP = 40  # flood fills stop here (unlimited area)
GROWTH_WEIGHT = 0.8
WIN_SCORE = 1000.0


class _Timeout(Exception):
    pass


# ----- evaluation -----------------------------------------------------------------------


def free_space(state, seat, cap=SPACE_CAP):
    """Empty fields reachable from the seat's open ends through empty fields
    where body cards may lie (fields outside the area end the fill)."""
    snake = state.snakes[seat]
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


def seat_score(state, seat):
    snake = state.snakes[seat]
    if snake is None:
        return GROWTH_WEIGHT * 8  # a player yet to start has everything ahead
    length = snake.length
    if not snake.open_ends:
        return float(length)
    hand = state.hands_tuple[seat]
    growth = min(free_space(state, seat), hand[_BODY[0]] + hand[_BODY[1]])
    # an end that can still be closed by one's own head/tail adds a part later
    closers = hand[2] + hand[3]
    return length + GROWTH_WEIGHT * growth + 0.5 * min(closers, len(snake.open_ends))


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
    """In the first round only straights and curves are worth trying."""
    body = [(m, s) for m, s in successors if getattr(m, "kind", None) in AREA_KINDS]
    return body or successors


class GreedyAgent(Agent):
    """Longest snake after the move, then the most free space at its ends."""

    level = "greedy"

    def choose_move(self, state, rng):
        seat = state.current_player
        best, best_key = None, None
        for move, nxt in state.successors():
            key = (nxt.lengths[seat], free_space(nxt, seat), -rng.random())
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
    """Paranoid alpha-beta: the root seat maximises, every other seat minimises."""

    def __init__(self, level, depth, seconds, order=True, width=None):
        self.level = level
        self.max_depth = depth
        self.seconds = seconds
        self.order = order
        self.width = width  # keep at most this many replies per node (None: all)
        self.nodes = 0

    def choose_move(self, state, rng):
        # The search makes many short-lived states and no reference cycles;
        # the cyclic collector would only rescan them over and over.
        enabled = gc.isenabled()
        gc.disable()
        try:
            # Search from a copy, so the searched tree does not stay hanging on the caller's state.
            return self._choose(state.uncached(), rng)
        finally:
            if enabled:
                gc.enable()

    def _choose(self, state, rng):
        seat = state.current_player
        successors = state.successors()
        if len(successors) == 1:
            return successors[0][0]
        if state.snakes[seat] is None:
            # First card: one ply is enough, and there are a hundred choices.
            successors = _first_card_moves(state, successors)
            return max(successors, key=lambda ms: (static_value(ms[1], seat), -rng.random()))[0]
        # No time limit (seconds None) makes the search repeatable on any machine.
        deadline = float("inf") if self.seconds is None else now() + self.seconds
        # Random tie-break order, then by static value, so equal moves vary between games.
        ranked = [(evaluate(s, seat), rng.random(), m, s) for m, s in successors]
        ranked.sort(key=lambda r: (-r[0], r[1]))
        best = ranked[0][2]
        self.nodes = 0
        for depth in range(2, self.max_depth + 1):
            try:
                value, move = self._root(ranked, seat, depth, deadline)
            except _Timeout:
                break
            best = move
            # Search the best move first next time.
            ranked.sort(key=lambda r: r[2] != move)
            if abs(value) >= WIN_SCORE / 2:
                break
        return best

    def _root(self, ranked, seat, depth, deadline):
        alpha, beta = -float("inf"), float("inf")
        best = ranked[0][2]
        for _, _, move, nxt in ranked:
            value = self._search(nxt, seat, depth - 1, alpha, beta, deadline)
            if value > alpha:
                alpha, best = value, move
        return alpha, best

    def _search(self, state, seat, depth, alpha, beta, deadline):
        self.nodes += 1
        if now() > deadline:
            raise _Timeout
        if depth <= 0:
            return static_value(state, seat)
        player = state.current_player
        if player == TERMINAL:
            return final_value(state, seat)
        successors = state.successors()
        if state.snakes[player] is None:
            successors = _first_card_moves(state, successors)
        maximize = player == seat
        if self.order and depth >= 2 and len(successors) > 1:
            scored = [(static_value(s, seat), s) for _, s in successors]
            scored.sort(key=lambda vs: vs[0], reverse=maximize)
            children = [s for _, s in scored]
        else:
            children = [s for _, s in successors]
        if self.width is not None and len(children) > self.width:
            children = children[:self.width]
        if maximize:
            value = -float("inf")
            for child in children:
                value = max(value, self._search(child, seat, depth - 1, alpha, beta, deadline))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        else:
            value = float("inf")
            for child in children:
                value = min(value, self._search(child, seat, depth - 1, alpha, beta, deadline))
                beta = min(beta, value)
                if alpha >= beta:
                    break
        return value


class BestReplyAgent(SearchAgent):
    """Best-reply search for three or four players: between two own moves only
    the one rival reply that hurts most is considered, whichever rival makes
    it. It looks further ahead at the own moves than paranoid search can."""

    def _root(self, ranked, seat, depth, deadline):
        alpha, beta = -float("inf"), float("inf")
        best = ranked[0][2]
        for _, _, move, nxt in ranked:
            value = self._brs(nxt, seat, depth - 1, alpha, beta, False, deadline)
            if value > alpha:
                alpha, best = value, move
        return alpha, best

    def _replies(self, state, seat, mine):
        """Successors where ``seat`` acts (mine) or any rival acts (not mine)."""
        seats = [seat] if mine else [s for s in range(state.num_players) if s != seat]
        out = []
        for s in seats:
            view = state.to_move(s)
            if view.current_player == s and view.snakes[s] is not None:
                moves = view.successors()
                if len(moves) != 1 or not isinstance(moves[0][0], Pass):
                    out.extend(child for _, child in moves)
        return out

    def _brs(self, state, seat, depth, alpha, beta, mine, deadline):
        self.nodes += 1
        if now() > deadline:
            raise _Timeout
        if depth <= 0:
            return static_value(state, seat)
        children = self._replies(state, seat, mine)
        if not children:
            if not self._replies(state, seat, not mine):
                return final_value(state, seat)  # nobody can act: the game is over
            return self._brs(state, seat, depth - 1, alpha, beta, not mine, deadline)
        if len(children) > 1:
            scored = [(static_value(c, seat), i, c) for i, c in enumerate(children)]
            scored.sort(key=lambda r: (r[0], r[1]), reverse=mine)
            children = [c for _, _, c in scored]
            if self.width is not None:
                children = children[:self.width]
        if mine:
            value = -float("inf")
            for child in children:
                value = max(value, self._brs(child, seat, depth - 1, alpha, beta, False, deadline))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        else:
            value = float("inf")
            for child in children:
                value = min(value, self._brs(child, seat, depth - 1, alpha, beta, True, deadline))
                beta = min(beta, value)
                if alpha >= beta:
                    break
        return value


def greedy_agent():
    return GreedyAgent()


def make_agent(level, options):
    if level == "easy":
        return OnePlyAgent("easy", noise=6.0)
    if level == "normal":
        return SearchAgent("normal", depth=3, seconds=0.4)
    if level == "strong":
        if (options or {}).get("players", 2) > 2:
            return BestReplyAgent("strong", depth=6, seconds=0.5, width=8)
        return SearchAgent("strong", depth=6, seconds=0.5, width=8)
    if level == "greedy":
        return greedy_agent()
    raise ValueError(f"unknown Schlangennest level {level!r}")


def agent_for(level, options=None):
    """Any level, the greedy baseline included (ai.agent.make_agent knows only the levels)."""
    return make_agent(level, options or {})


# ----- matches and benchmarks -----------------------------------------------------------


class MatchResult:
    """Per player spec: points, wins, think times; per game: lengths by player."""

    def __init__(self, levels):
        n = len(levels)
        self.levels = list(levels)
        self.games = 0
        self.points = [0.0] * n
        self.wins = [0] * n
        self.think = [[0.0, 0, 0.0] for _ in range(n)]  # total, count, max
        self.lengths = []  # per game: lengths in player-spec order

    def mean_margin(self, a=0, b=1):
        """Mean of (a's length - b's length) over all games."""
        return sum(g[a] - g[b] for g in self.lengths) / max(1, len(self.lengths))

    def winning_margin(self):
        """Mean lead of the winner over the runner-up, in games with a sole winner."""
        leads = []
        for g in self.lengths:
            top = sorted(g, reverse=True)
            if top[0] > top[1]:
                leads.append(top[0] - top[1])
        return sum(leads) / max(1, len(leads))

    def think_ms(self, i):
        total, count, most = self.think[i]
        return 1000.0 * total / max(1, count), 1000.0 * most

    def lines(self):
        out = [f"schlangennest: {self.games} games, players {', '.join('ai:' + lv for lv in self.levels)}"]
        for i, lv in enumerate(self.levels):
            mean, most = self.think_ms(i)
            share = 100.0 * self.points[i] / max(1, self.games)
            out.append(f"  player {i} ai:{lv:<10} wins {self.wins[i]:>4}  points {self.points[i]:>7.1f}"
                       f" ({share:5.1f} %)  think mean {mean:7.1f} ms  max {most:7.1f} ms")
        out.append(f"  mean length lead of player 0 over player 1: {self.mean_margin():+.2f};"
                   f" mean winning margin {self.winning_margin():.2f}")
        return out


def play_games(levels, games, seed, options=None):
    """Computer matches; game g seats player (g + s) % n in seat s, seat 0 starts,
    so every player starts equally often."""
    n = len(levels)
    options = dict(options or {})
    options.setdefault("players", n)
    options = RULES.normalize_options(options)
    agents = [agent_for(level, options) for level in levels]
    result = MatchResult(levels)
    rng = Rng(seed)
    for g in range(games):
        seat_player = [(g + s) % n for s in range(n)]
        state = RULES.initial_state(options, {"first": 0})
        move_rng = rng.fork()
        while not state.is_terminal():
            player = seat_player[state.current_player]
            start = time.perf_counter()
            # A fresh copy: the agent's search must not hang on to the game's states.
            move = agents[player].choose_move(state.uncached(), move_rng)
            elapsed = time.perf_counter() - start
            think = result.think[player]
            think[0] += elapsed
            think[1] += 1
            think[2] = max(think[2], elapsed)
            state = state.apply(move)
        lengths = [0] * n
        for seat, value in enumerate(state.returns()):
            player = seat_player[seat]
            result.points[player] += value
            if value == 1.0:
                result.wins[player] += 1
            lengths[player] = state.lengths[seat]
        result.lengths.append(lengths)
        result.games += 1
    return result


def _area_option(text):
    if text is None:
        return {}
    if text == "unlimited":
        return {"area": None}
    a, sep, b = text.lower().partition("x")
    if not sep or not a.isdigit() or not b.isdigit():
        raise ValueError("--area must be AxB (such as 5x7) or unlimited")
    return {"area": [int(a), int(b)]}


def run_selfplay(args):
    """``selfplay schlangennest``: also takes ai:greedy and --area AxB|unlimited."""
    import sys

    specs = [p.strip() for p in (args.players or "ai:normal,ai:greedy").split(",") if p.strip()]
    levels = []
    for spec in specs:
        kind, _, level = spec.partition(":")
        if kind != "ai" or level not in ("greedy", "easy", "normal", "strong"):
            print(f"player {spec!r}: write ai:greedy, ai:easy, ai:normal or ai:strong", file=sys.stderr)
            return 2
        levels.append(level)
    if not 2 <= len(levels) <= 4:
        print("Schlangennest needs 2 to 4 players", file=sys.stderr)
        return 2
    try:
        options = _area_option(args.area)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    result = play_games(levels, args.games, args.seed, options)
    print("\n".join(result.lines()))
    return 0


def _engine_speed(players, games, seed=1):
    """Random playouts: moves per second and legal_moves calls per second."""
    options = RULES.normalize_options({"players": players})
    rng = Rng(seed)
    moves = 0
    start = time.perf_counter()
    for _ in range(games):
        state = RULES.initial_state(options, {"first": 0})
        while not state.is_terminal():
            legal = state.legal_moves()
            state = state.apply(legal[rng.below(len(legal))])
            moves += 1
    elapsed = time.perf_counter() - start
    return moves / elapsed, 1000.0 * elapsed / moves


def bench_markdown(quick=False):
    """The Schlangennest tables of docs/benchmarks.md."""
    games = 10 if quick else 200
    out = ["## Schlangennest: computer against computer", "",
           f"Two players, recommended area 5x7, {games} games per pairing, seats alternating "
           "(each side starts half the games), seed 1. Points: 1 a win, 0.5 each for equal "
           "lengths. Margin: mean of (first player's snake length - second's).", "",
           "| match | games | points of the first | share | mean margin | mean winning margin |",
           "| --- | ---: | ---: | ---: | ---: | ---: |"]
    timings = {}

    def add_times(result):
        for i, level in enumerate(result.levels):
            total, count, most = timings.get(level, (0.0, 0, 0.0))
            t = result.think[i]
            timings[level] = (total + t[0], count + t[1], max(most, t[2]))

    for a, b in (("normal", "greedy"), ("strong", "normal"), ("easy", "greedy")):
        result = play_games([a, b], games, 1)
        add_times(result)
        out.append(f"| {a} vs {b} | {result.games} | {result.points[0]:.1f} | "
                   f"{100.0 * result.points[0] / result.games:.1f} % | {result.mean_margin():+.2f} | "
                   f"{result.winning_margin():.2f} |")
    many = 3 if quick else 30
    out += ["", "## Schlangennest: more players", "", f"Recommended area, {many} games each, seats rotating: share of the "
            "points per level (a fair share is 1/players).", "",
            "| players | levels | points share |", "| ---: | --- | --- |"]
    for levels in (["strong", "normal", "greedy"], ["strong", "normal", "easy", "greedy"]):
        result = play_games(levels, many, 1)
        add_times(result)
        shares = ", ".join(f"{lv} {100.0 * p / result.games:.0f} %" for lv, p in zip(levels, result.points))
        out.append(f"| {len(levels)} | {', '.join(levels)} | {shares} |")
    out += ["", "## Schlangennest: think time per move", "", "Wall clock (CPython 3.11 here; Pyodide in the browser is about "
            "1.7 times slower, but normal and strong stop searching at a wall-clock budget of "
            "0.4 s and 0.5 s, so their times hold there too):", "",
            "| level | moves | mean ms | max ms |", "| --- | ---: | ---: | ---: |"]
    for level in ("greedy", "easy", "normal", "strong"):
        if level in timings:
            total, count, most = timings[level]
            out.append(f"| {level} | {count} | {1000.0 * total / max(1, count):.1f} | {1000.0 * most:.0f} |")
    out += ["", "## Schlangennest: engine speed", "", "Random playouts on the recommended area:", "",
            "| players | moves per second | ms per move (legal_moves + apply) |", "| ---: | ---: | ---: |"]
    for players in (2, 3, 4):
        rate, ms = _engine_speed(players, 5 if quick else 50)
        out.append(f"| {players} | {rate:.0f} | {ms:.2f} |")
    return "\n".join(out) + "\n"
