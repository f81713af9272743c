"""A lower bound on a Topologic seeker's hints that keeps the identifying turn real.

tools/topologic_bound.py lets seekers stand anywhere every turn; its optimum
(3 seekers 4.1667, 4: 3.75, 5: 3.583) counts one last turn for a secret that
a hint leaves alone. On a board that last turn is real: a secret c left
alone by a turn whose seekers stand on Q still needs max(1, max over q in Q
of the queen distance d(q, c)) turns, so 2 or more unless every seeker
stands on c or one queen move from it ("in line with" c). This bound keeps
every other freedom of the relaxation (any fields every turn, no entry on
the border) and charges that.

Validity (why every real seeker needs at least this on the board, on
average over a uniform secret). For a turn on the multiset Q of fields let
line(Q) = the fields y with d(q, y) <= 1 for every q in Q, and type(Q) the
seekers' counts per colour and per pip count, each sorted (the "split").
For every split t let L(t) = max |line(Q)| over the Q of that split on this
board (computed once per board, exactly, by enumerating every multiset).
Take any real strategy and a node of its tree: candidates C (m of them),
fields Q, the hint partition of C into groups. A singleton group {c} not
ending the round costs the strategy at least 1 + [c not in line(Q)] more
hints; at most |line(Q)| <= L(type(Q)) singletons lie in line(Q), so s
singletons cost at least s + max(0, s - L(type(Q))). A group of two or
more costs at least this bound's value for it (induction on the height of
the strategy's tree; a turn that splits nothing costs 1 + the value of the
same set). The partition and type(Q) depend on Q only through its seekers
per colour and per pip count, and L is a function of the sorted counts, so
renaming colours and pip counts keeps the bound's value, and the search of
tools/topologic_bound.py (candidate sets up to renaming, moves as count
allocations) computes its minimum over every Q exactly. Seekers on colours
(pips) without candidates may form any counts there: the largest L over
those is taken, which only lowers the bound. Hence the node's value is at
least 1 + (sum over groups |g| * bound(g) + max(0, s - L)) / m for the
allocation of Q, so at least the minimum over allocations, which is this
bound. It is at least the board-free bound (every term is).

Checked against a brute force over the real game's relaxation on tiny boards
(tests/unit/test_topologic_linebound.py).

    PYTHONPATH=py nice -n 10 python3 tools/topologic_linebound.py --seekers 5 --boards 3 --seed 4101 [--shape 6x10]

Session tool for issue 12; stdlib only.
"""

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "py"))
sys.path.insert(0, HERE)

from topologic_bound import Bound, _partitions, popcount  # noqa: E402


def line_masks(cells, distance):
    """Per field, the bit mask of fields at queen distance at most 1 (itself included)."""
    return [sum(1 << j for j in range(len(cells)) if distance[i][j] <= 1) for i in range(len(cells))]


def line_table(n, tiles, masks):
    """split -> the most fields in line with every seeker of a placement of that split.

    ``tiles``: (colour, pip) per field; ``masks``: line_masks. A split is
    (colour counts, pip counts), each sorted largest first. Exact: every
    multiset of n fields is visited, except below a prefix whose common line
    is already empty (every split has 0 at least).
    """
    best = {}
    size = len(tiles)

    def place(start, depth, common, colours, pips):
        if depth == n:
            key = (tuple(sorted(colours.values(), reverse=True)), tuple(sorted(pips.values(), reverse=True)))
            count = popcount(common)
            if count > best.get(key, -1):
                best[key] = count
            return
        for k in range(start, size):
            inter = common & masks[k]
            colour, pip = tiles[k]
            colours[colour] = colours.get(colour, 0) + 1
            pips[pip] = pips.get(pip, 0) + 1
            if inter:  # below an empty common line every split scores 0, the default
                place(k, depth + 1, inter, colours, pips)
            for counts, key in ((colours, colour), (pips, pip)):
                counts[key] -= 1
                if not counts[key]:
                    del counts[key]

    place(0, 0, (1 << size) - 1, {}, {})
    return best


