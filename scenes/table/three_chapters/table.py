"""The 3 Chapters table: the rooms put together (layout.py, panels.py, story.py), the zones the
observation fills, and what may be clicked.

Every decision is a click (or a drag) on a hand card, offered only where `match.legal_actions()` has a
`pick`, `ghost` or `play` action for it (made by the game's action constructors). Hovering any face-up
card shows its abilities with their seals. At the end chapter III is counted card by card on a score
sheet before the results.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core import Action, CardMoved
from game.i18n import Text, tr, words
from game.three_chapters.cards import ATTRIBUTES, default_cards
from game.three_chapters.game import CONSTRUCTORS, GHOST, KINDS, PICK, PLAY
from game.three_chapters.view import ThreeChaptersObservation
from scenes.table.kit import Target
from scenes.table.kit.sprite import CardSprite
from scenes.table.three_chapters.pieces import card_value
from scenes.table.three_chapters.story import TableStory

#: where the default faces draw the attribute icons, for naming the icon under the mouse
ICON_ROW = (326 / 560, 18 / 560)  # centre line and half height, as shares of the card height
ICON_STEP = {4: 40, 6: 35, 8: 32}  # design pixels between icons, by how many icons at most


class ThreeChaptersTable(TableStory):
    game_id = "three_chapters"

    def __init__(self, app, match, **kwargs: Any) -> None:
        super().__init__(app, match, **kwargs)
        self.places = {}
        self.live_points = []
        self.live_tokens = []
        self.counting = set()
        self.gathered = None
        self.trick_plays = []
        self.trick_result = None
        self.sheet = None
        self.sheet_counted = False
        self._sheet_cache = None
        self._result_cache = None
        self._spread = None

    # -- words ------------------------------------------------------------------------------------------
    @staticmethod
    def name_text(match: Any, text: Text) -> str:
        """What the engine said, in words with the players' names (the results scene asks for it too)."""
        return words(text, [seat.name for seat in match.seats])

    def forget_words(self) -> None:
        self.sheet = None  # its rows are words: written again in the new language
        self._sheet_cache = None
        self._result_cache = None

    # -- zones ------------------------------------------------------------------------------------------

    def wanted_zones(self, obs: ThreeChaptersObservation) -> dict[str, list[str | None]]:
        zones: dict[str, list[str | None]] = {}
        seat = obs.get("seat")
        draft = obs.get("draft") or {}
        for s in range(obs["players"]):
            hand = obs.get("hand") if s == seat else None
            own = hand is not None
            unknown: list[str | None] = [None] * obs["hand_counts"][s]
            zones[f"hand:{s}"] = [str(v) for v in hand] if hand is not None else unknown
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
        self.live_tokens = [[t["stars"], t["hearts"], t["crystals"], t["tricks_won"]] for t in obs["tokens"]]
        self.counting = set()
        self.gathered = None  # no trick is gathered: its cards lie where the observation says
        self._spread = None  # the table as the observation says: nothing is being shuffled
        return zones

    def initial_deal(
        self, obs: ThreeChaptersObservation
    ) -> tuple[dict[str, list[str | None]], list[CardMoved]]:
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

    # -- choices ----------------------------------------------------------------------------------------
    def style(self, sprite: CardSprite) -> None:
        sprite.back_kind = "back"
        sprite.art_id = sprite.card

    def find_targets(self, legal: list[str]) -> list[Target]:
        targets: list[Target] = []
        own_hand = f"hand:{self.bottom_seat}"
        for action in legal:
            parsed = Action.parse(action)
            card = str(parsed.args[0]) if parsed.args else None
            sprites = [
                s
                for s in self.layer
                if s.zone == own_hand and s.card is not None and card is not None and s.card == card
            ]
            if parsed.kind in KINDS and sprites:
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
        kinds = {Action.parse(a).kind for a in self.legal}
        if PLAY in kinds:
            return self.trick_box
        if GHOST in kinds:
            own_ghost = self.places.get(self.players + self.bottom_seat)
            return own_ghost.hand.union(own_ghost.row) if own_ghost else None
        place = self.places.get(self.bottom_seat)
        return place.row if place else None

    def card_action(self, sprite: CardSprite) -> str | None:
        """A hand card that is not offered: the play (or the draft's pick) it would be."""
        if sprite.card is None or sprite.zone != f"hand:{self.bottom_seat}":
            return None
        kinds = {Action.parse(a).kind for a in self.legal}
        kind = next((k for k in (PLAY, PICK, GHOST) if k in kinds), None)
        return str(CONSTRUCTORS[kind](card_value(sprite.card))) if kind else None

    def card_notes(self, sprite: CardSprite) -> list[str]:
        """The attribute icon under the pointer, by name (the card's abilities are its rule text)."""
        value = card_value(sprite.card)
        if value <= 0 or not pygame.Rect(sprite.rect).collidepoint(self.mouse):
            return []
        attribute = self._attribute_at(sprite, value)
        if attribute is None:
            return []
        name = default_cards().attribute_label(attribute)
        return [tr("The icon under the pointer: {attribute}").format(attribute=name)]

    def _attribute_at(self, sprite: CardSprite, value: int) -> str | None:
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

    # -- what the table says and shows ------------------------------------------------------------------
    def panel_rects(self) -> dict[str, pygame.Rect]:
        found = super().panel_rects()
        for key, place in self.places.items():
            found |= {f"plate {key}": place.plate, f"hand {key}": place.hand, f"row {key}": place.row}
        found["trick"] = self.trick_box
        found["info"] = self.info_box
        return found

    def handoff_words(self, seat: int) -> str:
        """The draft's pick or the trick's card (the spectator's prompt only says whom the table waits
        for)."""
        public: Any = self.match.observation(None)  # a ThreeChaptersObservation
        name = self.seat_name(seat)
        if public["phase"] == "draft":
            return tr("{name}: choose a card from the packet").format(name=name)
        if public["trick"]["plays"]:
            return tr("{name}: play a card to the trick").format(name=name)
        return tr("{name}: lead a card to the trick").format(name=name)

    def prompt_text(self) -> tuple[str, bool]:
        obs = self.obs
        if obs["terminal"]:
            return self.in_words(obs["result"] or tr("The game is over")), False
        decider = obs["current_player"]
        prompt = self.in_words(obs["prompt"] or "")
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
        if obs["phase"] == "draft":
            done = obs["draft"]["picked_now"][decider]
            return (
                tr("chooses a card for the ghost pile")
                if done
                else tr("chooses a card to keep from the packet")
            )
        if obs["trick"]["plays"]:
            return tr("plays next to the trick")
        return (
            tr("won the last trick and leads")
            if obs["last_trick"]
            else tr("is the start player and leads")
        )


__all__ = ["ThreeChaptersTable"]
