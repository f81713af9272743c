"""Heptalion boards: canonical codes and the workshop's pure functions.

A board code names a symbol distribution up to rotation, reflection and
renaming of symbols: every board equal under those gets the same code, and
``rows_from_code`` rebuilds one of them (the canonical orientation, symbols
named in order of first appearance). The code is the rank of the canonical
56-field string among all strings with each symbol 8 times (a multinomial
rank, about 139 bits), written in base 36 with leading zeros to a fixed 28
digits, then two check characters: the sum of the digits weighted 1, 2, 3,
... modulo the prime 1291, in base 36. Every code has exactly 30 characters,
so a lost or an extra character is caught by the length, and any one wrong
character and any swap of two digits by the check; a typo gives a message,
not another board. Safe in a URL. Shorter codes without the check (26 or so
characters) are refused by their length.

The workshop functions take and return plain rows (11 strings), so a host can
call them for every edit and send the result to the page as JSON.
"""

from math import factorial

from ...core.errors import RecordError
from ...core.rng import Rng
from .board import (
    NO_FIELD, ORIGINAL_ROWS, SIZE, SYMBOLS, TILES, Board, validate_board_rows,
)
from .layouts import canonical_form

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
FIELDS = tuple((r, c) for r in range(SIZE) for c in range(SIZE) if ORIGINAL_ROWS[r][c] != NO_FIELD)
PER_SYMBOL = len(FIELDS) // len(SYMBOLS)  # 8


def _arrangements(counts):
    """How many strings use each symbol exactly counts[i] times."""
    total = factorial(sum(counts))
    for n in counts:
        total //= factorial(n)
    return total


CODE_SPACE = _arrangements([PER_SYMBOL] * len(SYMBOLS))
RANK_LENGTH = 1
while len(DIGITS) ** RANK_LENGTH < CODE_SPACE:
    RANK_LENGTH += 1
CHECK_MODULUS = 1291  # the largest prime below 36 ** 2, so the check fits in two characters
CODE_LENGTH = RANK_LENGTH + 2  # the rank's digits and two check characters
_ORIGINAL_FORM = canonical_form(ORIGINAL_ROWS)


def _rank(text):
    counts = [PER_SYMBOL] * len(SYMBOLS)
    rank = 0
    for ch in text:
        s = SYMBOLS.index(ch)
        for smaller in range(s):
            if counts[smaller]:
                counts[smaller] -= 1
                rank += _arrangements(counts)
                counts[smaller] += 1
        counts[s] -= 1
    return rank


def _unrank(rank):
    counts = [PER_SYMBOL] * len(SYMBOLS)
    out = []
    for _ in range(len(FIELDS)):
        for s in range(len(SYMBOLS)):
            if not counts[s]:
                continue
            counts[s] -= 1
            block = _arrangements(counts)
            if rank < block:
                out.append(SYMBOLS[s])
                break
            rank -= block
            counts[s] += 1
    return "".join(out)


