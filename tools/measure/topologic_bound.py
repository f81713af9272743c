"""A lower bound on the hints any Topologic seeker needs: the game without the board.

Relaxation: seekers may stand on any field every turn (no queen moves, no
border for the entry). Every (colour, pips) location exists exactly once, so
what a turn can ask depends only on how many seekers stand on each colour
(A) and on each pip count (B): the hint of a secret (c, p) is A[c] + B[p],
and it is 2n exactly when all n seekers stand on (c, p). Any real seeker's
play is also a play of the relaxation, so the relaxation's optimum is a
lower bound for every board and shape; it does not depend on the board.

This computes that optimum exactly: expectimax over the hint partition,
with candidate sets reduced up to renaming colours and pip counts, moves up
to swapping identical rows or columns, and branch and bound (a move is
dropped once a lower bound of its value reaches the best move's value).

  PYTHONPATH=py python3 tools/measure/topologic_bound.py --seekers 3

Session tool for issue 12; stdlib only.
"""

import argparse
import itertools
import sys
import time

COLOURS, PIPS = 10, 6


def popcount(x):
    return bin(x).count("1")


class Bound:
    """Exact optimal expected hints of the relaxation, for ``n`` seekers."""

    def __init__(self, n, colours=COLOURS, pips=PIPS):
        self.n = n
        self.colours, self.pips = colours, pips  # smaller grids for the tests
        self.full = 2 * n
        self.exact = {}  # canonical candidate set -> optimal value
        self.lower = {}  # canonical candidate set -> a proved lower bound
        self.nodes = 0
        # capacity[j]: at most this many secrets can end with the j-th hint from
        # now: one per node, and a node has at most 2n hints that do not end.
        self.capacity = [0] + [(2 * n) ** (j - 1) for j in range(1, 12)]
        self._canonical = {}
        self.best_move = {}  # canonical set -> (groups, ends) of its best move found

    # --- candidate sets: a tuple of 10 row masks (one 6-bit pip mask per colour) ---

    def canonical(self, rows):
        """The set up to renaming colours and pip counts (its largest image)."""
        rows = tuple(sorted((r for r in rows if r), reverse=True))
        cached = self._canonical.get(rows)
        if cached is not None:
            return cached
        columns = [sum(1 << i for i, r in enumerate(rows) if r >> p & 1) for p in range(self.pips)]
        # Pip counts may only be renamed among pips of equal column degree, and
        # swapping two identical columns changes nothing: arrange column types.
        by_degree = {}
        for p, col in enumerate(columns):
            by_degree.setdefault(popcount(col), []).append(p)
        blocks = [by_degree[d] for d in sorted(by_degree, reverse=True)]
        block_orders = []
        for block in blocks:
            kinds = {}
            for p in block:
                kinds.setdefault(columns[p], []).append(p)
            types = [col for col in kinds for _ in kinds[col]]
            orders = []
            for arrangement in _distinct_permutations(types):
                used = {col: iter(kinds[col]) for col in kinds}
                orders.append([next(used[col]) for col in arrangement])
            block_orders.append(orders)
        best = None
        for choice in itertools.product(*block_orders):
            target = [p for block in choice for p in block]  # new position -> old pip
            image = []
            for r in rows:
                m = 0
                for new, old in enumerate(target):
                    if r >> old & 1:
                        m |= 1 << (self.pips - 1 - new)
                image.append(m)
            image.sort(reverse=True)
            key = tuple(image)
            if best is None or key > best:
                best = key
        self._canonical[rows] = best
        return best

    def size(self, rows):
        return sum(popcount(r) for r in rows)

    def capacity_bound(self, m):
        """Mean hints if m secrets ended as early as the tree's width allows."""
        total, left, depth = 0, m, 1
        while left > 0:
            take = min(left, self.capacity[depth] if depth < len(self.capacity) else left)
            total += take * depth
            left -= take
            depth += 1
        return total / m

    def floor(self, key):
        m = self.size(key)
        known = self.exact.get(key)
        if known is not None:
            return known
        return max(self.lower.get(key, 0.0), self.capacity_bound(m))

    # --- moves ---

    def allocations(self, masks, free):
        """Seekers per row (or column): distinct up to swapping identical masks.

        ``masks`` are the rows' (or columns') masks; ``free`` is True when an
        empty row (a colour with no candidate) can take seekers that count
        for nobody. Yields tuples of counts, one per mask (and the free count).
        """
        n = self.n
        classes = {}
        for i, m in enumerate(masks):
            classes.setdefault(m, []).append(i)
        groups = list(classes.values())
        if free:
            groups.append([None])

        def place(g, left):
            if g == len(groups):
                if left == 0:
                    yield {}
                return
            members = groups[g]
            if g == len(groups) - 1:
                amounts = [left]
            else:
                amounts = range(left, -1, -1)
            for t in amounts:
                for counts in _partitions(t, len(members)):
                    for rest in place(g + 1, left - t):
                        out = dict(rest)
                        for i, c in zip(members, counts):
                            out[i] = c
                        yield out

        for assignment in place(0, n):
            yield tuple(assignment.get(i, 0) for i in range(len(masks)))

    def moves(self, rows):
        """Distinct partitions of the candidates by one turn's hint: lists of group keys."""
        n, full = self.n, self.full
        colour_rows = [r for r in rows if r]
        spare_colour = len(colour_rows) < self.colours
        union = 0
        for r in colour_rows:
            union |= r
        pips = [p for p in range(self.pips) if union >> p & 1]
        spare_pip = len(pips) < self.pips
        column_masks = [sum(1 << i for i, r in enumerate(colour_rows) if r >> p & 1) for p in pips]
        seen = set()
        for a in self.allocations(colour_rows, spare_colour):
            for b in self.allocations(column_masks, spare_pip):
                by_value = [0] * (full + 1)  # pip mask per B value
                for p, count in zip(pips, b):
                    by_value[count] |= 1 << p
                groups = {}
                for ci, r in enumerate(colour_rows):
                    ac = a[ci]
                    for v in range(n + 1):
                        part = r & by_value[v]
                        if part:
                            h = ac + v
                            g = groups.get(h)
                            if g is None:
                                g = groups[h] = [0] * len(colour_rows)
                            g[ci] = part
                if len(groups) == 1 and full not in groups:
                    continue  # tells nothing
                ending = groups.pop(full, None)
                parts = tuple(sorted(self.canonical(g) for g in groups.values()))
                signature = (parts, ending is not None)
                if signature in seen:
                    continue
                seen.add(signature)
                yield parts, ending is not None

    # --- search ---

    def move_value(self, parts, m, limit):
        """(value, exact) of a turn leaving groups ``parts`` of m candidates: exact if below ``limit``."""
        # The floors now (groups solved since the move was scored have risen;
        # a group may also appear twice in one move).
        counted = [(g, self.size(g), self.floor(g)) for g in parts]
        total = sum(sg * floor_g for _, sg, floor_g in counted)
        if 1.0 + total / m >= limit:
            return 1.0 + total / m, False
        # Largest groups first: they decide most.
        for g, sg, floor_g in sorted(counted, key=lambda t: -t[1]):
            rest = total - sg * floor_g
            # The group may use up to this much before the move loses.
            room = ((limit - 1.0) * m - rest) / sg
            value, is_exact = self._solve(g, room)
            total = rest + sg * value
            if not is_exact:
                return 1.0 + total / m, False
        return 1.0 + total / m, True

    def solve(self, rows=None, beta=float("inf")):
        """(value, exact): exact value if below ``beta``, else a lower bound >= beta.

        ``rows``: one pip mask per colour (bit p: pips p+1 is a candidate);
        None for every location.
        """
        if rows is None:
            rows = [(1 << self.pips) - 1] * self.colours
        key = self.canonical(rows)
        return self._solve(key, beta)

    def _solve(self, key, beta):
        known = self.exact.get(key)
        if known is not None:
            return known, True
        m = self.size(key)
        if m == 1:
            self.exact[key] = 1.0
            return 1.0, True
        low = self.floor(key)
        if low >= beta:
            return low, False
        self.nodes += 1
        rows = list(key)
        scored = []
        for parts, ends in self.moves(rows):
            # Value of the move: 1 + sum |g| V(g) / m, bounded below by the floors.
            low_sum = sum(self.size(g) * self.floor(g) for g in parts)
            scored.append((low_sum, parts, ends))
        scored.sort(key=lambda t: t[0])
        best = float("inf")
        for low_sum, parts, ends in scored:
            limit = min(best, beta)
            if 1.0 + low_sum / m >= limit:
                break
            move_value, exact = self.move_value(parts, m, limit)
            if exact and move_value < best:
                best = move_value
                self.best_move[key] = parts, ends
        if best < beta:
            self.exact[key] = best
            return best, True
        bound = max(low, min(best, beta))
        # Every move was shown to reach at least min(best, beta).
        self.lower[key] = max(self.lower.get(key, 0.0), bound)
        return bound, False


