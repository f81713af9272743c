"""Entry turns that split the 60 locations the way the best possible first hint does.

A hint is A[colour] + B[pips], with A and B the seekers' counts per colour
and per pip count, so what a turn asks depends only on those two count
multisets (its "split"). tools/measure/topologic_bound.py solves the game without
the board (seekers may stand anywhere) exactly; its best first split for 3
and 4 seekers is not the one the strong seeker's own search finds, and
costs that search about 0.1 hints per round (tools/measure/topologic_regret.py).
Entering with one of these splits, on border fields, keeps the best first
hint; the seeker then picks among such entries by its usual values.

With 5 seekers the search already finds the best split on almost every
board, and restricting it did not help strong or normal (docs/benchmarks.md),
so there is no entry here for 5.
"""

# Seekers -> splits (colour counts, pip counts, largest first) of the relaxation's
# best first turn, from `tools/measure/topologic_bound.py --seekers N --splits`; 3 seekers
# have two of equal value.
BEST_SPLITS = {
    3: (((1, 1, 1), (1, 1, 1)), ((1, 1, 1), (2, 1))),
    4: (((1, 1, 1, 1), (2, 2)),),
}


def entry_turns(tables, seeker_count):
    """Every entry (sorted border cells) whose split is one of BEST_SPLITS, [] when none.

    Seekers are placed in order of cell index (several may share a field);
    a partial entry is dropped as soon as its counts cannot grow into a
    wanted split.
    """
    splits = BEST_SPLITS.get(seeker_count)
    if not splits:
        return []
    tiles = [tables.board.tiles[tables.board.cells[cell]] for cell in range(tables.size)]
    border = tables.border
    most_colours = max(len(a) for a, _ in splits)
    most_pips = max(len(b) for _, b in splits)
    top_colour = max(a[0] for a, _ in splits)
    top_pips = max(b[0] for _, b in splits)
    wanted = {(a, b) for a, b in splits}
    found = []
    colours, pips, chosen = {}, {}, []

    def place(start):
        if len(chosen) == seeker_count:
            split = (tuple(sorted(colours.values(), reverse=True)), tuple(sorted(pips.values(), reverse=True)))
            if split in wanted:
                found.append(tuple(chosen))
            return
        for k in range(start, len(border)):
            cell = border[k]
            colour, pip = tiles[cell]
            c, p = colours.get(colour, 0) + 1, pips.get(pip, 0) + 1
            if c > top_colour or p > top_pips:
                continue
            if (c == 1 and len(colours) == most_colours) or (p == 1 and len(pips) == most_pips):
                continue
            colours[colour], pips[pip] = c, p
            chosen.append(cell)
            place(k)
            chosen.pop()
            for counts, key, value in ((colours, colour, c), (pips, pip, p)):
                if value == 1:
                    del counts[key]
                else:
                    counts[key] = value - 1

    place(0)
    return found
