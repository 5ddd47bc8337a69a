"""The two characters of Gloria Picktoria: Dschingis Hahn, a proud rooster khan, and the fox figure.

Both are drawn in local units with the feet at (0, 0) and y growing downwards (so everything stands at
negative y); the caller places them with `Canvas.place(base, zoom)`.
"""

from __future__ import annotations

import math
import random

from tools.artgen.paint import Canvas, Point, arc, bezier, mix, shade

INK = (40, 26, 20)
GOLD = (232, 184, 60)
GOLD_DARK = (150, 104, 28)


def _curve(*pts: Point, steps: int = 16) -> list[Point]:
    return bezier(pts[0], pts[1], pts[2], pts[3], steps)


def rooster_khan(c: Canvas) -> None:
    """Dschingis Hahn: chest out, fur-brimmed khan's hat with a horse-hair plume, drooping moustache."""
    rust, rust_dark = (196, 82, 36), (120, 44, 22)
    gold_feather, gold_dark = (236, 170, 58), (160, 100, 30)
    tail_colours = [(30, 70, 64), (24, 40, 52), (70, 40, 90), (30, 90, 70), (20, 30, 40)]
    # tail: long sickle feathers sweeping up and back
    for i, colour in enumerate(tail_colours):
        a = 140.0 + i * 17
        tip = (-70 + 180 * math.cos(math.radians(a)), -150 - 150 * math.sin(math.radians(a)) * 0.9)
        outer = _curve((-40, -110), (-90, -150 - i * 14), (tip[0] + 30, tip[1] - 40), tip, steps=18)
        inner = _curve(tip, (tip[0] + 50, tip[1] + 10), (-60, -110 - i * 8), (-30, -96), steps=18)
        c.polygon(colour, outer + inner, shade(colour, 0.5), 2.2)
        c.stroke(
            mix(colour, (255, 255, 255), 0.25),
            _curve((-40, -106), (-80, -140 - i * 12), (tip[0] + 40, tip[1] - 10), tip, steps=14),
            1.4,
        )
    # legs
    for x in (-22, 22):
        c.stroke((150, 100, 20), [(x, -70), (x + 2, -6)], 11)
        c.stroke((232, 170, 40), [(x, -70), (x + 2, -6)], 7.5)
        for dx in (-18, 0, 18):
            c.stroke((150, 100, 20), [(x + 2, -4), (x + 2 + dx, 2)], 5.5)
            c.stroke((232, 170, 40), [(x + 2, -4), (x + 2 + dx, 2)], 3.2)
    # body and proud chest
    body = arc(-6, -130, 86, 72, 0, 360, 48)
    c.polygon(rust_dark, [(x * 1.03, y * 1.0 + 1) for x, y in body])
    c.polygon(rust, body)
    chest = arc(34, -138, 58, 70, 0, 360, 40)
    c.polygon(shade(rust, 0.8), [(x + 2, y + 2) for x, y in chest])
    c.polygon((214, 110, 48), chest)
    for row in range(4):  # chest feathers
        for k in range(3):
            cx, cy = 20 + k * 18 - row * 2, -176 + row * 22
            c.stroke(shade((214, 110, 48), 0.78), arc(cx, cy, 9, 7, 10, 170, 10), 1.6)
    # a blue sash of office with gold edges
    sash = [(-40, -196), (-20, -204), (76, -92), (58, -80)]
    c.polygon((36, 70, 150), sash, GOLD, 2.4)
    c.circle(GOLD, (30, -136), 9)
    c.circle(GOLD_DARK, (30, -136), 9, 2)
    c.circle((200, 40, 50), (30, -136), 4.5)
    # wing
    wing = _curve((-70, -150), (-40, -190), (30, -170), (36, -118)) + _curve(
        (36, -118), (10, -86), (-50, -84), (-84, -110)
    )
    c.polygon(rust_dark, wing)
    for k in range(4):
        c.stroke(
            shade(rust_dark, 0.7),
            _curve(
                (-70 + k * 6, -140 + k * 8),
                (-30, -150 + k * 12),
                (10, -140 + k * 10),
                (30, -120 + k * 4),
                steps=12,
            ),
            1.6,
        )
    # hackles: a ruff of golden pointed neck feathers
    for k in range(13):
        a = math.radians(200 + k * 11)
        base = (44 + 44 * math.cos(a), -218 + 40 * math.sin(a) * -1)
        tip = (44 + 82 * math.cos(a), -218 - 80 * math.sin(a) * -1 + 20)
        left = (base[0] - 11 * math.sin(a), base[1] - 11 * math.cos(a))
        right = (base[0] + 11 * math.sin(a), base[1] + 11 * math.cos(a))
        c.polygon(gold_feather if k % 2 else shade(gold_feather, 0.9), [left, tip, right], gold_dark, 1.4)
    neck = arc(44, -226, 44, 52, 0, 360, 36)
    c.polygon(gold_feather, neck)
    for k in range(6):
        c.stroke(
            gold_dark,
            _curve(
                (18 + k * 10, -258), (16 + k * 10, -232), (22 + k * 10, -210), (18 + k * 12, -186), steps=10
            ),
            1.2,
        )
    # head
    c.circle(rust_dark, (56, -272), 35)
    c.circle((206, 70, 40), (56, -272), 33)
    c.circle((226, 100, 60), (48, -282), 16)
    # wattle and beak
    c.polygon(
        (200, 30, 40),
        _curve((80, -258), (96, -240), (92, -214), (78, -212))
        + _curve((78, -212), (66, -214), (68, -240), (80, -258)),
        (120, 16, 24),
        1.6,
    )
    c.polygon((244, 190, 60), [(84, -286), (124, -270), (84, -260)], (170, 120, 20), 1.8)
    c.line((170, 120, 20), (88, -272), (118, -270), 1.4)
    # the khan's moustache, drooping past the beak on both sides
    for side, end in ((1, (126, -206)), (-1, (48, -200))):
        start = (86, -258)
        tip = end
        curl = _curve(
            start, (start[0] + side * 30, start[1] + 2), (tip[0] + side * 6, tip[1] - 34), tip, steps=20
        )
        back = _curve(
            tip,
            (tip[0] - side * 2, tip[1] - 30),
            (start[0] + side * 18, start[1] + 10),
            (start[0], start[1] + 6),
            steps=20,
        )
        c.polygon((30, 24, 24), curl + back)
    # eye under a stern brow
    c.circle((255, 250, 236), (68, -282), 9.5)
    c.circle((255, 196, 40), (70, -282), 6.5)
    c.circle((20, 16, 16), (71, -282), 3.6)
    c.circle((255, 255, 255), (69, -284), 1.3)
    c.stroke((30, 24, 24), [(52, -298), (66, -294), (82, -288)], 5)
    # the hat: fur brim, red crown with gold bands, knob and plume
    crown = _curve((14, -310), (12, -350), (40, -378), (56, -382)) + _curve(
        (56, -382), (72, -378), (100, -350), (98, -310)
    )
    c.polygon((172, 30, 40), crown, (96, 14, 20), 2.2)
    c.polygon((206, 50, 56), _curve((30, -312), (30, -346), (44, -370), (54, -374)) + [(52, -312)])
    for y in (-332, -354):
        half = 40 if y == -332 else 28
        c.stroke(GOLD, arc(56, y + 8, half, 8, 20, 160, 12), 3.2)
    c.circle(GOLD_DARK, (56, -386), 9)
    c.circle(GOLD, (56, -386), 7.5)
    plume = _curve((56, -392), (30, -430), (-20, -420), (-46, -380), steps=20)
    for k, width in enumerate((12, 8, 4)):
        c.stroke(mix((150, 20, 30), (230, 60, 60), k / 2), [(x, y + k * 3) for x, y in plume], width)
    rng = random.Random(7)
    c.rect((92, 62, 40), (4, -318, 106, 26), 13)
    for _ in range(70):
        fx, fy = rng.uniform(8, 106), rng.uniform(-316, -296)
        c.line(mix((92, 62, 40), (180, 140, 96), rng.random()), (fx, fy), (fx + rng.uniform(-4, 4), fy - 5),
               1.6)
    c.rect((60, 40, 26), (4, -318, 106, 26), 13, 1.8)


