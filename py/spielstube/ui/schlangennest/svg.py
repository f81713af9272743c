"""Schlangennest drawn as SVG markup: cards, open ends, fields, the nest.

Pure string building (no browser), cheap enough for every render: each card
kind is drawn once in its base picture (rotation 0, see games/schlangennest/
cards.py) and placed with a transform; colours come from CSS classes, so a
card's markup only names whose each part is.

A field is CELL board units; field (x, y) covers x*CELL .. (x+1)*CELL, so
negative coordinates simply lie left of or above the first card.

Classes used (styled in static/app.css, block "Schlangennest"):
part own s<k>: a player's own-colour part; part grey: a grey part joined to
no snake; part grey s<k>: a grey part that belongs to snake k (drawn in k's
tint). Inside a part: o/f are the outline and fill strokes of a body, os/fs
the outline and fill of a shape (tail tip, head), halo/halo-s the gap a
part on top (a bridge) leaves over the part beneath it.
"""

import math

CELL = 60
HALF = CELL / 2
BODY = 15          # width of a snake body
OUTLINE = 20       # body plus its dark edge
HALO = 27          # a bridge's gap over the part beneath

# -- the base pictures -------------------------------------------------------------


def _bezier(p0, p1, p2, p3, t):
    u = 1 - t
    a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return (a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
            a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1])


