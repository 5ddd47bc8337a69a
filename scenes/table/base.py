"""The table framework shared by every game's table scene.

A TableScene holds a Match and shows the observation of the seat on screen. Each frame it takes the
match's events into a timeline and plays them back on a zone model of the table (a card leaves its
hand, flies, lands); when everything has settled it brings the model in line with the observation,
hands the screen over in hot-seat, lets a bot think a little, or waits for the human's click.
Clicks become actions only by matching them against `match.legal_actions()`.

A game's table subclasses it and says where zones lie (`place_zone`), which art a card shows
(`style`), what can be clicked (`targets`), and draws its plates and piles.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.ai.worker import BotWorker
from game.core import (
    CardMoved,
    CardsRevealed,
    Event,
    GameEnded,
    KartentischError,
    RoundEnded,
    Shuffled,
)
from scenes import sound
from scenes.base import Scene
from scenes.settings import MOVE_SECONDS

from .anim import Hold, Timeline
from .cards import CardLayer, CardSprite, Placement
from .layout import Scale
from .paint import GOLD, INK, INK_DIM, Button, PanelCache, TextCache, draw_button
from .zones import Entry, ZoneModel

if TYPE_CHECKING:
    from game.match import Match
    from scenes.app import App

log = logging.getLogger(__name__)

BOT_BUDGET_MS = 6.0
DEAL_STAGGER = 0.12  # of a move's time between two dealt cards
BANNER_SECONDS = 3.2  # at normal speed
REVEAL_SECONDS = 2.2
TOAST_SECONDS = 1.6
NOTICE_SECONDS = 6.0  # a note on things outside the game (the autosave, the AI): long enough to read
DRAG_THRESHOLD = 6
LOG_LINES = 200
SOUND_GAP = 0.07


@dataclass
class Target:
    """Something the player may click, and the legal action it stands for."""

    action: str
    uid: int | None = None  # a card sprite
    rect: pygame.Rect | None = None  # a plate, a display row
    label: str | None = None  # a button (drawn by the table)
    draggable: bool = False  # a hand card that may be dragged onto the own display


@dataclass
class Banner:
    title: str
    lines: list[str]
    hold: Hold


@dataclass
class Reveal:
    seat: int
    cards: tuple[str, ...]
    hold: Hold


class TableScene(Scene):
    game_id: ClassVar[str] = ""

    def __init__(
        self,
        app: App,
        match: Match,
        *,
        seat: int | None = None,
        follow: bool = True,
        to_results: bool = True,
        bots: bool = True,
    ) -> None:
        super().__init__(app)
        self.match = match
        self.follow = follow  # the screen follows match.view_seat (hot-seat); else it shows `seat`
        self.fixed_seat = seat
        self.to_results = to_results
        self.bots = bots  # False: a still picture (bots do not move on their own)
        self.layer = CardLayer(match.game.id)
        self.model = ZoneModel(self.layer.new_uid)
        self.timeline = Timeline()
        self.texts = TextCache()
        self.panels = PanelCache()
        self.obs: dict[str, Any] = {}
        self.legal: list[str] = []
        self.targets: list[Target] = []
        self.buttons: list[Button] = []
        self.log_lines: deque[str] = deque(maxlen=LOG_LINES)
        self.banner: Banner | None = None
        self.reveal: Reveal | None = None
        self.toast: tuple[str, float] | None = None
        # called with (seat on screen, observation) whenever the table takes an observation: lets a test
        # or a tool check that only the deciding person's view ever reaches the screen
        self.observed: Callable[[int | None, dict[str, Any]], None] | None = None
        self.scale = Scale(*app.size)
        self.margin = 8  # the gap at the window's edges: each table sets it in compute_layout
        self._count_badges: dict[tuple[int, int], pygame.Surface] = {}
        self._dirty = True
        self._snap_next = True
        self._bot_wait = 0.0
        self._finished = False
        self._targets_key: tuple[Any, ...] | None = None
        self._layout_gen = 0
        self._press: tuple[tuple[int, int], Target | None, Button | None] | None = None
        self._drag: tuple[CardSprite, tuple[float, float], Target] | None = None
        self._mouse = (-1, -1)
        self._underlay: pygame.Surface | None = None
        self._backdrop: pygame.Surface | None = None
        self._backdrop_gen = -1
        self._layout_viewer: int | None = None
        self._obs_actions = -1
        self._clock = 0.0
        self._last_sound = -1.0
        self._underlay_version = 0
        self._underlay_built = -1
        self._art_generation = app.art.generation

    # -- whose table ------------------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        return self.match.view_seat if self.follow else self.fixed_seat

    @property
    def players(self) -> int:
        return len(self.match.seats)

    @property
    def bottom_seat(self) -> int:
        """The seat drawn at the bottom, nearest the person at the screen."""
        return self.viewer if self.viewer is not None else 0

    def seats_across(self) -> list[int]:
        """The other seats left to right, in turn order after the seat at the bottom."""
        return [(self.bottom_seat + i) % self.players for i in range(1, self.players)]

    @property
    def _seat_arg(self) -> int | None:
        """What to pass to the match's seat parameters (None there means 'the seat on screen')."""
        return None if self.follow else self.fixed_seat

    def seat_name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.match.seats):
            return "?"
        return self.match.seats[seat].name

    @property
    def speed(self) -> float:
        """Animation time relative to 'normal' (0 with animations off)."""
        return self.app.settings.move_seconds / MOVE_SECONDS["normal"]

    @property
    def move_seconds(self) -> float:
        return self.app.settings.move_seconds

    # -- the game's part ---------------------------------------------------------------------------
    def wanted_zones(self, obs: dict[str, Any]) -> dict[str, list[str | None]]:
        """Every zone's cards as the observation shows them (None: a card this seat does not know)."""
        raise NotImplementedError

    def compute_layout(self) -> None:
        """Work out the regions for `self.scale` (called on enter and on every resize)."""
        raise NotImplementedError

    def place_zone(self, zone: str, entries: Sequence[Entry]) -> list[Placement]:
        raise NotImplementedError

    def style(self, sprite: CardSprite) -> None:
        """Set the sprite's art id and back kind from its zone and card."""
        raise NotImplementedError

    def find_targets(self, legal: list[str]) -> list[Target]:
        raise NotImplementedError

    def decorate(self) -> None:
        """Per-card marks from the observation (selected, blocked), after each layout."""

    def hand_zone(self) -> str | None:
        """The zone of the hand of the seat on screen."""
        return None

    def drop_rect(self) -> pygame.Rect | None:
        """Where a dragged hand card may be dropped to play it."""
        return None

    def draw_under(self, surface: pygame.Surface) -> None:
        """Plates, pile labels: everything below the cards."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Prompt, log, info: everything above the cards."""

    def describe(self, event: Event) -> str | None:
        """A log line for an event (None: not worth a line)."""
        return None

    def play_shuffle(self, event: Shuffled) -> None:
        """A pile was shuffled: move the model's cards the way this game does it."""

    def banner_for(self, event: Event) -> Banner | None:
        if isinstance(event, RoundEnded):
            return Banner("Round over", [event.text], Hold(BANNER_SECONDS * self.speed))
        if isinstance(event, GameEnded):
            return Banner("Game over", [event.text], Hold(BANNER_SECONDS * self.speed))
        return None

    def initial_deal(self, obs: dict[str, Any]) -> tuple[dict[str, list[str | None]], list[CardMoved]]:
        """The table before the first deal and the moves of that deal ({} and []: no deal animation)."""
        return {}, []

    # -- life cycle --------------------------------------------------------------------------------
    def on_enter(self) -> None:
        if self.bots:  # searches think in their own process: the table keeps its frame rate
            self.match.use_worker(BotWorker.shared())
        self._relayout_window(self.app.size)
        self.obs = self._fetch_observation()
        start, deal = ({}, []) if self.match.actions else self.initial_deal(self.obs)
        if deal and self.move_seconds > 0:
            self.model.resync(start)
            self._relayout(0.0)
            for move in deal:
                self.timeline.add(lambda m=move: self._play_event(m))
            self._dirty = True
            self._snap_next = False
        else:
            self._resync(animate=False)

    def on_resume(self) -> None:
        """Back from the pause menu or the handoff screen: the seat on screen may have changed."""
        if self.has_ui:
            self.ui.set_window_resolution(self.app.size)
        if self.app.size != (self.scale.width, self.scale.height):
            self._relayout_window(self.app.size)
        self._dirty = True
        self._snap_next = True

    def on_resize(self, size: tuple[int, int]) -> None:
        if self.has_ui:
            self.ui.set_window_resolution(size)
        self._relayout_window(size)

    def _relayout_window(self, size: tuple[int, int]) -> None:
        self.scale = Scale(max(1, size[0]), max(1, size[1]))
        self._layout_viewer = self.viewer
        self._layout_gen += 1
        self.compute_layout()
        self.warm_art()
        self.refresh_underlay()
        self._drag = None
        self._relayout(0.0)
        self.layer.finish()
        self._targets_key = None

    # -- frame -------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._clock += dt
        self._follow_art()
        self._take_events()
        self._take_notices()
        self.timeline.advance(dt)
        self.layer.update(dt)
        if self.toast is not None and self.toast[1] <= 0:
            self.toast = None
        elif self.toast is not None:
            self.toast = (self.toast[0], self.toast[1] - dt)
        if self.banner is not None and self.banner.hold.done:
            self.banner = None
        if self.reveal is not None and self.reveal.hold.done:
            self.reveal = None
        for button in self.buttons:
            if button.key == "undo":
                button.enabled = self.settled and self.match.can_undo()
                button.visible = self.match.can_undo()
        if not self.settled:
            self._set_targets([])
            return
        if self._dirty or self._obs_actions != len(self.match.actions):  # a decision without events
            self._resync(animate=not self._snap_next)
            self._snap_next = False
            return
        self._flow(dt)

    def _follow_art(self) -> None:
        """Art files changed on disk (a designer at work) or another pack was chosen: show the new art
        without a restart (the library looks at the files at most twice a second)."""
        art = self.app.art
        art.poll(self.app.time)
        if art.generation == self._art_generation:
            return
        self._art_generation = art.generation
        for sprite in self.layer:
            sprite.image = None  # each sprite keeps its surface: ask the library again
        self.layer._narrow.clear()  # flip frames of the old art
        self._relayout_window(self.app.size)  # the card size may have changed too; warms the art

    @property
    def settled(self) -> bool:
        """Nothing left to play back or move."""
        return self.timeline.idle and not self.layer.busy

    @property
    def caught_up(self) -> bool:
        """Settled, and showing the latest observation."""
        return self.settled and not self._dirty and self._obs_actions == len(self.match.actions)

    def _flow(self, dt: float) -> None:
        match = self.match
        if self._drag is not None:
            return
        if match.is_over():
            self._set_targets([])
            if self.to_results and not self._finished:
                self._finished = True
                from scenes.results import ResultsScene

                self.app.replace(ResultsScene(self.app, match))
            return
        if self.follow and match.handoff_seat() is not None:
            from .handoff import HandoffScene

            self._set_targets([])
            self.app.push(HandoffScene(self.app, match, match.handoff_seat()))
            return
        if match.bot_to_act() is not None:
            self._set_targets([])
            if not self.bots:
                return
            self._bot_wait += dt
            if self._bot_wait >= self.app.settings.bot_pause_seconds:
                events = match.step_bot(budget_ms=BOT_BUDGET_MS)
                if events is not None:
                    self._bot_wait = 0.0
            return
        self._bot_wait = 0.0
        key = (len(match.actions), self.viewer, self._layout_gen, match.can_undo())
        if key != self._targets_key:
            self._targets_key = key
            self.legal = [str(a) for a in match.legal_actions(self._seat_arg)]
            self._set_targets(self.find_targets(self.legal))

    def _take_events(self) -> None:
        events = self.match.drain_events(self._seat_arg)
        for event in events:
            self.timeline.add(lambda e=event: self._play_event(e))
        if events:
            self._dirty = True
            self._targets_key = None

    def _take_notices(self) -> None:
        """What the match tells the player of things outside the game (a save that fails, an AI that
        did not answer): a note over the table that does not stop play, and a line in the log."""
        for text in self.match.drain_notices():
            self.log_lines.append(text)
            self.refresh_underlay()
            self.toast = (text, NOTICE_SECONDS)

    def _fetch_observation(self) -> dict[str, Any]:
        self._obs_actions = len(self.match.actions)
        obs = self.match.observation(self._seat_arg)
        if self.observed is not None:
            self.observed(self.viewer, obs)
        return obs

    # -- playing events back ----------------------------------------------------------------------
    def _play_event(self, event: Event) -> Hold | None:
        self.refresh_underlay()
        line = self.describe(event)
        if line and (not self.log_lines or self.log_lines[-1] != line):
            self.log_lines.append(line)
        if event.kind == "Undone":
            self.timeline.clear()
            self._dirty = True
            self._snap_next = True
            return None
        seconds = self.move_seconds
        if isinstance(event, CardMoved):
            self.model.move(event.card, event.src, event.dst)
            self._relayout(seconds)
            self.sound("place")
            if event.src == "draw" and event.dst.startswith("hand:"):
                return Hold(seconds * DEAL_STAGGER)
            return Hold(seconds)
        if isinstance(event, Shuffled):
            self.play_shuffle(event)
            self._relayout(seconds)
            self.sound("shuffle")
            return Hold(seconds)
        if isinstance(event, CardsRevealed) and event.cards:
            self.reveal = Reveal(event.seat, event.cards, Hold(REVEAL_SECONDS * self.speed))
            self.sound("flip")
            return self.reveal.hold
        banner = self.banner_for(event)
        if banner is not None:
            self.banner = banner
            self.sound("round_end")
            return banner.hold
        return None

    def sound(self, name: str) -> None:
        """A table sound, at most one every SOUND_GAP seconds (a deal would otherwise rattle)."""
        if self._clock - self._last_sound < SOUND_GAP:
            return
        self._last_sound = self._clock
        sound.play(name)

    def _resync(self, animate: bool) -> None:
        self.refresh_underlay()
        if self.viewer != self._layout_viewer:  # another person at the screen: their seat at the bottom
            self.model.zones.clear()
            self._relayout_window(self.app.size)
            animate = False
        self.obs = self._fetch_observation()
        self.model.resync(self.wanted_zones(self.obs))
        self._relayout(self.move_seconds if animate else 0.0)
        self._dirty = False
        self._targets_key = None

    def _relayout(self, seconds: float) -> None:
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
                sprite.place(placement, seconds)
        for uid in [u for u in self.layer.sprites if u not in alive]:
            self.layer.remove(uid)
        self.decorate()

    # -- input -------------------------------------------------------------------------------------
    def _set_targets(self, targets: list[Target]) -> None:
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

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_pause()
            elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.request_undo()
            elif event.key in (pygame.K_SPACE, pygame.K_RETURN):
                self.timeline.skip()
        elif event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            self._on_motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._mouse = event.pos
            self._on_press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse = event.pos
            self._on_release(event.pos)

    def open_pause(self) -> None:
        from scenes.pause import PauseScene

        self._drag = None
        self.app.push(PauseScene(self.app, self.match))

    def request_undo(self) -> None:
        if not self.match.can_undo():
            self.say("There is nothing to take back")
            return
        if not self.settled:
            self.say("One moment: the cards are still moving")
            return
        self.match.undo()
        self._targets_key = None

    def say(self, text: str) -> None:
        self.toast = (text, TOAST_SECONDS)

    def _button_at(self, pos: tuple[int, int]) -> Button | None:
        for button in self.all_buttons():
            if button.rect.collidepoint(pos):
                return button
        return None

    def all_buttons(self) -> list[Button]:
        """The table's own buttons plus one per labelled target."""
        return [b for b in self.buttons if b.visible] + [
            Button(t.rect, t.label, t.action, hot=True)
            for t in self.targets
            if t.label is not None and t.rect is not None
        ]

    def target_at(self, pos: tuple[float, float]) -> Target | None:
        """The legal target under `pos`: a button first, then the topmost card, then a plate or row."""
        for target in self.targets:
            if target.label is not None and target.rect is not None and target.rect.collidepoint(pos):
                return target
        by_uid = {t.uid: t for t in self.targets if t.uid is not None}
        sprite = self.layer.hit(pos, by_uid)
        if sprite is not None:
            return by_uid[sprite.uid]
        for target in self.targets:
            if target.label is None and target.rect is not None and target.rect.collidepoint(pos):
                return target
        return None

    def click_points(self) -> list[tuple[tuple[int, int], str]]:
        """Where each legal target can be clicked, with its action (what a test clicks on)."""
        points = []
        for target in self.targets:
            if target.uid is not None:
                sprite = self.layer.sprites.get(target.uid)
                if sprite is None:
                    continue
                rect = sprite.rect
                spot = self._visible_spot(sprite)
                points.append(
                    ((round(spot[0]), round(spot[1])), target.action)
                    if spot
                    else ((round(rect.centerx), round(rect.centery)), target.action)
                )
            elif target.rect is not None:
                points.append((target.rect.center, target.action))
        return points

    def _visible_spot(self, sprite: CardSprite) -> tuple[float, float] | None:
        """A point of `sprite` that no card above it covers."""
        rect = sprite.rect
        for fx in (0.5, 0.2, 0.1, 0.8, 0.9):
            for fy in (0.5, 0.2, 0.8):
                point = (rect.x + rect.w * fx, rect.y + rect.h * fy)
                top = self.layer.hit(point)
                if top is sprite:
                    return point
        return None

    def _on_motion(self, pos: tuple[int, int]) -> None:
        if self._drag is not None:
            sprite, offset, _ = self._drag
            sprite.center = (pos[0] + offset[0], pos[1] + offset[1])
            return
        hovered = self.target_at(pos) if self.targets else None
        hand = self.hand_zone()
        for sprite in self.layer:
            sprite.hover = hovered is not None and sprite.uid == hovered.uid and sprite.zone == hand

    def _on_press(self, pos: tuple[int, int]) -> None:
        button = self._button_at(pos)
        target = None if button is not None else self.target_at(pos)
        self._press = (pos, target, button)
        if target is not None and target.draggable and target.uid in self.layer.sprites:
            sprite = self.layer.sprites[target.uid]
            sprite.flying = True
            self._drag = (sprite, (sprite.center[0] - pos[0], sprite.center[1] - pos[1]), target)

    def _on_release(self, pos: tuple[int, int]) -> None:
        press, self._press = self._press, None
        drag, self._drag = self._drag, None
        if drag is not None:
            sprite, _, target = drag
            sprite.flying = False
            moved = abs(pos[0] - press[0][0]) + abs(pos[1] - press[0][1]) if press else 0
            drop = self.drop_rect()
            if moved <= DRAG_THRESHOLD or (drop is not None and drop.collidepoint(pos)):
                self.act(target.action)
            else:
                self._relayout(self.move_seconds)
            return
        if self.banner is not None or self.reveal is not None:
            self.timeline.skip()
            return
        if press is None:
            return
        _, target, button = press
        if button is not None:
            if button.rect.collidepoint(pos) and button.enabled:
                self.press_button(button)
            return
        if target is not None:
            if self.target_at(pos) is target:
                self.act(target.action)
            return
        if not self.settled:
            self.say("One moment: the cards are still moving")
        elif self.legal:
            self.say(self.obs.get("prompt") or "That is not one of your choices now")

    def press_button(self, button: Button) -> None:
        if button.key == "undo":
            self.request_undo()
        elif button.key == "menu":
            self.open_pause()
        else:
            self.act(button.key)

    def act(self, action: str) -> None:
        """Play one of the legal actions (refused politely while anything still moves)."""
        if not self.settled:
            self.say("One moment: the cards are still moving")
            return
        if action not in self.legal:
            self.say("That is not one of your choices now")
            return
        try:
            self.match.play(action)
        except KartentischError as exc:
            self.say(str(exc))
            return
        self._set_targets([])

    # -- drawing -----------------------------------------------------------------------------------
    def refresh_underlay(self) -> None:
        """What lies under the cards changed (text, plates): compose it again before the next frame."""
        self._underlay_version += 1

    def _draw_underlay(self, surface: pygame.Surface) -> None:
        """The background, plates, piles' labels, prompt and log: composed into one opaque surface
        whenever they change, so a frame costs one blit for them instead of dozens."""
        size = surface.get_size()
        if (
            self._backdrop is None
            or self._backdrop.get_size() != size
            or self._backdrop_gen != self._layout_gen
        ):
            self._backdrop = self._opaque(size)
            self._backdrop.blit(self.app.art.table(self.game_id, size), (0, 0))
            self.draw_backdrop(self._backdrop)
            self._backdrop_gen = self._layout_gen
            self._underlay = self._opaque(size)
            self._underlay_built = -1
        if self._underlay is None or self._underlay_built != self._underlay_version:
            self._underlay.blit(self._backdrop, (0, 0))
            self.draw_under(self._underlay)
            self._underlay_built = self._underlay_version
        surface.blit(self._underlay, (0, 0))

    @staticmethod
    def _opaque(size: tuple[int, int]) -> pygame.Surface:
        image = pygame.Surface(size)
        return image.convert() if pygame.display.get_surface() is not None else image

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What changes only with the layout (the felt, the row panels): drawn once per window size."""

    def warm_art(self) -> None:
        """Scale every face and back this layout can show now, so no frame waits for a first scaling."""
        art = self.app.art
        for art_id, kind, size in self.art_sizes():
            if art_id is None:
                art.back(self.game_id, size, kind)
            else:
                art.card(self.game_id, art_id, size)

    def art_sizes(self) -> list[tuple[str | None, str, tuple[int, int]]]:
        """(art id or None for a back, back kind, size) of everything the layout may draw."""
        return []

    def draw(self, surface: pygame.Surface) -> None:
        art = self.app.art
        self._draw_underlay(surface)
        self._draw_rect_targets(surface)
        self.layer.draw(surface, art)  # a dragged card counts as flying: it is drawn last, on top
        self._draw_buttons(surface)
        self.draw_over(surface)
        if self.reveal is not None:
            self.draw_reveal(surface, self.reveal)
        if self.banner is not None:
            self.draw_banner(surface, self.banner)
        if self.toast is not None:
            self._draw_toast(surface, self.toast[0])

    def _draw_rect_targets(self, surface: pygame.Surface) -> None:
        width = self.scale.px(4, 2)
        for target in self.targets:
            if target.label is None and target.uid is None and target.rect is not None:
                hover = target.rect.collidepoint(self._mouse)
                pygame.draw.rect(
                    surface,
                    GOLD,
                    target.rect.inflate(width * 2, width * 2),
                    width * (2 if hover else 1),
                    border_radius=self.scale.px(10, 3),
                )

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        size = self.scale.font(24)
        for button in self.all_buttons():
            draw_button(surface, button, self.texts, size, button.rect.collidepoint(self._mouse))

    def draw_banner(self, surface: pygame.Surface, banner: Banner) -> None:
        w, h = surface.get_size()
        title = self.texts.fitted(banner.title, self.scale.font(54), w - 40, GOLD, True)
        lines = [self.texts.fitted(line, self.scale.font(30), w - 60) for line in banner.lines]
        hint = self.texts.render("click to continue", self.scale.font(20), INK_DIM)
        inner_w = max([title.get_width(), hint.get_width(), *[s.get_width() for s in lines]])
        pad = self.scale.px(28, 6)
        box_h = title.get_height() + sum(s.get_height() for s in lines) + hint.get_height() + pad * 3
        box = pygame.Rect(0, 0, min(w, inner_w + pad * 2), min(h, box_h))
        box.center = (w // 2, int(h * 0.46))
        surface.blit(self.panels.get(box.size, (12, 16, 22, 228), self.scale.px(16, 4)), box.topleft)
        pygame.draw.rect(surface, GOLD, box, self.scale.px(3), border_radius=self.scale.px(16, 4))
        y = box.y + pad
        surface.blit(title, title.get_rect(midtop=(box.centerx, y)))
        y += title.get_height() + pad // 2
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(box.centerx, y)))
            y += line.get_height()
        surface.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - pad // 2)))

    def draw_reveal(self, surface: pygame.Surface, reveal: Reveal) -> None:
        """A shown hand, large in the middle of the table for everyone to read."""
        w, h = surface.get_size()
        aspect = self.app.art.aspect(self.game_id)
        count = len(reveal.cards)
        cw, ch = self.reveal_card_size()
        gap = max(2, cw // 10)
        if count * (cw + gap) > w * 0.9:
            cw = max(8, int(w * 0.9 / count) - gap)
            ch = max(12, int(cw / aspect))
        title = self.texts.fitted(
            f"{self.seat_name(reveal.seat)} shows the hand", self.scale.font(34), w - 20, GOLD, True
        )
        pad = self.scale.px(20, 4)
        box = pygame.Rect(
            0, 0, min(w, count * (cw + gap) + pad * 2), min(h, ch + title.get_height() + pad * 3)
        )
        box.center = (w // 2, h // 2)
        surface.blit(self.panels.get(box.size, (12, 16, 22, 220), self.scale.px(14, 3)), box.topleft)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + pad)))
        x = box.centerx - (count * (cw + gap) - gap) / 2
        y = box.y + pad * 2 + title.get_height()
        for card in reveal.cards:
            art_id = self.art_id_for(card, f"hand:{reveal.seat}")
            surface.blit(self.app.art.card(self.game_id, art_id, (cw, ch)), (x, y))
            x += cw + gap

    def reveal_card_size(self) -> tuple[int, int]:
        """The size of the cards of a shown hand (best one the layout already uses: no new scaling)."""
        h = self.scale.height
        ch = max(12, int(h * 0.22))
        return (max(8, int(ch * self.app.art.aspect(self.game_id))), ch)

    def art_id_for(self, card: str, zone: str) -> str:
        return card

    def _draw_toast(self, surface: pygame.Surface, text: str) -> None:
        w, h = surface.get_size()
        label = self.texts.fitted(text, self.scale.font(24), w - 20, INK)
        box = label.get_rect(center=(w // 2, int(h * 0.36))).inflate(self.scale.px(30), self.scale.px(16))
        surface.blit(self.panels.get(box.size, (40, 20, 20, 225), self.scale.px(10, 3)), box.topleft)
        surface.blit(label, label.get_rect(center=box.center))

    def prime_log(self, events: Sequence[Event]) -> None:
        """Fill the log with events that happened before the table opened (no animation)."""
        for event in events:
            line = self.describe(event)
            if line and (not self.log_lines or self.log_lines[-1] != line):
                self.log_lines.append(line)

    def log_tail(self, count: int) -> list[str]:
        return list(self.log_lines)[-count:]

    def draw_prompt(self, surface: pygame.Surface, text: str, mine: bool, y: int, *, font_size: int = 32,
                    fill: tuple[int, int, int, int] = (10, 14, 20, 200)) -> pygame.Rect:
        """The one-line instruction on a dark pill across the table, gold when the decision is the
        screen's person's own."""
        w = surface.get_width()
        line = self.texts.fitted(text, self.scale.font(font_size), w - 2 * self.margin, GOLD if mine else INK,
                                 True)
        box = line.get_rect(center=(w // 2, y)).inflate(self.scale.px(30, 6), self.scale.px(10, 2))
        surface.blit(self.panels.get(box.size, fill, self.scale.px(10, 2)), box.topleft)
        surface.blit(line, line.get_rect(center=box.center))
        return box

    def count_badge(self, count: int) -> pygame.Surface:
        """The number of cards in a hand, on a dark pill (composed once per number and size)."""
        key = (count, self.scale.font(22))
        badge = self._count_badges.get(key)
        if badge is None:
            label = self.texts.render(str(count), key[1], INK, True)
            box = label.get_rect().inflate(self.scale.px(12, 4), self.scale.px(4, 2))
            badge = self.panels.get(box.size, (0, 0, 0, 190), box.height // 2).copy()
            badge.blit(label, label.get_rect(center=badge.get_rect().center))
            self._count_badges[key] = badge
        return badge

    def draw_log(self, surface: pygame.Surface, box: pygame.Rect, font_size: int = 17) -> None:
        """The latest log lines that fit `box`, the newest bright, the older dimmed."""
        size = self.scale.font(font_size)
        line_h = size + 4
        tail = self.log_tail(max(1, (box.height - 4) // line_h))
        y = box.y + 3
        for i, text in enumerate(tail):
            colour = INK if i == len(tail) - 1 else INK_DIM
            surface.blit(self.texts.fitted(text, size, box.width - 10, colour, shrink=False), (box.x + 5, y))
            y += line_h


__all__ = ["Banner", "Reveal", "TableScene", "Target"]
