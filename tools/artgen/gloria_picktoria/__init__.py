"""Gloria Picktoria's default art: the ten chicken treasures, the joker, Dschingis Hahn (the Genghis
Rooster), the doubler, the back, the fox figure and the table.

The card data (motif ids, colours) comes from game.gloria_picktoria.cards; the names and the lines in the
lower band are written in the language chosen when the faces are drawn (`card_label`, `face_text`), so
the pack is drawn once per language.

A treasure card, 400 x 560: a frame in the motif's colour with its drawing in a white corner medallion
(what shows of a card lying in a row is its left edge, so the medallion and the colour say which motif
it is), the name in the top band, the treasure large on a cushion in a sunburst, and the motif's name
again in the bottom band. The joker wears every motif colour, Dschingis Hahn is dark red and gold, the
doubler midnight blue and gold. The fox is a figure, not a card: a drawing on a transparent ground of
the cards' size, shown standing on a row.

Art ids: the engine's card strings ("egg" … "vane", "joker", "dh", "doubler"), "fox" for the fox
figure, and the back "back".
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.gloria_picktoria.cards import DH, JOKER, MOTIFS, card_label, face_text
from tools.artgen import GameArt
from tools.artgen.felt import felt
from tools.artgen.gloria_picktoria.figures import fox, rooster_khan
from tools.artgen.gloria_picktoria.icons import draw_icon, rooster_silhouette
from tools.artgen.paint import (
    SCALE,
    Canvas,
    Colour,
    Point,
    fit_paragraph,
    fit_size,
    luminance,
    mix,
    round_mask,
    shade,
)

GAME_ID = "gloria_picktoria"
CARD_W, CARD_H = 400, 560
RADIUS = 24
FOLDER = GAME_ID
FOX_ID = "fox"
DOUBLER_ID = "doubler"

PARCHMENT = (250, 243, 224)
PARCHMENT_LOW = (238, 224, 190)
TEXT_INK = (56, 40, 30)
GOLD = (232, 184, 60)
GOLD_DARK = (150, 104, 28)
CRIMSON = (128, 22, 30)
CRIMSON_DARK = (70, 10, 18)
MIDNIGHT = (26, 34, 78)
STRAW = (222, 178, 96)

TOP_BAND = 96  # the name band
INDEX_CENTRE, INDEX_R = (56, 52), 38  # the corner medallion with the motif's drawing
PICTURE = (26, 106, 348, 354)  # the picture window
BOTTOM_BAND = 474
TEXT_BOX = (30, BOTTOM_BAND + 6, CARD_W - 60, CARD_H - BOTTOM_BAND - 24)


def hex_colour(text: str) -> tuple[int, int, int]:
    h = text.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


MOTIF_COLOURS: dict[str, tuple[int, int, int]] = {m.id: hex_colour(m.colour) for m in MOTIFS}


def _on(colour: Colour) -> Colour:
    return (40, 30, 20) if luminance(colour) > 160 else (255, 252, 244)


def _frame(c: Canvas, colour: Colour) -> None:
    c.rect(colour, (0, 0, CARD_W, CARD_H), RADIUS)
    c.rect(shade(colour, 0.65), (0, 0, CARD_W, CARD_H), RADIUS, 3)
    c.rect(shade(colour, 1.35), (7, 7, CARD_W - 14, CARD_H - 14), RADIUS - 6, 1.5)


def _index(c: Canvas, colour: Colour, draw: Callable[[Canvas, Point, float], None]) -> None:
    """The corner medallion: what a card in a row shows of itself."""
    cx, cy = INDEX_CENTRE
    c.circle(shade(colour, 0.55), (cx, cy), INDEX_R + 3)
    c.circle((255, 252, 244), (cx, cy), INDEX_R)
    c.circle(mix(colour, (255, 255, 255), 0.8), (cx, cy), INDEX_R - 4)
    draw(c, (cx, cy), 0.62)


def _name(c: Canvas, text: str, colour: Colour) -> None:
    left = INDEX_CENTRE[0] + INDEX_R + 8
    width = CARD_W - 20 - left
    size = fit_size(text, "display", 40, width)
    c.text(
        text,
        "display",
        size,
        _on(colour),
        (left + width / 2, INDEX_CENTRE[1] - 2),
        outline=shade(colour, 0.5),
        outline_width=1.3 if _on(colour)[0] > 128 else 0,
    )


def _band_text(c: Canvas, text: str, colour: Colour, size: float = 24) -> None:
    x, y, w, h = TEXT_BOX
    size, lines = fit_paragraph(text, "display", size, w, h)
    lead = size * 1.15
    top = y + (h - lead * len(lines)) / 2 + lead / 2
    for i, line in enumerate(lines):
        c.text(line, "display", size, _on(colour), (CARD_W / 2, top + i * lead), tracking=1.2)


def _window(c: Canvas, top: Colour, bottom: Colour, rays: Colour | None, border: Colour) -> Canvas:
    """A framed picture window; returns a canvas of its size to draw into (then `_close_window`)."""
    x, y, w, h = PICTURE
    c.rect(shade(border, 0.6), (x - 4, y - 4, w + 8, h + 8), 16)
    c.rect(border, (x - 2.5, y - 2.5, w + 5, h + 5), 15)
    inner = Canvas(round(w), round(h))
    inner.vertical_gradient((0, 0, w, h), top, bottom)
    if rays is not None:
        cx, cy = w / 2, h * 0.5
        for i in range(24):
            a0, a1 = math.radians(i * 15), math.radians(i * 15 + 7)
            inner.polygon(
                rays,
                [
                    (cx, cy),
                    (cx + 400 * math.cos(a0), cy + 400 * math.sin(a0)),
                    (cx + 400 * math.cos(a1), cy + 400 * math.sin(a1)),
                ],
            )
    return inner


def _close_window(c: Canvas, inner: Canvas) -> None:
    x, y, w, h = PICTURE
    window = inner.surface.copy()
    round_mask(window, 13 * SCALE)
    c.surface.blit(window, c.p((x, y)))


def _cushion(c: Canvas, colour: Colour, cx: float, cy: float) -> None:
    """A velvet cushion with gold tassels, the treasure's place of honour."""
    velvet, dark = shade(colour, 0.55), shade(colour, 0.35)
    c.ellipse(shade(colour, 0.3), (cx - 132, cy + 4, 264, 40))
    top = [
        (cx - 130, cy),
        (cx - 100, cy - 26),
        (cx + 100, cy - 26),
        (cx + 130, cy),
        (cx + 104, cy + 28),
        (cx - 104, cy + 28),
    ]
    c.polygon(velvet, top, dark, 2.4)
    c.polygon(
        shade(velvet, 1.2), [(cx - 96, cy - 22), (cx + 96, cy - 22), (cx + 70, cy - 6), (cx - 70, cy - 6)]
    )
    for sx in (-1, 1):
        tx = cx + sx * 128
        c.line(GOLD_DARK, (tx, cy), (tx + sx * 8, cy + 22), 2.4)
        c.polygon(
            GOLD,
            [
                (tx + sx * 8 - 6, cy + 20),
                (tx + sx * 8 + 6, cy + 20),
                (tx + sx * 8 + 9, cy + 40),
                (tx + sx * 8 - 9, cy + 40),
            ],
            GOLD_DARK,
            1.4,
        )