def _taper(points, start_half, pad=0.0, steps=16):
    """A closed outline around a cubic centre line whose width narrows to a point."""
    centre = [_bezier(*points, i / steps) for i in range(steps + 1)]
    left, right = [], []
    for i, (x, y) in enumerate(centre):
        a = centre[max(i - 1, 0)]
        b = centre[min(i + 1, steps)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        norm = math.sqrt(dx * dx + dy * dy) or 1.0  # no math.hypot on MicroPython
        nx, ny = -dy / norm, dx / norm
        frac = i / steps
        # full width for the first third, then a smooth narrowing to the tip
        width = start_half if frac < 0.3 else start_half * (1 - ((frac - 0.3) / 0.7) ** 1.4)
        half = width + pad
        left.append((x + nx * half, y + ny * half))
        right.append((x - nx * half, y - ny * half))
    tip = centre[-1]
    d = centre[-1][0] - centre[-2][0], centre[-1][1] - centre[-2][1]
    norm = math.sqrt(d[0] * d[0] + d[1] * d[1]) or 1.0
    tip = (tip[0] + d[0] / norm * pad * 1.6, tip[1] + d[1] / norm * pad * 1.6)
    pts = left + [tip] + right[::-1]
    if pad:  # the outline must not stick out beyond the card edge it starts at
        pts = [(x, max(y, 0.0)) for x, y in pts]
    return "M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in pts) + "Z"


# Tail leaving the north edge; it lies over the card's grey straight and
# ends in a point left of the middle.
_TAIL_LINE = ((30, 0), (30, 12), (17, 20), (16, 45))
_TAIL_FILL = _taper(_TAIL_LINE, BODY / 2)
_TAIL_EDGE = _taper(_TAIL_LINE, BODY / 2, pad=(OUTLINE - BODY) / 2)
_TAIL_HALO = _taper(_TAIL_LINE, BODY / 2, pad=(HALO - BODY) / 2)

# Head leaving the south edge: a neck over the grey straight and a head with
# eyes right of the middle, looking north.
_NECK = "M30,60C30,48 44,46 44,32"
_HEAD_CX, _HEAD_CY, _HEAD_RX, _HEAD_RY = 44, 22, 9, 10.5


def _body(d, extra=""):
    return (f'<path class="o" d="{d}" stroke-width="{OUTLINE}"{extra}/>'
            f'<path class="f" d="{d}" stroke-width="{BODY}"{extra}/>')


def _bridge(d):
    """A body that passes over whatever lies beneath it on the card."""
    return f'<path class="halo" d="{d}" stroke-width="{HALO}"/>' + _body(d)


def _tail_shape():
    return (f'<path class="halo-s" d="{_TAIL_HALO}"/>'
            f'<path class="os" d="{_TAIL_EDGE}"/><path class="fs" d="{_TAIL_FILL}"/>')


def _head_shape():
    pad = (OUTLINE - BODY) / 2
    cx, cy = _HEAD_CX, _HEAD_CY
    eyes = "".join(
        f'<circle class="eye" cx="{cx + dx}" cy="{cy - 3}" r="2.6"/>'
        f'<circle class="pupil" cx="{cx + dx}" cy="{cy - 3.4}" r="1.3"/>'
        for dx in (-4, 4))
    halo = (HALO - BODY) / 2
    return (f'<path class="halo" d="{_NECK}" stroke-width="{HALO}"/>'
            f'<ellipse class="halo-s" cx="{cx}" cy="{cy}" rx="{_HEAD_RX + halo}" ry="{_HEAD_RY + halo}"/>'
            f'<path class="o" d="{_NECK}" stroke-width="{OUTLINE}"/>'
            f'<ellipse class="os" cx="{cx}" cy="{cy}" rx="{_HEAD_RX + pad}" ry="{_HEAD_RY + pad}"/>'
            f'<path class="f" d="{_NECK}" stroke-width="{BODY}"/>'
            f'<ellipse class="fs" cx="{cx}" cy="{cy}" rx="{_HEAD_RX}" ry="{_HEAD_RY}"/>{eyes}')


def _turned(markup):
    return f'<g transform="rotate(180 {HALF} {HALF})">{markup}</g>'


_NS = f"M{HALF},0V{CELL}"
_EW = f"M0,{HALF}H{CELL}"
_ARC_NE = f"M{HALF},0A{HALF},{HALF} 0 0 0 {CELL},{HALF}"
_ARC_SW = f"M{HALF},{CELL}A{HALF},{HALF} 0 0 0 0,{HALF}"

# Per kind: the markup of each part in the engine's part order (cards.py),
# and the order they are painted in (later ones lie on top).
PART_PICTURES = {
    "straight": ((_body(_NS), _bridge(_EW)), (0, 1)),
    "curve": ((_body(_ARC_NE), _body(_ARC_SW)), (0, 1)),
    "tail": ((_tail_shape(), _head_shape(), _body(_EW)), (2, 0, 1)),
    "head": ((_turned(_head_shape()), _turned(_tail_shape()), _body(_EW)), (2, 0, 1)),
}
# Which part of a kind is the player's own colour (the others are grey).
OWN_PART = 0


def part_class(own_colour, owner):
    """Classes of one part: own colour, grey joined to a snake, or free grey."""
    if own_colour is not None:
        return f"part own s{own_colour}"
    if owner is not None:
        return f"part grey s{owner}"
    return "part grey"


def card(kind, colour, rot, owners, x, y, extra_class="", attrs=""):
    """A card on field (x, y): ``owners`` per part is the snake colour or None."""
    pictures, order = PART_PICTURES[kind]
    parts = []
    for i in order:
        own = colour if i == OWN_PART else None
        parts.append(f'<g class="{part_class(own, owners[i] if owners else None)}">{pictures[i]}</g>')
    turn = f' transform="rotate({rot * 90} {HALF} {HALF})"' if rot % 4 else ""
    return (f'<g class="sn-card {kind}{extra_class}" transform="translate({x * CELL},{y * CELL})"{attrs}>'
            f'<g class="card-in"><rect class="card-face" x="1" y="1" width="{CELL - 2}" height="{CELL - 2}" rx="5"/>'
            f'<g{turn}>{"".join(parts)}</g></g></g>')


def card_icon(kind, colour, size=44, owners=None):
    """One card at rotation 0 as a standalone inline SVG (hand buttons)."""
    owners = owners or [colour] + [None] * (len(PART_PICTURES[kind][0]) - 1)
    return (f'<svg class="sn-svg card-icon" viewBox="-2 -2 {CELL + 4} {CELL + 4}" width="{size}" '
            f'height="{size}" aria-hidden="true" focusable="false">'
            f'{card(kind, colour, 0, owners, 0, 0)}</svg>')


# Tiny glyphs of the own part only, for hand counts in the player panels.
_MINI = {
    "straight": '<path class="mini-line" d="M12,1V23"/>',
    "curve": '<path class="mini-line" d="M6,1A11,11 0 0 0 23,15"/>',
    "tail": '<path class="mini-shape" d="M7,1H17L12,23Z"/>',
    "head": '<path class="mini-line" d="M12,23V13"/><ellipse class="mini-shape" cx="12" cy="9" rx="6" ry="7"/>',
}


def mini_icon(kind):
    return (f'<svg class="mini-icon" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" '
            f'focusable="false">{_MINI[kind]}</svg>')


# -- the board's other layers --------------------------------------------------------

_DX = (0, 1, 0, -1)
_DY = (-1, 0, 1, 0)


def open_end(cell, edge, seat, current=False):
    """A small arrow just outside an open end: the snake may grow this way."""
    x, y = cell
    ex = x * CELL + HALF + _DX[edge] * HALF
    ey = y * CELL + HALF + _DY[edge] * HALF
    # an arrow pointing away from the card, drawn in the north orientation, then turned
    return (f'<path class="open-end s{seat}{" mine" if current else ""}" '
            f'transform="translate({ex},{ey}) rotate({edge * 90})" d="M-8,-4L0,-13L8,-4Z"/>')


def field(cell, classes, attrs="", inner=""):
    """An empty field that can be tapped (candidate, legal, or selected)."""
    x, y = cell
    return (f'<g class="{classes}" data-cell="{x},{y}" {attrs}>'
            f'<rect class="hit" x="{x * CELL + 3}" y="{y * CELL + 3}" width="{CELL - 6}" '
            f'height="{CELL - 6}" rx="7"/>{inner}</g>')


def highlight(cell, classes):
    """A frame over a card (the last move, a curve that can turn, the preview)."""
    x, y = cell
    return (f'<rect class="{classes}" x="{x * CELL + 2}" y="{y * CELL + 2}" width="{CELL - 4}" '
            f'height="{CELL - 4}" rx="6"/>')


def nest(extent, fixed_x, fixed_y):
    """The nest: a tinted rectangle of the reachable extent; each side solid
    once its axis is fixed, dashed while it may still move."""
    (x0, x1), (y0, y1) = extent
    left, right = x0 * CELL, (x1 + 1) * CELL
    top, bottom = y0 * CELL, (y1 + 1) * CELL
    fill_class = "nest-fill fixed" if fixed_x and fixed_y else "nest-fill"
    sx = "nest-side fixed" if fixed_x else "nest-side"
    sy = "nest-side fixed" if fixed_y else "nest-side"
    return (f'<rect class="{fill_class}" x="{left}" y="{top}" width="{right - left}" height="{bottom - top}"/>'
            f'<path class="{sx}" d="M{left},{top}V{bottom}M{right},{top}V{bottom}"/>'
            f'<path class="{sy}" d="M{left},{top}H{right}M{left},{bottom}H{right}"/>')


def view_box(bounds):
    """viewBox of the field bounds (x0, x1, y0, y1), with a little air around."""
    x0, x1, y0, y1 = bounds
    pad = 6
    return (f"{x0 * CELL - pad} {y0 * CELL - pad} {(x1 - x0 + 1) * CELL + 2 * pad} "
            f"{(y1 - y0 + 1) * CELL + 2 * pad}")


def grid(bounds):
    """Faint field lines over the whole view, so distances read at a glance."""
    x0, x1, y0, y1 = bounds
    x0, x1, y0, y1 = x0 - 1, x1 + 1, y0 - 1, y1 + 1
    lines = [f"M{x * CELL},{y0 * CELL}V{(y1 + 1) * CELL}" for x in range(x0, x1 + 2)]
    lines += [f"M{x0 * CELL},{y * CELL}H{(x1 + 1) * CELL}" for y in range(y0, y1 + 2)]
    return f'<path class="grid" d="{"".join(lines)}"/>'
