"""Where things lie on the Gloria Picktoria table for a window size.

Top: the Dschingis-Hahn counter (the DH cards in the middle over a track marked at the scorings, 4 / 7 /
10 in the shipped game, GP-R13), the open display (3 cards shipped) beside the draw pile, and the log.
Below the prompt line the other seats sit side by side, the seat on screen below them with its hand at
the bottom. Every seat's collections lie as rows in the cells of a grid (`row_grid`): the treasure card
face down with its motif shown small, the open cards, the doubler closing a row, the fox standing on one.
`GloriaLayout` works the regions out (`compute_layout`), places each zone's cards (`place_zone`) and finds
the row or spot under a point.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.core import Action
from game.core.variant import state_data
from game.gloria_picktoria.cards import DH_CARDS, DOUBLER, FOX, JOKER, MOTIF_IDS, card_label
from game.gloria_picktoria.data import DEFAULT, GloriaData
from game.gloria_picktoria.view import CollectionView, GloriaObservation
from game.i18n import tr
from scenes.fonts import font
from scenes.table.kit import TableScene
from scenes.table.kit.layout import Scale, card_size, fanned_card, fanned_hand, row_centers
from scenes.table.kit.paint import Button
from scenes.table.kit.sprite import Placement, outline_width
from scenes.table.kit.zones import Entry

FOX_ART = FOX  # the fox token's art id
DOUBLER_ART = DOUBLER  # the doubler's art id (the engine's token string)
ROW_STEP = 0.3  # of a card's width between two open cards of a row
TREASURE_STEP = 0.46  # after the treasure card: room for its motif shown small
PLANNED_ROW = 5  # cards a row is laid out for before it has to squeeze
MAX_PLANNED_ROW = 9
PILE_SHOWN = 4
DISPLAY_GAP = 0.12  # of a card's width between two cards of the middle line
HIDDEN = Placement((-200.0, -200.0), (4, 6), False, 0, shown=False)


@dataclass
class SeatArea:
    plate: pygame.Rect
    rows: pygame.Rect  # where the collections lie
    hand: pygame.Rect
    hand_card: tuple[int, int]
    doubler_at: tuple[float, float]
    bottom: bool


@dataclass
class RowGrid:
    card: tuple[int, int]
    cells: list[pygame.Rect]  # one per collection (the own area: one more, for a new treasure)
    label_h: int


@dataclass(frozen=True)
class CounterGeometry:
    """Where the parts of the Dschingis-Hahn counter lie inside its box."""

    pad: int
    head_y: int
    cards: pygame.Rect  # where the DH cards of the middle lie
    track_y: int
    pip_r: int
    step: float
    sub_y: int


def counter_geometry(box: pygame.Rect, scale: Scale, total: int = DH_CARDS) -> CounterGeometry:
    pad = scale.px(10, 2)
    head_h = font(scale.font(22), True).get_linesize()
    sub_h = font(scale.font(19)).get_linesize()
    track_h = max(8, scale.px(26, 6))
    sub_y = box.bottom - pad // 2 - sub_h
    track_y = sub_y - pad // 2 - track_h // 2
    step = (box.width - 2 * pad) / total
    r = max(3, min(track_h // 2, int(step * 0.36)))
    top = box.y + pad // 2 + head_h + 2
    cards = pygame.Rect(box.x + pad, top, box.width - 2 * pad, max(4, track_y - r - pad // 2 - top))
    return CounterGeometry(pad, box.y + pad // 2, cards, track_y, r, step, sub_y)


def row_words(index: int, coll: CollectionView) -> list[str]:
    """A collection's label, the fullest wording first (panels.py draws it in the row's colour). People
    count collections from 1, as the log and the hints do (the actions count from 0)."""
    index += 1
    if coll["lone"]:
        treasure = card_label(coll["treasure"])
        head = tr("{index}: lone treasure ({card})").format(index=index, card=treasure)
        short = tr("{index}: lone ({card})").format(index=index, card=treasure)
    else:
        head = f"{index}: {card_label(coll['motif'] or '')} · {coll['length']}"
        short = head
    doubler, fox = coll["doubler"], coll["fox"]
    long_marks = [tr("x2 closed")] * doubler + [tr("fox: out of scoring")] * fox
    marks = ["x2"] * doubler + [tr("fox")] * fox  # the shorter words, where the row is narrow
    # the treasure shows which one
    shortest = tr("{index}: lone").format(index=index) if coll["lone"] else short
    return [" · ".join(words) for words in ([head, *long_marks], [head, *marks], [short, *marks],
                                            [shortest, *marks])]


class GloriaLayout(TableScene[GloriaObservation]):
    """The regions of the table and where each zone's cards lie."""

    # what the table keeps (set up in GloriaPicktoriaTable.__init__)
    areas: dict[int, SeatArea]
    _grids: dict[tuple[int, int, int, int, int], RowGrid]

    # where things lie (set by compute_layout)
    counter_box: pygame.Rect
    log_rect: pygame.Rect  # the log's box (also the kit's `log_box`)
    middle_rect: pygame.Rect
    display_card: tuple[int, int]
    supply_at: tuple[float, float]
    offer_at: list[tuple[float, float]]
    pile_at: tuple[float, float]
    prompt_y: int
    turn_box: pygame.Rect
    keep_rect: pygame.Rect
    #: where the instruction for a thing picked up is written: the own plate's column under the plate,
    #: down to the Hint button (the doubler lies right of that column)
    note_rect: pygame.Rect

    def card_data(self) -> GloriaData:
        """The card data the game on the table is played with (a variant's, else the shipped): the
        counter's length and scorings, the display's size, the action points and the minus points.
        From the match's options, which the layout has before the first observation (the observation's
        `data` is the same)."""
        found = state_data(self.game_id, self.match.options)
        return found if isinstance(found, GloriaData) else DEFAULT

    def compute_layout(self) -> None:
        w, h = self.scale.width, self.scale.height
        data = self.card_data()
        slots = data.display_size
        aspect = self.app.art.aspect(self.game_id)
        m = max(2, round(min(w, h) * 0.01))
        self.margin = m
        self._grids.clear()
        top_h = max(20, round(h * 0.2))
        self.counter_box = pygame.Rect(m, m, max(20, round(w * 0.25)), top_h)
        self.log_box = self.log_rect = pygame.Rect(w - m - round(w * 0.22), m, round(w * 0.22), top_h)
        self.middle_rect = counter_geometry(self.counter_box, self.scale, data.dh_cards).cards
        mid_left, mid_right = self.counter_box.right + m, self.log_rect.left - m
        # the fox's supply, the display's open cards and the pile on one line, each with a gap
        across = slots + 2
        room = (mid_right - mid_left) / (across * (1 + DISPLAY_GAP))
        self.display_card = card_size(top_h * 0.8, aspect, max_width=room)
        dw, dh = self.display_card
        gap = max(2, dw * DISPLAY_GAP)
        centre_y = m + top_h * 0.44
        span = dw * across + gap * across
        x0 = (mid_left + mid_right) / 2 - span / 2 + dw / 2
        self.supply_at = (x0, centre_y)
        self.offer_at = [(x0 + (dw + gap) * (i + 1), centre_y) for i in range(slots)]
        self.pile_at = (x0 + (dw + gap) * (slots + 1) + gap, centre_y)
        self.prompt_y = round(m + top_h + m + self.scale.font(34) * 0.75)
        row_top = self.prompt_y + round(self.scale.font(34) * 0.75) + m
        self.turn_box = pygame.Rect(m, self.prompt_y - self.scale.px(22, 7), 0, self.scale.px(44, 14))

        self.areas = {}
        others = self.seats_across()
        opp_bottom = round(h * 0.57)
        col_w = (w - m) / max(1, len(others))
        plate_h = max(14, round(h * 0.052))
        name_h = 0  # a name line across the whole plate, above the points, the doubler and the hand
        if any(not self._name_beside_hand(seat, round(col_w - m), plate_h, aspect) for seat in others):
            name_h = self.scale.lines_height(22)
            plate_h = max(plate_h, name_h + self.scale.lines_height(24) + self.scale.px(6, 2))
        for i, seat in enumerate(others):
            x = round(m + i * col_w)
            cw = max(10, round(col_w - m))
            plate = pygame.Rect(x, row_top, cw, plate_h)
            hand = pygame.Rect(
                plate.right - round(cw * 0.34), plate.y + name_h, round(cw * 0.34) - m, plate_h - name_h
            )
            backs = card_size(hand.height * 0.86, aspect)
            rows = pygame.Rect(x, plate.bottom + m // 2, cw, max(10, opp_bottom - plate.bottom - m))
            doubler_at = (hand.x - backs[0] * 0.9, hand.centery)
            self.areas[seat] = SeatArea(plate, rows, hand, backs, doubler_at, bottom=False)

        own_top = opp_bottom + m
        # a tall window has the height for a hand of wider cards (a few overlap, as a fan may)
        hand_card = card_size(h * 0.19, aspect, max_width=w * 0.5 / (4 if self.scale.tall else 5.5))
        hand = pygame.Rect(round(w * 0.2), round(h - m - hand_card[1] * 1.04), round(w * 0.58), hand_card[1])
        side_w = round(w * 0.15)
        # the status (up to three short lines in a narrow window) has the plate's lower half
        status_h = self.scale.lines_height(18, 18, 18) + 2
        own_plate = pygame.Rect(m, own_top, side_w, max(round(h * 0.08), 2 * status_h))
        rows = pygame.Rect(side_w + 2 * m, own_top, w - side_w - 3 * m, max(10, hand.y - own_top - m))
        bw, bh = round(w * 0.09), max(14, round(h * 0.045))
        # the doubler left of the hand, clear of the plate's column: under the plate the instruction for a
        # thing picked up is written, above the Hint button (Undo's size, in the bottom left corner)
        framed = hand_card[0] / 2 + outline_width(hand_card[0])
        doubler_x = max(hand.x - hand_card[0] * 0.8, 2 * m + max(bw, side_w) + framed)
        shift = max(0, round(doubler_x + hand_card[0] / 2 + m) - hand.x)
        hand = pygame.Rect(hand.x + shift, hand.y, max(hand_card[0], hand.width - shift), hand.height)
        doubler_at = (doubler_x, hand.centery)
        self.areas[self.bottom_seat] = SeatArea(own_plate, rows, hand, hand_card, doubler_at, bottom=True)
        note_top = own_plate.bottom + m
        hint_top = h - m - bh - m  # the kit's Hint button: Undo's size, in the bottom left corner
        self.note_rect = pygame.Rect(m, note_top, side_w, max(0, hint_top - note_top))
        self.buttons = [
            Button(pygame.Rect(w - m - bw, h - m - bh, bw, bh), tr("Menu"), "menu"),
            Button(pygame.Rect(w - m - bw, h - 2 * m - 2 * bh, bw, bh), tr("Undo"), "undo", enabled=False),
            Button(
                pygame.Rect(w - m - bw, h - 3 * m - 3 * bh, bw, bh), tr("Scorings"), "scorings", visible=False
            ),
        ]
        self.keep_rect = pygame.Rect(0, 0, self.scale.px(260, 50), bh)
        self.keep_rect.bottomleft = (hand.right + m, hand.bottom)
        self.keep_rect.width = max(20, min(self.keep_rect.width, w - m * 3 - bw - self.keep_rect.x))

    def _name_beside_hand(self, seat: int, plate_w: int, plate_h: int, aspect: float) -> bool:
        """Whether a seat's name fits on one line with its points (about five letters wide) left of the
        doubler and the hand's backs on a plate of this size."""
        backs_w = card_size(plate_h * 0.86, aspect)[0]
        room = plate_w - round(plate_w * 0.34) - backs_w * 1.5 - self.scale.px(10, 2) * 3
        name_w = font(self.scale.font(22), True).size(self.seat_name(seat))[0]
        return name_w + self.scale.font(24) * 5 <= room

    def art_sizes(self) -> list[tuple[str | None, str, tuple[int, int]]]:
        cards = [*MOTIF_IDS, JOKER]
        out: list[tuple[str | None, str, tuple[int, int]]] = []
        own = self.areas.get(self.bottom_seat)
        fanned = [fanned_card(own.hand, own.hand_card)] if own else []  # the size the fan draws its cards at
        for size in {self.display_card, *fanned}:
            out += [(card, "back", size) for card in cards]
            out.append((None, "back", size))
        out.append((DOUBLER_ART, "back", own.hand_card if own else self.display_card))
        out.append((FOX_ART, "back", self.display_card))
        return out

    def row_grid(self, seat: int) -> RowGrid:
        """The cells of a seat's collections (rows fill the area in columns when there are many)."""
        area = self.areas[seat]
        count = sum(1 for z in self.model.zones if z.startswith(f"collection:{seat}:"))
        count = max(count, sum(1 for c in self.obs.get("collections", []) if c["owner"] == seat))
        cells_wanted = count + (1 if area.bottom else 0)
        longest = max((c["length"] for c in self.obs.get("collections", []) if c["owner"] == seat), default=1)
        planned = min(MAX_PLANNED_ROW, max(PLANNED_ROW, longest + 2))
        # a column is never narrower than the shortest wording of each label: side by side, not cut
        label_face = font(self.scale.font(17), True)
        label_w = max((label_face.size(row_words(c["index"], c)[-1])[0] + 6
                       for c in self.obs.get("collections", []) if c["owner"] == seat), default=0)
        key = (seat, cells_wanted, self.layout_generation, planned, label_w)
        grid = self._grids.get(key)
        if grid is not None:
            return grid
        aspect = self.app.art.aspect(self.game_id)
        region = area.rows
        label_h = min(self.scale.font(18) + 2, region.height // 6)
        best: tuple[float, int] = (0.0, 1)
        best_whole = best  # the best of the columns wide enough for every label
        for cols in range(1, max(1, cells_wanted) + 1):
            rows = math.ceil(max(1, cells_wanted) / cols)
            cell_w, cell_h = region.width / cols, region.height / rows
            row_len = 1 + TREASURE_STEP + ROW_STEP * (planned - 2) + 0.6
            ch = min((cell_h - label_h) * 0.94, cell_w * 0.96 / (aspect * row_len))
            if ch > best[0] + 0.5:
                best = (ch, cols)
            if ch > best_whole[0] + 0.5 and (cols == 1 or cell_w - 2 >= label_w):
                best_whole = (ch, cols)
        # whole labels, unless that costs the cards a quarter of their height (then a label is cut)
        ch, cols = best_whole if best_whole[0] >= best[0] * 0.75 else best
        ch = min(ch, self.scale.height * (0.17 if area.bottom else 0.13))
        step = max(2, self.scale.height // 90)  # few distinct sizes: each is scaled once and cached
        ch = max(step, ch // step * step)
        size = card_size(ch, aspect)
        rows = math.ceil(max(1, cells_wanted) / cols)
        cell_w, cell_h = region.width / cols, region.height / rows
        cells = []
        for i in range(cells_wanted):
            r, c = divmod(i, cols)
            cells.append(
                pygame.Rect(
                    round(region.x + c * cell_w),
                    round(region.y + r * cell_h),
                    round(cell_w) - 2,
                    min(round(cell_h) - 2, label_h + size[1] + 4),
                )
            )
        grid = self._grids[key] = RowGrid(size, cells, label_h)
        return grid

    def place_zone(self, zone: str, entries: Sequence[Entry]) -> list[Placement]:
        kind, _, rest = zone.partition(":")
        count = len(entries)
        if kind == "collection":
            seat_text, _, index_text = rest.partition(":")
            return self._place_row(int(seat_text), int(index_text), entries)
        if kind == "hand":
            area = self.areas.get(int(rest))
            return self._place_hand(area, entries) if area is not None else [HIDDEN] * count
        if kind == "doubler":
            area = self.areas.get(int(rest))
            if area is None:
                return [HIDDEN] * count
            size = area.hand_card
            return [Placement(area.doubler_at, size, True, 90 + i) for i in range(count)]
        if kind == "offer":
            slot = int(rest)
            if not 0 <= slot < len(self.offer_at):
                return [HIDDEN] * count
            return [Placement(self.offer_at[slot], self.display_card, True, 40 + i) for i in range(count)]
        if zone == "draw":
            out = []
            for i in range(count):
                above = i - (count - PILE_SHOWN)
                lift = max(0, above) * max(1.0, self.display_card[1] * 0.012)
                at = (self.pile_at[0] - lift / 2, self.pile_at[1] - lift)
                out.append(Placement(at, self.display_card, False, 20 + i, shown=above >= 0))
            return out
        if zone == "middle":
            return self._place_middle(count)
        if zone == "supply":
            size = (self.display_card[0], self.display_card[1])
            return [Placement(self.supply_at, size, True, 60)] * count
        return [HIDDEN] * count

    def _place_middle(self, count: int) -> list[Placement]:
        room = self.middle_rect
        if count == 0:
            return [HIDDEN] * count
        aspect = self.app.art.aspect(self.game_id)
        size = card_size(room.height, aspect)
        centres = row_centers(room.x, room.right, room.centery, count, size[0], size[0] * 0.1, "left")
        return [Placement(c, size, True, 30 + i) for i, c in enumerate(centres)]

    def _place_hand(self, area: SeatArea, entries: Sequence[Entry]) -> list[Placement]:
        count = len(entries)
        if area.bottom:
            return fanned_hand(area.hand, area.hand_card, entries)
        bw = area.hand_card[0]
        centres = row_centers(area.hand.x, area.hand.right, area.hand.centery, count, bw, -bw * 0.4, "left")
        return [
            Placement(c, area.hand_card, entries[i].card is not None, 100 + i) for i, c in enumerate(centres)
        ]

    def _place_row(self, seat: int, index: int, entries: Sequence[Entry]) -> list[Placement]:
        if seat not in self.areas:
            return [HIDDEN] * len(entries)
        grid = self.row_grid(seat)
        if index >= len(grid.cells):
            return [HIDDEN] * len(entries)
        cell = grid.cells[index]
        cw, ch = grid.card
        fox = [i for i, e in enumerate(entries) if e.card == FOX]
        rest = [i for i, e in enumerate(entries) if e.card != FOX]
        treasure = rest[:1]
        doublers = [i for i in rest[1:] if entries[i].card == DOUBLER]
        opens = [i for i in rest[1:] if entries[i].card != DOUBLER]
        order = treasure + opens + doublers
        y = cell.y + grid.label_h + ch / 2 + 2
        steps = [0.0] + [cw * (TREASURE_STEP if k == 1 else ROW_STEP) for k in range(1, len(order))]
        if doublers:
            steps[-1] = cw * 0.42
        fox_step = cw * 0.5 if fox else 0.0
        room = cell.width - cw - 4 - fox_step
        need = sum(steps)
        squeeze = min(1.0, room / need) if need > 0 else 1.0
        out: dict[int, Placement] = {}
        x = cell.x + 2 + cw / 2
        for k, i in enumerate(order):
            x += steps[k] * squeeze
            out[i] = Placement((x, y), (cw, ch), k > 0, 200 + k)
        for i in fox:
            fw, fh = round(cw * 0.95), round(ch * 0.95)
            out[i] = Placement((x + fox_step, y), (fw, fh), True, 260)
        return [out[i] for i in range(len(entries))]

    def reveal_card_size(self) -> tuple[int, int]:
        area = self.areas.get(self.bottom_seat)
        return area.hand_card if area is not None else super().reveal_card_size()

    def hand_zone(self) -> str | None:
        return f"hand:{self.bottom_seat}"

    def drop_rect(self) -> pygame.Rect | None:
        area = self.areas.get(self.bottom_seat)
        return area.hand.inflate(0, area.hand.height // 2) if area else None

    def _cell(self, seat: int, index: int) -> pygame.Rect | None:
        if seat not in self.areas:
            return None
        cells = self.row_grid(seat).cells
        return cells[index] if 0 <= index < len(cells) else None

    def drop_spot(self, action: str) -> pygame.Rect | None:
        """The rect on the table that stands for `action` once its item is picked up."""
        parsed = Action.parse(action)
        kind, args = parsed.kind, parsed.args
        me = self.bottom_seat
        if kind == "treasure":
            cells = self.row_grid(me).cells
            return cells[-1] if cells else None
        if kind in ("open", "doubler"):
            return self._cell(me, int(args[-1]))
        if kind == "fox":
            return self._cell(int(args[0]), int(args[1]))
        if kind == "pass_fox":
            return self._cell(int(self.obs.get("left_neighbour", (me + 1) % self.players)), int(args[0]))
        return None

    def spot_at(self, pos: tuple[float, float]) -> tuple[int, int | None] | None:
        """(seat, collection index) under `pos`; (own seat, None) for a free spot of the own area."""
        for seat, area in self.areas.items():
            if seat not in self.areas:
                continue
            cells = self.row_grid(seat).cells
            owned = len(cells) - (1 if area.bottom else 0)
            for index, cell in enumerate(cells[:owned]):
                if cell.collidepoint(pos):
                    return seat, index
            if area.bottom and area.rows.collidepoint(pos):
                return seat, None
        return None


__all__ = ["CounterGeometry", "GloriaLayout", "RowGrid", "SeatArea", "counter_geometry", "row_words"]
