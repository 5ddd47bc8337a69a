"""The seven court persons, each a half-length figure built from shapes.

A figure is drawn into its own canvas of BOX design units: the card puts it in its portrait window,
the King card in its medallion. Each person is told apart at a glance by silhouette (hat, prop) as well
as by colour: Hofmarschall bicorne, staff and chain; Schatzmeister cap, spectacles and purse; Zauberer
pointed hat, beard and wand; Zofe bonnet and apron; Mundschenk goblet and jug; Wächter helmet and
halberd; Hofnarr jester cap with bells.

Why one long module: it is drawing data more than code (seven figures, each a list of shapes in design
units, read top to bottom like a sketch), and a figure split across files would be harder to draw again.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tools.artgen.paint import Canvas, Colour, Point, arc, bezier, mix, shade

BOX = (340, 262)
CX = BOX[0] / 2
HEAD = (CX, 104)  # centre of the head
HEAD_R = (33, 39)

INK = (46, 32, 30)
OUT = 2.4
SKIN = (241, 200, 166)
SKIN_SHADE = (222, 170, 136)
GOLD = (222, 176, 58)
GOLD_DARK = (150, 108, 30)
WHITE = (250, 247, 240)
STEEL = (168, 176, 188)
STEEL_DARK = (98, 106, 120)


# -- shared parts --------------------------------------------------------------------------------
def limb(c: Canvas, pts: list[Point], width: float, colour: Colour) -> None:
    c.stroke(INK, pts, width + 2 * OUT)
    c.stroke(colour, pts, width)


def hand(c: Canvas, pos: Point, r: float = 10.5) -> None:
    c.outlined_circle(SKIN, INK, pos, r, OUT)


def torso(c: Canvas, colour: Colour, shoulder_y: float = 160, half_width: float = 96) -> list[Point]:
    """Shoulders and chest down to the bottom of the box; returns the outline."""
    l, r = CX - half_width, CX + half_width
    top = shoulder_y
    left = bezier((l - 12, BOX[1] + 4), (l - 6, top + 40), (l + 4, top + 4), (CX - 30, top - 10), 16)
    right = bezier((CX + 30, top - 10), (r - 4, top + 4), (r + 6, top + 40), (r + 12, BOX[1] + 4), 16)
    pts = left + right
    c.polygon(colour, pts, INK, OUT)
    return pts


def neck(c: Canvas) -> None:
    c.polygon(SKIN_SHADE, [(CX - 15, 126), (CX + 15, 126), (CX + 17, 158), (CX - 17, 158)], INK, OUT)


def head_shape(c: Canvas, skin: Colour = SKIN) -> None:
    hx, hy = HEAD
    rx, ry = HEAD_R
    c.outlined_ellipse(skin, INK, (hx - rx - 7, hy - 4, 14, 20), OUT)  # ears
    c.outlined_ellipse(skin, INK, (hx + rx - 7, hy - 4, 14, 20), OUT)
    c.outlined_ellipse(skin, INK, (hx - rx, hy - ry, 2 * rx, 2 * ry), OUT)


def eyes(
    c: Canvas,
    dy: float = 0,
    lashes: bool = False,
    brow: Colour = INK,
    stern: bool = False,
    spectacles: bool = False,
) -> None:
    hx, hy = HEAD
    for side in (-1, 1):
        ex, ey = hx + side * 13, hy - 2 + dy
        c.ellipse(WHITE, (ex - 6, ey - 5, 12, 10))
        c.circle((52, 40, 36), (ex, ey + 0.5), 3.6)
        c.circle(WHITE, (ex + 1.2, ey - 1), 1.1)
        if stern:
            c.line(brow, (ex - 8 * side, ey - 13), (ex + 7 * side, ey - 9), 3.2)
        else:
            c.stroke(brow, arc(ex, ey - 4, 8, 5, 200, 340, 8), 2.6)
        if lashes:
            c.line(INK, (ex + 6 * side, ey - 3), (ex + 9.5 * side, ey - 6), 1.6)
        if spectacles:
            c.circle(GOLD_DARK, (ex, ey), 9, 1.8)
    if spectacles:
        c.line(GOLD_DARK, (hx - 4, hy - 3 + dy), (hx + 4, hy - 3 + dy), 1.8)


def nose_mouth(c: Canvas, smile: float = 1.0, blush: bool = True, wide: bool = False) -> None:
    hx, hy = HEAD
    c.stroke(SKIN_SHADE, [(hx, hy + 2), (hx + 3.5, hy + 12), (hx - 1, hy + 14)], 2.2)
    if blush:
        for side in (-1, 1):
            c.circle(mix(SKIN, (236, 120, 120), 0.35), (hx + side * 20, hy + 13), 6)
    w = 12 if wide else 8
    if smile >= 1.5:  # open grin
        c.polygon((120, 36, 40), arc(hx, hy + 19, w, 8 * smile / 2, 0, 180, 12), INK, 1.8)
        c.polygon(WHITE, arc(hx, hy + 19.8, w - 2, 2.8, 0, 180, 8))
    else:
        c.stroke((140, 60, 55), arc(hx, hy + 17, w, 4 * smile, 20, 160, 10), 2.4)


def gold_button_row(c: Canvas, x: float, y0: float, n: int, step: float) -> None:
    for i in range(n):
        c.outlined_circle(GOLD, GOLD_DARK, (x, y0 + i * step), 3.6, 1.2)


# -- the seven persons ---------------------------------------------------------------------------
def hofmarschall(c: Canvas) -> None:
    coat = (44, 54, 104)
    # staff behind the figure's right hand, taller than the figure
    c.polygon((120, 78, 40), [(64, 24), (72, 24), (76, BOX[1]), (60, BOX[1])], INK, OUT)
    torso(c, coat)
    c.polygon(shade(coat, 0.75), [(CX - 30, 150), (CX, 262), (CX + 30, 150)])  # lapels' shadow
    c.polygon(WHITE, [(CX - 16, 150), (CX + 16, 150), (CX + 8, 196), (CX, 204), (CX - 8, 196)], INK, 1.8)
    gold_button_row(c, CX, 214, 3, 16)
    neck(c)
    # chain of office: a swag of links from shoulder to shoulder, a medallion at the bottom
    links = bezier((CX - 62, 170), (CX - 50, 222), (CX + 50, 222), (CX + 62, 170), 14)
    for i, pt in enumerate(links):
        c.outlined_circle(GOLD if i % 2 else shade(GOLD, 1.2), GOLD_DARK, pt, 4.2, 1.3)
    c.outlined_circle(GOLD, GOLD_DARK, (CX, 222), 13, 2)
    c.polygon(GOLD_DARK, [(CX, 213), (CX + 4, 221), (CX, 231), (CX - 4, 221)])
    # right arm (viewer's left) holds the staff, left arm rests on the chest
    limb(c, [(CX - 84, 178), (CX - 96, 220), (70, 206)], 30, coat)
    c.stroke(GOLD, [(CX - 92, 210), (CX - 80, 224)], 3)
    hand(c, (70, 204))
    c.outlined_circle(GOLD, GOLD_DARK, (68, 24), 12, 2)  # staff knob
    c.circle(shade(GOLD, 1.35), (64, 20), 4)
    c.polygon((170, 30, 40), [(62, 40), (76, 40), (84, 64), (69, 54), (56, 64)], INK, 1.6)  # tassel bow
    limb(c, [(CX + 84, 178), (CX + 92, 230), (CX + 40, 244)], 30, coat)
    hand(c, (CX + 38, 242))
    head_shape(c)
    hx, hy = HEAD
    # grey side hair and whiskers
    grey = (196, 196, 204)
    for side in (-1, 1):
        c.polygon(
            grey,
            [
                (hx + side * 31, hy - 18),
                (hx + side * 38, hy + 4),
                (hx + side * 30, hy + 24),
                (hx + side * 23, hy + 8),
            ],
            INK,
            1.8,
        )
    eyes(c, stern=False, brow=(120, 120, 128))
    nose_mouth(c, smile=0.6, blush=False)
    c.polygon(
        grey,
        [
            (hx - 18, hy + 15),
            (hx, hy + 11),
            (hx + 18, hy + 15),
            (hx + 10, hy + 19),
            (hx, hy + 16),
            (hx - 10, hy + 19),
        ],
        INK,
        1.6,
    )
    # bicorne hat with a gold cockade
    brim = bezier((hx - 62, hy - 24), (hx - 30, hy - 84), (hx + 30, hy - 84), (hx + 62, hy - 24), 20)
    c.polygon((34, 32, 40), brim + [(hx + 40, hy - 30), (hx, hy - 40), (hx - 40, hy - 30)], INK, OUT)
    c.stroke(
        GOLD, bezier((hx - 56, hy - 28), (hx - 28, hy - 78), (hx + 28, hy - 78), (hx + 56, hy - 28), 20), 3
    )
    c.outlined_circle((190, 40, 50), GOLD, (hx, hy - 56), 9, 3)


def schatzmeister(c: Canvas) -> None:
    robe = (40, 104, 74)
    torso(c, robe)
    # fur collar
    c.polygon(
        (236, 224, 196),
        [
            (CX - 70, 160),
            (CX - 30, 150),
            (CX, 176),
            (CX + 30, 150),
            (CX + 70, 160),
            (CX + 40, 188),
            (CX, 196),
            (CX - 40, 188),
        ],
        INK,
        OUT,
    )
    for x in (-48, -22, 22, 48):
        c.circle((60, 52, 48), (CX + x, 175 + abs(x) / 6), 2.2)
    gold_button_row(c, CX, 212, 3, 16)
    neck(c)
    # coins stacked on the viewer's left, a purse held up on the right
    for i in range(5):
        y = 236 - i * 7
        c.outlined_ellipse(GOLD if i % 2 else shade(GOLD, 1.15), GOLD_DARK, (40, y, 44, 12), 1.4)
    limb(c, [(CX - 84, 178), (CX - 98, 224), (96, 238)], 30, robe)
    hand(c, (92, 236))
    limb(c, [(CX + 84, 178), (CX + 104, 200), (CX + 96, 150)], 30, robe)
    # the purse: a leather sack gathered at the neck under the hand
    px, py = CX + 98, 172
    sack = bezier((px - 12, py - 10), (px - 56, py + 18), (px - 40, py + 70), (px, py + 70), 14) + bezier(
        (px, py + 70), (px + 40, py + 70), (px + 56, py + 18), (px + 12, py - 10), 14
    )
    c.polygon((150, 96, 52), sack, INK, OUT)
    c.polygon(
        (120, 74, 38), bezier((px - 30, py + 30), (px - 20, py + 64), (px + 10, py + 70), (px - 2, py + 68))
    )
    c.stroke(GOLD, [(px - 14, py - 4), (px + 14, py - 4)], 4)
    c.outlined_circle(GOLD, GOLD_DARK, (px, py + 36), 12, 2)
    c.circle(GOLD_DARK, (px, py + 36), 7.5, 1.4)
    c.circle(shade(GOLD, 1.3), (px - 3, py + 33), 2.2)
    c.polygon(
        (150, 96, 52),
        [(px - 12, py - 10), (px - 18, py - 26), (px, py - 16), (px + 18, py - 26), (px + 12, py - 10)],
        INK,
        1.8,
    )
    hand(c, (CX + 96, 148))
    head_shape(c)
    hx, hy = HEAD
    eyes(c, spectacles=True, brow=(110, 110, 110))
    nose_mouth(c, smile=1.0)
    # flat velvet cap
    c.polygon(
        (118, 34, 52),
        bezier((hx - 42, hy - 22), (hx - 50, hy - 62), (hx + 50, hy - 62), (hx + 42, hy - 22), 18),
        INK,
        OUT,
    )
    c.polygon(
        (96, 26, 42),
        [(hx - 40, hy - 26), (hx + 40, hy - 26), (hx + 36, hy - 16), (hx - 36, hy - 16)],
        INK,
        1.8,
    )
    c.outlined_circle(GOLD, GOLD_DARK, (hx + 20, hy - 44), 5, 1.4)


def zauberer(c: Canvas) -> None:
    robe = (70, 52, 150)
    torso(c, robe)
    for x, y in ((CX - 70, 220), (CX + 66, 236), (CX - 40, 250), (CX + 80, 196)):
        _star(c, (x, y), 7, GOLD)
    neck(c)
    hx, hy = HEAD
    # wand raised on the viewer's left, with a sparkle
    limb(c, [(CX - 84, 178), (CX - 104, 196), (CX - 96, 150)], 30, robe)
    c.stroke(INK, [(CX - 96, 150), (CX - 118, 70)], 7)
    c.stroke((92, 62, 40), [(CX - 96, 150), (CX - 118, 70)], 4.5)
    c.radial_glow((CX - 119, 64), 24, (255, 246, 190), (250, 236, 200), 12)
    _star(c, (CX - 119, 64), 15, (255, 214, 60), outline=GOLD_DARK)
    hand(c, (CX - 96, 152))
    limb(c, [(CX + 84, 178), (CX + 96, 230), (CX + 50, 246)], 30, robe)
    hand(c, (CX + 48, 244))
    head_shape(c)
    eyes(c, brow=(230, 230, 236))
    # long white beard over the chest
    beard = bezier((hx - 30, hy + 6), (hx - 40, hy + 70), (hx - 10, hy + 110), (hx, hy + 126), 14) + bezier(
        (hx, hy + 126), (hx + 10, hy + 110), (hx + 40, hy + 70), (hx + 30, hy + 6), 14
    )
    c.polygon((238, 238, 242), beard + [(hx + 14, hy + 22), (hx, hy + 16), (hx - 14, hy + 22)], INK, OUT)
    for dx in (-14, 0, 14):
        c.stroke(
            (200, 200, 210),
            bezier(
                (hx + dx, hy + 40), (hx + dx * 1.3, hy + 70), (hx + dx, hy + 90), (hx + dx * 0.4, hy + 108), 8
            ),
            1.6,
        )
    c.stroke((150, 70, 60), arc(hx, hy + 18, 6, 3, 20, 160, 6), 2)
    c.polygon(
        (238, 238, 242),
        [(hx - 20, hy + 15), (hx, hy + 10), (hx + 20, hy + 15), (hx + 4, hy + 19), (hx - 4, hy + 19)],
        INK,
        1.4,
    )
    nose = [(hx, hy + 2), (hx + 4, hy + 12), (hx - 1, hy + 13)]
    c.stroke(SKIN_SHADE, nose, 2.2)
    # tall pointed hat with a wide brim, bent tip, stars
    cone = (
        [(hx - 40, hy - 26)]
        + bezier((hx - 30, hy - 40), (hx - 10, hy - 90), (hx + 6, hy - 120), (hx + 44, hy - 112), 16)
        + [(hx + 14, hy - 88), (hx + 40, hy - 26)]
    )
    c.polygon(shade(robe, 0.9), cone, INK, OUT)
    c.ellipse(INK, (hx - 66 - OUT, hy - 38 - OUT, 132 + 2 * OUT, 22 + 2 * OUT))
    c.ellipse(shade(robe, 1.12), (hx - 66, hy - 38, 132, 22))
    c.polygon(
        GOLD, [(hx - 38, hy - 40), (hx + 36, hy - 40), (hx + 33, hy - 50), (hx - 35, hy - 50)], GOLD_DARK, 1
    )
    _star(c, (hx - 6, hy - 70), 8, GOLD)
    _star(c, (hx + 12, hy - 96), 5, GOLD)
    c.outlined_circle((255, 220, 90), GOLD_DARK, (hx + 46, hy - 111), 5, 1.4)


def zofe(c: Canvas) -> None:
    dress = (54, 56, 82)
    torso(c, dress, half_width=88)
    # white apron with a frilled bib
    c.polygon(WHITE, [(CX - 44, 188), (CX + 44, 188), (CX + 62, 262), (CX - 62, 262)], INK, OUT)
    c.polygon(WHITE, [(CX - 30, 160), (CX + 30, 160), (CX + 34, 192), (CX - 34, 192)], INK, OUT)
    c.stroke((214, 208, 200), [(CX - 44, 200), (CX + 44, 200)], 2)
    for i in range(9):
        c.outlined_circle(WHITE, INK, (CX - 40 + i * 10, 190), 5, 1.2)
    c.stroke(INK, [(CX - 30, 160), (CX - 62, 176)], 2.2)  # apron straps
    c.stroke(INK, [(CX + 30, 160), (CX + 62, 176)], 2.2)
    # white collar
    c.polygon(
        WHITE,
        [(CX - 22, 150), (CX, 166), (CX + 22, 150), (CX + 30, 160), (CX, 176), (CX - 30, 160)],
        INK,
        1.8,
    )
    neck(c)
    # feather duster in the hand on the viewer's right
    limb(c, [(CX + 78, 178), (CX + 96, 206), (CX + 92, 160)], 26, dress)
    c.stroke(INK, [(CX + 92, 170), (CX + 100, 96)], 7)
    c.stroke((150, 96, 52), [(CX + 92, 170), (CX + 100, 96)], 4.5)
    for i, angle in enumerate((-150, -118, -62, -30, -90)):
        a = math.radians(angle)
        base, length, half = (CX + 100, 98), 40, 9
        tip = (base[0] + length * math.cos(a), base[1] + length * math.sin(a))
        mid = (base[0] + length * 0.55 * math.cos(a), base[1] + length * 0.55 * math.sin(a))
        across = (-math.sin(a) * half, math.cos(a) * half)
        feather = bezier(
            base, (mid[0] + across[0], mid[1] + across[1]), (tip[0] + across[0] / 3, tip[1] + across[1] / 3),
            tip, 8,
        ) + bezier(
            tip, (tip[0] - across[0] / 3, tip[1] - across[1] / 3), (mid[0] - across[0], mid[1] - across[1]),
            base, 8,
        )
        c.polygon((232, 196, 130) if i % 2 else (200, 128, 92), feather, INK, 1.4)
    hand(c, (CX + 93, 162))
    limb(c, [(CX - 78, 178), (CX - 88, 226), (CX - 44, 236)], 26, dress)
    hand(c, (CX - 44, 234))
    head_shape(c)
    hx, hy = HEAD
    hair = (112, 66, 38)
    for side in (-1, 1):  # ringlets below the bonnet
        c.outlined_circle(hair, INK, (hx + side * 34, hy + 4), 9, 1.6)
        c.outlined_circle(hair, INK, (hx + side * 32, hy + 18), 7, 1.6)
    c.polygon(
        hair,
        bezier((hx - 34, hy - 10), (hx - 24, hy - 40), (hx + 24, hy - 40), (hx + 34, hy - 10), 16)
        + [(hx + 20, hy - 22), (hx, hy - 18), (hx - 20, hy - 22)],
        INK,
        1.8,
    )
    eyes(c, dy=2, lashes=True, brow=hair)
    nose_mouth(c, smile=1.1)
    # bonnet: a puffed crown with a frilled edge and a ribbon
    c.polygon(
        WHITE,
        bezier((hx - 46, hy - 18), (hx - 58, hy - 86), (hx + 58, hy - 86), (hx + 46, hy - 18), 20),
        INK,
        OUT,
    )
    frill = arc(hx, hy - 20, 44, 26, 180, 360, 14)
    for pt in frill:
        c.outlined_circle(WHITE, INK, pt, 6.5, 1.3)
    c.stroke(
        (214, 208, 200),
        bezier((hx - 30, hy - 50), (hx - 10, hy - 66), (hx + 10, hy - 66), (hx + 30, hy - 50), 10),
        2,
    )
    c.stroke((190, 70, 96), arc(hx, hy - 20, 44, 26, 195, 345, 14), 4)
    c.polygon((190, 70, 96), [(hx + 40, hy - 32), (hx + 56, hy - 42), (hx + 54, hy - 24)], INK, 1.4)


def mundschenk(c: Canvas) -> None:
    tunic = (142, 34, 52)
    torso(c, tunic)
    c.polygon(GOLD, [(CX - 8, 150), (CX + 8, 150), (CX + 8, 262), (CX - 8, 262)], GOLD_DARK, 1.2)
    c.polygon(WHITE, [(CX - 20, 150), (CX, 170), (CX + 20, 150)], INK, 1.6)
    neck(c)
    # jug in the hand on the viewer's left (pouring), goblet raised on the right
    limb(c, [(CX - 84, 178), (CX - 104, 222), (CX - 76, 226)], 30, tunic)
    jx, jy = CX - 92, 214
    body = bezier((jx - 24, jy - 34), (jx - 40, jy), (jx - 28, jy + 40), (jx, jy + 42), 12) + bezier(
        (jx, jy + 42), (jx + 28, jy + 40), (jx + 40, jy), (jx + 24, jy - 34), 12
    )
    c.stroke(
        INK, bezier((jx + 22, jy - 24), (jx + 50, jy - 22), (jx + 50, jy + 16), (jx + 26, jy + 18), 10), 8
    )
    c.stroke(
        (206, 212, 220),
        bezier((jx + 22, jy - 24), (jx + 50, jy - 22), (jx + 50, jy + 16), (jx + 26, jy + 18), 10),
        4,
    )
    c.polygon((206, 212, 220), body + [(jx + 18, jy - 40), (jx - 30, jy - 48)], INK, OUT)
    c.stroke(
        (150, 158, 170),
        bezier((jx - 20, jy - 10), (jx - 26, jy + 10), (jx - 18, jy + 30), (jx - 6, jy + 36), 8),
        2.4,
    )
    c.stroke(STEEL_DARK, [(jx - 26, jy - 30), (jx + 22, jy - 30)], 2.2)
    hand(c, (CX - 72, 224))
    limb(c, [(CX + 84, 178), (CX + 106, 196), (CX + 96, 142)], 30, tunic)
    gx, gy = CX + 96, 118
    cup = bezier((gx - 22, gy - 22), (gx - 22, gy + 8), (gx - 6, gy + 14), (gx, gy + 14), 10) + bezier(
        (gx, gy + 14), (gx + 6, gy + 14), (gx + 22, gy + 8), (gx + 22, gy - 22), 10
    )
    c.polygon(
        GOLD, [(gx - 4, gy + 12), (gx + 4, gy + 12), (gx + 5, gy + 34), (gx - 5, gy + 34)], GOLD_DARK, 1.4
    )
    c.polygon(
        GOLD, [(gx - 16, gy + 40), (gx - 10, gy + 32), (gx + 10, gy + 32), (gx + 16, gy + 40)], GOLD_DARK, 1.4
    )
    c.polygon(GOLD, cup, GOLD_DARK, 1.8)
    c.ellipse((120, 20, 40), (gx - 20, gy - 27, 40, 10))
    c.ellipse(GOLD_DARK, (gx - 22, gy - 28, 44, 12), 1.6)
    c.circle((200, 40, 60), (gx, gy - 2), 4)
    hand(c, (CX + 96, 146))
    head_shape(c)
    hx, hy = HEAD
    hair = (96, 58, 32)
    c.polygon(
        hair,
        bezier((hx - 36, hy - 2), (hx - 44, hy - 50), (hx + 44, hy - 50), (hx + 36, hy - 2), 18)
        + [(hx + 26, hy - 20), (hx + 8, hy - 28), (hx - 12, hy - 24), (hx - 28, hy - 18)],
        INK,
        OUT,
    )
    eyes(c, brow=hair)
    nose_mouth(c, smile=1.3)
    # a small round cap with a feather
    c.polygon(
        tunic,
        bezier((hx - 34, hy - 30), (hx - 30, hy - 66), (hx + 30, hy - 66), (hx + 34, hy - 30), 16),
        INK,
        OUT,
    )
    c.polygon(
        GOLD, [(hx - 34, hy - 30), (hx + 34, hy - 30), (hx + 33, hy - 38), (hx - 33, hy - 38)], GOLD_DARK, 1.2
    )
    c.polygon(
        (236, 232, 220),
        bezier((hx + 20, hy - 48), (hx + 40, hy - 80), (hx + 70, hy - 86), (hx + 76, hy - 84), 12)
        + bezier((hx + 76, hy - 84), (hx + 60, hy - 70), (hx + 44, hy - 50), (hx + 26, hy - 40), 12),
        INK,
        1.6,
    )


def waechter(c: Canvas) -> None:
    tabard = (60, 62, 76)
    hx, hy = HEAD
    # halberd behind, on the viewer's right: shaft, axe blade, spike, hook
    sx = CX + 100
    c.polygon((112, 76, 42), [(sx - 4, 6), (sx + 4, 6), (sx + 5, BOX[1]), (sx - 5, BOX[1])], INK, OUT)
    c.polygon(STEEL, [(sx, -4), (sx + 6, 30), (sx - 6, 30)], INK, OUT)  # spike
    blade = (
        [(sx + 3, 30)]
        + bezier((sx + 3, 30), (sx + 40, 24), (sx + 52, 46), (sx + 46, 78), 12)
        + [(sx + 3, 66)]
    )
    c.polygon(STEEL, blade, INK, OUT)
    c.stroke((214, 220, 228), bezier((sx + 12, 36), (sx + 36, 34), (sx + 44, 50), (sx + 40, 70), 10), 2.4)
    c.polygon(STEEL, [(sx - 3, 40), (sx - 28, 30), (sx - 3, 56)], INK, OUT)  # back hook
    torso(c, tabard, half_width=100)
    # breastplate with a centre ridge and rivets
    plate = bezier((CX - 56, 164), (CX - 70, 210), (CX - 40, 262), (CX, 262), 12) + bezier(
        (CX, 262), (CX + 40, 262), (CX + 70, 210), (CX + 56, 164), 12
    )
    c.polygon(STEEL, plate, INK, OUT)
    c.polygon((206, 212, 222), [(CX - 40, 176), (CX - 10, 170), (CX - 10, 250), (CX - 40, 236)])
    c.stroke(STEEL_DARK, [(CX, 168), (CX, 262)], 2.4)
    for x, y in ((CX - 46, 176), (CX + 46, 176), (CX - 50, 214), (CX + 50, 214)):
        c.circle(STEEL_DARK, (x, y), 2.6)
    # pauldrons
    for side in (-1, 1):
        c.polygon(STEEL, arc(CX + side * 84, 180, 30, 24, 180, 360, 12), INK, OUT)
    neck(c)
    limb(c, [(CX - 86, 186), (CX - 96, 232), (CX - 50, 246)], 30, tabard)
    hand(c, (CX - 50, 244))
    limb(c, [(CX + 86, 186), (CX + 98, 226), (sx, 200)], 30, tabard)
    hand(c, (sx, 198), 11)
    head_shape(c)
    eyes(c, stern=True, brow=(70, 46, 30))
    nose_mouth(c, smile=0.35, blush=False)
    c.polygon(
        (86, 54, 32),
        [
            (hx - 20, hy + 15),
            (hx, hy + 10),
            (hx + 20, hy + 15),
            (hx + 22, hy + 22),
            (hx + 8, hy + 18),
            (hx, hy + 14),
            (hx - 8, hy + 18),
            (hx - 22, hy + 22),
        ],
        INK,
        1.6,
    )
    # morion helmet: a steel dome with a comb and an upturned brim, red plume
    c.polygon(
        (200, 40, 44),
        bezier((hx - 6, hy - 60), (hx - 30, hy - 110), (hx + 10, hy - 120), (hx + 30, hy - 92), 12)
        + [(hx + 10, hy - 58)],
        INK,
        OUT,
    )
    dome = bezier((hx - 38, hy - 24), (hx - 42, hy - 78), (hx + 42, hy - 78), (hx + 38, hy - 24), 18)
    c.polygon(STEEL, dome, INK, OUT)
    c.polygon(
        STEEL,
        bezier((hx - 14, hy - 56), (hx - 10, hy - 88), (hx + 10, hy - 88), (hx + 14, hy - 56), 10),
        INK,
        OUT,
    )
    c.stroke(
        (220, 226, 234),
        bezier((hx - 26, hy - 34), (hx - 28, hy - 58), (hx - 12, hy - 64), (hx - 4, hy - 64), 8),
        3,
    )
    brim = bezier(
        (hx - 64, hy - 40), (hx - 40, hy - 14), (hx + 40, hy - 14), (hx + 64, hy - 40), 18
    ) + bezier((hx + 64, hy - 40), (hx + 40, hy - 24), (hx - 40, hy - 24), (hx - 64, hy - 40), 18)
    c.polygon(STEEL, brim, INK, OUT)


def hofnarr(c: Canvas) -> None:
    teal, orange = (30, 140, 140), (236, 128, 40)
    pts = torso(c, teal)
    # motley: the figure's halves in two colours, with diamonds
    c.polygon(orange, [pt for pt in pts if pt[0] >= CX] + [(CX, BOX[1] + 4), (CX, 140)])
    c.stroke(INK, [(CX, 150), (CX, BOX[1])], 1.6)
    c.stroke(INK, pts, OUT)
    for i, (bx, by) in enumerate(((CX - 50, 206), (CX + 50, 206), (CX - 30, 246), (CX + 30, 246))):
        colour = orange if bx < CX else teal
        c.polygon(colour, [(bx, by - 16), (bx + 11, by), (bx, by + 16), (bx - 11, by)], INK, 1.4)
        del i
    # zig-zag ruff with bells
    ruff = []
    for i in range(13):
        t = i / 12
        x = CX - 70 + 140 * t
        y = 164 + (16 if i % 2 else 0) + 10 * (1 - (2 * t - 1) ** 2)
        ruff.append((x, y))
    c.polygon(WHITE, [(CX - 66, 156), (CX + 66, 156)] + ruff[::-1], INK, OUT)
    for x, y in ruff[1::2]:
        c.outlined_circle(GOLD, GOLD_DARK, (x, y + 5), 4.5, 1.2)
    neck(c)
    # marotte (a little jester's stick) on the viewer's left
    limb(c, [(CX - 84, 180), (CX - 104, 210), (CX - 96, 168)], 30, teal)
    c.stroke(INK, [(CX - 96, 176), (CX - 110, 96)], 7)
    c.stroke((140, 96, 52), [(CX - 96, 176), (CX - 110, 96)], 4.5)
    c.outlined_circle(SKIN, INK, (CX - 112, 84), 12, OUT)
    c.polygon(
        orange, [(CX - 124, 80), (CX - 134, 60), (CX - 112, 72), (CX - 92, 58), (CX - 100, 80)], INK, 1.6
    )
    c.outlined_circle(GOLD, GOLD_DARK, (CX - 134, 58), 4, 1.2)
    c.outlined_circle(GOLD, GOLD_DARK, (CX - 92, 56), 4, 1.2)
    c.circle(INK, (CX - 116, 84), 1.6)
    c.circle(INK, (CX - 108, 84), 1.6)
    hand(c, (CX - 96, 170))
    limb(c, [(CX + 84, 180), (CX + 96, 232), (CX + 50, 246)], 30, orange)
    hand(c, (CX + 48, 244))
    head_shape(c)
    hx, hy = HEAD
    eyes(c, dy=1, brow=INK)
    nose_mouth(c, smile=2.4, wide=True)
    # three-pointed cap, alternating colours, bells at the tips
    band = [(hx - 40, hy - 20), (hx + 40, hy - 20), (hx + 38, hy - 34), (hx - 38, hy - 34)]
    points = [
        (teal, [(hx - 36, hy - 30), (hx - 92, hy - 44), (hx - 16, hy - 62)], (hx - 94, hy - 44)),
        (orange, [(hx - 18, hy - 32), (hx, hy - 112), (hx + 18, hy - 32)], (hx, hy - 114)),
        (teal, [(hx + 36, hy - 30), (hx + 92, hy - 44), (hx + 16, hy - 62)], (hx + 94, hy - 44)),
    ]
    for colour, tri, _ in points:
        base = tri[0]
        tip = tri[1]
        end = tri[2]
        curve = bezier(
            base,
            (base[0] + (tip[0] - base[0]) * 0.3, base[1] - 40),
            (tip[0] - (tip[0] - base[0]) * 0.2, tip[1] + 10),
            tip,
            12,
        )
        curve2 = bezier(
            tip,
            (tip[0] - (tip[0] - end[0]) * 0.2, tip[1] + 24),
            (end[0] + (tip[0] - end[0]) * 0.2, end[1] - 20),
            end,
            12,
        )
        c.polygon(colour, curve + curve2, INK, OUT)
    c.polygon(
        orange,
        bezier((hx - 28, hy - 30), (hx - 20, hy - 70), (hx + 20, hy - 70), (hx + 28, hy - 30), 12),
        INK,
        OUT,
    )
    c.polygon(GOLD, band, GOLD_DARK, 1.4)
    for _, _, bell in points:
        c.outlined_circle(GOLD, GOLD_DARK, bell, 7, 1.6)
        c.circle(GOLD_DARK, (bell[0], bell[1] + 2.5), 1.8)


def _star(c: Canvas, centre: Point, r: float, colour: Colour, outline: Colour | None = None) -> None:
    pts = []
    for i in range(10):
        a = math.radians(-90 + i * 36)
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
    c.polygon(colour, pts, outline, 1.4 if outline else 2)


#: person id -> drawing function
FIGURES: dict[str, Callable[[Canvas], None]] = {
    "Hofmarschall": hofmarschall,
    "Schatzmeister": schatzmeister,
    "Zauberer": zauberer,
    "Zofe": zofe,
    "Mundschenk": mundschenk,
    "Waechter": waechter,
    "Hofnarr": hofnarr,
}

#: light backdrops behind each person (top, bottom): quiet, so the frame's colour stays the loudest
BACKDROPS: dict[str, tuple[Colour, Colour]] = {
    "Hofmarschall": ((238, 226, 196), (212, 188, 140)),
    "Schatzmeister": ((230, 236, 208), (196, 204, 160)),
    "Zauberer": ((222, 222, 244), (178, 176, 214)),
    "Zofe": ((244, 226, 226), (220, 188, 192)),
    "Mundschenk": ((244, 224, 204), (218, 180, 150)),
    "Waechter": ((226, 226, 224), (186, 186, 184)),
    "Hofnarr": ((216, 236, 230), (172, 208, 198)),
}


#: the persons are drawn a little smaller and lower than their coordinates say, so hat tips and plumes
#: that reach above y = 0 stay inside the box
ZOOM = 1.0
HEADROOM = 12


def draw_figure(person: str) -> Canvas:
    c = Canvas(*BOX)
    c.place((BOX[0] * (1 - ZOOM) / 2, HEADROOM), ZOOM)
    FIGURES[person](c)
    c.place()
    return c
