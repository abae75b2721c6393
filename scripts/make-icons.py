#!/usr/bin/env python3
"""Draws the web page's icons (web/icons/*.png) with the standard library only: a sheriff's
star in brass on a dark brown ground. Run it again after changing the drawing; the PNGs are
committed, so building the site does not need it.

    python3 scripts/make-icons.py
"""

import math
import struct
import zlib
from pathlib import Path

GROUND = (43, 30, 22)
BRASS = (225, 170, 90)
RIM = (150, 80, 20)


def star(cx, cy, outer, inner, points=5):
    """The corners of a star with `points` points, the first straight up."""
    corners = []
    for k in range(points * 2):
        r = outer if k % 2 == 0 else inner
        a = -math.pi / 2 + k * math.pi / points
        corners.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return corners


def inside(x, y, polygon):
    """Whether (x, y) is inside the polygon (even-odd rule)."""
    hit = False
    j = len(polygon) - 1
    for i, (xi, yi) in enumerate(polygon):
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            hit = not hit
        j = i
    return hit


def draw(size, padding):
    """The icon as rows of RGBA bytes; `padding` is the share of the side kept clear (maskable
    icons keep their drawing in the middle 80 %)."""
    c = size / 2
    reach = size * (0.5 - padding)
    body = star(c, c * 1.02, reach * 0.92, reach * 0.42)
    tips = star(c, c * 1.02, reach * 0.92, reach * 0.42)[::2]
    samples = 4  # 4 × 4 samples a pixel, for smooth edges
    rows = []
    for y in range(size):
        row = bytearray()
        for x in range(size):
            brass = rim = 0
            for sy in range(samples):
                for sx in range(samples):
                    px = x + (sx + 0.5) / samples
                    py = y + (sy + 0.5) / samples
                    on_tip = any((px - tx) ** 2 + (py - ty) ** 2 < (reach * 0.1) ** 2 for tx, ty in tips)
                    if on_tip or inside(px, py, body):
                        brass += 1
                    elif (px - c) ** 2 + (py - c) ** 2 < (reach * 1.0) ** 2 and (px - c) ** 2 + (
                        py - c
                    ) ** 2 > (reach * 0.96) ** 2:
                        rim += 1
            n = samples * samples
            mix = [
                (GROUND[i] * (n - brass - rim) + BRASS[i] * brass + RIM[i] * rim) // n for i in range(3)
            ]
            row += bytes(mix) + b"\xff"
        rows.append(bytes(row))
    return rows


def png(rows, size):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main():
    out = Path(__file__).resolve().parent.parent / "web" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for name, size, padding in [
        ("icon-192.png", 192, 0.06),
        ("icon-512.png", 512, 0.06),
        ("apple-touch-icon.png", 180, 0.08),
        ("maskable-512.png", 512, 0.16),
    ]:
        (out / name).write_bytes(png(draw(size, padding), size))
        print(out / name)


if __name__ == "__main__":
    main()
