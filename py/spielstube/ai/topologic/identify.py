"""Identifying turns, scored exactly: the turns after which each hint leaves at most two candidates.

With few candidates left, a turn whose every hint class is one candidate
ends the deduction: what follows is gathering, whose cost is known exactly
(secret c needs max(1, max over seekers of the queen distance) more hints;
the seekers may all stand on it, then the round ends with this hint). A
class of two is valued by the best turn after it that tells the two apart,
searched the same way (an upper bound of its true value: a turn that tells
nothing is not tried there).

    value(Q) = 1 + (sum over non-ending singletons c of gather(Q, c)
                    + sum over pairs {a, b} of 2 * pair(Q, a, b)) / m

The search tries every turn, seeker by seeker (fields that give the same
scores and distances are one; a field whose distances are all no better
than another's with the same scores is dropped), and cuts a partial turn as
soon as the gathering floor (every candidate needs at least max(1, the
farthest seeker's distance) more hints, at most one ends now) reaches the
value to beat; a partial turn met before (same seekers placed, same hints
and distances so far) is not searched again. ``best`` returns the best such
turn below that value, or None. Exact for turns that leave every candidate
alone; a pair is valued from the first of the equal fields found (the next
turn's fields depend on the field), so there the search is exhaustive up to
that choice. Its work is bounded by a node limit and the seeker's deadline.
"""

from operator import add

from .. import clock

CHECK_EVERY = 256  # nodes between two looks at the clock


class IdentifyingSearch:
    """Exact values of identifying turns on one board for n seekers."""

    def __init__(self, tables, seeker_count, node_limit=20000):
        self.tables = tables
        self.n = seeker_count
        self.full = 2 * seeker_count
        self.node_limit = node_limit  # per call, the pair values' searches included
        self._pairs = {}
        self.nodes = 0
        self._deadline = None
        self._cut = False  # the work ran out in this call: values found are not the best

    def best(self, positions, candidates, beat, deadline=None):
        """(value, turn) of the best identifying turn from ``positions`` worth less than ``beat``, or None."""
        self.nodes = 0
        self._deadline = deadline
        self._cut = False
        if len(self._pairs) > 20000:
            self._pairs.clear()
        return self._search(positions, list(candidates), beat, strict=False)

    def pair_value(self, positions, a, b):
        """Expected hints from ``positions`` with candidates {a, b}, telling them apart with the next turn."""
        key = (tuple(sorted(positions)), min(a, b), max(a, b))
        value = self._pairs.get(key)
        if value is None:
            found = self._search(positions, [a, b], float("inf"), strict=True)
            value = found[0] if found else float("inf")
            if not self._cut:
                self._pairs[key] = value
        return value

    def _out_of_work(self):
        self.nodes += 1
        if not self._cut and (self.nodes > self.node_limit or self._deadline is not None
                              and self.nodes % CHECK_EVERY == 0 and clock.now() > self._deadline):
            self._cut = True
        return self._cut

    def _search(self, positions, candidates, beat, strict):
        tables, m = self.tables, len(candidates)
        options = [_options(tables, p, candidates) for p in positions]
        order = sorted(range(self.n), key=lambda i: len(options[i]))
        options = [options[i] for i in order]
        # reach_floor[j][k]: the least distance to candidate k the seekers j.. can keep.
        reach_floor = [[0] * m for _ in range(self.n + 1)]
        for j in range(self.n - 1, -1, -1):
            nearest = [min(column[k] for _, column, _ in options[j]) for k in range(m)]
            reach_floor[j] = list(map(max, reach_floor[j + 1], nearest))
        best = [beat, None]
        seen = set()
        full = self.full

        def floor_of(j, worst):
            total, can_end = 0, False
            for w, r in zip(worst, reach_floor[j]):
                far = w if w > r else r
                if far == 0:
                    can_end = True
                total += far if far > 1 else 1
            return 1.0 + (total - can_end) / m

        def leaf(hints, worst, fields):
            groups = {}
            for k, h in enumerate(hints):
                groups.setdefault(h, []).append(k)
            if len(groups) == 1:
                return  # tells nothing (two candidates, one class)
            total, pairs = 0.0, []
            for h, group in groups.items():
                if len(group) > (1 if strict else 2):
                    return
                if h == full:
                    continue
                if len(group) == 2:
                    pairs.append(group)
                for k in group:  # the gathering floor, exact for a singleton
                    total += worst[k] if worst[k] > 1 else 1
            if 1.0 + total / m >= best[0] - 1e-9:
                return
            turn = tuple(positions_of(fields))
            for a, b in pairs:
                total -= max(1, worst[a]) + max(1, worst[b])
                total += 2 * self.pair_value(turn, candidates[a], candidates[b])
                if 1.0 + total / m >= best[0] - 1e-9:
                    return
            best[0], best[1] = 1.0 + total / m, turn

        def positions_of(fields):
            turn = [0] * self.n
            for i, f in zip(order, fields):
                turn[i] = f
            return turn

        def descend(j, hints, worst, fields):
            if self._out_of_work():
                return False
            if j == self.n:
                leaf(hints, worst, fields)
                return True
            key = (j, tuple(hints), tuple(worst))
            if key in seen:
                return True
            seen.add(key)
            for scores, distances, field in options[j]:
                next_worst = list(map(max, worst, distances))
                if floor_of(j + 1, next_worst) >= best[0] - 1e-9:
                    continue
                if not descend(j + 1, list(map(add, hints, scores)), next_worst, fields + [field]):
                    return False
            return True

        descend(0, [0] * m, [0] * m, [])
        return None if best[1] is None else (best[0], best[1])


def _options(tables, position, candidates):
    """The fields a seeker on ``position`` may take, one per (scores, distances), dominated ones dropped."""
    by_scores = {}
    for f in tables.reach[position]:
        scores = tuple(tables.score[f][c] for c in candidates)
        distances = tuple(tables.distance[f][c] for c in candidates)
        by_scores.setdefault(scores, {}).setdefault(distances, f)
    options = []
    for scores, fields in by_scores.items():
        columns = list(fields)
        for distances in columns:
            if any(other != distances and all(o <= d for o, d in zip(other, distances)) for other in columns):
                continue
            options.append((scores, distances, fields[distances]))
    # Nearer fields first: good turns are found early, and cut the rest.
    options.sort(key=lambda option: (sum(option[1]), option[2]))
    return options
