"""The pause menu over the table (Esc): Resume, Rules summary, Settings, Gallery, Undo, Save and leave.

It is an overlay: the table stays visible under a dark veil. Rules summary opens the paged rules view
(scenes/menus/rules.py), whose "Full text" is the whole summary in a scrolling box (RulesScene).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core import KartentischError
from game.i18n import N_, tr, words
from game.logs import logger
from scenes.settings import game_saves
from scenes.widgets import (
    GOLD,
    MUTED,
    MenuScene,
    Message,
    body_font,
    column,
    dim,
    draw_heading,
    draw_panel,
    draw_text,
    px,
    text_scale,
    wrap,
)

if TYPE_CHECKING:
    from game.match import Match

log = logger(__name__)


class PauseScene(MenuScene):
    opaque = False

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.undo_note_rect = pygame.Rect(0, 0, 0, 0)  # under Undo: what it takes back, or why not

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        panel_w = min(w - 16, px(420, size))
        panel_h = min(h - 16, px(592, size))
        self.panel_rect = pygame.Rect(0, 0, max(1, panel_w), max(1, panel_h))
        self.panel_rect.center = (w // 2, h // 2)
        heading = px(84, size)
        area = pygame.Rect(self.panel_rect.left, self.panel_rect.top + heading, self.panel_rect.width,
                           max(1, self.panel_rect.height - heading - px(20, size)))
        rects = column(area, 7, self.panel_rect.width - 2 * px(36, size), px(50, size), px(12, size))
        self.undo_note_rect = rects.pop(5).inflate(px(24, size), px(10, size))
        self.add_button(rects[0], tr("Resume"), self.back, primary=True)
        self.add_button(rects[1], tr("Rules summary"), self.rules)
        self.add_button(rects[2], tr("Settings"), self.settings)
        self.add_button(rects[3], tr("Gallery"), self.gallery,
                        tooltip=tr("Every card of this game in its art pack"))
        self.add_button(rects[4], tr("Undo"), self.undo, enabled=self.match.can_undo(),
                        tooltip=tr("Take back your last decision (and the AI moves after it)"))
        self.add_button(rects[5], tr("Save and leave"), self.save_and_leave,
                        tooltip=tr("The game is kept: Resume last game on the title screen continues it"))

    def on_resume(self) -> None:
        self.ui.clear_and_reset()  # back from the settings: the window may have changed
        self.on_enter()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        size = surface.get_size()
        draw_panel(surface, self.panel_rect, size)
        draw_heading(surface, tr("Paused"), (self.panel_rect.centerx, self.panel_rect.top + px(44, size)),
                     round(36 * text_scale(size)), GOLD)
        self.draw_undo_note(surface)

    def undo_note(self) -> str:
        """The line under Undo: what it would take back, or in one line why it cannot."""
        refusal = self.match.undo_refusal()
        if refusal is not None:
            return words(refusal, [seat.name for seat in self.match.seats])
        return tr("Takes back your last decision and the AI moves after it")

    def draw_undo_note(self, surface: pygame.Surface) -> None:
        box = self.undo_note_rect
        size = surface.get_size()
        face = body_font(round(16 * text_scale(size)))
        lines = wrap(self.undo_note(), face, box.width)
        step = face.get_linesize()
        y = box.centery - step * len(lines) // 2 + step // 2
        for line in lines:
            draw_text(surface, line, face, MUTED, center=(box.centerx, y), shadow=1)
            y += step

    # -- actions ---------------------------------------------------------------------------------
    def rules(self) -> None:
        from scenes.menus.rules import open_rules

        open_rules(self.app, self.match.game.id)

    def settings(self) -> None:
        from scenes.menus.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def gallery(self) -> None:
        from scenes.menus.gallery import GalleryScene

        self.app.push(GalleryScene(self.app, self.match.game.id))

    def undo(self) -> None:
        try:
            self.match.undo()
        except KartentischError as exc:
            self.show_message(Message(tr("Nothing to undo"), str(exc)))
            return
        self.app.pop()

    def save_and_leave(self) -> None:
        """Save and leave asks first (a game in progress is left only on purpose)."""
        answers = (("leave", N_("Leave")), ("stay", N_("Stay")))
        self.show_message(Message(tr("Leave the game?"),
                                  tr("Your progress is kept: Resume last game goes on from here."), answers),
                          self._leave_answered)

    def _leave_answered(self, answer: str) -> None:
        if answer == "leave":
            self.leave()

    def leave(self) -> None:
        """Save where Resume last game looks (the game's own file in the history), keep it there and let
        go of it, and go back to the title; when the save cannot be written, offer another place."""
        from game.match import describe_os_error

        match = self.match
        try:
            if match.autosave is None:  # a game that was not autosaved is saved now, in a file of its own
                match.autosave_in(game_saves())
            saved = match.retry_autosave()
            reason = describe_os_error(match.save_error, path=True) if match.save_error is not None else ""
        except KartentischError as exc:
            saved, reason = False, exc.text()
        if not saved:
            from scenes.menus.save_elsewhere import offer_on_leaving

            offer_on_leaving(self.app, match, reason)
            return
        from scenes.keeping import keep_match

        keep_match(self.app, match)  # a failure is logged; the save holds the game all the same
        self.app.pop_to_root()
