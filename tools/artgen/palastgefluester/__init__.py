"""Palastgeflüster's default art: person cards, King cards, both backs and the table.

The card data (persons, names, action and King texts, colours) comes from game.palastgefluester.cards; the
words are drawn in the language chosen while drawing (tools.draw_default_pack draws each language).

A person card, 400 x 560: a thick frame and two bands in the player colour (it names who plays next,
PG-R8), with the colour's shape (scenes/colour_marks.py) large in a badge and beside its name in the
bottom band, so nobody has to tell colours apart by hue alone; the person's name, a figure, an action
icon and the action text.
A King card is dark and gold, so it is never mistaken for a person card: crown, the person it names in
a medallion, that person's icon struck through, and what the card means.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from cards.colour_shapes import shape_of
from game.i18n import tr
from game.palastgefluester.cards import (
    BROWN,
    COLOURS,
    KING_PERSONS,
    PERSONS,
    colour_label,
    king_text,
    person_action,
    person_label,
)
from scenes.colour_marks import ink_on, outline
from scenes.colour_vision import PALETTES
from tools.artgen import GameArt
from tools.artgen.felt import felt
from tools.artgen.paint import (
    SCALE,
    Canvas,
    Colour,
    Point,
    arc,
    fit_paragraph,
    fit_size,
    mix,
    round_mask,
    shade,
)
from tools.artgen.palastgefluester.figures import BACKDROPS, BOX, GOLD, GOLD_DARK, draw_figure
from tools.artgen.palastgefluester.icons import ICONS, blocked, round_ends

GAME_ID = "palastgefluester"
CARD_W, CARD_H = 400, 560
RADIUS = 24
FOLDER = GAME_ID

#: player colour -> (RGB, ""); the five seat colours as the normal palette has them (the bottom band's
#: word is drawn in the chosen language: `band_word`)
PLAYER_COLOURS: dict[str, tuple[Colour, str]] = {
    **{name: (PALETTES["normal"][name], "") for name in COLOURS},
    BROWN: ((124, 78, 40), ""),
}


def band_word(colour_name: str) -> str:
    """The bottom band's word in the chosen language: the colour ("RED"), for brown who plays next."""
    if colour_name == BROWN:
        return tr("{colour} · FEWEST CARDS").format(colour=colour_label(BROWN).upper())
    return colour_label(colour_name).upper()
#: the colour badge in the name band: centre and radius of its coloured disc
BADGE_CENTRE, BADGE_R = (50, 42), 30

PARCHMENT = (247, 240, 222)
PARCHMENT_LOW = (236, 224, 196)
TEXT_INK = (52, 38, 32)
ROYAL = (44, 36, 96)
ROYAL_DARK = (24, 20, 58)
BURGUNDY = (118, 28, 46)

PORTRAIT = (30, 92, 340, 262)  # the figure's window on a person card
TEXT_BOX = (40, 398, 320, 96)
TOP_BAND = 80
BOTTOM_BAND = 500
#: the colour's shape either side of its name in the bottom band: centre's distance from the edge, size
BAND_SHAPE_X, BAND_SHAPE_R = 42, 17


def _frame(c: Canvas, colour: Colour) -> None:
    """Card body in `colour` with a fine inner rule; the caller draws the panel on top."""
    c.rect(colour, (0, 0, CARD_W, CARD_H), RADIUS)
    c.rect(shade(colour, 0.7), (0, 0, CARD_W, CARD_H), RADIUS, 3)
    c.rect(shade(colour, 1.35), (6, 6, CARD_W - 12, CARD_H - 12), RADIUS - 5, 1.5)


def _badge(c: Canvas, centre: Point, colour_name: str, r: float = BADGE_R) -> None:
    """The colour's disc in a white ring, its shape large on it."""
    colour = PLAYER_COLOURS[colour_name][0]
    c.circle(shade(colour, 0.6), centre, r + 6)
    c.circle((255, 252, 244), centre, r + 3.5)
    c.circle(colour, centre, r)
    shape_mark(c, colour_name, centre, r * 0.78)


