"""Heptalion's board and tiles: the symbols, the 28 tiles, a board of 56
fields on an 11 x 11 grid (the original one from data/), placements and the
hand bitmasks the search copies cheaply."""

import os
from typing import NamedTuple

from ...core.errors import RecordError

SYMBOLS = "CDOPSTX"  # clover, diamond, circle, plus, square, dot, cross
SYMBOL_NAMES = {
    "C": "clover", "D": "diamond", "O": "circle", "P": "plus",
    "S": "square", "T": "dot", "X": "cross",
}
SIZE = 11
NO_FIELD = "-"
HAND_SIZES = {2: 14, 3: 9, 4: 7}
BOARD_KINDS = ("original", "random", "perfect", "custom")

# The 28 tiles: unordered symbol pairs, letters in alphabetical order.
TILES = tuple(a + b for i, a in enumerate(SYMBOLS) for b in SYMBOLS[i:])
TILE_INDEX = {code: i for i, code in enumerate(TILES)}
ALL_TILES_MASK = (1 << len(TILES)) - 1


def tile_code(a, b):
    return a + b if a <= b else b + a


def _load_original():
    path = os.path.join(os.path.dirname(__file__), "data", "heptalion-original-board.txt")
    with open(path, encoding="utf-8") as handle:
        rows = [line.strip() for line in handle if line.strip() and not line.startswith("#")]
    return tuple(rows)


ORIGINAL_ROWS = _load_original()


class Board:
    """Fields, adjacency and the matching positions of every tile."""

    def __init__(self, rows):
        self.rows = tuple(rows)
        self.cells = []  # index -> (row, col)
        self.symbols = []  # index -> symbol letter
        self.index = {}
        for r, line in enumerate(self.rows):
            for c, ch in enumerate(line):
                if ch != NO_FIELD:
                    self.index[(r, c)] = len(self.cells)
                    self.cells.append((r, c))
                    self.symbols.append(ch)
        self.pairs = []  # (a, b) with a < b, edge-adjacent fields
        for (r, c), a in self.index.items():
            for dr, dc in ((0, 1), (1, 0)):
                b = self.index.get((r + dr, c + dc))
                if b is not None:
                    self.pairs.append((a, b))
        # tile index -> tuple of (mask, a, b)
        positions = [[] for _ in TILES]
        for a, b in self.pairs:
            t = TILE_INDEX[tile_code(self.symbols[a], self.symbols[b])]
            positions[t].append(((1 << a) | (1 << b), a, b))
        self.positions = tuple(tuple(p) for p in positions)
        self.full_mask = (1 << len(self.cells)) - 1

    def symbol_at(self, cell):
        return self.symbols[self.index[cell]]

    def position_counts(self):
        return {code: len(self.positions[i]) for i, code in enumerate(TILES)}


def validate_board_rows(rows, min_positions=0):
    """A Board from 11 strings; RecordError if the shape or counts are wrong."""
    if not isinstance(rows, (list, tuple)) or len(rows) != SIZE:
        raise RecordError(f"the board must be {SIZE} strings of {SIZE} characters")
    for line in rows:
        if not isinstance(line, str) or len(line) != SIZE:
            raise RecordError(f"the board must be {SIZE} strings of {SIZE} characters")
        if any(ch != NO_FIELD and ch not in SYMBOLS for ch in line):
            raise RecordError(f"board row {line!r} has a letter outside {SYMBOLS} and '-'")
    for r in range(SIZE):
        for c in range(SIZE):
            if (rows[r][c] == NO_FIELD) != (ORIGINAL_ROWS[r][c] == NO_FIELD):
                raise RecordError("the board does not have Heptalion's shape")
    board = Board(rows)
    for sym in SYMBOLS:
        if board.symbols.count(sym) != 8:
            raise RecordError(f"symbol {sym} must stand on exactly 8 fields")
    for code, count in board.position_counts().items():
        if count < min_positions:
            raise RecordError(f"tile {code} has only {count} positions on this board")
    return board


_BOARD_CACHE = {}


def board_from_rows(rows):
    if not isinstance(rows, (list, tuple)) or not all(isinstance(line, str) for line in rows):
        raise RecordError(f"the board must be {SIZE} strings of {SIZE} characters")
    key = tuple(rows)
    board = _BOARD_CACHE.get(key)
    if board is None:
        board = validate_board_rows(list(key))
        if len(_BOARD_CACHE) > 64:
            _BOARD_CACHE.clear()
        _BOARD_CACHE[key] = board
    return board


ORIGINAL_BOARD = board_from_rows(ORIGINAL_ROWS)


class Placement(NamedTuple):
    """A tile laid on two fields; cells in canonical (sorted) order."""

    tile: str
    cells: tuple  # ((r, c), (r, c))

    @staticmethod
    def make(tile, cell_a, cell_b):
        a, b = tuple(cell_a), tuple(cell_b)
        return Placement(tile, (a, b) if a <= b else (b, a))


def _cells_json(cells):
    """Cells as JSON lists for an error's params, whatever a caller passed."""
    try:
        return [[int(v) for v in cell] for cell in cells]
    except (TypeError, ValueError):
        return repr(cells)


def _mask_of(hand):
    mask = 0
    for code in hand:
        mask |= 1 << TILE_INDEX[code]
    return mask


def tiles_of(mask):
    return [code for i, code in enumerate(TILES) if mask >> i & 1]
