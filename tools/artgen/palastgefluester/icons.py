"""Action icons: one pictogram per person, readable at table size where the action text is not.

Each icon is drawn around a centre in units of u = radius / 30, in one ink colour on a light ground.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tools.artgen.paint import Canvas, Colour, Point, arc

ICON_INK = (52, 38, 34)
ACCENT = (180, 40, 48)
CARD_FILL = (250, 246, 236)


def _card(
    c: Canvas,
    centre: Point,
    u: float,
    angle: float = 0,
    fill: Colour = CARD_FILL,
    w: float = 11,
    h: float = 15,
) -> None:
    """A small upright card outline, turned by `angle` degrees."""
    cx, cy = centre
    a = math.radians(angle)
    corners = []
    for dx, dy in ((-w, -h), (w, -h), (w, h), (-w, h)):
        x, y = dx * u, dy * u
        corners.append((cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)))
    c.polygon(fill, corners, ICON_INK, max(1.2, 2.2 * min(u, 1.0)))


def _arrow(c: Canvas, pts: list[Point], u: float, colour: Colour = ICON_INK, width: float = 3.4) -> None:
    """A curve with an arrowhead at its last point."""
    c.stroke(colour, pts, width * u)
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    a = math.atan2(y1 - y0, x1 - x0)
    size = 7.5 * u
    left = (x1 - size * math.cos(a - 0.5), y1 - size * math.sin(a - 0.5))
    right = (x1 - size * math.cos(a + 0.5), y1 - size * math.sin(a + 0.5))
    tip = (x1 + 2 * u * math.cos(a), y1 + 2 * u * math.sin(a))
    c.polygon(colour, [tip, left, right])


def _crown(c: Canvas, centre: Point, u: float, fill: Colour = (226, 178, 52)) -> None:
    cx, cy = centre
    pts = [
        (cx - 11 * u, cy + 6 * u),
        (cx - 12 * u, cy - 6 * u),
        (cx - 5 * u, cy),
        (cx, cy - 9 * u),
        (cx + 5 * u, cy),
        (cx + 12 * u, cy - 6 * u),
        (cx + 11 * u, cy + 6 * u),
    ]
    c.polygon(fill, pts, ICON_INK, 1.6)


def reveal_king(c: Canvas, centre: Point, u: float) -> None:
    """Hofmarschall: a King card turned face up."""
    cx, cy = centre
    _card(c, (cx + 6 * u, cy + 2 * u), u, 12, fill=(250, 236, 190))
    _crown(c, (cx + 6 * u, cy + 3 * u), u * 0.8)
    _arrow(c, arc(cx - 4 * u, cy + 2 * u, 16 * u, 16 * u, 150, 250, 10), u)


def show_hand(c: Canvas, centre: Point, u: float) -> None:
    """Schatzmeister: an eye above a fanned hand of cards."""
    cx, cy = centre
    for i, ang in enumerate((-24, 0, 24)):
        _card(c, (cx + (i - 1) * 7 * u, cy + 8 * u), u * 0.75, ang)
    c.polygon(CARD_FILL, arc(cx, cy - 12 * u, 15 * u, 9 * u, 0, 360, 24), ICON_INK, 2.2)
    c.circle(ICON_INK, (cx, cy - 12 * u), 5 * u)
    c.circle(CARD_FILL, (cx + 1.6 * u, cy - 13.6 * u), 1.5 * u)


def swap_with_player(c: Canvas, centre: Point, u: float) -> None:
    """Zauberer: two cards trading places along a circle."""
    cx, cy = centre
    _card(c, (cx - 10 * u, cy + 2 * u), u * 0.72, -8)
    _card(c, (cx + 10 * u, cy + 2 * u), u * 0.72, 8, fill=(226, 220, 250))
    _arrow(c, arc(cx, cy + 2 * u, 17 * u, 17 * u, 200, 330, 12), u)
    _arrow(c, arc(cx, cy + 2 * u, 17 * u, 17 * u, 20, 150, 12), u)


def discard_draw(c: Canvas, centre: Point, u: float) -> None:
    """Zofe: one card goes down to the discard pile, one comes up from the draw pile."""
    cx, cy = centre
    _card(c, (cx - 9 * u, cy + 2 * u), u * 0.7, 0, fill=(214, 206, 196))
    _card(c, (cx + 9 * u, cy + 2 * u), u * 0.7, 0)
    _arrow(c, [(cx - 9 * u, cy - 20 * u), (cx - 9 * u, cy - 5 * u)], u, ACCENT)
    _arrow(c, [(cx + 9 * u, cy - 6 * u), (cx + 9 * u, cy - 21 * u)], u)


def swap_displays(c: Canvas, centre: Point, u: float) -> None:
    """Mundschenk: a card from one row crosses with a card from another."""
    cx, cy = centre
    for row in (-1, 1):
        for i in range(3):
            x = cx + (i - 1) * 9 * u
            y = cy + row * 12 * u
            _card(c, (x, y), u * 0.42, 0, fill=(250, 236, 190) if i == 1 else CARD_FILL)
    _arrow(c, bezier_pts((cx - 2 * u, cy - 4 * u), (cx + 16 * u, cy + 4 * u)), u, ACCENT, 2.8)
    _arrow(c, bezier_pts((cx + 2 * u, cy + 4 * u), (cx - 16 * u, cy - 4 * u)), u, ACCENT, 2.8)


def bezier_pts(a: Point, b: Point) -> list[Point]:
    return [a, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), b]


def take_back(c: Canvas, centre: Point, u: float) -> None:
    """Wächter: a card lifted from the row back up into the hand."""
    cx, cy = centre
    for i in range(3):
        _card(c, (cx + (i - 1) * 10 * u, cy + 10 * u), u * 0.48, 0)
    _card(c, (cx + 4 * u, cy - 10 * u), u * 0.55, 10, fill=(250, 236, 190))
    _arrow(c, [(cx - 10 * u, cy + 6 * u), (cx - 14 * u, cy - 4 * u), (cx - 9 * u, cy - 14 * u)], u, ACCENT, 3)


def no_action(c: Canvas, centre: Point, u: float) -> None:
    """Hofnarr: nothing happens (a bell and a dash)."""
    cx, cy = centre
    c.polygon(
        (226, 178, 52),
        arc(cx, cy - 2 * u, 11 * u, 13 * u, 180, 360, 16)
        + [(cx + 13 * u, cy + 8 * u), (cx - 13 * u, cy + 8 * u)],
        ICON_INK,
        2,
    )
    c.circle(ICON_INK, (cx, cy + 11 * u), 3.4 * u)
    c.circle(ICON_INK, (cx, cy - 16 * u), 2.4 * u)


def blocked(c: Canvas, centre: Point, r: float) -> None:
    """A red prohibition ring with a slash, over an icon."""
    c.circle(ACCENT, centre, r, 4.2)
    a = math.radians(45)
    d = r - 2
    c.line(
        ACCENT,
        (centre[0] - d * math.cos(a), centre[1] - d * math.sin(a)),
        (centre[0] + d * math.cos(a), centre[1] + d * math.sin(a)),
        4.2,
    )


def round_ends(c: Canvas, centre: Point, u: float) -> None:
    """The Hofnarr King card: playing him ends the round (a warning triangle)."""
    cx, cy = centre
    c.polygon(
        (252, 214, 72),
        [(cx, cy - 18 * u), (cx + 19 * u, cy + 14 * u), (cx - 19 * u, cy + 14 * u)],
        ICON_INK,
        2.4,
    )
    c.text("!", "bold", 20 * u, ICON_INK, (cx, cy + 3 * u))


#: person id -> icon of its action
ICONS: dict[str, Callable[[Canvas, Point, float], None]] = {
    "Hofmarschall": reveal_king,
    "Schatzmeister": show_hand,
    "Zauberer": swap_with_player,
    "Zofe": discard_draw,
    "Mundschenk": swap_displays,
    "Waechter": take_back,
    "Hofnarr": no_action,
}
