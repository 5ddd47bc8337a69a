"""A game's table: the kit's rooms put together, and the life of a table.

A TableScene holds a Match and shows the observation of the seat on screen. Each frame it takes the
match's events into a timeline and plays them back on a zone model of the table (a card leaves its
hand, flies, lands); when everything has settled it brings the model in line with the observation,
hands the screen over in hot-seat, lets a bot think a little, or waits for the person's click.
Clicks become actions only by matching them against `match.legal_actions()`.

The rooms, each on top of the one before: hooks.py (what a game's table overrides, and nothing else),
motion.py (cards placed, flown and lit), story.py (events into the log, the game told again), input.py
(clicks, drags, keys, inspecting), canvas.py (drawing), and this module (entering, resizing, a frame).

The table is a stack of layers (scenes/layers.py): the table itself, cards in flight, marks (the hint,
a lesson's pointers), banners (announcements, a shown hand, a note) and the inspect view. Each takes its
own input, top first, and Esc closes only the top one: a card shown large, then a banner, then at the
bare table the menu. The pause menu, the History and questions are overlays on the app's scene stack:
when one covers the table, the cards in flight are parked where they were going.

Everything on screen comes from what the person at the screen may know (ALL-R2): the events played
back are redacted for that seat, and when the screen is handed to another person, after an undo and
when a saved game opens, the table tells the whole game again from the record as that person knows it
(`retell`): a new log, the table's memory rebuilt, and nothing left over from whoever looked before.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, final

import pygame

from game.ai.worker import BotWorker
from game.logs import logger
from scenes.inspect import Inspector
from scenes.layers import Layer, LayerStack, Place
from scenes.table.kit.animation import Timeline
from scenes.table.kit.canvas import TableCanvas
from scenes.table.kit.cards import CardLayer
from scenes.table.kit.handoff import HandoffScene
from scenes.table.kit.hint import TableHint
from scenes.table.kit.hooks import BANNER_SECONDS, HOOKS, ObsT
from scenes.table.kit.layout import Scale
from scenes.table.kit.logbook import Logbook, LogView
from scenes.table.kit.moments import Moments
from scenes.table.kit.paint import PanelCache, TextCache
from scenes.table.kit.zones import ZoneModel

if TYPE_CHECKING:
    from game.match import Match
    from scenes.scene import Host

log = logger(__name__)

BOT_BUDGET_MS = 6.0


class TableScene(TableCanvas[ObsT]):
    """The table of one game, built from the kit's rooms; a game's table subclasses it and overrides the
    declared hooks (hooks.py) only."""

    def __init__(
        self,
        app: Host,
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
        self.moments = Moments(reduced=lambda: bool(app.settings.reduced_motion))
        self.texts = TextCache()
        self.panels = PanelCache()
        self.obs = {}  # type: ignore[assignment]  # the first observation comes with on_enter
        self.legal = []
        self.targets = []
        self.buttons = []
        self.logbook = Logbook()  # the game as the person at the screen knows it
        self.log_view = LogView()
        self.log_box = None  # where the table shows the log (set by compute_layout)
        self.prompt_box = None  # where the prompt was drawn last (draw_prompt)
        self.banner = None
        self.reveal = None
        self.toast = None
        # called with (seat on screen, observation) whenever the table takes an observation: lets a test
        # or a tool check that only the deciding person's view ever reaches the screen
        self.observed = None
        self.scale = Scale(*app.size)
        self.margin = 8  # the gap at the window's edges: each table sets it in compute_layout
        self.mouse = (-1, -1)
        self.clock = 0.0  # seconds this table has run
        self.layout_generation = 0  # changes with every new layout (a resize, another person's seat)
        self.layer.badge = self.badge
        self.layer.picture = self.card_picture
        self._count_badges = {}
        self._dirty = True
        self._snap_next = True
        self._bot_wait = 0.0
        self._finished = False
        self._targets_key = None
        self._press = None
        self._drag = None
        self._underlay = None
        self._backdrop = None
        self._backdrop_gen = -1
        self._layout_viewer = None
        self._obs_actions = -1
        self._last_sound = -1.0
        self._told_viewer = None  # whom the log tells the game as they know it
        #: (actions then, text): kept through a retelling, and told again in another language
        self._notices_told = []
        self._last_told = None
        self._turns = None  # (the first turn's seat, the seat whose turn it is)
        self._log_body = pygame.Rect(0, 0, 0, 0)  # where the log's lines are: the wheel scrolls them
        self._underlay_version = 0
        self._underlay_built = -1
        self._art_generation = app.art.generation
        self.hint = TableHint(self)  # the Hint button and key H (scenes/table/kit/hint.py)
        # a card shown large with its rule text (scenes/inspect.py), as the match's variant has it
        self.inspector = Inspector(match.options)
        self._reveal_spots = []  # the shown hand's cards: (where, art id)
        self.layers = LayerStack()
        self.add_layer(Layer(Place.TABLE, self.draw_table, handle=self.table_input, close=self.open_menu,
                             name="table"))
        self.add_layer(Layer(Place.FLIGHT, self.draw_flights, shown=self.layer.has_flights, name="flight"))
        self.add_layer(Layer(Place.FLIGHT, self.moments.draw, shown=self.moments.busy_now, name="moments"))
        self.add_layer(Layer(Place.MARKS, self.draw_all_marks, name="marks"))
        self.add_layer(Layer(Place.BANNERS, self.draw_banners, shown=self.announcing,
                             handle=self.banner_input, close=self.close_announcement, name="banners"))
        self.add_layer(Layer(Place.INSPECT, self.draw_inspected, shown=self.inspector.showing,
                             modal=self.inspector.modal, handle=self.inspector.handle_event,
                             close=self.inspector.close, name="inspect"))

    @final
    def on_enter(self) -> None:
        if self.bots:  # searches think in their own process: the table keeps its frame rate
            self.match.use_worker(BotWorker.shared())
        self._relayout_window(self.view_size())
        self.retell()  # a game under way (a saved one, resumed) is told as if the person had watched
        self.obs = self._fetch_observation()
        start, deal = ({}, []) if self.match.actions else self.initial_deal(self.obs)
        if deal and self.move_seconds > 0:
            self.model.resync(start)
            self.relayout(0.0)
            for move in deal:  # the deal is no event of the record: it flies, and the log says nothing
                self.timeline.add(partial(self._fly, move, self.stagger(move)))
            self._dirty = True
            self._snap_next = False
            self._hide_decider()  # who starts is told once the cards are dealt
        else:
            self._resync(animate=False)

    @final
    def on_resume(self) -> None:
        """Back from the pause menu or the handoff screen: the seat on screen may have changed."""
        if self.has_ui:
            self.ui.set_window_resolution(self.app.size)
        if self.view_size() != (self.scale.width, self.scale.height):
            self._relayout_window(self.view_size())
        self._dirty = True
        self._snap_next = True

    @final
    def on_resize(self, size: tuple[int, int]) -> None:
        if self.has_ui:
            self.ui.set_window_resolution(size)
        self._relayout_window(size)

    @final
    def on_language_changed(self) -> None:
        """Every word again in the new language: the labels, and the log told again from the record."""
        super().on_language_changed()
        self.forget_words()
        self.hint.forget_words()
        self.retell()
        self._dirty = True

    @final
    def _relayout_window(self, size: tuple[int, int]) -> None:
        self.scale = Scale(max(1, size[0]), max(1, size[1]))
        self._layout_viewer = self.viewer
        self.layout_generation += 1
        self.compute_layout()
        self._place_history_button()
        self._place_hint_button()
        self.warm_art()
        self.refresh_underlay()
        self._drag = None
        self.moments.finish()  # its effects were placed for the old size
        self.relayout(0.0)
        self.layer.finish()
        self._targets_key = None

    @final
    def update(self, dt: float) -> None:
        self.clock += dt
        self._follow_art()
        if self.viewer != self._told_viewer:  # another person at the screen (ALL-R2)
            self.retell()
            self._resync(animate=False)
        self._take_events()
        self._take_notices()
        self.moments.update(dt)
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
            if button.key == "undo":  # shown while people play; a refused undo says why when pressed
                button.visible = bool(self.match.human_seats)
                button.enabled = self.settled and self.match.can_undo(self._seat_arg)
            elif button.key == "hint":  # for a person's own decision: none for this game or a spectator
                hints = self.app.settings.hints_on(self.match.game.id)
                button.visible = hints and bool(self.match.human_seats)
                button.enabled = self.hint.enabled and not self.hint.thinking
        for button in self.buttons:
            if not self.shows_button(button.key):
                button.visible = False
        self.hint.update()
        self._point_at_card(dt)
        if not self.settled:
            self.set_targets([])
            return
        if self._dirty or self._obs_actions != len(self.match.actions):  # a decision without events
            self._resync(animate=not self._snap_next)
            self._snap_next = False
            return
        self._flow(dt)
        if self.caught_up and self.in_front():
            self.on_caught_up()

    @final
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
        self.layer.forget_flips()  # flip frames of the old art
        self._relayout_window(self.view_size())  # the card size may have changed too; warms the art

    @final
    def _flow(self, dt: float) -> None:
        match = self.match
        if self._drag is not None:
            return
        if match.is_over():
            self.set_targets([])
            results = self.app.exits.results
            if self.to_results and not self._finished and results is not None:
                self._finished = True
                self.app.replace(results(self.app, match))
            return
        waiting = match.handoff_seat() if self.follow else None
        if waiting is not None:
            self.set_targets([])
            self.app.push(HandoffScene(self.app, match, waiting, partial(self.handoff_words, waiting)))
            return
        if match.bot_to_act() is not None:
            self.set_targets([])
            if not self.bots:
                return
            self._bot_wait += dt
            if self._bot_wait >= self.bot_pause():
                events = match.step_bot(budget_ms=BOT_BUDGET_MS)
                if events is not None:
                    self._bot_wait = 0.0
            return
        self._bot_wait = 0.0
        key = (len(match.actions), self.viewer, self.layout_generation, match.can_undo(self._seat_arg))
        if key != self._targets_key:
            self._targets_key = key
            self.legal = [str(a) for a in match.legal_actions(self._seat_arg)]
            self.set_targets(self.find_targets(self.legal))

    @final
    def _fetch_observation(self) -> ObsT:
        self._obs_actions = len(self.match.actions)
        obs = self.match.observation(self._seat_arg)
        if self.observed is not None:
            self.observed(self.viewer, dict(obs))
        return obs  # type: ignore[return-value]  # the match's game is this table's game

    @final
    def _resync(self, animate: bool) -> None:
        self.refresh_underlay()
        if self.viewer != self._layout_viewer:  # another person at the screen: their seat at the bottom
            self.model.zones.clear()
            self._relayout_window(self.view_size())
            animate = False
        self.obs = self._fetch_observation()
        self.model.resync(self.wanted_zones(self.obs))
        self.relayout(self.move_seconds if animate else 0.0)
        self._dirty = False
        self._targets_key = None

    # -- layers ------------------------------------------------------------------------------------
    @final
    def add_layer(self, layer: Layer) -> Layer:
        """A layer of the table's own at its place (a guided game adds none: lessons are overlays)."""
        return self.layers.add(layer)

    @final
    def draw(self, surface: pygame.Surface) -> None:
        self.layers.draw(surface)

    @final
    def handle_event(self, event: pygame.event.Event) -> None:
        self.layers.handle_event(event)

    @final
    def drop_caches(self) -> None:
        """Off the stack, or swapped for another (a replay seen through other eyes): the pictures of the
        whole window it keeps go with its caches (at 2560x1080 each is 10 MB)."""
        super().drop_caches()
        self._underlay = self._backdrop = None
        self._underlay_built = self._backdrop_gen = -1
        self.moments.clear()

    @final
    def on_cover(self) -> None:
        """An overlay (the pause menu, the History, a question, a lesson) covers the table: cards in
        flight are parked where they were going, a moment is played to its end, a drag is let go, and a
        card shown large closes."""
        self._drag = self._press = None
        self.moments.finish()
        self.layer.finish()
        self.inspector.close()


__all__ = ["BANNER_SECONDS", "BOT_BUDGET_MS", "HOOKS", "TableScene"]
