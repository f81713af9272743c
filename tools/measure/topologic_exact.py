"""Exact optimal Topologic seeking under the real rules, for small candidate sets.

The value of a state (the seekers' fields P, a multiset, and the candidate
set C) is the fewest hints still needed on average over a uniform secret in
C, with queen moves (no jumping over gaps), seekers allowed to share a field
and to stay, and the round ending on the hint 2n. Expectimax:

    V(P, {c}) = max(1, max over p in P of the queen distance d(p, c))
    V(P, C)   = min over turns Q of 1 + sum over groups g of the hint
                partition of C by Q, except the ending one, |g| / |C| V(Q, g)

where a turn Q moves every seeker to its own field or one queen move away
(P = None: the entry, every seeker on a border field). Turns are multisets
(seekers are identical), and every one is tried: the search is exact, made
feasible by branch and bound with admissible floors of V(Q, g):

- the board-free bound of g (tools/measure/topologic_bound.py: seekers anywhere);
- gathering: secret c needs at least max(1, max_p d(p, c)) more turns, and
  at most one secret can end on the next turn, so the sum over g is at least
  sum of max(2, d) minus 1 when some c has max_p d(p, c) <= 1;
- a floor proved earlier for the same state.

A turn whose hint splits nothing keeps C (it only moves seekers); such a
turn is tried too. Returning to a state on the current path is a cycle,
never better than cutting it, so it is skipped; a result computed while a
skip happened is not stored (it may be valid only on that path).

    PYTHONPATH=py nice -n 10 python3 tools/measure/topologic_exact.py --seekers 3 --boards 2 --seed 4201 --upto 6

walks the strong seeker's tree on each board (every secret, untimed) and at
every node with at most ``--upto`` candidates solves the state exactly:
strong's own hints from there against the optimum, and the mean a seeker
would need that plays strong until then and optimally afterwards.

Session tool for issue 12; stdlib only.
"""

import argparse
import itertools
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "py"))
sys.path.insert(0, HERE)

from topologic_bound import Bound, popcount  # noqa: E402

INFINITY = float("inf")


