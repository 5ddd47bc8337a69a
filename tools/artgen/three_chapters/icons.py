"""The eight attribute icons of 3 Chapters and the token marks (star, heart, crystal).

Each icon is drawn around a centre in units of u (an icon is about 40 u wide), in one ink colour over the
attribute's own colour, and is told apart by its silhouette alone: Monster a horned head with fangs,
Zauberer a pointed hat with a star, Bösewicht a poisoned apple, Tier a paw print, Kind a child with
pigtails, Zwerg a pickaxe under a pointed cap, Wunderland a pocket watch, Krone a crown.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tools.artgen.paint import Canvas, Colour, Point, arc, bezier

ICON_INK = (44, 32, 30)
LIGHT = (252, 246, 232)

#: attribute id -> the colour of its badge, and of the binding of a card that has it first
ATTRIBUTE_COLOURS: dict[str, Colour] = {
    "monster": (70, 128, 62),
    "zauberer": (82, 66, 166),
    "boesewicht": (140, 32, 52),
    "tier": (184, 118, 42),
    "kind": (214, 104, 132),
    "zwerg": (52, 112, 170),
    "wunderland": (30, 146, 148),
    "krone": (214, 168, 36),
}


def _pt(centre: Point, u: float, x: float, y: float) -> Point:
    return (centre[0] + x * u, centre[1] + y * u)


def monster(c: Canvas, centre: Point, u: float, ink: Colour = ICON_INK) -> None:
    p = lambda x, y: _pt(centre, u, x, y)  # noqa: E731
    for side in (-1, 1):  # horns
        c.polygon(ink, [p(side * 8, -8), p(side * 20, -22), p(side * 17, -6)])
    c.ellipse(ink, (centre[0] - 16 * u, centre[1] - 14 * u, 32 * u, 30 * u))
    for side in (-1, 1):
        c.polygon(LIGHT, [p(side * 10, -4), p(side * 3, -1), p(side * 9, 2)])
    c.rect(LIGHT, (centre[0] - 9 * u, centre[1] + 6 * u, 18 * u, 3 * u))
    for x in (-6, 4):  # fangs
        c.polygon(LIGHT, [p(x, 8), p(x + 3, 8), p(x + 1.5, 13)])


def zauberer(c: Canvas, centre: Point, u: float, ink: Colour = ICON_INK) -> None:
    p = lambda x, y: _pt(centre, u, x, y)  # noqa: E731
    c.polygon(ink, [p(-12, 12), p(2, -22), p(6, -14), p(12, 12)])
    c.ellipse(ink, (centre[0] - 21 * u, centre[1] + 8 * u, 42 * u, 10 * u))
    _star(c, p(-1, 2), 5.5 * u, LIGHT)
    c.circle(LIGHT, p(9, -9), 1.6 * u)


def boesewicht(c: Canvas, centre: Point, u: float, ink: Colour = ICON_INK) -> None:
    p = lambda x, y: _pt(centre, u, x, y)  # noqa: E731
    body = bezier(p(0, -9), p(-22, -20), p(-24, 18), p(0, 17), 14) + bezier(
        p(0, 17), p(24, 18), p(22, -20), p(0, -9), 14
    )
    c.polygon(ink, body)
    c.stroke(ink, [p(0, -8), p(2, -16), p(5, -20)], 2.6 * u)
    c.polygon(ink, [p(4, -16), p(14, -22), p(16, -15), p(7, -13)])
    # a skull on the apple: the poison
    c.circle(LIGHT, p(0, 2), 6.5 * u)
    c.rect(LIGHT, (centre[0] - 3.8 * u, centre[1] + 5 * u, 7.6 * u, 5 * u), 1.2 * u)
    for side in (-1, 1):
        c.circle(ink, p(side * 2.6, 1.5), 1.7 * u)


def tier(c: Canvas, centre: Point, u: float, ink: Colour = ICON_INK) -> None:
    p = lambda x, y: _pt(centre, u, x, y)  # noqa: E731
    c.ellipse(ink, (centre[0] - 11 * u, centre[1] - 1 * u, 22 * u, 18 * u))
    for x, y in ((-15, -5), (-6, -14), (6, -14), (15, -5)):
        c.ellipse(ink, (centre[0] + (x - 5) * u, centre[1] + (y - 6) * u, 10 * u, 12 * u))
    c.circle(ink, p(0, 10), 7 * u)


def kind(c: Canvas, centre: Point, u: float, ink: Colour = ICON_INK) -> None:
    p = lambda x, y: _pt(centre, u, x, y)  # noqa: E731
    c.polygon(ink, [p(-13, 20), p(-4, 2), p(4, 2), p(13, 20)])
    c.circle(ink, p(0, -8), 9 * u)
    for side in (-1, 1):  # pigtails with bows
        c.circle(ink, p(side * 13, -6), 4.5 * u)
        c.polygon(ink, [p(side * 15, -2), p(side * 21, 1), p(side * 18, 6)])
    for side in (-1, 1):
        c.circle(LIGHT, p(side * 3.4, -8), 1.5 * u)
    c.stroke(LIGHT, arc(centre[0], centre[1] - 5 * u, 3.5 * u, 2.4 * u, 20, 160, 8), 1.2 * u)


def zwerg(c: Canvas, centre: Point, u: float, ink: Colour = ICON_INK) -> None:
    p = lambda x, y: _pt(centre, u, x, y)  # noqa: E731
    c.stroke(ink, [p(-14, 18), p(12, -10)], 4.2 * u)  # pickaxe handle
    head = bezier(p(-6, -18), p(6, -20), p(18, -12), p(22, 2), 10)
    c.stroke(ink, head, 4.6 * u)
    c.polygon(ink, [p(-16, -6), p(-8, -24), p(-2, -6)])  # the cap behind
    c.circle(ink, p(-8, -24), 2.4 * u)


def wunderland(c: Canvas, centre: Point, u: float, ink: Colour = ICON_INK) -> None:
    p = lambda x, y: _pt(centre, u, x, y)  # noqa: E731
    c.circle(ink, p(0, -19), 3.4 * u)
    c.rect(ink, (centre[0] - 3 * u, centre[1] - 18 * u, 6 * u, 5 * u))
    c.circle(ink, p(0, 2), 16 * u)
    c.circle(LIGHT, p(0, 2), 12.5 * u)
    for i in range(12):
        a = math.radians(i * 30)
        c.line(
            ink,
            p(10.5 * math.cos(a), 2 + 10.5 * math.sin(a)),
            p(12 * math.cos(a), 2 + 12 * math.sin(a)),
            1.2 * u,
        )
    c.line(ink, p(0, 2), p(0, -7), 2 * u)
    c.line(ink, p(0, 2), p(6, 5), 2 * u)
    c.circle(ink, p(0, 2), 1.8 * u)


def krone(c: Canvas, centre: Point, u: float, ink: Colour = ICON_INK) -> None:
    p = lambda x, y: _pt(centre, u, x, y)  # noqa: E731
    c.polygon(ink, [p(-18, 10), p(-20, -12), p(-9, -1), p(0, -17), p(9, -1), p(20, -12), p(18, 10)])
    c.rect(ink, (centre[0] - 18 * u, centre[1] + 10 * u, 36 * u, 6 * u), 1.5 * u)
    for x, y in ((-20, -12), (0, -17), (20, -12)):
        c.circle(ink, p(x, y), 3 * u)
    c.circle(LIGHT, p(0, 3), 2.6 * u)


ICONS: dict[str, Callable[..., None]] = {
    "monster": monster,
    "zauberer": zauberer,
    "boesewicht": boesewicht,
    "tier": tier,
    "kind": kind,
    "zwerg": zwerg,
    "wunderland": wunderland,
    "krone": krone,
}


def _star(c: Canvas, centre: Point, r: float, fill: Colour, outline: Colour | None = None) -> None:
    pts = []
    for i in range(10):
        a = math.radians(-90 + i * 36)
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
    c.polygon(fill, pts, outline, max(0.8, r * 0.12)) if outline else c.polygon(fill, pts)


def star(c: Canvas, centre: Point, r: float, fill: Colour = (238, 188, 40)) -> None:
    _star(c, centre, r, fill, (120, 80, 20))


def heart(c: Canvas, centre: Point, r: float, fill: Colour = (214, 44, 72)) -> None:
    x, y = centre
    left = bezier((x, y + r), (x - r * 1.5, y - r * 0.1), (x - r * 0.9, y - r * 1.25), (x, y - r * 0.45), 14)
    right = bezier((x, y - r * 0.45), (x + r * 0.9, y - r * 1.25), (x + r * 1.5, y - r * 0.1), (x, y + r), 14)
    c.polygon(fill, left + right, (110, 20, 36), max(0.8, r * 0.12))


def crystal(c: Canvas, centre: Point, r: float, fill: Colour = (80, 180, 220)) -> None:
    x, y = centre
    outline = [(x, y - r), (x + r * 0.7, y - r * 0.3), (x, y + r), (x - r * 0.7, y - r * 0.3)]
    c.polygon(fill, outline, (24, 80, 120), max(0.8, r * 0.12))
    c.polygon((190, 236, 250), [(x, y - r), (x + r * 0.7, y - r * 0.3), (x, y - r * 0.3)])
    c.line((24, 80, 120), (x - r * 0.7, y - r * 0.3), (x + r * 0.7, y - r * 0.3), max(0.6, r * 0.08))


TOKEN_MARKS: dict[str, Callable[..., None]] = {"stars": star, "hearts": heart, "crystals": crystal}
