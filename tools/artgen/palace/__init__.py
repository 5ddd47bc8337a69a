"""Palace's default art: a classic 52-card deck, its back and the table.

A face, 400 x 560: white with a fine border, big corner indices (rank over suit) in two corners, the
pips of a number card in the printed arrangement (the lower half's turned round), a large single pip
for an ace, and a framed double-ended figure for J, Q and K. The art ids are the engine's card
strings ("10H", "QS"), read from game.palace.cards.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.palace.cards import DECK
from tools.artgen import GameArt
from tools.artgen.felt import felt
from tools.artgen.paint import SCALE, Canvas, Colour, fit_size, mix, round_mask, shade
from tools.artgen.palace.court import GOLD, GOLD_DARK, court_picture
from tools.artgen.palace.suits import BLACK, RED, SUIT_COLOURS, pip

GAME_ID = "palace"
CARD_W, CARD_H = 400, 560
RADIUS = 22
FOLDER = GAME_ID

PAPER: Colour = (253, 252, 247)
EDGE: Colour = (168, 164, 156)
BACK_FIELD: Colour = (30, 56, 128)

#: corner index: the rank's centre and size, the suit pip's centre and height below it
INDEX_RANK, INDEX_RANK_SIZE = (44, 50), 56
INDEX_PIP, INDEX_PIP_H = (44, 104), 38
INDEX_BOX = (8, 16, 72, 112)  # x, y, w, h of one corner index
#: where the pips and the court picture go
PIP_BOX = (92, 64, 216, 432)
COURT_BOX = (84, 60, 232, 440)
PIP_H = 66

_COLS = {"L": 140.0, "M": 200.0, "R": 260.0}
_TOP, _BOTTOM = 108.0, 452.0


def _rows(k: int) -> list[float]:
    return [_TOP + (_BOTTOM - _TOP) * i / (k - 1) for i in range(k)]


def _pip_places(rank: str) -> list[tuple[float, float]]:
    """The printed arrangement of a number card's pips."""
    mid = (_TOP + _BOTTOM) / 2
    r3, r4 = _rows(3), _rows(4)
    L, M, R = _COLS["L"], _COLS["M"], _COLS["R"]
    sides3 = [(x, y) for y in r3 for x in (L, R)]
    sides4 = [(x, y) for y in r4 for x in (L, R)]
    corners = [(L, _TOP), (R, _TOP), (L, _BOTTOM), (R, _BOTTOM)]
    places = {
        "2": [(M, _TOP), (M, _BOTTOM)],
        "3": [(M, _TOP), (M, mid), (M, _BOTTOM)],
        "4": corners,
        "5": corners + [(M, mid)],
        "6": sides3,
        "7": sides3 + [(M, (_TOP + mid) / 2)],
        "8": sides3 + [(M, (_TOP + mid) / 2), (M, (mid + _BOTTOM) / 2)],
        "9": sides4 + [(M, mid)],
        "10": sides4 + [(M, (r4[0] + r4[1]) / 2), (M, (r4[2] + r4[3]) / 2)],
    }
    return places[rank]


def _index(c: Canvas, rank: str, suit: str) -> None:
    colour = SUIT_COLOURS[suit]
    size = fit_size(rank, "display", INDEX_RANK_SIZE, 66)
    c.text(rank, "display", size, colour, INDEX_RANK, tracking=-2 if rank == "10" else 0)
    pip(c, suit, INDEX_PIP, INDEX_PIP_H)


def _turned_corner(c: Canvas) -> None:
    """Copy the top-left index, turned round, into the bottom-right corner."""
    box = c.r(INDEX_BOX)
    piece = pygame.transform.rotate(c.surface.subsurface(box).copy(), 180)
    c.surface.blit(piece, (c.surface.get_width() - box.right, c.surface.get_height() - box.bottom))


def _blank(c: Canvas) -> None:
    c.rect(PAPER, (0, 0, CARD_W, CARD_H), RADIUS)
    c.rect(EDGE, (0, 0, CARD_W, CARD_H), RADIUS, 2.5)


