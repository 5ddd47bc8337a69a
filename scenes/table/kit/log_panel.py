"""The whole game so far, by round, in a full-height panel over the table (the key L, or the History
button of the log).

It lists the table's log as the person at the screen knows it, every line whole; it opens at the
newest lines and scrolls with the mouse wheel, the arrow keys and Page Up / Page Down. L, Esc, the
Close button or a click beside the panel closes it. The game waits while it is open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.i18n import N_, tr
from scenes.fonts import font, wrap
from scenes.scene import Scene
from scenes.table.kit.layout import Scale
from scenes.table.kit.logbook import Logbook
from scenes.table.kit.paint import GOLD, INK, INK_DIM, Button, PanelCache, TextCache, draw_button

if TYPE_CHECKING:
    from scenes.scene import Host

TITLE, ROUND, LINE, GAP = "title", "round", "line", "gap"
WHEEL_ROWS = 3


class ToldTable(Protocol):
    """What the History asks of the table under it: whose view, the log, the names, a new size."""

    logbook: Logbook

    @property
    def viewer(self) -> int | None: ...

    def seat_name(self, seat: int | None) -> str: ...

    def on_resize(self, size: tuple[int, int]) -> None: ...


class LogPanel(Scene):
    opaque = False

    def __init__(self, app: Host, table: ToldTable) -> None:
        super().__init__(app)
        self.table = table
        self.texts = TextCache(limit=800)
        self.panels = PanelCache()
        self.scroll: int | None = None  # the first row shown; None: the newest rows
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.body = pygame.Rect(0, 0, 0, 0)
        self.close_button = Button(pygame.Rect(0, 0, 0, 0), N_("Close (L)"), "close")
        self.rows: list[tuple[str, str]] = []
        self._size: tuple[int, int] = (0, 0)

    @property
    def heading(self) -> str:
        viewer = self.table.viewer
        if viewer is None:
            return tr("The game so far, as the table saw it")
        return tr("The game so far, as {name} saw it").format(name=self.table.seat_name(viewer))

    # -- layout ------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self._size = size
        w, h = size
        scale = Scale(w, h)
        margin = max(4, scale.px(24, 4))
        width = min(w - 2 * margin, max(scale.px(640, 200), round(w * 0.5)))
        self.panel = pygame.Rect((w - width) // 2, margin, max(10, width), max(10, h - 2 * margin))
        pad = scale.px(20, 4)
        button_h = max(14, scale.px(44, 14))
        button_w = min(self.panel.width - 2 * pad, scale.px(200, 60))
        self.close_button.rect = pygame.Rect(0, 0, button_w, button_h)
        self.close_button.rect.midbottom = (self.panel.centerx, self.panel.bottom - pad)
        top = self.panel.y + pad + font(scale.font(34), True).get_linesize() + pad // 2
        self.body = pygame.Rect(self.panel.x + pad, top, self.panel.width - 2 * pad,
                                max(1, self.close_button.rect.y - pad // 2 - top))
        self.rows = self.history_rows(scale)

    def history_rows(self, scale: Scale) -> list[tuple[str, str]]:
        rows: list[tuple[str, str]] = []
        line_face, round_face = font(scale.font(20)), font(scale.font(22), True)
        for title, lines in self.table.logbook.by_round():
            if title:
                if rows:
                    rows.append(("", GAP))
                rows += [(text, ROUND) for text in wrap(title, round_face, self.body.width)]
            for line in lines:
                rows += [(text, LINE) for text in wrap(line, line_face, self.body.width - scale.px(16, 4))]
        return rows or [(tr("Nothing has happened yet."), LINE)]

    def row_height(self, kind: str) -> int:
        scale = Scale(*self._size)
        if kind == ROUND:
            return font(scale.font(22), True).get_linesize() + scale.px(4, 1)
        if kind == GAP:
            return scale.px(10, 2)
        return font(scale.font(20)).get_linesize()

    def visible_rows(self) -> tuple[int, int]:
        """(first, end) of the rows shown: from `scroll`, or the newest that fit."""
        room = self.body.height
        if self.scroll is None:
            end, used = len(self.rows), 0
            first = end
            while first > 0 and used + self.row_height(self.rows[first - 1][1]) <= room:
                first -= 1
                used += self.row_height(self.rows[first][1])
            return first, end
        first = max(0, min(self.scroll, len(self.rows) - 1))
        end, used = first, 0
        while end < len(self.rows) and used + self.row_height(self.rows[end][1]) <= room:
            used += self.row_height(self.rows[end][1])
            end += 1
        return first, end

    def scroll_by(self, rows: int) -> None:
        first, end = self.visible_rows()
        at_end = end >= len(self.rows)
        if rows > 0 and at_end:
            self.scroll = None
            return
        self.scroll = max(0, first + rows)
        if self.visible_rows()[1] >= len(self.rows) and rows > 0:
            self.scroll = None

    # -- life cycle and input ------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.layout(self.app.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.table.on_resize(size)
        self.layout(size)

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            page = max(1, self.visible_rows()[1] - self.visible_rows()[0] - 1)
            steps = {
                pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                pygame.K_HOME: -len(self.rows), pygame.K_END: len(self.rows),
            }
            if event.key in (pygame.K_l, pygame.K_ESCAPE, pygame.K_RETURN):
                self.close()
            elif event.key in steps:
                self.scroll_by(steps[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * WHEEL_ROWS)
        elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1
              and (self.close_button.rect.collidepoint(event.pos) or not self.panel.collidepoint(event.pos))):
            self.close()

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self._size:
            self.layout(surface.get_size())
        scale = Scale(*self._size)
        veil = self.panels.get(surface.get_size(), (0, 0, 0, 150), 0)
        surface.blit(veil, (0, 0))
        surface.blit(self.panels.get(self.panel.size, (12, 16, 22, 240), scale.px(14, 3)), self.panel.topleft)
        pygame.draw.rect(surface, GOLD, self.panel, max(1, scale.px(2)), border_radius=scale.px(14, 3))
        title = self.texts.fitted(self.heading, scale.font(34), self.body.width, GOLD, True)
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + scale.px(16, 3))))
        first, end = self.visible_rows()
        y = self.body.y
        indent = scale.px(16, 4)
        for text, kind in self.rows[first:end]:
            if kind == ROUND:
                surface.blit(self.texts.render(text, scale.font(22), GOLD, True), (self.body.x, y))
            elif kind == LINE:
                surface.blit(self.texts.render(text, scale.font(20), INK), (self.body.x + indent, y))
            y += self.row_height(kind)
        if first > 0 or end < len(self.rows):
            where = tr("{first}–{last} of {count} rows · wheel or arrows to scroll").format(
                first=first + 1, last=end, count=len(self.rows))
            hint = self.texts.render(where, scale.font(16), INK_DIM)
            if hint.get_width() <= self.close_button.rect.x - self.body.x - scale.px(8, 2):
                surface.blit(hint, hint.get_rect(bottomleft=(self.body.x, self.close_button.rect.bottom)))
        hover = self.close_button.rect.collidepoint(pygame.mouse.get_pos())
        draw_button(surface, self.close_button, self.texts, scale.font(22), hover)


__all__ = ["LogPanel"]
