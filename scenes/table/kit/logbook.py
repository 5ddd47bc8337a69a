"""The table's log: the game as the person at the screen knows it, line by line and round by round.

The table fills it from the events that person may see (live as they play back, or told again from
the record when the screen is handed on, after an undo and on resume), so it never holds a line
written for someone else (ALL-R2). The log box shows its newest lines, each wrapped whole and never
cut, and scrolls back with the mouse wheel; the history panel lists all of it by round.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from scenes.fonts import font, wrap
from scenes.table.kit.paint import INK, INK_DIM, TextCache


class Fold(str):
    """Words that belong to the line before rather than a line of their own: who plays next and why,
    the draw after a play, the second card of a play or a swap. `joint` goes between the line and them.
    With no line of the same play to join, `alone` is logged instead (None: nothing is: bookkeeping never
    stands as a line by itself). `late`: they join the newest line even when its play was told, for a
    decision that only finishes it (who a tie's chooser gave the turn to)."""

    joint: str
    alone: str | None
    late: bool

    def __new__(cls, text: str, joint: str = " · ", *, alone: str | None = None, late: bool = False) -> Fold:
        made = super().__new__(cls, text)
        made.joint = joint
        made.alone = alone
        made.late = late
        return made


@dataclass
class Logbook:
    """The lines in order, and where each round begins. Lines are only ever added or all cleared, and
    the newest line grows while its play goes on (`fold`)."""

    lines: list[str] = field(default_factory=list)
    rounds: list[tuple[int, str]] = field(default_factory=list)  # (index of its first line, title)
    generation: int = 0  # changes whenever lines are taken away or changed, or a round begins
    open: bool = False  # the newest line belongs to the play still being told: a Fold joins it
    _noted: bool = False  # the newest line is a note on things outside the game: nothing joins it

    def add(self, line: str) -> None:
        """A line, unless it only repeats the one before; a Fold joins the open line instead."""
        if isinstance(line, Fold):
            self.fold(line)
        elif not self.lines or self.lines[-1] != line:
            self.lines.append(str(line))
            self.open, self._noted = True, False

    def note(self, line: str) -> None:
        """A line on things outside the game (a save that failed): no play's words ever join it."""
        self.lines.append(line)
        self.open, self._noted = False, True

    def fold(self, part: Fold) -> None:
        """`part` onto the newest line while its play is told (a line of its own if it may stand alone)."""
        if (self.open or part.late) and self.lines and not self._noted:
            line = self.lines[-1]
            if part.joint.strip() in (";", ",") and line.endswith("."):
                line = line[:-1]  # a sentence that goes on after all
            self.lines[-1] = f"{line}{part.joint}{part}"
            self.generation += 1  # the newest line is wrapped anew
        elif part.alone and (not self.lines or self.lines[-1] != part.alone):
            self.lines.append(part.alone)
            self.open, self._noted = True, False

    def close(self) -> None:
        """The play is told: what comes next is a line of its own."""
        self.open = False

    def start_round(self, title: str) -> None:
        if self.rounds and self.rounds[-1][0] == len(self.lines):
            self.rounds[-1] = (len(self.lines), title)  # the round before it has no line: it gives way
        else:
            self.rounds.append((len(self.lines), title))
        self.generation += 1

    def clear(self) -> None:
        self.lines.clear()
        self.rounds.clear()
        self.open = self._noted = False
        self.generation += 1

    def by_round(self) -> list[tuple[str, list[str]]]:
        """(title, lines) of every round with a line, in order; lines before the first round come
        first under an empty title."""
        starts = list(self.rounds)
        if not starts or starts[0][0] > 0:
            starts.insert(0, (0, ""))
        out = []
        for k, (start, title) in enumerate(starts):
            end = starts[k + 1][0] if k + 1 < len(starts) else len(self.lines)
            if end > start:
                out.append((title, self.lines[start:end]))
        return out


@dataclass
class LogView:
    """The log box: the logbook's lines wrapped into rows, the newest at the bottom, `scroll` rows back
    from it. Lines are wrapped from the newest back, only as far as the box shows: a long game's log
    is not wrapped again whole when a line is added or the game is told anew."""

    scroll: int = 0
    _key: tuple[int, int, int] | None = None  # (generation, size, width) the rows were wrapped for
    _wrapped: dict[int, list[str]] = field(default_factory=dict)  # line index -> its rows

    def tail(self, book: Logbook, size: int, width: int, count: int) -> list[tuple[str, int]]:
        """The last `count` rows (fewer if the log has fewer), with the index of each row's line."""
        key = (book.generation, size, width)
        if key != self._key:
            self._key, self._wrapped = key, {}
        face = font(size)
        rows: list[tuple[str, int]] = []
        index = len(book.lines) - 1
        while index >= 0 and len(rows) < count:
            wrapped = self._wrapped.get(index)
            if wrapped is None:
                wrapped = self._wrapped[index] = wrap(book.lines[index], face, width)
            rows[:0] = [(row, index) for row in wrapped]
            index -= 1
        return rows[-count:] if count > 0 else []

    def wheel(self, steps: int) -> None:
        """Scroll `steps` rows back (up) or forth (down); drawing stops it at the first row."""
        self.scroll = max(0, self.scroll + steps)

    def draw(
        self, surface: pygame.Surface, box: pygame.Rect, book: Logbook, texts: TextCache, size: int
    ) -> None:
        """The rows that fit `box`, ending `scroll` rows before the newest: the newest line bright."""
        line_h = font(size).get_linesize()
        width = max(8, box.width - 10)
        shown = max(1, box.height // max(1, line_h))
        rows = self.tail(book, size, width, self.scroll + shown)
        self.scroll = max(0, min(self.scroll, len(rows) - shown))
        y = box.y
        clip = surface.get_clip()
        surface.set_clip(box.clip(clip))
        newest = len(book.lines) - 1
        for text, index in rows[:shown]:
            surface.blit(texts.render(text, size, INK if index == newest else INK_DIM), (box.x + 5, y))
            y += line_h
        surface.set_clip(clip)


__all__ = ["Fold", "LogView", "Logbook"]
