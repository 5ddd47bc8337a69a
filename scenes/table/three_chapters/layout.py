"""Where things lie on the 3 Chapters table for a window size: the places at the table, the trick's slots,
the piles, the boxes, and where each zone's cards go (`compute_layout`, `place_zone`).

The seat on screen sits at the bottom: its hand (in chapter I the packet it holds) fanned face up, the row
in front of it above (its face-down picks in chapter I, which it may look at, and its face-up cards from
chapter II on), its plate with stars, hearts, crystals and points on the left. The other seats sit across
the top, each with a plate, the backs of its hand and its row. In the middle lies the trick: one slot per
place at the table in playing order. With two players the two ghosts sit left and right of the trick as
places of their own: their face-down pile and the cards they played. The draw pile and the cards out of the
game lie under the own plate; the last trick's rewards (who got what and why) and the log on the right.

`TableLayout` is the root of the table's rooms (layout, panels, story, table): it also declares what the
table keeps between frames, set up by `ThreeChaptersTable.__init__`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.core.variant import state_data
from game.i18n import N_
from game.three_chapters.data import ThreeChaptersData, shipped_data
from game.three_chapters.view import ThreeChaptersObservation
from scenes.table.kit import TableScene
from scenes.table.kit.layout import LOG_ROWS, card_size, fanned_card, fanned_hand, row_centers
from scenes.table.kit.paint import Button
from scenes.table.kit.sprite import Placement
from scenes.table.kit.zones import Entry
from scenes.table.three_chapters.sheet import SheetPicture

LOG_FONT = 16  # the log's text size (at 1920x1080): it shares a narrow column with the info box
ROW_SLOTS = 8  # a row never holds more: 8 picks (2 and 3 players) or 7 cards played
GATHER_OVERLAP = 0.38  # of a card's width: how far a card of a trick won lies under the next nearer one
OFF_TABLE = Placement((-100.0, -100.0), (4, 6), False, 0, shown=False)


@dataclass
class Place:
    """Where one place at the table lies: a seat, or (2 players) a ghost."""

    position: int  # its position in a trick
    seat: int | None  # None: a ghost
    plate: pygame.Rect
    hand: pygame.Rect  # the hand (backs, or the fan at the bottom), or a ghost's pile
    row: pygame.Rect  # picks and face-up cards, or a ghost's played cards
    row_card: tuple[int, int]
    hand_card: tuple[int, int]
    bottom: bool = False


class TableLayout(TableScene[ThreeChaptersObservation]):
    """The layout room of the 3 Chapters table (a mixin: `ThreeChaptersTable` puts the rooms together)."""

    # what the table keeps (set up in ThreeChaptersTable.__init__)
    places: dict[int, Place]
    trick_plays: list[tuple[int, str]]  # (position, card) as the events laid them
    _sheet_cache: tuple[tuple[int, tuple[int, int], str], SheetPicture] | None  # drawn for a size
    _spread: str | None  # a ghost pile fanned out while it is shuffled
    #: a trick won, gathered to its winner's card: where each of its cards lies (x, y, z) until they leave
    gathered: dict[str, tuple[float, float, float]] | None

    # where things lie (set by compute_layout)
    mid_top: int
    mid_bottom: int
    prompt_y: int
    status_h: int
    trick_card: tuple[int, int]
    trick_box: pygame.Rect
    trick_y: float
    slots_box: pygame.Rect
    result_box: pygame.Rect
    info_box: pygame.Rect
    pile_card: tuple[int, int]
    deck_at: tuple[float, float]
    out_at: tuple[float, float]

    def card_data(self) -> ThreeChaptersData:
        """The card data the game on the table is played with (a variant's, else the shipped): the cards'
        abilities its hover text and score sheet tell, the draft's numbers and the tokens' points. From the
        match's options, which the layout has before the first observation."""
        found = state_data(self.game_id, self.match.options)
        return found if isinstance(found, ThreeChaptersData) else shipped_data()

    # -- who sits where -------------------------------------------------------------------------------
    @property
    def ghosts(self) -> bool:
        return self.players == 2

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.match.seats]

    def position_of_zone(self, zone: str) -> int | None:
        kind, _, rest = zone.partition(":")
        if not rest.isdigit():
            return None
        if kind == "hand":
            return int(rest)
        if kind == "ghost":
            return self.players + int(rest)
        return None

    def order(self) -> list[int]:
        return list(self.obs["order"] or ([0, 2, 1, 3] if self.ghosts else range(self.players)))

    def trick_slots(self) -> list[int]:
        """The positions of the current trick in playing order: who played, then who is still to play."""
        order = self.order()
        if self.trick_plays:
            first = self.trick_plays[0][0]
        else:
            leader = self.obs["trick"]["leader"]
            first = order[0] if leader is None else leader
        if first not in order:
            return order
        i = order.index(first)
        return order[i:] + order[:i]

    # -- layout -----------------------------------------------------------------------------------------
    def compute_layout(self) -> None:
        w, h = self.scale.width, self.scale.height
        aspect = self.app.art.aspect(self.game_id)
        m = max(2, round(min(w, h) * 0.012))
        self.margin = m
        self.places = {}
        others = self.seats_across()
        top_h = h * 0.36
        plate_h = max(14, round(h * 0.055))
        across = others
        col_w = (w - m) / max(1, len(across))
        if self.ghosts:  # one opponent: give it the middle third, not the whole width
            col_w = min(col_w, w * 0.5)
        left0 = (w - col_w * len(across)) / 2 + m / 2 if self.ghosts else m
        for i, seat in enumerate(across):
            x = round(left0 + i * col_w)
            cw = round(col_w - m)
            plate = pygame.Rect(x, m, cw, plate_h)
            backs = card_size(h * 0.075, aspect, max_width=cw / 6)
            hand = pygame.Rect(x, plate.bottom + m // 2, cw, backs[1])
            row_top = hand.bottom + m // 2
            row_card = card_size(min(h * 0.17, top_h - row_top), aspect, max_width=(cw - 2 * m) / 4.2)
            row = pygame.Rect(x, row_top, cw, row_card[1] + m)
            self.places[seat] = Place(seat, seat, plate, hand, row, row_card, backs)

        top_bottom = max((p.row.bottom for p in self.places.values()), default=round(h * 0.3))
        self.mid_top = top_bottom + m
        side_w = round(w * 0.2)
        bw, bh = round(w * 0.085), max(14, round(h * 0.045))
        if self.scale.tall:
            self._lay_out_tall_seat(aspect)
        else:
            self._lay_out_wide_seat(aspect, side_w, bh)
        band = self.mid_bottom - self.mid_top
        self.status_h = max(10, round(h * 0.03))
        # a tall window: as wide as the slots of the trick let them be, not a fixed share of the width
        slots_shown = 4 if self.ghosts else self.players
        trick_max_w = w * 0.76 * 0.68 / (1.3 * slots_shown) if self.scale.tall else w * 0.6 / 6.6
        labels_h = self.scale.lines_height(18, 18) + self.scale.px(8, 5)  # under the cards: label and tag
        self.trick_card = card_size(
            min(h * 0.18, band - self.status_h - labels_h - m), aspect, max_width=trick_max_w
        )
        if self.ghosts:
            self.trick_box = pygame.Rect(side_w + m * 2, self.mid_top, w - 2 * side_w - 4 * m, band)
            self._place_ghosts(side_w, aspect)
        else:
            self.trick_box = pygame.Rect(round(w * 0.12), self.mid_top, round(w * 0.76), band)
        self.trick_y = self.mid_top + self.status_h + m + self.trick_card[1] / 2
        # the slots on the left, the rewards of the trick just won on the right, beside its cards
        slots_w = min(
            self.trick_box.width * 0.68, (4 if self.ghosts else self.players) * self.trick_card[0] * 1.3
        )
        self.slots_box = pygame.Rect(
            self.trick_box.x, self.trick_box.y, round(slots_w), self.trick_box.height
        )
        self.result_box = pygame.Rect(
            self.slots_box.right,
            self.trick_box.y + self.status_h + m,
            self.trick_box.right - self.slots_box.right - m,
            self.trick_box.height - self.status_h - 2 * m,
        )
        self.buttons = [
            Button(pygame.Rect(w - m - bw, h - m - bh, bw, bh), N_("Menu"), "menu"),
            Button(pygame.Rect(w - 2 * m - 2 * bw, h - m - bh, bw, bh), N_("Undo"), "undo", enabled=False),
        ]
        self._sheet_cache = None

    def _lay_out_wide_seat(self, aspect: float, side_w: int, bh: int) -> None:
        """The seat on screen in a window about as wide as tall, or wider: its plate (the piles under
        it), its row and the info box side by side, the log under the info box, the hand at the bottom."""
        w, h, m = self.scale.width, self.scale.height, self.margin
        self.mid_bottom = round(h * 0.6)
        self.prompt_y = round(h * 0.625)
        own_top = round(h * 0.655)
        own_card = card_size(h * 0.125, aspect, max_width=w * 0.56 / (ROW_SLOTS + 0.4))
        own_row = pygame.Rect(side_w + m * 2, own_top, w - 2 * side_w - m * 4, own_card[1] + m)
        own_plate = pygame.Rect(m, own_top, side_w, max(16, round(h * 0.09)))
        hand_card = card_size(h * 0.19, aspect, max_width=w * 0.6 / 6.8)
        # the fan between the plate's column and the info and log column, a margin clear of both
        hand_top = round(h - m - hand_card[1] * 1.02)
        hand = pygame.Rect(side_w + 2 * m, hand_top, w - 2 * side_w - 4 * m, hand_card[1])
        self.places[self.bottom_seat] = Place(
            self.bottom_seat, self.bottom_seat, own_plate, hand, own_row, own_card, hand_card, bottom=True
        )
        self.pile_card = card_size(
            min(h * 0.1, h - own_plate.bottom - 3 * m - self.scale.font(16)), aspect, max_width=side_w * 0.3
        )
        pile_y = own_plate.bottom + m + self.pile_card[1] / 2
        self.deck_at = (m + self.pile_card[0] * 0.7, pile_y)
        self.out_at = (m * 3 + self.pile_card[0] * 2.0, pile_y)
        # the info box as high as a trick's rewards need (its head on two lines, a line per place), the
        # log under it at least LOG_ROWS rows high: the info box gives way first
        column = h - m - bh - m - own_top
        places = 4 if self.ghosts else self.players
        info_need = self.scale.lines_height(*[17] * (2 + places)) + self.scale.px(16, 6)
        info_h = max(10, min(info_need, column - m - self.scale.log_height(LOG_ROWS, LOG_FONT)))
        self.info_box = pygame.Rect(w - side_w - m, own_top, side_w, info_h)
        self.log_box = pygame.Rect(
            w - side_w - m,
            self.info_box.bottom + m,
            side_w,
            max(10, h - m - bh - m - self.info_box.bottom - m),
        )

    def _lay_out_tall_seat(self, aspect: float) -> None:
        """The seat on screen in a tall window, from the bottom up: the hand between the corner buttons;
        the row across the whole width; a line of the plate (the piles under it), the info box and the
        log; the prompt. The trick takes the height left between the seats across and the prompt."""
        w, h, m = self.scale.width, self.scale.height, self.margin
        hand_card = card_size(h * 0.17, aspect, max_width=w * 0.6 / 4.6)
        hand = pygame.Rect(round(w * 0.2), round(h - m - hand_card[1] * 1.02), round(w * 0.6), hand_card[1])
        own_card = card_size(h * 0.125, aspect, max_width=(w - m * 4) / (ROW_SLOTS + 0.4))
        own_row = pygame.Rect(m, hand.y - m * 2 - own_card[1], w - m * 2, own_card[1] + m)
        line_h = round(h * 0.19)
        line_top = own_row.y - m - line_h
        third = round((w - m * 4) / 3)
        own_plate = pygame.Rect(m, line_top, third, max(16, round(h * 0.075)))
        self.places[self.bottom_seat] = Place(
            self.bottom_seat, self.bottom_seat, own_plate, hand, own_row, own_card, hand_card, bottom=True
        )
        self.pile_card = card_size(
            min(h * 0.1, line_top + line_h - own_plate.bottom - 2 * m - self.scale.font(16) * 1.3),
            aspect,
            max_width=third * 0.3,
        )
        pile_y = own_plate.bottom + m + self.pile_card[1] / 2
        self.deck_at = (m + self.pile_card[0] * 0.7, pile_y)
        self.out_at = (m * 3 + self.pile_card[0] * 2.0, pile_y)
        self.info_box = pygame.Rect(own_plate.right + m, line_top, third, line_h)
        self.log_box = pygame.Rect(self.info_box.right + m, line_top, w - m - self.info_box.right - m, line_h)
        self.prompt_y = round(line_top - h * 0.035)
        self.mid_bottom = round(self.prompt_y - h * 0.03)

    def _place_ghosts(self, side_w: int, aspect: float) -> None:
        """The two ghosts as places of their own, left and right of the trick, in playing order:
        the ghost of the seat on screen plays after it (left), the other ghost after the other seat."""
        m = self.margin
        h = self.scale.height
        # the ghost's name over its status, which may take two lines in a narrow plate
        plate_h = max(round(h * 0.05), self.scale.lines_height(22, 16, 16) + self.scale.px(16, 8))
        pile = card_size(
            min(h * 0.12, (self.mid_bottom - self.mid_top) * 0.5), aspect, max_width=side_w * 0.3
        )
        row_card = card_size(pile[1] * 0.8, aspect, max_width=side_w * 0.22)
        for owner, x in ((self.bottom_seat, m), (1 - self.bottom_seat, self.scale.width - side_w - m)):
            plate = pygame.Rect(x, self.mid_top, side_w, plate_h)
            hand = pygame.Rect(x, plate.bottom + m, round(pile[0] * 1.4), pile[1])
            row = pygame.Rect(hand.right + m, plate.bottom + m, side_w - hand.width - m, pile[1])
            position = self.players + owner
            self.places[position] = Place(position, None, plate, hand, row, row_card, pile)

    def art_sizes(self) -> list[tuple[str | None, str, tuple[int, int]]]:
        faces = {self.trick_card} | {p.row_card for p in self.places.values()}
        bottom = self.places.get(self.bottom_seat)
        if bottom is not None:
            faces.add(fanned_card(bottom.hand, bottom.hand_card))  # the size the fan draws its cards at
        backs = {p.hand_card for p in self.places.values()} | {p.row_card for p in self.places.values()}
        backs.add(self.pile_card)
        out: list[tuple[str | None, str, tuple[int, int]]] = [(None, "back", size) for size in sorted(backs)]
        for size in sorted(faces):
            out += [(str(v), "back", size) for v in range(1, 51)]
        return out

    def reveal_card_size(self) -> tuple[int, int]:
        return self.trick_card

    # -- where the cards go -------------------------------------------------------------------------------
    def place_zone(self, zone: str, entries: Sequence[Entry]) -> list[Placement]:
        count = len(entries)
        kind, _, rest = zone.partition(":")
        if zone == "trick":
            return self._place_trick(entries)
        if zone in ("deck", "out"):
            at = self.deck_at if zone == "deck" else self.out_at
            return self._pile(at, count, self.pile_card, 20 if zone == "deck" else 10)
        if not rest.isdigit():
            return [OFF_TABLE] * count
        seat = int(rest)
        if kind in ("ghost", "aside"):
            place = self.places.get(self.players + seat)
            if place is None:
                return [OFF_TABLE] * count
            if kind == "ghost" and zone == self._spread:
                centres = row_centers(
                    place.hand.x,
                    place.row.right,
                    place.hand.centery,
                    count,
                    place.hand_card[0],
                    -place.hand_card[0] * 0.5,
                )
                return [Placement(c, place.hand_card, False, 60 + i) for i, c in enumerate(centres)]
            if kind == "ghost":
                return self._pile(place.hand.center, count, place.hand_card, 60)
            centres = row_centers(
                place.row.x,
                place.row.right,
                place.row.centery,
                count,
                place.row_card[0],
                place.row_card[0] * 0.06,
                "left",
            )
            return [Placement(c, place.row_card, True, 150 + i) for i, c in enumerate(centres)]
        place = self.places.get(seat)
        if place is None:
            return [OFF_TABLE] * count
        if kind == "hand":
            return self._place_hand(place, entries)
        if kind in ("picks", "display"):
            cw = place.row_card[0]
            centres = row_centers(
                place.row.x + self.margin,
                place.row.right - self.margin,
                place.row.centery,
                count,
                cw,
                cw * 0.06,
                "center" if place.bottom else "left",
            )
            face_up = kind == "display" or (place.bottom and seat == self.viewer)
            return [
                Placement(c, place.row_card, face_up and entries[i].card is not None, 200 + i)
                for i, c in enumerate(centres)
            ]
        return [OFF_TABLE] * count

    def _pile(self, at: tuple[float, float], count: int, size: tuple[int, int], z: float) -> list[Placement]:
        out = []
        for i in range(count):
            above = i - (count - 3)
            lift = max(0, above) * max(1.0, size[1] * 0.015)
            out.append(
                Placement((at[0] - lift / 2, at[1] - lift), size, False, z + i * 0.01, shown=above >= 0)
            )
        return out

    def _place_hand(self, place: Place, entries: Sequence[Entry]) -> list[Placement]:
        count = len(entries)
        if place.bottom:
            return fanned_hand(place.hand, place.hand_card, entries)
        bw = place.hand_card[0]
        centres = row_centers(
            place.hand.x + self.margin,
            place.hand.x + place.hand.width * 0.6,
            place.hand.centery,
            count,
            bw,
            -bw * 0.6,
            "left",
        )
        return [Placement(c, place.hand_card, False, 100 + i) for i, c in enumerate(centres)]

    def slot_centres(self) -> list[tuple[float, float]]:
        box = self.slots_box
        slots = 4 if self.ghosts else self.players
        cw = self.trick_card[0]
        return row_centers(box.x, box.right, self.trick_y, slots, cw, cw * 0.22)

    def _place_trick(self, entries: Sequence[Entry]) -> list[Placement]:
        centres = self.slot_centres()
        gathered = self.gathered or {}
        out = []
        for i, entry in enumerate(entries):
            spot = gathered.get(entry.card or "")
            if spot is not None:
                out.append(Placement((spot[0], spot[1]), self.trick_card, True, spot[2]))
                continue
            at = centres[i] if i < len(centres) else centres[-1]
            out.append(Placement(at, self.trick_card, True, 400 + i))
        return out

    def gather_spots(self, winner: str) -> dict[str, tuple[float, float, float]]:
        """Where the cards of the trick lie once gathered to the winning card `winner`: it stays in its
        slot, a little raised and on top, and the others close up to it, each overlapping the next nearer
        one by GATHER_OVERLAP of its width (so every card still shows its value or its picture)."""
        cards = [entry.card or "" for entry in self.model.zones.get("trick", [])]
        if winner not in cards:
            return {}
        w = cards.index(winner)
        centres = self.slot_centres()
        cw, ch = self.trick_card
        step = cw * (1.0 - GATHER_OVERLAP)
        x, y = centres[w] if w < len(centres) else centres[-1]
        return {
            card: (x + (i - w) * step, y - (ch * 0.04 if i == w else 0.0), 420.0 - abs(i - w))
            for i, card in enumerate(cards)
        }


__all__ = ["GATHER_OVERLAP", "OFF_TABLE", "ROW_SLOTS", "Place", "TableLayout"]