def motif_card(motif: str) -> pygame.Surface:
    colour = MOTIF_COLOURS[motif]
    c = Canvas(CARD_W, CARD_H)
    _frame(c, colour)
    _name(c, card_label(motif), colour)

    def icon(canvas: Canvas, at: Point, zoom: float) -> None:
        draw_icon(canvas, motif, colour, at, zoom)

    _index(c, colour, icon)
    light = mix(colour, (255, 255, 255), 0.86)
    inner = _window(
        c,
        mix(light, (255, 250, 236), 0.5),
        mix(colour, (255, 255, 255), 0.62),
        mix(light, (255, 255, 255), 0.55),
        PARCHMENT,
    )
    w, h = PICTURE[2], PICTURE[3]
    inner.ellipse(mix(colour, (255, 255, 255), 0.5), (w / 2 - 120, h * 0.74 - 10, 240, 60))
    _cushion(inner, colour, w / 2, h * 0.8)
    draw_icon(inner, motif, colour, (w / 2, h * 0.44), 2.55)
    _close_window(c, inner)
    _band_text(c, face_text(motif).upper(), colour, 22)
    img = c.result()
    round_mask(img, RADIUS)
    return img


def joker_card() -> pygame.Surface:
    c = Canvas(CARD_W, CARD_H)
    colours = [MOTIF_COLOURS[m.id] for m in MOTIFS]
    c.rect((60, 50, 60), (0, 0, CARD_W, CARD_H), RADIUS)
    c.clip((0, 0, CARD_W, CARD_H))
    stripe = CARD_H / len(colours)
    for i, colour in enumerate(colours):  # every motif's colour down the frame
        c.polygon(
            colour,
            [
                (0, i * stripe - 40),
                (CARD_W, i * stripe + 40),
                (CARD_W, (i + 1) * stripe + 40),
                (0, (i + 1) * stripe - 40),
            ],
        )
    c.clip(None)
    c.rect((255, 252, 244), (7, 7, CARD_W - 14, CARD_H - 14), RADIUS - 6, 1.5)
    c.rect((50, 36, 60), (14, 14, CARD_W - 28, TOP_BAND - 18), 14)

    def cap(canvas: Canvas, at: Point, zoom: float) -> None:
        jester_cap(canvas, at, zoom * 0.55)

    cx, cy = INDEX_CENTRE
    c.circle((40, 30, 40), (cx, cy), INDEX_R + 3)
    c.circle((255, 252, 244), (cx, cy), INDEX_R)
    cap(c, (cx, cy + 6), 1.0)
    _name(c, card_label(JOKER), (50, 36, 60))
    inner = _window(c, (60, 40, 80), (28, 20, 44), (74, 52, 96), (255, 252, 244))
    w, h = PICTURE[2], PICTURE[3]
    for i, motif in enumerate(MOTIFS):  # the joker's ring of every treasure
        a = math.radians(-90 + i * 36)
        at = (w / 2 + 132 * math.cos(a), h * 0.5 + 132 * math.sin(a))
        inner.circle(shade(colours[i], 0.6), at, 29)
        inner.circle((255, 252, 244), at, 27)
        draw_icon(inner, motif.id, colours[i], at, 0.44)
    inner.circle(GOLD_DARK, (w / 2, h * 0.5), 86)
    inner.circle((250, 236, 200), (w / 2, h * 0.5), 82)
    jester_cap(inner, (w / 2, h * 0.5 + 18), 1.25)
    _close_window(c, inner)
    c.rect((50, 36, 60), (14, BOTTOM_BAND, CARD_W - 28, CARD_H - BOTTOM_BAND - 14), 14)
    _band_text(c, face_text(JOKER).upper(), (50, 36, 60), 19)
    img = c.result()
    round_mask(img, RADIUS)
    return img


