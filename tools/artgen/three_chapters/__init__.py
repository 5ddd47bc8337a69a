"""3 Chapters' default art: the 50 story cards, the back and the table.

The card data (values, names, attributes, ability texts) comes from game.three_chapters.cards, its
words in the language chosen while drawing (tools.draw_default_pack draws each language).

A card, 400 x 560, looks like a page of an old storybook: a cloth binding in the colour of the card's
first attribute, a big value in a gold medallion (it decides the trick, so it reads first, even from
across the table), the name on a ribbon, a picture (a night or day landscape in the attribute's colours
with the card's attributes standing in it as carved emblems), the row of attribute icons, and the
abilities, each behind a wax seal that says when it scores: II (in a trick), III (the final count) or
II+III (both).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import partial

import pygame

from game.i18n import tr, words
from game.three_chapters.cards import ATTRIBUTES, Ability, Card, ability_effect, default_cards
from tools.artgen import GameArt
from tools.artgen.felt import felt
from tools.artgen.paint import Canvas, Colour, Point, arc, fit_paragraph, fit_size, mix, round_mask, shade
from tools.artgen.three_chapters.icons import ATTRIBUTE_COLOURS, ICONS, LIGHT, crystal, heart, star

GAME_ID = "three_chapters"
CARD_W, CARD_H = 400, 560
RADIUS = 22
FOLDER = GAME_ID

PAPER = (248, 240, 220)
PAPER_LOW = (236, 222, 190)
TEXT_INK = (50, 36, 30)
GOLD = (222, 176, 58)
GOLD_DARK = (140, 100, 30)
SEAL_RED = (168, 36, 40)
SEAL_BLUE = (40, 70, 150)
SEAL_PURPLE = (110, 48, 130)

VALUE_CENTRE, VALUE_R = (62, 62), 46  # the value medallion
NAME_BOX = (112, 26, 270, 64)  # the ribbon with the name
PICTURE = (24, 112, 352, 196)  # the picture window
ICON_ROW_Y = 326  # centre line of the attribute icons
TEXT_BOX = (24, 352, 352, 182)  # the abilities

SEAL_STYLE: dict[str, tuple[str, Colour]] = {
    "II": ("II", SEAL_BLUE),
    "III": ("III", SEAL_RED),
    "both": ("II+III", SEAL_PURPLE),
}


def primary(card: Card) -> str:
    """The attribute that colours the card: the first one in the attribute order it has."""
    if len(card.attributes) == len(ATTRIBUTES):
        return "wunderland"
    return next(a for a in ATTRIBUTES if a in card.attributes)


def ability_words(ability: Ability, names: dict[str, str]) -> str:
    """The ability's text without its chapter words: the seal beside it says that."""
    text = words(ability_effect(ability, names))
    if ability.text:
        return text
    return text[:1].upper() + text[1:] + "."


# -- parts -------------------------------------------------------------------------------------------
def _binding(c: Canvas, colour: Colour) -> None:
    c.rect(shade(colour, 0.55), (0, 0, CARD_W, CARD_H), RADIUS)
    c.rect(colour, (3, 3, CARD_W - 6, CARD_H - 6), RADIUS - 2)
    rng = random.Random(7)
    for _ in range(160):  # the cloth's weave
        x, y = rng.uniform(6, CARD_W - 6), rng.uniform(6, CARD_H - 6)
        c.line(shade(colour, 0.88), (x, y), (x + rng.uniform(4, 12), y), 0.8)
    c.rect(shade(colour, 1.3), (8, 8, CARD_W - 16, CARD_H - 16), RADIUS - 6, 1.4)


def _page(c: Canvas, colour: Colour) -> None:
    box = (14, 100, CARD_W - 28, CARD_H - 114)
    c.rect(PAPER, box, 12)
    c.vertical_gradient((18, 340, CARD_W - 36, CARD_H - 360), PAPER, PAPER_LOW)
    c.rect(shade(colour, 0.7), box, 12, 2)
    for x, y in ((30, CARD_H - 28), (CARD_W - 30, CARD_H - 28)):  # corner flourishes
        c.stroke(shade(colour, 0.8), arc(x, y, 8, 8, 0, 300, 14), 1.4)


