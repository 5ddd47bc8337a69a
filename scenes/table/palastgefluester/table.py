"""The Palastgeflüster table.

The seat on screen sits at the bottom (hand fanned face up, display row above it); the others sit
across the top, each with a name plate, the backs of their hand and their display row. In the middle:
the King stack and the current King card, the draw and discard piles, and who plays next and why.
Every decision of the game is a click on the table: a hand card, a display card, a name plate or a
count button, offered only where `match.legal_actions()` has a matching action text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.core import (
    CardMoved,
    CardsRevealed,
    Event,
    GameEnded,
    RoundEnded,
    ScoreChanged,
    Shuffled,
    TurnChanged,
)
from game.i18n import join_words, ntr, tr
from game.palastgefluester.cards import (
    KING_PERSONS,
    card_person,
    card_words,
    colour_label,
    deck,
    person_label,
)
from scenes.colour_marks import mark
from scenes.colour_vision import seat_colour
from scenes.table.kit import BANNER_SECONDS, Banner, TableScene, Target
from scenes.table.kit.animation import Hold
from scenes.table.kit.cards import CardSprite, Placement
from scenes.table.kit.layout import card_size, fanned_hand, row_centers
from scenes.table.kit.paint import GOLD, INK, INK_DIM, Button, blocked_badge, triangle_marker
from scenes.table.kit.zones import Entry

if TYPE_CHECKING:
    pass

DISPLAY_SLOTS = 6  # a row never holds more: the sixth different person ends the round
PILE_SHOWN = 3  # cards drawn of a pile (the rest lie hidden beneath)


def card_label(card: str | None) -> str:
    """A person card with its colour in the chosen language ("Zofe (Rot)"), or "a card" for a hidden one."""
    if not card:
        return tr("a card")
    return card_words(card).text()


@dataclass
class SeatArea:
    """Where one seat's things lie."""

    plate: pygame.Rect
    row: pygame.Rect  # the display row
    hand: pygame.Rect  # the hand (backs for others, the fan for the seat on screen)
    row_card: tuple[int, int]
    hand_card: tuple[int, int]
    bottom: bool


