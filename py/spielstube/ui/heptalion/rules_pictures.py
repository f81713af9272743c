"""The pictures on Heptalion's rules page, drawn by the game's own SVG code
(svg.py's symbols and dominoes, the board's field classes): a placement and
a player who is blocked. Pure markup; runs on MicroPython.

Each picture is a function of the texts (ui/common/rules_page.py captions it).
"""

from .svg import CELL, domino, symbol

COVERED = "#"


def _field(r, c, sym, classes=""):
    x, y = c * CELL, r * CELL
    inner = "" if sym == COVERED else symbol(sym, x + CELL / 2, y + CELL / 2)
    return (f'<g class="cell{" covered" if sym == COVERED else ""}{classes}">'
            f'<rect class="field" x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="5"/>'
            f'{inner}</g>')


def _fields(rows, marked=(), chosen=()):
    parts = []
    for r, row in enumerate(rows):
        for c, sym in enumerate(row):
            if sym == "-":
                continue
            classes = (" legal" if (r, c) in marked else "") + (" selected" if (r, c) in chosen else "")
            parts.append(_field(r, c, sym, classes))
    return parts


def _tile_over(cells, classes):
    (r1, c1), (r2, c2) = cells
    x, y = min(c1, c2) * CELL, min(r1, r2) * CELL
    w, h = (abs(c1 - c2) + 1) * CELL, (abs(r1 - r2) + 1) * CELL
    return f'<rect class="{classes}" x="{x + 3}" y="{y + 3}" width="{w - 6}" height="{h - 6}" rx="7"/>'


def _picture(width, height, parts):
    return (f'<svg class="board rules-board" viewBox="-4 -4 {width + 8} {height + 8}" '
            f'aria-hidden="true" focusable="false">{"".join(parts)}</svg>')


def placement(texts):
    """Clover / dot laid on two neighbouring fields showing clover and dot; a second place
    where it fits; a tile laid before, face down."""
    rows = ["XOCT", "SDCT", "##OX"]
    parts = _fields(rows, marked={(0, 2), (0, 3)}, chosen={(1, 2), (1, 3)})
    parts.append(_tile_over(((1, 2), (1, 3)), "pending seat-0"))
    parts.append(_tile_over(((2, 0), (2, 1)), "placed seat-1"))
    x = 4 * CELL + 24
    parts.append(f'<g transform="translate({x},{CELL})">{domino("CT", 2 * CELL)}</g>')
    parts.append(f'<path class="rules-arrow" d="M{x - 4},{CELL * 1.5}H{4 * CELL + 2}"/>')
    return _picture(x + 2 * CELL, 3 * CELL, parts)


def blocked(texts):
    """Free fields left only in pairs none of the hand's tiles matches: that player is out."""
    rows = ["XO##", "#SP#", "####"]
    parts = _fields(rows)
    parts.append(_tile_over(((0, 2), (0, 3)), "placed seat-1"))
    parts.append(_tile_over(((1, 0), (2, 0)), "placed seat-0"))
    parts.append(_tile_over(((1, 3), (2, 3)), "placed seat-1"))
    parts.append(_tile_over(((2, 1), (2, 2)), "placed seat-0"))
    x = 4 * CELL + 24
    for i, tile in enumerate(("CT", "DD", "TX")):
        parts.append(f'<g transform="translate({x},{i * (CELL - 4)})">{domino(tile, 2 * CELL - 8)}</g>')
        parts.append(f'<path class="rules-cross" d="M{x + 2 * CELL},{i * (CELL - 4) + 6}l14,14'
                     f'm0,-14l-14,14"/>')
    return _picture(x + 2 * CELL + 20, 3 * CELL, parts)


PICTURES = {"placement": placement, "blocked": blocked}
