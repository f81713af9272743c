"""The computer seeker: where to move so the hints find the secret soonest.

Works on cell indices (the board's row-major order). The candidates of a
round are tracked exactly; a turn is chosen to minimise the expected number
of hints still to come, estimated as

    1 + sum over the possible hints h of P(h) * rest(candidates giving h, seekers)

where ``rest`` is exact once one candidate is left (the seekers need
max(queen distance) more turns to gather on it) and otherwise an estimate
that grows with the number of candidates and with the share of candidates
some seeker could not reach in one queen move. Seekers are chosen one at a
time (coordinate descent from several starts), and the best few turns are
then re-scored by looking one turn further ahead. With ``entry_split`` (strong, normal)
the entry's proposals are instead the border entries whose colour and pip
counts make the best first hint of the game without the board (entry.py).
With ``identify_limit`` (strong) and that few candidates left, every turn
after which each hint leaves at most two candidates is scored too, its
gathering counted exactly (identify.py), and played when it beats the
search's best turn.
"""

import math
from operator import add

from ...games.topologic.deduction import score
from .. import clock
from .entry import entry_turns
from .identify import IdentifyingSearch


SPLIT_ENTRIES_SCORED = 3000  # at most this many split entries scored (6x10 has 700-2500)


class BoardTables:
    """Per-board lookup tables by cell index: scores, queen moves, distances."""

    def __init__(self, board):
        self.board = board
        cells = board.cells
        self.size = len(cells)
        locations = [board.tiles[cell] for cell in cells]
        # score[p][s]: what a seeker on p scores if the secret is on s.
        self.score = tuple(
            tuple(score(locations[p], locations[s]) for s in range(self.size))
            for p in range(self.size)
        )
        # reach[p]: the fields a seeker on p may end a turn on (p first).
        self.reach = tuple(
            (p,) + tuple(board.index[d] for d in board.queen_destinations(cells[p]))
            for p in range(self.size)
        )
        self.distance = board.distance_table()
        self.border = tuple(sorted(board.index[cell] for cell in board.border))


_TABLES = {}


def tables_for(board):
    """Cached tables of a board (boards are rebuilt from codes, so key by code)."""
    tables = _TABLES.get(board.code)
    if tables is None or tables.board is not board and tables.board.tiles != board.tiles:
        if len(_TABLES) > 16:
            _TABLES.clear()
        tables = _TABLES[board.code] = BoardTables(board)
    return tables