class Exact:
    """Exact values V(P, C) on one board (BoardTables) for n seekers; sets are bit masks of cell indices."""

    def __init__(self, tables, n, bound=None):
        self.tables = tables
        self.n = n
        self.full = 2 * n
        self.bits = self.full.bit_length()  # bits per candidate in a packed hint vector
        self.size = tables.size
        board = tables.board
        self.tile = [(board.tiles[c][0], board.tiles[c][1] - 1) for c in board.cells]
        self.bound = bound or Bound(n)
        distance = tables.distance
        self.longest = max(d for row in distance for d in row)
        # within[k][i]: the fields at queen distance at most k from field i.
        self.within = [[sum(1 << j for j in range(self.size) if distance[i][j] <= k) for i in range(self.size)]
                       for k in range(self.longest + 1)]
        self.reach = tables.reach
        self.exact = {}   # (P, C) -> V
        self.lower = {}   # (P, C) -> a proved floor
        self._relaxed = {}
        self._turns = {}
        self._path = set()
        self.skips = 0
        self.nodes = 0

    # --- floors ---

    def relaxed(self, group):
        """The board-free bound of a candidate mask (exact value of the relaxation)."""
        value = self._relaxed.get(group)
        if value is None:
            rows = [0] * self.bound.colours
            for k in _members(group):
                colour, pip = self.tile[k]
                rows[colour] |= 1 << pip
            value = self._relaxed[group] = self.bound.solve(rows)[0]
        return value

    def gather_sum(self, positions, group):
        """(sum over c in g of max(1, max_p d(p, c)), how many c have that max <= 1)."""
        total = popcount(group)
        near = group
        for k in range(1, self.longest + 1):
            common = group
            for p in positions:
                common &= self.within[k][p]
            if k == 1:
                near = common
            out = popcount(group & ~common)
            if not out:
                break
            total += out
        return total, popcount(near)

    def floor(self, positions, group):
        """A proved lower bound of V(positions, group) (exact for one candidate)."""
        m = popcount(group)
        if m == 1:
            return self.gather_sum(positions, group)[0]
        key = (positions, group)
        known = self.exact.get(key)
        if known is not None:
            return known
        low = max(self.relaxed(group), self.lower.get(key, 0.0))
        if positions is None:  # the entry: no fields yet to gather from
            return low
        gathering, near = self.gather_sum(positions, group)
        gathering += max(0, near - 1)  # max(2, d) instead of 1 for all but one of those in line
        return max(low, gathering / m)

    # --- turns ---

    def turns(self, positions):
        """Every distinct turn (sorted tuple of fields) from ``positions`` (None: the entry)."""
        found = self._turns.get(positions)
        if found is None:
            if positions is None:
                found = list(itertools.combinations_with_replacement(self.tables.border, self.n))
            else:
                found = sorted({tuple(sorted(q)) for q in itertools.product(*(self.reach[p] for p in positions))})
            if len(self._turns) > 50000:
                self._turns.clear()
            self._turns[positions] = found
        return found

    def partitions(self, positions, candidates):
        """(turn, [(hint, group mask)]) for every turn from ``positions``."""
        members = list(_members(candidates))
        score, bits = self.tables.score, self.bits
        code = {}
        result, cache = [], {}
        mask = (1 << bits) - 1
        for turn in self.turns(positions):
            vector = 0
            for f in turn:
                c = code.get(f)
                if c is None:
                    row = score[f]
                    c = code[f] = sum(row[k] << (bits * i) for i, k in enumerate(members))
                vector += c
            groups = cache.get(vector)
            if groups is None:
                by_hint = {}
                for i, k in enumerate(members):
                    h = vector >> (bits * i) & mask
                    by_hint[h] = by_hint.get(h, 0) | 1 << k
                groups = cache[vector] = tuple(by_hint.items())
            result.append((turn, groups))
        return result

    # --- search ---

    def solve(self, positions, candidates, beta=INFINITY):
        """(value, exact): V(positions, candidates) if below ``beta``, else a floor >= beta."""
        if popcount(candidates) == 1:
            return self.floor(positions, candidates), True
        key = (positions, candidates)
        known = self.exact.get(key)
        if known is not None:
            return known, True
        low = self.floor(positions, candidates)
        if low >= beta:
            return low, False
        if key in self._path:
            self.skips += 1
            return INFINITY, False
        self._path.add(key)
        skips = self.skips
        self.nodes += 1
        m = popcount(candidates)
        scored = []
        for turn, groups in self.partitions(positions, candidates):
            low_sum = sum(popcount(g) * self.floor(turn, g) for h, g in groups if h != self.full)
            scored.append((low_sum, turn, groups))
        scored.sort(key=lambda t: t[0])
        best = INFINITY
        for low_sum, turn, groups in scored:
            limit = min(best, beta)
            if 1.0 + low_sum / m >= limit:
                break
            value, exact = self.turn_value(turn, groups, m, limit)
            if exact and value < best:
                best = value
        self._path.discard(key)
        clean = self.skips == skips
        if best < beta:
            if clean:
                self.exact[key] = best
            return best, True
        bound = max(low, min(best, beta))
        if clean:
            self.lower[key] = max(self.lower.get(key, 0.0), bound)
        return bound, False

    def turn_value(self, turn, groups, m, limit):
        """(value, exact) of a turn: exact if below ``limit``, else a floor >= limit."""
        parts = [(g, popcount(g)) for h, g in groups if h != self.full]
        floors = {g: self.floor(turn, g) for g, _ in parts}
        total = sum(size * floors[g] for g, size in parts)
        if 1.0 + total / m >= limit:
            return 1.0 + total / m, False
        for g, size in sorted(parts, key=lambda t: -t[1]):
            rest = total - size * floors[g]
            room = ((limit - 1.0) * m - rest) / size
            value, exact = self.solve(turn, g, room)
            total = rest + size * value
            if not exact:
                return 1.0 + total / m, False
        return 1.0 + total / m, True


def _members(mask):
    k = 0
    while mask:
        if mask & 1:
            yield k
        mask >>= 1
        k += 1


