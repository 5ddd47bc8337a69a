"""Chapter III counted card by card on the 3 Chapters table: the score sheet (every seat's column of rows,
built from the observation's breakdown, with the running count after each row), its picture, and the banner
that holds it until a click.

The sheet is revealed in stages (TC-R7): the chapter-II row, then the cards one by one (every column's
n-th card together), then the most-crystals bonus, then the totals with the winner. The picture is made
once for a window size (`SheetPicture`): an opaque panel with the title, the hint and the names, and each
row's line, drawn the first time it is shown; a frame only blits what its stage shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.i18n import ntr, seat_label, tr
from game.three_chapters.data import ThreeChaptersData, observed, shipped_data
from scenes.table.kit import Banner
from scenes.table.kit.moments import token
from scenes.table.kit.paint import GOLD, INK, INK_DIM, TextCache
from scenes.table.three_chapters.pieces import Piece, render_pieces, token_pieces

SCORE_ROW_SECONDS = 0.55  # per stage of the chapter-III sheet, at normal speed
PANEL_FILL = (16, 12, 30)
CORNER_KEY = (255, 0, 255)  # the colour left out around the panel's rounded corners
GLOW = (255, 214, 90, 40)
LINES_PER_FRAME = 3  # rows of the sheet made at most in one frame (the rest show a frame or two later)


@dataclass
class SheetRow:
    pieces: list[Piece]
    strong: bool = False
    bonus: bool = False  # the most-crystals bonus (TC-R7): it comes after every card, as a stamp


@dataclass
class ScoreSheet:
    """Per seat, the rows of its final count, in the order they are shown, and the running count (the
    points so far) after each row but the two totals."""

    names: list[str]
    columns: list[list[SheetRow]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    counts: list[list[int]] = field(default_factory=list)
    bonuses: list[int] = field(default_factory=list)  # per column, the most-crystals bonus (0: none)
    #: the card data the game was played with: the cards' abilities and what each token is worth
    data: ThreeChaptersData = field(default_factory=shipped_data)

    @property
    def steps(self) -> int:
        """How many rows before the totals the longest column has."""
        return max((len(c) - 2 for c in self.columns), default=0)

    @property
    def card_stages(self) -> int:
        """The stages of the rows before the bonus: the chapter-II row and the cards."""
        return max((sum(1 for row in c[:-2] if not row.bonus) for c in self.columns), default=0)

    @property
    def bonus(self) -> bool:
        return any(row.bonus for column in self.columns for row in column)

    @property
    def stages(self) -> int:
        """The stage at which the totals are shown: every row is shown from then on."""
        return self.card_stages + (1 if self.bonus else 0)

    def stage_of(self, column: int, index: int) -> int:
        """When row `index` of `column` is shown: the cards in turn, the bonus after every card, the two
        totals last."""
        rows = self.columns[column]
        if index >= len(rows) - 2:
            return self.stages
        if rows[index].bonus:
            return self.card_stages
        return index

    def final_points(self, column: int) -> int:
        return self.counts[column][-1] if self.counts and self.counts[column] else 0


def score_sheet(obs: Mapping[str, Any], names: Sequence[str],
                data: ThreeChaptersData | None = None) -> ScoreSheet:
    """Every seat's chapter-II total, each card's chapter-III reward (a card with a III ability that
    brought nothing shows a dash), the most-crystals bonus and the points of each token, by the card data
    the game is played with (`data`; else the observation's, from its options)."""
    if data is None:
        data = observed(obs) if "options" in obs else shipped_data()
    cards = data.cards
    sheet = ScoreSheet(list(names), winners=list(obs.get("winners") or []), data=data)
    for entry in obs.get("breakdown") or []:
        rows: list[SheetRow] = []
        two = [sum(c["chapter2"][i] for c in entry["cards"]) for i in range(3)]
        two[0] += entry["trick_stars"]
        rows.append(SheetRow([(tr("Chapter II") + "  ", INK_DIM), *token_pieces(*two)]))
        tally = list(two)
        counts = [data.points(tally)]
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
            tally = [have + got for have, got in zip(tally, gained, strict=True)]
            counts.append(data.points(tally))
        if entry["crystal_bonus"]:
            rows.append(
                SheetRow(
                    [
                        (tr("Most crystals") + "  ", INK),
                        *token_pieces(0, 0, entry["crystal_bonus"], signed=True),
                    ],
                    bonus=True,
                )
            )
            tally[2] += entry["crystal_bonus"]
            counts.append(data.points(tally))
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
        counts[-1] = p["total"]  # the engine's total is the count's last word
        sheet.columns.append(rows)
        sheet.counts.append(counts)
        sheet.bonuses.append(entry["crystal_bonus"])
    return sheet


def sheet_hint(data: ThreeChaptersData) -> str:
    """What each token is worth, and how to go on: '★ 2 points · ♥ 1 point · ◆ 1 point per pair'."""
    star, heart, per = data.star_points, data.heart_points, data.crystals_per_point
    if (star, heart, per) == (2, 1, 2):
        return tr("★ 2 points · ♥ 1 point · ◆ 1 point per pair · click to go on")
    stars = ntr("★ {n} point", "★ {n} points", star).format(n=star)
    hearts = ntr("♥ {n} point", "♥ {n} points", heart).format(n=heart)
    crystals = ntr("◆ 1 point each", "◆ 1 point per {n}", per).format(n=per)
    return tr("{stars} · {hearts} · {crystals} · click to go on").format(stars=stars, hearts=hearts,
                                                                        crystals=crystals)


def _points(total: int) -> str:
    return ntr("{n} point", "{n} points", total).format(n=total)


def sheet_size(sheet: ScoreSheet, window: tuple[int, int], unit: float) -> tuple[int, int]:
    """How large the sheet is drawn in a window: wide enough for its columns, tall enough for its rows."""
    w, h = window
    wanted = round(unit * (150 + 40 * (sheet.steps + 3)))  # title, names, rows, totals and the hint
    columns = max(1, len(sheet.columns))
    return (
        max(10, min(round(w * 0.86), round(unit * (60 + 420 * columns)))),
        max(10, min(round(h * 0.86), wanted)),
    )


class SheetPicture:
    """The sheet drawn for one size: the panel with title, hint and names made at once, each row's line
    the first time it is shown, the winners' glow and every column's points for the totals' stage."""

    def __init__(self, texts: TextCache, sheet: ScoreSheet, size: tuple[int, int], unit: float) -> None:
        self.texts = texts
        self.sheet = sheet
        self.size = size
        self.unit = unit
        w, h = size
        self.pad = pad = max(4, round(18 * unit))
        self.panel = Panel(size, max(4, round(16 * unit)), max(1, round(3 * unit)))
        title = texts.fitted(
            tr("Chapter III: every card scores"), max(9, round(40 * unit)), w - 2 * pad, GOLD, True
        )
        self.panel.blit(title, title.get_rect(midtop=(w // 2, pad // 2)))
        hint = texts.fitted(
            sheet_hint(sheet.data),
            max(9, round(18 * unit)),
            w - 2 * pad,
            INK_DIM,
        )
        self.panel.blit(hint, hint.get_rect(midbottom=(w // 2, h - pad // 3)))
        count = max(1, len(sheet.columns))
        self.col_w = (w - 2 * pad) // count
        self.top = pad // 2 + title.get_height() + pad // 2
        rows_room = h - self.top - hint.get_height() - pad
        self.row_h = max(10, min(round(34 * unit), rows_room // max(3, sheet.steps + 4)))
        self.font_size = max(9, min(round(22 * unit), self.row_h - 3))
        self.head_size = max(9, round(26 * unit))
        self.count_size = max(9, round(22 * unit))
        self.head_h = 0
        self._lines: dict[tuple[int, int], pygame.Surface] = {}
        self._won: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self._finals: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self.count_room = token("000", self.count_size).get_width()
        for seat in range(len(sheet.columns)):
            head = texts.fitted(seat_label(seat, sheet.names), self.head_size, self._name_room(), INK, True)
            self.panel.blit(head, (self._x(seat) + 6, self.top))
            self.head_h = max(self.head_h, head.get_height())

    def _x(self, column: int) -> int:
        return self.pad + column * self.col_w

    def _name_room(self) -> int:
        return max(10, self.col_w - 16 - self.count_room)

    def row_rect(self, column: int, index: int) -> pygame.Rect:
        """Where row `index` of `column` lies in the picture."""
        y = self.top + self.head_h + 4 + index * self.row_h
        return pygame.Rect(self._x(column) + 8, y, self.col_w - 10, self.row_h)

    def count_spot(self, column: int) -> tuple[int, int]:
        """Where the column's running count stands in the picture: at the end of its name's line."""
        return (self._x(column) + self.col_w - 6 - self.count_room // 2, self.top + self.head_h // 2)

    def line(self, column: int, index: int) -> pygame.Surface:
        """Row `index` of `column` as one line, made the first time it is asked for."""
        key = (column, index)
        if key not in self._lines:
            self._lines[key] = _row_line(self.texts, self.sheet.columns[column][index], self.font_size,
                                         self.col_w - 10)
        return self._lines[key]

    def _line_now(self, column: int, index: int, budget: list[int]) -> pygame.Surface | None:
        """The row's line, made now if `budget` still allows one more this frame (else None: it shows
        from the next frame on), so that a stage of many rows never stalls a frame."""
        if (column, index) not in self._lines:
            if budget[0] <= 0:
                return None
            budget[0] -= 1
        return self.line(column, index)

    def _winners_parts(self) -> None:
        """The winners' glow and name, and every column's points, for the totals' stage."""
        w, h = self.size
        for seat in range(len(self.sheet.columns)):
            x = self._x(seat)
            if seat in self.sheet.winners:
                glow = pygame.Surface((self.col_w - 4, h - self.top - self.pad // 2), pygame.SRCALPHA)
                pygame.draw.rect(glow, GLOW, glow.get_rect(), border_radius=max(3, round(10 * self.unit)))
                name = tr("{name} — wins").format(name=seat_label(seat, self.sheet.names))
                head = self.texts.fitted(name, self.head_size, self._name_room(), GOLD, True)
                cover = pygame.Surface((self._name_room() + 6, self.head_h), pygame.SRCALPHA)
                cover.fill((*PANEL_FILL, 255))
                cover.blit(glow, (2, -4))  # the glow under the name as well
                cover.blit(head, (6, 0))
                self._won.append((glow, (x + 2, self.top - 4)))
                self._won.append((cover, (x, self.top)))
            face = token(str(self.sheet.final_points(seat)), self.count_size, GOLD)
            self._finals.append((face, face.get_rect(center=self.count_spot(seat)).topleft))

    def draw(self, surface: pygame.Surface, topleft: tuple[int, int], stage: int) -> None:
        """The sheet with the rows of the stages up to `stage` (all of them from `sheet.stages` on, with
        the winners lit and every column's points)."""
        x0, y0 = topleft
        self.panel.draw(surface, topleft)
        final = stage >= self.sheet.stages
        if final:
            if not self._finals:
                self._winners_parts()
            for picture, (x, y) in self._won:
                surface.blit(picture, (x0 + x, y0 + y))
        budget = [LINES_PER_FRAME]
        for column, rows in enumerate(self.sheet.columns):
            for index in range(len(rows)):
                if self.sheet.stage_of(column, index) <= stage:
                    line = self._line_now(column, index, budget)
                    rect = self.row_rect(column, index)
                    if line is not None:
                        surface.blit(line, (x0 + rect.x, y0 + rect.y))
        if final:
            for picture, (x, y) in self._finals:
                surface.blit(picture, (x0 + x, y0 + y))


class Panel:
    """The sheet's opaque panel with rounded corners and a gold edge, made with one fill. A frame blits it
    without blending, which a window-sized picture could not afford: the band between the corners as it
    is, and only the strips with the corners through a colour key that cuts them round."""

    def __init__(self, size: tuple[int, int], radius: int, edge: int) -> None:
        w, h = size
        self.radius = radius = max(1, min(radius, w // 2, h // 2))
        self.surface = pygame.Surface(size)
        self.surface.fill(PANEL_FILL)
        for x, y in ((0, 0), (w - radius, 0), (0, h - radius), (w - radius, h - radius)):
            self.surface.fill(CORNER_KEY, (x, y, radius, radius))
            centre = (x + radius if x == 0 else x, y + radius if y == 0 else y)
            pygame.draw.circle(self.surface, PANEL_FILL, centre, radius)
        pygame.draw.rect(self.surface, GOLD, self.surface.get_rect(), edge, border_radius=radius)
        self.band = self.surface.subsurface((0, radius, w, h - 2 * radius))
        self.strips = []
        for y in (0, h - radius):
            strip = self.surface.subsurface((0, y, w, radius)).copy()
            strip.set_colorkey(CORNER_KEY)
            self.strips.append((strip, y))

    def blit(self, picture: pygame.Surface, at: tuple[int, int] | pygame.Rect) -> None:
        """`picture` onto the panel (its title, names, hint) before it is first drawn."""
        self.surface.blit(picture, at)
        for strip, y in self.strips:
            strip.blit(picture, (at[0], at[1] - y))

    def draw(self, surface: pygame.Surface, topleft: tuple[int, int]) -> None:
        x, y = topleft
        surface.blit(self.band, (x, y + self.radius))
        for strip, top in self.strips:
            surface.blit(strip, (x, y + top))


def _row_line(texts: TextCache, row: SheetRow, font_size: int, room: int) -> pygame.Surface:
    """One row in at most `room` pixels: the card's name is cut before its tokens are."""
    size_now = font_size + (2 if row.strong else 0)
    line = render_pieces(texts, row.pieces, size_now, row.strong, max_width=room)
    if line.get_width() > room and len(row.pieces) > 1:  # cut the card's name, keep the tokens
        tail = render_pieces(texts, row.pieces[1:], size_now, row.strong)
        text, colour = row.pieces[0]
        head = texts.fitted(text.rstrip() + " ", size_now, max(10, room - tail.get_width()), colour,
                            row.strong, shrink=False)
        line = pygame.Surface(
            (head.get_width() + tail.get_width(), max(head.get_height(), tail.get_height())), pygame.SRCALPHA
        )
        line.blit(head, (0, 0))
        line.blit(tail, (head.get_width(), 0))
    if line.get_width() > room:
        scale = room / line.get_width()
        line = pygame.transform.smoothscale(line, (room, max(1, round(line.get_height() * scale))))
    return line


@dataclass
class SheetBanner(Banner):
    """The end of the game: the chapter-III sheet, whole (the moment before it counted it row by row),
    until a click."""

    sheet: ScoreSheet | None = None


__all__ = [
    "SCORE_ROW_SECONDS", "ScoreSheet", "SheetBanner", "SheetPicture", "SheetRow", "score_sheet", "sheet_hint",
    "sheet_size",
]
