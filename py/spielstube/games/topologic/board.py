"""Topologic boards: shapes, tile layout, board codes and queen geometry.

A board is 60 square fields, one per tile (colour 0..9, pips 1..6), forming
one orthogonally connected shape without holes. Everything random about a
board comes from one seed, so the short board code ``<shape>.<seed>`` (seed
in base 36, e.g. ``6x10.k3j9az`` or ``random.2bq81``) rebuilds it exactly on
every Python: the seed drives core.rng.Rng, never random.Random.
"""

from ...core.errors import RecordError
from ...core.rng import Rng

COLOURS = 10
PIPS = 6
TILE_COUNT = COLOURS * PIPS
# Every location (colour, pips) exactly once, in a fixed order the shuffle starts from.
LOCATIONS = tuple((colour, pips) for colour in range(COLOURS) for pips in range(1, PIPS + 1))

# shape id -> (rows, cols); "random" is drawn from the seed.
RECTANGLES = {"6x10": (6, 10), "5x12": (5, 12), "4x15": (4, 15)}
RANDOM_SHAPE = "random"
SHAPES = tuple(RECTANGLES) + (RANDOM_SHAPE,)
RANDOM_SHAPE_BOUND = 12  # a random shape fits in 12 x 12 fields
SEED_LIMIT = 36 ** 8  # board seeds have at most 8 base-36 digits
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"

ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
QUEEN_DIRECTIONS = ORTHOGONAL + ((-1, -1), (-1, 1), (1, -1), (1, 1))


def location_text(location):
    """``"3/5"`` for colour 3 with 5 pips: the notation records use."""
    return f"{location[0]}/{location[1]}"


def parse_location(value):
    """(colour, pips) from a record's ``[colour, pips]``; RecordError if malformed."""
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise RecordError(f"a location must be [colour, pips], got {value!r}")
    colour, pips = value
    if not (0 <= colour < COLOURS and 1 <= pips <= PIPS):
        raise RecordError(f"no tile has colour {colour} and {pips} pips")
    return (colour, pips)


class Board:
    """The fields, the tile on each, border fields and queen moves.

    Cells are ``(row, col)`` inside the bounding box ``rows x cols``;
    ``cells`` lists them in row-major order and ``index`` maps a cell to its
    position in that list (the AI works on these indices).
    """

    def __init__(self, code, shape, rows, cols, tiles):
        self.code = code
        self.shape = shape
        self.rows = rows
        self.cols = cols
        self.tiles = dict(tiles)  # cell -> (colour, pips)
        self.cells = tuple(sorted(self.tiles))
        self.cell_set = frozenset(self.cells)
        self.index = {cell: i for i, cell in enumerate(self.cells)}
        self.cell_of = {location: cell for cell, location in self.tiles.items()}
        self.border = frozenset(
            (r, c) for r, c in self.cells
            if any((r + dr, c + dc) not in self.cell_set for dr, dc in ORTHOGONAL)
        )
        self._queen = {cell: self._queen_walk(cell) for cell in self.cells}
        self._distance = None

    def _queen_walk(self, cell):
        # Slide in each direction until the next field is missing: gaps block.
        found = []
        for dr, dc in QUEEN_DIRECTIONS:
            r, c = cell[0] + dr, cell[1] + dc
            while (r, c) in self.cell_set:
                found.append((r, c))
                r, c = r + dr, c + dc
        return tuple(sorted(found))

    def tile_at(self, cell):
        return self.tiles[cell]

    def queen_destinations(self, cell):
        """Every field one queen move from ``cell`` reaches (not ``cell`` itself)."""
        return self._queen[cell]

    def queen_distance(self, a, b):
        """The fewest queen moves from ``a`` to ``b`` (0 when equal)."""
        if self._distance is None:
            self._distance = self._all_distances()
        return self._distance[self.index[a]][self.index[b]]

    def distance_table(self):
        """Queen distances by cell index: ``table[i][j]``."""
        if self._distance is None:
            self._distance = self._all_distances()
        return self._distance

    def _all_distances(self):
        table = []
        for start in self.cells:
            dist = {start: 0}
            frontier = [start]
            while frontier:
                nxt = []
                for cell in frontier:
                    for dest in self._queen[cell]:
                        if dest not in dist:
                            dist[dest] = dist[cell] + 1
                            nxt.append(dest)
                frontier = nxt
            table.append(tuple(dist[cell] for cell in self.cells))
        return tuple(table)

    def tiles_json(self):
        """Rows of ``"colour/pips"`` strings, ``None`` where there is no field."""
        return [
            [location_text(self.tiles[(r, c)]) if (r, c) in self.tiles else None
             for c in range(self.cols)]
            for r in range(self.rows)
        ]

    def __repr__(self):
        return f"Board({self.code!r})"


