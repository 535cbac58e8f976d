#!/usr/bin/env python3
"""The static site's icons (docs/web.md), drawn from one description:

    python3 scripts/web-icons.py [DIR]    # default: crates/songo-gui/web/icons

writes songo.svg (the page's favicon), icon-192.png and icon-512.png (the
web app manifest's "any" icons, the 192 also the Apple touch icon) and
icon-maskable-512.png (its "maskable" icon: the drawing inside the central
circle of 40% radius that launchers keep, on a full background).

The icon is a songo board at the start: two rows of seven pits, five seeds
in each, in the page's colours (style.css). The PNGs are rasterised here,
with the standard library only (no image tool to install, the same bytes on
every machine), by each shape's distance to a pixel's centre, which gives
one pixel of antialiasing. The output is committed; run this again only
when the drawing changes.
"""

import math
import os
import struct
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The page's colours (crates/songo-gui/assets/style.css).
BG = "#f4efe6"
WOOD = "#8a5a2b"
WOOD_DARK = "#5e3a17"
HOLE = "#3b2410"
SEED = "#f0dcae"


def shapes(scale):
    """The drawing in the unit square, scaled by `scale` about its centre:
    ("rect", x0, y0, x1, y1, radius, colour) and ("circle", cx, cy, r, colour),
    painted in order."""
    out = []

    def s(v):
        return 0.5 + (v - 0.5) * scale

    def rect(x0, y0, x1, y1, r, colour):
        out.append(("rect", s(x0), s(y0), s(x1), s(y1), r * scale, colour))

    def circle(cx, cy, r, colour):
        out.append(("circle", s(cx), s(cy), r * scale, colour))

    rect(0.05, 0.27, 0.95, 0.73, 0.07, WOOD_DARK)
    rect(0.07, 0.29, 0.93, 0.71, 0.055, WOOD)
    step = 0.86 / 7
    for row_y in (0.395, 0.605):
        for i in range(7):
            cx = 0.07 + step * (i + 0.5)
            circle(cx, row_y, 0.052, HOLE)
            # Five seeds, as on the dice's five.
            for dx, dy in ((0, 0), (-1, -1), (1, -1), (-1, 1), (1, 1)):
                circle(cx + dx * 0.021, row_y + dy * 0.021, 0.0125, SEED)
    return out


def icon(maskable):
    """(background shape or None, shapes) of an icon."""
    if maskable:
        # Full bleed; the board within the safe circle (radius 0.4): its
        # corners at 0.78 scale are 0.39 from the centre.
        return [("rect", 0, 0, 1, 1, 0, BG)] + shapes(0.78)
    return [("rect", 0, 0, 1, 1, 0.18, BG)] + shapes(0.96)


def rgb(colour):
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))


def sdf(shape, x, y):
    """Signed distance from (x, y) to the shape's edge, negative inside."""
    if shape[0] == "circle":
        _, cx, cy, r, _ = shape
        return math.hypot(x - cx, y - cy) - r
    _, x0, y0, x1, y1, r, _ = shape
    # A rounded rectangle: the distance to the rectangle shrunk by r, less r.
    hx, hy = (x1 - x0) / 2 - r, (y1 - y0) / 2 - r
    qx, qy = abs(x - (x0 + x1) / 2) - hx, abs(y - (y0 + y1) / 2) - hy
    outside = math.hypot(max(qx, 0), max(qy, 0))
    return outside + min(max(qx, qy), 0) - r


def raster(drawing, n):
    """RGBA bytes of the drawing at n×n pixels (premultiplied while painting)."""
    px = [[0.0, 0.0, 0.0, 0.0] for _ in range(n * n)]
    for shape in drawing:
        colour = rgb(shape[-1])
        if shape[0] == "circle":
            _, cx, cy, r, _ = shape
            box = (cx - r, cy - r, cx + r, cy + r)
        else:
            box = shape[1:5]
        lo_x, lo_y = max(0, int(box[0] * n) - 1), max(0, int(box[1] * n) - 1)
        hi_x, hi_y = min(n, int(box[2] * n) + 2), min(n, int(box[3] * n) + 2)
        for j in range(lo_y, hi_y):
            for i in range(lo_x, hi_x):
                d = sdf(shape, (i + 0.5) / n, (j + 0.5) / n) * n
                a = min(1.0, max(0.0, 0.5 - d))
                if a == 0:
                    continue
                p = px[j * n + i]
                for k in range(3):
                    p[k] = colour[k] * a + p[k] * (1 - a)
                p[3] = a + p[3] * (1 - a)
    out = bytearray()
    for j in range(n):
        out.append(0)  # PNG filter: none
        for i in range(n):
            r, g, b, a = px[j * n + i]
            straight = [c / a if a else 0 for c in (r, g, b)]
            out += bytes(round(v * 255) for v in (*straight, a))
    return bytes(out)


def png(drawing, n):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    head = struct.pack(">IIBBBBB", n, n, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", head)
        + chunk(b"IDAT", zlib.compress(raster(drawing, n), 9))
        + chunk(b"IEND", b"")
    )


def svg(drawing):
    def n(v):
        return f"{v * 512:.2f}".rstrip("0").rstrip(".")

    parts = []
    for shape in drawing:
        if shape[0] == "circle":
            _, cx, cy, r, colour = shape
            parts.append(f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(r)}" fill="{colour}"/>')
        else:
            _, x0, y0, x1, y1, r, colour = shape
            parts.append(
                f'<rect x="{n(x0)}" y="{n(y0)}" width="{n(x1 - x0)}" height="{n(y1 - y0)}" '
                f'rx="{n(r)}" fill="{colour}"/>'
            )
    body = "\n".join(parts)
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">\n{body}\n</svg>\n'


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "crates/songo-gui/web/icons")
    os.makedirs(out, exist_ok=True)
    files = {
        "songo.svg": svg(icon(False)).encode(),
        "icon-192.png": png(icon(False), 192),
        "icon-512.png": png(icon(False), 512),
        "icon-maskable-512.png": png(icon(True), 512),
    }
    for name, data in files.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        print(f"{os.path.join(out, name)}: {len(data)} bytes")


if __name__ == "__main__":
    main()