def shape_mark(c: Canvas, colour_name: str, centre: Point, r: float) -> None:
    """The colour's shape in the ink that reads on the colour, with a thin dark edge."""
    shape = shape_of(colour_name)
    if shape is None:
        return
    colour = PLAYER_COLOURS[colour_name][0]
    c.polygon(ink_on(colour), outline(shape, centre, r), shade(colour, 0.5), 1.5)


def _medallion(c: Canvas, centre: Point, r: float, person: str) -> None:
    c.circle(GOLD_DARK, centre, r + 3)
    c.circle(GOLD, centre, r + 1)
    c.circle(PARCHMENT, centre, r - 3)
    ICONS[person](c, centre, (r - 2) / 26)


def _figure_window(c: Canvas, person: str, rect: tuple[float, float, float, float]) -> None:
    x, y, w, h = rect
    top, bottom = BACKDROPS[person]
    c.rect(GOLD_DARK, (x - 4, y - 4, w + 8, h + 8), 16)
    c.rect(GOLD, (x - 2.5, y - 2.5, w + 5, h + 5), 15)
    window = pygame.Surface(c.r(rect).size, pygame.SRCALPHA)
    inner = Canvas(round(w), round(h))
    inner.vertical_gradient((0, 0, w, h), top, bottom)
    # an arched palace window behind the person
    inner.polygon(
        mix(top, (255, 255, 255), 0.45),
        [(w / 2 - 70, h)] + arc(w / 2, 120, 70, 90, 180, 360, 24) + [(w / 2 + 70, h)],
    )
    inner.stroke(
        mix(bottom, (120, 100, 80), 0.25),
        [(w / 2 - 70, h)] + arc(w / 2, 120, 70, 90, 180, 360, 24) + [(w / 2 + 70, h)],
        2,
    )
    inner.rect(mix(bottom, (120, 100, 80), 0.2), (0, h - 40, w, 40))
    figure = draw_figure(person)
    inner.surface.blit(figure.surface, ((w - BOX[0]) / 2 * SCALE, (h - BOX[1]) * SCALE))
    window.blit(inner.surface, (0, 0))
    round_mask(window, c.n(13))
    c.surface.blit(window, c.p((x, y)))


def person_card(person_id: str, colour_name: str) -> pygame.Surface:
    name = person_label(person_id)
    colour, word = PLAYER_COLOURS[colour_name][0], band_word(colour_name)
    c = Canvas(CARD_W, CARD_H)
    _frame(c, colour)
    c.rect(PARCHMENT, (16, TOP_BAND, CARD_W - 32, BOTTOM_BAND - TOP_BAND), 10)
    c.vertical_gradient((22, 370, CARD_W - 44, BOTTOM_BAND - 376), PARCHMENT, PARCHMENT_LOW)
    c.rect(shade(colour, 0.75), (16, TOP_BAND, CARD_W - 32, BOTTOM_BAND - TOP_BAND), 10, 2)
    _badge(c, BADGE_CENTRE, colour_name)
    size = fit_size(name, "display", 42, 262)
    c.text(
        name,
        "display",
        size,
        ink_on(colour),
        (226, 42),
        outline=shade(colour, 0.55),
        outline_width=1.4 if ink_on(colour)[0] > 128 else 0,
    )
    _figure_window(c, person_id, PORTRAIT)
    _medallion(c, (CARD_W / 2, PORTRAIT[1] + PORTRAIT[3] + 6), 34, person_id)
    x, y, w, h = TEXT_BOX
    size, lines = fit_paragraph(person_action(person_id), "text", 25, w, h)
    lead = size * 1.18
    top = y + (h - lead * len(lines)) / 2 + lead / 2 + 2
    for i, line in enumerate(lines):
        c.text(line, "text", size, TEXT_INK, (CARD_W / 2, top + i * lead))
    band_y = (BOTTOM_BAND + CARD_H) / 2 - 2
    band_size = fit_size(word, "display", 24, CARD_W - 2 * BAND_SHAPE_X - 2 * BAND_SHAPE_R - 30)
    tracking = 2.5 if len(word) < 10 else 1
    c.text(word, "display", band_size, ink_on(colour), (CARD_W / 2, band_y), tracking=tracking)
    for x in (BAND_SHAPE_X, CARD_W - BAND_SHAPE_X):
        shape_mark(c, colour_name, (x, band_y + 1), BAND_SHAPE_R)
    img = c.result()
    round_mask(img, RADIUS)
    return img


