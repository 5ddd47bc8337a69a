"""The court figures of J, Q and K: a double-ended portrait, as on a printed deck.

The upper half is drawn once (head, headwear, robe, what the figure holds, a small pip beside it) and
the lower half is the same picture turned round, so the card reads the same from either side.
"""

from __future__ import annotations

import math

import pygame

from tools.artgen.paint import Canvas, Colour, Point, arc, bezier, mix, shade
from tools.artgen.palace.suits import RED, SUIT_COLOURS, pip

GOLD: Colour = (232, 184, 52)
GOLD_DARK: Colour = (150, 108, 24)
BLUE: Colour = (36, 70, 160)
SKIN: Colour = (246, 214, 178)
CREAM: Colour = (252, 248, 236)
OUTLINE: Colour = (40, 32, 30)

#: per suit: robe colour and trim colour (the red suits wear red, the black ones blue, gold trims all)
ROBES: dict[str, tuple[Colour, Colour]] = {
    "H": (RED, BLUE),
    "D": (RED, (40, 120, 70)),
    "C": (BLUE, RED),
    "S": (BLUE, (40, 40, 48)),
}
#: per rank: hair colour
HAIR: dict[str, Colour] = {"K": (236, 232, 222), "Q": (200, 150, 60), "J": (110, 66, 34)}


def half(rank: str, suit: str, w: float, h: float) -> pygame.Surface:
    """The upper half of the figure on a canvas of w x h design units (its bottom edge is the card's
    middle line)."""
    c = Canvas(round(w), round(h))
    robe, trim = ROBES[suit]
    cx = w / 2
    head_y, head_r = h * 0.40, h * 0.15
    # the robe: shoulders down to the middle line
    shoulders = (
        [(cx - w * 0.44, h)]
        + bezier(
            (cx - w * 0.44, h),
            (cx - w * 0.42, h * 0.70),
            (cx - w * 0.30, h * 0.60),
            (cx - w * 0.10, h * 0.58),
        )
        + bezier(
            (cx + w * 0.10, h * 0.58),
            (cx + w * 0.30, h * 0.60),
            (cx + w * 0.42, h * 0.70),
            (cx + w * 0.44, h),
        )
    )
    c.polygon(robe, shoulders, OUTLINE, 1.6)
    # a front panel in the trim colour with gold edges
    panel = [(cx - w * 0.12, h * 0.62), (cx + w * 0.12, h * 0.62), (cx + w * 0.17, h), (cx - w * 0.17, h)]
    c.polygon(trim, panel, GOLD, 2.2)
    for i in range(4):
        y = h * (0.70 + i * 0.08)
        c.circle(GOLD, (cx, y), 3.2)
        c.circle(GOLD_DARK, (cx, y), 3.2, 0.8)
    # sleeves' pattern: gold chevrons on the robe
    for side in (-1, 1):
        for i in range(3):
            x = cx + side * w * (0.24 + i * 0.06)
            y = h * (0.78 + i * 0.06)
            c.stroke(GOLD, [(x - 7, y - 5), (x, y + 2), (x + 7, y - 5)], 2.0)
    # collar
    collar = arc(cx, h * 0.58, w * 0.16, h * 0.07, 0, 180, 20)
    c.polygon(CREAM, [(cx - w * 0.16, h * 0.58), *collar, (cx + w * 0.16, h * 0.58)], OUTLINE, 1.2)
    for i in range(7):
        x = cx - w * 0.13 + i * w * 0.26 / 6
        c.circle(mix(CREAM, GOLD, 0.5), (x, h * 0.605), 2.2)
    _hair_back(c, rank, cx, head_y, head_r)
    # the face
    c.outlined_ellipse(SKIN, OUTLINE, (cx - head_r * 0.86, head_y - head_r, head_r * 1.72, head_r * 2.1), 1.4)
    _features(c, rank, cx, head_y, head_r)
    _headwear(c, rank, cx, head_y, head_r, robe)
    _held(c, rank, suit, cx, w, h)
    pip(c, suit, (w * 0.13, h * 0.16), h * 0.15)
    return c.surface


