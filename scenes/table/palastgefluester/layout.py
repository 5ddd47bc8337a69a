"""Where Palastgeflüster's things lie for a window size: the seats' areas (name plate, hand, display row),
the King cards and the piles in the middle, the centre text, the prompt line, the log and the count buttons,
and where each zone's cards go (`place_zone`).

The seat on screen sits at the bottom (hand fanned face up, display row above it); the others sit across
the top. A wide window sets the piles beside the centre text and the seat's plate, row and log side by
side; a tall one stacks them (`_lay_out_tall`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.core.variant import state_data
from game.palastgefluester.cards import KING_PERSONS
from game.palastgefluester.data import DEFAULT_DATA, PalastData
from game.palastgefluester.view import PalastgefluesterObservation
from scenes.table.kit import TableScene
from scenes.table.kit.layout import card_size, fanned_card, fanned_hand, row_centers
from scenes.table.kit.paint import Button
from scenes.table.kit.sprite import Placement
from scenes.table.kit.zones import Entry

#: a row is laid out for this many cards at least: it never holds more than a hand, as the hand size's
#: different person ends the round (6 shipped; a variant's larger hand widens the row)
DISPLAY_SLOTS = 6
PILE_SHOWN = 3  # cards drawn of a pile (the rest lie hidden beneath)


@dataclass
class SeatArea:
    """Where one seat's things lie."""

    plate: pygame.Rect
    row: pygame.Rect  # the display row
    hand: pygame.Rect  # the hand (backs for others, the fan for the seat on screen)
    row_card: tuple[int, int]
    hand_card: tuple[int, int]
    bottom: bool


