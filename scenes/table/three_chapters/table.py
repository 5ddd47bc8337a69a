"""The 3 Chapters table.

The seat on screen sits at the bottom: its hand (in chapter I the packet it holds) fanned face up, the
row in front of it above (its face-down picks in chapter I, which it may look at, and its face-up cards
from chapter II on), its plate with stars, hearts, crystals and points on the left. The other seats sit
across the top, each with a plate, the backs of its hand and its row. In the middle lies the trick: one
slot per place at the table in playing order, named, the card that wins so far lit up. With two players
the two ghosts sit left and right of the trick as places of their own: their face-down pile and the
cards they played. The draw pile and the cards out of the game lie under the own plate; the last trick's
rewards (who got what and why) and the log on the right.

Every decision is a click (or a drag) on a hand card, offered only where `match.legal_actions()` has a
`pick`, `ghost` or `play` action for it. Hovering any face-up card shows its abilities with their seals.
At the end chapter III is counted card by card on a score sheet before the results.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import pygame

from game.core import CardMoved, Event, GameEnded, Note, RoundEnded, ScoreChanged, Shuffled, TurnChanged
from game.i18n import N_, Card, Message, Text, language, message, tr, words
from game.three_chapters.state import position_words
from scenes.table.kit import BANNER_SECONDS, Banner, TableScene, Target
from scenes.table.kit.animation import Hold
from scenes.table.kit.cards import CardSprite, Placement
from scenes.table.kit.layout import card_size, fanned_hand, row_centers
from scenes.table.kit.paint import GOLD, INK, INK_DIM, Button, triangle_marker
from scenes.table.kit.zones import Entry
from scenes.table.three_chapters.panels import (
    ScoreSheet,
    card_label,
    draw_score_sheet,
    gain_pieces,
    ghost_name,
    position_name,
    render_pieces,
    score_sheet,
    token_pieces,
)

ROW_SLOTS = 8  # a row never holds more: 8 picks (2 and 3 players) or 7 cards played
BATCH_STAGGER = 0.05  # of a move's time between two cards of a deal or a pass: they fly together
TRICK_PAUSE = 1.4  # seconds at normal speed the finished trick stays with its winner lit up
REWARD_PAUSE = 0.25  # more seconds per reward line of that trick
SCORE_ROW_SECONDS = 0.55  # per row of the chapter-III sheet, at normal speed
OFF_TABLE = Placement((-100.0, -100.0), (4, 6), False, 0, shown=False)
#: where the default faces draw the attribute icons, for naming the icon under the mouse
ICON_ROW = (326 / 560, 18 / 560)  # centre line and half height, as shares of the card height
ICON_STEP = {4: 40, 6: 35, 8: 32}  # design pixels between icons, by how many icons at most
CHAPTER_TITLES = (N_("Chapter I: the draft"), N_("Chapter II: the tricks"), N_("Chapter III: the count"))


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


@dataclass
class TrickResult:
    number: int
    winner: int  # a position
    title: Text  # who won it with which card, put into words when drawn
    gains: list[dict[str, Any]]


@dataclass
class TrickBanner(Banner):
    """The trick just won stays on the table, its winner lit, while its rewards are read (the rewards
    panel beside the trick is drawn with the table)."""


@dataclass
class SheetBanner(Banner):
    """Chapter III counted card by card: the sheet's rows appear one after another, then the totals
    stay a while. A first click shows every row at once, the next goes on."""

    sheet: ScoreSheet | None = None
    row_seconds: float = 0.0

    def clicked(self) -> bool:
        rows_done = self.row_seconds * (self.sheet.steps if self.sheet else 0)
        if self.hold.elapsed < rows_done:
            self.hold.elapsed = rows_done
            return False
        return True

    def rows_shown(self) -> int:
        steps = self.sheet.steps if self.sheet else 0
        if self.hold.done or self.row_seconds <= 0:
            return steps
        return min(steps, int(self.hold.elapsed / self.row_seconds) + 1)


class ThreeChaptersTable(TableScene):
    game_id = "three_chapters"

    def __init__(self, app, match, **kwargs: Any) -> None:
        super().__init__(app, match, **kwargs)
        self.places: dict[int, Place] = {}
        self.live_points: list[int] = []
        self.trick_plays: list[tuple[int, str]] = []  # (position, card) as the events laid them
        self.trick_result: TrickResult | None = None
        self.sheet: ScoreSheet | None = None  # the final count, once the observation has it
        self._sheet_cache: tuple[tuple[int, int, tuple[int, int]], pygame.Surface] | None = None
        self._result_cache: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._spread: str | None = None  # a ghost pile fanned out while it is shuffled

    # -- who sits where -------------------------------------------------------------------------------
    @staticmethod
    def name_text(match: Any, text: Text) -> str:
        """What the engine said, in words with the players' names (the results scene asks for it too)."""
        return words(text, [seat.name for seat in match.seats])

    def on_language_changed(self) -> None:
        self.sheet = None  # its rows are words: written again in the new language
        self._sheet_cache = None
        self._result_cache = None
        super().on_language_changed()

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
        return list(self.obs.get("order") or ([0, 2, 1, 3] if self.ghosts else range(self.players)))

    def trick_slots(self) -> list[int]:
        """The positions of the current trick in playing order: who played, then who is still to play."""
        order = self.order()
        if self.trick_plays:
            first = self.trick_plays[0][0]
        else:
            trick = self.obs.get("trick") or {}
            first = trick.get("leader")
            if first is None:
                first = order[0]
        if first not in order:
            return order
        i = order.index(first)
        return order[i:] + order[:i]

    # -- zones ------------------------------------------------------------------------------------------
    def wanted_zones(self, obs: dict[str, Any]) -> dict[str, list[str | None]]:
        zones: dict[str, list[str | None]] = {}
        seat = obs.get("seat")
        draft = obs.get("draft") or {}
        for s in range(obs["players"]):
            own = s == seat and obs.get("hand") is not None
            zones[f"hand:{s}"] = [str(v) for v in obs["hand"]] if own else [None] * obs["hand_counts"][s]
            picks = draft.get("picks") if own else None
            zones[f"picks:{s}"] = (
                [str(v) for v in picks]
                if picks is not None
                else [None] * draft.get("pick_counts", [0] * obs["players"])[s]
            )
            zones[f"display:{s}"] = [str(v) for v in obs["displays"][s]]
        for ghost in obs.get("ghosts") or []:
            zones[f"ghost:{ghost['owner']}"] = [None] * ghost["pile"]
            zones[f"aside:{ghost['owner']}"] = [str(v) for v in ghost["aside"]]
        zones["deck"] = [None] * obs.get("deck_count", 0)
        zones["out"] = [None] * obs.get("out_count", 0)
        plays = (obs.get("trick") or {}).get("plays") or []
        zones["trick"] = [str(p["card"]) for p in plays]
        self.trick_plays = [(p["position"], str(p["card"])) for p in plays]
        if plays:
            self.trick_result = None
        self.live_points = [int(t["points"]) for t in obs["tokens"]]
        self._spread = None  # the table as the observation says: nothing is being shuffled
        return zones

    def initial_deal(self, obs: dict[str, Any]) -> tuple[dict[str, list[str | None]], list[CardMoved]]:
        draft = obs.get("draft") or {}
        if (
            obs.get("phase") != "draft"
            or draft.get("deal")
            or draft.get("round")
            or any(draft.get("picked_now", []))
        ):
            return {}, []
        start = self.wanted_zones(obs)
        hands = {s: list(start[f"hand:{s}"]) for s in range(obs["players"])}
        start["deck"] = [None] * (obs.get("deck_count", 0) + sum(len(h) for h in hands.values()))
        for s in hands:
            start[f"hand:{s}"] = []
        moves = [
            CardMoved(card=cards[k], src="deck", dst=f"hand:{s}", face_up=False)
            for k in range(max((len(h) for h in hands.values()), default=0))
            for s, cards in hands.items()
            if k < len(cards)
        ]
        return start, moves

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
        self.info_box = pygame.Rect(w - side_w - m, own_top, side_w, round(h * 0.2))
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
            faces.add(bottom.hand_card)
        backs = {p.hand_card for p in self.places.values()} | {p.row_card for p in self.places.values()}
        backs.add(self.pile_card)
        out: list[tuple[str | None, str, tuple[int, int]]] = [(None, "back", size) for size in sorted(backs)]
        for size in sorted(faces):
            out += [(str(v), "back", size) for v in range(1, 51)]
        return out

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

    def play_shuffle(self, event: Shuffled) -> None:
        """A ghost pile is shuffled: its cards fan out now and close up again after the move."""
        if not event.zone.startswith("ghost:") or self.move_seconds <= 0:
            return
        self._spread = event.zone
        self.timeline.steps.insert(0, self._close_spread)

    def _close_spread(self) -> Hold:
        self._spread = None
        self.relayout(self.move_seconds)
        return Hold(self.move_seconds)

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
        out = []
        for i, _ in enumerate(entries):
            at = centres[i] if i < len(centres) else centres[-1]
            out.append(Placement(at, self.trick_card, True, 400 + i))
        return out

    def style(self, sprite: CardSprite) -> None:
        sprite.back_kind = "back"
        sprite.art_id = sprite.card

    def reveal_card_size(self) -> tuple[int, int]:
        return self.trick_card

    # -- choices ----------------------------------------------------------------------------------------
    def find_targets(self, legal: list[str]) -> list[Target]:
        targets: list[Target] = []
        own_hand = f"hand:{self.bottom_seat}"
        for action in legal:
            kind, *args = action.split()
            sprites = [
                s
                for s in self.layer
                if s.zone == own_hand and s.card is not None and args and s.card == str(args[0])
            ]
            if kind in ("pick", "ghost", "play") and sprites:
                targets += [Target(action, uid=s.uid, draggable=True) for s in sprites]
            else:  # an action this table has no place for still gets a button: nothing is unreachable
                rect = pygame.Rect(0, 0, self.scale.px(260, 40), self.scale.px(44, 14))
                rect.midtop = (self.scale.width // 2, self.mid_top + len(targets) * rect.height)
                targets.append(Target(action, rect=rect, label=action))
        return targets

    def hand_zone(self) -> str | None:
        return f"hand:{self.bottom_seat}"

    def drop_rect(self) -> pygame.Rect | None:
        """Where a dragged card goes: the trick in chapter II, the own row (a pick) or the own ghost's
        pile (a ghost pick) in chapter I."""
        kinds = {a.split()[0] for a in self.legal}
        if "play" in kinds:
            return self.trick_box
        if "ghost" in kinds:
            ghost = self.places.get(self.players + self.bottom_seat)
            return ghost.hand.union(ghost.row) if ghost else None
        place = self.places.get(self.bottom_seat)
        return place.row if place else None

    # -- events -----------------------------------------------------------------------------------------
    def stagger(self, move: CardMoved) -> float | None:
        """Moves that happen to many cards at once (a deal, a pass, the picks taken up, leftovers going
        out of the game) fly together rather than one after another."""
        src, dst = move.src.partition(":")[0], move.dst.partition(":")[0]
        batched = {("deck", "hand"), ("hand", "hand"), ("picks", "hand"), ("hand", "out")}
        return BATCH_STAGGER if (src, dst) in batched else None

    def table_move(self, move: CardMoved) -> CardMoved:
        """A ghost's card leaves the trick for that ghost's own row of played cards."""
        if move.src == "trick" and move.dst == "aside":
            played = next((p for p, c in self.trick_plays if c == move.card), None)
            if played is not None and played >= self.players:
                return replace(move, dst=f"aside:{played - self.players}")
        return move

    def remember(self, event: Event) -> None:
        """Who played which card of the trick (the slots' names, the winner), the last trick's result,
        and the running points."""
        if isinstance(event, CardMoved) and event.dst == "trick":
            position = self.position_of_zone(event.src)
            if not self.trick_plays:
                self.trick_result = None  # a new trick begins
            self.trick_plays.append((position if position is not None else -1, event.card or ""))
        elif isinstance(event, CardMoved) and event.src == "trick":
            self.trick_plays = [(p, c) for p, c in self.trick_plays if c != event.card]
        elif isinstance(event, Note) and "winner" in event.detail:
            number, winner = int(event.detail.get("trick", 0)), int(event.detail["winner"])
            card = next((c for p, c in self.trick_plays if p == winner), "")
            title: Text = (
                message(
                    "{winner} wins with {card:dat} ({value})",
                    winner=position_words(winner, self.players),
                    card=Card(self.game_id, card),
                    value=card,
                )
                if card
                else message("{winner} wins", winner=position_words(winner, self.players))
            )
            self.trick_result = TrickResult(number, winner, title, self._gains_of(number))
        elif isinstance(event, ScoreChanged) and 0 <= event.seat < len(self.live_points):
            self.live_points[event.seat] = int(event.new)

    def reset_memory(self) -> None:
        self.trick_plays = []
        self.trick_result = None

    def _gains_of(self, trick: int) -> list[dict[str, Any]]:
        """The rewards of trick `trick`, if it is the last one scored."""
        last = self.latest_observation().get("last_trick")
        return list(last.get("gains") or []) if last and last.get("trick") == trick else []

    def round_title(self, event: Event, previous: Event | None, rounds: int) -> str | None:
        if previous is None or isinstance(previous, RoundEnded):
            return tr(CHAPTER_TITLES[min(rounds, len(CHAPTER_TITLES) - 1)])
        return None

    def banner_for(self, event: Event) -> Banner | None:
        seconds = BANNER_SECONDS * self.speed
        if isinstance(event, Note) and "winner" in event.detail:
            gains = self._gains_of(int(event.detail.get("trick", 0)))
            hold = Hold((TRICK_PAUSE + REWARD_PAUSE * len(gains)) * self.speed)
            return TrickBanner("", [], hold)
        if isinstance(event, RoundEnded) and _says(event.text, "Chapter II is over: Chapter III scores"):
            sheet = score_sheet(self.latest_observation(), self.names)
            row_seconds = SCORE_ROW_SECONDS * self.speed  # every row in turn, then the totals stay a while
            hold = Hold(row_seconds * sheet.steps + seconds)
            title = self.in_words(event.text)
            return SheetBanner(title, [], hold, sheet=sheet, row_seconds=row_seconds)
        if isinstance(event, RoundEnded):
            return Banner(
                tr("Chapter II: the tricks"),
                [
                    self.in_words(event.text),
                    tr("The highest card wins the trick and a star; then every card's II abilities score."),
                ],
                Hold(seconds),
            )
        if isinstance(event, Note) and "deal" in event.detail:
            return Banner(
                tr("A new deal"),
                [
                    self.in_words(event.text),
                    tr("8 new cards each: keep 4 more")
                    if not self.ghosts
                    else tr("8 new cards each: keep 4 more, and 4 more for your ghost"),
                ],
                Hold(seconds),
            )
        return None  # the end: the chapter-III sheet says who won and why

    def describe(self, event: Event) -> str | None:
        if isinstance(event, CardMoved):
            return self._describe_move(event)
        if isinstance(event, TurnChanged):
            if not event.reason:
                return None
            return tr("{name}: {reason}").format(
                name=self.seat_name(event.seat), reason=self.in_words(event.reason)
            )
        if isinstance(event, Shuffled):
            if event.zone.startswith("ghost:"):
                return tr("The pile of {ghost} is shuffled").format(
                    ghost=ghost_name(int(event.zone[6:]), self.names)
                )
            return None
        if isinstance(event, (Note, RoundEnded, GameEnded)):
            return self.in_words(event.text) if event.text else None
        return None

    def _describe_move(self, event: CardMoved) -> str | None:
        src_kind, _, src_seat = event.src.partition(":")
        dst_kind, _, _ = event.dst.partition(":")
        who = self.seat_name(int(src_seat)) if src_seat.isdigit() else ""
        if event.dst == "trick":
            if src_kind == "ghost":
                ghost = ghost_name(int(src_seat), self.names)
                return tr("{ghost} plays {card}").format(ghost=ghost, card=card_label(event.card))
            return tr("{name} plays {card}").format(name=who, card=card_label(event.card))
        if src_kind == "hand" and dst_kind == "picks":
            if event.card:
                return tr("{name} keeps {card}").format(name=who, card=card_label(event.card))
            return tr("{name} keeps a card").format(name=who)
        if src_kind == "hand" and dst_kind == "ghost":
            if event.card:
                return tr("{name} gives the ghost {card}").format(name=who, card=card_label(event.card))
            return tr("{name} gives the ghost a card").format(name=who)
        if src_kind == "hand" and dst_kind == "hand":
            return tr("The packets are passed to the left")
        if event.src == "deck":
            return tr("8 cards are dealt to everyone")
        if dst_kind == "out":
            return tr("The last cards of the packets leave the game unseen")
        if src_kind == "picks":
            return tr("Everyone takes up their picks: Chapter II")
        return None

    # -- drawing ----------------------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        for place in self.places.values():
            surface.blit(
                self.panels.get(place.row.size, (0, 0, 0, 60), self.scale.px(8, 2)), place.row.topleft
            )
        box = self.trick_box
        surface.blit(self.panels.get(box.size, (0, 0, 0, 45), self.scale.px(14, 3)), box.topleft)
        for rect in (self.info_box, self.log_box):
            surface.blit(self.panels.get(rect.size, (0, 0, 0, 110), self.scale.px(8, 2)), rect.topleft)

    def draw_under(self, surface: pygame.Surface) -> None:
        if not self.obs:
            return
        for place in self.places.values():
            self._draw_plate(surface, place)
        self._draw_trick(surface)
        self._draw_drop_zone(surface)
        self._draw_piles(surface)
        self._draw_rows_labels(surface)
        self._draw_prompt(surface)
        self._draw_info(surface)
        self.draw_log(surface, self.log_box, 16)

    def _draw_drop_zone(self, surface: pygame.Surface) -> None:
        """Where the card chosen now goes (a card may also be dragged there): the own row for a pick, the
        own ghost's place for a ghost pick. In chapter II the next free trick slot is lit instead."""
        if not self.legal or self.legal[0].startswith("play"):
            return
        zone = self.drop_rect()
        if zone is not None:
            width = self.scale.px(3, 1)
            pygame.draw.rect(
                surface, GOLD, zone.inflate(width * 2, width * 2), width, border_radius=self.scale.px(10, 3)
            )

    def _deciding(self, place: Place) -> bool:
        obs = self.obs
        if obs.get("terminal"):
            return False
        if place.seat is None:
            return False
        return obs.get("current_player") == place.seat

    def _draw_plate(self, surface: pygame.Surface, place: Place) -> None:
        obs = self.obs
        plate = place.plate
        radius = self.scale.px(8, 2)
        deciding = self._deciding(place)
        surface.blit(self.panels.get(plate.size, (14, 12, 26, 215), radius), plate.topleft)
        if deciding:
            pygame.draw.rect(surface, GOLD, plate, self.scale.px(4, 2), border_radius=radius)
            if plate.x > plate.height // 2:
                triangle_marker(surface, (plate.x - 2, plate.centery), plate.height * 0.35)
        pad = self.scale.px(10, 2)
        two_lines = plate.height >= self.scale.font(40)
        # the name line as tall as its text needs: the rest of the plate holds the status
        line_h = min(plate.height // 2, self.scale.lines_height(24) + pad) if two_lines else plate.height
        if place.seat is None:
            self._draw_ghost_plate(surface, place, line_h, pad)
            return
        seat = place.seat
        tokens = obs["tokens"][seat]
        points = self.live_points[seat] if seat < len(self.live_points) else tokens["points"]
        score = self.texts.render(tr("{points} pts").format(points=points), self.scale.font(24), GOLD, True)
        name = self.seat_name(seat)
        if seat == self.viewer and self.follow:
            name = tr("{name} (you)").format(name=name)
        title = self.texts.fitted(
            name, self.scale.font(24), max(10, plate.width - 2 * pad - score.get_width() - 8), INK, True
        )
        surface.blit(title, (plate.x + pad, plate.y + (line_h - title.get_height()) // 2))
        surface.blit(
            score, (plate.right - score.get_width() - pad, plate.y + (line_h - score.get_height()) // 2)
        )
        pieces = token_pieces(tokens["stars"], tokens["hearts"], tokens["crystals"])
        pieces.append(("   " + tr("tricks {count}").format(count=tokens["tricks_won"]), INK_DIM))
        status = self._seat_status(seat)
        if status:
            pieces.append((f"  · {status}", GOLD if deciding else INK_DIM))
        line = render_pieces(self.texts, pieces, self.scale.font(20 if place.bottom else 18))
        if line.get_width() > plate.width - 2 * pad:
            scale = (plate.width - 2 * pad) / line.get_width()
            line = pygame.transform.smoothscale(
                line, (max(1, plate.width - 2 * pad), max(1, round(line.get_height() * scale)))
            )
        y = plate.y + line_h + (line_h - line.get_height()) // 2 if two_lines else plate.bottom + 1
        if two_lines:
            surface.blit(line, (plate.x + pad, y))

    def _seat_status(self, seat: int) -> str:
        obs = self.obs
        if obs.get("terminal"):
            return tr("wins") if seat in (obs.get("winners") or []) else ""
        draft = obs.get("draft") or {}
        if obs.get("phase") == "draft":
            done = draft.get("picked_now", [0] * self.players)[seat]
            need = draft.get("picks_per_round", 1)
            if obs.get("current_player") == seat:
                return tr("choosing") if done == 0 else tr("choosing for the ghost")
            return tr("picked ✓") if done >= need else tr("waits to pick")
        if obs.get("current_player") == seat:
            return tr("leads") if not (obs.get("trick") or {}).get("plays") else tr("plays")
        return ""

    def _draw_ghost_plate(self, surface: pygame.Surface, place: Place, line_h: int, pad: int) -> None:
        owner = place.position - self.players
        plate = place.plate
        title = self.texts.fitted(
            ghost_name(owner, self.names), self.scale.font(22), plate.width - 2 * pad, (200, 210, 240), True
        )
        surface.blit(title, (plate.x + pad, plate.y + (line_h - title.get_height()) // 2))
        if line_h >= plate.height:
            return
        ghost = next((g for g in self.obs.get("ghosts") or [] if g["owner"] == owner), None)
        pile = ghost["pile"] if ghost else 0
        sub = tr("{count} in the pile · plays its top card · scores nothing").format(count=pile)
        room = max(1, plate.bottom - plate.y - line_h - 2)
        width = plate.width - 2 * pad
        label = self.texts.block(sub, self.scale.font(16), width, room, INK_DIM, separator=" · ")
        surface.blit(label, (plate.x + pad, plate.y + line_h + max(0, (room - label.get_height()) // 2)))
        known = (self.obs.get("draft") or {}).get("ghost_pile")
        if owner == self.obs.get("seat") and known:
            lead = (
                tr("you gave it: {cards}") if self.obs.get("phase") == "draft" else tr("still in it: {cards}")
            )
            text = lead.format(cards=" ".join(str(v) for v in known))
            label = self.texts.fitted(text, self.scale.font(15), plate.width, INK_DIM)
            surface.blit(label, (plate.x, place.hand.bottom + 2))

    def _draw_trick(self, surface: pygame.Surface) -> None:
        obs = self.obs
        box = self.trick_box
        chapter = obs.get("chapter", 1)
        status = self._status_line()
        label = self.texts.fitted(status, self.scale.font(24), box.width - 2 * self.margin, INK, True)
        surface.blit(label, label.get_rect(midtop=(box.centerx, box.y + self.margin // 2)))
        if chapter == 1:
            self._draw_draft_help(surface)
            return
        slots = self.trick_slots()
        centres = self.slot_centres()
        played = dict(enumerate(self.trick_plays))
        winning = None
        if self.trick_plays:
            winning = max(range(len(self.trick_plays)), key=lambda i: _value(self.trick_plays[i][1]))
        result = self.trick_result
        cw, ch = self.trick_card
        font = self.scale.font(18)
        # a slot's label may take the slot's whole step, and two lines down to the trick box's bottom
        step = centres[1][0] - centres[0][0] if len(centres) > 1 else cw * 1.25
        tag_h = self.scale.lines_height(18)
        for i, centre in enumerate(centres):
            rect = pygame.Rect(0, 0, cw, ch)
            rect.center = (round(centre[0]), round(centre[1]))
            position = played[i][0] if i in played else (slots[i] if i < len(slots) else None)
            if i == winning:
                glow = rect.inflate(self.scale.px(16, 4), self.scale.px(16, 4))
                surface.blit(
                    self.panels.get(glow.size, (255, 214, 90, 150), self.scale.px(14, 3)), glow.topleft
                )
            elif i not in played:
                next_up = i == len(self.trick_plays) and not obs.get("terminal")
                pygame.draw.rect(
                    surface,
                    GOLD if next_up else INK_DIM,
                    rect,
                    max(1, self.scale.px(2)),
                    border_radius=self.scale.px(10, 2),
                )
            name = position_name(position, self.players, self.names) if position is not None else ""
            colour = GOLD if i == winning else INK if i in played else INK_DIM
            room = box.bottom - rect.bottom - 3 - (tag_h if i == winning else 0)
            text = self.texts.block(
                f"{i + 1}. {name}", font, round(max(cw * 1.25, step - 4)), room, colour, i == winning
            )
            surface.blit(text, text.get_rect(midtop=(rect.centerx, rect.bottom + 3)))
            if i == winning:  # on a line of its own: the name stays whole
                tag = self.texts.render(tr("wins") if result is not None else tr("winning"), font, GOLD, True)
                surface.blit(tag, tag.get_rect(midtop=(rect.centerx, rect.bottom + 3 + text.get_height())))

    def _draw_draft_help(self, surface: pygame.Surface) -> None:
        obs = self.obs
        draft = obs.get("draft") or {}
        box = self.trick_box
        lines = [
            tr("Keep 1 card of the packet you hold, face down; the rest goes to your left."),
            tr("Then 1 more for your ghost's pile.")
            if self.ghosts
            else (
                tr("Keep 4 of 8; the other 4 leave the game. Then 8 new cards.")
                if self.players == 3
                else tr("The last card of each packet leaves the game.")
            ),
            tr("Your picks become your hand in Chapter II. Hover a card to read its abilities."),
        ]
        y = box.y + self.status_h + self.margin * 2
        for line in lines:
            label = self.texts.fitted(line, self.scale.font(20), box.width - 4 * self.margin, INK_DIM)
            surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
            y += label.get_height() + self.margin // 2
        ring = [self.seat_name((self.bottom_seat + i) % self.players) for i in range(self.players + 1)]
        label = self.texts.fitted(
            tr("Packets go to the left: {ring}").format(ring=" → ".join(ring)),
            self.scale.font(20),
            box.width - 4 * self.margin,
            INK,
        )
        surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
        y += label.get_height() + self.margin // 2
        picked = draft.get("pick_counts") or []
        counts = " · ".join(f"{self.seat_name(s)} {picked[s]}" for s in range(len(picked)))
        label = self.texts.fitted(
            tr("Cards kept: {counts}").format(counts=counts),
            self.scale.font(20),
            box.width - 4 * self.margin,
            INK,
        )
        surface.blit(label, label.get_rect(midtop=(box.centerx, y + self.margin)))

    def _status_line(self) -> str:
        obs = self.obs
        if obs.get("terminal"):
            return tr("Chapter III: the count")
        chapter = obs.get("chapter", 1)
        decider = obs.get("current_player")
        who = self.seat_name(decider) if decider is not None else ""
        if chapter == 1:
            d = obs.get("draft") or {}
            head = tr("Chapter I · the draft · deal {deal} of {deals} · round {round} of {rounds}").format(
                deal=d.get("deal", 0) + 1,
                deals=d.get("deals", 1),
                round=d.get("round", 0) + 1,
                rounds=d.get("rounds", 1),
            )
            return tr("{head} · {name} chooses").format(head=head, name=who) if who else head
        trick = obs.get("trick") or {}
        total = 8 if self.players <= 3 else 7
        result = self.trick_result
        if result is not None and len(self.trick_plays) == len(self.order()):
            winner = position_name(result.winner, self.players, self.names)
            return tr("Chapter II · trick {number} of {total} · {name} wins it").format(
                number=result.number, total=total, name=winner
            )
        head = tr("Chapter II · trick {number} of {total}").format(number=trick.get("number", 1), total=total)
        if not who:
            return head
        if not trick.get("plays"):
            leads = trick.get("leader")
            if leads is not None and leads != decider:
                return tr("{head} · {name} plays").format(head=head, name=who)
            if obs.get("last_trick"):
                return tr("{head} · {name} leads (won the last trick)").format(head=head, name=who)
            return tr("{head} · {name} leads (is the start player)").format(head=head, name=who)
        return tr("{head} · {name} plays next").format(head=head, name=who)

    def _draw_piles(self, surface: pygame.Surface) -> None:
        font = self.scale.font(16)
        below = self.deck_at[1] + self.pile_card[1] / 2 + 2
        for text, at in (
            (tr("Deck {count}").format(count=self.obs.get("deck_count", 0)), self.deck_at),
            (tr("Out {count}").format(count=self.obs.get("out_count", 0)), self.out_at),
        ):
            label = self.texts.fitted(text, font, self.pile_card[0] * 2, INK_DIM)
            surface.blit(label, label.get_rect(midtop=(at[0], below)))

    def _draw_rows_labels(self, surface: pygame.Surface) -> None:
        place = self.places.get(self.bottom_seat)
        if place is None:
            return
        chapter = self.obs.get("chapter", 1)
        text = (
            tr("Your picks (face down to the others)") if chapter == 1 else tr("Your cards in front of you")
        )
        short = tr("Picks") if chapter == 1 else tr("Cards in front")
        if not place.bottom or self.viewer is None:
            text = short
        # left of the cards, which lie centred in the row: the shorter wording, or none, as they spread
        zones = (f"picks:{self.bottom_seat}", f"display:{self.bottom_seat}")
        lefts = [pygame.Rect(s.rect).left for s in self.layer if s.shown and s.zone in zones]
        room = min(lefts, default=place.row.right) - place.row.x - self.margin * 2
        if not self.texts.fits(short, self.scale.font(15), room):
            return
        label = self.texts.fitted_first([text, short], self.scale.font(15), room, INK_DIM)
        surface.blit(label, (place.row.x + self.margin, place.row.y + 2))

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        prompt, mine = self.prompt_text()
        self.draw_prompt(surface, prompt, mine, self.prompt_y, fill=(10, 10, 22, 210))

    def prompt_text(self) -> tuple[str, bool]:
        obs = self.obs
        if obs.get("terminal"):
            return self.in_words(obs.get("result") or tr("The game is over")), False
        decider = obs.get("current_player")
        prompt = self.in_words(obs.get("prompt") or "")
        if decider is not None and decider == self.viewer and self.legal:
            return prompt, True
        if decider is None:
            return prompt, False
        return tr("Waiting for {name}, who {why}").format(
            name=self.seat_name(decider), why=self._why(decider)
        ), False

    def _why(self, decider: int) -> str:
        """Why `decider` is the one to decide now, as the end of a sentence."""
        obs = self.obs
        if obs.get("phase") == "draft":
            done = (obs.get("draft") or {}).get("picked_now", [0] * self.players)[decider]
            return (
                tr("chooses a card for the ghost pile")
                if done
                else tr("chooses a card to keep from the packet")
            )
        if (obs.get("trick") or {}).get("plays"):
            return tr("plays next to the trick")
        return (
            tr("won the last trick and leads")
            if obs.get("last_trick")
            else tr("is the start player and leads")
        )

    def _draw_info(self, surface: pygame.Surface) -> None:
        box = self.info_box
        pad = self.scale.px(6, 2)
        size = self.scale.font(17)
        last = self.obs.get("last_trick")
        y = box.y + pad
        if not last:
            text = (
                tr("Rewards of each trick show here") if self.obs.get("chapter") == 1 else tr("No trick yet")
            )
            label = self.texts.block(text, size, box.width - 2 * pad, box.height - 2 * pad, INK_DIM)
            surface.blit(label, (box.x + pad, y))
            return
        winner = position_name(last["winner"], self.players, self.names)
        card = next((p["card"] for p in last["plays"] if p["position"] == last["winner"]), None)
        head = self.texts.block(  # whole, on two lines in a narrow box
            tr("Trick {number}: {name} won with {card}").format(
                number=last["trick"], name=winner, card=card_label(card)
            ),
            size,
            box.width - 2 * pad,
            box.height // 3,
            GOLD,
            True,
        )
        surface.blit(head, (box.x + pad, y))
        y += head.get_height() + 2
        for gain in last.get("gains") or []:
            if y + size > box.bottom:
                break
            room = box.width - 2 * pad
            line = render_pieces(self.texts, gain_pieces(gain, self.names), size, max_width=room)
            if line.get_width() > room:  # even the smallest size is too wide: cut at the box's edge
                line = line.subsurface((0, 0, room, line.get_height()))
            surface.blit(line, (box.x + pad, y))
            y += line.get_height() + 1

    def draw_over(self, surface: pygame.Surface) -> None:
        if not self.obs:
            return
        if self.trick_result is not None and self.obs.get("chapter") == 2:
            self._draw_trick_result(surface, self.trick_result)
        if self.sheet is None and self.obs.get("terminal") and self.obs.get("breakdown"):
            self.sheet = score_sheet(self.obs, self.names)
        if self.sheet is not None and self.obs.get("terminal") and not isinstance(self.banner, SheetBanner):
            self._draw_sheet(surface, self.sheet, self.sheet.steps)
            return

    def draw_banner(self, surface: pygame.Surface, banner: Banner) -> None:
        if isinstance(banner, SheetBanner) and banner.sheet is not None:
            self._draw_sheet(surface, banner.sheet, banner.rows_shown())
        elif not isinstance(banner, TrickBanner):  # a won trick shows beside its cards (draw_over)
            super().draw_banner(surface, banner)

    def _draw_trick_result(self, surface: pygame.Surface, result: TrickResult) -> None:
        """The rewards of the trick just won, beside its cards (and after they went, until the next
        trick begins)."""
        box = self.result_box
        key = (result.number, language(), box.size)
        if self._result_cache is None or self._result_cache[0] != key:
            self._result_cache = (key, self._trick_result_panel(result))
        panel = self._result_cache[1]
        surface.blit(panel, panel.get_rect(midleft=(box.x, round(self.trick_y))))

    def _trick_result_panel(self, result: TrickResult) -> pygame.Surface:
        box = self.result_box
        pad = self.scale.px(10, 3)
        room = max(20, box.width - 2 * pad)
        size = self.scale.font(18)
        lines = [self.texts.fitted(tr("Trick {number}").format(number=result.number), size, room, INK_DIM)]
        lines.append(self.texts.fitted(self.in_words(result.title), size, room, GOLD, True))
        for gain in result.gains[:7]:
            line = render_pieces(self.texts, gain_pieces(gain, self.names), size, max_width=room)
            if line.get_width() > room:
                scale = room / line.get_width()
                line = pygame.transform.smoothscale(line, (room, max(1, round(line.get_height() * scale))))
            lines.append(line)
        if not result.gains:
            lines.append(self.texts.fitted(tr("no other rewards"), size, room, INK_DIM))
        width = max(s.get_width() for s in lines) + 2 * pad
        height = min(box.height, sum(s.get_height() + 2 for s in lines) + 2 * pad)
        panel = self.panels.get((width, height), (12, 10, 24, 225), self.scale.px(10, 3)).copy()
        pygame.draw.rect(
            panel, GOLD, panel.get_rect(), max(1, self.scale.px(2)), border_radius=self.scale.px(10, 3)
        )
        y = pad
        for line in lines:
            if y + line.get_height() > height - pad // 2:
                break
            panel.blit(line, (pad, y))
            y += line.get_height() + 2
        return panel

    def _draw_sheet(self, surface: pygame.Surface, sheet: ScoreSheet, shown: int) -> None:
        w, h = surface.get_size()
        u = self.scale.unit
        wanted = round(u * (150 + 40 * (sheet.steps + 3)))  # title, names, rows, totals and the hint
        columns = max(1, len(sheet.columns))
        size = (
            max(10, min(round(w * 0.86), round(u * (60 + 420 * columns)))),
            max(10, min(round(h * 0.86), wanted)),
        )
        key = (id(sheet), shown, size)
        if self._sheet_cache is None or self._sheet_cache[0] != key:
            self._sheet_cache = (
                key,
                draw_score_sheet(self.texts, self.panels, sheet, shown, size, self.scale.unit),
            )
        image = self._sheet_cache[1]
        surface.blit(image, image.get_rect(center=(w // 2, round(h * 0.43))))

    def panel_rects(self) -> dict[str, pygame.Rect]:
        found = super().panel_rects()
        for key, place in self.places.items():
            found |= {f"plate {key}": place.plate, f"hand {key}": place.hand, f"row {key}": place.row}
        found["trick"] = self.trick_box
        found["info"] = self.info_box
        return found

    def card_notes(self, sprite: CardSprite) -> list[str]:
        """The attribute icon under the pointer, by name (the card's abilities are its rule text)."""
        value = _value(sprite.card)
        if value <= 0 or not pygame.Rect(sprite.rect).collidepoint(self.mouse):
            return []
        attribute = self._attribute_at(sprite, value)
        if attribute is None:
            return []
        from game.three_chapters.cards import default_cards

        name = default_cards().attribute_label(attribute)
        return [tr("The icon under the pointer: {attribute}").format(attribute=name)]

    def card_action(self, sprite: CardSprite) -> str | None:
        """A hand card that is not offered: the play (or the draft's pick) it would be."""
        if sprite.card is None or sprite.zone != f"hand:{self.bottom_seat}":
            return None
        kinds = {a.split()[0] for a in self.legal}
        kind = next((k for k in ("play", "pick", "ghost") if k in kinds), None)
        return f"{kind} {sprite.card}" if kind else None

    def _attribute_at(self, sprite: CardSprite, value: int) -> str | None:
        from game.three_chapters.cards import ATTRIBUTES, default_cards

        rect = sprite.rect
        if rect.h < 60:
            return None
        centre, half = ICON_ROW
        if abs((self.mouse[1] - rect.y) / rect.h - centre) > half:
            return None
        attrs = [a for a in ATTRIBUTES if a in default_cards().cards[value].attributes]
        step = next(s for limit, s in sorted(ICON_STEP.items()) if len(attrs) <= limit) * rect.w / 400
        x0 = rect.centerx - step * (len(attrs) - 1) / 2
        index = round((self.mouse[0] - x0) / step)
        if 0 <= index < len(attrs) and abs(self.mouse[0] - (x0 + index * step)) <= step / 2:
            return attrs[index]
        return None


def _says(text: Text, msgid: str) -> bool:
    """Whether the engine said `msgid` (events are told apart by what they say, not by its words)."""
    return isinstance(text, Message) and text.msgid == msgid


def _value(card: str | None) -> int:
    try:
        return int(card or 0)
    except ValueError:
        return 0


__all__ = ["ThreeChaptersTable"]
