"""The Palace table: its zones, what may be clicked, and what a click, a double-click or a drop does.

The seat on screen sits at the bottom: its three face-down cards with the face-up cards on top of
them, and below those its hand, fanned face up. The others sit across the top, each with a name
plate, the backs of their hand (cards everyone saw go there face up) and their own three slots. In
the middle lie the draw pile, the pick-up pile fanned so the top cards and a run of equal ranks read
at a glance (with what must be beaten written beside it), and the burned cards. Where those lie is
layout.py's, their plates and boxes panels.py's, what the events say and show story.py's.

Choosing works as with real cards: click cards of one rank to pick them up (they lift and turn blue),
then press Play or click the pile; a single card also plays on a double-click or when dragged onto
the pile. In the swap phase a click on a hand card and one on a face-up card swaps them. Picking a card
is a selection (`Target.select`, `on_select`), the table's own state and never an engine action; every
action is made with the game's action constructors (game/palace/game.py) and is one of
`match.legal_actions()`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.core import Action, CardMoved
from game.i18n import message, ntr, tr
from game.palace.cards import SLOTS, rank_of, rank_param, rank_word
from game.palace.game import parse_play, pass_, pickup, play, ready, swap
from game.palace.hints import action_words
from game.palace.view import PalaceObservation
from scenes.table.kit import Answer, Play, Target
from scenes.table.kit.paint import INK
from scenes.table.kit.sprite import CardSprite
from scenes.table.palace.panels import card_text
from scenes.table.palace.story import PalaceStory

DOUBLE_CLICK = 0.45  # seconds between two clicks on one card that play it


def _first_up(label: str) -> str:
    """A button's label begins with a capital ("Einen König spielen")."""
    return label[:1].upper() + label[1:]


def _parsed(legal: Sequence[str]) -> list[Action]:
    """The legal actions as actions, to read their kinds and arguments."""
    return [Action.parse(text) for text in legal]


def _select_key(card: str) -> str:
    """What a click plan names the click that picks `card` up by (`Target.key`)."""
    return Target(select=card).key