def fox(c: Canvas) -> None:
    """The fox figure: a sly fox sitting on a round wooden base, seen from the front."""
    orange, orange_dark = (226, 112, 34), (140, 58, 18)
    cream, brown = (252, 240, 222), (70, 40, 26)
    # the wooden base
    c.ellipse((96, 60, 30), (-128, -26, 256, 58))
    c.ellipse((150, 100, 56), (-128, -38, 256, 56))
    c.ellipse((176, 124, 74), (-116, -34, 232, 44))
    c.stroke((120, 80, 40), arc(0, -12, 110, 18, 10, 170, 24), 1.6)
    # the tail, curled round the feet to the front
    tail = (
        _curve((40, -60), (150, -90), (160, -200), (100, -250), steps=24)
        + _curve((100, -250), (110, -180), (90, -90), (-40, -36), steps=24)
        + _curve((-40, -36), (-60, -22), (0, -14), (40, -60), steps=10)
    )
    c.polygon(orange_dark, [(x + 3, y + 2) for x, y in tail])
    c.polygon(orange, tail)
    tip = _curve((100, -250), (112, -214), (116, -196), (112, -176), steps=10) + _curve(
        (112, -176), (96, -196), (90, -220), (100, -250), steps=10
    )
    c.polygon(cream, tip)
    c.polygon(cream, [(-40, -36), (-10, -48), (10, -40), (-18, -28)])
    for k in range(5):
        c.stroke(
            orange_dark,
            _curve(
                (60 + k * 12, -80 - k * 20),
                (90 + k * 8, -100 - k * 20),
                (100, -120 - k * 22),
                (96 + k * 2, -140 - k * 20),
                steps=8,
            ),
            1.4,
        )
    # body
    body = _curve((-52, -40), (-86, -120), (-60, -200), (-36, -236), steps=20) + _curve(
        (36, -236), (60, -200), (86, -120), (52, -40), steps=20
    )
    c.polygon(orange_dark, [(x * 1.05, y + 2) for x, y in body])
    c.polygon(orange, body)
    bib = _curve((-30, -224), (-50, -160), (-34, -96), (0, -80), steps=16) + _curve(
        (0, -80), (34, -96), (50, -160), (30, -224), steps=16
    )
    c.polygon(cream, bib)
    for k in range(4):
        c.stroke((226, 210, 190), arc(0, -196 + k * 28, 16, 8, 20, 160, 10), 1.4)
    # front legs with dark socks
    for x in (-24, 24):
        c.rect(orange_dark, (x - 13, -120, 26, 84), 12)
        c.rect(orange, (x - 11, -120, 22, 80), 10)
        c.rect(brown, (x - 12, -66, 24, 34), 10)
        c.ellipse(brown, (x - 16, -42, 32, 16))
        for dx in (-6, 0, 6):
            c.line((40, 22, 16), (x + dx, -38), (x + dx, -30), 1.3)
    # head
    for side in (-1, 1):  # ears
        ear = [(side * 22, -300), (side * 66, -382), (side * 70, -290)]
        c.polygon(orange, ear, orange_dark, 2.4)
        c.polygon(brown, [(side * 36, -304), (side * 62, -362), (side * 62, -300)])
        c.polygon(brown, [(side * 60, -366), (side * 66, -382), (side * 68, -356)])
    head = (
        _curve((-78, -282), (-72, -330), (-30, -344), (0, -344), steps=16)
        + _curve((0, -344), (30, -344), (72, -330), (78, -282), steps=16)
        + [(88, -262)]
        + _curve((88, -262), (50, -236), (20, -214), (0, -208), steps=12)
        + _curve((0, -208), (-20, -214), (-50, -236), (-88, -262), steps=12)
    )
    c.polygon(orange_dark, [(x * 1.03, y + 2) for x, y in head])
    c.polygon(orange, head)
    for side in (-1, 1):  # white cheeks
        cheek = _curve(
            (side * 88, -262), (side * 54, -270), (side * 24, -262), (side * 8, -236), steps=14
        ) + [(0, -210), (side * 20, -216), (side * 52, -236)]
        c.polygon(cream, cheek)
    c.polygon(
        cream,
        _curve((-10, -300), (-14, -260), (-8, -230), (0, -214))
        + _curve((0, -214), (8, -230), (14, -260), (10, -300)),
    )
    # sly eyes, nose, grin
    for side in (-1, 1):
        eye = _curve(
            (side * 16, -282), (side * 24, -292), (side * 40, -294), (side * 50, -288), steps=10
        ) + _curve((side * 50, -288), (side * 40, -280), (side * 26, -276), (side * 16, -282), steps=10)
        c.polygon((252, 214, 80), eye, brown, 1.8)
        c.ellipse((24, 16, 12), (side * 33 - 3, -292, 6, 13))
        c.stroke(brown, [(side * 12, -298), (side * 52, -304)], 3.2)
    c.ellipse((30, 20, 18), (-11, -224, 22, 15))
    c.ellipse((120, 100, 100), (-5, -222, 7, 4))
    c.stroke(brown, _curve((-16, -208), (-6, -204), (6, -204), (18, -212), steps=10), 2.2)
