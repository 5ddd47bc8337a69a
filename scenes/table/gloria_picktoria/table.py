"""The Gloria Picktoria table: its zones, the look of its cards, what may be clicked, and its input.

A hand card, the own doubler and the fox are picked up (a selection: click or drag) and put down on a row,
or on an empty spot of the own area for a new treasure; a display card or the pile is clicked (or dragged
into the hand). What a drop or a click on the table means is answered as an action made by the game's
action constructors (`Play`), which the kit plays when it is among `match.legal_actions()` and otherwise
answers with the engine's own reason. Where things lie is layout.py's, the drawing panels.py's and what the
events say story.py's.
"""

from __future__ import annotations

from typing import Any

import pygame

import game.gloria_picktoria.game as gp
from game.core import Action, CardMoved
from game.gloria_picktoria.cards import DH, DOUBLER, FOX, card_param
from game.gloria_picktoria.view import GloriaObservation
from game.i18n import Message, Text, message, tr
from scenes.table.gloria_picktoria.layout import TREASURE_STEP, RowGrid, SeatArea
from scenes.table.gloria_picktoria.panels import item_card
from scenes.table.gloria_picktoria.story import GloriaStory
from scenes.table.kit import HANDLED, Answer, Play, Say, Target
from scenes.table.kit.sprite import CardSprite

TREASURE_BACK = "treasure:"  # a back kind: the back with the treasure's face small on it


def treasure_back(art: Any, game_id: str, card: str, size: tuple[int, int]) -> pygame.Surface:
    """A treasure card's back with its motif's face drawn small in the corner (everyone saw it laid)."""
    made = art.back(game_id, size, "back").copy()
    w, h = size
    mw = max(4, round(w * TREASURE_STEP * 0.82))
    mh = max(6, round(mw * h / max(1, w)))
    made.blit(art.card(game_id, card, (mw, mh)), (max(1, round(w * 0.04)), h - mh - max(1, round(h * 0.04))))
    return made