class PalastgefluesterTable(TableScene):
    game_id = "palastgefluester"

    def __init__(self, app, match, **kwargs: Any) -> None:
        super().__init__(app, match, **kwargs)
        self.areas: dict[int, SeatArea] = {}
        self.live_points: list[int] = []
        self.decider_why: tuple[int, str] | None = None  # the last TurnChanged: (seat, its reason)
        self._collect_next_shuffle = False  # a round ended: the next shuffle gathers every card
        self._badges: dict[tuple[int, int], pygame.Surface] = {}

    # -- seats -------------------------------------------------------------------------------------
    # -- zones -------------------------------------------------------------------------------------
    def wanted_zones(self, obs: dict[str, Any]) -> dict[str, list[str | None]]:
        zones: dict[str, list[str | None]] = {}
        seat = obs.get("seat")
        for s in range(obs["players"]):
            if s == seat and obs.get("hand") is not None:
                zones[f"hand:{s}"] = list(obs["hand"])
            else:
                zones[f"hand:{s}"] = [None] * obs["hand_counts"][s]
            zones[f"display:{s}"] = list(obs["displays"][s])
        zones["draw"] = [None] * obs["draw_count"]
        zones["discard"] = [None] * obs["discard_count"]
        zones["king_stack"] = [None] * obs["king_stack_count"]
        zones["king_revealed"] = list(obs["king_revealed"])
        self.live_points = list(obs["points"])
        return zones

    def initial_deal(self, obs: dict[str, Any]) -> tuple[dict[str, list[str | None]], list[CardMoved]]:
        if obs.get("round") != 1 or obs.get("plays_this_round") or any(obs["displays"]):
            return {}, []
        start = self.wanted_zones(obs)
        dealt = sum(obs["hand_counts"])
        start["draw"] = [None] * (obs["draw_count"] + dealt)
        moves: list[CardMoved] = []
        hands = {s: list(start[f"hand:{s}"]) for s in range(obs["players"])}
        for s in hands:
            start[f"hand:{s}"] = []
        for k in range(max(obs["hand_counts"], default=0)):
            for s, cards in hands.items():
                if k < len(cards):
                    moves.append(CardMoved(card=cards[k], src="draw", dst=f"hand:{s}", face_up=False))
        return start, moves

    def play_shuffle(self, event: Shuffled) -> None:
        if event.zone == "king_stack":
            self.model.gather(["king_revealed"], "king_stack")
        elif event.zone == "draw" and self._collect_next_shuffle:
            self.model.gather(
                [z for z in self.model.zones if z.startswith(("hand:", "display:"))] + ["discard"], "draw"
            )
        elif event.zone == "draw":
            self.model.gather(["discard"], "draw")

    # -- layout ------------------------------------------------------------------------------------
    def compute_layout(self) -> None:
        w, h = self.scale.width, self.scale.height
        aspect = self.app.art.aspect(self.game_id)
        m = max(2, round(min(w, h) * 0.012))
        self.margin = m
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
                min(h * 0.17, top_h - row_top), aspect, max_width=(cw - m * 2) / (DISPLAY_SLOTS - 0.8)
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
        own_card = card_size(h * 0.13, aspect, max_width=w * 0.5 / (DISPLAY_SLOTS + 0.5))
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
        own_card = card_size(h * 0.13, aspect, max_width=(w - m * 4 - self.strip_w) / (DISPLAY_SLOTS + 0.5))
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
        persons = sorted(set(deck(self.players)))
        kings = [f"king/{p}" for p in KING_PERSONS]
        face_sizes = {a.row_card for a in self.areas.values()} | {a.hand_card for a in self.areas.values()}
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

    def style(self, sprite: CardSprite) -> None:
        if sprite.zone.startswith("king"):
            sprite.back_kind = "king_back"
            sprite.art_id = f"king/{sprite.card}" if sprite.card else None
        else:
            sprite.back_kind = "back"
            sprite.art_id = sprite.card

    def reveal_card_size(self) -> tuple[int, int]:
        area = self.areas.get(self.bottom_seat)
        return area.hand_card if area is not None else super().reveal_card_size()

    def art_id_for(self, card: str, zone: str) -> str:
        return f"king/{card}" if zone.startswith("king") else card

    def decorate(self) -> None:
        blocked = self.obs.get("blocked")
        chosen = Counter((self.obs.get("zauberer") or {}).get("chosen") or [])
        own = f"hand:{self.bottom_seat}"
        first = (self.obs.get("mundschenk") or {}).get("first") or {}
        first_zone = f"display:{first['seat']}" if first else None
        for sprite in sorted(self.layer, key=lambda s: s.uid):
            person = card_person(sprite.card) if sprite.card else None
            sprite.marked = (
                bool(blocked) and person == blocked and sprite.zone.startswith(("hand:", "display:"))
            )
            sprite.selected = sprite.zone == first_zone and person == first.get("person")
            if sprite.zone == own and sprite.card and chosen[sprite.card] > 0:
                chosen[sprite.card] -= 1
                sprite.selected = True

    def badge(self, size: tuple[int, int]) -> pygame.Surface:
        badge = self._badges.get(size)
        if badge is None:
            badge = self._badges[size] = blocked_badge(size)
        return badge

    def panel_rects(self) -> dict[str, pygame.Rect]:
        found = super().panel_rects()
        for seat, area in self.areas.items():
            found |= {f"plate {seat}": area.plate, f"row {seat}": area.row, f"hand {seat}": area.hand}
        found["centre"] = self.centre_box
        return found

    def card_notes(self, sprite: CardSprite) -> list[str]:
        """Whether the current King card blocks this person's action, and whose card it is."""
        blocked = self.obs.get("blocked")
        if sprite.zone.startswith("king"):
            if blocked and sprite.zone == "king_revealed" and sprite.card == blocked:
                on_top = tr("It lies on top: {card} has no action now.")
                return [on_top.format(card=person_label(blocked, "nom"))]
            return []
        person = card_person(sprite.card) if sprite.card else None
        notes = []
        if blocked and person == blocked:
            notes.append(tr("Blocked: the King card shows {card}: no action now.").format(
                card=person_label(person or "", "acc")))
        kind, _, seat = sprite.zone.partition(":")
        if kind == "display" and seat.isdigit():
            notes.append(tr("In {name}'s row.").format(name=self.seat_name(int(seat))))
        return notes

    def card_action(self, sprite: CardSprite) -> str | None:
        """A hand card that is not offered: playing it."""
        own = sprite.zone == f"hand:{self.bottom_seat}"
        return f"play {sprite.card}" if own and sprite.card else None

    # -- choices -----------------------------------------------------------------------------------
    def find_targets(self, legal: list[str]) -> list[Target]:
        targets: list[Target] = []
        own_hand = f"hand:{self.bottom_seat}"
        counts = [a for a in legal if a.startswith("count ")]
        buttons = self._count_buttons(len(counts))
        for action in legal:
            kind, *args = action.split()
            if kind in ("play", "give", "discard") and args:
                for sprite in self._sprites(own_hand, lambda c, a=args[0]: c == a):
                    if not sprite.selected:
                        targets.append(Target(action, uid=sprite.uid, draggable=kind == "play"))
            elif kind in ("target", "next") and args:
                area = self.areas.get(int(args[0]))
                if area is not None:
                    targets.append(Target(action, rect=area.plate))
                    targets.append(Target(action, rect=area.row))
            elif kind == "count" and args:
                targets.append(Target(action, rect=buttons.pop(0), label=str(args[0])))
            elif kind in ("pick", "swap") and len(args) == 2:
                for sprite in self._sprites(f"display:{args[0]}", lambda c, p=args[1]: card_person(c) == p):
                    targets.append(Target(action, uid=sprite.uid))
            elif kind == "take" and args:
                for sprite in self._sprites(
                    f"display:{self.bottom_seat}", lambda c, p=args[0]: card_person(c) == p
                ):
                    targets.append(Target(action, uid=sprite.uid))
            else:  # an action this table has no place for still gets a button: nothing is unreachable
                rect = pygame.Rect(0, 0, self.scale.px(260, 40), self.scale.px(44, 14))
                rect.midtop = (self.scale.width // 2, self.centre_box.bottom + len(targets) * rect.height)
                targets.append(Target(action, rect=rect, label=action))
        return targets

    def _sprites(self, zone: str, test) -> list[CardSprite]:
        return [s for s in self.layer if s.zone == zone and s.card is not None and test(s.card)]

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

    def hand_zone(self) -> str | None:
        return f"hand:{self.bottom_seat}"

    def drop_rect(self) -> pygame.Rect | None:
        area = self.areas.get(self.bottom_seat)
        return area.row.inflate(0, area.row.height) if area else None

    # -- events ------------------------------------------------------------------------------------
    def banner_for(self, event: Event) -> Banner | None:
        if isinstance(event, RoundEnded):
            lines = [self.in_words(event.text)]
            if event.scorers:
                names = join_words([self.seat_name(s) for s in event.scorers])
                lines.append(tr("1 point for {names}").format(names=names))
            title = tr("Round {number} over").format(number=self.obs.get("round", ""))
            return Banner(title, lines, Hold(BANNER_SECONDS * self.speed))
        if isinstance(event, GameEnded):
            lines = [self.in_words(event.text)]
            return Banner(tr("Game over"), lines, Hold(BANNER_SECONDS * self.speed))
        return None

    def describe(self, event: Event) -> str | None:
        return self._event_line(event)

    def remember(self, event: Event) -> None:
        if isinstance(event, ScoreChanged) and 0 <= event.seat < len(self.live_points):
            self.live_points[event.seat] = int(event.new)
        elif isinstance(event, TurnChanged):
            self.decider_why = (event.seat, event.reason)
        elif isinstance(event, (RoundEnded, GameEnded)):
            self.decider_why = None
            if isinstance(event, RoundEnded):
                self._collect_next_shuffle = True
        elif isinstance(event, Shuffled) and event.zone == "draw":
            self._collect_next_shuffle = False

    def reset_memory(self) -> None:
        self._collect_next_shuffle = False
        self.decider_why = None

    def why_line(self) -> str | None:
        """Why the seat deciding now decides, as the event that gave it the decision said (None when
        that seat is not the one the reason was given for: a reason never outlives its decision)."""
        why = self.decider_why
        decider = self.obs.get("current_player")
        if why is None or not why[1] or decider is None or why[0] != decider or self.obs.get("terminal"):
            return None
        return self.in_words(why[1])

    def round_title(self, event: Event, previous: Event | None, rounds: int) -> str | None:
        """A round begins with its deal: the points of the round before stay with it."""
        new_deal = isinstance(event, Shuffled) and event.zone == "draw" and self._collect_next_shuffle
        return tr("Round {number}").format(number=rounds + 1) if previous is None or new_deal else None

    def _event_line(self, event: Event) -> str | None:
        if isinstance(event, ScoreChanged):
            points = int(event.new)
            template = ntr("{name} now has {n} point", "{name} now has {n} points", points)
            return template.format(name=self.seat_name(event.seat), n=points)
        if isinstance(event, CardMoved):
            return self._describe_move(event)
        if isinstance(event, CardsRevealed):
            return tr("{name} shows the hand: {cards}").format(
                name=self.seat_name(event.seat), cards=", ".join(card_label(c) for c in event.cards)
            )
        if isinstance(event, TurnChanged):
            name = self.seat_name(event.seat)
            if event.reason:
                return tr("{name} decides ({reason})").format(name=name, reason=self.in_words(event.reason))
            return tr("{name} decides").format(name=name)
        if isinstance(event, Shuffled):
            if event.zone == "king_stack":
                return tr("All King cards are shuffled into a new stack")
            if self._collect_next_shuffle:
                return tr("New round: every card is shuffled and 6 are dealt to each player")
            return tr("The discard pile is shuffled into a new draw pile")
        if isinstance(event, (RoundEnded, GameEnded)):
            return self.in_words(event.text)
        return None

    def _describe_move(self, event: CardMoved) -> str | None:
        src_kind, _, src_seat = event.src.partition(":")
        dst_kind, _, dst_seat = event.dst.partition(":")
        who = self.seat_name(int(src_seat)) if src_seat.isdigit() else ""
        card = card_label(event.card)
        if src_kind == "hand" and dst_kind == "display":
            return tr("{name} plays {card}").format(name=who, card=card)
        if src_kind == "display" and dst_kind == "hand":
            return tr("{name} takes {card} back into the hand").format(name=who, card=card)
        if src_kind == "display" and dst_kind == "display":
            to = self.seat_name(int(dst_seat))
            return tr("{card} moves to {name}'s display").format(card=card, name=to)
        if src_kind == "hand" and dst_kind == "hand":
            return tr("{name} and {other} swap cards").format(name=who, other=self.seat_name(int(dst_seat)))
        if src_kind == "hand" and event.dst == "discard":
            return tr("{name} discards a card").format(name=who)
        if event.src == "king_stack":
            blocked = person_label(event.card or "", "nom")
            return tr("King card: {card} has no action now").format(card=blocked)
        return None

    # -- drawing -----------------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        for area in self.areas.values():
            surface.blit(self.panels.get(area.row.size, (0, 0, 0, 60), self.scale.px(8, 2)), area.row.topleft)
        surface.blit(
            self.panels.get(self.log_box.size, (0, 0, 0, 110), self.scale.px(8, 2)), self.log_box.topleft
        )

    def draw_under(self, surface: pygame.Surface) -> None:
        obs = self.obs
        if not obs:
            return
        for seat, area in self.areas.items():
            self._draw_plate(surface, seat, area)
            name, colour = self.seat_colour(seat)
            strip = pygame.Rect(area.row.x, area.row.y, self.strip_w, area.row.height)
            pygame.draw.rect(
                surface,
                colour,
                strip,
                border_top_left_radius=self.scale.px(8, 2),
                border_bottom_left_radius=self.scale.px(8, 2),
            )
            side = min(strip.width - 4, strip.height - 4)
            if side >= 6:
                surface.blit(mark(name, colour, side), (strip.centerx - side // 2, strip.y + 2))
        self._draw_piles(surface)
        self._draw_centre(surface)
        self._draw_prompt(surface)
        self.draw_log(surface, self.log_box)

    def _draw_plate(self, surface: pygame.Surface, seat: int, area: SeatArea) -> None:
        obs = self.obs
        plate = area.plate
        deciding = obs.get("current_player") == seat and not obs.get("terminal")
        surface.blit(self.panels.get(plate.size, (14, 18, 24, 215), self.scale.px(8, 2)), plate.topleft)
        name, colour = self.seat_colour(seat)
        swatch = pygame.Rect(plate.x, plate.y, max(4, min(plate.height, self.strip_w + 6)), plate.height)
        pygame.draw.rect(
            surface,
            colour,
            swatch,
            border_top_left_radius=self.scale.px(8, 2),
            border_bottom_left_radius=self.scale.px(8, 2),
        )
        side = min(swatch.width, swatch.height) - 4
        if side >= 6:  # the colour's shape: never the hue alone
            badge = mark(name, colour, side)
            surface.blit(badge, badge.get_rect(center=swatch.center))
        if deciding:
            pygame.draw.rect(surface, GOLD, plate, self.scale.px(4, 2), border_radius=self.scale.px(8, 2))
            if plate.x > plate.height // 2:
                triangle_marker(surface, (plate.x - 2, plate.centery), plate.height * 0.35)
        pad = swatch.width + self.scale.px(10, 2)
        points = self.live_points[seat] if seat < len(self.live_points) else obs["points"][seat]
        score = self.texts.render(f"{points}/{obs['target']}", self.scale.font(26), GOLD, True)
        name = self.seat_name(seat)
        if seat == self.viewer and self.follow:
            name = tr("{name} (you)").format(name=name)
        line_h = plate.height // 2 if plate.height >= self.scale.font(40) else plate.height
        title = self.texts.fitted(
            name, self.scale.font(24), max(10, plate.width - pad - score.get_width() - 12), INK, True
        )
        surface.blit(title, (plate.x + pad, plate.y + (line_h - title.get_height()) // 2))
        surface.blit(
            score,
            (
                plate.right - score.get_width() - self.scale.px(10, 2),
                plate.y + (line_h - score.get_height()) // 2,
            ),
        )
        if line_h < plate.height:
            bits = [colour_label(obs["colours"][seat])]
            if not area.bottom:
                bits.append(tr("{count} in hand").format(count=obs["hand_counts"][seat]))
            if obs.get("scoring") == "noted":
                bits.append(tr("noted {count}").format(count=obs["noted"][seat]))
            if deciding:
                bits.append(tr("decides now"))
            room = max(1, plate.bottom - plate.y - line_h - 2)
            width = max(10, plate.width - pad - 6)
            sub = self.texts.block(" · ".join(bits), self.scale.font(18), width, room,
                                   GOLD if deciding else INK_DIM, separator=" · ")
            surface.blit(sub, (plate.x + pad, plate.y + line_h + max(0, (room - sub.get_height()) // 2)))
        if not area.bottom:
            self._draw_known(surface, seat, area)

    def seat_colour(self, seat: int) -> tuple[str, tuple[int, int, int]]:
        """The colour name of `seat` and its RGB in the palette the settings choose."""
        colours = self.obs.get("colours") or []
        name = colours[seat] if 0 <= seat < len(colours) else ""
        return name, seat_colour(name, self.app.settings.colour_vision, INK)

    def _draw_known(self, surface: pygame.Surface, seat: int, area: SeatArea) -> None:
        known = (self.obs.get("known_cards") or {}).get(str(seat)) or []
        if not known or self.playing_back:  # cards are moving: what the observation knew may be gone
            return
        hw, hh = area.hand_card
        size = (hw, hh)
        x = area.hand.x + area.hand.width * 0.5
        label = self.texts.render(tr("known:"), self.scale.font(16), INK_DIM)
        surface.blit(label, (x, area.hand.y))
        x += label.get_width() + 4
        step = (
            min(size[0] + 3, (area.hand.right - x - size[0]) / max(1, len(known) - 1))
            if len(known) > 1
            else 0
        )
        for i, card in enumerate(known):
            surface.blit(
                self.app.art.card(self.game_id, card, size), (x + i * step, area.hand.bottom - size[1])
            )

    def _draw_piles(self, surface: pygame.Surface) -> None:
        obs = self.obs
        pw, ph = self.pile_card
        font = self.scale.font(18)
        below = self.mid_y + ph / 2 + 2
        for text, (x, _) in (
            (tr("Kings {count}").format(count=obs["king_stack_count"]), self.king_stack_at),
            (tr("Draw {count}").format(count=obs["draw_count"]), self.draw_at),
            (tr("Discard {count}").format(count=obs["discard_count"]), self.discard_at),
        ):
            label = self.texts.fitted(text, font, pw + 10, INK_DIM)
            surface.blit(label, label.get_rect(midtop=(x, below)))
        blocked = obs.get("blocked")
        king_text = tr("Blocked: {card}").format(card=person_label(blocked)) if blocked else ""
        king_text = king_text or tr("No King card yet")
        room = self.king_label_room
        label = self.texts.fitted(king_text, font, room.width, GOLD if blocked else INK_DIM, bool(blocked))
        surface.blit(label, label.get_rect(midtop=(self.king_current_at[0], below)).clamp(room))

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.obs:
            self._draw_hand_counts(surface)

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        prompt, mine = self.prompt_text()
        self.draw_prompt(surface, prompt, mine, self.prompt_y, font_size=34)

    def prompt_text(self) -> tuple[str, bool]:
        """The observation's prompt in words: for a seat that is not deciding it already names who decides
        ("Emil plays a card"); the deciding seat's own words ("Play a card") say whose they are when the
        person at the screen may not take the decision."""
        obs = self.obs
        if obs.get("terminal"):
            return self.in_words(obs.get("result") or tr("The game is over")), False
        decider = obs.get("current_player")
        prompt = self.in_words(obs.get("prompt") or "")
        mine = decider is not None and decider == self.viewer and bool(self.legal)
        if mine or decider is None or obs.get("seat") != decider:
            return prompt or tr("Waiting for {name}").format(name=self.seat_name(decider)), mine
        return tr("{name}: {prompt}").format(name=self.seat_name(decider), prompt=prompt), False

    def _draw_hand_counts(self, surface: pygame.Surface) -> None:
        for seat, area in self.areas.items():
            if area.bottom and seat == self.viewer:
                continue
            badge = self.count_badge(len(self.model.zones.get(f"hand:{seat}", ())))
            box = badge.get_rect()
            box.bottomleft = (
                (area.hand.x + 2, area.hand.bottom - 2)
                if not area.bottom
                else (area.hand.centerx, area.hand.y)
            )
            surface.blit(badge, box.topleft)

    def _draw_centre(self, surface: pygame.Surface) -> None:
        obs = self.obs
        box = self.centre_box
        y = box.y + self.margin
        lines: list[tuple[str, tuple[int, int, int], int, bool]] = []
        goal = ntr("Round {round} · first to {n} point", "Round {round} · first to {n} points", obs["target"])
        lines.append((goal.format(round=obs["round"], n=obs["target"]), INK_DIM, 20, False))
        decider = obs.get("current_player")
        if decider is not None:
            lines.append((tr("Now: {name}").format(name=self.seat_name(decider)), INK, 28, True))
        why = self.why_line()
        if why:
            lines.append((tr("Why: {reason}").format(reason=why), INK, 22, False))
        last = obs.get("last_round")
        if last and not obs.get("plays_this_round"):
            said = self.in_words(last.get("text") or "")
            lines.append((tr("Last round: {text}").format(text=said), GOLD, 20, False))
        for i, (text, colour, size, bold) in enumerate(lines):
            # a long line wraps into its share of the height left, rather than being cut
            share = (box.bottom - y) // (len(lines) - i)
            label = self.texts.block(text, self.scale.font(size), box.width, share, colour, bold)
            surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
            y += label.get_height() + 2