def _distinct_permutations(items):
    """Each distinct ordering of a multiset once."""
    items = sorted(items)
    def rec(left):
        if not left:
            yield ()
            return
        for i, x in enumerate(left):
            if i and left[i - 1] == x:
                continue
            for rest in rec(left[:i] + left[i + 1:]):
                yield (x,) + rest
    return rec(items)


def _partitions(total, parts):
    """Non-increasing tuples of ``parts`` counts summing to ``total``."""
    def rec(k, left, cap):
        if k == parts:
            if left == 0:
                yield ()
            return
        for c in range(min(left, cap), -1, -1):
            for rest in rec(k + 1, left - c, c):
                yield (c,) + rest
    return rec(0, total, total)


def first_splits(bound, limit=float("inf")):
    """(value, colour counts, pip counts) of every first turn worth less than ``limit``, best first.

    On the whole grid a turn is named by its split: the seekers' counts per
    colour and per pip count, largest first (which colours and pips they are
    does not matter there).
    """
    values = []
    for colour_counts in _partitions(bound.n, min(bound.n, bound.colours)):
        for pip_counts in _partitions(bound.n, min(bound.n, bound.pips)):
            a = list(colour_counts) + [0] * (bound.colours - len(colour_counts))
            b = list(pip_counts) + [0] * (bound.pips - len(pip_counts))
            groups = {}
            for c in range(bound.colours):
                for p in range(bound.pips):
                    groups.setdefault(a[c] + b[p], [0] * bound.colours)[c] |= 1 << p
            parts = [bound.canonical(g) for h, g in groups.items() if h != bound.full]
            value, exact = bound.move_value(parts, bound.colours * bound.pips, limit)
            if exact:
                values.append((value, tuple(x for x in colour_counts if x), tuple(x for x in pip_counts if x)))
    values.sort()
    return values


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seekers", type=int, default=3)
    parser.add_argument("--splits", type=int, default=0, metavar="K",
                        help="also print the K best first turns by their split (ai/topologic/entry.py)")
    args = parser.parse_args(argv)
    bound = Bound(args.seekers)
    start = time.process_time()
    value, exact = bound.solve()
    root = bound.canonical([(1 << bound.pips) - 1] * bound.colours)
    parts, ends = bound.best_move[root]
    print("best first turn's groups (size: optimal hints from there):",
          ", ".join(f"{bound.size(g)}: {bound.exact[g]:.3f}" for g in sorted(parts, key=bound.size, reverse=True))
          + (", 1 ends the round" if ends else ""))
    print(f"{args.seekers} seekers: the relaxation needs {value:.4f} hints on average "
          f"({'exact' if exact else 'lower bound'}); {bound.nodes} nodes searched, "
          f"{len(bound.exact)} sets solved, {time.process_time() - start:.1f} CPU s")
    for value, colours, pips in first_splits(bound)[:args.splits]:
        print(f"  first split: colour counts {colours}, pip counts {pips}: {value:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
