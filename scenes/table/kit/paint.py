"""Drawing helpers of the table: cached text, buttons, panels and badges (nothing rendered twice).

The text and panel caches are bounded by their bytes (scenes/cache.py), the least recently used going
first, and a table drops them when it leaves the screen (`drop_cached`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import N_, tr
from scenes.cache import MB, BoundedCache
from scenes.fonts import font, wrap

#: the smallest text the tables write, in pixels (a line shrinks to fit no further than this)
MIN_FONT_PX = 10

Colour = tuple[int, ...]  # red, green, blue (and alpha)

INK = (236, 232, 220)
INK_DIM = (176, 180, 170)
PANEL = (16, 22, 28, 190)
GOLD = (255, 214, 90)
BUTTON = (52, 74, 92)
BUTTON_HOVER = (74, 104, 128)
BUTTON_OFF = (44, 48, 54)
BLOCKED_RED = (200, 40, 40)
#: the bytes of rendered lines a TextCache keeps (each of its two kinds: lines as rendered, and lines
#: fitted to a width or wrapped into a block), and of panels a PanelCache keeps
TEXT_BUDGET = 4 * MB
PANEL_BUDGET = 8 * MB


class TextCache:
    """Rendered lines by (text, size, colour, bold), at most `budget` bytes and `limit` lines of each
    kind, the least recently used going first."""

    def __init__(self, limit: int = 600, budget: int = TEXT_BUDGET) -> None:
        self.limit = limit
        self._cache: BoundedCache[tuple[str, int, Colour, bool], pygame.Surface] = BoundedCache(
            "table texts", budget, limit=limit)
        self._fitted: BoundedCache[tuple[str, int, Colour, bool, int, bool], pygame.Surface] = BoundedCache(
            "table texts", budget, limit=limit)

    def drop_cached(self) -> None:
        """Let go of every line (they are rendered again when asked for)."""
        self._cache.clear()
        self._fitted.clear()

    def render(self, text: str, size: int, colour: Colour = INK, bold: bool = False) -> pygame.Surface:
        key = (text, size, colour, bold)
        surface = self._cache.get(key)
        if surface is None:
            surface = self._cache.put(key, font(size, bold).render(text, True, colour))
        return surface

    def fitted(
        self,
        text: str,
        size: int,
        max_width: int,
        colour: Colour = INK,
        bold: bool = False,
        shrink: bool = True,
    ) -> pygame.Surface:
        """The text at `size`, or smaller, or cut with an ellipsis, so it fits `max_width` (measured
        with the font, so only the line that is shown gets rendered)."""
        key = (text, size, colour, bold, max_width, shrink)
        found = self._fitted.get(key)
        if found is not None:
            return found
        chosen = None
        for s in _shrunk(size) if shrink else (size,):
            if font(s, bold).size(text)[0] <= max_width:
                chosen = self.render(text, s, colour, bold)
                break
        if chosen is None:
            small = _shrunk(size)[-1] if shrink else size
            measure = font(small, bold)
            low, high = 0, len(text)
            while low < high:  # the longest cut that fits, with its ellipsis
                mid = (low + high + 1) // 2
                if measure.size(text[:mid].rstrip() + "…")[0] <= max_width:
                    low = mid
                else:
                    high = mid - 1
            chosen = self.render(text[:low].rstrip() + "…" if low else "…", small, colour, bold)
        return self._fitted.put(key, chosen)


    def block(self, text: str, size: int, max_width: int, max_height: int, colour: Colour = INK,
              bold: bool = False, separator: str | None = None) -> pygame.Surface:
        """`text` whole in a box of `max_width` x `max_height`: on one line at `size` when it fits, else
        wrapped (at `separator` when given, such as " · " between the parts of a status line, else at
        spaces) and a size smaller when the lines need it; cut with an ellipsis only when even the
        smallest size does not hold it all."""
        key = (text, size, colour, bold, max_width * 100_000 + max_height, separator is not None)
        found = self._fitted.get(key)
        if found is not None:
            return found
        broken: tuple[int, pygame.font.Font, list[str]] | None = None  # fits, but with a word split
        for s in _shrunk(size):
            face = font(s, bold)
            if separator is not None:
                lines = _pack(text.split(separator), separator, face, max_width)
            else:
                lines = wrap(text, face, max_width)
            if len(lines) * face.get_linesize() <= max(max_height, face.get_linesize()) and all(
                    face.size(line)[0] <= max_width for line in lines):
                if all(face.size(word)[0] <= max_width for word in text.split()):
                    break  # whole words: a smaller size reads better than "Anythin / g goes"
                broken = broken or (s, face, lines)
        else:
            if broken is not None:
                s, face, lines = broken
            else:
                shown = max(1, max_height // face.get_linesize())
                lines = lines[:shown - 1] + [" ".join(lines[shown - 1:])]
        rows = [self.fitted(line, s, max_width, colour, bold, shrink=False) for line in lines]
        image = pygame.Surface((max(r.get_width() for r in rows), face.get_linesize() * len(rows)),
                               pygame.SRCALPHA)
        for i, row in enumerate(rows):
            image.blit(row, (0, i * face.get_linesize()))
        return self._fitted.put(key, image)

    def fits(self, text: str, size: int, max_width: int, bold: bool = False, shrink: bool = True) -> bool:
        """Whether `fitted` shows `text` whole in `max_width` (at `size`, or smaller with `shrink`)."""
        smallest = _shrunk(size)[-1] if shrink else size
        return font(smallest, bold).size(text)[0] <= max_width

    def fitted_first(
        self, variants: list[str], size: int, max_width: int, colour: Colour = INK, bold: bool = False
    ) -> pygame.Surface:
        """The first of `variants` (the fullest first, then shorter wordings) that fits whole in
        `max_width`; only the last is cut, and only when none fits."""
        for s in _shrunk(size):  # a shorter wording at the full size before a longer one made small
            chosen = next((text for text in variants if font(s, bold).size(text)[0] <= max_width), None)
            if chosen is not None:
                return self.render(chosen, s, colour, bold)
        return self.fitted(variants[-1], size, max_width, colour, bold)


def _shrunk(size: int) -> tuple[int, int, int]:
    """The sizes a line may take to fit, largest first: its own, five sixths, two thirds (never below
    the smallest text the tables write, MIN_FONT_PX)."""
    least = min(size, MIN_FONT_PX)
    return (size, max(least, size * 5 // 6), max(least, size * 2 // 3))


def _pack(parts: list[str], separator: str, face: pygame.font.Font, width: int) -> list[str]:
    """`parts` joined by `separator` into as few lines no wider than `width` as they go (a part wider
    than a line is wrapped at its spaces)."""
    lines: list[str] = []
    for part in parts:
        candidate = f"{lines[-1]}{separator}{part}" if lines else part
        if lines and face.size(candidate)[0] <= width:
            lines[-1] = candidate
        else:
            lines.extend(wrap(part, face, width))
    return lines


class PanelCache:
    """Translucent rounded panels by size (a panel drawn per frame would cost an alpha fill each time),
    at most `budget` bytes and 200 panels, the least recently used going first."""

    def __init__(self, budget: int = PANEL_BUDGET) -> None:
        self._cache: BoundedCache[tuple[int, int, tuple[int, ...], int], pygame.Surface] = BoundedCache(
            "table panels", budget, limit=200)

    def drop_cached(self) -> None:
        """Let go of every panel (they are drawn again when asked for)."""
        self._cache.clear()

    def get(self, size: tuple[int, int], colour: tuple[int, ...] = PANEL, radius: int = 8) -> pygame.Surface:
        w, h = max(1, size[0]), max(1, size[1])
        key = (w, h, colour, radius)
        surface = self._cache.get(key)
        if surface is None:
            surface = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(surface, colour, surface.get_rect(), border_radius=radius)
            self._cache.put(key, surface)
        return surface


#: the words of the buttons every table has (a table names them in English; they are drawn translated)
COMMON_LABELS = (N_("Menu"), N_("Undo"))


@dataclass
class Button:
    rect: pygame.Rect
    label: str  # drawn in the chosen language (`tr`): an English label marked for the catalogue, or words
    key: str  # what a click means: an action text, or "undo" / "menu"
    enabled: bool = True
    hot: bool = False  # a legal choice the player is asked to make
    visible: bool = True


def draw_button(
    surface: pygame.Surface, button: Button, texts: TextCache, size: int, hover: bool = False
) -> None:
    colour = BUTTON_OFF if not button.enabled else BUTTON_HOVER if hover else BUTTON
    radius = max(3, button.rect.height // 4)
    pygame.draw.rect(surface, colour, button.rect, border_radius=radius)
    edge = GOLD if button.hot and button.enabled else INK_DIM
    pygame.draw.rect(surface, edge, button.rect, max(1, size // 10), border_radius=radius)
    ink = INK if button.enabled else INK_DIM
    label = texts.fitted(tr(button.label), size, button.rect.width - 6, ink, True)
    surface.blit(label, label.get_rect(center=button.rect.center))


def blocked_badge(size: tuple[int, int]) -> pygame.Surface:
    """A red 'no' sign for a card whose action the current King card blocks."""
    d = max(8, size[0] // 3)
    badge = pygame.Surface((d, d), pygame.SRCALPHA)
    r = d // 2
    pygame.draw.circle(badge, (255, 255, 255, 230), (r, r), r)
    pygame.draw.circle(badge, BLOCKED_RED, (r, r), r, max(2, d // 7))
    off = int(r * 0.62)
    pygame.draw.line(badge, BLOCKED_RED, (r - off, r + off), (r + off, r - off), max(2, d // 7))
    return badge


def triangle_marker(
    surface: pygame.Surface, tip: tuple[float, float], size: float, colour: Colour = GOLD
) -> None:
    """A small arrow pointing right at `tip`: the marker on whoever decides now."""
    x, y = tip
    pygame.draw.polygon(surface, colour, [(x, y), (x - size, y - size * 0.6), (x - size, y + size * 0.6)])