class LineBound(Bound):
    """The board-free bound plus the real cost of a secret left alone out of line."""

    def __init__(self, n, table, colours=10, pips=6):
        super().__init__(n, colours, pips)
        self.table = table  # split -> most fields in line (line_table); missing = 0
        self._room = {}

    def line_room(self, colour_counts, free_colours, spare_colours, pip_counts, free_pips, spare_pips):
        """The largest L over the splits an allocation can have (free seekers in any counts)."""
        key = (colour_counts, free_colours, spare_colours, pip_counts, free_pips, spare_pips)
        room = self._room.get(key)
        if room is None:
            room = 0
            for extra_c in _partitions(free_colours, min(free_colours, spare_colours)):
                a = tuple(sorted(colour_counts + tuple(x for x in extra_c if x), reverse=True))
                for extra_p in _partitions(free_pips, min(free_pips, spare_pips)):
                    b = tuple(sorted(pip_counts + tuple(x for x in extra_p if x), reverse=True))
                    room = max(room, self.table.get((a, b), 0))
            self._room[key] = room
        return room

    def moves(self, rows):
        """(groups, ends, extra) per distinct turn: extra = singletons surely out of line."""
        n, full = self.n, self.full
        colour_rows = [r for r in rows if r]
        spare_colours = self.colours - len(colour_rows)
        union = 0
        for r in colour_rows:
            union |= r
        pips = [p for p in range(self.pips) if union >> p & 1]
        spare_pips = self.pips - len(pips)
        column_masks = [sum(1 << i for i, r in enumerate(colour_rows) if r >> p & 1) for p in pips]
        seen = set()
        for a in self.allocations(colour_rows, spare_colours > 0):
            free_a = n - sum(a[:len(colour_rows)])
            a_counts = tuple(sorted((x for x in a[:len(colour_rows)] if x), reverse=True))
            for b in self.allocations(column_masks, spare_pips > 0):
                free_b = n - sum(b[:len(pips)])
                by_value = [0] * (full + 1)
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
                    continue
                ending = groups.pop(full, None)
                parts = tuple(sorted(self.canonical(g) for g in groups.values()))
                singles = sum(1 for g in parts if self.size(g) == 1)
                extra = 0
                if singles:
                    b_counts = tuple(sorted((x for x in b[:len(pips)] if x), reverse=True))
                    room = self.line_room(a_counts, free_a, spare_colours, b_counts, free_b, spare_pips)
                    extra = max(0, singles - room)
                signature = (parts, ending is not None, extra)
                if signature in seen:
                    continue
                seen.add(signature)
                yield parts, ending is not None, extra

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
        scored = []
        for parts, ends, extra in self.moves(list(key)):
            low_sum = extra + sum(self.size(g) * self.floor(g) for g in parts)
            scored.append((low_sum, parts, ends, extra))
        scored.sort(key=lambda t: t[0])
        best = float("inf")
        for low_sum, parts, ends, extra in scored:
            limit = min(best, beta)
            if 1.0 + low_sum / m >= limit:
                break
            # move_value sees the extra as a fixed part of the sum: shift the limit.
            value, exact = self.move_value(parts, m, limit - extra / m)
            value += extra / m
            if exact and value < best:
                best = value
                self.best_move[key] = parts, ends
        if best < beta:
            self.exact[key] = best
            return best, True
        bound = max(low, min(best, beta))
        self.lower[key] = max(self.lower.get(key, 0.0), bound)
        return bound, False


def board_bound(code, n):
    """(bound, CPU seconds of the table, of the search, the table) for one board."""
    from spielstube.games.topologic import build_board

    board = build_board(code)
    tiles = [(board.tiles[c][0], board.tiles[c][1] - 1) for c in board.cells]
    start = time.process_time()
    table = line_table(n, tiles, line_masks(board.cells, board.distance_table()))
    mid = time.process_time()
    value, exact = LineBound(n, table).solve()
    assert exact
    return value, mid - start, time.process_time() - mid, table


def main(argv=None):
    from spielstube.ai.topologic.bench import fresh_boards
    from spielstube.ai.topologic.evaluate import mean_and_half_width

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seekers", type=int, default=5)
    parser.add_argument("--boards", type=int, default=1)
    parser.add_argument("--seed", type=int, default=4101)
    parser.add_argument("--shape", default="6x10")
    args = parser.parse_args(argv)
    values = []
    for code in fresh_boards(args.boards, args.seed, args.shape):
        value, t_table, t_search, table = board_bound(code, args.seekers)
        values.append(value)
        print(f"{code}: {args.seekers} seekers, bound {value:.4f} "
              f"(table {t_table:.1f} s, search {t_search:.1f} s CPU; "
              f"most in line: {max(table.values())})", flush=True)
    mean, half = mean_and_half_width(values)
    print(f"{args.shape}, {args.seekers} seekers, {len(values)} boards (seed {args.seed}): "
          f"mean bound {mean:.4f} +- {half:.4f}, min {min(values):.4f}, max {max(values):.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