class GloriaPicktoriaTable(GloriaStory):
    game_id = "gloria_picktoria"

    def __init__(self, app, match, **kwargs: Any) -> None:
        super().__init__(app, match, **kwargs)
        self.areas: dict[int, SeatArea] = {}
        # what is in the player's hand now, and for which decision (viewer, actions so far): see `picked`
        self._picked: tuple[str, tuple[int | None, int]] | None = None
        # the last turn change: (seat, why it has the turn); its reason is told only while that seat decides
        self.turn_reason: tuple[int, Text] | None = None
        self.drawn_lines: dict[str, pygame.Rect] = {}  # the prompt's pill and the AP line, as last drawn
        self.score_spots: dict[int, pygame.Rect] = {}  # where each plate's points were last drawn
        self._sheet = None  # the scoring panel's picture (moments.py)
        self._treasure_backs: dict[tuple[str, tuple[int, int], int, int], pygame.Surface] = {}
        self.live_scores: list[int] = []
        self._cost_badges: dict[int, pygame.Surface] = {}
        self._grids: dict[tuple[int, int, int, int, int], RowGrid] = {}

    # -- what the player holds ---------------------------------------------------------------------
    @property
    def picked(self) -> str | None:
        """"card:<card>", "doubler" or "fox": in the player's hand now. Only for the decision it was
        picked up for, while that decision is offered: an action played (or the screen handed on) puts
        it back at once."""
        if self._picked is None or not self.legal:
            return None
        item, decision = self._picked
        return item if decision == self._decision() else None

    @picked.setter
    def picked(self, item: str | None) -> None:
        self._picked = None if item is None else (item, self._decision())

    def _decision(self) -> tuple[int | None, int]:
        return (self.viewer, len(self.match.actions))

    # -- zones -------------------------------------------------------------------------------------
    def wanted_zones(self, obs: GloriaObservation) -> dict[str, list[str | None]]:
        zones: dict[str, list[str | None]] = {}
        seat, hand = obs.get("seat"), obs.get("hand")
        for s in range(obs["players"]):
            if s == seat and hand is not None:
                zones[f"hand:{s}"] = list(hand)
            else:
                known = list(obs["known_hand_cards"][s])[: obs["hand_sizes"][s]]
                zones[f"hand:{s}"] = [*known, *([None] * (obs["hand_sizes"][s] - len(known)))]
            zones[f"doubler:{s}"] = [DOUBLER] if obs["doubler_in_hand"][s] else []
        for slot in range(self.card_data().display_size):
            zones[f"offer:{slot}"] = [obs["display"][slot]] if slot < len(obs["display"]) else []
        self.live_scores = [int(points) for points in obs["scores"]]
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

    def initial_deal(self, obs: GloriaObservation) -> tuple[dict[str, list[str | None]], list[CardMoved]]:
        if obs.get("collections") or obs["dh"]["middle"]:
            return {}, []
        start = self.wanted_zones(obs)
        hands = {s: list(start[f"hand:{s}"]) for s in range(obs["players"])}
        slots = range(self.card_data().display_size)
        display = [start[f"offer:{i}"] for i in slots]
        dealt = sum(len(c) for c in hands.values()) + sum(len(d) for d in display)
        start["draw"] = [None] * (obs["pile"] + dealt)
        for s in hands:
            start[f"hand:{s}"] = []
        for i in slots:
            start[f"offer:{i}"] = []
        moves = [CardMoved(card=d[0], src="draw", dst=f"offer:{i}") for i, d in enumerate(display) if d]
        for k in range(max((len(c) for c in hands.values()), default=0)):
            for s, cards in hands.items():
                if k < len(cards):
                    moves.append(CardMoved(card=cards[k], src="draw", dst=f"hand:{s}", face_up=False))
        return start, moves

    # -- the look of the cards ---------------------------------------------------------------------
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
        card = item_card(item)
        return sorted(
            (s for s in self.layer if s.zone == f"hand:{me}" and s.card == card), key=lambda s: s.center[0]
        )

    @staticmethod
    def item_of(action: str) -> str | None:
        """What the player picks up to make `action`: a hand card, the doubler or the fox."""
        parsed = Action.parse(action)
        kind, args = parsed.kind, parsed.args
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
        if self.picked not in items:
            self.picked = None  # picked up for another decision, or by the person before at the screen
        for item in sorted(items):
            for sprite in self._item_sprites(item):
                targets.append(Target(select=item, uid=sprite.uid, draggable=True))
        for action in legal:
            parsed = Action.parse(action)
            kind, args = parsed.kind, parsed.args
            held = self.item_of(action)
            if kind == "pass_fox" or (held is not None and held == self.picked):
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
            elif held is None:  # an action this table has no place for still gets a button
                rect = pygame.Rect(0, 0, self.scale.px(260, 40), self.scale.px(44, 14))
                rect.midtop = (self.scale.width // 2, self.prompt_y + len(targets) * rect.height)
                targets.append(Target(action, rect=rect, label=action))
        self.decorate()
        return targets

    def handoff_words(self, seat: int) -> str:
        """A turn's action points or the fox's pass (the spectator's prompt only says who is playing)."""
        public = self.match.observation(None)
        name = self.seat_name(seat)
        if public["phase"] == "fox_pass":
            return tr("{name}: pass the fox on or keep it").format(name=name)
        return tr("{name}: spend the turn's action points").format(name=name)

    def hint_spots(self, action: str) -> list[pygame.Rect]:
        """A move of a thing not yet picked up: the row or spot it goes to, ringed beside the thing."""
        if self.item_of(action) is None:
            return []
        spot = self.drop_spot(action)
        return [spot] if spot is not None else []

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

    def _zone_sprites(self, zone: str) -> list[CardSprite]:
        return sorted((s for s in self.layer if s.zone == zone and s.shown), key=lambda s: s.z)

    def meaning_of_drop(self, item: str, pos: tuple[float, float]) -> tuple[Action | None, Message | None]:
        """(the action, or a refusal) for putting `item` down at `pos`; (None, None): nowhere."""
        spot = self.spot_at(pos)
        if spot is None:
            return None, None
        seat, index = spot
        me = self.bottom_seat
        if item == "fox":
            if index is None:
                return None, None
            if self.obs.get("phase") == "fox_pass" and seat == self.obs.get("left_neighbour"):
                return gp.pass_fox(index), None
            return gp.fox(seat, index), None
        card = item_card(item)
        if seat != me:
            return None, message("{card}: you lay cards only on your own collections", card=card_param(card))
        if index is None:
            return gp.treasure(card), None
        return (gp.doubler(index) if item == "doubler" else gp.open_(card, index)), None

    def _answer(self, item: str, pos: tuple[float, float]) -> Answer:
        action, refusal = self.meaning_of_drop(item, pos)
        if action is not None:
            return Play(str(action))
        return Say(refusal) if refusal is not None else None

    # -- input -------------------------------------------------------------------------------------
    def on_select(self, item: str) -> None:
        """A hand card, the doubler or the fox is picked up, or put back when it is picked up already."""
        self.picked = None if self.picked == item else item
        self.refresh_targets()  # find the spots for what is in the hand now
        self.decorate()

    def on_button(self, key: str) -> bool:
        if key == "scorings":
            self.show_last_scoring()
            return True
        return False

    def drop(self, target: Target, pos: tuple[int, int]) -> Answer:
        """A thing picked up goes where it is let go (or the rules' reason why not); a display card or
        the pile's top goes into the hand when let go over it."""
        if target.select is None:
            return super().drop(target, pos)
        return self._answer(target.select, pos)

    def click_on_table(self, pos: tuple[int, int]) -> Answer:
        """With a thing picked up, a click on a row or a free spot puts it there (or says why not); on
        the bare felt it puts the thing back."""
        picked = self.picked
        if picked is None or not self.settled or not self.legal:
            return None
        answer = self._answer(picked, pos)
        if answer is not None:
            return answer
        self.picked = None
        self.refresh_targets()
        self.decorate()
        return HANDLED


__all__ = ["GloriaPicktoriaTable"]
