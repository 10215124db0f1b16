"""Draw the app icons into icons/ (standard library only; run by hand).

    python3 tools/make_icons.py

Writes icon.svg, icon-192.png, icon-512.png, icon-maskable-512.png and
favicon.ico (which the build also puts at dist/favicon.ico).

Two fanned cards (a spade behind, a heart in front) on felt green. One list
of shapes gives both the SVG and the PNGs, rasterised here with a small
supersampling painter, so no image library or browser is needed. The output
is deterministic; the results are committed, so the build does not run this.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "icons"

FELT = "#0d5c3a"  # the page's theme-color
EDGE = "#c8bfa6"
PAPER = "#f7f3e8"
RED = "#c62828"
INK = "#1b1b1b"

# Shapes in a 512 x 512 box, painted in order:
# ("rect", x0, y0, x1, y1, radius, color), ("circle", cx, cy, r, color),
# ("tri", x0, y0, x1, y1, x2, y2, color).
CARDS = [
    ("rect", 104, 96, 304, 376, 28, EDGE),  # back card: edge, then face
    ("rect", 110, 102, 298, 370, 22, PAPER),
    ("circle", 141, 176, 21, INK),  # its spade, in the part left showing
    ("circle", 171, 176, 21, INK),
    ("tri", 120, 176, 192, 176, 156, 122, INK),
    ("tri", 156, 170, 139, 216, 173, 216, INK),
    ("rect", 208, 136, 408, 416, 28, EDGE),  # front card
    ("rect", 214, 142, 402, 410, 22, PAPER),
    ("circle", 285, 262, 34, RED),  # its heart
    ("circle", 331, 262, 34, RED),
    ("tri", 251, 262, 365, 262, 308, 348, RED),
]


def shapes(maskable: bool) -> list[tuple]:
    """The icon: rounded felt for "any"; full-bleed felt and the cards shrunk
    into the central safe circle (radius 40%) for "maskable"."""
    if not maskable:
        return [("rect", 0, 0, 512, 512, 112, FELT), *CARDS]
    k, c = 0.78, 256  # scale about the centre

    def scaled(shape):
        kind, *nums, color = shape
        if kind == "circle":
            cx, cy, r = nums
            return (kind, c + (cx - c) * k, c + (cy - c) * k, r * k, color)
        if kind == "rect":
            *xy, r = nums
            return (kind, *[c + (v - c) * k for v in xy], r * k, color)
        return (kind, *[c + (v - c) * k for v in nums], color)

    return [("rect", 0, 0, 512, 512, 0, FELT), *map(scaled, CARDS)]


def inside(shape: tuple, x: float, y: float) -> bool:
    kind = shape[0]
    if kind == "rect":
        _, x0, y0, x1, y1, r, _ = shape
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        dx = max(x0 + r - x, 0, x - (x1 - r))
        dy = max(y0 + r - y, 0, y - (y1 - r))
        return dx * dx + dy * dy <= r * r
    if kind == "circle":
        _, cx, cy, r, _ = shape
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    _, ax, ay, bx, by, qx, qy, _ = shape
    d1 = (x - bx) * (ay - by) - (ax - bx) * (y - by)
    d2 = (x - qx) * (by - qy) - (bx - qx) * (y - qy)
    d3 = (x - ax) * (qy - ay) - (qx - ax) * (y - ay)
    return not ((d1 < 0 or d2 < 0 or d3 < 0) and (d1 > 0 or d2 > 0 or d3 > 0))


def rgb(color: str) -> tuple[int, int, int]:
    return tuple(int(color[i : i + 2], 16) for i in (1, 3, 5))


def bbox(shape: tuple) -> tuple[float, float, float, float]:
    kind, *nums, _ = shape
    if kind == "circle":
        cx, cy, r = nums
        return cx - r, cy - r, cx + r, cy + r
    if kind == "rect":
        return tuple(nums[:4])
    xs, ys = nums[0::2], nums[1::2]
    return min(xs), min(ys), max(xs), max(ys)


def render(size: int, maskable: bool, samples: int = 4) -> bytes:
    """RGBA rows, each pixel the average of samples x samples points."""
    scene = [(s, bbox(s), rgb(s[-1])) for s in shapes(maskable)]
    unit = 512 / size
    offsets = [(i + 0.5) / samples for i in range(samples)]
    rows = bytearray()
    for py in range(size):
        rows.append(0)  # PNG filter: none
        for px in range(size):
            r = g = b = a = 0
            for oy in offsets:
                y = (py + oy) * unit
                for ox in offsets:
                    x = (px + ox) * unit
                    for shape, (x0, y0, x1, y1), color in reversed(scene):
                        if x0 <= x <= x1 and y0 <= y <= y1 and inside(shape, x, y):
                            r, g, b, a = r + color[0], g + color[1], b + color[2], a + 1
                            break
            n = samples * samples
            # Colour averaged over covered samples (no dark fringe), alpha by coverage.
            rows += bytes((r // a, g // a, b // a, 255 * a // n) if a else (0, 0, 0, 0))
    return bytes(rows)


def png(size: int, rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def svg() -> str:
    parts = []
    for shape in shapes(maskable=False):
        kind, *nums, color = shape
        if kind == "rect":
            x0, y0, x1, y1, r = nums
            parts.append(f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="{r}" fill="{color}"/>')
        elif kind == "circle":
            parts.append(f'<circle cx="{nums[0]}" cy="{nums[1]}" r="{nums[2]}" fill="{color}"/>')
        else:
            points = " ".join(f"{nums[i]},{nums[i + 1]}" for i in range(0, 6, 2))
            parts.append(f'<polygon points="{points}" fill="{color}"/>')
    body = "\n  ".join(parts)
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">\n  {body}\n</svg>\n'


def ico(sizes: list[int]) -> bytes:
    """A favicon.ico holding one PNG per size (browsers ask for /favicon.ico)."""
    images = [png(size, render(size, maskable=False)) for size in sizes]
    out = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    for size, data in zip(sizes, images):
        out += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return out + b"".join(images)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    (OUT / "icon.svg").write_text(svg(), encoding="utf-8")
    for name, size, maskable in [("icon-192.png", 192, False), ("icon-512.png", 512, False), ("icon-maskable-512.png", 512, True)]:
        (OUT / name).write_bytes(png(size, render(size, maskable)))
        print(f"icons/{name}")
    (OUT / "favicon.ico").write_bytes(ico([16, 32, 48]))
    print("icons/favicon.ico")


if __name__ == "__main__":
    main()
