"""Topologic's drawing (pure string building): well-formed SVG, dice faces,
and ten colours that stay apart for colour-blind players."""

import itertools
import xml.etree.ElementTree as ET

from spielstube.games.topologic import build_board
from spielstube.ui.topologic.svg import (
    PALETTE, PIP_LAYOUT, Geometry, board_svg, chip, seekers_on_board, tile_face,
)

# Machado, Oliveira & Fernandes (2009), severity 1.0, on linear RGB.
VISION = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _lab(hex_colour, matrix):
    def linear(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    rgb = [linear(int(hex_colour[i:i + 2], 16)) for i in (1, 3, 5)]
    r, g, b = [min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb)))) for row in matrix]
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_colours_stay_apart_for_every_kind_of_vision():
    for name, matrix in VISION.items():
        labs = [_lab(fill, matrix) for fill, _, _ in PALETTE]
        closest = min(sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5
                      for a, b in itertools.combinations(labs, 2))
        assert closest >= 23, f"two colours are only {closest:.1f} apart with {name}"


def test_dice_faces_leave_the_letter_slot_free():
    for pips, layout in PIP_LAYOUT.items():
        assert len(layout) == pips
        assert not any(fx == 0.5 and fy < 0.4 for fx, fy in layout)  # the top middle stays free
    face = tile_face(0, 0, (3, 5), letter="T")
    assert face.count("<circle") == 5 and ">T</text>" in face


def test_board_markup_is_well_formed_and_turns_wide_boards():
    board = build_board("4x15.abc")
    for transposed in (False, True):
        geometry = Geometry(board.rows, board.cols, transposed)
        fields = [(cell, tile_face(*geometry.origin(cell), board.tiles[cell]), 'class="cell"')
                  for cell in board.cells]
        overlay = seekers_on_board(geometry, [(0, 0)] * 5 + [(3, 14)], lambda i: "topo-token")
        svg = ET.fromstring(board_svg(geometry, fields, overlay, "Board").replace(
            "<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))
        width, height = (float(v) for v in svg.get("viewBox").split()[2:])
        assert (width > height) != transposed
        assert len(svg.findall(".//{http://www.w3.org/2000/svg}g[@data-cell]")) == 60
    ET.fromstring(chip((0, 6), "R").replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))


def test_seekers_leave_every_pip_readable():
    """However many seekers share a field, no token covers a pip of its tile."""
    from spielstube.ui.topologic.svg import CELL, TOKEN_LAYOUT

    pip = CELL * 0.078
    for count, (offsets, radius) in TOKEN_LAYOUT.items():
        assert len(offsets) == count
        for pips, layout in PIP_LAYOUT.items():
            for dx, dy in offsets:
                for fx, fy in layout:
                    px, py = (fx - 0.5) * CELL, (fy - 0.5) * CELL
                    assert ((dx - px) ** 2 + (dy - py) ** 2) ** 0.5 >= radius + pip, (count, pips)
        for i, (ax, ay) in enumerate(offsets):  # and the tokens do not hide each other
            for bx, by in offsets[i + 1:]:
                assert ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 >= 2 * radius
