"""The Gloria Picktoria table.

Top: the Dschingis-Hahn counter (the DH cards in the middle over a track marked at 4 / 7 / 10, GP-R13),
the open display of 3 beside the draw pile ("2 AP"), and the log. Below the prompt line the other seats
sit side by side, the seat on screen below them with its hand at the bottom. Every seat's collections
lie as rows: the treasure card face down with its motif shown small, the open cards, the doubler
closing a row, the fox standing on one.

A hand card, the own doubler and the fox are picked up (click or drag) and put down on a row, or on an
empty spot of the own area for a new treasure; a display card or the pile is clicked (or dragged into
the hand). What a drop means is only ever played through `match.legal_actions()` texts; a drop the
rules refuse is answered with the engine's own reason.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.core import (
    CardMoved,
    Event,
    GameEnded,
    KartentischError,
    Note,
    RoundEnded,
    ScoreChanged,
    TurnChanged,
)
from game.gloria_picktoria.cards import DH, DOUBLER, FOX, JOKER, MOTIF_IDS, SCORING_AT, card_label
from game.gloria_picktoria.state import MAY_PASS_FOX, card_param
from game.i18n import N_, Message, Seat, Text, message, ntr, plural_message, ptr, tr
from scenes.fonts import font, wrap
from scenes.table.gloria_picktoria.panels import (
    ap_pips,
    counter_geometry,
    draw_counter,
    draw_scoring,
    motif_colour,
    scoring_title,
)
from scenes.table.kit import BANNER_SECONDS, Banner, TableScene, Target
from scenes.table.kit.animation import Hold
from scenes.table.kit.cards import CardSprite, Placement
from scenes.table.kit.layout import card_size, fanned_hand, row_centers
from scenes.table.kit.paint import GOLD, INK, INK_DIM, Button, triangle_marker
from scenes.table.kit.zones import Entry

FOX_ART = FOX  # the fox token's art id
DOUBLER_ART = DOUBLER  # the doubler's art id (the engine's token string)
SCORING_SECONDS = 9.0  # a scoring panel stays this long at normal speed (a click closes it)
ROW_STEP = 0.3  # of a card's width between two open cards of a row
TREASURE_STEP = 0.46  # after the treasure card: room for its motif shown small
PLANNED_ROW = 5  # cards a row is laid out for before it has to squeeze
MAX_PLANNED_ROW = 9
PILE_SHOWN = 4
HIDDEN = Placement((-200.0, -200.0), (4, 6), False, 0, shown=False)


TREASURE_BACK = "treasure:"  # a back kind: the back with the treasure's face small on it


def treasure_back(art: Any, game_id: str, card: str, size: tuple[int, int]) -> pygame.Surface:
    """A treasure card's back with its motif's face drawn small in the corner (everyone saw it laid)."""
    made = art.back(game_id, size, "back").copy()
    w, h = size
    mw = max(4, round(w * TREASURE_STEP * 0.82))
    mh = max(6, round(mw * h / max(1, w)))
    made.blit(art.card(game_id, card, (mw, mh)), (max(1, round(w * 0.04)), h - mh - max(1, round(h * 0.04))))
    return made


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


@dataclass
class ScoringBanner(Banner):
    """A scoring, motif by motif: after a scoring event, or opened again with the Scorings button."""

    breakdown: dict[str, Any] = field(default_factory=dict)
    hint: str = N_("click to continue")  # translated where it is drawn


class GloriaPicktoriaTable(TableScene):
    game_id = "gloria_picktoria"

    def __init__(self, app, match, **kwargs: Any) -> None:
        super().__init__(app, match, **kwargs)
        self.areas: dict[int, SeatArea] = {}
        self.picked: str | None = None  # "card:<card>", "doubler" or "fox": in the player's hand now
        self._picked_at: tuple[int | None, int] = (None, -1)
        # the last turn change: (seat, why it has the turn); its reason is told only while that seat decides
        self.turn_reason: tuple[int, Text] | None = None
        self.drawn_lines: dict[str, pygame.Rect] = {}  # the prompt's pill and the AP line, as last drawn
        self._treasure_backs: dict[tuple[str, tuple[int, int], int, int], pygame.Surface] = {}
        self.live_scores: list[int] = []
        self._cost_badges: dict[int, pygame.Surface] = {}
        self._grids: dict[tuple[int, int, int, int, int], RowGrid] = {}

    # -- seats -------------------------------------------------------------------------------------
    def names(self) -> list[str]:
        return [seat.name for seat in self.match.seats]

    # -- zones -------------------------------------------------------------------------------------
    def wanted_zones(self, obs: dict[str, Any]) -> dict[str, list[str | None]]:
        zones: dict[str, list[str | None]] = {}
        seat = obs.get("seat")
        for s in range(obs["players"]):
            if s == seat and obs.get("hand") is not None:
                zones[f"hand:{s}"] = list(obs["hand"])
            else:
                known = list(obs["known_hand_cards"][s])[: obs["hand_sizes"][s]]
                zones[f"hand:{s}"] = [*known, *([None] * (obs["hand_sizes"][s] - len(known)))]
            zones[f"doubler:{s}"] = [DOUBLER] if obs["doubler_in_hand"][s] else []
        for slot in range(3):
            zones[f"offer:{slot}"] = [obs["display"][slot]] if slot < len(obs["display"]) else []
        self.live_scores = list(obs["scores"])
        zones["draw"] = [None] * obs["pile"]
        zones["middle"] = [DH] * obs["dh"]["middle"]
        zones["supply"] = [FOX] if obs.get("fox") is None else []
        for coll in obs["collections"]:
            cards: list[str | None] = [coll["treasure"], *coll["cards"]]
            if coll["doubler"]:
                cards.append(DOUBLER)
            if coll["fox"]:
                cards.append(FOX)
            zones[f"collection:{coll['owner']}:{coll['index']}"] = cards
        return zones

    def initial_deal(self, obs: dict[str, Any]) -> tuple[dict[str, list[str | None]], list[CardMoved]]:
        if obs.get("collections") or obs["dh"]["middle"]:
            return {}, []
        start = self.wanted_zones(obs)
        hands = {s: list(start[f"hand:{s}"]) for s in range(obs["players"])}
        display = [start[f"offer:{i}"] for i in range(3)]
        dealt = sum(len(c) for c in hands.values()) + sum(len(d) for d in display)
        start["draw"] = [None] * (obs["pile"] + dealt)
        for s in hands:
            start[f"hand:{s}"] = []
        for i in range(3):
            start[f"offer:{i}"] = []
        moves = [CardMoved(card=d[0], src="draw", dst=f"offer:{i}") for i, d in enumerate(display) if d]
        for k in range(max((len(c) for c in hands.values()), default=0)):
            for s, cards in hands.items():
                if k < len(cards):
                    moves.append(CardMoved(card=cards[k], src="draw", dst=f"hand:{s}", face_up=False))
        return start, moves

    # -- layout ------------------------------------------------------------------------------------
    def compute_layout(self) -> None:
        w, h = self.scale.width, self.scale.height
        aspect = self.app.art.aspect(self.game_id)
        m = max(2, round(min(w, h) * 0.01))
        self.margin = m
        self._grids.clear()
        top_h = max(20, round(h * 0.2))
        self.counter_box = pygame.Rect(m, m, max(20, round(w * 0.25)), top_h)
        self.log_box = pygame.Rect(w - m - round(w * 0.22), m, round(w * 0.22), top_h)
        self.middle_rect = counter_geometry(self.counter_box, self.scale).cards
        mid_left, mid_right = self.counter_box.right + m, self.log_box.left - m
        self.display_card = card_size(top_h * 0.8, aspect, max_width=(mid_right - mid_left) / 5.6)
        dw, dh = self.display_card
        gap = max(2, dw * 0.12)
        centre_y = m + top_h * 0.44
        span = dw * 5 + gap * 5
        x0 = (mid_left + mid_right) / 2 - span / 2 + dw / 2
        self.supply_at = (x0, centre_y)
        self.offer_at = [(x0 + (dw + gap) * (i + 1), centre_y) for i in range(3)]
        self.pile_at = (x0 + (dw + gap) * 4 + gap, centre_y)
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
        # the doubler left of the hand, clear of the Hint button (Undo's size, in the bottom left corner)
        doubler_x = max(hand.x - hand_card[0] * 0.8, 2 * m + bw + hand_card[0] / 2)
        shift = max(0, round(doubler_x + hand_card[0] / 2 + m) - hand.x)
        hand = pygame.Rect(hand.x + shift, hand.y, max(hand_card[0], hand.width - shift), hand.height)
        doubler_at = (doubler_x, hand.centery)
        self.areas[self.bottom_seat] = SeatArea(own_plate, rows, hand, hand_card, doubler_at, bottom=True)
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
        for size in {self.display_card, *([own.hand_card] if own else [])}:
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
        label_w = max((label_face.size(self.row_label(c["index"], c)[0][-1])[0] + 6
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

    def style(self, sprite: CardSprite) -> None:
        sprite.art_id = sprite.card
        sprite.back_kind = "back"
        if sprite.card is not None and sprite.zone.startswith("collection:"):
            entries = self.model.zones.get(sprite.zone) or []
            if entries and entries[0].uid == sprite.uid:
                sprite.back_kind = TREASURE_BACK + sprite.card

    def card_picture(self, sprite: CardSprite, art: Any) -> pygame.Surface | None:
        """A treasure card lies face down with its motif shown small: composed once per card and size."""
        face_shown = sprite.shown_face and sprite.art_id is not None
        if face_shown or not sprite.back_kind.startswith(TREASURE_BACK):
            return None
        card = sprite.back_kind[len(TREASURE_BACK) :]
        key = (card, sprite.size, id(art), getattr(art, "generation", 0))
        made = self._treasure_backs.get(key)
        if made is None:
            if len(self._treasure_backs) > 256:
                self._treasure_backs.clear()
            made = self._treasure_backs[key] = treasure_back(art, self.game_id, card, sprite.size)
        return made

    def reveal_card_size(self) -> tuple[int, int]:
        area = self.areas.get(self.bottom_seat)
        return area.hand_card if area is not None else super().reveal_card_size()

    def hand_zone(self) -> str | None:
        return f"hand:{self.bottom_seat}"

    def drop_rect(self) -> pygame.Rect | None:
        area = self.areas.get(self.bottom_seat)
        return area.hand.inflate(0, area.hand.height // 2) if area else None

    def decorate(self) -> None:
        picked = self.picked
        for sprite in self.layer:
            sprite.selected = picked is not None and sprite.uid in self._picked_uids()

    def _picked_uids(self) -> set[int]:
        if self.picked is None:
            return set()
        sprites = self._item_sprites(self.picked)
        return {sprites[0].uid} if sprites else set()

    # -- choices -----------------------------------------------------------------------------------
    def _item_sprites(self, item: str) -> list[CardSprite]:
        me = self.bottom_seat
        if item == "fox":
            return [s for s in self.layer if s.card == FOX and s.zone.startswith("collection:")]
        if item == "doubler":
            return [s for s in self.layer if s.zone == f"doubler:{me}"]
        card = item.partition(":")[2]
        return sorted(
            (s for s in self.layer if s.zone == f"hand:{me}" and s.card == card), key=lambda s: s.center[0]
        )

    @staticmethod
    def item_of(action: str) -> str | None:
        """What the player picks up to make `action`: a hand card, the doubler or the fox."""
        kind, *args = action.split()
        if kind == "treasure" and args:
            return "doubler" if args[0] == DOUBLER else f"card:{args[0]}"
        if kind == "open" and args:
            return f"card:{args[0]}"
        if kind == "doubler":
            return "doubler"
        if kind in ("fox", "pass_fox"):
            return "fox"
        return None

    def find_targets(self, legal: list[str]) -> list[Target]:
        targets: list[Target] = []
        items = {item for item in map(self.item_of, legal) if item is not None}
        if self.picked not in items or self._picked_at != self._decision():
            self.picked = None  # picked up for another decision, or by the person before at the screen
        for item in sorted(items):
            for sprite in self._item_sprites(item):
                targets.append(Target(f"pick {item}", uid=sprite.uid, draggable=True))
        for action in legal:
            kind, *args = action.split()
            item = self.item_of(action)
            if kind == "pass_fox" or (item is not None and item == self.picked):
                rect = self.drop_spot(action)
                if rect is not None:
                    targets.append(Target(action, rect=rect))
            elif kind == "take":
                for sprite in self._zone_sprites(f"offer:{args[0]}"):
                    targets.append(Target(action, uid=sprite.uid, draggable=True))
            elif kind == "draw":
                top = self._zone_sprites("draw")
                if top:
                    targets.append(Target(action, uid=top[-1].uid, draggable=True))
            elif kind == "keep_fox":
                targets.append(Target(action, rect=self.keep_rect, label=tr("Keep the fox")))
            elif item is None:  # an action this table has no place for still gets a button
                rect = pygame.Rect(0, 0, self.scale.px(260, 40), self.scale.px(44, 14))
                rect.midtop = (self.scale.width // 2, self.prompt_y + len(targets) * rect.height)
                targets.append(Target(action, rect=rect, label=action))
        self.decorate()
        return targets

    def panel_rects(self) -> dict[str, pygame.Rect]:
        found = super().panel_rects()
        for seat, area in self.areas.items():
            plate = area.plate
            if not area.bottom and area.hand.y > plate.y:  # the name on a line of its own, above the hand
                plate = pygame.Rect(plate.x, plate.y, plate.width, area.hand.y - plate.y)
            elif not area.bottom:  # the plate's text: its right part holds the doubler and the hand's backs
                text_w = round(area.doubler_at[0] - area.hand_card[0] * 0.6) - plate.x
                plate = plate.clip(pygame.Rect(plate.x, plate.y, text_w, plate.height))
            found |= {f"plate {seat}": plate, f"rows {seat}": area.rows}
        found["counter"] = self.counter_box
        return found | self.drawn_lines

    def mark_targets(self, targets: list[Target]) -> None:
        if self.picked is None:
            return
        lit = [t.rect for t in targets if t.rect is not None and t.label is None]
        for sprite in self.layer:  # rows the picked item cannot go to are dimmed: "not these"
            if sprite.zone.startswith("collection:"):
                sprite.dim = not any(rect.collidepoint(sprite.center) for rect in lit)

    def _decision(self) -> tuple[int | None, int]:
        return (self.viewer, len(self.match.actions))

    def _zone_sprites(self, zone: str) -> list[CardSprite]:
        return sorted((s for s in self.layer if s.zone == zone and s.shown), key=lambda s: s.z)

    def drop_spot(self, action: str) -> pygame.Rect | None:
        """The rect on the table that stands for `action` once its item is picked up."""
        kind, *args = action.split()
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

    def _cell(self, seat: int, index: int) -> pygame.Rect | None:
        if seat not in self.areas:
            return None
        cells = self.row_grid(seat).cells
        return cells[index] if 0 <= index < len(cells) else None

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

    def meaning_of_drop(self, item: str, pos: tuple[float, float]) -> tuple[str | None, Message | None]:
        """(action text, or a refusal) for putting `item` down at `pos`; (None, None): nowhere."""
        spot = self.spot_at(pos)
        if spot is None:
            return None, None
        seat, index = spot
        me = self.bottom_seat
        if item == "fox":
            if index is None:
                return None, None
            if self.obs.get("phase") == "fox_pass":
                if seat == self.obs.get("left_neighbour"):
                    return f"pass_fox {index}", None
                return f"fox {seat} {index}", None
            return f"fox {seat} {index}", None
        card = DOUBLER if item == "doubler" else item.partition(":")[2]
        if seat != me:
            return None, message("{card}: you lay cards only on your own collections", card=card_param(card))
        if index is None:
            return f"treasure {card}", None
        return (f"doubler {index}" if item == "doubler" else f"open {card} {index}"), None

    def try_action(self, action: str) -> None:
        """Play `action` if it is legal; otherwise show the engine's reason and change nothing."""
        if action in self.legal:
            self.act(action)
            return
        if not self.settled or not self.legal:
            super().act(action)
            return
        try:
            self.match.play(action)
        except KartentischError as exc:  # the engine's reason, a message where it gives one
            reason = exc.args[0] if exc.args else ""
            self.say(reason if isinstance(reason, Message) else str(exc))
            return
        self.picked = None
        self.set_targets([])

    def act(self, action: str) -> None:
        if action.startswith("pick "):
            item = action[5:]
            self.picked = None if self.picked == item else item
            self._picked_at = self._decision()
            self.refresh_targets()  # find the spots for what is in the hand now
            self.decorate()
            return
        self.picked = None
        super().act(action)

    def press_button(self, button: Button) -> None:
        if button.key == "scorings":
            self.show_last_scoring()
            return
        super().press_button(button)

    def show_last_scoring(self) -> None:
        """The last scoring again, until a click closes it (the game goes on meanwhile)."""
        scorings = self.obs.get("scorings")
        if scorings:
            breakdown = scorings[-1]
            self.banner = ScoringBanner(scoring_title(breakdown), [], Hold(math.inf), breakdown=breakdown,
                                        hint=N_("click to close"))

    # -- input -------------------------------------------------------------------------------------
    def drop(self, target: Target, pos: tuple[int, int]) -> None:
        """A thing picked up goes where it is let go (or the rules' reason why not); a display card or
        the pile's top goes into the hand when let go over it."""
        if not target.action.startswith("pick "):
            self.answer(super().drop(target, pos))
            return
        action, refusal = self.meaning_of_drop(target.action[5:], pos)
        if action is not None:
            self.try_action(action)
        elif refusal is not None:
            self.say(refusal)

    def click_on_table(self, pos: tuple[int, int]) -> bool:
        """With a thing picked up, a click on a row or a free spot puts it there (or says why not); on
        the bare felt it puts the thing back."""
        if self.picked is None or not self.settled or not self.legal:
            return False
        action, refusal = self.meaning_of_drop(self.picked, pos)
        if action is not None:
            self.try_action(action)
        elif refusal is not None:
            self.say(refusal)
        else:
            self.picked = None
            self.refresh_targets()
            self.decorate()
        return True

    # -- events ------------------------------------------------------------------------------------
    def banner_for(self, event: Event) -> Banner | None:
        if isinstance(event, Note) and "motifs" in event.detail:
            hold = Hold(SCORING_SECONDS * self.speed)
            return ScoringBanner(self.in_words(event.text), [], hold, dict(event.detail))
        if isinstance(event, GameEnded):
            lines = [self.in_words(event.text)]
            return Banner(tr("Game over"), lines, Hold(BANNER_SECONDS * self.speed))
        return None

    def describe(self, event: Event) -> str | None:
        line = self._event_line(event)
        return self.in_words(line) if line else None

    def remember(self, event: Event) -> None:
        if isinstance(event, TurnChanged):
            self.turn_reason = (event.seat, event.reason)
        elif isinstance(event, ScoreChanged) and 0 <= event.seat < len(self.live_scores):
            self.live_scores[event.seat] = int(event.new)

    def reset_memory(self) -> None:
        self.turn_reason = None

    def round_title(self, event: Event, previous: Event | None, rounds: int) -> str | None:
        """A round is a turn for everyone, from the seat that had the first turn."""
        if previous is None or self.turn_goes_round(event):
            return tr("Round {number}").format(number=rounds + 1)
        return None

    def _event_line(self, event: Event) -> Text | None:
        if isinstance(event, CardMoved):
            return self._describe_move(event)
        if isinstance(event, Note):
            return None if "motifs" in event.detail else event.text
        if isinstance(event, TurnChanged):
            if event.reason == MAY_PASS_FOX:
                return message("{seat} may pass the fox", seat=Seat(event.seat))
            return message("{seat}'s turn", seat=Seat(event.seat))
        if isinstance(event, ScoreChanged):
            points = int(event.new)
            return plural_message("{seat} now has {n} point", "{seat} now has {n} points", n=points,
                                  seat=Seat(event.seat))
        if isinstance(event, (RoundEnded, GameEnded)):
            return event.text
        return None

    @staticmethod
    def _describe_move(event: CardMoved) -> Message | None:
        src_kind, _, src_rest = event.src.partition(":")
        dst_kind, _, dst_rest = event.dst.partition(":")
        if event.card == FOX:
            return None  # the Note after it says where and why
        card = card_param(event.card) if event.card else None
        if dst_kind == "collection":
            who = Seat(int(src_rest.split(":")[0]))
            index = int(dst_rest.partition(":")[2]) + 1  # people count collections from 1
            if src_kind == "doubler" and event.face_up:
                return message("{seat} closes collection {index} with the doubler (x2)", seat=who,
                               index=index)
            if card is None:
                return message("{seat} lays a card on collection {index}", seat=who, index=index)
            if not event.face_up:
                return message("{seat} lays {card:acc} as a treasure (collection {index})", seat=who,
                               card=card, index=index)
            return message("{seat} lays {card:a} on collection {index}", seat=who, card=card, index=index)
        if src_kind == "offer" and card is not None:
            return message("{seat} takes {card:a} from the display", seat=Seat(int(dst_rest)), card=card)
        if event.src == "draw" and dst_kind == "hand":
            if card is None:
                return message("{seat} draws a card from the pile (2 AP)", seat=Seat(int(dst_rest)))
            return message("{seat} draws {card:a} from the pile (2 AP)", seat=Seat(int(dst_rest)), card=card)
        return None

    # -- drawing -----------------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        surface.blit(
            self.panels.get(self.log_box.size, (0, 0, 0, 110), self.scale.px(8, 2)), self.log_box.topleft
        )
        for area in self.areas.values():
            surface.blit(
                self.panels.get(area.rows.size, (0, 0, 0, 50), self.scale.px(8, 2)), area.rows.topleft
            )

    def draw_under(self, surface: pygame.Surface) -> None:
        obs = self.obs
        if not obs:
            return
        draw_counter(surface, self.counter_box, self.live_dh(), self.scale, self.texts, self.panels)
        for seat, area in self.areas.items():
            self._draw_plate(surface, seat, area)
            self._draw_row_labels(surface, seat)
        self._draw_centre_labels(surface)
        self._draw_prompt(surface)
        self._draw_hint(surface)
        self.draw_log(surface, self.log_box)

    def live_dh(self) -> dict[str, Any]:
        """The counter as the cards played back so far show it (the observation is a step ahead while
        they fly)."""
        middle = len(self.model.zones.get("middle", ()))
        return {
            "middle": middle,
            "total": self.obs["dh"]["total"],
            "next_scoring": next((t for t in SCORING_AT if t > middle), None),
        }

    def _draw_plate(self, surface: pygame.Surface, seat: int, area: SeatArea) -> None:
        obs = self.obs
        plate = area.plate
        deciding = obs.get("current_player") == seat and not obs.get("terminal")
        surface.blit(self.panels.get(plate.size, (14, 18, 24, 215), self.scale.px(8, 2)), plate.topleft)
        if deciding:
            pygame.draw.rect(surface, GOLD, plate, self.scale.px(4, 2), border_radius=self.scale.px(8, 2))
            if plate.x > plate.height // 3:
                triangle_marker(surface, (plate.x - 1, plate.centery), min(plate.height * 0.35, plate.x))
        pad = self.scale.px(10, 2)
        name = self.seat_name(seat)
        if seat == self.viewer and self.follow:
            name = ptr("seat plate", "{name} (you)").format(name=name)
        points = self.live_scores[seat] if seat < len(self.live_scores) else obs["scores"][seat]
        score = self.texts.render(ntr("{n} pt", "{n} pts", points).format(n=points), self.scale.font(24),
                                  GOLD, True)
        right = (
            round(area.doubler_at[0] - area.hand_card[0] * 0.6) if not area.bottom else plate.right
        ) - pad
        score_at = (right - score.get_width(), plate.y + pad // 2)
        if area.bottom:
            line_h = plate.height // 2
            title = self.texts.fitted(
                name, self.scale.font(24), max(10, plate.width - score.get_width() - pad * 3), INK, True
            )
            surface.blit(title, (plate.x + pad, plate.y + (line_h - title.get_height()) // 2))
            surface.blit(score, (right - score.get_width(), plate.y + (line_h - score.get_height()) // 2))
            bits = [tr("{n} in hand").format(n=obs["hand_sizes"][seat])]
            bits.append(tr("doubler ready") if obs["doubler_in_hand"][seat] else tr("doubler laid"))
            if deciding:
                bits.insert(0, tr("your turn") if seat == self.viewer else tr("decides now"))
            room = max(1, plate.bottom - plate.y - line_h - 2)
            sub = self.texts.block(" · ".join(bits), self.scale.font(18), plate.width - 2 * pad, room,
                                   GOLD if deciding else INK_DIM, separator=" · ")
            surface.blit(sub, (plate.x + pad, plate.y + line_h + max(0, (room - sub.get_height()) // 2)))
            return
        room = max(10, right - score.get_width() - pad - plate.x - pad)
        colour = GOLD if deciding else INK
        stacked = area.hand.y > plate.y or not self.texts.fits(name, self.scale.font(22), room, True) and (
            plate.height >= font(self.scale.font(22), True).get_linesize() + score.get_height())
        if stacked:  # a narrow plate: the name above, the points below it, both at the left
            width = max(10, (plate.right if area.hand.y > plate.y else right) - plate.x - 2 * pad)
            title = self.texts.fitted(name, self.scale.font(22), width, colour, True)
            top = plate.y + (plate.height - title.get_height() - score.get_height()) // 2
            surface.blit(title, (plate.x + pad, top))
            surface.blit(score, (plate.x + pad, top + title.get_height()))
        else:
            title = self.texts.fitted(name, self.scale.font(22), room, colour, True)
            surface.blit(title, (plate.x + pad, plate.centery - title.get_height() // 2))
            if score_at[0] > plate.x + pad + title.get_width():
                surface.blit(score, (score_at[0], plate.centery - score.get_height() // 2))
        count = self.texts.render(str(obs["hand_sizes"][seat]), self.scale.font(18), INK, True)
        box = count.get_rect(bottomright=(plate.right - 2, plate.bottom - 1)).inflate(6, 0)
        surface.blit(self.panels.get(box.size, (0, 0, 0, 200), box.height // 2), box.topleft)
        surface.blit(count, count.get_rect(center=box.center))

    def _draw_hint(self, surface: pygame.Surface) -> None:
        """What to do with the item in the hand, under the own plate (the prompt line keeps the rules'
        instruction)."""
        if self.picked is None or not self.legal:
            return
        area = self.areas[self.bottom_seat]
        top = area.plate.bottom + self.margin
        bottom = area.doubler_at[1] - area.hand_card[1] / 2 - self.margin
        box = pygame.Rect(area.plate.x, top, area.plate.width, max(0, round(bottom - top)))
        size = self.scale.font(21)
        lines = wrap(self._picked_prompt(), font(size, True), box.width - 12)
        line_h = font(size, True).get_linesize()
        if not lines or box.height < line_h:
            return
        lines = lines[: max(1, box.height // line_h)]
        box.height = min(box.height, len(lines) * line_h + 8)
        surface.blit(self.panels.get(box.size, (10, 14, 20, 200), self.scale.px(8, 2)), box.topleft)
        for k, line in enumerate(lines):
            label = self.texts.render(line, size, GOLD, True)
            surface.blit(label, (box.x + 6, box.y + 4 + k * line_h))

    def _draw_row_labels(self, surface: pygame.Surface, seat: int) -> None:
        grid = self.row_grid(seat)
        by_index = {c["index"]: c for c in self.obs["collections"] if c["owner"] == seat}
        size = self.scale.font(17)
        for index, cell in enumerate(grid.cells):
            coll = by_index.get(index)
            if coll is None:
                free_spot = index == len(grid.cells) - 1 and seat == self.bottom_seat
                if free_spot and self.picked and self.picked != "fox":
                    text = tr("drop here: a new treasure (1 AP)")
                    label = self.texts.fitted(text, size, cell.width - 4, GOLD)
                    surface.blit(label, label.get_rect(center=cell.center))
                continue
            variants, colour = self.row_label(index, coll)
            label = self.texts.fitted_first(variants, size, cell.width - 4, colour, True)
            surface.blit(label, (cell.x + 2, cell.y))

    @staticmethod
    def row_label(index: int, coll: dict[str, Any]) -> tuple[list[str], tuple[int, int, int]]:
        """A collection's label, the fullest wording first, and its colour. People count collections
        from 1, as the log and the hints do (the actions count from 0)."""
        index += 1
        if coll["lone"]:
            treasure = card_label(coll["treasure"])
            head = tr("{index}: lone treasure ({card})").format(index=index, card=treasure)
            short, colour = tr("{index}: lone ({card})").format(index=index, card=treasure), INK_DIM
        else:
            head = f"{index}: {card_label(coll['motif'])} · {coll['length']}"
            short, colour = head, motif_colour(coll["motif"])
        doubler, fox = coll["doubler"], coll["fox"]
        long_marks = [tr("x2 closed")] * doubler + [tr("fox: out of scoring")] * fox
        marks = ["x2"] * doubler + [tr("fox")] * fox  # the shorter words, where the row is narrow
        # the treasure shows which one
        shortest = tr("{index}: lone").format(index=index) if coll["lone"] else short
        variants = [" · ".join(words) for words in ([head, *long_marks], [head, *marks], [short, *marks],
                                                     [shortest, *marks])]
        return variants, colour

    def _draw_centre_labels(self, surface: pygame.Surface) -> None:
        dw, dh = self.display_card
        size = self.scale.font(17)
        below = self.offer_at[0][1] + dh / 2 + 2
        take = self.texts.fitted(tr("Display: take a card · 1 AP"), size, round(dw * 3.3), INK_DIM)
        surface.blit(take, take.get_rect(midtop=(self.offer_at[1][0], below)))
        pile = self.texts.fitted(tr("Pile {n}").format(n=self.obs["pile"]), size, round(dw * 1.2), INK_DIM)
        surface.blit(pile, pile.get_rect(midtop=(self.pile_at[0], below)))
        if self.obs.get("fox") is None:
            fox = self.texts.fitted(tr("Fox waits"), size, round(dw * 1.2), INK_DIM)
            surface.blit(fox, fox.get_rect(midtop=(self.supply_at[0], below)))

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        obs = self.obs
        decider = obs.get("current_player")
        mine = decider is not None and decider == self.viewer and bool(self.legal)
        prompt = self.in_words(obs.get("prompt") or "")
        if obs.get("terminal"):
            prompt = self.in_words(obs.get("result") or tr("The game is over"))
        elif not mine and decider is not None:
            prompt = self._waiting_prompt(decider)
        label = None
        r = max(3, self.scale.px(11, 3))
        pips_w = self.scale.px(150, 40)
        if decider is not None and not obs.get("terminal"):
            ap_label = tr("{name}: AP").format(name=self.seat_name(decider))
            label = self.texts.render(ap_label, self.scale.font(22), INK, True)
            pips_w = label.get_width() + r + 3 * (2 * r + max(2, r // 2)) + self.margin  # the AP line
        pad = self.scale.px(30, 6)
        # the pill, centred, clears the AP line on the left (and as much right); a line too long for that
        # takes the whole room right of the AP line instead of being cut
        room, centre_x = w - 2 * self.margin - pips_w * 2 - pad, w // 2
        if not self.texts.fits(prompt, self.scale.font(30), room, True):
            room, centre_x = w - 2 * self.margin - pips_w - pad, (w + pips_w) // 2
        line = self.texts.fitted(prompt, self.scale.font(30), room, GOLD if mine else INK, True)
        box = line.get_rect(center=(centre_x, self.prompt_y)).inflate(pad, self.scale.px(10, 2))
        surface.blit(self.panels.get(box.size, (10, 14, 20, 210), self.scale.px(10, 2)), box.topleft)
        surface.blit(line, line.get_rect(center=box.center))
        self.drawn_lines = {"prompt": box}
        if label is not None:
            left = self.margin
            surface.blit(label, (left, self.prompt_y - label.get_height() // 2))
            ap = obs["ap"] if obs.get("phase") == "turn" else 0
            right = ap_pips(surface, left + label.get_width() + r, self.prompt_y, ap, r)
            self.drawn_lines["action points"] = pygame.Rect(left, self.prompt_y - label.get_height() // 2,
                                                            right + r - left, label.get_height())

    def _waiting_prompt(self, decider: int) -> str:
        """Whose turn it is and why, while someone else decides."""
        name = self.seat_name(decider)
        if self.obs.get("phase") == "fox_pass":
            left = self.seat_name(self.obs["left_neighbour"])
            return tr("{name} has spent the action points and may pass the fox to {left}").format(
                name=name, left=left)
        told = self.turn_reason
        why = told[1] if told is not None and told[0] == decider and told[1] != MAY_PASS_FOX else ""
        if why:
            return tr("{name}'s turn ({why}): {n} AP left").format(name=name, why=self.in_words(why),
                                                                   n=self.obs["ap"])
        return tr("{name}'s turn: {n} AP left").format(name=name, n=self.obs["ap"])

    def _picked_prompt(self) -> str:
        item = self.picked or ""
        if item == "fox":
            left = self.seat_name(self.obs["left_neighbour"])
            if self.obs.get("phase") == "fox_pass":
                return tr("Put the fox on a row of {name}").format(name=left)
            return tr("Put the fox on another own row (1 AP) or on a row of {name} (2 AP)").format(name=left)
        card = card_label(DOUBLER if item == "doubler" else item.partition(":")[2], "acc")
        return tr("Put {card} on a lit row, or on the free spot for a new treasure").format(card=card)

    def draw_over(self, surface: pygame.Surface) -> None:
        if not self.obs:
            return
        for button in self.buttons:
            if button.key == "scorings":
                button.visible = bool(self.obs.get("scorings"))
        self._draw_pile_cost(surface)

    def _card_art(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        return self.app.art.card(self.game_id, card, size)

    def _draw_pile_cost(self, surface: pygame.Surface) -> None:
        if not self.obs.get("pile"):
            return
        size = self.scale.font(24)
        badge = self._cost_badges.get(size)
        if badge is None:
            label = self.texts.render(tr("{n} AP").format(n=2), size, (30, 24, 10), True)
            box = label.get_rect().inflate(self.scale.px(14, 4), self.scale.px(6, 2))
            badge = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(badge, GOLD, badge.get_rect(), border_radius=box.height // 2)
            badge.blit(label, label.get_rect(center=badge.get_rect().center))
            self._cost_badges[size] = badge
        centre = (round(self.pile_at[0]), round(self.pile_at[1] + self.display_card[1] * 0.22))
        surface.blit(badge, badge.get_rect(center=centre))

    def draw_banner(self, surface: pygame.Surface, banner: Banner) -> None:
        if isinstance(banner, ScoringBanner):
            draw_scoring(
                surface,
                banner.breakdown,
                self.names(),
                self.scale,
                self.texts,
                self.panels,
                self._card_art,
                banner.hint,
            )
            return
        super().draw_banner(surface, banner)


__all__ = ["GloriaPicktoriaTable"]
