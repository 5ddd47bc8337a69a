"""The rules view: a game's rules as pages, with its cards drawn from the chosen art pack and what each
card does beside it (the pages are data: cards/rules_pages.py).

Previous / Next (or Page Up / Page Down; the arrow keys move the app's keyboard focus between the buttons)
turn the pages; Close or Esc leaves. It is opened from the
setup screen, the pause menu and the guided first game.
"""

from __future__ import annotations

import math

import pygame
from pygame_gui.elements import UITextBox

from cards import rules_text
from cards.rules_pages import RulesPage, pages
from cards.rules_text import title as game_title
from game.i18n import tr
from scenes.fonts import wrap
from scenes.look import CREAM, GOLD, body_font, draw_panel, draw_text, px, text_scale
from scenes.widgets import MenuScene, dim

#: The smallest text a page shrinks to before it gives up fitting (it is cut at the panel's foot then).
MIN_TEXT = 11
PAGE_KEYS_BACK = (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_BACKSPACE)
PAGE_KEYS_ON = (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_SPACE)


class RulesViewScene(MenuScene):
    """`game_id`'s rules pages, from `page` (0 = the first)."""

    own_keys = frozenset((*PAGE_KEYS_BACK, *PAGE_KEYS_ON))  # they turn the page (Tab moves the focus)

    def __init__(self, app, game_id: str, page: int = 0) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.pages: list[RulesPage] = pages(game_id)
        self.page = max(0, min(page, len(self.pages) - 1))
        self.title = tr("{game}: rules").format(game=game_title(game_id))
        self.panel = pygame.Rect(0, 0, 0, 0)
        #: the card ids drawn in the last frame, with where (tests and tools read it)
        self.drawn_cards: list[tuple[str, pygame.Rect]] = []

    def on_language_changed(self) -> None:
        """The pages and the heading again in the new language."""
        self.pages = pages(self.game_id)
        self.page = max(0, min(self.page, len(self.pages) - 1))
        self.title = tr("{game}: rules").format(game=game_title(self.game_id))
        super().on_language_changed()

    # -- widgets ---------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        margin = px(20, size)
        top = px(96, size)
        button_h = px(46, size)
        self.panel = pygame.Rect(margin, top, max(1, w - 2 * margin),
                                 max(1, h - top - button_h - px(36, size)))
        if self.panel.width > px(1100, size):
            self.panel.width = px(1100, size)
            self.panel.centerx = w // 2
        gap = margin
        button_w = max(1, min(px(200, size), (w - 5 * gap) // 4))
        y = self.panel.bottom + px(16, size)
        left = w // 2 - 2 * button_w - 3 * gap // 2
        rects = [pygame.Rect(left + i * (button_w + gap), y, button_w, button_h) for i in range(4)]
        self.add_button(rects[0], tr("Previous"), self.previous, enabled=self.page > 0)
        self.add_button(rects[1], tr("Next"), self.next, enabled=self.page < len(self.pages) - 1)
        self.add_button(rects[2], tr("Full text"), self.full_text,
                        tooltip=tr("The whole rules summary as text, in one scrolling box"))
        self.add_button(rects[3], tr("Close"), self.back, primary=True)

    def turn_to(self, page: int) -> None:
        page = max(0, min(page, len(self.pages) - 1))
        if page == self.page:
            return
        self.page = page
        self.ui.clear_and_reset()
        self.on_enter()

    def previous(self) -> None:
        self.turn_to(self.page - 1)

    def next(self) -> None:
        self.turn_to(self.page + 1)

    def full_text(self) -> None:

        self.app.push(RulesScene(self.app, self.game_id))

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in PAGE_KEYS_BACK:
                self.previous()
            elif event.key in PAGE_KEYS_ON:
                self.next()

    # -- drawing ---------------------------------------------------------------------------------
    def draw_decor(self, surface: pygame.Surface) -> None:
        super().draw_decor(surface)
        size = surface.get_size()
        draw_panel(surface, self.panel, size)
        page = self.pages[self.page]
        inner = self.panel.inflate(-2 * px(22, size), -2 * px(16, size))
        if inner.width < 10 or inner.height < 10:
            return
        heading = tr("{title}   ·   page {page} of {pages}").format(title=page.title, page=self.page + 1,
                                                                   pages=len(self.pages))
        head_font = body_font(round(24 * text_scale(size)), bold=True)
        draw_text(surface, heading, head_font, GOLD, topleft=inner.topleft)
        body = inner.copy()
        body.top += head_font.get_linesize() + px(10, size)
        body.height = max(1, inner.bottom - body.top)
        self.drawn_cards = []
        self._draw_page(surface, page, body, size)

    def _draw_page(self, surface: pygame.Surface, page: RulesPage, area: pygame.Rect,
                   size: tuple[int, int]) -> None:
        text_size = round(19 * text_scale(size))
        while True:  # shrink the text until the paragraphs leave room for the cards
            font = body_font(text_size)
            lines = [wrap(p, font, area.width) for p in page.paragraphs]
            text_h = sum(len(ls) for ls in lines) * font.get_linesize() + len(lines) * px(6, size)
            room = area.height - text_h
            if not page.cards or room >= px(110, size) or text_size <= MIN_TEXT:
                if not page.cards and text_h > area.height and text_size > MIN_TEXT:
                    text_size -= 1
                    continue
                break
            text_size -= 1
        y = area.top
        for paragraph in lines:
            for line in paragraph:
                if y + font.get_linesize() > area.bottom:
                    return
                draw_text(surface, line, font, CREAM, topleft=(area.left, y), shadow=1)
                y += font.get_linesize()
            y += px(6, size)
        if page.cards:
            top = y + px(4, size)
            cards_area = pygame.Rect(area.left, top, area.width, max(1, area.bottom - top))
            self._draw_cards(surface, page, cards_area, text_size, size)

    def _draw_cards(self, surface: pygame.Surface, page: RulesPage, area: pygame.Rect, text_size: int,
                    size: tuple[int, int]) -> None:
        art = self.app.art
        aspect = art.aspect(self.game_id)  # width / height
        count = len(page.cards)
        columns = 2 if area.width >= px(760, size) and count > 1 else 1
        rows = math.ceil(count / columns)
        gap = px(12, size)
        cell_w = (area.width - (columns - 1) * gap) // columns
        cell_h = max(1, (area.height - (rows - 1) * gap) // rows)
        card_h = max(24, min(cell_h, px(190, size)))
        card_w = max(16, round(card_h * aspect))
        name_font = body_font(max(MIN_TEXT, text_size), bold=True)
        text_font = body_font(max(MIN_TEXT, text_size - 1))
        for index, note in enumerate(page.cards):
            col, row_index = index % columns, index // columns
            cell = pygame.Rect(area.left + col * (cell_w + gap), area.top + row_index * (cell_h + gap),
                               cell_w, cell_h)
            image = art.card(self.game_id, note.card, (card_w, card_h))
            rect = image.get_rect(topleft=cell.topleft)
            surface.blit(image, rect)
            self.drawn_cards.append((note.card, rect))
            text_left = rect.right + gap
            width = max(20, cell.right - text_left)
            y = cell.top
            draw_text(surface, note.name, name_font, GOLD, topleft=(text_left, y), shadow=1)
            y += name_font.get_linesize()
            for line in wrap(note.text, text_font, width):
                if y + text_font.get_linesize() > cell.bottom:
                    break
                draw_text(surface, line, text_font, CREAM, topleft=(text_left, y), shadow=1)
                y += text_font.get_linesize()


def open_rules(app, game_id: str, page: int = 0) -> RulesViewScene:
    """Push the rules view of `game_id` (from setup, pause or the guided game)."""
    scene = RulesViewScene(app, game_id, page)
    app.push(scene)
    return scene


class RulesScene(MenuScene):
    """A game's rules summary in a scrolling box over the paused table."""

    opaque = False

    def __init__(self, app, game_id: str, title: str | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.game_title = title or rules_text.title(game_id)
        self.box_rect = pygame.Rect(0, 0, 0, 0)

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        self.title = tr("{game}: rules").format(game=self.game_title)
        top = px(100, size)
        close_h = px(50, size)
        box_w = min(w - 2 * px(16, size), px(900, size))
        box_h = max(1, h - top - close_h - px(50, size))
        self.box_rect = pygame.Rect((w - box_w) // 2, top, max(1, box_w), box_h)
        UITextBox(rules_text.summary(self.game_id), self.box_rect, manager=self.ui)
        close = pygame.Rect(0, 0, min(w - 16, px(220, size)), close_h)
        close.midtop = (w // 2, self.box_rect.bottom + px(20, size))
        self.add_button(close, tr("Close"), self.back, primary=True)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 190)
        self.draw_decor(surface)
        draw_panel(surface, self.box_rect, surface.get_size(), opacity=248)
