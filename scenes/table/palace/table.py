"""The Palace table.

The seat on screen sits at the bottom: its three face-down cards with the face-up cards on top of
them, and below those its hand, fanned face up. The others sit across the top, each with a name
plate, the backs of their hand (cards everyone saw go there face up) and their own three slots. In
the middle lie the draw pile, the pick-up pile fanned so the top cards and a run of equal ranks read
at a glance (with what must be beaten written beside it), and the burned cards.

Choosing works as with real cards: click cards of one rank to pick them up (they lift and turn blue),
then press Play or click the pile; a single card also plays on a double-click or when dragged onto
the pile. In the swap phase a click on a hand card and one on a face-up card swaps them. Every click
ends in one of `match.legal_actions()`: picking is the table's own state, never an engine action.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.core import CardMoved, Event, GameEnded, Note, TurnChanged
from game.i18n import N_, Seat, message, ntr, tr
from game.palace.cards import DECK, rank_of, rank_param, rank_word
from game.palace.hints import action_words
from game.palace.state import BURNED, NEXT, PICKED_UP, SWAPS
from scenes.table.kit import BANNER_SECONDS, Banner, TableScene, Target
from scenes.table.kit.animation import Hold
from scenes.table.kit.cards import CardSprite, Placement
from scenes.table.kit.layout import card_size, fanned_hand, row_centers
from scenes.table.kit.paint import GOLD, INK, INK_DIM, Button, triangle_marker
from scenes.table.kit.zones import Entry
from scenes.table.palace.panels import PILE_FAN, card_text, need_lines, ordinal, pile_fan, seat_status

SLOTS = 3
BATCH_STAGGER = 0.12  # of a move's time between two cards of a pick-up or a burn
FLASH_SECONDS = 1.1  # the burn flash before the burned cards fly off (at normal speed)
NOTE_SECONDS = 1.5  # a failed blind card or a player going out, before play goes on
DOUBLE_CLICK = 0.45  # seconds between two clicks on one card that play it
BURN_RED = (236, 96, 44)
HIDDEN = Placement((-100.0, -100.0), (4, 6), False, 0, shown=False)


def _first_up(label: str) -> str:
    """A button's label begins with a capital ("Einen König spielen")."""
    return label[:1].upper() + label[1:]


@dataclass
class SeatArea:
    """Where one seat's things lie."""

    plate: pygame.Rect
    hand: pygame.Rect  # the fan (seat on screen) or the row of backs
    slots: pygame.Rect  # the three face-down / face-up slots
    hand_card: tuple[int, int]
    slot_card: tuple[int, int]
    bottom: bool


@dataclass
class Flash(Banner):
    """A burn, a pick-up or a note shown below the pile for a moment (a burn and a pick-up before their
    cards fly)."""

    line: str = ""
    colour: tuple[int, int, int] = INK


