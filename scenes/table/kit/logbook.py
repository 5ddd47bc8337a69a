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


__all__ = ["LogView", "Logbook"]