def _hair_back(c: Canvas, rank: str, cx: float, y: float, r: float) -> None:
    hair = HAIR[rank]
    if rank == "Q":  # long hair falling to the shoulders
        # a rounded crown of hair over the head, falling in waves to the shoulders
        outline = (
            arc(cx, y - r * 0.1, r * 1.12, r * 1.05, 180, 360, 24)
            + bezier(
                (cx + r * 1.12, y - r * 0.1),
                (cx + r * 1.3, y + r * 0.6),
                (cx + r * 1.1, y + r * 1.2),
                (cx + r * 1.45, y + r * 1.75),
                12,
            )
            + arc(cx + r * 1.1, y + r * 1.75, r * 0.35, r * 0.18, 0, 180, 10)
            + arc(cx - r * 1.1, y + r * 1.75, r * 0.35, r * 0.18, 0, 180, 10)
            + bezier(
                (cx - r * 1.45, y + r * 1.75),
                (cx - r * 1.1, y + r * 1.2),
                (cx - r * 1.3, y + r * 0.6),
                (cx - r * 1.12, y - r * 0.1),
                12,
            )
        )
        c.polygon(hair, outline, OUTLINE, 1.2)
        for side in (-1, 1):
            for i in range(3):
                x = cx + side * r * (0.95 + i * 0.12)
                c.stroke(shade(hair, 0.75), [(x, y), (x + side * 3, y + r * 1.5)], 1.2)
    elif rank == "J":  # short curls at the sides
        for side in (-1, 1):
            for i in range(3):
                c.outlined_circle(
                    hair, OUTLINE, (cx + side * r * 0.92, y - r * 0.1 + i * r * 0.42), r * 0.26, 1.0
                )


def _features(c: Canvas, rank: str, cx: float, y: float, r: float) -> None:
    eye_y = y - r * 0.05
    for side in (-1, 1):
        c.ellipse(CREAM, (cx + side * r * 0.36 - r * 0.16, eye_y - r * 0.09, r * 0.32, r * 0.18))
        c.circle(OUTLINE, (cx + side * r * 0.34, eye_y), r * 0.07)
        c.stroke(
            OUTLINE, [(cx + side * r * 0.18, eye_y - r * 0.22), (cx + side * r * 0.52, eye_y - r * 0.25)], 1.3
        )
    c.stroke(
        shade(SKIN, 0.7),
        [(cx, eye_y + r * 0.05), (cx - r * 0.1, y + r * 0.38), (cx + r * 0.05, y + r * 0.42)],
        1.3,
    )
    cheek = mix(SKIN, RED, 0.25)
    for side in (-1, 1):
        c.circle(cheek, (cx + side * r * 0.5, y + r * 0.38), r * 0.13)
    if rank == "K":  # a full beard and moustache
        beard = HAIR["K"]
        outline = (
            [(cx - r * 0.82, y + r * 0.2)]
            + bezier(
                (cx - r * 0.82, y + r * 0.2),
                (cx - r * 0.7, y + r * 1.5),
                (cx + r * 0.7, y + r * 1.5),
                (cx + r * 0.82, y + r * 0.2),
                20,
            )
            + [(cx + r * 0.4, y + r * 0.55), (cx - r * 0.4, y + r * 0.55)]
        )
        c.polygon(beard, outline, OUTLINE, 1.2)
        for i in range(-2, 3):
            c.stroke(
                shade(beard, 0.82), [(cx + i * r * 0.22, y + r * 0.7), (cx + i * r * 0.2, y + r * 1.15)], 1.0
            )
        c.polygon(
            beard,
            [(cx, y + r * 0.45), (cx - r * 0.55, y + r * 0.62), (cx - r * 0.3, y + r * 0.42)],
            OUTLINE,
            0.8,
        )
        c.polygon(
            beard,
            [(cx, y + r * 0.45), (cx + r * 0.55, y + r * 0.62), (cx + r * 0.3, y + r * 0.42)],
            OUTLINE,
            0.8,
        )
    else:
        c.stroke((170, 50, 60), arc(cx, y + r * 0.52, r * 0.22, r * 0.1, 10, 170, 10), 1.6)