def jester_cap(c: Canvas, base: Point, k: float) -> None:
    """A three-pointed fool's cap with bells, standing on `base`."""
    bx, by = base

    def pt(x: float, y: float) -> Point:
        return (bx + x * k, by + y * k)

    points = [
        ((-46, -20), (-78, -70), (204, 48, 60)),
        ((-12, -30), (6, -96), (46, 120, 210)),
        ((30, -20), (80, -66), (60, 160, 80)),
    ]
    for (x0, y0), (x1, y1), colour in points:
        shape = [pt(x0 - 22, y0 + 16), pt(x1, y1), pt(x0 + 26, y0 + 10)]
        c.polygon(colour, shape, shade(colour, 0.5), 2)
        c.circle(GOLD_DARK, pt(x1, y1), 10 * k)
        c.circle(GOLD, pt(x1, y1), 8.5 * k)
        c.circle(GOLD_DARK, pt(x1, y1 + 3), 2 * k)
    c.polygon((236, 200, 80), [pt(-56, -10), pt(56, -10), pt(60, 10), pt(-60, 10)], GOLD_DARK, 2)
    for x in (-40, -14, 14, 40):
        c.circle((200, 40, 60), pt(x, 0), 4.5 * k)


def dh_card() -> pygame.Surface:
    c = Canvas(CARD_W, CARD_H)
    _frame(c, CRIMSON)
    c.rect(GOLD, (12, 12, CARD_W - 24, CARD_H - 24), RADIUS - 8, 2)

    cx, cy = INDEX_CENTRE
    c.circle(GOLD_DARK, (cx, cy), INDEX_R + 3)
    portrait = Canvas(INDEX_R * 2, INDEX_R * 2, (255, 226, 160))
    portrait.place((INDEX_R - 56 * 0.3, INDEX_R + 318 * 0.3), 0.3)  # head and hat in the medallion
    rooster_khan(portrait)
    face = portrait.surface
    mask = pygame.Surface(face.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (face.get_width() // 2,) * 2, face.get_width() // 2)
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    c.surface.blit(face, c.p((cx - INDEX_R, cy - INDEX_R)))
    left = cx + INDEX_R + 8
    width = CARD_W - 20 - left
    first, _, second = card_label(DH).partition(" ")  # "Dschingis" over "Hahn"
    c.text(
        first,
        "display",
        fit_size(first, "display", 34, width),
        (255, 236, 190),
        (left + width / 2, 36),
        outline=CRIMSON_DARK,
        outline_width=1.2,
    )
    if second:
        c.text(second, "display", fit_size(second, "display", 34, width), GOLD, (left + width / 2, 72),
               outline=CRIMSON_DARK, outline_width=1.2)
    inner = _window(c, (250, 170, 80), (160, 50, 40), None, GOLD)
    w, h = PICTURE[2], PICTURE[3]
    inner.circle((255, 220, 130), (w * 0.28, h * 0.5), 70)
    inner.polygon(
        (120, 60, 50), [(0, h * 0.72), (w * 0.3, h * 0.6), (w * 0.6, h * 0.7), (w, h * 0.58), (w, h), (0, h)]
    )
    inner.polygon((90, 40, 36), [(0, h * 0.82), (w * 0.4, h * 0.74), (w, h * 0.8), (w, h), (0, h)])
    for yx, s in ((0.16, 1.0), (0.86, 0.8)):  # yurts on the steppe
        x0, y0 = w * yx, h * 0.77
        inner.polygon(
            (236, 220, 190),
            [
                (x0 - 26 * s, y0),
                (x0 - 26 * s, y0 - 18 * s),
                (x0, y0 - 34 * s),
                (x0 + 26 * s, y0 - 18 * s),
                (x0 + 26 * s, y0),
            ],
            (120, 70, 50),
            1.4,
        )
        inner.rect((120, 60, 40), (x0 - 6 * s, y0 - 14 * s, 12 * s, 14 * s))
    inner.place((w * 0.5 - 20, h * 0.97), 0.74)
    rooster_khan(inner)
    inner.place()
    _close_window(c, inner)
    c.rect(CRIMSON_DARK, (14, BOTTOM_BAND, CARD_W - 28, CARD_H - BOTTOM_BAND - 14), 12)
    c.rect(GOLD_DARK, (14, BOTTOM_BAND, CARD_W - 28, CARD_H - BOTTOM_BAND - 14), 12, 1.5)
    _band_text(c, face_text(DH).upper(), CRIMSON_DARK, 19)
    img = c.result()
    round_mask(img, RADIUS)
    return img


def doubler_card() -> pygame.Surface:
    c = Canvas(CARD_W, CARD_H)
    _frame(c, GOLD)
    c.rect(MIDNIGHT, (14, 14, CARD_W - 28, CARD_H - 28), 16)
    c.vertical_gradient((18, 18, CARD_W - 36, CARD_H - 36), (44, 56, 120), MIDNIGHT)
    c.rect(GOLD_DARK, (14, 14, CARD_W - 28, CARD_H - 28), 16, 2)

    def mark(canvas: Canvas, at: Point, zoom: float) -> None:
        canvas.text("x2", "display", 40 * zoom, MIDNIGHT, at)

    cx, cy = INDEX_CENTRE
    c.circle(GOLD_DARK, (cx, cy), INDEX_R + 3)
    c.circle(GOLD, (cx, cy), INDEX_R)
    mark(c, (cx, cy), 1.0)
    _name(c, card_label(DOUBLER_ID), MIDNIGHT)
    centre = (CARD_W / 2, 276)
    for i in range(32):
        a0, a1 = math.radians(i * 11.25), math.radians(i * 11.25 + 5)
        c.polygon(
            mix(MIDNIGHT, GOLD, 0.25),
            [
                centre,
                (centre[0] + 170 * math.cos(a0), centre[1] + 170 * math.sin(a0)),
                (centre[0] + 170 * math.cos(a1), centre[1] + 170 * math.sin(a1)),
            ],
        )
    c.circle(GOLD_DARK, centre, 118)
    c.circle(GOLD, centre, 113)
    c.circle(shade(GOLD, 1.25), centre, 100)
    c.circle(GOLD_DARK, centre, 100, 2)
    c.text(
        "x2", "display", 120, MIDNIGHT, (centre[0], centre[1] + 4), outline=shade(GOLD, 1.4), outline_width=2
    )
    for side in (-1, 1):
        for k in range(3):
            c.circle(GOLD, (centre[0] + side * (134 + k * 16), centre[1] + 150 - k * 20), 4)
    c.rect(shade(MIDNIGHT, 0.6), (14, BOTTOM_BAND, CARD_W - 28, CARD_H - BOTTOM_BAND - 14), 12)
    _band_text(c, face_text(DOUBLER_ID).upper(), MIDNIGHT, 20)
    img = c.result()
    round_mask(img, RADIUS)
    return img


def fox_token() -> pygame.Surface:
    """The fox figure on a transparent ground of the cards' size (the table stands it on a row)."""
    c = Canvas(CARD_W, CARD_H)
    c.ellipse((20, 14, 10), (CARD_W / 2 - 150, CARD_H - 64, 300, 48))  # its shadow on the felt
    c.place((CARD_W / 2 - 10, CARD_H - 38), 1.22)
    fox(c)
    c.place()
    return c.result()


def card_back() -> pygame.Surface:
    c = Canvas(CARD_W, CARD_H)
    _frame(c, (246, 232, 196))
    field = (14, 14, CARD_W - 28, CARD_H - 28)
    c.rect(CRIMSON, field, 14)
    c.clip(field)
    step = 44
    for row in range(-1, CARD_H // step + 2):  # rows of little eggs
        for col in range(-1, CARD_W // step + 2):
            x = col * step + (step / 2 if row % 2 else 0)
            y = row * step
            c.ellipse(mix(CRIMSON, STRAW, 0.28), (x - 8, y - 10, 16, 21))
            c.ellipse(mix(CRIMSON, STRAW, 0.12), (x - 5, y - 6, 8, 10))
    c.clip(None)
    c.rect(STRAW, field, 14, 3)
    c.rect(GOLD_DARK, (24, 24, CARD_W - 48, CARD_H - 48), 10, 1.5)
    cx, cy = CARD_W / 2, CARD_H / 2
    c.ellipse(GOLD_DARK, (cx - 124, cy - 164, 248, 328))
    c.ellipse(GOLD, (cx - 120, cy - 160, 240, 320))
    c.ellipse((252, 244, 222), (cx - 112, cy - 152, 224, 304))
    rooster_silhouette(c, (cx - 4, cy + 54), 1.55, CRIMSON, CRIMSON_DARK)
    c.text("Gloria", "display", 34, CRIMSON, (cx, cy + 86))
    c.text("Picktoria", "display", fit_size("Picktoria", "display", 34, 190), CRIMSON, (cx, cy + 120))
    img = c.result()
    round_mask(img, RADIUS)
    return img


def table() -> pygame.Surface:
    return felt((58, 104, 62), seed=2207)


def card_file(card_id: str) -> str:
    return f"{FOLDER}/{card_id}.png"


def card_ids() -> list[str]:
    """Every face: the ten motifs, the joker, Dschingis Hahn, the doubler and the fox figure."""
    return [*(m.id for m in MOTIFS), "joker", "dh", DOUBLER_ID, FOX_ID]


def _drawer(card_id: str) -> Callable[[], pygame.Surface]:
    special: dict[str, Callable[[], pygame.Surface]] = {
        "joker": joker_card,
        "dh": dh_card,
        DOUBLER_ID: doubler_card,
        FOX_ID: fox_token,
    }
    return special.get(card_id) or (lambda: motif_card(card_id))


def art() -> GameArt:
    images: dict[str, Callable[[], pygame.Surface]] = {}
    cards: dict[str, str] = {}
    for card_id in card_ids():
        name = card_file(card_id)
        images[name] = _drawer(card_id)
        cards[card_id] = name
    images[f"{FOLDER}/back.png"] = card_back
    images[f"{FOLDER}/table.png"] = table
    section = {
        "back": f"{FOLDER}/back.png",
        "table": f"{FOLDER}/table.png",
        "cards": cards,
        "text": {
            "default": {"colour": list(TEXT_INK), "safe_area": list(PICTURE)},
        },
    }
    return GameArt(GAME_ID, images, section)
