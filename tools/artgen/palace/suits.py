"""The four suit pips as shapes in design units: a heart, a diamond, a club and a spade.

Each pip is drawn around its centre with a given height; `flip` turns it upside down (the pips of the
lower half of a card and the lower court figure face the other way, as on printed decks).
"""

from __future__ import annotations

import math

from tools.artgen.paint import Canvas, Colour, Point, bezier

RED: Colour = (196, 28, 40)
BLACK: Colour = (24, 24, 30)

SUIT_COLOURS: dict[str, Colour] = {"H": RED, "D": RED, "C": BLACK, "S": BLACK}


def _heart_outline(steps: int = 72) -> list[Point]:
    """The classic heart curve, about 32 wide and 29 high, point down, centred on its middle."""
    points = []
    for i in range(steps):
        t = math.tau * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        points.append((x, y - 2.5))
    return points


HEART = _heart_outline()
#: the spade's and the club's stem: a narrow neck flaring into a foot
STEM: list[Point] = (
    [(-2.2, 2.0)]
    + bezier((-2.2, 2.0), (-2.2, 10.0), (-5.0, 15.5), (-9.0, 17.5), 10)
    + [(9.0, 17.5)]
    + bezier((9.0, 17.5), (5.0, 15.5), (2.2, 10.0), (2.2, 2.0), 10)
)


def _fit(points: list[Point], centre: Point, height: float, flip: bool, raw_height: float) -> list[Point]:
    k = height / raw_height
    sign = -1 if flip else 1
    cx, cy = centre
    return [(cx + x * k * sign, cy + y * k * sign) for x, y in points]


def heart(c: Canvas, centre: Point, height: float, colour: Colour = RED, flip: bool = False) -> None:
    c.polygon(colour, _fit(HEART, centre, height, flip, 29.5))


def diamond(c: Canvas, centre: Point, height: float, colour: Colour = RED, flip: bool = False) -> None:
    top, right, bottom, left = (0, -16), (12.2, 0), (0, 16), (-12.2, 0)
    outline: list[Point] = []
    for a, b in ((top, right), (right, bottom), (bottom, left), (left, top)):
        # slightly hollow sides, as printed diamonds have
        ctrl1 = (a[0] + (b[0] - a[0]) * 0.35 * 1.0 * 0.9, a[1] + (b[1] - a[1]) * 0.45)
        ctrl2 = (a[0] + (b[0] - a[0]) * 0.55, a[1] + (b[1] - a[1]) * 0.65 * 1.0)
        outline += bezier(a, ctrl1, ctrl2, b, 10)[:-1]
    c.polygon(colour, _fit(outline, centre, height, flip, 32))


def spade(c: Canvas, centre: Point, height: float, colour: Colour = BLACK, flip: bool = False) -> None:
    body = [(x * 0.95, -y * 0.95 - 3.5) for x, y in HEART]  # the heart upside down, a little smaller
    raw = 36.5
    c.polygon(colour, _fit([(x, y + 0.5) for x, y in body], centre, height, flip, raw))
    c.polygon(colour, _fit([(x, y + 0.5) for x, y in STEM], centre, height, flip, raw))


def club(c: Canvas, centre: Point, height: float, colour: Colour = BLACK, flip: bool = False) -> None:
    raw = 36.5
    k = height / raw
    sign = -1 if flip else 1
    cx, cy = centre
    for lx, ly in ((0.0, -10.0), (-9.2, 3.2), (9.2, 3.2)):
        c.circle(colour, (cx + lx * k * sign, cy + ly * k * sign), 8.6 * k)
    c.polygon(colour, _fit([(-4.0, -5.0), (4.0, -5.0), (5.0, 4.0), (-5.0, 4.0)], centre, height, flip, raw))
    c.polygon(colour, _fit([(x, y + 0.5) for x, y in STEM], centre, height, flip, raw))


DRAW = {"H": heart, "D": diamond, "C": club, "S": spade}


def pip(
    c: Canvas, suit: str, centre: Point, height: float, flip: bool = False, colour: Colour | None = None
) -> None:
    """One pip of `suit` ("C", "D", "H", "S") centred on `centre`."""
    DRAW[suit](c, centre, height, colour if colour is not None else SUIT_COLOURS[suit], flip)