def _headwear(c: Canvas, rank: str, cx: float, y: float, r: float, robe: Colour) -> None:
    top = y - r * 0.85
    if rank == "K":  # a tall crown of five points with gems
        points = [
            (-1.0, 0),
            (-1.05, -1.1),
            (-0.6, -0.55),
            (-0.3, -1.35),
            (0, -0.7),
            (0.3, -1.35),
            (0.6, -0.55),
            (1.05, -1.1),
            (1.0, 0),
        ]
        c.polygon(GOLD, [(cx + x * r, top + y2 * r) for x, y2 in points], GOLD_DARK, 1.6)
        c.rect(GOLD, (cx - r * 1.02, top - r * 0.1, r * 2.04, r * 0.32), 3)
        c.rect(GOLD_DARK, (cx - r * 1.02, top - r * 0.1, r * 2.04, r * 0.32), 3, 1.2)
        for i, gem in enumerate(((200, 30, 50), (40, 90, 200), (200, 30, 50))):
            c.circle(gem, (cx + (i - 1) * r * 0.62, top + r * 0.06), r * 0.1)
        for x in (-1.05, -0.3, 0.3, 1.05):
            c.circle(CREAM, (cx + x * r, top - (1.35 if abs(x) < 0.5 else 1.1) * r), r * 0.09)
    elif rank == "Q":  # a lower crown with rounded tips over a veil
        c.polygon(
            mix(robe, CREAM, 0.55),
            [
                (cx - r * 1.2, top + r * 0.2),
                (cx + r * 1.2, top + r * 0.2),
                (cx + r * 1.0, top - r * 0.25),
                (cx - r * 1.0, top - r * 0.25),
            ],
        )
        for i in range(5):
            x = cx + (i - 2) * r * 0.42
            c.outlined_circle(GOLD, GOLD_DARK, (x, top - r * 0.55), r * 0.16, 1.0)
            c.polygon(
                GOLD, [(x - r * 0.16, top - r * 0.05), (x + r * 0.16, top - r * 0.05), (x, top - r * 0.5)]
            )
        c.rect(GOLD, (cx - r * 0.95, top - r * 0.15, r * 1.9, r * 0.28), 3)
        c.rect(GOLD_DARK, (cx - r * 0.95, top - r * 0.15, r * 1.9, r * 0.28), 3, 1.2)
        c.circle((40, 90, 200), (cx, top - r * 0.01), r * 0.09)
    else:  # the jack's cap with a feather
        cap = [(cx - r * 1.05, top + r * 0.25)] + bezier(
            (cx - r * 1.05, top + r * 0.25),
            (cx - r * 1.0, top - r * 0.9),
            (cx + r * 1.0, top - r * 0.9),
            (cx + r * 1.05, top + r * 0.25),
            20,
        )
        c.polygon(robe, cap, OUTLINE, 1.4)
        c.rect(GOLD, (cx - r * 1.08, top + r * 0.05, r * 2.16, r * 0.24), 3)
        c.rect(GOLD_DARK, (cx - r * 1.08, top + r * 0.05, r * 2.16, r * 0.24), 3, 1.0)
        quill = bezier(
            (cx + r * 0.6, top),
            (cx + r * 1.4, top - r * 0.6),
            (cx + r * 1.7, top - r * 1.3),
            (cx + r * 2.1, top - r * 1.7),
            16,
        )
        for i, (x, y2) in enumerate(quill[2:], start=2):
            c.line(mix(CREAM, GOLD, 0.2), (x, y2), (x - r * 0.25, y2 + r * 0.25 - i * 0.3), 2.2)
        c.stroke(GOLD_DARK, quill, 1.4)


