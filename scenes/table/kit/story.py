"""The game as the person at the screen knows it: each event told into the log and the table's memory
as it is played back, and the whole game told again from the record when another person looks, after an
undo, when a saved game opens and in another language (ALL-R2: only that person's events are told)."""

from __future__ import annotations

from functools import partial
from typing import final

import pygame

from game.core import Event, TurnChanged
from game.i18n import tr
from scenes.fonts import font
from scenes.table.kit.animation import Hold
from scenes.table.kit.hooks import ObsT
from scenes.table.kit.motion import TableMotion
from scenes.table.kit.paint import INK_DIM

NOTICE_SECONDS = 6.0  # a note on things outside the game (the autosave, the AI): long enough to read


class TableStory(TableMotion[ObsT]):
    """Events into the log and the table's memory."""

    @final
    def _take_events(self) -> None:
        events = self.match.drain_events(self._seat_arg)
        for event in events:
            self.timeline.add(partial(self._play_event, event))
        if events:
            self._dirty = True
            self._targets_key = None
            self._hide_decider()

    @final
    def _hide_decider(self) -> None:
        """Events play back: until they have, the observation kept is of the state before them, and who
        decides in it (and its prompt) would be said over cards that show a later one. Who decides is
        told again with the observation that matches the shown cards, once playback ends (`_resync`):
        meanwhile the prompt is hidden and no plate says "decides now"."""
        if self.obs.get("current_player") is not None or self.obs.get("prompt"):
            hidden = dict(self.obs, current_player=None, prompt="")
            self.obs = hidden  # type: ignore[assignment]  # the same keys: the observation's own type
            self.refresh_underlay()

    @final
    def _take_notices(self) -> None:
        """What the match tells the player of things outside the game (a save that fails, an AI that
        did not answer): a note over the table that does not stop play, and a line in the log."""
        for text in self.match.drain_notices():
            self._notices_told.append((len(self.match.actions), text))
            self.logbook.note(self.in_words(text))
            self.refresh_underlay()
            self.toast = (self.in_words(text), NOTICE_SECONDS)

    @final
    def _play_event(self, event: Event) -> Hold | None:
        """Play one event back: its announcement and its card moves (reading what the table knew
        before it), then its log line and what the table keeps of it."""
        self.refresh_underlay()
        if event.kind == "Undone":
            self.retell()  # the moves taken back leave the log too
            return None
        banner = self.banner_for(event)
        steps = self._steps_of(event, banner, self.moment_for(event))
        # the log line and what the table keeps of the event come when its animation has landed
        steps.append(partial(self._told, event))
        self.timeline.steps[0:0] = steps[1:]
        return steps[0]()

    @final
    def _told(self, event: Event) -> None:
        self._tell(event)
        self.refresh_underlay()

    @final
    def _tell(self, event: Event) -> None:
        """The event into the log (a new round first, if it begins one) and into the table's memory."""
        title = self.round_title(event, self._last_told, len(self.logbook.rounds))
        if title:
            self.logbook.start_round(title)
        line = self.describe(event)
        if line:
            self.logbook.add(line)  # a Fold joins the line of the play that caused it
        self.remember(event)
        if isinstance(event, TurnChanged):  # who decides next ends the telling of a play
            self.logbook.close()
            self._turns = (event.seat if self._turns is None else self._turns[0], event.seat)
        self._last_told = event

    @final
    def retell(self) -> None:
        """Tell the whole game again, from the record, as the person at the screen knows it: the log
        and the table's memory are built anew from that person's events alone, and nothing shown to
        whoever looked before stays (an announcement, a note, a half-played move) (ALL-R2)."""
        self.match.drain_events(self._seat_arg)  # already in the record: told below with the rest
        self._told_viewer = self.viewer
        self.timeline.clear()
        self.moments.clear()
        self.banner = None
        self.reveal = None
        self.toast = None
        self._drag = self._press = None
        self.set_targets([])
        self.logbook.clear()
        self.log_view.scroll = 0
        self._last_told = None
        self._turns = None
        self.reset_memory()
        notices = sorted(self._notices_told, key=lambda told: told[0])
        for count, step in enumerate(self.match.history(self._seat_arg)):
            while notices and notices[0][0] <= count:
                self.logbook.note(self.in_words(notices.pop(0)[1]))
            for event in step.events:
                self._tell(event)
        for _, text in notices:
            self.logbook.note(self.in_words(text))
        self.refresh_underlay()
        self._dirty = True
        self._snap_next = True
        self._targets_key = None

    @final
    def turn_goes_round(self, event: Event) -> bool:
        """Whether `event` gives the turn on past the seat that had the first turn: a new round of
        turns (for a table that counts its rounds that way)."""
        if not isinstance(event, TurnChanged) or self._turns is None:
            return False
        first, now = self._turns
        return (event.seat - first) % self.players < (now - first) % self.players

    @final
    @property
    def log_lines(self) -> list[str]:
        """Every line of the log, oldest first."""
        return self.logbook.lines

    @final
    def log_tail(self, count: int) -> list[str]:
        return self.logbook.lines[-count:]

    @final
    def scroll_log(self, rows: int) -> None:
        """The log box back (negative: towards older lines) or forth by `rows` wrapped rows."""
        self.log_view.wheel(-rows)
        self.refresh_underlay()

    @final
    def draw_log(self, surface: pygame.Surface, box: pygame.Rect, font_size: int = 17) -> None:
        """The log in `box`: a header with the History button, then the newest lines that fit, each
        wrapped whole (never cut short), the newest bright; the mouse wheel over it scrolls back."""
        size = self.scale.font(font_size)
        head = min(box.height, font(self.scale.font(17)).get_linesize() + self.scale.px(8, 2))
        label = self.texts.render(tr("Log"), size, INK_DIM, True)
        surface.blit(label, (box.x + 5, box.y + (head - label.get_height()) // 2))
        body = pygame.Rect(box.x, box.y + head + 2, box.width, max(1, box.height - head - 4))
        self._log_body = body
        self.log_view.draw(surface, body, self.logbook, self.texts, size)


__all__ = ["NOTICE_SECONDS", "TableStory"]