def king_card(person_id: str) -> pygame.Surface:
    name = person_label(person_id)
    c = Canvas(CARD_W, CARD_H)
    _frame(c, GOLD)
    c.rect(ROYAL_DARK, (16, 16, CARD_W - 32, CARD_H - 32), 14)
    c.vertical_gradient((20, 24, CARD_W - 40, CARD_H - 48), ROYAL, ROYAL_DARK)
    c.rect(GOLD_DARK, (16, 16, CARD_W - 32, CARD_H - 32), 14, 2)
    c.rect(shade(GOLD, 1.2), (24, 24, CARD_W - 48, CARD_H - 48), 10, 1.2)
    crown(c, (CARD_W / 2, 70), 1.2)
    heading = tr("KING CARD")
    c.text(heading, "display", fit_size(heading, "display", 17, 300), shade(GOLD, 1.25), (CARD_W / 2, 110),
           tracking=3)
    size = fit_size(name, "display", 40, 300)
    c.text(
        name,
        "display",
        size,
        (255, 250, 236),
        (CARD_W / 2, 146),
        outline=ROYAL_DARK,
        outline_width=1.4,
    )
    # the person in a round medallion
    centre, r = (CARD_W / 2, 296), 116
    c.circle(GOLD_DARK, centre, r + 6)
    c.circle(GOLD, centre, r + 3.5)
    top, bottom = BACKDROPS[person_id]
    portrait = Canvas(2 * r, 2 * r)
    portrait.vertical_gradient((0, 0, 2 * r, 2 * r), top, bottom)
    figure = draw_figure(person_id).surface
    crop = c.r((55, 6, 230, 230))  # head and chest
    face = pygame.transform.smoothscale(figure.subsurface(crop), (c.n(2 * r), c.n(2 * r)))
    portrait.surface.blit(face, (0, c.n(8)))
    mask = pygame.Surface(portrait.surface.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (c.n(r), c.n(r)), c.n(r))
    portrait.surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    c.surface.blit(portrait.surface, c.p((centre[0] - r, centre[1] - r)))
    # what the card does: the person's icon struck through, or for the Hofnarr a warning
    icon_at = (centre[0] + 88, centre[1] + 84)
    c.circle(GOLD_DARK, icon_at, 36)
    c.circle(PARCHMENT, icon_at, 33)
    if person_id == "Hofnarr":
        round_ends(c, icon_at, 1.0)
    else:
        ICONS[person_id](c, icon_at, 0.95)
        blocked(c, icon_at, 30)
    # the meaning on a parchment scroll
    x, y, w, h = 40, 436, CARD_W - 80, 88
    c.rect(PARCHMENT, (x, y, w, h), 10)
    c.rect(GOLD_DARK, (x, y, w, h), 10, 2)
    size, lines = fit_paragraph(king_text(person_id), "text", 25, w - 24, h - 10)
    lead = size * 1.18
    first = y + (h - lead * len(lines)) / 2 + lead / 2
    for i, line in enumerate(lines):
        c.text(line, "text", size, TEXT_INK, (CARD_W / 2, first + i * lead))
    img = c.result()
    round_mask(img, RADIUS)
    return img


