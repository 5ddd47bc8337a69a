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

from .paint import INK, INK_DIM, TextCache


@dataclass
class Logbook:
    """The lines in order, and where each round begins. Lines are only ever added or all cleared."""

    lines: list[str] = field(default_factory=list)
    rounds: list[tuple[int, str]] = field(default_factory=list)  # (index of its first line, title)
    generation: int = 0  # changes whenever lines are taken away or a round begins

    def add(self, line: str) -> None:
        """A line, unless it only repeats the one before."""
        if not self.lines or self.lines[-1] != line:
            self.lines.append(line)

    def start_round(self, title: str) -> None:
        if self.rounds and self.rounds[-1][0] == len(self.lines):
            self.rounds[-1] = (len(self.lines), title)  # the round before it has no line: it gives way
        else:
            self.rounds.append((len(self.lines), title))
        self.generation += 1

    def clear(self) -> None:
        self.lines.clear()
        self.rounds.clear()
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
    """The log box: wrapped rows of the logbook, the newest at the bottom; `scroll` rows back from it."""

    scroll: int = 0
    _key: tuple[int, int, int, int] | None = None
    _rows: list[tuple[str, bool]] = field(default_factory=list)  # (text, of the newest line)

    def rows(self, book: Logbook, size: int, width: int) -> list[tuple[str, bool]]:
        key = (book.generation, len(book.lines), size, width)
        if key != self._key:
            self._key = key
            face = font(size)
            last = len(book.lines) - 1
            self._rows = [
                (row, i == last) for i, line in enumerate(book.lines) for row in wrap(line, face, width)
            ]
        return self._rows

    def wheel(self, steps: int, book: Logbook, size: int, width: int, shown: int) -> None:
        """Scroll `steps` rows back (up) or forth (down), never past the first or the newest row."""
        most = max(0, len(self.rows(book, size, width)) - shown)
        self.scroll = max(0, min(most, self.scroll + steps))

    def draw(
        self, surface: pygame.Surface, box: pygame.Rect, book: Logbook, texts: TextCache, size: int
    ) -> None:
        """The rows that fit `box`, ending `scroll` rows before the newest: the newest line bright."""
        line_h = font(size).get_linesize()
        width = max(8, box.width - 10)
        shown = max(1, box.height // max(1, line_h))
        rows = self.rows(book, size, width)
        self.scroll = max(0, min(self.scroll, len(rows) - shown))
        end = len(rows) - self.scroll
        y = box.y
        clip = surface.get_clip()
        surface.set_clip(box.clip(clip))
        for text, newest in rows[max(0, end - shown) : end]:
            surface.blit(texts.render(text, size, INK if newest else INK_DIM), (box.x + 5, y))
            y += line_h
        surface.set_clip(clip)


__all__ = ["LogView", "Logbook"]