class PalastLayout(TableScene[PalastgefluesterObservation]):
    """The table's regions for the window size (`compute_layout`) and where each zone's cards lie."""

    areas: dict[int, SeatArea]
    strip_w: int  # a row's colour strip (with the colour's shape)
    pile_card: tuple[int, int]
    mid_y: float  # the line of the King cards and the piles
    centre_box: pygame.Rect  # round, who decides now and why, the last round; the count buttons
    prompt_y: int
    king_stack_at: tuple[float, float]
    king_current_at: tuple[float, float]
    king_history_card: tuple[int, int]
    king_history_left: float
    king_label_room: pygame.Rect
    discard_at: tuple[float, float]
    draw_at: tuple[float, float]
    display_slots: int  # the cards a row is laid out for

    def card_data(self) -> PalastData:
        """The card data the game on the table is played with (a variant's, else the shipped): the hand
        size its rows and words follow, the deck its art is made for. From the match's options, which the
        layout has before the first observation."""
        found = state_data(self.game_id, self.match.options)
        return found if isinstance(found, PalastData) else DEFAULT_DATA

    def compute_layout(self) -> None:
        w, h = self.scale.width, self.scale.height
        aspect = self.app.art.aspect(self.game_id)
        m = max(2, round(min(w, h) * 0.012))
        self.margin = m
        self.display_slots = max(DISPLAY_SLOTS, self.card_data().hand_size)
        self.strip_w = max(self.scale.px(6, 2), self.scale.px(34, 12))  # a row's colour strip and its shape
        others = self.seats_across()
        self.areas = {}
        col_w = (w - m) / max(1, len(others))
        top_h = h * 0.37
        plate_h = max(14, round(h * 0.05))
        for i, seat in enumerate(others):
            x = round(m + i * col_w)
            cw = round(col_w - m)
            plate = pygame.Rect(x, m, cw, plate_h)
            backs = card_size(h * 0.085, aspect, max_width=cw / 5)
            hand = pygame.Rect(x, plate.bottom + m, cw, backs[1])
            row_top = hand.bottom + m
            row_card = card_size(
                min(h * 0.17, top_h - row_top), aspect, max_width=(cw - m * 2) / (self.display_slots - 0.8)
            )
            row = pygame.Rect(x, row_top, cw, row_card[1] + m)
            self.areas[seat] = SeatArea(plate, row, hand, row_card, backs, bottom=False)

        opponents_bottom = max((a.row.bottom for a in self.areas.values()), default=round(h * 0.3))
        if self.scale.tall:
            self._lay_out_tall(opponents_bottom, aspect)
        else:
            self._lay_out_wide(opponents_bottom, aspect)
        bw, bh = round(w * 0.085), max(14, round(h * 0.045))
        self.buttons = [
            Button(pygame.Rect(w - m - bw, h - m - bh, bw, bh), "Menu", "menu"),
            Button(pygame.Rect(w - m - bw, h - 2 * m - 2 * bh, bw, bh), "Undo", "undo", enabled=False),
        ]

    def _lay_out_wide(self, opponents_bottom: float, aspect: float) -> None:
        """The middle (piles beside the centre text) and the seat on screen (plate, row and log side by
        side) of a window about as wide as tall, or wider."""
        w, h, m = self.scale.width, self.scale.height, self.margin
        mid_top, mid_bottom = min(h * 0.39, opponents_bottom + m * 2), h * 0.585
        self.pile_card = card_size(min(h * 0.16, (mid_bottom - mid_top) * 0.78), aspect, max_width=w * 0.085)
        self.mid_y = (mid_top + mid_bottom) / 2
        pw = self._place_piles(aspect)
        self.centre_box = pygame.Rect(
            round(self.king_history_left + self.king_history_card[0] * 2.4),
            round(mid_top),
            0,
            round(mid_bottom - mid_top),
        )
        self.centre_box.width = max(10, round(w - m * 4 - pw * 2) - self.centre_box.x)
        self.prompt_y = round(h * 0.606)

        own_top = h * 0.64
        own_card = card_size(h * 0.13, aspect, max_width=w * 0.5 / (self.display_slots + 0.5))
        side_w = round(w * 0.2)
        own_row = pygame.Rect(side_w + m * 2, round(own_top), w - 2 * side_w - m * 4, own_card[1] + m)
        own_plate = pygame.Rect(m, round(own_top), side_w, max(14, round(h * 0.075)))
        hand_card = card_size(h * 0.18, aspect, max_width=w * 0.6 / 6.5)
        hand = pygame.Rect(round(w * 0.2), round(h - m - hand_card[1] * 1.02), round(w * 0.6), hand_card[1])
        self.areas[self.bottom_seat] = SeatArea(own_plate, own_row, hand, own_card, hand_card, bottom=True)
        self.log_box = pygame.Rect(w - side_w - m, round(own_top), side_w, round(h * 0.15))

    def _lay_out_tall(self, opponents_bottom: float, aspect: float) -> None:
        """A tall window, from the bottom up: the hand; the seat's display row across the whole width;
        its plate beside the log; the prompt; the piles in a line of their own under the centre text.
        Each card takes the height its share of the window gives, no longer held to the width alone."""
        w, h, m = self.scale.width, self.scale.height, self.margin
        hand_card = card_size(h * 0.17, aspect, max_width=w * 0.6 / 4.2)
        hand = pygame.Rect(round(w * 0.2), round(h - m - hand_card[1] * 1.02), round(w * 0.6), hand_card[1])
        own_card = card_size(h * 0.13, aspect,
                             max_width=(w - m * 4 - self.strip_w) / (self.display_slots + 0.5))
        own_row = pygame.Rect(m, hand.y - m * 2 - own_card[1], w - m * 2, own_card[1] + m)
        log_h = round(h * 0.13)
        line_top = own_row.y - m - log_h
        own_plate = pygame.Rect(m, line_top, round(w * 0.36), max(14, round(h * 0.075)))
        self.log_box = pygame.Rect(round(w * 0.5), line_top, w - m - round(w * 0.5), log_h)
        self.areas[self.bottom_seat] = SeatArea(own_plate, own_row, hand, own_card, hand_card, bottom=True)
        self.prompt_y = round(line_top - h * 0.035)

        centre_top = round(opponents_bottom + m * 2)
        self.centre_box = pygame.Rect(m * 2, centre_top, w - m * 4, round(h * 0.12))
        mid_top, mid_bottom = self.centre_box.bottom + m, self.prompt_y - h * 0.03
        self.pile_card = card_size(min(h * 0.16, (mid_bottom - mid_top) * 0.8), aspect, max_width=w * 0.13)
        self.mid_y = mid_top + self.pile_card[1] / 2 + (mid_bottom - mid_top - self.pile_card[1] * 1.15) / 2
        self._place_piles(aspect)

    def _place_piles(self, aspect: float) -> int:
        """The King cards at the left, the draw and discard piles at the right, on the line `mid_y`;
        returns the pile card's width."""
        w, m = self.scale.width, self.margin
        pw, ph = self.pile_card
        self.king_stack_at = (m * 2 + pw / 2, self.mid_y)
        self.king_current_at = (m * 3 + pw * 1.5, self.mid_y)
        self.king_history_card = card_size(ph * 0.55, aspect)
        self.king_history_left = m * 4 + pw * 2
        self.discard_at = (w - m * 2 - pw / 2, self.mid_y)
        self.draw_at = (w - m * 3 - pw * 1.5, self.mid_y)
        # the line under the King cards: beside the centre text a little wider than the card; alone on
        # its line (a tall window) as far as the draw pile
        # the line under the current King card reaches right under the older ones, to the draw pile in a
        # tall window (the piles have their own line), else to the centre text beside them
        left, below = round(self.king_current_at[0] - pw / 2), round(self.mid_y + ph / 2)
        history_right = self.king_history_left + self.king_history_card[0] * 2.4
        right = self.draw_at[0] - pw / 2 if self.scale.tall else history_right
        self.king_label_room = pygame.Rect(left, below, max(pw, round(right - m) - left), ph)
        return pw

    def art_sizes(self) -> list[tuple[str | None, str, tuple[int, int]]]:
        persons = sorted(set(self.card_data().deck(self.players)))
        kings = [f"king/{p}" for p in KING_PERSONS]
        face_sizes = {a.row_card for a in self.areas.values()}
        # the own hand's faces at the size its fan draws them
        face_sizes |= {fanned_card(a.hand, a.hand_card) if a.bottom else a.hand_card
                       for a in self.areas.values()}
        back_sizes = {a.hand_card for a in self.areas.values()} | {self.pile_card}
        out: list[tuple[str | None, str, tuple[int, int]]] = []
        out += [(card, "back", size) for size in sorted(face_sizes) for card in persons]
        out += [
            (king, "king_back", size) for size in (self.pile_card, self.king_history_card) for king in kings
        ]
        out += [(None, kind, size) for size in sorted(back_sizes) for kind in ("back", "king_back")]
        return out

    def place_zone(self, zone: str, entries: Sequence[Entry]) -> list[Placement]:
        count = len(entries)
        kind, _, seat_text = zone.partition(":")
        if kind in ("hand", "display"):
            area = self.areas.get(int(seat_text))
            if area is None:
                return [Placement((-100.0, -100.0), (4, 6), False, 0, shown=False)] * count
            if kind == "hand":
                return self._place_hand(area, entries)
            cw, ch = area.row_card
            left, right = area.row.x + self.strip_w + self.margin, area.row.right - self.margin
            centres = row_centers(
                left, right, area.row.centery, count, cw, cw * 0.08, "center" if area.bottom else "left"
            )
            return [Placement(c, area.row_card, True, 200 + i) for i, c in enumerate(centres)]
        if zone in ("draw", "discard", "king_stack"):
            at = {"draw": self.draw_at, "discard": self.discard_at, "king_stack": self.king_stack_at}[zone]
            out = []
            for i in range(count):
                above = i - (count - PILE_SHOWN)
                lift = max(0, above) * max(1.0, self.pile_card[1] * 0.01)
                out.append(
                    Placement(
                        (at[0] - lift / 2, at[1] - lift), self.pile_card, False, 50 + i, shown=above >= 0
                    )
                )
            return out
        if zone == "king_revealed":
            out = []
            hw, hh = self.king_history_card
            for i in range(count):
                if i == count - 1:
                    out.append(Placement(self.king_current_at, self.pile_card, True, 80))
                else:
                    x = self.king_history_left + hw / 2 + i * hw * 0.3
                    out.append(
                        Placement((x, self.mid_y - self.pile_card[1] / 2 + hh / 2), (hw, hh), True, 60 + i)
                    )
            return out
        return [Placement((-100.0, -100.0), (4, 6), False, 0, shown=False)] * count

    def _place_hand(self, area: SeatArea, entries: Sequence[Entry]) -> list[Placement]:
        count = len(entries)
        if area.bottom:
            return fanned_hand(area.hand, area.hand_card, entries)
        bw = area.hand_card[0]
        centres = row_centers(
            area.hand.x + self.margin,
            area.hand.x + area.hand.width * 0.45,
            area.hand.centery,
            count,
            bw,
            -bw * 0.55,
            "left",
        )
        return [Placement(c, area.hand_card, False, 100 + i) for i, c in enumerate(centres)]

    def reveal_card_size(self) -> tuple[int, int]:
        area = self.areas.get(self.bottom_seat)
        return area.hand_card if area is not None else super().reveal_card_size()

    def panel_rects(self) -> dict[str, pygame.Rect]:
        found = super().panel_rects()
        for seat, area in self.areas.items():
            found |= {f"plate {seat}": area.plate, f"row {seat}": area.row, f"hand {seat}": area.hand}
        found["centre"] = self.centre_box
        return found

    def _count_buttons(self, count: int) -> list[pygame.Rect]:
        if not count:
            return []
        box = self.centre_box
        bw = min(self.scale.px(70, 18), max(14, (box.width - 8) // count - 6))
        bh = max(14, min(self.scale.px(56, 14), box.height // 3))
        gap = max(3, bw // 6)
        x = box.centerx - (count * bw + (count - 1) * gap) // 2
        y = box.bottom - bh - self.margin
        return [pygame.Rect(x + i * (bw + gap), y, bw, bh) for i in range(count)]

    def drop_rect(self) -> pygame.Rect | None:
        area = self.areas.get(self.bottom_seat)
        return area.row.inflate(0, area.row.height) if area else None