def _value_medallion(c: Canvas, value: int, colour: Colour) -> None:
    cx, cy = VALUE_CENTRE
    c.circle(GOLD_DARK, (cx, cy), VALUE_R + 3)
    c.circle(GOLD, (cx, cy), VALUE_R)
    for i in range(24):  # a milled rim
        a = math.radians(i * 15)
        c.circle(shade(GOLD, 1.25), (cx + (VALUE_R - 4) * math.cos(a), cy + (VALUE_R - 4) * math.sin(a)), 1.6)
    c.circle(PAPER, (cx, cy), VALUE_R - 9)
    c.circle(shade(colour, 0.8), (cx, cy), VALUE_R - 9, 1.6)
    text = str(value)
    size = 50 if value < 10 else fit_size(text, "display", 48, VALUE_R * 1.5)
    c.text(text, "display", size, TEXT_INK, (cx, cy + 1))


def _name_ribbon(c: Canvas, name: str, colour: Colour) -> None:
    x, y, w, h = NAME_BOX
    tail = 14
    band = [(x, y + 8), (x + w, y + 8), (x + w - tail, y + h / 2 + 4), (x + w, y + h), (x, y + h)]
    c.polygon(shade(colour, 0.45), [(px + 2, py + 3) for px, py in band])
    c.polygon(PAPER, band, shade(colour, 0.6), 2)
    size = fit_size(name, "display", 34, w - tail - 22, 12)
    lines = [name]
    if size < 22 and " " in name:  # a long name reads better on two lines than squeezed on one
        words = name.split()
        half = max(1, len(words) // 2)
        lines = [" ".join(words[:half]), " ".join(words[half:])]
        size = min(fit_size(line, "display", 26, w - tail - 22, 12) for line in lines)
    mid = y + 8 + (h - 8) / 2
    lead = size * 1.05
    for i, line in enumerate(lines):
        c.text(
            line, "display", size, TEXT_INK, (x + (w - tail) / 2 + 4, mid + (i - (len(lines) - 1) / 2) * lead)
        )


def _picture(c: Canvas, card: Card, colour: Colour) -> None:
    x, y, w, h = PICTURE
    rng = random.Random(card.value * 7919)
    night = card.value % 2 == 0
    c.rect(GOLD_DARK, (x - 3, y - 3, w + 6, h + 6), 14)
    c.rect(GOLD, (x - 1.5, y - 1.5, w + 3, h + 3), 13)
    inner = Canvas(round(w), round(h))
    sky_top = mix(colour, (12, 16, 50), 0.7) if night else mix(colour, (150, 200, 240), 0.65)
    sky_low = mix(colour, (60, 40, 90), 0.35) if night else mix(colour, (255, 236, 200), 0.55)
    inner.vertical_gradient((0, 0, w, h), sky_top, sky_low)
    if night:
        for _ in range(26):
            inner.circle(
                (255, 250, 220), (rng.uniform(4, w - 4), rng.uniform(4, h * 0.55)), rng.uniform(0.6, 1.6)
            )
        mx = rng.uniform(w * 0.62, w * 0.86)
        inner.circle((252, 244, 210), (mx, 36), 18)
        inner.circle(sky_top, (mx + 8, 31), 15)
    else:
        sx = rng.uniform(w * 0.6, w * 0.86)
        inner.radial_glow((sx, 40), 34, (255, 246, 200), sky_low, 16)
        inner.circle((255, 236, 150), (sx, 40), 14)
        for _ in range(2):
            cx, cy = rng.uniform(30, w - 60), rng.uniform(22, 60)
            for dx, r in ((0, 11), (12, 15), (26, 10)):
                inner.circle((255, 255, 255), (cx + dx, cy), r)
    _far_scenery(inner, card, rng, w, h, night)
    hill = mix(colour, (40, 90, 50), 0.55)
    back_hill = (
        [(0, h)] + [(i * w / 24, h * 0.62 + 10 * math.sin(i / 3 + card.value)) for i in range(25)] + [(w, h)]
    )
    inner.polygon(shade(mix(hill, sky_low, 0.35), 1.0 if not night else 0.7), back_hill)
    front = [(0, h)] + bezier_hill(w, h, rng) + [(w, h)]
    inner.polygon(shade(hill, 0.85 if not night else 0.55), front)
    _figures(inner, card, colour, w, h)
    window = pygame.Surface(c.r(PICTURE).size, pygame.SRCALPHA)
    window.blit(inner.surface, (0, 0))
    round_mask(window, c.n(12))
    c.surface.blit(window, c.p((x, y)))


def bezier_hill(w: float, h: float, rng: random.Random) -> list[Point]:
    a, b = rng.uniform(0.7, 0.82), rng.uniform(0.7, 0.82)
    return [(i * w / 20, h * (a + (b - a) * i / 20) + 6 * math.sin(i * 0.9)) for i in range(21)]


def _far_scenery(c: Canvas, card: Card, rng: random.Random, w: float, h: float, night: bool) -> None:
    """A silhouette on the horizon that hints at the card's world: a castle, a forest, mountains or a
    tower."""
    ink = (30, 30, 54) if night else (110, 120, 150)
    base = h * 0.64
    motif = card.value % 4
    if "krone" in card.attributes or motif == 0:
        cx = rng.uniform(w * 0.15, w * 0.35)
        c.rect(ink, (cx - 26, base - 40, 52, 40))
        for tx in (-30, 22):
            c.rect(ink, (cx + tx, base - 62, 10, 62))
            c.polygon(ink, [(cx + tx - 3, base - 62), (cx + tx + 5, base - 78), (cx + tx + 13, base - 62)])
        for bx in range(-24, 26, 8):
            c.rect(ink, (cx + bx, base - 46, 5, 6))
        c.rect((250, 220, 120) if night else (200, 206, 220), (cx - 5, base - 30, 10, 14), 4)
    elif "zwerg" in card.attributes or motif == 1:
        for i in range(4):
            mx = w * 0.1 + i * w * 0.22 + rng.uniform(-10, 10)
            peak = base - rng.uniform(40, 70)
            c.polygon(ink, [(mx - 50, base), (mx, peak), (mx + 50, base)])
            c.polygon(
                mix(ink, (255, 255, 255), 0.6), [(mx - 10, peak + 14), (mx, peak), (mx + 10, peak + 14)]
            )
    elif "zauberer" in card.attributes or motif == 2:
        tower_x = rng.uniform(w * 0.12, w * 0.3)
        c.rect(ink, (tower_x - 12, base - 86, 24, 86))
        c.polygon(ink, [(tower_x - 18, base - 86), (tower_x, base - 118), (tower_x + 18, base - 86)])
        c.rect((250, 220, 120) if night else (210, 214, 230), (tower_x - 4, base - 70, 8, 12), 4)
    else:
        for _ in range(9):
            fx = rng.uniform(0, w)
            top = base - rng.uniform(26, 52)
            c.polygon(ink, [(fx - 14, base), (fx, top), (fx + 14, base)])


def _figures(c: Canvas, card: Card, colour: Colour, w: float, h: float) -> None:
    """The card's attributes as emblems on the hill: the first big on a plinth, the others beside it."""
    attrs = [a for a in ATTRIBUTES if a in card.attributes]
    main = primary(card)
    others = [a for a in attrs if a != main]
    cx, base = w / 2, h * 0.8
    c.ellipse((0, 0, 0, 70), (cx - 58, base + 2, 116, 18))
    r = 50
    c.circle(shade(colour, 0.5), (cx, base - r + 6), r + 4)
    c.circle(mix(colour, (255, 255, 255), 0.18), (cx, base - r + 6), r)
    c.circle(mix(colour, (255, 255, 255), 0.45), (cx, base - r + 6), r - 6, 1.5)
    ICONS[main](c, (cx, base - r + 6), 1.9, shade(colour, 0.3))
    if not others:
        return
    small = 19 if len(others) <= 3 else 14
    spots = _side_spots(len(others), cx, base, w)
    for attr, (sx, sy) in zip(others, spots, strict=True):
        tint = ATTRIBUTE_COLOURS[attr]
        c.circle(shade(tint, 0.5), (sx, sy), small + 2.5)
        c.circle(mix(tint, (255, 255, 255), 0.3), (sx, sy), small)
        ICONS[attr](c, (sx, sy), small / 24, shade(tint, 0.3))


def _side_spots(count: int, cx: float, base: float, w: float) -> list[Point]:
    left = [(cx - 96, base - 24), (cx - 140, base - 46), (cx - 120, base - 92), (cx - 92, base - 118)]
    right = [(cx + 96, base - 24), (cx + 140, base - 46), (cx + 120, base - 92), (cx + 92, base - 118)]
    spots = [p for pair in zip(left, right, strict=True) for p in pair]
    return spots[:count]


def _icon_row(c: Canvas, card: Card) -> None:
    attrs = [a for a in ATTRIBUTES if a in card.attributes]
    count = len(attrs)
    r = 15 if count <= 4 else 12.5 if count <= 6 else 11
    step = 2 * r + 10
    x0 = CARD_W / 2 - step * (count - 1) / 2
    for i, attr in enumerate(attrs):
        tint = ATTRIBUTE_COLOURS[attr]
        centre = (x0 + i * step, ICON_ROW_Y)
        c.circle(shade(tint, 0.55), centre, r + 2)
        c.circle(tint, centre, r)
        ICONS[attr](c, centre, r / 24, LIGHT)


def _seal(c: Canvas, centre: Point, seal: str, r: float = 21) -> None:
    label, colour = SEAL_STYLE[seal]
    x, y = centre
    blob = [
        (
            x + (r + 2.5 * math.sin(i * 2.3)) * math.cos(math.radians(i * 20)),
            y + (r + 2.5 * math.sin(i * 2.3)) * math.sin(math.radians(i * 20)),
        )
        for i in range(18)
    ]
    c.polygon(shade(colour, 0.7), blob)
    c.circle(colour, centre, r - 3)
    c.circle(shade(colour, 1.35), centre, r - 6, 1.2)
    size = fit_size(label, "display", 17, (r - 6) * 2, 8)
    c.text(label, "display", size, (255, 246, 230), (x, y + 0.5))


def _abilities(c: Canvas, card: Card, names: dict[str, str]) -> None:
    x, y, w, h = TEXT_BOX
    lines: list[tuple[str | None, str]] = [(a.seal, ability_words(a, names)) for a in card.abilities]
    if card.evaluate_last:
        lines.append((None, tr("Checked after every other player's abilities.")))
    if not lines:
        return
    seal_w = 52
    gap = 8
    block_h = (h - gap * (len(lines) - 1)) / len(lines)
    size = 24.0
    for _, text in lines:
        s, _ = fit_paragraph(text, "text", 24, w - seal_w - 14, block_h - 4)
        size = min(size, s)
    for i, (seal, text) in enumerate(lines):
        top = y + i * (block_h + gap)
        if i:
            c.line(mix(PAPER_LOW, TEXT_INK, 0.25), (x + 20, top - gap / 2), (x + w - 20, top - gap / 2), 1)
        _, wrapped = fit_paragraph(text, "text", size, w - seal_w - 14, block_h - 4)
        lead = size * 1.16
        first = top + (block_h - lead * len(wrapped)) / 2 + lead / 2
        if seal is not None:
            _seal(c, (x + seal_w / 2 + 2, top + block_h / 2), seal, min(21, block_h / 2 - 1))
        else:
            _hourglass(c, (x + seal_w / 2 + 2, top + block_h / 2), min(16, block_h / 2 - 2))
        for j, line in enumerate(wrapped):
            c.text(line, "text", size, TEXT_INK, (x + seal_w + 8, first + j * lead), align="left")


def _hourglass(c: Canvas, centre: Point, r: float) -> None:
    x, y = centre
    c.polygon(
        (120, 90, 60),
        [
            (x - r * 0.7, y - r),
            (x + r * 0.7, y - r),
            (x, y),
            (x + r * 0.7, y + r),
            (x - r * 0.7, y + r),
            (x, y),
        ],
        (70, 50, 30),
        1.4,
    )
    c.polygon((236, 206, 140), [(x - r * 0.35, y + r * 0.9), (x + r * 0.35, y + r * 0.9), (x, y + r * 0.4)])


# -- whole faces --------------------------------------------------------------------------------------
def card_face(value: int) -> pygame.Surface:
    cards = default_cards()
    card = cards.cards[value]
    names = dict(cards.attribute_names)
    colour = ATTRIBUTE_COLOURS[primary(card)]
    c = Canvas(CARD_W, CARD_H)
    _binding(c, colour)
    _page(c, colour)
    _picture(c, card, colour)
    _value_medallion(c, value, colour)
    _name_ribbon(c, cards.name_of(value), colour)
    _icon_row(c, card)
    _abilities(c, card, names)
    if len(card.attributes) == len(ATTRIBUTES):
        c.text(tr("all 8 attributes"), "text", 14, shade(colour, 0.5), (CARD_W / 2, ICON_ROW_Y + 17))
    img = c.result()
    round_mask(img, RADIUS)
    return img


def card_back() -> pygame.Surface:
    colour = (54, 40, 92)
    c = Canvas(CARD_W, CARD_H)
    c.rect(shade(colour, 0.6), (0, 0, CARD_W, CARD_H), RADIUS)
    c.rect(colour, (3, 3, CARD_W - 6, CARD_H - 6), RADIUS - 2)
    field = (14, 14, CARD_W - 28, CARD_H - 28)
    c.clip(field)
    rng = random.Random(3)
    for _ in range(70):
        star(
            c,
            (rng.uniform(14, CARD_W - 14), rng.uniform(14, CARD_H - 14)),
            rng.uniform(2, 5),
            mix(GOLD, colour, 0.45),
        )
    c.clip(None)
    c.rect(GOLD, field, 14, 3)
    c.rect(GOLD_DARK, (24, 24, CARD_W - 48, CARD_H - 48), 10, 1.5)
    cx, cy = CARD_W / 2, CARD_H / 2
    # an open book with three ribbons: the three chapters
    c.ellipse(GOLD_DARK, (cx - 130, cy - 150, 260, 300))
    c.ellipse(GOLD, (cx - 126, cy - 146, 252, 292))
    c.ellipse((250, 242, 222), (cx - 118, cy - 138, 236, 276))
    for side in (-1, 1):
        page = [(cx, cy - 20), (cx + side * 84, cy - 44), (cx + side * 88, cy + 40), (cx, cy + 58)]
        c.polygon((255, 252, 240), page, (120, 90, 50), 2)
        for k in range(4):
            yy = cy - 18 + k * 14
            c.line((170, 150, 120), (cx + side * 14, yy + 4 - k), (cx + side * 72, yy - 12 + k * 2), 1.2)
    for i, tint in enumerate(((168, 36, 40), (40, 70, 150), (110, 48, 130))):
        rx = cx - 18 + i * 18
        c.polygon(
            tint, [(rx - 4, cy + 50), (rx + 4, cy + 50), (rx + 4, cy + 96), (rx, cy + 90), (rx - 4, cy + 96)]
        )
    c.text("3", "display", 64, (54, 40, 92), (cx, cy - 84))
    c.text("CHAPTERS", "display", 22, (54, 40, 92), (cx, cy - 40), tracking=3)
    row_y = cy + 116
    star(c, (cx - 40, row_y), 7.0)
    heart(c, (cx, row_y), 7.0)
    crystal(c, (cx + 40, row_y), 8.0)
    img = c.result()
    round_mask(img, RADIUS)
    return img


def table() -> pygame.Surface:
    return felt((58, 52, 92), seed=3003)


def card_ids() -> list[str]:
    """Every art id of the game: the card value as text ("1" … "50")."""
    return [str(v) for v in default_cards().cards]


def card_file(card_id: str) -> str:
    return f"{FOLDER}/card_{int(card_id):02d}.png"


def art() -> GameArt:
    images: dict[str, Callable[[], pygame.Surface]] = {}
    cards: dict[str, str] = {}
    for card_id in card_ids():
        name = card_file(card_id)
        images[name] = partial(card_face, int(card_id))
        cards[card_id] = name
    images[f"{FOLDER}/back.png"] = card_back
    images[f"{FOLDER}/table.png"] = table
    section = {
        "back": f"{FOLDER}/back.png",
        "table": f"{FOLDER}/table.png",
        "cards": cards,
        "text": {"default": {"colour": list(TEXT_INK), "safe_area": list(PICTURE)}},
    }
    return GameArt(GAME_ID, images, section)
