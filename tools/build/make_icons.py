"""Draws the app icon (a dark diamond in a gold one) as PNG files.

Usage: python3 tools/build/make_icons.py static   -> static/icon-192.png, static/icon-512.png
The web app manifest names both sizes; the drawing is exact at any size.
"""

import os
import struct
import sys
import zlib

SIZES = (192, 512)
GOLD = (214, 160, 74, 255)
INK = (40, 52, 70, 255)
CLEAR = (0, 0, 0, 0)
OUTER, INNER = 88 / 192, 53 / 192  # half-diagonals as a share of the side


def pixels(size):
    centre = (size - 1) / 2
    rows = []
    for y in range(size):
        row = bytearray([0])  # PNG filter type 0 for each row
        for x in range(size):
            reach = (abs(x - centre) + abs(y - centre)) / size
            row += bytes(INK if reach <= INNER else GOLD if reach <= OUTER else CLEAR)
        rows.append(bytes(row))
    return b"".join(rows)


def png(size):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(pixels(size), 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    for side in SIZES:
        with open(os.path.join(sys.argv[1], f"icon-{side}.png"), "wb") as handle:
            handle.write(png(side))
