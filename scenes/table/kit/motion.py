"""The cards on the table: where each goes (`relayout`), how it flies there, which are lit for a choice,
and when everything has settled. Events are played back here as card moves, announcements and sounds."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import final

from game.core import CardMoved, CardsRevealed, Event, Shuffled
from scenes import sound
from scenes.table.kit.animation import Banner, Hold, Reveal
from scenes.table.kit.hooks import ObsT, TableHooks
from scenes.table.kit.moments import Effect
from scenes.table.kit.sprite import CardSprite
from scenes.table.kit.targets import Target

Step = Callable[[], Hold | None]  # a step of the playback: it starts something, returns what to wait for

REVEAL_SECONDS = 2.2
SOUND_GAP = 0.07


class TableMotion(TableHooks[ObsT]):
    """Cards placed, flown and lit."""

    @final
    @property
    def settled(self) -> bool:
        """Nothing left to play back or move."""
        return self.timeline.idle and not self.layer.busy

    @final
    @property
    def dragging(self) -> bool:
        """A card is being dragged."""
        return self._drag is not None

    @final
    @property
    def playing_back(self) -> bool:
        """Events are being played back: the observation may already be ahead of the cards shown."""
        return self._dirty

    @final
    @property
    def caught_up(self) -> bool:
        """Settled, and showing the latest observation."""
        return self.settled and not self._dirty and self._obs_actions == len(self.match.actions)

    @final
    def refresh_underlay(self) -> None:
        """What lies under the cards changed (text, plates): compose it again before the next frame."""
        self._underlay_version += 1

    @final
    def set_targets(self, targets: list[Target]) -> None:
        """What may be clicked now: lit, and the rest of their zones (and the own hand) dimmed."""
        if not targets and not self.targets:
            return
        self.refresh_underlay()
        self.targets = targets
        if not targets:
            self.legal = []
            self._targets_key = None
        target_uids = {t.uid for t in targets if t.uid is not None}
        zones = {self.layer.sprites[u].zone for u in target_uids if u in self.layer.sprites}
        own_hand = self.hand_zone()
        if targets and own_hand is not None:
            zones.add(own_hand)  # a hand that is not asked for now is dimmed too: "not these"
        for sprite in self.layer:
            sprite.highlight = sprite.uid in target_uids
            sprite.dim = sprite.zone in zones and sprite.uid not in target_uids and not sprite.selected
            if sprite.uid not in target_uids:
                sprite.hover = False
        if targets:
            self.mark_targets(targets)

    @final
    def refresh_targets(self) -> None:
        """Ask `find_targets` again at the next settled frame (what is offered changed: a card was
        picked up or put back)."""
        self._targets_key = None

    @final
    def relayout(self, seconds: float) -> None:
        """Every card to where the layout wants it now, moving there over `seconds` (0: at once)."""
        alive = set()
        for zone, entries in self.model.zones.items():
            placements = self.place_zone(zone, entries)
            for entry, placement in zip(entries, placements, strict=True):
                alive.add(entry.uid)
                sprite = self.layer.sprites.get(entry.uid)
                if sprite is None:
                    sprite = self.layer.add(
                        CardSprite(
                            entry.uid,
                            entry.card,
                            zone,
                            center=placement.center,
                            size=placement.size,
                            face_up=placement.face_up,
                            shown_face=placement.face_up,
                        )
                    )
                sprite.card = entry.card
                sprite.zone = zone
                self.style(sprite)
                sprite.place(placement, seconds, calm=self.reduced_motion)
        for uid in [u for u in self.layer.sprites if u not in alive]:
            self.layer.remove(uid)
        self.decorate()

    @final
    def _steps_of(self, event: Event, banner: Banner | None, effects: Sequence[Effect] | None) -> list[Step]:
        """How `event` plays back, step by step: its card move (or shuffle, or shown hand), then its
        moment, then its banner (a banner that `leads` comes before the move it announces)."""
        steps: list[Step] = []
        announce: Step | None = partial(self._announce, banner) if banner is not None else None
        moment: Step | None = partial(self.moments.play, effects) if effects else None
        if isinstance(event, CardMoved):
            move = self.table_move(event)
            if announce is not None and banner is not None and banner.leads:
                steps.append(announce)
                announce = None
            steps.append(partial(self._fly, move, self.stagger(move)))
        elif isinstance(event, Shuffled):
            steps.append(partial(self._shuffle, event))
        elif isinstance(event, CardsRevealed) and event.cards:
            steps.append(partial(self._reveal, event))
        steps.extend(step for step in (moment, announce) if step is not None)
        return steps

    @final
    def _shuffle(self, event: Shuffled) -> Hold:
        self.play_shuffle(event)
        self.relayout(self.move_seconds)
        self.sound("shuffle")
        return Hold(self.move_seconds)

    @final
    def _reveal(self, event: CardsRevealed) -> Hold:
        self.reveal = Reveal(event.seat, event.cards, Hold(REVEAL_SECONDS * self.speed))
        self.sound("flip")
        return self.reveal.hold

    @final
    def _fly(self, move: CardMoved, share: float | None) -> Hold:
        """A card flies from one zone to another; the next step waits for it, or for `share` of it."""
        seconds = self.move_seconds
        self.model.move(move.card, move.src, move.dst)
        self.relayout(seconds)
        self.sound("place")
        return Hold(seconds * share if share is not None else seconds)

    @final
    def _announce(self, banner: Banner) -> Hold:
        self.banner = banner
        if banner.sound:
            self.sound(banner.sound)
        return banner.hold

    @final
    def sound(self, name: str) -> None:
        """A table sound, at most one every SOUND_GAP seconds (a deal would otherwise rattle)."""
        if self.clock - self._last_sound < SOUND_GAP:
            return
        self._last_sound = self.clock
        sound.play(name)


__all__ = ["REVEAL_SECONDS", "SOUND_GAP", "TableMotion"]
