"""Play on from here: a new game from the move a replay shows, with each seat chosen again (a person or
an AI level, and its name). The game is a match of its own: its record begins with the replayed
moves and says which record and move it goes on from (Match.play_on); it becomes the current game,
after the one before it is kept in the history.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UILabel

from game.core import KartentischError, error_text
from game.core.datafile import shown
from game.i18n import tr
from game.logs import logger
from scenes.menus.opening import open_table_or_explain
from scenes.menus.setup import HUMAN, KINDS, NAME_LIMIT, SeatChoice, SetupChoice, Stepper, kind_label
from scenes.settings import game_saves
from scenes.widgets import MenuScene, PlaceholderEntry, column, draw_panel, px

if TYPE_CHECKING:
    from game.playback import Playback
    from scenes.scene import Host

log = logger(__name__)


def _kind_setter(seat: SeatChoice) -> Callable[[int], None]:
    """What a seat's stepper calls with the index of the kind chosen."""

    def choose(index: int) -> None:
        seat.kind = KINDS[index]

    return choose


class PlayOnScene(MenuScene):
    def __init__(self, app: Host, playback: Playback) -> None:
        super().__init__(app)
        self.playback = playback
        self.move = playback.position
        seats = [SeatChoice(s.name, HUMAN if s.is_human else (s.bot if s.bot in KINDS else "normal"))
                 for s in playback.seats]
        self.choice = SetupChoice(playback.game.id, len(seats), seats)
        self.entries: dict[PlaceholderEntry, SeatChoice] = {}
        self.steppers: list[Stepper] = []
        self.error = ""
        self.error_label: UILabel | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        self.title = tr("Play on from move {move}").format(move=self.move)
        rows = len(self.choice.seats)
        area = pygame.Rect(0, px(120, size), w, max(1, h - px(120, size) - px(130, size)))
        width = min(w - 2 * px(16, size), px(640, size))
        rects = column(area, rows, width, px(44, size), px(14, size))
        pad = px(20, size)
        self.panel_rect = pygame.Rect(rects[0].left - pad, rects[0].top - pad, width + 2 * pad,
                                      rects[-1].bottom - rects[0].top + 2 * pad)
        self.entries = {}
        self.steppers = []
        for seat, rect in zip(self.choice.seats, rects, strict=True):
            split = round(rect.width * 0.45)
            entry = PlaceholderEntry(pygame.Rect(rect.left, rect.top, split - px(10, size), rect.height),
                                    manager=self.ui)
            entry.set_text_length_limit(NAME_LIMIT)
            entry.set_text(seat.name[:NAME_LIMIT])
            self.entries[entry] = seat
            labels = [kind_label(k) for k in KINDS]
            kind_rect = pygame.Rect(rect.left + split, rect.top, rect.width - split, rect.height)
            self.steppers.append(Stepper(self, kind_rect, labels, KINDS.index(seat.kind),
                                         _kind_setter(seat),
                                         tooltip=tr("A person at this screen, or an AI level")))
        message = pygame.Rect(0, self.panel_rect.bottom + px(8, size), w, px(30, size))
        self.error_label = UILabel(message, self.error or " ", manager=self.ui)
        button_h = px(50, size)
        start = pygame.Rect(0, 0, min(w // 2 - px(20, size), px(260, size)), button_h)
        start.bottomright = (w // 2 - px(10, size), h - px(30, size))
        cancel = start.copy()
        cancel.left = w // 2 + px(10, size)
        self.add_button(start, tr("Start"), self.start, primary=True,
                        tooltip=tr("The game goes on from this move with these seats"))
        self.add_button(cancel, tr("Cancel"), self.back)

    def draw_decor(self, surface: pygame.Surface) -> None:
        super().draw_decor(surface)
        draw_panel(surface, self.panel_rect, surface.get_size())

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in self.entries:
            self.entries[event.ui_element].name = event.text
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()

    def _say(self, text: str) -> None:
        self.error = text
        if self.error_label is not None:
            self.error_label.set_text(text or " ")

    def start(self) -> None:
        from game.match import Match

        try:
            seats = self.choice.build_seats()
        except ValueError as exc:
            self._say(str(exc))
            return
        try:  # the new game gets a save of its own: no other game is replaced by it
            match = Match.play_on(self.playback.source, self.move, seats, autosave=game_saves())
        except (KartentischError, OSError) as exc:
            self._say(shown(error_text(exc)))
            return
        scene = open_table_or_explain(self, match)
        if scene is None:
            return
        self.app.pop()  # this screen; the table takes the replay's place
        self.app.replace(scene)
