"""The greedy baseline seeker: each turn leaves the fewest candidates expected.

Kept for comparison (benchmarks), not as a level: it looks one hint ahead
only. A turn's value is the expected number of candidates still open after
its hint, sum over hints h of |C_h|^2 / |C|, where the hint that ends the
round leaves none; this makes it gamble (all seekers onto one candidate)
when that is worth it. Ties go to the turn that brings the seekers closest
to the candidates, so it never stalls. Seekers are chosen one at a time
(coordinate descent from a few random starts).
"""


class GreedySeeker:
    """One-step expected remaining candidates, minimised by coordinate descent."""

    def __init__(self, tables, seeker_count, starts=4):
        self.tables = tables
        self.n = seeker_count
        self.full = 2 * seeker_count
        self.starts = starts
        self.far = max(max(row) for row in tables.distance)

    def choose(self, positions, candidates, rng):
        """The seekers' fields (indices); ``positions`` is None on the entry turn."""
        tables = self.tables
        candidates = sorted(candidates)
        if positions is None:
            options = [tables.border] * self.n
            seeds = []
        else:
            options = [tables.reach[p] for p in positions]
            seeds = [tuple(positions)]
        while len(seeds) < self.starts + (positions is not None):
            seeds.append(tuple(opts[rng.below(len(opts))] for opts in options))
        best, best_value = None, None
        for seed in seeds:
            turn, value = self._descend(list(seed), options, candidates)
            if best_value is None or value < best_value:
                best, best_value = turn, value
        return best

    def _value(self, turn, candidates):
        score, distance = self.tables.score, self.tables.distance
        groups = {}
        closeness = 0
        for c in candidates:
            h = 0
            for p in turn:
                h += score[p][c]
                closeness += distance[p][c]
            groups[h] = groups.get(h, 0) + 1
        left = sum(size * size for h, size in groups.items() if h != self.full)
        # Closeness only breaks ties: it is below 1 / len(candidates) in total.
        return (left + closeness / (1 + self.far * self.n * len(candidates))) / len(candidates)

    def _descend(self, turn, options, candidates):
        value = self._value(turn, candidates)
        improved = True
        while improved:
            improved = False
            for i in range(self.n):
                current = turn[i]
                for dest in options[i]:
                    if dest == current:
                        continue
                    turn[i] = dest
                    trial = self._value(turn, candidates)
                    if trial < value - 1e-12:
                        value, current, improved = trial, dest, True
                turn[i] = current
        return tuple(turn), value
