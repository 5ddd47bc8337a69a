"""The 3 Chapters table's panels: a card's help lines, trick rewards and the chapter-III scoring sheet.

Everything here is drawn from observation data (the ledger, the breakdown) and the game's card table
(names, attributes, ability texts), never from the engine state, in the chosen language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.i18n import ntr, seat_label, tr
from game.three_chapters.cards import ATTRIBUTES, ability_text, default_cards
from scenes.table.kit.paint import GOLD, INK, INK_DIM, PanelCache, TextCache, _shrunk

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


def gain_pieces(gain: dict[str, Any], names: Sequence[str]) -> list[Piece]:
    """'Anna ♥+2 Rotkäppchen (II)': one ledger line."""
    glyph, tint = TOKEN_GLYPHS.get(gain["token"], ("?", INK))
    source = gain["source"]
    if source == "trick":
        why = tr("won the trick")
    elif source == "bonus":
        why = tr("most crystals")
    else:
        why = card_label(source)
    colour = INK_DIM if gain.get("blocked") else INK
    who = names[gain["seat"]] if 0 <= gain["seat"] < len(names) else "?"
    pieces: list[Piece] = [
        (f"{who} ", colour),
        (glyph, tint if not gain.get("blocked") else INK_DIM),
        (f"+{gain['amount']}  {why}", colour),
    ]
    if gain.get("blocked"):
        pieces.append(("  " + tr("(blocked)"), (220, 150, 150)))
    return pieces


# -- the hover help of a card -----------------------------------------------------------------------
def card_help_lines(value: int) -> list[tuple[str, str | None]]:
    """(text, seal or None) lines: value and name, attributes, then every ability with its seal."""
    cards = default_cards()
    card = cards.cards[value]
    names = cards.attribute_names
    attrs = [cards.attribute_label(a) for a in ATTRIBUTES if a in card.attributes]
    lines: list[tuple[str, str | None]] = [
        (f"{value}  {cards.name_of(value)}", None),
        (" · ".join(attrs), None),
    ]
    for ability in card.abilities:
        lines.append((ability_text(ability, names), ability.seal))
    if card.evaluate_last:
        lines.append((tr("Checked after every other player's abilities."), None))
    if not card.abilities:
        lines.append((tr("No ability: it only counts by its value."), None))
    return lines


# -- chapter III, card by card --------------------------------------------------------------------------
@dataclass
class SheetRow:
    pieces: list[Piece]
    strong: bool = False


@dataclass
class ScoreSheet:
    """Per seat, the rows of its final count, in the order they are shown."""

    names: list[str]
    columns: list[list[SheetRow]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)

    @property
    def steps(self) -> int:
        """How many card rows the longest column has (the two total rows come after them)."""
        return max((len(c) - 2 for c in self.columns), default=0)


def score_sheet(obs: dict[str, Any], names: Sequence[str]) -> ScoreSheet:
    """Every seat's chapter-II total, each card's chapter-III reward (a card with a III ability that
    brought nothing shows a dash), the most-crystals bonus and the points of each token."""
    cards = default_cards()
    sheet = ScoreSheet(list(names), winners=list(obs.get("winners") or []))
    for entry in obs.get("breakdown") or []:
        rows: list[SheetRow] = []
        two = [sum(c["chapter2"][i] for c in entry["cards"]) for i in range(3)]
        two[0] += entry["trick_stars"]
        rows.append(SheetRow([(tr("Chapter II") + "  ", INK_DIM), *token_pieces(*two)]))
        for c in entry["cards"]:
            card = cards.cards.get(c["card"])
            scores_in_three = card is not None and any(
                a.in_chapter(3) and not a.block for a in card.abilities
            )
            if not scores_in_three:
                continue
            gained = c["chapter3"]
            label = f"{c['card']} {cards.name_of(c['card'])}  " if card is not None else f"{c['card']}  "
            if any(gained):
                rows.append(SheetRow([(label, INK), *token_pieces(*gained, signed=True)]))
            else:
                rows.append(SheetRow([(label, INK_DIM), ("—", INK_DIM)]))
        if entry["crystal_bonus"]:
            rows.append(
                SheetRow(
                    [
                        (tr("Most crystals") + "  ", INK),
                        *token_pieces(0, 0, entry["crystal_bonus"], signed=True),
                    ]
                )
            )
        p = entry["points"]
        rows.append(
            SheetRow([("= ", INK), *token_pieces(entry["stars"], entry["hearts"], entry["crystals"])])
        )
        rows.append(
            SheetRow(
                [(f"{p['stars']} + {p['hearts']} + {p['crystals']} = {_points(p['total'])}", GOLD)],
                strong=True,
            )
        )
        sheet.columns.append(rows)
    return sheet


def _points(total: int) -> str:
    return ntr("{n} point", "{n} points", total).format(n=total)


def draw_score_sheet(
    texts: TextCache, panels: PanelCache, sheet: ScoreSheet, shown: int, size: tuple[int, int], unit: float
) -> pygame.Surface:
    """The sheet with the first `shown` rows of every column (the last two rows, the totals, come last)."""
    w, h = size
    surface = panels.get(size, (16, 12, 30, 250), max(4, round(16 * unit))).copy()
    pygame.draw.rect(
        surface, GOLD, surface.get_rect(), max(1, round(3 * unit)), border_radius=max(4, round(16 * unit))
    )
    pad = max(4, round(18 * unit))
    title = texts.fitted(
        tr("Chapter III: every card scores"), max(9, round(40 * unit)), w - 2 * pad, GOLD, True
    )
    surface.blit(title, title.get_rect(midtop=(w // 2, pad // 2)))
    hint = texts.fitted(
        tr("★ 2 points · ♥ 1 point · ◆ 1 point per pair · click to go on"),
        max(9, round(18 * unit)),
        w - 2 * pad,
        INK_DIM,
    )
    surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - pad // 3)))
    count = max(1, len(sheet.columns))
    col_w = (w - 2 * pad) // count
    top = pad // 2 + title.get_height() + pad // 2
    rows_room = h - top - hint.get_height() - pad
    row_h = max(10, min(round(34 * unit), rows_room // max(3, sheet.steps + 4)))
    font_size = max(9, min(round(22 * unit), row_h - 3))
    for seat, rows in enumerate(sheet.columns):
        x = pad + seat * col_w
        won = seat in sheet.winners and shown >= sheet.steps  # no spoiler before the totals
        if won:
            glow = panels.get((col_w - 4, h - top - pad // 2), (255, 214, 90, 40), max(3, round(10 * unit)))
            surface.blit(glow, (x + 2, top - 4))
        name = seat_label(seat, sheet.names)
        head = texts.fitted(
            tr("{name} — wins").format(name=name) if won and shown >= sheet.steps else name,
            max(9, round(26 * unit)),
            col_w - 8,
            GOLD if won else INK,
            True,
        )
        surface.blit(head, (x + 6, top))
        y = top + head.get_height() + 4
        # the totals wait until every card of every column is shown: they close the count together
        body, totals = rows[:-2], rows[-2:]
        visible = body[:shown] + (totals if shown >= sheet.steps else [])
        for row in visible:
            size_now = font_size + (2 if row.strong else 0)
            line = render_pieces(texts, row.pieces, size_now, row.strong, max_width=col_w - 10)
            if line.get_width() > col_w - 10 and len(row.pieces) > 1:  # cut the card's name, keep the tokens
                tail = render_pieces(texts, row.pieces[1:], size_now, row.strong)
                text, colour = row.pieces[0]
                room = max(10, col_w - 10 - tail.get_width())
                head = texts.fitted(text.rstrip() + " ", size_now, room, colour, row.strong, shrink=False)
                line = pygame.Surface(
                    (head.get_width() + tail.get_width(), max(head.get_height(), tail.get_height())),
                    pygame.SRCALPHA,
                )
                line.blit(head, (0, 0))
                line.blit(tail, (head.get_width(), 0))
            if line.get_width() > col_w - 10:
                scale = (col_w - 10) / line.get_width()
                line = pygame.transform.smoothscale(
                    line, (col_w - 10, max(1, round(line.get_height() * scale)))
                )
            surface.blit(line, (x + 8, y))
            y += row_h
    return surface
