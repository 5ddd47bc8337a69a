"""A shape for every Palastgeflüster colour, so that no colour relies on its hue alone.

The default pack prints the shape on each person card (tools/artgen/palastgefluester) and the table
draws it on seat plates and display rows: red is a triangle, blue a circle, yellow a star, green a
diamond, purple a square and brown a cross (cards/colour_shapes.py). `outline` gives a shape's points,
`mark` a drawn mark (`badge` the same for a shape by its name).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

from cards.colour_shapes import shape_of

Point = tuple[float, float]
RGB = tuple[int, int, int]

#: marks are drawn this many times larger and scaled down: smooth edges at any size
_SUPERSAMPLE = 4


def outline(shape: str, centre: Point, radius: float) -> list[Point]:
    """The points of `shape` around `centre`, fitting a circle of `radius` (all shapes look about
    equally large: each fills much of that circle)."""
    cx, cy = centre
    if shape == "circle":
        return _ring(cx, cy, radius * 0.86, [360 * i / 48 for i in range(48)])
    if shape == "triangle":  # point up, lowered a little so that it looks centred
        return _ring(cx, cy + 0.12 * radius, radius, [-90, 30, 150])
    if shape == "diamond":
        return [(cx, cy - radius), (cx + radius * 0.78, cy), (cx, cy + radius), (cx - radius * 0.78, cy)]
    if shape == "square":
        s = radius * 0.74
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "star":
        points = []
        for i in range(10):
            r = radius if i % 2 == 0 else radius * 0.45
            a = math.radians(-90 + 36 * i)
            points.append((cx + r * math.cos(a), cy + 0.06 * radius + r * math.sin(a)))
        return points
    if shape == "cross":
        a, b = radius * 0.3, radius * 0.86
        return [(cx - a, cy - b), (cx + a, cy - b), (cx + a, cy - a), (cx + b, cy - a), (cx + b, cy + a),
                (cx + a, cy + a), (cx + a, cy + b), (cx - a, cy + b), (cx - a, cy + a), (cx - b, cy + a),
                (cx - b, cy - a), (cx - a, cy - a)]
    raise ValueError(f"no shape called {shape!r}")


def _ring(cx: float, cy: float, radius: float, degrees: list[float]) -> list[Point]:
    angles = [math.radians(a) for a in degrees]
    return [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angles]


def ink_on(colour: Sequence[int]) -> RGB:
    """A shape's ink that reads on `colour`: dark on light colours, white on dark ones."""
    r, g, b = colour[:3]
    return (40, 30, 20) if 0.2126 * r + 0.7152 * g + 0.0722 * b > 150 else (255, 252, 244)


def mark(colour_name: str, colour: RGB, side: int) -> pygame.Surface:
    """A round badge `side` pixels wide in `colour` with the colour's shape on it (a plain disc for a
    colour without a shape)."""
    return badge(shape_of(colour_name), colour, side)


def badge(shape: str | None, colour: RGB, side: int) -> pygame.Surface:
    """A round badge `side` pixels wide in `colour` with `shape` on it (None: a plain disc); the charts
    draw a seat's badge from its look (scenes/colour_vision.seat_look)."""
    return _badge(shape, tuple(colour[:3]), max(4, int(side)))


@lru_cache(maxsize=64)
def _badge(shape: str | None, colour: RGB, side: int) -> pygame.Surface:
    k = _SUPERSAMPLE
    big = pygame.Surface((side * k, side * k), pygame.SRCALPHA)
    centre = (side * k / 2, side * k / 2)
    radius = side * k / 2
    pygame.draw.circle(big, (12, 14, 18), centre, radius)
    pygame.draw.circle(big, colour, centre, radius * 0.86)
    if shape is not None:
        pygame.draw.polygon(big, ink_on(colour), outline(shape, centre, radius * 0.6))
    return pygame.transform.smoothscale(big, (side, side))
