"""Words and glyph pieces of the 3 Chapters table: a card's label, a place's name, and lines made of
differently coloured pieces (the token glyphs ★ ♥ ◆ in their colours), such as a ledger line.

Everything here is drawn from observation data and the game's card table (names, attributes), never from
the engine state, in the chosen language.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import seat_label, tr
from game.three_chapters.cards import default_cards
from game.three_chapters.view import GainView
from scenes.table.kit.paint import INK, INK_DIM, TextCache, _shrunk

STAR_GOLD = (246, 200, 60)
HEART_RED = (236, 86, 104)
CRYSTAL_BLUE = (110, 200, 240)
TOKEN_GLYPHS: dict[str, tuple[str, tuple[int, int, int]]] = {
    "stars": ("★", STAR_GOLD),
    "hearts": ("♥", HEART_RED),
    "crystals": ("◆", CRYSTAL_BLUE),
}
TOKENS = ("stars", "hearts", "crystals")


def card_label(card: str | int | None) -> str:
    """'44 Troll': a card's value and name in the chosen language."""
    if card is None or card == "":
        return tr("a card")
    cards = default_cards()
    value = int(card)
    return f"{value} {cards.name_of(value)}" if value in cards.cards else str(card)


def card_value(card: str | None) -> int:
    """A card id as its value (0 for no card, or an id that is no value)."""
    try:
        return int(card or 0)
    except ValueError:
        return 0


def ghost_name(owner: int, names: Sequence[str]) -> str:
    return tr("Ghost of {seat}").format(seat=names[owner]) if 0 <= owner < len(names) else tr("Ghost")


def position_name(position: int, players: int, names: Sequence[str]) -> str:
    """A trick position: a seat, or (2 players) the ghost of seat position - players."""
    if position < players:
        return seat_label(position, names)
    return ghost_name(position - players, names)


# -- pieces of text with token glyphs ----------------------------------------------------------------
Piece = tuple[str, tuple[int, int, int]]


def token_pieces(stars: int, hearts: int, crystals: int, colour=INK, signed: bool = False) -> list[Piece]:
    pieces: list[Piece] = []
    for token, amount in zip(TOKENS, (stars, hearts, crystals), strict=True):
        if signed and not amount:
            continue
        glyph, tint = TOKEN_GLYPHS[token]
        if pieces:
            pieces.append(("  ", colour))
        pieces.append((glyph, tint))
        pieces.append((f"{'+' if signed else ''}{amount}", colour))
    return pieces


def render_pieces(texts: TextCache, pieces: Sequence[Piece], size: int, bold: bool = False,
                  max_width: int | None = None) -> pygame.Surface:
    """One line made of differently coloured pieces (glyphs in their token colours), at `size` or, to
    fit `max_width`, at the next smaller size a table's text may take (the smallest when none fits)."""
    for s in _shrunk(size) if max_width is not None else (size,):
        parts = [texts.render(text, s, colour, bold) for text, colour in pieces if text]
        if max_width is None or sum(p.get_width() for p in parts) <= max_width:
            break
    width = sum(p.get_width() for p in parts)
    height = max((p.get_height() for p in parts), default=1)
    line = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    x = 0
    for part in parts:
        line.blit(part, (x, (height - part.get_height()) // 2))
        x += part.get_width()
    return line


def gain_pieces(gain: GainView, names: Sequence[str]) -> list[Piece]:
    """'Anna ♥+2 Rotkäppchen (II)': one ledger line."""
    glyph, tint = TOKEN_GLYPHS.get(gain["token"], ("?", INK))
    source = gain["source"]
    if source == "trick":
        why = tr("won the trick")
    elif source == "bonus":
        why = tr("most crystals")
    else:
        why = card_label(source)
    colour = INK_DIM if gain["blocked"] else INK
    who = names[gain["seat"]] if 0 <= gain["seat"] < len(names) else "?"
    pieces: list[Piece] = [
        (f"{who} ", colour),
        (glyph, tint if not gain["blocked"] else INK_DIM),
        (f"+{gain['amount']}  {why}", colour),
    ]
    if gain["blocked"]:
        pieces.append(("  " + tr("(blocked)"), (220, 150, 150)))
    return pieces


__all__ = [
    "CRYSTAL_BLUE", "HEART_RED", "STAR_GOLD", "TOKENS", "TOKEN_GLYPHS", "Piece", "card_label", "card_value",
    "gain_pieces", "ghost_name", "position_name", "render_pieces", "token_pieces",
]
