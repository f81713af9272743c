"""The pictures on Topologic's rules page, drawn by the game's own SVG code
(svg.py's tile faces, seekers, trails and the secret's mark): a hint worked
out on a small board, and a seeker's queen move that stops at a gap.
Pure markup; runs on MicroPython.
"""

from .svg import CELL, TOKEN_LAYOUT, Geometry, field_marks, secret_mark, tile_face, token, trail

# A small board: (colour, pips) per field (colours as svg.PALETTE numbers them), None a gap.
HINT_BOARD = (((2, 4), (0, 4), (5, 2), (3, 1)),
              ((2, 6), (7, 3), (0, 1), (4, 5)),
              ((9, 2), (6, 5), (1, 3), (8, 2)))
SECRET = (0, 0)  # yellow/4
SEEKERS = ((0, 0), (0, 1), (0, 2))  # on the secret, on red/4 (its pips), on blue/2 (neither)


def score(location, secret):
    """A seeker's part of the hint: 2 on the secret, 1 for its colour or pips, else 0."""
    if location == secret:
        return 2
    return 1 if location[0] == secret[0] or location[1] == secret[1] else 0


def _svg(width, height, parts, top=0):
    return (f'<svg class="topo-board rules-board" viewBox="-4 {top - 4} {width + 8} {height - top + 8}" '
            f'aria-hidden="true" focusable="false">{"".join(parts)}</svg>')


def hint(texts):
    """Three seekers score 2, 1 and 0 against the secret yellow/4; only the sum, 3, is told."""
    geometry = Geometry(len(HINT_BOARD), len(HINT_BOARD[0]))
    parts = []
    for r, row in enumerate(HINT_BOARD):
        for c, location in enumerate(row):
            x, y = geometry.origin((r, c))
            parts.append(f'<g class="cell">{tile_face(x, y, location)}</g>')
    parts.append(secret_mark(geometry, SECRET))
    secret = HINT_BOARD[SECRET[0]][SECRET[1]]
    total = 0
    offsets, radius = TOKEN_LAYOUT[1]
    for number, cell in enumerate(SEEKERS, 1):
        cx, cy = geometry.centre(cell)
        parts.append(token(cx + offsets[0][0], cy + offsets[0][1], radius, number))
        points = score(HINT_BOARD[cell[0]][cell[1]], secret)
        total += points
        parts.append(f'<text class="rules-score" x="{cx}" y="-8" text-anchor="middle">+{points}</text>')
    width = geometry.size[0]
    parts.append(f'<text class="rules-score total" x="{width + 10}" y="-8">= {total}</text>')
    return _svg(width + 50, geometry.size[1], parts, top=-26)


QUEEN_ROWS, QUEEN_COLS = 5, 6
GAPS = ((1, 3), (3, 1))
START = (2, 2)
DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def _location(r, c):
    """Distinct places for the picture's fields."""
    k = r * QUEEN_COLS + c
    return (k % 10, k // 10 + 1)


def queen_moves(start=START):
    """The fields a seeker at ``start`` reaches in one queen move: straight or diagonal,
    any distance, never across a gap or off the board. -> {direction: [fields in order]}."""
    out = {}
    for dr, dc in DIRECTIONS:
        r, c = start
        line = []
        while True:
            r, c = r + dr, c + dc
            if not (0 <= r < QUEEN_ROWS and 0 <= c < QUEEN_COLS) or (r, c) in GAPS:
                break
            line.append((r, c))
        out[(dr, dc)] = line
    return out


def queen(texts):
    """Seeker 1's queen moves: every marked field, in eight directions; a gap stops it."""
    geometry = Geometry(QUEEN_ROWS, QUEEN_COLS)
    moves = queen_moves()
    reach = set(cell for line in moves.values() for cell in line)
    parts = []
    for r in range(QUEEN_ROWS):
        for c in range(QUEEN_COLS):
            x, y = geometry.origin((r, c))
            if (r, c) in GAPS:
                parts.append(f'<rect class="rules-gap" x="{x + 2}" y="{y + 2}" width="{CELL - 4}" '
                             f'height="{CELL - 4}" rx="5"/>')
                continue
            inner = tile_face(x, y, _location(r, c))
            if (r, c) in reach:
                inner += field_marks(x, y)
            parts.append(f'<g class="cell{" legal" if (r, c) in reach else ""}">{inner}</g>')
    for line in moves.values():
        if line:
            parts.append(trail(geometry, START, line[-1], "topo-trail pending"))
    cx, cy = geometry.centre(START)
    offsets, radius = TOKEN_LAYOUT[1]
    parts.append(token(cx + offsets[0][0], cy + offsets[0][1], radius, 1, "topo-token selected"))
    width, height = geometry.size
    return _svg(width, height, parts)


PICTURES = {"hint": hint, "queen": queen}