def check_characters(digits):
    """The two check characters of a rank's digits: sum((i + 1) * digit_i) mod
    CHECK_MODULUS. A prime modulus above 35 and distinct weights below it make
    any one changed digit and any swap of two digits change the sum."""
    total = sum((i + 1) * DIGITS.index(ch) for i, ch in enumerate(digits)) % CHECK_MODULUS
    return DIGITS[total // len(DIGITS)] + DIGITS[total % len(DIGITS)]


def board_code(rows):
    """The canonical code of a board (RecordError if the rows are no Heptalion board)."""
    validate_board_rows(rows)
    rank = _rank(canonical_form(rows))
    digits = []
    while True:
        rank, d = divmod(rank, len(DIGITS))
        digits.append(DIGITS[d])
        if not rank:
            body = "".join(reversed(digits)).rjust(RANK_LENGTH, DIGITS[0])
            return body + check_characters(body)


def rows_from_code(code):
    """The board a code names, in canonical orientation; RecordError if it is no code
    (also when its check characters do not match: a typing error)."""
    if not is_board_code(code):
        raise RecordError(f"a board code has exactly {CODE_LENGTH} characters of 0-9 and a-z"
                          " (codes printed before 2026-12-01 were shorter: print them anew)")
    code = code.lower()
    body = code[:RANK_LENGTH]
    if check_characters(body) != code[RANK_LENGTH:]:
        raise RecordError(f"board code {code!r} is mistyped: its last two characters do not match the others")
    rank = 0
    for ch in body:
        rank = rank * len(DIGITS) + DIGITS.index(ch)
    if rank >= CODE_SPACE:
        raise RecordError("this board code names no board")
    text = _unrank(rank)
    grid = [[NO_FIELD] * SIZE for _ in range(SIZE)]
    for (r, c), ch in zip(FIELDS, text):
        grid[r][c] = ch
    return ["".join(line) for line in grid]


def is_board_code(text):
    return isinstance(text, str) and len(text) == CODE_LENGTH and all(
        ch in DIGITS for ch in text.lower())


# -- workshop ----------------------------------------------------------------

def swap_fields(rows, cell_a, cell_b):
    """The rows with the symbols of two fields exchanged (a new list)."""
    grid = [list(line) for line in rows]
    (ra, ca), (rb, cb) = cell_a, cell_b
    for r, c in ((ra, ca), (rb, cb)):
        if not (0 <= r < SIZE and 0 <= c < SIZE) or grid[r][c] == NO_FIELD:
            raise RecordError(f"[{r}, {c}] is not a board field")
    grid[ra][ca], grid[rb][cb] = grid[rb][cb], grid[ra][ca]
    return ["".join(line) for line in grid]


def symbol_counts(rows):
    """Fields per symbol letter."""
    counts = {sym: 0 for sym in SYMBOLS}
    for line in rows:
        for ch in line:
            if ch in counts:
                counts[ch] += 1
    return counts


def tile_positions(rows):
    """Per tile code, the positions on the empty board as [[r, c], [r, c]] pairs."""
    board = Board(rows)
    return {code: [[list(board.cells[a]), list(board.cells[b])] for _, a, b in board.positions[t]]
            for t, code in enumerate(TILES)}


def is_perfect(rows):
    """Every tile exactly 3 positions (8 of each symbol follows from the shape)."""
    return set(Board(rows).position_counts().values()) == {3}


def is_original(rows):
    """Equal to the published board up to rotation, reflection and renaming."""
    return canonical_form(rows) == _ORIGINAL_FORM


def workshop_report(rows):
    """Everything the workshop shows live, JSON-ready."""
    counts = symbol_counts(rows)
    positions = Board(rows).position_counts()
    valid = all(n == PER_SYMBOL for n in counts.values())
    return {
        "symbols": counts,
        "positions": positions,
        "off_tiles": sorted(code for code, n in positions.items() if n != 3),
        "perfect": valid and set(positions.values()) == {3},
        "original": is_original(rows),
        "code": board_code(rows) if valid else None,
    }


# -- perfect boards ------------------------------------------------------------

def find_perfect_boards(count, seed, deadline=None, attempts=None, clock=None):
    """Yields (code, rows) for up to ``count`` distinct perfect boards.

    Each try starts from a random distribution and repairs it by swaps
    (layouts.perfect_board_rows' local search). Stops early at
    ``deadline`` (read through ``clock``) or after ``attempts`` tries.
    """
    from .layouts import _repair, _rows_from

    rng = Rng(seed)
    seen = {_ORIGINAL_FORM}
    tries = 0
    found = 0
    while found < count:
        if attempts is not None and tries >= attempts:
            return
        if deadline is not None and clock() > deadline:
            return
        tries += 1
        symbols = [s for s in SYMBOLS for _ in range(PER_SYMBOL)]
        rng.shuffle(symbols)
        rows = _repair(_rows_from(dict(zip(FIELDS, symbols))), rng, lambda c: abs(c - 3),
                       attempts=60000)
        if rows is None:
            continue
        form = canonical_form(rows)
        if form in seen:
            continue
        seen.add(form)
        found += 1
        yield board_code(rows), rows
