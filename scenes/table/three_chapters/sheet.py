"""Chapter III counted card by card on the 3 Chapters table: the score sheet (every seat's column of rows,
built from the observation's breakdown), how it is drawn, and the banner that shows its rows one by one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.i18n import ntr, seat_label, tr
from game.three_chapters.cards import default_cards
from scenes.table.kit import Banner
from scenes.table.kit.paint import GOLD, INK, INK_DIM, PanelCache, TextCache
from scenes.table.three_chapters.pieces import Piece, render_pieces, token_pieces

SCORE_ROW_SECONDS = 0.55  # per row of the chapter-III sheet, at normal speed


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


def score_sheet(obs: Mapping[str, Any], names: Sequence[str]) -> ScoreSheet:
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
                won = token_pieces(gained[0], gained[1], gained[2], signed=True)
                rows.append(SheetRow([(label, INK), *won]))
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


@dataclass
class SheetBanner(Banner):
    """Chapter III counted card by card: the sheet's rows appear one after another, then the totals
    stay a while. A first click shows every row at once, the next goes on."""

    sheet: ScoreSheet | None = None
    row_seconds: float = 0.0

    def clicked(self) -> bool:
        rows_done = self.row_seconds * (self.sheet.steps if self.sheet else 0)
        if self.hold.elapsed < rows_done:
            self.hold.elapsed = rows_done
            return False
        return True

    def rows_shown(self) -> int:
        steps = self.sheet.steps if self.sheet else 0
        if self.hold.done or self.row_seconds <= 0:
            return steps
        return min(steps, int(self.hold.elapsed / self.row_seconds) + 1)


__all__ = ["SCORE_ROW_SECONDS", "ScoreSheet", "SheetBanner", "SheetRow", "draw_score_sheet", "score_sheet"]
