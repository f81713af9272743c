"""The pictures on Schlangennest's rules page, drawn by the game's own SVG code
(svg.py's cards, open ends, grid and nest): the four cards, the laydown of a
first snake and a rival's first card, the special case, the nest's border
forming, and a snake closed by head and tail. Pure markup; runs on MicroPython.

Cards are (kind, colour, rotation, field); their grey parts are drawn free
(joined to no snake) unless a picture names the snake one belongs to.
Rotations as svg.py turns the base pictures: a quarter turn clockwise each.
"""

from . import svg

CELL = svg.CELL
N, E, S, W = 0, 1, 2, 3


def _owners(kind, colour):
    return [colour] + [None] * (len(svg.PART_PICTURES[kind][0]) - 1)


def _board(bounds, parts, nest=None):
    x0, x1, y0, y1 = bounds
    layers = [svg.grid(bounds)] + ([nest] if nest else []) + parts
    return (f'<svg class="sn-svg sn-board rules-board" viewBox="{svg.view_box(bounds)}" '
            f'aria-hidden="true" focusable="false">{"".join(layers)}</svg>')


def _cards(cards):
    return [svg.card(kind, colour, rot, _owners(kind, colour), x, y) for kind, colour, rot, (x, y) in cards]


def _ends(ends):
    return [svg.open_end(cell, edge, colour) for colour, cell, edge in ends]


def _label(x, y, text):
    return f'<text class="rules-label" x="{x}" y="{y}" text-anchor="middle">{text}</text>'


def cards(texts):
    """One colour's four kinds: straight, curve, tail, head (own part coloured, the rest grey)."""
    parts = []
    for i, kind in enumerate(("straight", "curve", "tail", "head")):
        x = i * 1.4 * CELL
        parts.append(f'<g transform="translate({x},0)">' + svg.card(kind, 0, 0, _owners(kind, 0), 0, 0) + '</g>')
        parts.append(_label(x + CELL / 2, CELL + 20, texts.t("snake_kind_" + kind)))
    width = 4 * CELL + 3 * 0.4 * CELL
    return (f'<svg class="sn-svg rules-board" viewBox="-6 -6 {width + 12} {CELL + 38}" '
            f'aria-hidden="true" focusable="false">{"".join(parts)}</svg>')


# Blue's first snake, laid from its tail upwards and round a curve; Red's first card
# touches it only at a corner. The arrows are the snakes' open ends.
LAYDOWN = (("tail", 0, 0, (1, 2)), ("straight", 0, 0, (1, 1)), ("curve", 0, 1, (1, 0)),
           ("straight", 1, 1, (2, 3)))


def laydown(texts):
    parts = _cards(LAYDOWN) + _ends(((0, (1, 0), E), (1, (2, 3), W), (1, (2, 3), E)))
    return _board((0, 3, 0, 3), parts)


# Two snakes, each pointing into the marked field with both of its ends.
SPECIAL = (("curve", 0, 1, (1, 0)), ("curve", 0, 2, (2, 0)), ("curve", 0, 3, (2, 1)),
           ("curve", 1, 3, (1, 2)), ("curve", 1, 0, (0, 2)), ("curve", 1, 1, (0, 1)))


def special_case(texts):
    parts = _cards(SPECIAL) + _ends(((0, (1, 0), S), (0, (2, 1), W), (1, (1, 2), N), (1, (0, 1), E)))
    parts.append(svg.highlight((1, 1), "highlight-frame"))
    return _board((0, 2, 0, 2), parts)


# A row of seven straights spans the nest's long side (5 x 7): that border is fixed
# (solid); the other way it may still lie anywhere within the dashed lines. The tail lies
# outside, as heads and tails may; the snake's other end points out of the nest.
NEST_ROW = (("tail", 0, 1, (-1, 0)),) + tuple(("straight", 0, 1, (x, 0)) for x in range(7))


def nest(texts):
    parts = _cards(NEST_ROW) + _ends(((0, (6, 0), E),))
    return _board((-1, 7, -4, 4), parts, svg.nest(((0, 6), (-4, 4)), True, False))


# A finished snake: its tail at one end, its head at the other.
CLOSED = (("tail", 0, 1, (0, 0)), ("straight", 0, 1, (1, 0)), ("curve", 0, 2, (2, 0)),
          ("head", 0, 0, (2, 1)))


def head_and_tail(texts):
    return _board((0, 2, 0, 1), _cards(CLOSED))


PICTURES = {"cards": cards, "laydown": laydown, "special-case": special_case, "nest": nest,
            "head-and-tail": head_and_tail}
