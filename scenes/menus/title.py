"""The title screen: Play, Resume last game, History, Statistics, Gallery, Settings, Quit.

It is the first thing on screen, so it imports only what it draws: it is drawn in plain pygame
(scenes.look), and pygame-gui, the match controller, the games and the table load when they are needed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.i18n import N_, ntr, tr
from game.logs import logger
from scenes.look import (
    CREAM,
    MUTED,
    Message,
    body_font,
    column,
    draw_card_fan,
    draw_felt,
    draw_heading,
    draw_text,
    px,
    text_scale,
)
from scenes.menu_buttons import MenuButtons
from scenes.saved_game import SavedGame, last_game
from scenes.scene import Scene
from scenes.settings import history_dir

log = logger(__name__)

SUBTITLE = N_("Four card games at one table")


def _halves(rect: pygame.Rect, gap: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Two buttons side by side in the place of one."""
    half = max(1, (rect.width - gap) // 2)
    return (pygame.Rect(rect.left, rect.top, half, rect.height),
            pygame.Rect(rect.right - half, rect.top, half, rect.height))


class TitleScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.saved: SavedGame | None = None
        self.elsewhere = 0  # unfinished games another copy of the app plays now
        self.menu_buttons = MenuButtons()
        self.message: Message | None = None  # the message on screen above the title, if any

    def on_enter(self) -> None:
        last = last_game(history_dir())
        self.saved, self.elsewhere = last.saved, last.elsewhere
        self.build(self.app.size)

    def on_resume(self) -> None:
        self.on_enter()  # a game may have been saved or finished meanwhile

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build(size)

    def on_language_changed(self) -> None:
        self.on_enter()  # the saved game's summary too is written in the new language

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        buttons = self.menu_buttons
        buttons.layout(size)
        area = pygame.Rect(0, round(h * 0.52), w, round(h * 0.42))
        rects = column(area, 5, px(380, size), px(50, size), px(12, size))  # room for the German words
        buttons.add(rects[0], tr("Play"), self.play, primary=True)
        resumable = self.saved is not None and self.saved.resumable
        tip = None
        if self.saved is not None and self.saved.problem:
            tip = tr("The saved game is damaged.")
        elif resumable and self.saved is not None:
            tip = self.saved.summary
        elif self.elsewhere:
            tip = ntr("Your unfinished game is open in another Kartentisch window",
                      "Your {n} unfinished games are open in other Kartentisch windows",
                      self.elsewhere).format(n=self.elsewhere)
        buttons.add(rects[1], tr("Resume last game"), self.resume, enabled=resumable, tooltip=tip)
        gap = px(12, size)
        history, stats = _halves(rects[2], gap)
        buttons.add(history, tr("History"), self.history,
                    tooltip=tr("Every game played: replay, resume, export"))
        buttons.add(stats, tr("Statistics"), self.statistics,
                    tooltip=tr("Wins, places and points per player"))
        gallery, settings = _halves(rects[3], gap)
        buttons.add(gallery, tr("Gallery"), self.gallery, tooltip=tr("Every card of a game in an art pack"))
        buttons.add(settings, tr("Settings"), self.settings)
        buttons.add(rects[4], tr("Quit"), self.app.quit)

    # -- frame -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:  # a record file dropped on the window: watch it
            self.open_record(event.file)
            return
        self.menu_buttons.handle_event(event)  # Esc does nothing here: quitting takes the Quit button

    def update(self, dt: float) -> None:
        self.menu_buttons.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        self.draw_decor(surface)
        self.menu_buttons.draw(surface)

    def draw_decor(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        size = (w, h)
        draw_card_fan(surface, (w // 2, round(h * 0.17)), max(12, round(h * 0.2)))
        draw_heading(surface, "Kartentisch", (w // 2, round(h * 0.37)), max(12, round(h * 0.115)))
        sub = body_font(max(8, round(22 * text_scale(size))))
        draw_text(surface, tr(SUBTITLE), sub, CREAM, center=(w // 2, round(h * 0.455)), shadow=1)
        if self.saved is not None and self.saved.resumable and self.saved.summary:
            note = body_font(max(8, round(15 * text_scale(size))))
            draw_text(surface, tr("Saved game: {summary}").format(summary=self.saved.summary), note, MUTED,
                      center=(w // 2, h - px(18, size)), shadow=1)

    def show_message(self, message: Message, on_answer: Callable[[str], None] | None = None) -> None:
        """Put `message` over the title; `on_answer` gets the key of the answer once it has closed."""
        from scenes.widgets import MessageScene

        def answered(answer: str) -> None:
            self.message = None
            if on_answer is not None:
                on_answer(answer)

        self.message = message
        self.app.push(MessageScene(self.app, message, answered))

    # -- actions ---------------------------------------------------------------------------------
    def play(self) -> None:
        from scenes.menus.choose import ChooseGameScene

        self.app.push(ChooseGameScene(self.app))

    def gallery(self) -> None:
        from scenes.menus.gallery import GalleryScene

        self.app.push(GalleryScene(self.app))

    def settings(self) -> None:
        from scenes.menus.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def history(self) -> None:
        from scenes.menus.history import HistoryScene

        self.app.push(HistoryScene(self.app))

    def statistics(self) -> None:
        from scenes.menus.statistics import StatisticsScene

        self.app.push(StatisticsScene(self.app))

    def open_record(self, path: str) -> None:
        from scenes.menus.replay import open_replay

        problem = open_replay(self.app, Path(path))
        if problem:
            self.show_message(Message(tr("The record cannot be opened"), problem))

    def resume(self) -> None:
        if self.saved is None:
            return
        if self.saved.problem:
            self._cannot_resume(self.saved.problem)
            return
        from game.core import KartentischError
        from game.core.datafile import shown
        from game.match import Match, OpenElsewhere
        from scenes.settings import game_saves

        path = self.saved.path
        try:  # it goes on in its own file, claimed for this copy of the app
            match = Match.resume(path, autosave=game_saves())
        except OpenElsewhere as exc:  # another copy took it since the title was drawn
            self.show_message(Message(tr("The game is open elsewhere"), exc.text()),
                              lambda _: self.on_resume())
            return
        except KartentischError as exc:
            self._cannot_resume(exc.text())
            return
        except Exception as exc:  # a save that trips the engine must not take the app down
            log.exception("resuming %s failed", path)
            self._cannot_resume(f"{type(exc).__name__}: {shown(exc)[:300]}")
            return
        from scenes.menus.opening import open_table_or_explain

        scene = open_table_or_explain(self, match)
        if scene is not None:
            self.app.push(scene)

    def _cannot_resume(self, reason: str) -> None:
        message = Message(
            tr("The saved game cannot be resumed"),
            reason + "\n\n"
            + tr("Set it aside to start fresh (the file is kept, renamed), or keep it as it is."),
            (("keep", N_("Keep")), ("aside", N_("Set aside"))),
        )
        self.show_message(message, self._after_problem)

    def _after_problem(self, answer: str) -> None:
        if answer != "aside" or self.saved is None:
            return
        from game.core.datafile import shown
        from game.history import History

        path = self.saved.path
        try:  # into the history's set-aside/, out of the list and out of the title's way
            kept = History(path.parent).set_aside(path.name)
        except OSError as exc:
            self.show_message(Message(tr("The save could not be moved"), shown(exc)))
            return
        self.on_resume()
        self.show_message(Message(tr("Save set aside"),
                                  tr("The unreadable save is kept as\n{path}").format(path=shown(kept))))
