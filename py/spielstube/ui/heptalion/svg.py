"""Heptalion drawn as SVG markup: the seven symbols, fields, dominoes.

Pure string building (no browser), so it is cheap to call on every render.
Symbols differ in shape first and colour second, so they stay apart for
colour-blind players and on small screens.
"""

CELL = 40  # board units per field

SYMBOL_COLOURS = {
    "X": "#c0392b",  # cross: red
    "O": "#1f6fb2",  # circle: blue
    "D": "#7d3c98",  # diamond: purple
    "S": "#1e8449",  # square: green
    "T": "#222222",  # dot: black
    "C": "#ca6f1e",  # clover: orange
    "P": "#9a7d0a",  # plus: ochre
}


def symbol(sym, cx, cy, size=CELL):
    """One symbol centred on (cx, cy), scaled to a field of ``size``."""
    k = size / CELL
    colour = SYMBOL_COLOURS[sym]
    if sym == "X":
        d = 9 * k
        w = 4.2 * k
        return (f'<path d="M{cx - d:.1f},{cy - d:.1f}L{cx + d:.1f},{cy + d:.1f}'
                f'M{cx + d:.1f},{cy - d:.1f}L{cx - d:.1f},{cy + d:.1f}" stroke="{colour}" '
                f'stroke-width="{w:.1f}" stroke-linecap="round" fill="none"/>')
    if sym == "O":
        return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{10 * k:.1f}" fill="none" '
                f'stroke="{colour}" stroke-width="{3.6 * k:.1f}"/>')
    if sym == "D":
        d = 12 * k
        return (f'<path d="M{cx:.1f},{cy - d:.1f}L{cx + d * 0.8:.1f},{cy:.1f}L{cx:.1f},{cy + d:.1f}'
                f'L{cx - d * 0.8:.1f},{cy:.1f}Z" fill="{colour}"/>')
    if sym == "S":
        d = 9 * k
        return (f'<rect x="{cx - d:.1f}" y="{cy - d:.1f}" width="{2 * d:.1f}" height="{2 * d:.1f}" '
                f'rx="{1.5 * k:.1f}" fill="{colour}"/>')
    if sym == "T":
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{5 * k:.1f}" fill="{colour}"/>'
    if sym == "C":
        r = 4.6 * k
        o = 5.2 * k
        leaves = "".join(
            f'<circle cx="{cx + dx * o:.1f}" cy="{cy + dy * o:.1f}" r="{r:.1f}"/>'
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
        )
        return f'<g fill="{colour}">{leaves}<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.7:.1f}"/></g>'
    if sym == "P":
        a = 11 * k
        b = 3.4 * k
        return (f'<path d="M{cx - b:.1f},{cy - a:.1f}h{2 * b:.1f}v{a - b:.1f}h{a - b:.1f}v{2 * b:.1f}'
                f'h{-(a - b):.1f}v{a - b:.1f}h{-2 * b:.1f}v{-(a - b):.1f}h{-(a - b):.1f}v{-2 * b:.1f}'
                f'h{a - b:.1f}Z" fill="{colour}"/>')
    raise ValueError(f"unknown symbol {sym!r}")


def domino(code, width=72):
    """A tile as a standalone inline SVG (two fields side by side)."""
    height = width / 2
    return (
        f'<svg class="domino" viewBox="0 0 {2 * CELL} {CELL}" width="{width}" height="{height:.0f}" '
        f'aria-hidden="true" focusable="false">'
        f'<rect x="1" y="1" width="{2 * CELL - 2}" height="{CELL - 2}" rx="6" class="domino-face"/>'
        f'<line x1="{CELL}" y1="6" x2="{CELL}" y2="{CELL - 6}" class="domino-line"/>'
        f'{symbol(code[0], CELL / 2, CELL / 2)}{symbol(code[1], CELL * 1.5, CELL / 2)}'
        '</svg>'
    )
