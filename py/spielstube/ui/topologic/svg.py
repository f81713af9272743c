"""Topologic drawn as SVG markup: tiles with colour and dice pips, seekers.

Pure string building (no browser), so a whole board costs a few
milliseconds per render. The ten colours differ in lightness as well as in
hue, and each can carry a letter (the view's toggle) in the one slot of a
die face that pips never use, the top middle, so colour-blind players can
tell every tile apart.
"""

import math

CELL = 40  # board units per field

# colour index -> (fill, ink for pips and letter, outline). Chosen by search so
# that every pair stays at least 23 CIELAB units apart for normal vision and
# for simulated protanopia, deuteranopia and tritanopia (Machado 2009), while
# each colour keeps its everyday name; the letters settle what remains.
PALETTE = (
    ("#b22610", "#ffffff", "#7d1b0b"),  # 0 red
    ("#ee8639", "#2a1a0a", "#be5a10"),  # 1 orange
    ("#fadd36", "#2b2608", "#d0b205"),  # 2 yellow
    ("#297a6a", "#ffffff", "#1d554a"),  # 3 teal
    ("#64b5f7", "#0d2438", "#2a88d4"),  # 4 sky blue
    ("#1632b1", "#ffffff", "#0f237c"),  # 5 blue
    ("#86439c", "#ffffff", "#5e2f6d"),  # 6 violet
    ("#e996b9", "#3a1026", "#c05a86"),  # 7 pink
    ("#fcfbf7", "#22252b", "#b3ab9c"),  # 8 white
    ("#25262d", "#ffffff", "#000000"),  # 9 black
)

# Pip centres on a die face, as fractions of the field. The top middle is
# never used: the colour letter goes there.
_L, _M, _R = 0.27, 0.5, 0.73
PIP_LAYOUT = {
    1: ((_M, _M),),
    2: ((_R, _L), (_L, _R)),
    3: ((_R, _L), (_M, _M), (_L, _R)),
    4: ((_L, _L), (_R, _L), (_L, _R), (_R, _R)),
    5: ((_L, _L), (_R, _L), (_M, _M), (_L, _R), (_R, _R)),
    6: ((_L, _L), (_R, _L), (_L, _M), (_R, _M), (_L, _R), (_R, _R)),
}

# Where up to five seekers sit on one field, relative to its centre (units of a
# 40-unit field), and their radius: in the places a die face leaves free (the
# bottom middle, the corners), so the tile's pips stay readable under them.
TOKEN_LAYOUT = {
    1: (((0, 13),), 6.5),
    2: (((-15.5, 15.5), (15.5, 15.5)), 5),
    3: (((-15.5, 15.5), (0, 13.5), (15.5, 15.5)), 5),
    4: (((-15.5, -15.5), (15.5, -15.5), (-15.5, 15.5), (15.5, 15.5)), 5),
    5: (((-15.5, -15.5), (15.5, -15.5), (-15.5, 15.5), (0, 13.5), (15.5, 15.5)), 5),
}


# Markup made once: a redraw on MicroPython spent most of its time on the same tile
# faces, chips and fields again (ui/topologic/draw.py keys each by all it shows).
_MADE = {}
_MADE_MAX = 4000
_MADE_FROM = [None]  # the texts table the markup kept was made from


def texts_from(texts):
    """Forgets the markup kept when ``texts`` has another table than it was made from."""
    if _MADE_FROM[0] is not texts.table:
        _MADE.clear()
        _MADE_FROM[0] = texts.table


def once(key, make):
    """The markup kept under ``key``, made by ``make()`` the first time."""
    made = _MADE.get(key)
    if made is None:
        if len(_MADE) >= _MADE_MAX:
            _MADE.clear()
        made = _MADE[key] = make()
    return made


def _num(value):
    return f"{value:.1f}".rstrip("0").rstrip(".")


def tile_face(x, y, location, letter=None, size=CELL):
    """One tile's face with its top-left corner at (x, y): colour, pips, letter."""
    colour, pips = location
    fill, ink, edge = PALETTE[colour]
    inset = size * 0.04
    parts = [
        f'<rect class="face" x="{_num(x + inset)}" y="{_num(y + inset)}" '
        f'width="{_num(size - 2 * inset)}" height="{_num(size - 2 * inset)}" rx="{_num(size * 0.14)}" '
        f'fill="{fill}" stroke="{edge}"/>'
    ]
    r = size * 0.078
    parts.append(f'<g fill="{ink}">')
    for fx, fy in PIP_LAYOUT[pips]:
        parts.append(f'<circle cx="{_num(x + fx * size)}" cy="{_num(y + fy * size)}" r="{_num(r)}"/>')
    parts.append('</g>')
    if letter:
        parts.append(
            f'<text class="letter" x="{_num(x + size / 2)}" y="{_num(y + size * 0.3)}" '
            f'font-size="{_num(size * 0.25)}" fill="{ink}" text-anchor="middle">{letter}</text>')
    return "".join(parts)


def chip(location, letter=None, size=22, label=None):
    """A tile as a small standalone inline SVG (notebook rows, seeker buttons)."""
    aria = (f'role="img" aria-label="{label}"' if label else 'aria-hidden="true"')
    return (f'<svg class="topo-chip" viewBox="0 0 {CELL} {CELL}" width="{size}" height="{size}" '
            f'{aria} focusable="false">{tile_face(0, 0, location, letter)}</svg>')


def token(cx, cy, radius, number, classes="topo-token"):
    """A seeker: a disc with its number."""
    return (f'<g class="{classes}"><circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(radius)}"/>'
            f'<text x="{_num(cx)}" y="{_num(cy + radius * 0.38)}" font-size="{_num(radius * 1.12)}" '
            f'text-anchor="middle">{number}</text></g>')


