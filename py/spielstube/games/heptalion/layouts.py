"""Heptalion board distributions: random and perfect boards, their symmetries,
and the board a setup names (original, random, perfect, custom), checked.

Kept apart from the rules (rules.py, state.py): they are pure functions of
rows and an rng, used when a game is set up and by the board tools.
"""

from ...core import pause
from ...core.errors import RecordError
from .board import (NO_FIELD, ORIGINAL_ROWS, SIZE, SYMBOLS, TILES, Board, board_from_rows,
                        tile_code)


def _shape_cells():
    return [(r, c) for r in range(SIZE) for c in range(SIZE) if ORIGINAL_ROWS[r][c] != NO_FIELD]


def _rows_from(symbol_by_cell):
    grid = [[NO_FIELD] * SIZE for _ in range(SIZE)]
    for (r, c), sym in symbol_by_cell.items():
        grid[r][c] = sym
    return ["".join(line) for line in grid]


def random_board_rows(rng, min_positions=2):
    """Each symbol 8 times; every tile at least ``min_positions`` positions."""
    cells = _shape_cells()
    while True:
        symbols = [s for s in SYMBOLS for _ in range(8)]
        rng.shuffle(symbols)
        rows = _rows_from(dict(zip(cells, symbols)))
        counts = Board(rows).position_counts()
        if min(counts.values()) >= min_positions:
            return rows
        rows = _repair(rows, rng, lambda c: max(0, min_positions - c), attempts=4000)
        if rows is not None:
            return rows


def perfect_board_rows(rng):
    """Exactly 3 positions per tile, and not the original up to symmetry."""
    original = canonical_form(ORIGINAL_ROWS)
    while True:
        symbols = [s for s in SYMBOLS for _ in range(8)]
        rng.shuffle(symbols)
        rows = _rows_from(dict(zip(_shape_cells(), symbols)))
        rows = _repair(rows, rng, lambda c: abs(c - 3), attempts=60000)
        if rows is not None and canonical_form(rows) != original:
            return rows


def _repair(rows, rng, penalty, attempts):
    """Local search: swap two fields' symbols while the total penalty falls.

    Returns rows with zero penalty, or None when ``attempts`` run out.
    """
    board = Board(rows)
    n = len(board.cells)
    symbols = list(board.symbols)
    neighbours = [[] for _ in range(n)]
    for a, b in board.pairs:
        neighbours[a].append(b)
        neighbours[b].append(a)
    counts = {}
    for a, b in board.pairs:
        key = tile_code(symbols[a], symbols[b])
        counts[key] = counts.get(key, 0) + 1

    def total():
        return sum(penalty(counts.get(code, 0)) for code in TILES)

    def adjust(i, sign):
        for j in neighbours[i]:
            key = tile_code(symbols[i], symbols[j])
            counts[key] = counts.get(key, 0) + sign

    def swap(i, j):
        """Exchanges two fields' symbols, keeping the pair counts current."""
        adjacent = j in neighbours[i]
        adjust(i, -1)
        adjust(j, -1)
        if adjacent:  # their shared pair was removed twice
            counts[tile_code(symbols[i], symbols[j])] += 1
        symbols[i], symbols[j] = symbols[j], symbols[i]
        adjust(i, 1)
        adjust(j, 1)
        if adjacent:
            counts[tile_code(symbols[i], symbols[j])] -= 1

    score = total()
    for attempt in range(attempts):
        if attempt % 256 == 255:
            pause.point()  # a perfect board takes up to seconds in the page: the host answers meanwhile
        if score == 0:
            return _rows_from({board.cells[i]: symbols[i] for i in range(n)})
        i, j = rng.below(n), rng.below(n)
        if symbols[i] == symbols[j]:
            continue
        swap(i, j)
        new_score = total()
        # Accept sideways moves sometimes so the search leaves plateaus.
        if new_score < score or (new_score == score and rng.below(4) == 0):
            score = new_score
        else:
            swap(i, j)
    return None


def _symmetries(rows):
    grid = [list(line) for line in rows]
    for _ in range(4):
        grid = [list(line) for line in zip(*grid[::-1])]  # rotate a quarter
        yield grid
        yield [line[::-1] for line in grid]


def canonical_form(rows):
    """The board up to rotation, reflection and renaming of symbols."""
    best = None
    for grid in _symmetries(rows):
        rename = {}
        out = []
        for line in grid:
            for ch in line:
                if ch != NO_FIELD:
                    if ch not in rename:
                        rename[ch] = SYMBOLS[len(rename)]
                    out.append(rename[ch])
        text = "".join(out)
        if best is None or text < best:
            best = text
    return best


def checked_board(kind, rows):
    """The Board of a setup's rows if they meet board kind ``kind``, else RecordError.

    original: the published board itself; random: every tile at least 2
    positions; perfect: exactly 3 each and not the original up to rotation,
    reflection or renaming; custom: only the shape and 8 of each symbol.
    """
    board = board_from_rows(rows)
    counts = board.position_counts().values()
    if kind == "original" and tuple(rows) != ORIGINAL_ROWS:
        raise RecordError("the board differs from the original board")
    if kind == "random" and min(counts) < 2:
        raise RecordError("the board does not meet the random board's rule (every tile 2 positions)")
    if kind == "perfect":
        if set(counts) != {3}:
            raise RecordError("a perfect board has exactly 3 positions for every tile")
        if canonical_form(rows) == canonical_form(ORIGINAL_ROWS):
            raise RecordError("a perfect board must not be the original board turned, mirrored or renamed")
    return board


def setup_board_rows(kind, rng, custom=None):
    """The rows a new game of board kind ``kind`` starts on."""
    if kind == "original":
        return list(ORIGINAL_ROWS)
    if kind == "random":
        return random_board_rows(rng)
    if kind == "perfect":
        return perfect_board_rows(rng)
    if custom is None:
        raise RecordError("a custom board needs its 11 rows")
    checked_board("custom", custom)
    return list(custom)