def crown(c: Canvas, centre: Point, k: float, fill: Colour = GOLD) -> None:
    cx, cy = centre
    pts = [(-36, 20), (-42, -16), (-22, 2), (0, -28), (22, 2), (42, -16), (36, 20)]
    c.polygon(fill, [(cx + x * k, cy + y * k) for x, y in pts], GOLD_DARK, 2)
    c.rect(shade(fill, 0.85), (cx - 37 * k, cy + 14 * k, 74 * k, 10 * k), 3)
    c.rect(GOLD_DARK, (cx - 37 * k, cy + 14 * k, 74 * k, 10 * k), 3, 1.5)
    for x, y, gem in ((-42, -16, (60, 110, 210)), (0, -28, (210, 40, 60)), (42, -16, (60, 170, 90))):
        c.circle(gem, (cx + x * k, cy + y * k), 4.5 * k)
        c.circle(GOLD_DARK, (cx + x * k, cy + y * k), 4.5 * k, 1.2)
    c.circle((210, 40, 60), (cx, cy + 19 * k), 3.4 * k)


def person_back() -> pygame.Surface:
    c = Canvas(CARD_W, CARD_H)
    _frame(c, (236, 222, 188))
    field = (14, 14, CARD_W - 28, CARD_H - 28)
    c.rect(BURGUNDY, field, 14)
    c.clip(field)
    line = mix(BURGUNDY, GOLD, 0.35)
    step = 40
    for i in range(-CARD_H // step - 2, CARD_W // step + CARD_H // step + 2):
        x = i * step
        c.line(line, (x, 0), (x + CARD_H, CARD_H), 1.4)
        c.line(line, (x + CARD_H, 0), (x, CARD_H), 1.4)
    for row in range(-1, CARD_H // step * 2 + 2):
        for col in range(-1, CARD_W // step + 2):
            dot_x = col * step + (step / 2 if row % 2 else 0)
            c.circle(mix(BURGUNDY, GOLD, 0.6), (dot_x, row * step / 2), 2.2)
    c.clip(None)
    c.rect(GOLD, field, 14, 3)
    c.rect(GOLD_DARK, (24, 24, CARD_W - 48, CARD_H - 48), 10, 1.5)
    # central oval with the palace
    cx, cy = CARD_W / 2, CARD_H / 2
    c.ellipse(GOLD_DARK, (cx - 122, cy - 162, 244, 324))
    c.ellipse(GOLD, (cx - 118, cy - 158, 236, 316))
    c.ellipse((248, 238, 214), (cx - 110, cy - 150, 220, 300))
    palace(c, (cx, cy + 70), 1.0, BURGUNDY)
    c.text(
        "Palastgeflüster",
        "display",
        fit_size("Palastgeflüster", "display", 24, 170),
        BURGUNDY,
        (cx, cy + 102),
    )
    img = c.result()
    round_mask(img, RADIUS)
    return img


def palace(c: Canvas, base: Point, k: float, colour: Colour) -> None:
    """A palace silhouette standing on `base`: a domed hall between two onion-domed towers."""
    bx, by = base

    def pt(x: float, y: float) -> Point:
        return (bx + x * k, by + y * k)

    c.polygon(colour, [pt(-90, 0), pt(90, 0), pt(90, -10), pt(-90, -10)])
    c.polygon(colour, [pt(-54, -10), pt(54, -10), pt(54, -86), pt(-54, -86)])
    c.polygon(colour, [pt(x, y) for x, y in arc(0, -86, 40, 52, 180, 360, 24)])
    c.polygon(colour, [pt(-3, -136), pt(3, -136), pt(2, -156), pt(-2, -156)])
    c.circle(colour, pt(0, -158), 5 * k)
    for side in (-1, 1):
        tx = side * 72
        c.polygon(colour, [pt(tx - 16, -10), pt(tx + 16, -10), pt(tx + 16, -120), pt(tx - 16, -120)])
        onion = (
            [pt(tx - 16, -120)]
            + [pt(tx + x, y) for x, y in ((-22, -134), (-16, -150), (0, -170), (16, -150), (22, -134))]
            + [pt(tx + 16, -120)]
        )
        c.polygon(colour, onion)
        c.polygon(colour, [pt(tx - 1.5, -170), pt(tx + 1.5, -170), pt(tx + 1.5, -192), pt(tx - 1.5, -192)])
        c.polygon(colour, [pt(tx + 1.5, -192), pt(tx + 18, -186), pt(tx + 1.5, -180)])
        for wy in (-40, -80):
            c.rect((248, 238, 214), (bx + (tx - 5) * k, by + (wy - 10) * k, 10 * k, 16 * k), 5 * k)
    for wx in (-32, 0, 32):
        c.rect((248, 238, 214), (bx + (wx - 8) * k, by - 62 * k, 16 * k, 30 * k), 8 * k)
    c.rect((248, 238, 214), (bx - 12 * k, by - 28 * k, 24 * k, 18 * k), 4 * k)


def king_back() -> pygame.Surface:
    c = Canvas(CARD_W, CARD_H)
    _frame(c, GOLD)
    field = (14, 14, CARD_W - 28, CARD_H - 28)
    c.rect(ROYAL_DARK, field, 14)
    cx, cy = CARD_W / 2, CARD_H / 2
    c.clip(field)
    for i in range(36):  # sunburst
        a0 = math.radians(i * 10)
        a1 = math.radians(i * 10 + 5)
        far = 480
        c.polygon(
            ROYAL if i % 2 else mix(ROYAL, ROYAL_DARK, 0.4),
            [
                (cx, cy),
                (cx + far * math.cos(a0), cy + far * math.sin(a0)),
                (cx + far * math.cos(a1), cy + far * math.sin(a1)),
            ],
        )
    c.clip(None)
    c.rect(GOLD_DARK, field, 14, 3)
    c.rect(shade(GOLD, 1.2), (24, 24, CARD_W - 48, CARD_H - 48), 10, 1.5)
    c.circle(GOLD_DARK, (cx, cy), 104)
    c.circle(GOLD, (cx, cy), 100)
    c.circle(ROYAL, (cx, cy), 92)
    c.circle(shade(GOLD, 1.2), (cx, cy), 86, 1.5)
    crown(c, (cx, cy + 4), 1.7)
    for y in (64, CARD_H - 64):
        c.text(tr("♦  KING  ♦"), "display", 20, shade(GOLD, 1.2), (cx, y), tracking=3)
    img = c.result()
    round_mask(img, RADIUS)
    return img


def table() -> pygame.Surface:
    return felt((44, 98, 74), seed=1507)


def card_file(card_id: str) -> str:
    return f"{FOLDER}/{card_id.replace('/', '_')}.png"


def card_ids() -> list[str]:
    """Every art id of the game: a person card per person and colour (brown included), a King card each."""
    ids = [f"{p.id}/{colour}" for colour in (*COLOURS, BROWN) for p in PERSONS]
    ids += [f"king/{person}" for person in KING_PERSONS]
    return ids


def _drawer(card_id: str) -> Callable[[], pygame.Surface]:
    kind, _, rest = card_id.partition("/")
    if kind == "king":
        return lambda: king_card(rest)
    return lambda: person_card(kind, rest)


def art() -> GameArt:
    images: dict[str, Callable[[], pygame.Surface]] = {}
    cards: dict[str, str] = {}
    for card_id in card_ids():
        name = card_file(card_id)
        images[name] = _drawer(card_id)
        cards[card_id] = name
    images[f"{FOLDER}/back.png"] = person_back
    images[f"{FOLDER}/king_back.png"] = king_back
    images[f"{FOLDER}/table.png"] = table
    section = {
        "back": f"{FOLDER}/back.png",
        "king_back": f"{FOLDER}/king_back.png",
        "table": f"{FOLDER}/table.png",
        "cards": cards,
        "text": {
            "default": {
                "colour": list(TEXT_INK),
                "safe_area": [PORTRAIT[0], PORTRAIT[1], PORTRAIT[2], PORTRAIT[3]],
            },
        },
    }
    return GameArt(GAME_ID, images, section)
