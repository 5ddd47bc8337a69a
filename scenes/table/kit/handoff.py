"""The hot-seat handoff: the screen goes dark until the next person says they are ready.

It shows no card at all: only whose turn it is and the decision they are handed the screen for, in
words anyone may read (the table's `handoff_words`: what the spectator's prompt says). Confirming tells
the match that the screen now belongs to that seat, and the table below shows that seat's observation
from then on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from scenes.scene import Scene
from scenes.table.kit.layout import Scale
from scenes.table.kit.paint import GOLD, INK, INK_DIM, TextCache

if TYPE_CHECKING:
    from game.match import Match
    from scenes.scene import Host

BACKGROUND = (14, 18, 24)


class HandoffScene(Scene):
    opaque = True  # the table below must not show through: it still shows the previous seat's cards

    def __init__(self, app: Host, match: Match, seat: int, decision: Callable[[], str] | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.seat = seat
        self._decision_words = decision  # asked at each draw: the words follow a change of language
        self.texts = TextCache(limit=40)

    @property
    def decision(self) -> str:
        """What the next person decides, as anyone at the screen may read it ("" when unknown)."""
        return self._decision_words() if self._decision_words is not None else ""

    @property
    def name(self) -> str:
        return self.match.seats[self.seat].name

    @property
    def message(self) -> str:
        return tr("Pass to {name} — click when ready").format(name=self.name)

    def on_resize(self, size: tuple[int, int]) -> None:
        if self.has_ui:
            self.ui.set_window_resolution(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            or event.type == pygame.KEYDOWN
            and event.key in (pygame.K_SPACE, pygame.K_RETURN)
        ):
            self.confirm()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            pause = self.app.exits.pause
            if pause is not None:
                self.app.push(pause(self.app, self.match))

    def update(self, dt: float) -> None:
        if self.match.handoff_seat() != self.seat and self.app.stack.top is self:
            self.app.pop()  # an undo from the pause menu changed who is waiting: the table decides anew

    def confirm(self) -> None:
        if self.match.handoff_seat() == self.seat:
            self.match.confirm_handoff()
        if self.app.stack.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        w, h = surface.get_size()
        scale = Scale(w, h)
        title = self.texts.fitted(self.message, scale.font(52), w - 20, GOLD, True)
        hint = self.texts.fitted(
            tr("Nobody else should look now: the next screen shows this player's hand"),
            scale.font(24),
            w - 20,
            INK_DIM,
        )
        decision = self.decision
        what = self.texts.fitted(decision, scale.font(32), w - 20, INK, True) if decision else None
        below = what.get_height() + scale.px(12, 4) if what is not None else 0
        top = h // 2 - (title.get_height() + below + hint.get_height()) // 2
        surface.blit(title, title.get_rect(midtop=(w // 2, top)))
        if what is not None:
            surface.blit(what, what.get_rect(midtop=(w // 2, top + title.get_height() + scale.px(6, 2))))
        surface.blit(hint, hint.get_rect(midtop=(w // 2, top + title.get_height() + below + scale.px(6, 2))))