def strong_against_exact(policy, exact, seekers, upto, seed_text):
    """Strong's tree on one board: (strong's mean, mean with the optimum from <= upto candidates, nodes).

    nodes: (candidates, share of the secrets, strong's hints from there, the optimum, the floor).
    """
    from spielstube.core.rng import Rng

    tables = exact.tables
    total, full, score = tables.size, 2 * seekers, tables.score
    code = tables.board.code
    nodes = []

    def walk(positions, candidates, hints):
        """(strong's hint sum over the candidates from this node, the sum with the optimum below upto)."""
        rng = Rng(f"{seed_text}{code}/{seekers}/{','.join(map(str, hints))}")
        turn = tuple(policy.choose(positions, candidates, rng))
        groups = {}
        for c in candidates:
            groups.setdefault(sum(score[p][c] for p in turn), []).append(c)
        strong_sum = hybrid_sum = len(candidates)
        for h, group in groups.items():
            if h == full:
                continue
            if len(group) == 1:
                g = sum(1 << c for c in group)
                value = exact.floor(tuple(sorted(turn)), g)
                strong_sum += value
                hybrid_sum += value
                continue
            s, y = walk(turn, tuple(group), hints + (h,))
            strong_sum += s
            hybrid_sum += y
        if positions is not None and len(candidates) <= upto:
            mask = sum(1 << c for c in candidates)
            key = tuple(sorted(positions))
            floor = exact.floor(key, mask)
            value, is_exact = exact.solve(key, mask)
            assert is_exact
            nodes.append((len(candidates), len(candidates) / total, strong_sum / len(candidates), value, floor))
            hybrid_sum = value * len(candidates)
        return strong_sum, hybrid_sum

    strong_sum, hybrid_sum = walk(None, tuple(range(total)), ())
    return strong_sum / total, hybrid_sum / total, nodes


def main(argv=None):
    from spielstube.ai.topologic import policy_for
    from spielstube.bench.topologic import fresh_boards
    from spielstube.ai.topologic.evaluate import mean_and_half_width
    from spielstube.ai.topologic.seeker import tables_for
    from spielstube.games.topologic import build_board

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seekers", type=int, default=3)
    parser.add_argument("--boards", type=int, default=1)
    parser.add_argument("--seed", type=int, default=4201)
    parser.add_argument("--shape", default="6x10")
    parser.add_argument("--upto", type=int, default=5, help="solve exactly from nodes with this many candidates or fewer")
    args = parser.parse_args(argv)
    bound = Bound(args.seekers)
    strong_means, hybrid_means, gaps = [], [], []
    by_size = {}
    for code in fresh_boards(args.boards, args.seed, args.shape):
        tables = tables_for(build_board(code))
        policy = policy_for("strong", tables, args.seekers, timed=False)
        exact = Exact(tables, args.seekers, bound)
        start = time.process_time()
        strong, hybrid, nodes = strong_against_exact(policy, exact, args.seekers, args.upto, f"{args.seed}/")
        strong_means.append(strong)
        hybrid_means.append(hybrid)
        gaps.append(strong - hybrid)
        for m, share, own, best, floor in nodes:
            row = by_size.setdefault(m, [0, 0.0, 0.0, 0.0, 0.0])
            row[0] += 1
            row[1] += share
            row[2] += share * own
            row[3] += share * best
            row[4] += share * floor
        print(f"{code}: strong {strong:.4f}, optimum from <= {args.upto} candidates {hybrid:.4f} "
              f"(gain {strong - hybrid:.4f}); {len(nodes)} nodes solved, {exact.nodes} searched, "
              f"{time.process_time() - start:.1f} CPU s", flush=True)
    boards = len(gaps)
    s, s_half = mean_and_half_width(strong_means)
    y, y_half = mean_and_half_width(hybrid_means)
    g, g_half = mean_and_half_width(gaps)
    print(f"{args.seekers} seekers, {args.shape}, {boards} boards (seed {args.seed}): strong {s:.4f} ± {s_half:.4f}; "
          f"strong then optimal from <= {args.upto} candidates {y:.4f} ± {y_half:.4f}; gain {g:.4f} ± {g_half:.4f}")
    print("candidates | nodes | share of secrets | strong's hints from there | optimum | floor (share-weighted means)")
    for m in sorted(by_size):
        count, share, own, best, floor = by_size[m]
        print(f"{m} | {count} | {share / boards:.4f} | {own / share:.4f} | {best / share:.4f} | {floor / share:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