class PalaceTable(PalaceStory):
    game_id = "palace"

    def __init__(self, app, match, **kwargs: Any) -> None:
        super().__init__(app, match, **kwargs)
        self.areas = {}
        self._tags = {}
        self.picked: list[str] = []  # cards the person on screen has picked, in the order picked
        self._pick_key: tuple[Any, ...] | None = None
        self._last_pick: tuple[str, float] = ("", -1.0)
        self.reset_memory()

    # -- flow ----------------------------------------------------------------------------------------
    def bot_pause(self) -> float:
        """An AI's finishing step follows its play at once, without the pause between two moves: the
        play was just shown, and a pause only when it may add cards would tell the table so (PA-R14)."""
        if self.obs.get("phase") == "redraw" and self.match.bot_to_act() is not None:
            return 0.0
        return super().bot_pause()

    # -- zones -------------------------------------------------------------------------------------
    def wanted_zones(self, obs: PalaceObservation) -> dict[str, list[str | None]]:
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

    def initial_deal(self, obs: PalaceObservation) -> tuple[dict[str, list[str | None]], list[CardMoved]]:
        """Face-down cards, then face-up ones, then the hands, one at a time from the dealer's left."""
        if obs.get("phase") != "swap" or obs["pile"] or obs["burned"]:
            return {}, []
        final = self.wanted_zones(obs)
        start: dict[str, list[str | None]] = {zone: [] for zone in final}
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

    def style(self, sprite: CardSprite) -> None:
        sprite.back_kind = "back"
        sprite.art_id = sprite.card

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
        return str(play(len(cards), rank_of(cards[0])))

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
        for action in _parsed(legal):  # an action this table has no place for still gets a button
            text = str(action)
            if text not in offered and action.kind not in ("play", "swap"):
                label = _first_up(action_words(text))
                targets.append(Target(text, rect=pygame.Rect(0, 0, 1, 1), label=label))
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
        swaps = [(str(a.args[0]), str(a.args[1])) for a in _parsed(legal)
                 if a.kind == "swap" and len(a.args) == 2]
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
                pair = str(swap(picked, card)) if in_hand is False else str(swap(card, picked))
                if pair in legal:
                    targets.append(Target(pair, uid=sprite.uid))
                    continue
            if card in (hand_cards if in_hand else up_cards):
                targets.append(Target(select=card, uid=sprite.uid))
        if str(ready()) in legal:
            label = tr("Ready: start playing")
            targets.append(Target(str(ready()), rect=pygame.Rect(0, 0, 1, 1), label=label))
        return targets

    def _redraw_targets(self, legal: list[str]) -> list[Target]:
        targets = []
        for action in _parsed(legal):
            parsed = parse_play(action.args[0]) if action.kind == "play" and action.args else None
            if parsed is not None:
                count, rank = parsed
                label = _first_up(tr("Add {what}").format(what=rank_word(rank, count)))
                targets.append(Target(str(action), rect=pygame.Rect(0, 0, 1, 1), label=label))
            elif action == pass_():
                fresh = len(self.obs.get("fresh") or [])
                label = ntr("Keep it", "Keep them", fresh)
                targets.append(Target(str(action), rect=pygame.Rect(0, 0, 1, 1), label=label))
        return targets

    def card_action(self, sprite: CardSprite) -> str | None:
        """An own card that is not offered: playing it alone."""
        seat = self.bottom_seat
        own = sprite.zone in (f"hand:{seat}", f"up:{seat}")
        return str(play(1, rank_of(sprite.card))) if own and sprite.card else None

    def _play_targets(self, legal: list[str], seat: int) -> list[Target]:
        targets: list[Target] = []
        playable: dict[str, int] = {}
        for action in _parsed(legal):
            if action.kind == "play" and action.args:
                parsed = parse_play(action.args[0])
                if parsed is not None:
                    count, rank = parsed
                    playable[rank] = max(playable.get(rank, 0), count)
            elif action.kind == "flip" and action.args:
                for sprite in self._own_sprites(f"down:{seat}:{action.args[0]}"):
                    targets.append(Target(str(action), uid=sprite.uid))
        if playable:
            source = self.obs["seats"][seat].get("source") or "hand"
            zone = f"hand:{seat}" if source == "hand" else f"up:{seat}"
            for sprite in self._own_sprites(zone):
                if sprite.card is not None and rank_of(sprite.card) in playable:
                    targets.append(Target(select=sprite.card, uid=sprite.uid, draggable=True))
        chosen = self._play_of(self.picked)
        if chosen and chosen in legal:
            count, rank = len(self.picked), rank_of(self.picked[0])
            label = _first_up(tr("Play {what}").format(what=rank_word(rank, count)))
            targets.append(Target(chosen, rect=pygame.Rect(0, 0, 1, 1), label=label))
            targets.append(Target(chosen, rect=self.pile_rect))
        if str(pickup()) in legal:
            targets.append(Target(str(pickup()), rect=pygame.Rect(0, 0, 1, 1), label=tr("Pick up the pile")))
            if not self.picked:
                targets.append(Target(str(pickup()), rect=self.pile_rect))
        return targets

    def on_select(self, item: str) -> None:
        """Pick a card, or put it back; a second click on it soon after plays what is picked."""
        card = item
        last, when = self._last_pick
        self._last_pick = (card, self.clock)
        phase = self.obs.get("phase")
        if phase == "play" and card == last and card in self.picked and self.clock - when <= DOUBLE_CLICK:
            cards = self.picked if card in self.picked else [card]
            action = self._play_of(cards)
            if action in self.legal:
                self.picked = []
                self.try_action(action)
                return
        if card in self.picked:
            self.picked.remove(card)
        elif phase == "swap" or (self.picked and rank_of(self.picked[0]) != rank_of(card)):
            self.picked = [card]  # a new swap partner, or another rank: start afresh
        else:
            self.picked.append(card)
        self._last_pick = (card, self.clock)
        self.decorate()
        self.refresh_targets()

    def drop(self, target: Target, pos: tuple[int, int]) -> Answer:
        """A hand card dragged onto the pile plays (with the cards of its rank already picked)."""
        card = target.select
        if not card or not self.pile_rect.collidepoint(pos):
            return None
        same = [c for c in self.picked if rank_of(c) == rank_of(card)]
        cards = same if card in same else [*same, card]
        action = self._play_of(cards)
        if action not in self.legal:
            action = self._play_of([card])
        self.relayout(self.move_seconds)
        return Play(action)

    def click_plan(self, action: str) -> list[str]:
        """The clicks (target keys, in order: `Target.key`) that make `action` on this table: what a test
        or a tutorial follows."""
        parsed = Action.parse(action)
        if parsed.kind == "swap":
            return [_select_key(str(parsed.args[0])), action]
        played = parse_play(parsed.args[0]) if parsed.kind == "play" and parsed.args else None
        if played is not None and self.obs.get("phase") == "play":
            count, rank = played
            seat = self.bottom_seat
            source = self.obs["seats"][seat].get("source") or "hand"
            zone = f"hand:{seat}" if source == "hand" else f"up:{seat}"
            cards = [s.card for s in self._own_sprites(zone) if s.card and rank_of(s.card) == rank]
            return [_select_key(c) for c in cards[:count]] + [action]
        return [action]

    def hint_spots(self, action: str) -> list[pygame.Rect]:
        """A play of cards not picked up yet: the pile they go on, ringed beside them."""
        parsed = Action.parse(action)
        if parsed.kind == "play" and self.obs.get("phase") == "play" and action not in {
                t.action for t in self.targets}:
            return [pygame.Rect(self.pile_rect)]
        return []

    # -- the prompt --------------------------------------------------------------------------------
    def prompt_text(self) -> tuple[str, bool]:
        obs = self.obs
        if obs.get("terminal"):
            return self.in_words(obs.get("result") or message("The game is over")), False
        if self.loser is not None:  # the game's end was told; the observation catches up when it has played
            return self.loser_words(self.loser), False
        prompt = self.in_words(obs.get("prompt") or "")
        decider = obs.get("current_player")
        # why the player got the turn: told during their play only, and only for the seat it was given to
        told = self.why if obs.get("phase") == "play" and self._turn_seat == decider else ""
        if decider is not None and decider == self.viewer and self.legal:
            if self.picked and obs.get("phase") == "play":
                rank = rank_of(self.picked[0])
                more = str(play(len(self.picked) + 1, rank)) in self.legal
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
