"""The ten chicken treasures, one drawing each, readable from a corner index up to the big picture.

Every drawing lies in a box of about 100 x 100 design units around (0, 0); the caller moves and scales it
with `Canvas.place(centre, zoom)`. Outlines are dark versions of the motif colour, so each treasure keeps
its own colour even where only a sliver of the card shows.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from tools.artgen.paint import Canvas, Colour, Point, arc, bezier, mix, shade

OUTLINE = 2.4


def _pts(fn: Callable[[float], Point], steps: int = 48) -> list[Point]:
    return [fn(i / steps) for i in range(steps + 1)]


def _sparkle(c: Canvas, at: Point, r: float, colour: Colour = (255, 252, 230)) -> None:
    x, y = at
    c.polygon(
        colour,
        [
            (x, y - r),
            (x + r * 0.25, y - r * 0.25),
            (x + r, y),
            (x + r * 0.25, y + r * 0.25),
            (x, y + r),
            (x - r * 0.25, y + r * 0.25),
            (x - r, y),
            (x - r * 0.25, y - r * 0.25),
        ],
    )


def egg(c: Canvas, colour: Colour) -> None:
    def point(t: float) -> Point:
        a = math.tau * t
        s = math.sin(a)
        return (31 * math.cos(a) * (1 + 0.13 * s), 41 * s + 2)

    body = _pts(point)
    c.polygon(shade(colour, 0.62), [(x * 1.07, y * 1.05) for x, y in body])
    c.polygon(colour, body)
    c.polygon(shade(colour, 1.25), [(x * 0.72 - 6, y * 0.74 - 8) for x, y in body])
    c.polygon(colour, [(x * 0.7 - 2, y * 0.72 - 3) for x, y in body])
    c.ellipse((255, 250, 220), (-20, -30, 12, 22))
    c.stroke(shade(colour, 0.55), [(x * 1.03, y * 1.02) for x, y in body], OUTLINE, closed=True)
    _sparkle(c, (26, -34), 9)
    _sparkle(c, (-34, -6), 6)


def feather(c: Canvas, colour: Colour) -> None:
    shaft = bezier((-30, 46), (-18, 10), (4, -22), (30, -46), 30)
    left, right = [], []
    for i, (x, y) in enumerate(shaft):
        t = i / (len(shaft) - 1)
        width = 17 * math.sin(math.pi * min(1.0, t * 1.1)) ** 0.7 if t > 0.18 else 0
        nx, ny = -0.78, -0.62  # roughly across the shaft
        left.append((x + nx * width * 1.1, y + ny * width * 0.6 - width * 0.35))
        right.append((x - nx * width, y - ny * width * 0.7 + width * 0.2))
    vane = left + right[::-1]
    c.polygon(shade(colour, 0.6), [(x + 2, y + 2) for x, y in vane])
    c.polygon(colour, vane)
    c.polygon(shade(colour, 1.3), left[6:] + [shaft[i] for i in range(len(shaft) - 1, 5, -1)])
    for i in range(7, len(shaft) - 2, 3):  # barbs
        x, y = shaft[i]
        c.line(shade(colour, 0.7), (x, y), left[i], 1.1)
        c.line(shade(colour, 0.7), (x, y), right[min(len(right) - 1, i + 1)], 1.1)
    c.stroke(shade(colour, 0.5), vane, 1.8, closed=True)
    c.stroke((250, 240, 220), shaft, 2.6)
    c.stroke(shade(colour, 0.45), shaft[:6], 3.2)
    # a little tuft at the quill
    for dx in (-6, -2, 3):
        c.line(shade(colour, 1.2), shaft[5], (shaft[5][0] + dx - 6, shaft[5][1] + 10), 1.4)


def corn(c: Canvas, colour: Colour) -> None:
    c.polygon(shade(colour, 0.5), [(x + 2, y + 2) for x, y in arc(0, -4, 20, 40, 0, 360, 40)])
    c.ellipse(shade(colour, 0.7), (-20, -44, 40, 80))
    c.ellipse((250, 204, 70), (-18, -42, 36, 76))
    for row in range(11):
        y = -36 + row * 6.6
        half = 17 * math.sqrt(max(0.0, 1 - ((y + 4) / 40) ** 2))
        n = max(1, int(half / 4.4))
        for k in range(-n, n + 1):
            x = k * (half / max(1, n)) * 0.9
            c.ellipse(shade((250, 204, 70), 1.18), (x - 2.6, y - 2.6, 5.2, 5.0))
            c.ellipse(mix((250, 204, 70), colour, 0.35), (x - 2.2, y - 1.2, 4.4, 3.6))
    green, dark = (96, 160, 60), (54, 100, 36)
    for side in (-1, 1):
        leaf = bezier((side * 2, 44), (side * 34, 30), (side * 30, -2), (side * 16, -26), 20)
        inner = bezier((side * 16, -26), (side * 14, 4), (side * 8, 26), (side * 2, 44), 20)
        c.polygon(green, leaf + inner[1:])
        c.stroke(dark, leaf + inner[1:], 1.8, closed=True)
        c.stroke(dark, bezier((side * 4, 40), (side * 18, 26), (side * 20, 4), (side * 16, -20), 14), 1.0)
    c.rect((120, 90, 40), (-4, 42, 8, 10), 2)


def worm(c: Canvas, colour: Colour) -> None:
    path = [(-40 + i * 3.4, 14 * math.sin(i * 0.42) + 16) for i in range(24)]
    path[-4:] = bezier(path[-4], (path[-4][0] + 6, path[-4][1] - 8), (32, -10), (32, -26), 3)
    for i, (x, y) in enumerate(path):
        r = 9.5 + 2.5 * math.sin(math.pi * i / (len(path) - 1))
        c.circle(shade(colour, 0.62), (x, y), r + 1.6)
    for i, (x, y) in enumerate(path):
        r = 9.5 + 2.5 * math.sin(math.pi * i / (len(path) - 1))
        c.circle(colour, (x, y), r)
    for i in range(3, len(path) - 4, 3):
        x, y = path[i]
        c.stroke(shade(colour, 0.75), arc(x, y, 4, 10, -70, 70, 8), 1.4)
    for x, y in path[2:-5:2]:
        c.circle(shade(colour, 1.35), (x - 2, y - 5), 2.2)
    hx, hy = path[-1]
    c.circle(shade(colour, 0.62), (hx, hy), 14.5)
    c.circle(colour, (hx, hy), 13)
    for ex in (-5, 5):
        c.circle((255, 255, 255), (hx + ex, hy - 3), 4.2)
        c.circle((30, 24, 24), (hx + ex + 1, hy - 2.5), 2.2)
    c.stroke((120, 40, 60), arc(hx, hy + 3, 5, 3.5, 20, 160, 10), 1.6)
    c.circle(shade(colour, 1.3), (hx - 8, hy + 4), 2.4)
    c.circle(shade(colour, 1.3), (hx + 8, hy + 4), 2.4)


def nest(c: Canvas, colour: Colour) -> None:
    rng = random.Random(42)
    straw, light = (214, 168, 92), (236, 204, 136)
    c.polygon(colour, arc(0, 0, 46, 34, 0, 180, 30) + [(-46, 0)])
    c.ellipse(shade(colour, 0.55), (-40, -14, 80, 24))
    c.ellipse(shade(colour, 0.35), (-32, -10, 64, 16))
    # three pale eggs half hidden in the hollow
    for ex, tint in ((-12, (250, 244, 226)), (2, (236, 230, 214)), (15, (250, 244, 226))):
        c.ellipse(tint, (ex - 8, -16, 16, 20))
    c.ellipse(shade(colour, 0.55), (-42, -3, 84, 10))
    for _ in range(60):
        a0 = rng.uniform(0, 180)
        a1 = a0 + rng.uniform(20, 60)
        rx, ry = rng.uniform(30, 46), rng.uniform(18, 34)
        tone = straw if rng.random() < 0.55 else light
        c.stroke(tone, arc(0, rng.uniform(-2, 4), rx, ry, a0, a1, 8), rng.uniform(1.2, 2.2))
    for _ in range(24):
        x = rng.uniform(-44, 44)
        c.line(light, (x, -4 + rng.uniform(-2, 2)), (x + rng.uniform(-14, 14), -8 + rng.uniform(-6, 4)), 1.4)
    c.stroke(shade(colour, 0.45), arc(0, 0, 46, 34, 0, 180, 30), 1.6)


def clover(c: Canvas, colour: Colour) -> None:
    dark = shade(colour, 0.5)
    c.stroke(dark, bezier((0, 0), (4, 18), (14, 30), (24, 46), 14), 5.2)
    c.stroke(colour, bezier((0, 0), (4, 18), (14, 30), (24, 46), 14), 3.2)
    for k in range(4):  # four heart-shaped leaves, their points meeting in the middle
        a = math.radians(45 + 90 * k)
        ux, uy = math.cos(a), math.sin(a)
        px, py = -uy, ux
        cx, cy = 25 * ux, 25 * uy - 4
        lobes = [(cx + px * 9 + ux * 3, cy + py * 9 + uy * 3), (cx - px * 9 + ux * 3, cy - py * 9 + uy * 3)]
        tip = (ux * 3, uy * 3 - 4)
        for fill, r, grow in ((dark, 11.5, 1.5), (colour, 10, 0)):
            for lx, ly in lobes:
                c.circle(fill, (lx, ly), r)
            side = r * 0.92
            c.polygon(
                fill,
                [
                    (tip[0] - ux * grow, tip[1] - uy * grow),
                    (lobes[0][0] + px * side * 0.55 - ux * 4, lobes[0][1] + py * side * 0.55 - uy * 4),
                    (lobes[1][0] - px * side * 0.55 - ux * 4, lobes[1][1] - py * side * 0.55 - uy * 4),
                ],
            )
        c.line(shade(colour, 0.75), (ux * 6, uy * 6 - 4), (cx + ux * 6, cy + uy * 6), 1.4)
        c.circle(shade(colour, 1.45), (lobes[0][0] + ux * 2 - px * 2, lobes[0][1] + uy * 2 - py * 2), 2.6)
    c.circle(dark, (0, -4), 3.4)


def bell(c: Canvas, colour: Colour) -> None:
    metal, dark = shade(colour, 1.1), shade(colour, 0.5)
    c.stroke(dark, arc(0, -40, 9, 9, 180, 360, 12), 4.2)
    c.rect((120, 78, 40), (-26, -34, 52, 7), 3)
    c.rect(shade((120, 78, 40), 0.6), (-26, -34, 52, 7), 3, 1.2)
    body = (
        bezier((-9, -27), (-22, -26), (-20, 6), (-34, 22), 16)
        + [(-38, 28), (38, 28)]
        + bezier((34, 22), (20, 6), (22, -26), (9, -27), 16)
    )
    c.polygon(dark, [(x * 1.06, y * 1.04 + 1) for x, y in body])
    c.polygon(metal, body)
    c.polygon(
        shade(metal, 1.3),
        bezier((-10, -24), (-18, -20), (-16, 8), (-26, 22), 12)
        + [(-18, 22)]
        + bezier((-12, 8), (-10, -10), (-6, -20), (-4, -24), 8),
    )
    c.rect(shade(metal, 0.8), (-37, 18, 74, 8), 4)
    c.rect(dark, (-37, 18, 74, 8), 4, 1.4)
    c.circle(dark, (0, 34), 7.5)
    c.circle(shade(metal, 0.9), (0, 34), 5.5)


def ribbon(c: Canvas, colour: Colour) -> None:
    dark = shade(colour, 0.55)
    for side in (-1, 1):
        tail = [(side * 4, 0), (side * 22, 46), (side * 14, 40), (side * 8, 50), (side * -8, 8)]
        c.polygon(shade(colour, 0.8), tail, dark, 1.6)
    petals = 18
    for k in range(petals):
        a = math.tau * k / petals
        c.circle(dark, (30 * math.cos(a), 30 * math.sin(a) - 8), 8.2)
    for k in range(petals):
        a = math.tau * k / petals
        c.circle(colour if k % 2 else shade(colour, 1.2), (30 * math.cos(a), 30 * math.sin(a) - 8), 7)
    c.circle(dark, (0, -8), 27)
    c.circle(shade(colour, 1.3), (0, -8), 25)
    c.circle((250, 244, 226), (0, -8), 20)
    c.circle((226, 180, 60), (0, -8), 17)
    c.text("1", "display", 26, (120, 80, 20), (0, -8))


def plum(c: Canvas, colour: Colour) -> None:
    dark = shade(colour, 0.55)
    body = arc(0, 6, 34, 36, 0, 360, 48)
    c.polygon(dark, [(x * 1.05, y * 1.04) for x, y in body])
    c.polygon(colour, body)
    c.polygon(shade(colour, 1.2), arc(-10, -2, 16, 22, 150, 300, 16) + [(-6, 10)])
    c.stroke(dark, bezier((2, -28), (10, -6), (10, 20), (2, 40), 16), 2.2)
    c.ellipse((250, 236, 250), (-20, -14, 8, 14))
    c.stroke((110, 70, 40), bezier((2, -28), (0, -36), (4, -42), (8, -48), 8), 3.4)
    leaf = bezier((6, -40), (18, -56), (38, -54), (44, -44), 12) + bezier(
        (44, -44), (32, -34), (18, -34), (6, -40), 12
    )
    c.polygon((80, 150, 60), leaf, (44, 96, 34), 1.6)
    c.stroke((44, 96, 34), bezier((8, -40), (20, -46), (30, -46), (40, -45), 8), 1.0)


def vane(c: Canvas, colour: Colour) -> None:
    dark = shade(colour, 0.5)
    c.rect(dark, (-2.5, -20, 5, 70), 2)
    c.stroke(dark, [(-24, 30), (24, 30)], 2.6)
    c.stroke(dark, [(0, 20), (0, 42)], 2.6)
    for text, at in (("N", (0, 16)), ("S", (0, 47)), ("W", (-30, 30)), ("E", (30, 30))):
        c.text(text, "bold", 8, dark, at)
    c.circle(dark, (0, 30), 3.6)
    # the arrow, with the rooster riding on it
    c.stroke(dark, [(-42, -10), (38, -10)], 3.2)
    c.polygon(colour, [(46, -10), (34, -18), (34, -2)], dark, 1.6)
    c.polygon(colour, [(-42, -10), (-50, -20), (-38, -20), (-30, -10), (-38, 0), (-50, 0)], dark, 1.6)
    rooster_silhouette(c, (0, -12), 0.46, colour, dark)


def rooster_silhouette(c: Canvas, base: Point, k: float, fill: Colour, outline: Colour) -> None:
    """A rooster in profile facing right, feet on `base` (about 100 units tall at k = 1)."""
    bx, by = base

    def pt(x: float, y: float) -> Point:
        return (bx + x * k, by + y * k)

    shape = (
        [pt(-6, 0), pt(-8, -14)]
        + [pt(x, y) for x, y in bezier((-8, -14), (-40, -20), (-62, -48), (-54, -96), 12)]
        + [pt(x, y) for x, y in bezier((-54, -96), (-40, -70), (-30, -58), (-20, -58), 8)]
        + [pt(x, y) for x, y in bezier((-20, -58), (-4, -58), (6, -74), (10, -88), 8)]
        + [
            pt(8, -96),
            pt(12, -104),
            pt(16, -98),
            pt(20, -106),
            pt(24, -98),
            pt(28, -100),
            pt(26, -90),
            pt(34, -86),
            pt(26, -82),
            pt(28, -72),
            pt(22, -74),
        ]
        + [pt(x, y) for x, y in bezier((22, -74), (24, -50), (24, -26), (6, -14), 10)]
        + [pt(6, 0)]
    )
    c.polygon(fill, shape, outline, 1.8 * max(0.5, k))


#: motif id -> drawing
MOTIF_ICONS: dict[str, Callable[[Canvas, Colour], None]] = {
    "egg": egg,
    "feather": feather,
    "corn": corn,
    "worm": worm,
    "nest": nest,
    "clover": clover,
    "bell": bell,
    "ribbon": ribbon,
    "plum": plum,
    "vane": vane,
}


def draw_icon(c: Canvas, motif: str, colour: Colour, centre: Point, zoom: float) -> None:
    """The motif's drawing around `centre`, `zoom` times its 100-unit size."""
    origin, old_zoom = c.origin, c.zoom
    c.place((origin[0] + centre[0] * old_zoom, origin[1] + centre[1] * old_zoom), old_zoom * zoom)
    MOTIF_ICONS[motif](c, colour)
    c.place(origin, old_zoom)