def encode_board_code(shape, seed):
    if shape not in SHAPES:
        raise ValueError(f"unknown shape {shape!r}")
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError("board seed out of range")
    digits = ""
    while True:
        seed, digit = divmod(seed, 36)
        digits = _DIGITS[digit] + digits
        if seed == 0:
            return f"{shape}.{digits}"


def decode_board_code(code):
    """(shape, seed) from a board code; RecordError if it is not one."""
    if not isinstance(code, str) or len(code) > 32:
        raise RecordError(f"not a board code: {code!r}")
    shape, dot, digits = code.strip().lower().partition(".")
    if not dot or shape not in SHAPES or not digits or len(digits) > 8 \
            or any(ch not in _DIGITS for ch in digits):
        raise RecordError(
            f"not a board code: {code!r} (expected <shape>.<seed>, shape one of {', '.join(SHAPES)})")
    return shape, int(digits, 36)


def build_board(code):
    """The board a code stands for; RecordError on a malformed code."""
    shape, seed = decode_board_code(code)
    rng = Rng(seed)
    if shape == RANDOM_SHAPE:
        cells = random_shape(rng)
    else:
        rows, cols = RECTANGLES[shape]
        cells = [(r, c) for r in range(rows) for c in range(cols)]
    locations = rng.shuffle(list(LOCATIONS))
    tiles = dict(zip(sorted(cells), locations))
    rows = 1 + max(r for r, _ in cells)
    cols = 1 + max(c for _, c in cells)
    return Board(encode_board_code(shape, seed), shape, rows, cols, tiles)


def random_board_code(shape, rng):
    return encode_board_code(shape, rng.below(SEED_LIMIT))


def random_shape(rng, size=TILE_COUNT, bound=RANDOM_SHAPE_BOUND):
    """A connected, hole-free set of ``size`` cells within ``bound x bound``.

    Grows from the middle one random frontier cell at a time (frontier cells
    sorted first, so the draw is the same on every Python), refusing a cell
    that would enclose a hole. Shifted so the top row and left column are used.
    """
    middle = bound // 2
    shape = {(middle, middle)}
    while len(shape) < size:
        frontier = sorted({
            (r + dr, c + dc)
            for r, c in shape for dr, dc in ORTHOGONAL
            if 0 <= r + dr < bound and 0 <= c + dc < bound and (r + dr, c + dc) not in shape
        })
        while True:
            cell = frontier.pop(rng.below(len(frontier)))
            if not _encloses_hole(shape, cell, bound):
                shape.add(cell)
                break
            # A frontier cell closing a hole is skipped; a fresh one is drawn.
    top = min(r for r, _ in shape)
    left = min(c for _, c in shape)
    return sorted((r - top, c - left) for r, c in shape)


def _encloses_hole(shape, cell, bound):
    """Whether adding ``cell`` leaves empty cells cut off from the outside."""
    taken = shape | {cell}
    # Flood the empty cells of the box padded by one ring, from a corner.
    start = (-1, -1)
    seen = {start}
    stack = [start]
    while stack:
        r, c = stack.pop()
        for dr, dc in ORTHOGONAL:
            nxt = (r + dr, c + dc)
            if (-1 <= nxt[0] <= bound and -1 <= nxt[1] <= bound
                    and nxt not in seen and nxt not in taken):
                seen.add(nxt)
                stack.append(nxt)
    return len(seen) + len(taken) != (bound + 2) ** 2
