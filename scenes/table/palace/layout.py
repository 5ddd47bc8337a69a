"""Where the Palace table's things lie for a window size: every seat's area (plate, hand, slots), the
middle line (draw pile, the pick-up pile's fan, the burned cards, what beats the pile), the prompt and the
action buttons, and where each zone's cards go (`place_zone`).

A wide window puts the others across the top and the middle on one line, with the seat on screen below; a
tall one stacks each seat across (plate, hand, slots) and the middle above the prompt.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.variant import state_data
from game.i18n import N_
from game.palace.cards import INVISIBLE, rank_of
from game.palace.data import DEFAULT, PalaceData
from game.palace.rules import power
from game.palace.view import PalaceObservation
from scenes.table.kit import TableScene
from scenes.table.kit.layout import card_size, fanned_card, fanned_hand, row_centers
from scenes.table.kit.paint import Button
from scenes.table.kit.sprite import Placement
from scenes.table.kit.zones import Entry

HIDDEN = Placement((-100.0, -100.0), (4, 6), False, 0, shown=False)
PILE_FAN = 4  # the pile's top cards shown side by side at least (more when a run or a 3 hides the top)
COUNT_SAMPLE = 88  # the widest count a hand's pill is made room for (two digits)
SLOT_STEP = 1.3  # card widths between two of a seat's three slots
UP_SHIFT = (0.1, 0.13)  # a face-up card's shift off its face-down card, in card widths and heights
DOWN_SHIFT = 0.04  # and the face-down card's, to the left, in card widths
#: the card widths three slots take: two steps, a card, and the shifts either way
SLOTS_WIDE = 2 * SLOT_STEP + 1 + UP_SHIFT[0] + DOWN_SHIFT + 0.02


def slots_width(slot_card: tuple[int, int]) -> int:
    """The width of a seat's three slots of cards of `slot_card`'s size (every card and shift inside)."""
    return math.ceil(slot_card[0] * SLOTS_WIDE)


def pile_fan(cards: Sequence[str | None], options: Mapping[str, Any], data: PalaceData = DEFAULT) -> int:
    """How many of the pile's top cards lie side by side: at least PILE_FAN, and always down to the
    card that sets the rank to beat and its whole run of equal ranks (the invisible rank is the card
    data's: the 3 with its option in the shipped game)."""
    depth = 0
    ranks = [rank_of(c) if c else "" for c in cards]
    for i in range(len(ranks) - 1, -1, -1):  # the invisible cards on top, then the card they copy
        depth += 1
        if not (ranks[i] and power(ranks[i], options, data) == INVISIBLE):
            break
    if depth:
        rank = ranks[len(ranks) - depth]
        while depth < len(ranks) and ranks[len(ranks) - depth - 1] == rank:
            depth += 1
    return max(PILE_FAN, depth)


@dataclass
class SeatArea:
    """Where one seat's things lie."""

    plate: pygame.Rect
    hand: pygame.Rect  # the fan (seat on screen) or the row of backs
    slots: pygame.Rect  # the three face-down / face-up slots
    hand_card: tuple[int, int]
    slot_card: tuple[int, int]
    bottom: bool
    count: pygame.Rect | None = None  # the pill with the number of cards in hand, below the backs (others)



class PalaceLayout(TableScene[PalaceObservation]):
    """The table's regions for the window size (`compute_layout`) and the places of the cards in them."""

    areas: dict[int, SeatArea]
    pile_card: tuple[int, int]  # the size of the cards in the middle
    mid_y: float  # the middle line
    pile_step: float  # between two cards of the pile's fan
    pile_at: tuple[float, float]
    draw_at: tuple[float, float]
    burned_at: tuple[float, float]
    pile_rect: pygame.Rect  # the pile's fan: a drop and a click on it play what is picked
    need_box: pygame.Rect  # what beats the pile, in words
    action_y: int  # the row of action buttons
    prompt_y: int

    def card_data(self) -> PalaceData:
        """The card data the game on the table is played with (a variant's, else the shipped): the deck,
        the ranks' powers and the burn run its words tell. From the match's options, which the layout has
        before the first observation."""
        found = state_data(self.game_id, self.match.options)
        return found if isinstance(found, PalaceData) else DEFAULT

    # -- layout ------------------------------------------------------------------------------------
    def compute_layout(self) -> None:
        w, h = self.scale.width, self.scale.height
        aspect = self.app.art.aspect(self.game_id)
        m = max(2, round(min(w, h) * 0.012))
        self.margin = m
        others = self.seats_across()
        self.areas = {}
        col_w = min((w - m) / max(1, len(others)), w * 0.42)
        first_x = (w - col_w * len(others) + m) / 2  # one or two opponents sit centred across
        plate_h = max(round(h * 0.045), self.plate_height(2))
        for i, seat in enumerate(others):
            x = round(first_x + i * col_w)
            cw = round(col_w - m)
            plate = pygame.Rect(x, m, cw, plate_h)
            if self.scale.tall:  # a tall window: the hand under the plate, the table cards under the hand
                self.areas[seat] = self._stacked_seat(plate, aspect)
                continue
            slot_card = card_size(h * 0.12, aspect, max_width=cw * 0.6 / SLOTS_WIDE)
            slot_h = round(slot_card[1] * 1.14)
            slots_w = slots_width(slot_card)
            slots = pygame.Rect(plate.right - slots_w - m, plate.bottom + m, slots_w, slot_h)  # its shade: m
            hand = pygame.Rect(x, plate.bottom + m, max(4, slots.x - x - 2 * m), slot_h)
            count = self._count_spot(hand)
            room = count.y - hand.y - m - 2  # the backs end above their count
            hand_card = card_size(min(h * 0.085, room), aspect, max_width=cw * 0.35 / 2.2)
            self.areas[seat] = SeatArea(plate, hand, slots, hand_card, slot_card, False, count)
        top_bottom = max((a.slots.bottom for a in self.areas.values()), default=round(h * 0.2))
        if self.scale.tall:
            self._lay_out_tall(top_bottom, aspect)
        else:
            self._lay_out_wide(top_bottom, aspect)
        bw, bh = round(w * 0.085), max(14, round(h * 0.045))
        self.buttons = [
            Button(pygame.Rect(w - m - bw, h - m - bh, bw, bh), N_("Menu"), "menu"),
            Button(pygame.Rect(w - m - bw, h - 2 * m - 2 * bh, bw, bh), N_("Undo"), "undo", enabled=False),
        ]

    def plate_height(self, status_lines: int) -> int:
        """A plate's height for its name line and `status_lines` lines of status under it."""
        return self.scale.lines_height(24, *[18] * status_lines) + self.scale.px(10, 4)

    def _stacked_seat(self, plate: pygame.Rect, aspect: float) -> SeatArea:
        """A seat across in a tall window: its hand on a line under the plate, its table cards on the next,
        each as wide as the plate."""
        h, m = self.scale.height, self.margin
        hand_card = card_size(h * 0.07, aspect, max_width=plate.width / 2.2)
        badge_h = self.count_badge(COUNT_SAMPLE).get_height()  # the count under the cards, not on them
        hand = pygame.Rect(plate.x, plate.bottom + m, plate.width, hand_card[1] + m + badge_h + 4)
        slot_card = card_size(h * 0.1, aspect, max_width=plate.width / 4)
        slots_w, slots_h = slots_width(slot_card), round(slot_card[1] * 1.14)
        slots = pygame.Rect(plate.centerx - slots_w // 2, hand.bottom + m, slots_w, slots_h)
        return SeatArea(plate, hand, slots, hand_card, slot_card, False, self._count_spot(hand))

    def _count_spot(self, hand: pygame.Rect) -> pygame.Rect:
        """Where the count of a seat's hand shows: at the bottom left of its row of backs, as large as a
        two-digit count's pill."""
        w, h = self.count_badge(COUNT_SAMPLE).get_size()
        return pygame.Rect(hand.x + 2, hand.bottom - 2 - h, min(w, hand.width - 4), h)

    def _lay_out_wide(self, top_bottom: int, aspect: float) -> None:
        """The middle (draw pile, what beats the pile, the pile, the burned cards) on one line, the seat on
        screen under it: its plate, table cards and log side by side above the hand."""
        w, h, m = self.scale.width, self.scale.height, self.margin
        mid_top = top_bottom + m * 2
        mid_bottom = round(h * 0.555)
        self.pile_card = card_size(min(h * 0.17, (mid_bottom - mid_top) * 0.8), aspect, max_width=w * 0.085)
        pw, ph = self.pile_card
        self.mid_y = (mid_top + mid_bottom) / 2 - ph * 0.05
        self._place_piles()
        left = round(self.draw_at[0] + pw * 0.5 + m * 2)
        self.need_box = pygame.Rect(
            left, self.pile_rect.y, max(10, self.pile_rect.x - m * 2 - left), self.pile_rect.height
        )
        self.action_y = round(h * 0.585)
        self.prompt_y = round(h * 0.632)

        # the seat on screen
        own_top = round(h * 0.665)
        hand_card = card_size(h * 0.17, aspect, max_width=w * 0.62 / 6.5)
        hand = pygame.Rect(round(w * 0.19), round(h - m - hand_card[1]), round(w * 0.62), hand_card[1])
        slot_card = card_size(max(6, (hand.y - own_top - m) / 1.14), aspect, max_width=w * 0.3 / SLOTS_WIDE)
        slots_w = slots_width(slot_card)
        slots = pygame.Rect((w - slots_w) // 2, own_top, slots_w, round(slot_card[1] * 1.14))
        side_w = round(w * 0.18)
        plate = pygame.Rect(m, own_top, side_w, max(round(h * 0.075), self.plate_height(3)))
        self.areas[self.bottom_seat] = SeatArea(plate, hand, slots, hand_card, slot_card, bottom=True)
        self.log_box = pygame.Rect(w - side_w - m, own_top, side_w, round(h * 0.16))

    def _place_piles(self) -> None:
        """The draw pile, the pile's fan and the burned cards on the middle line (`mid_y`), for cards of
        `pile_card`'s size."""
        w, m = self.scale.width, self.margin
        pw, ph = self.pile_card
        self.pile_step = pw * 0.36
        self.pile_at = (w * 0.5 - self.pile_step * 1.5, self.mid_y)
        self.draw_at = (m * 2 + max(pw, w * 0.1), self.mid_y)
        self.burned_at = (w - m * 2 - max(pw, w * 0.1), self.mid_y)
        fan_w = pw + self.pile_step * (PILE_FAN + 2)
        self.pile_rect = pygame.Rect(0, 0, round(fan_w + pw * 0.6), round(ph * 1.2))
        self.pile_rect.center = (round(self.pile_at[0] + self.pile_step), round(self.mid_y))

    def _lay_out_tall(self, top_bottom: int, aspect: float) -> None:
        """A tall window, from the bottom up: the hand; the seat's table cards between its plate and the
        log; the prompt and the action buttons; what beats the pile; the piles. Each card takes the height
        its share of the window gives, no longer held to the width alone."""
        w, h, m = self.scale.width, self.scale.height, self.margin
        hand_card = card_size(h * 0.17, aspect, max_width=w * 0.62 / 4.5)
        hand = pygame.Rect(round(w * 0.19), round(h - m - hand_card[1]), round(w * 0.62), hand_card[1])
        slot_card = card_size(h * 0.11, aspect, max_width=w * 0.5 / SLOTS_WIDE)
        slots_w, slots_h = slots_width(slot_card), round(slot_card[1] * 1.14)
        own_top = hand.y - m - slots_h
        slots = pygame.Rect((w - slots_w) // 2, own_top, slots_w, slots_h)
        side_w = round(w * 0.18)
        plate = pygame.Rect(m, own_top, side_w, max(round(h * 0.075), self.plate_height(3)))
        self.areas[self.bottom_seat] = SeatArea(plate, hand, slots, hand_card, slot_card, bottom=True)
        self.log_box = pygame.Rect(w - side_w - m, own_top, side_w, hand.y - m - own_top)
        self.prompt_y = round(own_top - h * 0.035)
        self.action_y = round(self.prompt_y - h * 0.05)

        mid_top = top_bottom + m * 2
        need_h = round(h * 0.075)
        need_top = self.action_y - self.scale.px(48, 14) - m - need_h
        self.pile_card = card_size(min(h * 0.14, (need_top - mid_top) * 0.7), aspect, max_width=w * 0.1)
        self.mid_y = mid_top + (need_top - mid_top) * 0.45
        self._place_piles()
        self.need_box = pygame.Rect(round(w * 0.25), need_top, round(w * 0.5), need_h)

    def art_sizes(self) -> list[tuple[str | None, str, tuple[int, int]]]:
        sizes = {self.pile_card}
        for area in self.areas.values():
            sizes.add(area.slot_card)
            if area.bottom:
                sizes.add(fanned_card(area.hand, area.hand_card))  # the size the fan draws its cards at
        backs = {a.hand_card for a in self.areas.values()} | {a.slot_card for a in self.areas.values()}
        out: list[tuple[str | None, str, tuple[int, int]]] = [
            (card, "back", size) for size in sorted(sizes) for card in self.card_data().deck
        ]
        out += [(None, "back", size) for size in sorted(backs | {self.pile_card})]
        return out

    def place_zone(self, zone: str, entries: Sequence[Entry]) -> list[Placement]:
        count = len(entries)
        kind, _, rest = zone.partition(":")
        if kind == "hand":
            area = self.areas.get(int(rest))
            return self._place_hand(area, entries) if area is not None else [HIDDEN] * count
        if kind in ("up", "down"):
            seat_text, _, slot_text = rest.partition(":")
            area = self.areas.get(int(seat_text))
            if area is None:
                return [HIDDEN] * count
            return [self._slot_place(area, int(slot_text), kind == "up")] * count
        if zone == "pile":
            return self._place_pile(entries)
        if zone in ("draw", "burned"):
            at = self.draw_at if zone == "draw" else self.burned_at
            out = []
            for i in range(count):
                above = i - (count - 3)
                lift = max(0, above) * max(1.0, self.pile_card[1] * 0.012)
                out.append(
                    Placement(
                        (at[0] - lift / 2, at[1] - lift),
                        self.pile_card,
                        zone == "burned",
                        50 + i,
                        shown=above >= 0,
                    )
                )
            return out
        return [HIDDEN] * count

    def _slot_place(self, area: SeatArea, slot: int, up: bool) -> Placement:
        cw, ch = area.slot_card
        step = cw * SLOT_STEP
        x = area.slots.x + cw * (0.5 + DOWN_SHIFT) + slot * step  # the left card's back at the left edge
        y = area.slots.y + ch / 2
        if up:  # the face-up card lies on its face-down card, shifted so both are seen
            return Placement((x + cw * UP_SHIFT[0], y + ch * UP_SHIFT[1]), area.slot_card, True, 220 + slot)
        return Placement((x - cw * DOWN_SHIFT, y), area.slot_card, False, 210 + slot)

    def _place_hand(self, area: SeatArea, entries: Sequence[Entry]) -> list[Placement]:
        count = len(entries)
        if area.bottom:
            return fanned_hand(area.hand, area.hand_card, entries)
        bw = area.hand_card[0]
        centres = row_centers(
            area.hand.x,
            area.hand.right,
            area.hand.y + area.hand_card[1] / 2 + self.margin,
            count,
            bw,
            -bw * 0.55,
            "left",
        )
        return [
            Placement(c, area.hand_card, entries[i].card is not None, 100 + i) for i, c in enumerate(centres)
        ]

    def _place_pile(self, entries: Sequence[Entry]) -> list[Placement]:
        count = len(entries)
        fan = min(count, pile_fan([e.card for e in entries], self.obs.get("options") or {}, self.card_data()))
        step = min(self.pile_step, self.pile_rect.width * 0.8 / max(1, fan))
        x0 = self.pile_at[0] - step * (fan - 1) / 2 + self.pile_step
        out = []
        for i in range(count):
            k = i - (count - fan)  # position in the fan; below 0: under its first card
            x = x0 + max(0, k) * step
            out.append(Placement((x, self.pile_at[1]), self.pile_card, True, 400 + i, shown=k >= -1))
        return out

    def reveal_card_size(self) -> tuple[int, int]:
        return self.pile_card

    def panel_rects(self) -> dict[str, pygame.Rect]:
        found = super().panel_rects()
        for seat, area in self.areas.items():
            found |= {f"plate {seat}": area.plate, f"hand {seat}": area.hand, f"slots {seat}": area.slots}
        found["pile"] = self.pile_rect
        found["need"] = self.need_box
        return found

