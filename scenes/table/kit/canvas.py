"""Drawing a table: what lies under the cards composed once into one surface whenever it changes, the
cards, the buttons, the prompt and the log, and the announcements over them (a banner, a shown hand, a
note). Each part is drawn by the layer it belongs to (scenes/layers.py)."""

from __future__ import annotations

from typing import final

import pygame

from game.i18n import tr
from scenes.fonts import font
from scenes.table.kit.animation import Reveal
from scenes.table.kit.hooks import ObsT
from scenes.table.kit.input import TableInput
from scenes.table.kit.paint import GOLD, INK, Button, draw_button


class TableCanvas(TableInput[ObsT]):
    """The table's pictures."""

    #: the parts of the underlay whose text stays readable over a card in flight or dragged
    #: (`keep_readable`): gathered afresh whenever the underlay is composed
    _readable: list[pygame.Rect]

    @final
    def _draw_underlay(self, surface: pygame.Surface) -> None:
        """The background, plates, piles' labels, prompt and log: composed into one opaque surface
        whenever they change, so a frame costs one blit for them instead of dozens."""
        size = surface.get_size()
        if (
            self._backdrop is None
            or self._backdrop.get_size() != size
            or self._backdrop_gen != self.layout_generation
        ):
            self._backdrop = backdrop = self._opaque(size)
            backdrop.blit(self.app.art.table(self.game_id, size, keep=False), (0, 0))
            self.draw_backdrop(backdrop)
            self._backdrop_gen = self.layout_generation
            self._underlay = self._opaque(size)
            self._underlay_built = -1
        backdrop, underlay = self._backdrop, self._underlay
        assert backdrop is not None and underlay is not None  # made together above
        if self._underlay_built != self._underlay_version:
            underlay.blit(backdrop, (0, 0))
            self._readable = []
            self.draw_under(underlay)
            # every plate's text too: the part of it no card lies on (`panel_rects`)
            self._readable += [rect.copy() for name, rect in self.panel_rects().items()
                               if name.startswith("plate")]
            self._underlay_built = self._underlay_version
        surface.blit(underlay, (0, 0))

    @final
    @staticmethod
    def _opaque(size: tuple[int, int]) -> pygame.Surface:
        image = pygame.Surface(size)
        return image.convert() if pygame.display.get_surface() is not None else image

    @final
    def warm_art(self) -> None:
        """Scale every face and back this layout can show now, so no frame waits for a first scaling.
        One card's sizes are scaled together: the images as read are kept only a few at a time, so
        going through every card once per size would read each file from the disk again and again."""
        art = self.app.art
        wanted = self.art_sizes()
        first_seen = {(art_id, kind): n for n, (art_id, kind, _) in reversed(list(enumerate(wanted)))}
        for art_id, kind, size in sorted(wanted, key=lambda want: first_seen[want[0], want[1]]):
            if art_id is None:
                art.back(self.game_id, size, kind)
            else:
                art.card(self.game_id, art_id, size)

    @final
    def _draw_rect_targets(self, surface: pygame.Surface) -> None:
        width = self.scale.px(4, 2)
        for target in self.targets:
            if target.label is None and target.uid is None and target.rect is not None:
                hover = target.rect.collidepoint(self.mouse)
                pygame.draw.rect(
                    surface,
                    GOLD,
                    target.rect.inflate(width * 2, width * 2),
                    width * (2 if hover else 1),
                    border_radius=self.scale.px(10, 3),
                )

    @final
    def _draw_buttons(self, surface: pygame.Surface) -> None:
        size = self.scale.font(24)
        for button in self.all_buttons():
            draw_button(surface, button, self.texts, size, button.rect.collidepoint(self.mouse))

    @final
    def draw_reveal(self, surface: pygame.Surface, reveal: Reveal) -> None:
        """A shown hand, large in the middle of the table for everyone to read."""
        w, h = surface.get_size()
        aspect = self.app.art.aspect(self.game_id)
        count = len(reveal.cards)
        cw, ch = self.reveal_card_size()
        gap = max(2, cw // 10)
        if count * (cw + gap) > w * 0.9:
            cw = max(8, int(w * 0.9 / count) - gap)
            ch = max(12, int(cw / aspect))
        title = self.texts.fitted(
            tr("{name} shows the hand").format(name=self.seat_name(reveal.seat)), self.scale.font(34), w - 20,
            GOLD, True
        )
        pad = self.scale.px(20, 4)
        box = pygame.Rect(
            0, 0, min(w, count * (cw + gap) + pad * 2), min(h, ch + title.get_height() + pad * 3)
        )
        box.center = (w // 2, h // 2)
        surface.blit(self.panels.get(box.size, (12, 16, 22, 220), self.scale.px(14, 3)), box.topleft)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + pad)))
        x = box.centerx - (count * (cw + gap) - gap) / 2
        y = box.y + pad * 2 + title.get_height()
        self._reveal_spots = []
        for card in reveal.cards:
            art_id = self.art_id_for(card, f"hand:{reveal.seat}")
            surface.blit(self.app.art.card(self.game_id, art_id, (cw, ch)), (x, y))
            self._reveal_spots.append((pygame.Rect(round(x), round(y), cw, ch), art_id))
            x += cw + gap

    @final
    def _draw_toast(self, surface: pygame.Surface, text: str) -> None:
        w, h = surface.get_size()
        label = self.texts.fitted(text, self.scale.font(24), w - 20, INK)
        box = label.get_rect(center=(w // 2, int(h * 0.36))).inflate(self.scale.px(30), self.scale.px(16))
        surface.blit(self.panels.get(box.size, (40, 20, 20, 225), self.scale.px(10, 3)), box.topleft)
        surface.blit(label, label.get_rect(center=box.center))

    @final
    def draw_prompt(self, surface: pygame.Surface, text: str, mine: bool, y: int, *, font_size: int = 32,
                    fill: tuple[int, int, int, int] = (10, 14, 20, 200)) -> pygame.Rect:
        """The one-line instruction on a dark pill across the table, gold when the decision is the
        screen's person's own. None while events play back: it would describe a state not yet shown."""
        w = surface.get_width()
        if self.playing_back or not text:
            self.prompt_box = None
            return pygame.Rect(w // 2, y, 0, 0)
        line = self.texts.fitted(text, self.scale.font(font_size), w - 2 * self.margin, GOLD if mine else INK,
                                 True)
        box = line.get_rect(center=(w // 2, y)).inflate(self.scale.px(30, 6), self.scale.px(10, 2))
        surface.blit(self.panels.get(box.size, fill, self.scale.px(10, 2)), box.topleft)
        surface.blit(line, line.get_rect(center=box.center))
        self.prompt_box = box  # the hint's box keeps clear of it
        return box

    @final
    def count_badge(self, count: int) -> pygame.Surface:
        """The number of cards in a hand, on a dark pill (composed once per number and size)."""
        key = (count, self.scale.font(22))
        badge = self._count_badges.get(key)
        if badge is None:
            label = self.texts.render(str(count), key[1], INK, True)
            box = label.get_rect().inflate(self.scale.px(12, 4), self.scale.px(4, 2))
            badge = self.panels.get(box.size, (0, 0, 0, 190), box.height // 2).copy()
            badge.blit(label, label.get_rect(center=badge.get_rect().center))
            self._count_badges[key] = badge
        return badge

    @final
    def _place_history_button(self) -> None:
        """The log's History button, in the top right corner of the table's log box."""
        if self.log_box is None:
            return
        box = self.log_box
        h = min(box.height, font(self.scale.font(17)).get_linesize() + self.scale.px(8, 2))
        label = tr("History (L)")  # as wide as its label at the buttons' size (the smallest they shrink to)
        needed = font(max(9, self.scale.font(24) * 2 // 3), True).size(label)[0] + self.scale.px(12, 6)
        w = min(box.width, max(self.scale.px(130, 40), needed))
        self.buttons.append(Button(pygame.Rect(box.right - w, box.y, w, h), label, "history"))

    @final
    def _place_hint_button(self) -> None:
        """The Hint button, Undo's size, in the bottom left corner: every table keeps its hand and rows
        clear of it, while the space beside Undo holds a wide hand in some (a 3 Chapters draft)."""
        undo = next((b for b in self.buttons if b.key == "undo"), None)
        if undo is None or any(b.key == "hint" for b in self.buttons):
            return
        w, h = undo.rect.size
        rect = pygame.Rect(self.margin, self.scale.height - self.margin - h, w, h)
        self.buttons.append(Button(rect, tr("Hint (H)"), "hint", enabled=False))

    # -- the layers' pictures (scene.py puts them in order) ----------------------------------------
    @final
    def draw_table(self, surface: pygame.Surface) -> None:
        """The table layer: what lies under the cards, the cards at rest, the buttons, and the table's
        words over them (prompt, log, info)."""
        self._draw_underlay(surface)
        self._draw_rect_targets(surface)
        self.layer.draw(surface, self.app.art, flying=False)
        self._draw_buttons(surface)
        self.draw_over(surface)

    @final
    def keep_readable(self, rect: pygame.Rect) -> None:
        """A part of what lies under the cards (a plate, a phase header) whose text must stay readable: a
        card in flight or dragged over it passes beneath it (`draw_flights`). Called while drawing the
        underlay (`draw_under`)."""
        self._readable.append(pygame.Rect(rect))

    @final
    def draw_flights(self, surface: pygame.Surface) -> None:
        """Cards in flight, and a dragged card: over the table, under its marks and announcements, and
        beneath the text the table keeps readable (its part of the underlay is laid over them again)."""
        self.layer.draw(surface, self.app.art, flying=True)
        underlay = self._underlay
        if underlay is None or underlay.get_size() != surface.get_size():
            return
        moving = [pygame.Rect(s.rect) for s in self.layer if s.flying and s.shown]
        if not moving:
            return
        window = underlay.get_rect()
        for rect in getattr(self, "_readable", ()):  # none before the underlay is first composed
            part = rect.clip(window)
            if part.width > 0 and part.height > 0 and part.collidelist(moving) >= 0:
                surface.blit(underlay, part, area=part)

    @final
    def draw_all_marks(self, surface: pygame.Surface) -> None:
        """The hint's marks (its arrow and box) and the table's own (a lesson's pointers)."""
        hint_button = next((b for b in self.buttons if b.key == "hint" and b.visible), None)
        if hint_button is not None:
            self.hint.draw(surface, hint_button.rect)
        self.draw_marks(surface)

    @final
    def draw_banners(self, surface: pygame.Surface) -> None:
        """A shown hand, a banner, a note: over everything of the table but the inspect view."""
        if self.reveal is not None:
            self.draw_reveal(surface, self.reveal)
        if self.banner is not None:
            self.draw_banner(surface, self.banner)
        if self.toast is not None:
            self._draw_toast(surface, self.toast[0])

    @final
    def draw_inspected(self, surface: pygame.Surface) -> None:
        """The card shown large with its rule text: the top of the table."""
        self.inspector.draw(surface, self.app.art)

__all__ = ["TableCanvas"]