class PalaceTable(TableScene):
    game_id = "palace"

    def __init__(self, app, match, **kwargs: Any) -> None:
        super().__init__(app, match, **kwargs)
        self.areas: dict[int, SeatArea] = {}
        self.picked: list[str] = []  # cards the person on screen has picked, in the order picked
        self._pick_key: tuple[Any, ...] | None = None
        self._last_pick: tuple[str, float] = ("", -1.0)
        self.why = ""  # why the current player decides (the last turn change's reason)
        self._turn_seat: int | None = None  # whose turn the last turn change gave
        self._last_move: tuple[str, str] = ("", "")

    @property
    def flash(self) -> Flash | None:
        """The burn, pick-up or note shown below the pile now, if any."""
        return self.banner if isinstance(self.banner, Flash) else None

    # -- flow ----------------------------------------------------------------------------------------
    def bot_pause(self) -> float:
        """An AI's finishing step follows its play at once, without the pause between two moves: the
        play was just shown, and a pause only when it may add cards would tell the table so (PA-R14)."""
        if self.obs.get("phase") == "redraw" and self.match.bot_to_act() is not None:
            return 0.0
        return super().bot_pause()

    # -- zones -------------------------------------------------------------------------------------
    def wanted_zones(self, obs: dict[str, Any]) -> dict[str, list[str | None]]:
        zones: dict[str, list[str | None]] = {}
        own = obs.get("seat")
        self._turn_seat = obs.get(
            "current_player"
        )  # the table is as the observation says (also after an undo)
        for s, info in enumerate(obs["seats"]):
            if s == own:
                zones[f"hand:{s}"] = list(obs["hand"])
            else:
                known = list(info["known"])
                zones[f"hand:{s}"] = [*known, *([None] * (info["hand"] - len(known)))]
            for slot in range(SLOTS):
                up = info["up"][slot]
                zones[f"up:{s}:{slot}"] = [up] if up else []
                zones[f"down:{s}:{slot}"] = [None] if info["down"][slot] else []
        zones["draw"] = [None] * obs["draw"]
        zones["pile"] = list(obs["pile"])
        zones["burned"] = list(obs["burned"])
        return zones

    def initial_deal(self, obs: dict[str, Any]) -> tuple[dict[str, list[str | None]], list[CardMoved]]:
        """Face-down cards, then face-up ones, then the hands, one at a time from the dealer's left."""
        if obs.get("phase") != "swap" or obs["pile"] or obs["burned"]:
            return {}, []
        final = self.wanted_zones(obs)
        start = {zone: [] for zone in final}
        dealt = sum(len(cards) for zone, cards in final.items() if zone != "draw")
        start["draw"] = [None] * (obs["draw"] + dealt)
        n = obs["players"]
        order = [(obs["dealer"] + 1 + i) % n for i in range(n)]
        moves: list[CardMoved] = []
        for kind in ("down", "up"):
            for slot in range(SLOTS):
                for s in order:
                    for card in final[f"{kind}:{s}:{slot}"]:
                        moves.append(CardMoved(card=card, src="draw", dst=f"{kind}:{s}:{slot}"))
        hands = {s: final[f"hand:{s}"] for s in order}
        for k in range(max((len(h) for h in hands.values()), default=0)):
            for s in order:
                if k < len(hands[s]):
                    moves.append(CardMoved(card=hands[s][k], src="draw", dst=f"hand:{s}", face_up=False))
        return start, moves

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
            slot_card = card_size(h * 0.12, aspect, max_width=cw * 0.6 / 3.6)
            slot_h = round(slot_card[1] * 1.14)
            slots_w = round(slot_card[0] * 3.6)
            slots = pygame.Rect(plate.right - slots_w, plate.bottom + m, slots_w, slot_h)
            hand_card = card_size(h * 0.085, aspect, max_width=cw * 0.35 / 2.2)
            hand = pygame.Rect(x, plate.bottom + m, max(4, slots.x - x - m), slot_h)
            self.areas[seat] = SeatArea(plate, hand, slots, hand_card, slot_card, bottom=False)
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
        badge_h = round(self.scale.font(22) * 1.5)  # the count under the cards, not under their backs
        hand = pygame.Rect(plate.x, plate.bottom + m, plate.width, hand_card[1] + m + badge_h)
        slot_card = card_size(h * 0.1, aspect, max_width=plate.width / 4)
        slots_w, slots_h = round(slot_card[0] * 3.6), round(slot_card[1] * 1.14)
        slots = pygame.Rect(plate.centerx - slots_w // 2, hand.bottom + m, slots_w, slots_h)
        return SeatArea(plate, hand, slots, hand_card, slot_card, bottom=False)

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
        slot_card = card_size(max(6, (hand.y - own_top - m) / 1.14), aspect, max_width=w * 0.3 / 3.6)
        slots_w = round(slot_card[0] * 3.6)
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
        slot_card = card_size(h * 0.11, aspect, max_width=w * 0.5 / 3.6)
        slots_w, slots_h = round(slot_card[0] * 3.6), round(slot_card[1] * 1.14)
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
                sizes.add(area.hand_card)
        backs = {a.hand_card for a in self.areas.values()} | {a.slot_card for a in self.areas.values()}
        out: list[tuple[str | None, str, tuple[int, int]]] = [
            (card, "back", size) for size in sorted(sizes) for card in DECK
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
        step = cw * 1.3
        x = area.slots.centerx + (slot - 1) * step
        y = area.slots.y + ch / 2
        if up:  # the face-up card lies on its face-down card, shifted so both are seen
            return Placement((x + cw * 0.1, y + ch * 0.13), area.slot_card, True, 220 + slot)
        return Placement((x - cw * 0.04, y), area.slot_card, False, 210 + slot)

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
        fan = min(count, pile_fan([e.card for e in entries], self.obs.get("options") or {}))
        step = min(self.pile_step, self.pile_rect.width * 0.8 / max(1, fan))
        x0 = self.pile_at[0] - step * (fan - 1) / 2 + self.pile_step
        out = []
        for i in range(count):
            k = i - (count - fan)  # position in the fan; below 0: under its first card
            x = x0 + max(0, k) * step
            out.append(Placement((x, self.pile_at[1]), self.pile_card, True, 400 + i, shown=k >= -1))
        return out

    def style(self, sprite: CardSprite) -> None:
        sprite.back_kind = "back"
        sprite.art_id = sprite.card

    def reveal_card_size(self) -> tuple[int, int]:
        return self.pile_card

    def hand_zone(self) -> str | None:
        return f"hand:{self.bottom_seat}"

    def drop_rect(self) -> pygame.Rect | None:
        return self.pile_rect

    # -- picking -----------------------------------------------------------------------------------
    def _sync_picks(self) -> None:
        """Picks belong to one decision of one person: a new position or another viewer drops them."""
        key = (len(self.match.actions), self.viewer)
        if key != self._pick_key:
            self._pick_key = key
            self.picked = []
            self._last_pick = ("", -1.0)  # a click in the last decision never makes a double-click

    def decorate(self) -> None:
        picked = set(self.picked)
        fresh = set(self.obs.get("fresh") or [])
        own = self.bottom_seat
        for sprite in self.layer:
            mine = sprite.zone == f"hand:{own}" or sprite.zone.startswith(f"up:{own}:")
            sprite.selected = (
                mine
                and sprite.card is not None
                and (sprite.card in picked or (sprite.zone == f"hand:{own}" and sprite.card in fresh))
            )

    def _own_sprites(self, prefix: str) -> list[CardSprite]:
        return sorted(
            (s for s in self.layer if s.zone == prefix or s.zone.startswith(prefix + ":")),
            key=lambda s: (s.zone, s.center[0]),
        )

    def _play_of(self, cards: Sequence[str]) -> str:
        if not cards:
            return ""
        return f"play {len(cards)}x{rank_of(cards[0])}"

    def find_targets(self, legal: list[str]) -> list[Target]:
        self._sync_picks()
        phase = self.obs.get("phase")
        seat = self.bottom_seat
        if phase == "swap":
            targets = self._swap_targets(legal, seat)
        elif phase == "redraw":
            targets = self._redraw_targets(legal)
        else:
            targets = self._play_targets(legal, seat)
        offered = {t.action for t in targets}
        for action in legal:  # an action this table has no place for still gets a button
            if action not in offered and not action.startswith(("play ", "swap ")):
                label = _first_up(action_words(action))
                targets.append(Target(action, rect=pygame.Rect(0, 0, 1, 1), label=label))
        return self._row_buttons(targets)

    def _row_buttons(self, targets: list[Target]) -> list[Target]:
        """The labelled targets side by side, centred below the pile."""
        labelled = [t for t in targets if t.label is not None]
        if not labelled:
            return targets
        w = self.scale.width
        bh = max(14, self.scale.px(48, 14))
        gap = self.scale.px(14, 3)
        widths = [
            min(
                self.scale.px(300, 40),
                max(
                    self.scale.px(150, 30),
                    self.texts.fitted(t.label or "", self.scale.font(24), w, INK, True).get_width()
                    + self.scale.px(36, 8),
                ),
            )
            for t in labelled
        ]
        total = sum(widths) + gap * (len(widths) - 1)
        if total > w - 2 * self.margin:
            shrink = (w - 2 * self.margin - gap * (len(widths) - 1)) / max(1, sum(widths))
            widths = [max(10, int(bw * shrink)) for bw in widths]
            total = sum(widths) + gap * (len(widths) - 1)
        x = (w - total) // 2
        for target, bw in zip(labelled, widths, strict=True):
            target.rect = pygame.Rect(x, self.action_y - bh // 2, bw, bh)
            x += bw + gap
        return targets

    def _swap_targets(self, legal: list[str], seat: int) -> list[Target]:
        swaps = [a.split()[1:] for a in legal if a.startswith("swap ")]
        hand_cards = {h for h, _ in swaps}
        up_cards = {u for _, u in swaps}
        picked = self.picked[0] if self.picked else None
        targets: list[Target] = []
        for sprite in self._own_sprites(f"hand:{seat}") + self._own_sprites(f"up:{seat}"):
            card = sprite.card
            if card is None:
                continue
            in_hand = sprite.zone.startswith("hand:")
            if picked is not None and card != picked:
                pair = f"swap {picked} {card}" if in_hand is False else f"swap {card} {picked}"
                if pair in legal:
                    targets.append(Target(pair, uid=sprite.uid))
                    continue
            if card in (hand_cards if in_hand else up_cards):
                targets.append(Target(f"pick {card}", uid=sprite.uid))
        if "ready" in legal:
            targets.append(Target("ready", rect=pygame.Rect(0, 0, 1, 1), label=tr("Ready: start playing")))
        return targets

    def _redraw_targets(self, legal: list[str]) -> list[Target]:
        targets = []
        for action in legal:
            if action.startswith("play "):
                count, _, rank = action[5:].partition("x")
                label = _first_up(tr("Add {what}").format(what=rank_word(rank, int(count))))
                targets.append(Target(action, rect=pygame.Rect(0, 0, 1, 1), label=label))
            elif action == "pass":
                fresh = len(self.obs.get("fresh") or [])
                label = ntr("Keep it", "Keep them", fresh)
                targets.append(Target(action, rect=pygame.Rect(0, 0, 1, 1), label=label))
        return targets

    def panel_rects(self) -> dict[str, pygame.Rect]:
        found = super().panel_rects()
        for seat, area in self.areas.items():
            found |= {f"plate {seat}": area.plate, f"hand {seat}": area.hand, f"slots {seat}": area.slots}
        found["pile"] = self.pile_rect
        found["need"] = self.need_box
        return found

    def card_action(self, sprite: CardSprite) -> str | None:
        """An own card that is not offered: playing it alone."""
        seat = self.bottom_seat
        own = sprite.zone in (f"hand:{seat}", f"up:{seat}")
        return f"play 1x{rank_of(sprite.card)}" if own and sprite.card else None

    def _play_targets(self, legal: list[str], seat: int) -> list[Target]:
        targets: list[Target] = []
        playable: dict[str, int] = {}
        for action in legal:
            kind, *args = action.split()
            if kind == "play" and args:
                count, _, rank = args[0].partition("x")
                playable[rank] = max(playable.get(rank, 0), int(count))
            elif kind == "flip" and args:
                for sprite in self._own_sprites(f"down:{seat}:{args[0]}"):
                    targets.append(Target(action, uid=sprite.uid))
        if playable:
            source = self.obs["seats"][seat].get("source") or "hand"
            zone = f"hand:{seat}" if source == "hand" else f"up:{seat}"
            for sprite in self._own_sprites(zone):
                if sprite.card is not None and rank_of(sprite.card) in playable:
                    targets.append(Target(f"pick {sprite.card}", uid=sprite.uid, draggable=True))
        play = self._play_of(self.picked)
        if play and play in legal:
            count, rank = len(self.picked), rank_of(self.picked[0])
            label = _first_up(tr("Play {what}").format(what=rank_word(rank, count)))
            targets.append(Target(play, rect=pygame.Rect(0, 0, 1, 1), label=label))
            targets.append(Target(play, rect=self.pile_rect))
        if "pickup" in legal:
            targets.append(Target("pickup", rect=pygame.Rect(0, 0, 1, 1), label=tr("Pick up the pile")))
            if not self.picked:
                targets.append(Target("pickup", rect=self.pile_rect))
        return targets

    def act(self, action: str) -> None:
        if action.startswith("pick "):
            if not self.settled:
                self.say(tr("One moment: the cards are still moving"))
                return
            self._pick(action[5:])
            return
        super().act(action)

    def _pick(self, card: str) -> None:
        """Pick a card, or put it back; a second click on it soon after plays what is picked."""
        last, when = self._last_pick
        self._last_pick = (card, self.clock)
        phase = self.obs.get("phase")
        if phase == "play" and card == last and card in self.picked and self.clock - when <= DOUBLE_CLICK:
            cards = self.picked if card in self.picked else [card]
            action = self._play_of(cards)
            if action in self.legal:
                self.picked = []
                self.act(action)
                return
        if card in self.picked:
            self.picked.remove(card)
        elif phase == "swap" or (self.picked and rank_of(self.picked[0]) != rank_of(card)):
            self.picked = [card]  # a new swap partner, or another rank: start afresh
        else:
            self.picked.append(card)
        self._last_pick = (card, self.clock)
        self.decorate()
        self.set_targets(self.find_targets(self.legal))

    def drop(self, target: Target, pos: tuple[int, int]) -> None:
        """A hand card dragged onto the pile plays (with the cards of its rank already picked)."""
        card = target.action[5:] if target.action.startswith("pick ") else ""
        if not card or not self.pile_rect.collidepoint(pos):
            return
        same = [c for c in self.picked if rank_of(c) == rank_of(card)]
        cards = same if card in same else [*same, card]
        action = self._play_of(cards)
        if action not in self.legal:
            action = self._play_of([card])
        self.relayout(self.move_seconds)
        self.act(action)

    def click_plan(self, action: str) -> list[str]:
        """The clicks (target actions, in order) that make `action` on this table: what a test or a
        tutorial follows."""
        kind, *args = action.split()
        if kind == "swap":
            return [f"pick {args[0]}", action]
        if kind == "play" and self.obs.get("phase") == "play":
            count, _, rank = args[0].partition("x")
            seat = self.bottom_seat
            source = self.obs["seats"][seat].get("source") or "hand"
            zone = f"hand:{seat}" if source == "hand" else f"up:{seat}"
            cards = [s.card for s in self._own_sprites(zone) if s.card and rank_of(s.card) == rank]
            return [f"pick {c}" for c in cards[: int(count)]] + [action]
        return [action]

    # -- events ------------------------------------------------------------------------------------
    def _move_kind(self, move: CardMoved) -> tuple[str, str]:
        return (move.src.partition(":")[0], move.dst.partition(":")[0])

    def stagger(self, move: CardMoved) -> float | None:
        """The cards of a deal, a pick-up or a burn fly one close after another (the first card of a
        pick-up or a burn after its announcement)."""
        kind = self._move_kind(move)
        runs = kind in (("pile", "burned"), ("pile", "hand"))
        if move.src == "draw" or (runs and kind == self._last_move):
            return BATCH_STAGGER
        return None

    def _burn_flash(self) -> Flash:
        """The pile glows and says why it burns, then its cards fly off to the burned cards."""
        pile = [e.card for e in self.model.zones.get("pile", [])]
        top = rank_of(pile[-1]) if pile and pile[-1] else ""
        if top == "10":
            line = tr("Burned by a 10")
        elif top:
            line = message("Burned by four {rank:pl}", rank=rank_param(top)).text()
        else:
            line = tr("The pile is burned")
        return Flash(tr("Burned!"), [], Hold(FLASH_SECONDS * self.speed), leads=True, line=line,
                     colour=BURN_RED)

    def _pickup_flash(self, move: CardMoved) -> Flash:
        """Who takes the pile, and how many cards, before they fly into that hand."""
        count = len(self.model.zones.get("pile", []))
        who = self.seat_name(int(move.dst.partition(":")[2]))
        line = ntr("{name} takes {n} card into the hand", "{name} takes {n} cards into the hand", count)
        line = line.format(name=who, n=count)
        hold = Hold(FLASH_SECONDS * 0.7 * self.speed)
        return Flash(tr("Pile picked up"), [], hold, leads=True, sound=None, line=line, colour=INK)

    def _note_flash(self, event: Note) -> Flash | None:
        text = self.in_words(event.text)
        hold = Hold(NOTE_SECONDS * self.speed)
        if "blind_miss" in event.detail:
            return Flash(tr("No luck"), [], hold, sound=None, line=text, colour=INK)
        if "out" in event.detail and event.seat is not None:
            line = tr("{place} place").format(place=ordinal(int(event.detail["out"])))
            title = tr("{name} is out").format(name=self.seat_name(event.seat))
            return Flash(title, [], hold, sound=None, line=line, colour=GOLD)
        return None

    def turn_reason(self, event: TurnChanged) -> str:
        """Why the turn went where it went, in words worth showing: the engine's reason names what the
        player before did ("picked up the pile"), so that player is named; plain passing says nothing."""
        reason = event.reason
        before = self._turn_seat
        if reason in (NEXT, SWAPS):
            return ""
        if reason == PICKED_UP:
            if before is None:
                return tr("after a pick-up of the pile")
            return message("{seat} picked up the pile", seat=Seat(before)).text(self._names())
        if reason == BURNED:
            return tr("burned the pile: plays again")
        return self.in_words(reason)

    def _names(self) -> list[str]:
        return [seat.name for seat in self.match.seats]

    def banner_for(self, event: Event) -> Banner | None:
        if isinstance(event, CardMoved):
            kind = self._move_kind(event)
            if kind != self._last_move and kind == ("pile", "burned"):
                return self._burn_flash()
            if kind != self._last_move and kind == ("pile", "hand"):
                return self._pickup_flash(event)
            return None
        if isinstance(event, Note) and event.text:
            return self._note_flash(event)
        if isinstance(event, GameEnded):
            return Banner(
                tr("Game over"), [self.in_words(event.text)], Hold(BANNER_SECONDS * self.speed)
            )
        return super().banner_for(event)

    def describe(self, event: Event) -> str | None:
        if isinstance(event, Note):
            return self.in_words(event.text) or None
        if isinstance(event, TurnChanged):
            why = self.turn_reason(event)
            name = self.seat_name(event.seat)
            if why:
                return tr("{name}'s turn ({why})").format(name=name, why=why)
            return tr("{name}'s turn").format(name=name)
        if isinstance(event, GameEnded):
            return self.in_words(event.text)
        if isinstance(event, CardMoved):
            return self._describe_move(event)
        return None

    def _describe_move(self, event: CardMoved) -> str | None:
        src_kind, _, src_rest = event.src.partition(":")
        dst_kind, _, dst_rest = event.dst.partition(":")
        src_seat = src_rest.partition(":")[0]
        dst_seat = dst_rest.partition(":")[0]
        who = self.seat_name(int(src_seat)) if src_seat.isdigit() else ""
        card = card_text(event.card)
        if event.dst == "pile":
            if src_kind == "down":
                return tr("{name} turns over {card}").format(name=who, card=card)
            if src_kind == "up":
                return tr("{name} plays {card} from the table").format(name=who, card=card)
            return tr("{name} plays {card}").format(name=who, card=card)
        if src_kind == "hand" and dst_kind == "up":
            return tr("{name} lays {card} face up").format(name=who, card=card)
        if src_kind == "up" and dst_kind == "hand":
            return tr("{name} takes {card} into the hand").format(name=who, card=card)
        if event.src == "pile" and dst_kind == "hand":
            return tr("{name} picks up the pile").format(name=self.seat_name(int(dst_seat)))
        if event.dst == "burned":
            return tr("The pile is burned")
        if event.src == "draw" and dst_kind == "hand" and self.match.actions:
            return tr("{name} draws").format(name=self.seat_name(int(dst_seat)))
        return None

    def remember(self, event: Event) -> None:
        """Whose turn it is and why, and which kind of card move came last (a burn or a pick-up is
        announced once, before its first card)."""
        if isinstance(event, TurnChanged):
            self.why = self.turn_reason(event)
            self._turn_seat = event.seat
        self._last_move = self._move_kind(event) if isinstance(event, CardMoved) else ("", "")

    def reset_memory(self) -> None:
        self.why = ""
        self._turn_seat = None
        self._last_move = ("", "")

    def round_title(self, event: Event, previous: Event | None, rounds: int) -> str | None:
        """A round is a turn for everyone, from the seat that had the first turn."""
        if previous is None or self.turn_goes_round(event):
            return tr("Round {number}").format(number=rounds + 1)
        return None

    # -- drawing -----------------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        for seat, area in self.areas.items():
            box = area.slots.inflate(self.margin * 2, self.margin)
            surface.blit(self.panels.get(box.size, (0, 0, 0, 55), self.scale.px(10, 2)), box.topleft)
            if not area.bottom:
                surface.blit(
                    self.panels.get(area.hand.size, (0, 0, 0, 35), self.scale.px(8, 2)), area.hand.topleft
                )
            del seat
        surface.blit(
            self.panels.get(self.log_box.size, (0, 0, 0, 110), self.scale.px(8, 2)), self.log_box.topleft
        )
        pile = self.pile_rect
        surface.blit(self.panels.get(pile.size, (0, 0, 0, 45), self.scale.px(12, 2)), pile.topleft)

    def draw_under(self, surface: pygame.Surface) -> None:
        if not self.obs:
            return
        for seat, area in self.areas.items():
            self._draw_plate(surface, seat, area)
        self._draw_hand_counts(surface)
        self._draw_pile_labels(surface)
        self._draw_need(surface)
        self._draw_prompt(surface)
        self.draw_log(surface, self.log_box)

    def _draw_hand_counts(self, surface: pygame.Surface) -> None:
        """The others' hand sizes, below their backs (in the underlay: it is composed again whenever a
        card moves, so the count follows the cards)."""
        for seat, area in self.areas.items():
            if not area.bottom:
                badge = self.count_badge(len(self.model.zones.get(f"hand:{seat}", ())))
                surface.blit(badge, badge.get_rect(bottomleft=(area.hand.x + 2, area.hand.bottom - 2)))

    def _draw_plate(self, surface: pygame.Surface, seat: int, area: SeatArea) -> None:
        obs = self.obs
        info = obs["seats"][seat]
        plate = area.plate
        deciding = obs.get("current_player") == seat and not obs.get("terminal")
        surface.blit(self.panels.get(plate.size, (14, 18, 24, 215), self.scale.px(8, 2)), plate.topleft)
        if deciding:
            pygame.draw.rect(surface, GOLD, plate, self.scale.px(4, 2), border_radius=self.scale.px(8, 2))
            if plate.x > plate.height // 2:
                triangle_marker(surface, (plate.x - 2, plate.centery), plate.height * 0.35)
        pad = self.scale.px(10, 2)
        name = self.seat_name(seat)
        if seat == self.viewer and self.follow:
            name = tr("{name} (you)").format(name=name)
        two_lines = plate.height >= self.scale.font(40)
        # the name line as tall as its text needs: the rest of the plate holds the status
        line_h = min(plate.height // 2, self.scale.lines_height(24) + pad) if two_lines else plate.height
        place = info.get("place")
        tag = ""
        if place is not None:
            tag = tr("out · {place}").format(place=ordinal(place))
        elif obs.get("terminal") and obs.get("loser") == seat:
            tag = tr("loser")
        tag_label = self.texts.render(tag, self.scale.font(22), GOLD, True) if tag else None
        room = plate.width - 2 * pad - (tag_label.get_width() + pad if tag_label else 0)
        title = self.texts.fitted(name, self.scale.font(24), max(10, room), INK, True)
        surface.blit(title, (plate.x + pad, plate.y + (line_h - title.get_height()) // 2))
        if tag_label is not None:
            surface.blit(
                tag_label,
                (plate.right - pad - tag_label.get_width(), plate.y + (line_h - tag_label.get_height()) // 2),
            )
        status = seat_status(self.obs, seat)
        if two_lines:
            room = max(1, plate.bottom - plate.y - line_h - 2)
            sub = self.texts.block(status, self.scale.font(18), max(10, plate.width - 2 * pad), room,
                                   GOLD if deciding else INK_DIM, separator=" · ")
            surface.blit(sub, (plate.x + pad, plate.y + line_h + max(0, (room - sub.get_height()) // 2)))

    def _draw_pile_labels(self, surface: pygame.Surface) -> None:
        obs = self.obs
        pw, ph = self.pile_card
        font = self.scale.font(20)
        below = self.mid_y + ph / 2 + self.scale.px(6, 1)
        for text, (x, _) in (
            (tr("Draw pile: {count}").format(count=obs["draw"]), self.draw_at),
            (tr("Burned: {count}").format(count=len(obs["burned"])), self.burned_at),
        ):
            label = self.texts.fitted(text, font, round(pw * 1.8), INK_DIM)
            surface.blit(label, label.get_rect(midtop=(x, below)))
        pile = self.pile_rect
        count = len(obs["pile"])
        text = ntr("Pile: {n} card", "Pile: {n} cards", count).format(n=count)
        if not count:
            text = tr("The pile is empty")
        label = self.texts.fitted(text, font, pile.width, INK_DIM)
        surface.blit(label, label.get_rect(midtop=(pile.centerx, pile.bottom + 2)))

    def _draw_need(self, surface: pygame.Surface) -> None:
        box = self.need_box
        surface.blit(self.panels.get(box.size, (0, 0, 0, 70), self.scale.px(10, 2)), box.topleft)
        wanted = need_lines(self.obs)
        share = box.height // max(1, len(wanted))  # each line whole: wrapped in a narrow box, not cut
        lines = [
            self.texts.block(text, self.scale.font(size), box.width, share, colour, size >= 30)
            for text, colour, size in wanted
        ]
        total = sum(s.get_height() for s in lines)
        y = box.centery - total // 2
        for label in lines:
            surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
            y += label.get_height()

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        prompt, mine = self.prompt_text()
        self.draw_prompt(surface, prompt, mine, self.prompt_y)

    def prompt_text(self) -> tuple[str, bool]:
        obs = self.obs
        if obs.get("terminal"):
            return self.in_words(obs.get("result") or message("The game is over")), False
        prompt = self.in_words(obs.get("prompt") or "")
        decider = obs.get("current_player")
        # why the player got the turn: told during their play only, and only for the seat it was given to
        told = self.why if obs.get("phase") == "play" and self._turn_seat == decider else ""
        if decider is not None and decider == self.viewer and self.legal:
            if self.picked and obs.get("phase") == "play":
                rank = rank_of(self.picked[0])
                more = f"play {len(self.picked) + 1}x{rank}" in self.legal
                what = rank_word(rank, len(self.picked))
                if more:
                    picked = message("Picked {what}: press Play or click the pile (or pick more {rank:pl})",
                                     what=what, rank=rank_param(rank))
                    return picked.text(), True
                return tr("Picked {what}: press Play or click the pile").format(what=what), True
            if self.picked and obs.get("phase") == "swap":
                card = card_text(self.picked[0])
                return tr("Now click the card to swap {card} with").format(card=card), True
            return self._with_why(prompt, told), True
        # Why the player got the turn belongs to their play; while they finish it the prompt says only
        # that (PA-R14), the same whether they may add drawn cards or not.
        return self._with_why(prompt, told), False

    @staticmethod
    def _with_why(prompt: str, why: str) -> str:
        return tr("{prompt} ({why})").format(prompt=prompt, why=why) if why else prompt

    def draw_banner(self, surface: pygame.Surface, banner: Banner) -> None:
        if isinstance(banner, Flash):
            self._draw_flash(surface, banner)
        else:
            super().draw_banner(surface, banner)

    def _draw_flash(self, surface: pygame.Surface, flash: Flash) -> None:
        pile = self.pile_rect
        width = self.scale.px(6, 2)
        pygame.draw.rect(
            surface,
            flash.colour,
            pile.inflate(width * 2, width * 2),
            width,
            border_radius=self.scale.px(12, 3),
        )
        title = self.texts.fitted(flash.title, self.scale.font(44), self.scale.width - 20, flash.colour, True)
        line = self.texts.fitted(flash.line, self.scale.font(26), self.scale.width - 20, INK, True)
        pad = self.scale.px(14, 3)
        box = pygame.Rect(
            0,
            0,
            max(title.get_width(), line.get_width()) + pad * 2,
            title.get_height() + line.get_height() + pad * 2,
        )
        box.midtop = (pile.centerx, pile.bottom + self.scale.px(4, 1))  # below: the pile stays in view
        surface.blit(self.panels.get(box.size, (12, 16, 22, 225), self.scale.px(12, 3)), box.topleft)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + pad)))
        surface.blit(line, line.get_rect(midtop=(box.centerx, box.y + pad + title.get_height())))