def face(card: str) -> pygame.Surface:
    rank, suit = card[:-1], card[-1]
    c = Canvas(CARD_W, CARD_H)
    _blank(c)
    _index(c, rank, suit)
    if rank in ("J", "Q", "K"):
        court_picture(c, rank, suit, COURT_BOX)
    elif rank == "A":
        _ace(c, suit)
    else:
        mid = (_TOP + _BOTTOM) / 2
        for x, y in _pip_places(rank):
            pip(c, suit, (x, y), PIP_H, flip=y > mid + 1)
    _turned_corner(c)
    img = c.result()
    round_mask(img, RADIUS)
    return img


def _ace(c: Canvas, suit: str) -> None:
    centre = (CARD_W / 2, CARD_H / 2)
    if suit == "S":  # the ace of spades is the ornate one
        c.circle(mix(PAPER, GOLD, 0.35), centre, 128)
        c.circle(GOLD_DARK, centre, 128, 2.0)
        c.circle(GOLD_DARK, centre, 118, 1.0)
        for i in range(24):
            import math

            a = math.tau * i / 24
            p = (centre[0] + 123 * math.cos(a), centre[1] + 123 * math.sin(a))
            c.circle(GOLD_DARK, p, 2.4)
        pip(c, suit, centre, 176)
        c.text("PALACE", "display", 18, PAPER, (centre[0], centre[1] + 6), tracking=2)
    else:
        pip(c, suit, centre, 190)


def back() -> pygame.Surface:
    c = Canvas(CARD_W, CARD_H)
    _blank(c)
    field = (18, 18, CARD_W - 36, CARD_H - 36)
    c.rect(BACK_FIELD, field, 14)
    c.clip(field)
    line = mix(BACK_FIELD, PAPER, 0.28)
    step = 28
    for i in range(-CARD_H // step - 2, CARD_W // step + CARD_H // step + 2):
        x = i * step
        c.line(line, (x, 0), (x + CARD_H, CARD_H), 1.6)
        c.line(line, (x + CARD_H, 0), (x, CARD_H), 1.6)
    for row in range(0, CARD_H // step * 2 + 2):
        for col in range(0, CARD_W // step + 2):
            dot_x = col * step + (step / 2 if row % 2 else 0)
            c.circle(mix(BACK_FIELD, PAPER, 0.5), (dot_x, row * step / 2), 1.8)
    c.clip(None)
    c.rect(PAPER, field, 14, 3)
    c.rect(mix(BACK_FIELD, PAPER, 0.6), (28, 28, CARD_W - 56, CARD_H - 56), 10, 1.4)
    cx, cy = CARD_W / 2, CARD_H / 2
    c.ellipse(PAPER, (cx - 96, cy - 126, 192, 252))
    c.ellipse(BACK_FIELD, (cx - 88, cy - 118, 176, 236))
    c.ellipse(mix(BACK_FIELD, PAPER, 0.5), (cx - 80, cy - 110, 160, 220), 1.4)
    for suit, (dx, dy) in zip("SHCD", ((0, -58), (44, 0), (0, 58), (-44, 0)), strict=True):
        pip(c, suit, (cx + dx, cy + dy), 44, colour=PAPER if suit in "SC" else shade(RED, 1.25))
    c.circle(PAPER, (cx, cy), 14)
    c.circle(BACK_FIELD, (cx, cy), 9)
    img = c.result()
    round_mask(img, RADIUS)
    return img


def table() -> pygame.Surface:
    return felt((30, 84, 70), seed=3301)


def card_file(card: str) -> str:
    return f"{FOLDER}/{card}.png"


def card_ids() -> list[str]:
    """Every face's art id: the engine's card strings."""
    return list(DECK)


def _drawer(card: str) -> Callable[[], pygame.Surface]:
    return lambda: face(card)


def art() -> GameArt:
    images: dict[str, Callable[[], pygame.Surface]] = {}
    cards: dict[str, str] = {}
    for card in card_ids():
        name = card_file(card)
        images[name] = _drawer(card)
        cards[card] = name
    images[f"{FOLDER}/back.png"] = back
    images[f"{FOLDER}/table.png"] = table
    section = {
        "back": f"{FOLDER}/back.png",
        "table": f"{FOLDER}/table.png",
        "cards": cards,
        "text": {"default": {"colour": list(BLACK), "safe_area": list(PIP_BOX)}},
    }
    return GameArt(GAME_ID, images, section)


__all__ = ["CARD_H", "CARD_W", "COURT_BOX", "INDEX_BOX", "PIP_BOX", "RADIUS", "SCALE", "art", "card_ids"]