def seeker_badge(number, classes="topo-token", size=26):
    """A seeker disc as a standalone inline SVG (for buttons and texts)."""
    return (f'<svg class="topo-badge" viewBox="0 0 24 24" width="{size}" height="{size}" '
            f'aria-hidden="true" focusable="false">{token(12, 12, 10.5, number, classes)}</svg>')


class Geometry:
    """Maps a field to board units; a wide board may be drawn turned (rows as columns)."""

    def __init__(self, rows, cols, transposed=False):
        self.rows, self.cols, self.transposed = rows, cols, transposed

    def origin(self, cell):
        r, c = cell
        return (r * CELL, c * CELL) if self.transposed else (c * CELL, r * CELL)

    def centre(self, cell):
        x, y = self.origin(cell)
        return x + CELL / 2, y + CELL / 2

    @property
    def size(self):
        width, height = self.cols * CELL, self.rows * CELL
        return (height, width) if self.transposed else (width, height)


FIELD_UNITS = CELL * 0.92  # a tile face's width in board units (what a finger taps)
# Fields the hints rule out are hatched (a texture), so they never look like the
# legal fields' ring (an outline): the two differ in kind, not only in shade.
HATCH = ('<defs><pattern id="topo-hatch" width="7" height="7" patternUnits="userSpaceOnUse" '
         'patternTransform="rotate(45)"><rect width="7" height="7" class="hatch-ground"/>'
         '<line x1="1" y1="0" x2="1" y2="7" class="hatch-line"/></pattern></defs>')


def letter_badge(geometry, cell, location, letter):
    """A field's colour letter on a small plate above the seekers standing there."""
    fill, ink, edge = PALETTE[location[0]]
    x, y = geometry.origin(cell)
    cx = x + CELL / 2
    return (f'<g class="topo-letter-over"><rect x="{_num(cx - 6.5)}" y="{_num(y + 2)}" width="13" height="11" '
            f'rx="3" fill="{fill}" stroke="{edge}"/><text x="{_num(cx)}" y="{_num(y + 11)}" font-size="10" '
            f'fill="{ink}" text-anchor="middle">{letter}</text></g>')


def board_svg(geometry, fields, overlays, label):
    """The board: ``fields`` are (cell, inner markup, attributes) per field;
    ``overlays`` is markup drawn above every field (seekers, trails) that
    never takes a click, so a tap on a seeker reaches its field."""
    width, height = geometry.size
    parts = []
    for cell, inner, attributes in fields:
        parts.append(f'<g {attributes} data-cell="{cell[0]},{cell[1]}">{inner}</g>')
    return (
        f'<svg class="board topo-board" viewBox="-3 -3 {width + 6} {height + 6}" role="group" '
        f'aria-label="{label}">{HATCH}{"".join(parts)}<g class="topo-overlay">{overlays}</g></svg>'
    )


def field_marks(x, y):
    """The outline a field shows when it is legal, selected or the secret."""
    return (f'<rect class="mark" x="{_num(x + 3)}" y="{_num(y + 3)}" width="{CELL - 6}" '
            f'height="{CELL - 6}" rx="5"/><rect class="mark-in" x="{_num(x + 5.6)}" y="{_num(y + 5.6)}" '
            f'width="{CELL - 11.2}" height="{CELL - 11.2}" rx="3"/>')


def shade(x, y):
    """A veil over a field the hints have ruled out (the notebook helper)."""
    return f'<rect class="veil" x="{_num(x + 1)}" y="{_num(y + 1)}" width="{CELL - 2}" height="{CELL - 2}" rx="5"/>'


def secret_mark(geometry, cell):
    """A gold ring with a star where the secret lies (shown only to who may see it)."""
    cx, cy = geometry.centre(cell)
    return (f'<g class="topo-secret"><rect x="{_num(cx - CELL / 2 + 0.5)}" y="{_num(cy - CELL / 2 + 0.5)}" '
            f'width="{CELL - 1}" height="{CELL - 1}" rx="7"/>'
            f'<path d="{_star_path(cx + CELL / 2 - 6, cy - CELL / 2 + 6, 6.5)}"/></g>')


def _star_path(cx, cy, r):
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        points.append(f"{_num(cx + radius * math.cos(angle))},{_num(cy - radius * math.sin(angle))}")
    return "M" + "L".join(points) + "Z"


def trail(geometry, start, end, classes="topo-trail"):
    """A line from where a seeker stood to where it moved."""
    x1, y1 = geometry.centre(start)
    x2, y2 = geometry.centre(end)
    return f'<line class="{classes}" x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}"/>'


def seekers_on_board(geometry, positions, classes_of):
    """Every seeker at its field; several on one field share it in a cluster.

    ``classes_of(i)`` gives the CSS classes of seeker i's token.
    """
    by_cell = {}
    for i, cell in enumerate(positions):
        if cell is not None:
            by_cell.setdefault(cell, []).append(i)
    parts = []
    for cell, seekers in by_cell.items():
        offsets, radius = TOKEN_LAYOUT[min(len(seekers), 5)]
        cx, cy = geometry.centre(cell)
        # the field the seekers stand on, framed: small tokens at its edge stay its own
        parts.append(f'<rect class="topo-occupied" x="{_num(cx - CELL / 2 + 1.5)}" y="{_num(cy - CELL / 2 + 1.5)}" '
                     f'width="{CELL - 3}" height="{CELL - 3}" rx="5"/>')
        for (dx, dy), i in zip(offsets, seekers):
            parts.append(token(cx + dx, cy + dy, radius, i + 1, classes_of(i)))
    return "".join(parts)