class Seeker:
    """Chooses the seekers' fields for one turn of one round."""

    def __init__(self, tables, seeker_count, *, starts=12, lookahead=12, reply_starts=6,
                 entry_starts=8, entry_lookahead=8, entry_reply_starts=4,
                 base=1.0, spread=0.65, unreach_penalty=(1.0, 0.6, 0.25), straggler=0.05,
                 gamble_limit=6, entry_split=False, entry_scored=SPLIT_ENTRIES_SCORED, identify_limit=0,
                 budget=None):
        self.tables = tables
        self.n = seeker_count
        self.full = 2 * seeker_count
        # Effort: random starts of the descent, how many of the best turns are
        # re-scored a turn deeper, and the starts when searching each reply.
        # The entry (60 candidates, the same on both rounds' boards) gets its own.
        self.effort = (starts, lookahead, reply_starts)
        self.entry_effort = (entry_starts, entry_lookahead, entry_reply_starts)
        # Expected hints still needed with m > 2 candidates: base + spread * log2(m),
        # plus unreach_penalty (for m <= 3, <= 8, more) times the share of candidates
        # some seeker cannot reach in one move.
        self.base = base
        self.spread = spread
        self.unreach_penalty = unreach_penalty
        self.straggler = straggler
        self.gamble_limit = gamble_limit  # try gathering on a candidate when this few are left
        # Enter only with the best first split of the game without the board
        # (entry.py), where it knows one for this many seekers.
        self.entry_split = entry_split
        self.entry_scored = entry_scored  # at most this many of those entries scored
        # With this few candidates or fewer, every identifying turn is scored too,
        # its gathering counted exactly (identify.py), and played if it beats the search's.
        self.identify_limit = identify_limit
        self.identifier = IdentifyingSearch(tables, seeker_count) if identify_limit else None
        # Seconds a turn may think (None: no limit). Past it the search keeps
        # the best turn scored so far; at least one start and one re-score run
        # (cut short at the next seeker once the time is out).
        self.budget = budget
        self._deadline = None

    def _out_of_time(self):
        return self._deadline is not None and clock.now() > self._deadline

    # --- public -----------------------------------------------------------

    def choose(self, positions, candidates, rng):
        """The seekers' fields (indices) for this turn.

        ``positions`` is None in the entry turn; ``candidates`` are the
        indices consistent with every hint of the round so far.
        """
        candidates = sorted(candidates)
        if positions is not None and len(candidates) == 1:
            return self.gather_step(positions, candidates[0])
        self._deadline = None if self.budget is None else clock.now() + self.budget
        if positions is None:
            options = [self.tables.border] * self.n
        else:
            options = [self.tables.reach[p] for p in positions]
        turn = self.best_turn(options, positions, candidates, rng)
        if positions is not None and len(candidates) <= self.gamble_limit and self._uninformative(turn, candidates):
            # A turn that tells nothing can repeat forever (seen on random
            # shapes); gathering on the nearest candidate always ends or
            # rules it out.
            target = min(candidates, key=lambda c: (max(self.tables.distance[p][c] for p in positions), c))
            return self.gather_step(positions, target)
        return turn

    def _uninformative(self, turn, candidates):
        """True when every candidate would give the same hint for ``turn``."""
        score = self.tables.score
        hints = {sum(score[p][c] for p in turn) for c in candidates}
        return len(hints) == 1

    def gather_step(self, positions, target):
        """Every seeker one queen move along a shortest path to ``target``."""
        distance = self.tables.distance
        step = []
        for p in positions:
            if p == target:
                step.append(p)
                continue
            need = distance[p][target] - 1
            step.append(min(d for d in self.tables.reach[p] if distance[d][target] == need))
        return tuple(step)

    # --- search -----------------------------------------------------------

    def best_turn(self, options, positions, candidates, rng):
        starts, lookahead, reply_starts = self.entry_effort if positions is None else self.effort
        proposals = self.split_entries(candidates) if positions is None and self.entry_split else []
        if not proposals:
            proposals = self.local_searches(options, positions, candidates, rng, starts)
        proposals.sort()
        if len(candidates) == 1 or lookahead <= 1:
            return proposals[0][1]
        best, best_value = None, None
        for _, turn in proposals[:lookahead]:
            if best is not None and self._out_of_time():
                break
            value = self.deep_value(turn, candidates, rng, reply_starts)
            if best_value is None or value < best_value - 1e-9:
                best, best_value = turn, value
        if positions is not None and len(candidates) <= self.identify_limit and not self._out_of_time():
            found = self.identifier.best(positions, candidates, best_value - 1e-9, self._deadline)
            if found is not None:
                best = found[1]
        return best

    def split_entries(self, candidates):
        """Entries with the relaxation's best first split (entry.py), with values; [] if none."""
        view = _CandidateView(self.tables, candidates)
        turns = entry_turns(self.tables, self.n)
        # Long borders (random shapes) have up to ~11000 such entries: score an
        # even spread of them, so a budget cut does not leave only one corner.
        if len(turns) > self.entry_scored:
            turns = turns[::-(-len(turns) // self.entry_scored)]
        scored = []
        for turn in turns:
            if scored and len(scored) % 64 == 0 and self._out_of_time():
                break
            scored.append((self.value_of(turn, view), turn))
        return scored

    def local_searches(self, options, positions, candidates, rng, starts):
        """Distinct turns found by coordinate descent from several starts, with values."""
        seeds = []
        if positions is not None:
            seeds.append(tuple(positions))
            # A gamble: everyone onto one candidate they can all reach.
            for s in (candidates if len(candidates) <= self.gamble_limit else ()):
                if all(s in opts for opts in options):
                    seeds.append((s,) * self.n)
        wanted = len(seeds) + starts
        while len(seeds) < wanted:
            seeds.append(tuple(opts[rng.below(len(opts))] for opts in options))
        view = _CandidateView(self.tables, candidates)
        found = {}
        for seed in seeds:
            if found and self._out_of_time():
                break
            turn, value = self.descend(list(seed), options, view)
            key = tuple(sorted(turn))
            if key not in found:
                found[key] = (value, turn)
        return list(found.values())

    def descend(self, turn, options, view):
        """Improve one seeker at a time until no single change helps."""
        size = len(view.candidates)
        value = self.value_of(turn, view)
        improved = True
        while improved:
            improved = False
            for i in range(self.n):
                # Sums and maxima over the other seekers, then try each field for seeker i.
                hints_rest = [0] * size
                worst_rest = [0] * size
                late_rest = [0] * size
                for j, p in enumerate(turn):
                    if j != i:
                        hints_rest = list(map(add, hints_rest, view.scores(p)))
                        worst_rest = list(map(max, worst_rest, view.distances(p)))
                        late_rest = list(map(add, late_rest, view.lateness(p)))
                current = turn[i]
                for dest in options[i]:
                    if dest == current:
                        continue
                    trial = self.value_of_columns(
                        view,
                        list(map(add, hints_rest, view.scores(dest))),
                        list(map(max, worst_rest, view.distances(dest))),
                        list(map(add, late_rest, view.lateness(dest))),
                    )
                    if trial < value - 1e-9:
                        value, current, improved = trial, dest, True
                turn[i] = current
                if self._out_of_time():
                    # Out of budget mid-descent: the turn so far is legal and
                    # its value is exact, so the search can keep it. Checking
                    # per seeker bounds the overrun by one seeker's fields.
                    return tuple(turn), value
        return tuple(turn), value

    def value_of(self, turn, view):
        columns = [view.scores(p) for p in turn]
        hints = [sum(c) for c in zip(*columns)]
        worst = [max(c) for c in zip(*[view.distances(p) for p in turn])]
        late = [sum(c) for c in zip(*[view.lateness(p) for p in turn])]
        return self.value_of_columns(view, hints, worst, late)

    def value_of_columns(self, view, hints, worst, late):
        """Expected hints from this turn on (this one included).

        Per candidate k: ``hints[k]`` the hint it would give, ``worst[k]`` the
        most queen moves a seeker needs to reach it, ``late[k]`` the moves
        beyond one summed over the seekers.
        """
        groups = {}
        for k, h in enumerate(hints):
            group = groups.get(h)
            if group is None:
                groups[h] = [k]
            else:
                group.append(k)
        straggler = self.straggler
        total = 0.0
        for h, group in groups.items():
            if h == self.full:
                continue  # the round ends with this turn
            size = len(group)
            if size == 1:
                k = group[0]
                total += worst[k] + straggler * late[k]
            elif size == 2:
                total += 2 * self._two_left(view, group, worst, late)
            else:
                unreachable = 0
                lateness = 0
                for k in group:
                    if worst[k] > 1:
                        unreachable += 1
                    lateness += late[k]
                small, middle, large = self.unreach_penalty
                penalty = small if size <= 3 else middle if size <= 8 else large
                total += (size * (self.base + self.spread * math.log2(size)) + penalty * unreachable
                          + straggler * lateness)
        return 1.0 + total / len(hints)

    def _two_left(self, view, group, worst, late):
        """Expected further hints with two candidates left."""
        a, b = group
        between = self.tables.distance[view.candidates[a]][view.candidates[b]]
        best = 3.0
        if worst[a] == 1 or worst[b] == 1:
            # Everyone onto one of them: done, or the next hint knows the other.
            best = 1.0 + 0.5 * between
        if worst[a] == 1 and worst[b] == 1:
            best = min(best, 2.0)
        elif best > 2.0:
            best = 2.5
        return best + self.straggler * (late[a] + late[b]) / 2

    def deep_value(self, turn, candidates, rng, reply_starts):
        """A turn's value with each resulting hint answered by its best reply."""
        groups = {}
        rows = [self.tables.score[p] for p in turn]
        for s in candidates:
            groups.setdefault(sum(row[s] for row in rows), []).append(s)
        reply_options = [self.tables.reach[p] for p in turn]
        total = 0.0
        for h, group in groups.items():
            if h == self.full:
                continue
            if len(group) == 1:
                rest = max(self.tables.distance[p][group[0]] for p in turn)
            else:
                replies = self.local_searches(reply_options, turn, group, rng, reply_starts)
                rest = min(value for value, _ in replies)
            total += len(group) * rest
        return 1.0 + total / len(candidates)


class _CandidateView:
    """Columns over one candidate list, computed once per field and reused."""

    def __init__(self, tables, candidates):
        self.tables = tables
        self.candidates = candidates
        self._scores = {}
        self._distances = {}
        self._lateness = {}

    def scores(self, p):
        column = self._scores.get(p)
        if column is None:
            row = self.tables.score[p]
            column = self._scores[p] = [row[s] for s in self.candidates]
        return column

    def distances(self, p):
        column = self._distances.get(p)
        if column is None:
            row = self.tables.distance[p]
            column = self._distances[p] = [row[s] for s in self.candidates]
        return column

    def lateness(self, p):
        column = self._lateness.get(p)
        if column is None:
            column = self._lateness[p] = [d - 1 if d > 1 else 0 for d in self.distances(p)]
        return column