def _held(c: Canvas, rank: str, suit: str, cx: float, w: float, h: float) -> None:
    """What the figure holds, on the side away from the small pip: a sword, a flower or a halberd."""
    x = cx + w * 0.31
    if rank == "K":
        c.polygon(
            (214, 220, 230),
            [(x - 4, h * 0.12), (x + 4, h * 0.12), (x + 4, h * 0.78), (x - 4, h * 0.78)],
            OUTLINE,
            1.2,
        )
        c.polygon((214, 220, 230), [(x - 4, h * 0.12), (x + 4, h * 0.12), (x, h * 0.05)], OUTLINE, 1.2)
        c.rect(GOLD, (x - 16, h * 0.78, 32, 7), 3)
        c.rect(GOLD_DARK, (x - 16, h * 0.78, 32, 7), 3, 1.0)
        c.rect(shade(GOLD, 0.8), (x - 3.5, h * 0.78 + 7, 7, h * 0.12), 2)
        c.line(shade((214, 220, 230), 0.75), (x, h * 0.14), (x, h * 0.76), 1.0)
    elif rank == "Q":
        c.stroke(
            (40, 120, 60), bezier((x, h * 0.92), (x - 6, h * 0.7), (x + 4, h * 0.45), (x, h * 0.30), 16), 2.6
        )
        for angle in range(0, 360, 60):
            p: Point = (x + 10 * _cos(angle), h * 0.27 + 10 * _sin(angle))
            c.outlined_circle(SUIT_COLOURS[suit] if suit in "HD" else (200, 60, 120), OUTLINE, p, 7, 1.0)
        c.outlined_circle(GOLD, OUTLINE, (x, h * 0.27), 6, 1.0)
        for side in (-1, 1):
            c.polygon((40, 120, 60), [(x, h * 0.62), (x + side * 14, h * 0.55), (x + side * 4, h * 0.66)])
    else:
        c.stroke((120, 80, 40), [(x, h * 0.10), (x, h)], 3.2)
        c.polygon((214, 220, 230), [(x, h * 0.02), (x + 5, h * 0.12), (x - 5, h * 0.12)], OUTLINE, 1.0)
        axe = [
            (x + 2, h * 0.14),
            (x + 20, h * 0.10),
            (x + 24, h * 0.20),
            (x + 20, h * 0.30),
            (x + 2, h * 0.26),
        ]
        c.polygon((214, 220, 230), axe, OUTLINE, 1.2)
        c.polygon((214, 220, 230), [(x - 2, h * 0.16), (x - 12, h * 0.20), (x - 2, h * 0.24)], OUTLINE, 1.0)


def _cos(degrees: float) -> float:
    return math.cos(math.radians(degrees))


def _sin(degrees: float) -> float:
    return math.sin(math.radians(degrees))


def court_picture(c: Canvas, rank: str, suit: str, rect: tuple[float, float, float, float]) -> None:
    """The framed double-ended figure in `rect` of the card."""
    x, y, w, h = rect
    colour = SUIT_COLOURS[suit]
    c.rect(CREAM, rect, 8)
    top = half(rank, suit, w - 8, h / 2 - 4)
    bottom = pygame.transform.rotate(top, 180)
    c.surface.blit(top, c.p((x + 4, y + 4)))
    c.surface.blit(bottom, c.p((x + 4, y + h / 2)))
    c.line(mix(colour, CREAM, 0.3), (x + 6, y + h / 2), (x + w - 6, y + h / 2), 1.6)
    c.rect(colour, rect, 8, 2.4)
    c.rect(mix(colour, CREAM, 0.6), (x + 5, y + 5, w - 10, h - 10), 5, 1.0)
