"""Layout helpers: everything is computed from the window size, nothing is a fixed pixel position."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from scenes.fonts import font
from scenes.table.kit.paint import MIN_FONT_PX
from scenes.table.kit.sprite import Placement, fan_offset, outline_width

if TYPE_CHECKING:
    from scenes.table.kit.zones import Entry

Size = tuple[int, int]
LOG_ROWS = 4  # the rows of text a table's log box shows at least (at 1280x720 and larger)
FAN_ARC = 0.06  # of a card's height: how much lower than the middle ones a fanned hand's outer cards sit


@dataclass(frozen=True)
class Scale:
    """Proportions of one window size: `unit` is 1.0 at 1920x1080 (lengths), `text_unit` the same for
    text."""

    width: int
    height: int

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    @property
    def unit(self) -> float:
        return max(0.15, min(self.width / 1920.0, self.height / 1080.0))

    def px(self, value: float, minimum: int = 1) -> int:
        """A length given at 1920x1080, for this window."""
        return max(minimum, round(value * self.unit))

    @property
    def tall(self) -> bool:
        """A window clearly taller than wide (900x1200; 800x600 is not): the tables stack what a wide
        window sets side by side, so that their cards grow with the height the width alone would deny."""
        return self.height > self.width * 1.15

    @property
    def text_unit(self) -> float:
        """The scale of text. It follows both window dimensions, the width a little less (a narrow, tall
        window has room to spare below: its text need not be as small as its width alone would make it),
        and below 1920x1080 it shrinks more slowly than lengths, so a small window stays readable."""
        unit = max(0.15, min(1.3 * self.width / 1920.0, self.height / 1080.0))
        return unit if unit >= 1.0 else unit**0.7

    def font(self, value: float) -> int:
        """A text size given at 1920x1080, for this window."""
        return max(MIN_FONT_PX, round(value * self.text_unit))

    def log_height(self, rows: int, size: float = 17) -> int:
        """The height of a log box (the kit's `draw_log`: its header, then rows of text of `size` given
        at 1920x1080) that shows `rows` rows."""
        head = font(self.font(17)).get_linesize() + self.px(8, 2)
        return head + 4 + rows * font(self.font(size)).get_linesize()

    def lines_height(self, *sizes: float) -> int:
        """The height of lines of text one under the other, each of a size given at 1920x1080: a panel
        that must hold them is sized by this, not by a share of the window (text shrinks more slowly)."""
        return sum(font(self.font(size)).get_linesize() for size in sizes)


def card_size(height: float, aspect: float, max_width: float | None = None) -> Size:
    """A whole-pixel card size of the given height (or narrower when `max_width` says so)."""
    h = max(6.0, height)
    w = h * aspect
    if max_width is not None and w > max_width:
        w = max(4.0, max_width)
        h = w / aspect
    return (max(4, round(w)), max(6, round(h)))


def row_centers(
    left: float, right: float, y: float, count: int, card_w: int, gap: float, align: str = "center"
) -> list[tuple[float, float]]:
    """Centres of `count` cards side by side between left and right, overlapping when they must."""
    if count <= 0:
        return []
    room = max(1.0, right - left)
    step = card_w + gap
    if count > 1 and card_w + step * (count - 1) > room:
        step = max(1.0, (room - card_w) / (count - 1))
    span = card_w + step * (count - 1)
    if align == "left":
        start = left
    elif align == "right":
        start = right - span
    else:
        start = left + (room - span) / 2
    return [(start + card_w / 2 + step * i, y) for i in range(count)]


def fan_centers(
    center_x: float, base_y: float, count: int, card: Size, max_width: float, arc: float = FAN_ARC
) -> list[tuple[float, float]]:
    """A hand fanned in a shallow arc: the outer cards sit a little lower."""
    w, h = card
    centers = row_centers(center_x - max_width / 2, center_x + max_width / 2, base_y, count, w, w * 0.08)
    if count <= 1:
        return centers
    mid = (count - 1) / 2
    return [(x, y + h * arc * ((i - mid) / max(1.0, mid)) ** 2) for i, (x, y) in enumerate(centers)]


def fit_rect(rect: pygame.Rect, size: Size) -> pygame.Rect:
    """`rect` clipped to a window of `size` (so nothing is laid out off screen)."""
    return rect.clip(pygame.Rect(0, 0, *size))


def fanned_card(box: pygame.Rect, card: Size, arc: float = FAN_ARC) -> Size:
    """The size the cards of a hand fanned in `box` are drawn at: `card`, or smaller where the fan's
    sinking outer cards and the frames round them would not fit in the box's height (a box at the
    window's bottom edge would cut them off)."""
    w, h = card
    room = box.height - 2 * outline_width(w)
    if h * (1 + arc) <= room or h <= 0:
        return card
    factor = max(0.2, room / (h * (1 + arc)))
    return (max(4, round(w * factor)), max(6, round(h * factor)))


def fanned_hand(box: pygame.Rect, card: tuple[int, int], entries: Sequence[Entry]) -> list[Placement]:
    """The hand of the person at the screen: fanned across `box`, every known card face up, above the
    cards on the table; the whole fan with the frames round its cards lies inside the box, opened under
    the pointer too (its outer cards move aside by `fan_offset`: the room for that is kept at each end,
    so they never reach a plate or the log beside the hand)."""
    drawn = fanned_card(box, card)
    top = box.y + outline_width(drawn[0]) + drawn[1] / 2
    aside = abs(fan_offset(1, drawn[0])) + outline_width(drawn[0])
    width = max(float(drawn[0]), box.width - 2 * aside)
    centres = fan_centers(box.centerx, top, len(entries), drawn, width)
    return [Placement(c, drawn, entries[i].card is not None, 300 + i) for i, c in enumerate(centres)]
