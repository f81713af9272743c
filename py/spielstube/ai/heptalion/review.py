"""Heptalion's reviewer (ai/review.py): exact where the solver proves it, else
the strong level's judgement, said as such in each line's ``detail.judge``.

Exact (``"judge": "exact"``) whenever two players are in and each knows the
other's tiles: a 2-player game (with hidden hands too: the 28 tiles are all
dealt, so the unseen ones are exactly the other's hand), and a 3-4 player
game with open hands once two are left. Normal play decides such a duel, so
each position is won or lost for the player to move; within the budget per
move the solver (solver.py) proves what it can:
- a move from a won position that leaves the opponent a won one: ``blunder``,
  with the winning placements in ``better`` (those proven within the budget,
  at least one);
- any other move from a won position: ``best``;
- any move from a lost position: ``good`` (nothing would have saved it);
- what the budget does not prove: ``undecided``.

The strong level's judgement (``"judge": "strong"``) otherwise (3-4 players
with three or more in, or hidden hands): its search (multi_agent.py, on what
the mover could see) estimates each placement's chance to win; the move is
judged by how much chance it gave up against the search's best placement
(``STRONG_THRESHOLDS``; a move that lets a placement winning at once go by
is a ``blunder``).

Reviewed from one seat's knowledge (an unfinished game, ai/review.py) with
hidden hands, the others' hands are a draw (``GameRules.seen_positions``):
with two players it is the true deal (the unseen tiles are the other's), so
the marks stay exact; with 3-4 the strong level judges on the drawn hands
(``left_out``: ``"hands"``).

Moves are reviewed from the last to the first: the end's proofs, kept in the
solver's table, shorten the earlier ones.
"""

from ...core.rng import Rng
from ...games.heptalion import TILE_INDEX
from .. import clock
from ..review import GameReviewer
from .agents import make_agent
from .multi import winning_move
from .position import has_move, tables_for
from .solver import Solver

# Per table generation of the exact solver (two are kept, about 150 bytes an entry).
TABLE_ENTRIES = 600_000
# The strong level's judgement: the chance to win given up against the best placement
# (0..1) up to which a move is best, good, a mistake; more is a blunder.
STRONG_THRESHOLDS = (("best", 0.02), ("good", 0.08), ("mistake", 0.2))
VALUES = {True: "win", False: "loss", None: "unknown"}


class HeptalionReviewer(GameReviewer):
    def __init__(self, options, table_entries=TABLE_ENTRIES):
        self.options = options
        self.table_entries = table_entries
        self._solver = None
        self._rows = None
        self._strong = None  # (seconds, the strong agent): its endgame solver's table is kept

    def review(self, rules, states, moves, indices, seconds):
        for index in sorted(indices, reverse=True):
            before, move = states[index], moves[index]
            duel = duel_hands(before)
            if duel is None:
                mark, better, detail = self.strong_judgement(rules, before, move, seconds, index)
            else:
                mark, better, detail = self.exact_judgement(rules, before, move, duel, seconds)
            yield index, mark, better, detail

    def left_out(self, rules, states):
        final = states[-1]
        return ["hands"] if final.hidden and final.num_players > 2 else []

    # -- exact ------------------------------------------------------------------------
    def solver(self, board):
        if board.rows != self._rows:
            self._solver = Solver(tables_for(board).positions, max_entries=self.table_entries)
            self._rows = board.rows
        return self._solver

    def exact_judgement(self, rules, before, move, duel, seconds):
        """(mark, better, detail) of ``move`` in a duel: ``duel`` = (mover's tiles, other's)."""
        me, opp = duel
        solver = self.solver(before.board)
        tables = tables_for(before.board)
        deadline = clock.now() + seconds
        occ = before.occupied
        t, mask = move_bits(before.board, move)
        after, mine_after = occ | mask, me & ~(1 << t)
        if not has_move(after, opp, tables.positions):
            played = True  # the other cannot place: won at once
        else:
            reply, _, _ = solver.solve(after, opp, mine_after, deadline=deadline)
            played = None if reply is None else not reply
        value, win = (True, None) if played else solver.solve(occ, me, opp, deadline=deadline)[:2]
        detail = {"judge": "exact", "before": VALUES[value], "after": VALUES[played]}
        if value is False:
            return "good", [], detail
        if value is None or played is None:
            return "undecided", [], detail
        if played:
            return "best", [], detail
        # A won position thrown away: the placements that win, as many as the budget proves.
        _, winning, _, undecided = solver.analyse(occ, me, opp, deadline=max(deadline, clock.now() + seconds / 4))
        if not winning:
            winning = [win]
        detail["all_winning_shown"] = not undecided
        seat = before.current_player
        return "blunder", [rules.move_to_json(tables.placement(*w), seat) for w in winning], detail

    # -- the strong level's judgement ---------------------------------------------------------
    def strong_judgement(self, rules, before, move, seconds, index):
        if self._strong is None or self._strong[0] != seconds:
            self._strong = (seconds, make_agent("strong", self.options, seconds=seconds))
        agent = self._strong[1]
        seat = before.current_player
        detail = {"judge": "strong"}
        chances = agent.chances(before, Rng(f"heptalion/review/{index}"))
        if not chances:
            # A placement wins at once and the search looked no further.
            tables = tables_for(before.board)
            win = winning_move(tables.positions, before.occupied, before.hands, before.alive, seat)
            after = before.apply(move)
            if after.winner() == seat:
                return "best", [], dict(detail, wins_at_once=True)
            better = [rules.move_to_json(tables.placement(*win), seat)]
            return "blunder", better, dict(detail, missed_win_at_once=True)
        best = max(chances, key=lambda m: chances[m][0])
        best_chance = chances[best][1]
        played = chances.get(move)
        if played is None:
            return "undecided", [], dict(detail, best_chance=round(best_chance, 3))
        lost = max(0.0, best_chance - played[1])
        detail.update(chance=round(played[1], 3), best_chance=round(best_chance, 3),
                      visits=played[0], best_visits=chances[best][0])
        mark = next((name for name, limit in STRONG_THRESHOLDS if lost <= limit), "blunder")
        better = [] if mark == "best" or best == move else [rules.move_to_json(best, seat)]
        return mark, better, detail


def duel_hands(state):
    """(mover's tiles, the other's) when exactly two are in and each knows the
    other's tiles, else None (the strong level judges)."""
    alive = [seat for seat, a in enumerate(state.alive) if a]
    if len(alive) != 2 or (state.hidden and state.num_players != 2):
        return None
    seat = state.current_player
    other = alive[0] if alive[1] == seat else alive[1]
    return state.hands[seat], state.hands[other]


def move_bits(board, move):
    """(tile index, field mask) of a Placement."""
    idx = board.index
    return TILE_INDEX[move.tile], (1 << idx[tuple(move.cells[0])]) | (1 << idx[tuple(move.cells[1])])


def make_reviewer(options):
    return HeptalionReviewer(options)
