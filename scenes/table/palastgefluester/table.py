"""The Palastgeflüster table: the table class, its zones, what may be clicked, and what a card says.

The seat on screen sits at the bottom (hand fanned face up, display row above it); the others sit
across the top, each with a name plate, the backs of their hand and their display row. In the middle:
the King stack and the current King card, the draw and discard piles, and who plays next and why.
Every decision of the game is a click on the table: a hand card, a display card, a name plate or a
count button, offered only where `match.legal_actions()` has a matching action text.

The rest lives beside it, by idea: layout.py (where things lie), story.py (what events say and show),
panels.py (plates, piles, the centre text, the prompt) and moments.py (the scoring events as they happen).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pygame

from game.core import Action, CardMoved
from game.i18n import tr
from game.palastgefluester.cards import card_person, person_label
from game.palastgefluester.game import play
from game.palastgefluester.view import PalastgefluesterObservation
from scenes.table.kit import Target
from scenes.table.kit.sprite import CardSprite
from scenes.table.palastgefluester.moments import PalastMoments

#: every zone's cards (None: a card the seat on screen does not know)
Zones = dict[str, list[str | None]]


class PalastgefluesterTable(PalastMoments):
    game_id = "palastgefluester"

    def __init__(self, app, match, **kwargs: Any) -> None:
        super().__init__(app, match, **kwargs)
        self.areas = {}
        self.live_points = []
        self.decider_why = None  # the last TurnChanged: (seat, its reason)
        self._collect_next_shuffle = False  # a round ended: the next shuffle gathers every card
        self._badges = {}

    # -- zones -------------------------------------------------------------------------------------
    def wanted_zones(self, obs: PalastgefluesterObservation) -> Zones:
        zones: Zones = {}
        seat = obs.get("seat")
        hand = obs.get("hand")
        for s in range(obs["players"]):
            if s == seat and hand is not None:
                zones[f"hand:{s}"] = list(hand)
            else:
                zones[f"hand:{s}"] = [None] * obs["hand_counts"][s]
            zones[f"display:{s}"] = list(obs["displays"][s])
        zones["draw"] = [None] * obs["draw_count"]
        zones["discard"] = [None] * obs["discard_count"]
        zones["king_stack"] = [None] * obs["king_stack_count"]
        zones["king_revealed"] = list(obs["king_revealed"])
        self.live_points = list(obs["points"])
        return zones

    def initial_deal(self, obs: PalastgefluesterObservation) -> tuple[Zones, list[CardMoved]]:
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

    def style(self, sprite: CardSprite) -> None:
        if sprite.zone.startswith("king"):
            sprite.back_kind = "king_back"
            sprite.art_id = f"king/{sprite.card}" if sprite.card else None
        else:
            sprite.back_kind = "back"
            sprite.art_id = sprite.card

    def art_id_for(self, card: str, zone: str) -> str:
        return f"king/{card}" if zone.startswith("king") else card

    def decorate(self) -> None:
        blocked = self.obs.get("blocked")
        zauberer = self.obs.get("zauberer")
        chosen = Counter(zauberer["chosen"] if zauberer else [])
        own = f"hand:{self.bottom_seat}"
        mundschenk = self.obs.get("mundschenk")
        first = mundschenk["first"] if mundschenk else None
        first_zone = f"display:{first['seat']}" if first else None
        for sprite in sorted(self.layer, key=lambda s: s.uid):
            person = card_person(sprite.card) if sprite.card else None
            sprite.marked = (
                bool(blocked) and person == blocked and sprite.zone.startswith(("hand:", "display:"))
            )
            sprite.selected = sprite.zone == first_zone and person == (first["person"] if first else None)
            if sprite.zone == own and sprite.card and chosen[sprite.card] > 0:
                chosen[sprite.card] -= 1
                sprite.selected = True

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
        return str(play(sprite.card)) if own and sprite.card else None

    # -- choices -----------------------------------------------------------------------------------
    def find_targets(self, legal: list[str]) -> list[Target]:
        targets: list[Target] = []
        own_hand = f"hand:{self.bottom_seat}"
        parsed = [(text, Action.parse(text)) for text in legal]
        counts = [text for text, action in parsed if action.kind == "count" and action.args]
        buttons = self._count_buttons(len(counts))
        for text, parts in parsed:
            kind, args = parts.kind, parts.args
            if kind in ("play", "give", "discard") and args:
                for sprite in self._sprites(own_hand, _is(args[0])):
                    if not sprite.selected:
                        targets.append(Target(text, uid=sprite.uid, draggable=kind == "play"))
            elif kind in ("target", "next") and args:
                area = self.areas.get(int(args[0]))
                if area is not None:
                    targets.append(Target(text, rect=area.plate))
                    targets.append(Target(text, rect=area.row))
            elif kind == "count" and args:
                targets.append(Target(text, rect=buttons.pop(0), label=str(args[0])))
            elif kind in ("pick", "swap") and len(args) == 2:
                for sprite in self._sprites(f"display:{args[0]}", _shows(args[1])):
                    targets.append(Target(text, uid=sprite.uid))
            elif kind == "take" and args:
                for sprite in self._sprites(f"display:{self.bottom_seat}", _shows(args[0])):
                    targets.append(Target(text, uid=sprite.uid))
            else:  # an action this table has no place for still gets a button: nothing is unreachable
                rect = pygame.Rect(0, 0, self.scale.px(260, 40), self.scale.px(44, 14))
                rect.midtop = (self.scale.width // 2, self.centre_box.bottom + len(targets) * rect.height)
                targets.append(Target(text, rect=rect, label=text))
        return targets

    def _sprites(self, zone: str, test: Callable[[str], bool]) -> list[CardSprite]:
        return [s for s in self.layer if s.zone == zone and s.card is not None and test(s.card)]

    def hand_zone(self) -> str | None:
        return f"hand:{self.bottom_seat}"


def _is(card: str | int) -> Callable[[str], bool]:
    """Whether a card is `card` (an action's argument)."""
    return lambda c: c == card


def _shows(person: str | int) -> Callable[[str], bool]:
    """Whether a card shows `person` (an action's argument)."""
    return lambda c: card_person(c) == person


__all__ = ["PalastgefluesterTable"]
