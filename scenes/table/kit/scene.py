"""The table framework shared by every game's table scene.

A TableScene holds a Match and shows the observation of the seat on screen. Each frame it takes the
match's events into a timeline and plays them back on a zone model of the table (a card leaves its
hand, flies, lands); when everything has settled it brings the model in line with the observation,
hands the screen over in hot-seat, lets a bot think a little, or waits for the human's click.
Clicks become actions only by matching them against `match.legal_actions()`.

A game's table subclasses it and says where zones lie (`place_zone`), which art a card shows
(`style`), what can be clicked (`find_targets`), and draws its plates and piles. It speaks of the game
through public hooks only (no table overrides a private method here): `describe` an event as a log
line, `remember` what an event tells the table's own lines and panels, `banner_for` an announcement
(which may lead the card move it announces), `table_move` and `stagger` for how a card flies, `drop`
and `click_on_table` for where things may be put down, `card_picture` and `badge` for a card's look,
`card_notes` and `card_action` for what the inspect view and a click on a dimmed card say of a card.

Any face-up card can be inspected (scenes/inspect.py): the pointer resting on it, a right click, or I
on the focused card. The keyboard and a game controller reach every target, card and button through
`focus_items` (scenes/focus.py): the number keys pick the n-th legal card.

Everything on screen comes from what the person at the screen may know (ALL-R2): the events played
back are redacted for that seat, and when the screen is handed to another person, after an undo and
when a saved game opens, the table tells the whole game again from the record as that person knows it
(`retell`): a new log, the table's memory rebuilt, and nothing left over from whoever looked before.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import KW_ONLY, dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import pygame

from game.ai.worker import BotWorker
from game.core import (
    CardMoved,
    CardsRevealed,
    Event,
    GameEnded,
    KartentischError,
    Observation,
    RoundEnded,
    Shuffled,
    TurnChanged,
)
from game.i18n import Text, tr, words
from scenes import sound
from scenes.focus import Focusable
from scenes.fonts import font
from scenes.inspect import Inspectable, Inspector
from scenes.scene import Scene
from scenes.settings import MOVE_SECONDS
from scenes.table.kit.animation import Hold, Timeline
from scenes.table.kit.cards import CardLayer, CardSprite, Placement
from scenes.table.kit.hint import HINT_KEY, TableHint
from scenes.table.kit.layout import Scale
from scenes.table.kit.paint import GOLD, INK, INK_DIM, Button, PanelCache, TextCache, draw_button
from scenes.table.kit.story import Logbook, LogView
from scenes.table.kit.targets import Answer, Play, Say, Target
from scenes.table.kit.zones import Entry, ZoneModel

if TYPE_CHECKING:
    from game.match import Match
    from scenes.scene import Host

log = logging.getLogger(__name__)

BOT_BUDGET_MS = 6.0
DEAL_STAGGER = 0.12  # of a move's time between two dealt cards
BANNER_SECONDS = 3.2  # at normal speed
REVEAL_SECONDS = 2.2
TOAST_SECONDS = 1.6
NOTICE_SECONDS = 6.0  # a note on things outside the game (the autosave, the AI): long enough to read
DRAG_THRESHOLD = 6
SOUND_GAP = 0.07
LOG_WHEEL_ROWS = 2  # rows of the log one notch of the mouse wheel scrolls


@dataclass
class Banner:
    """An announcement over the table that an event calls for (a round's end, a burn, a trick won):
    it holds the playback until its time is up or a click moves it on."""

    title: str
    lines: list[str]
    hold: Hold
    _: KW_ONLY
    leads: bool = False  # shown before the card move it announces, which follows it
    sound: str | None = "round_end"

    def clicked(self) -> bool:
        """A click on it: True when it should go now (a banner may first show itself whole)."""
        return True


@dataclass
class Reveal:
    seat: int
    cards: tuple[str, ...]
    hold: Hold


ObsT = TypeVar("ObsT", bound=Observation)


class TableScene(Scene, Generic[ObsT]):
    """The table of one game: `ObsT` is the game's observation (a TypedDict its view declares)."""

    game_id: ClassVar[str] = ""

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
        self.texts = TextCache()
        self.panels = PanelCache()
        self.obs: ObsT = {}  # type: ignore[assignment]  # the first observation comes with on_enter
        self.legal: list[str] = []
        self.targets: list[Target] = []
        self.buttons: list[Button] = []
        self.logbook = Logbook()  # the game as the person at the screen knows it
        self.log_view = LogView()
        self.log_box: pygame.Rect | None = None  # where the table shows the log (set by compute_layout)
        self.banner: Banner | None = None
        self.reveal: Reveal | None = None
        self.toast: tuple[str, float] | None = None
        # called with (seat on screen, observation) whenever the table takes an observation: lets a test
        # or a tool check that only the deciding person's view ever reaches the screen
        self.observed: Callable[[int | None, dict[str, Any]], None] | None = None
        self.scale = Scale(*app.size)
        self.margin = 8  # the gap at the window's edges: each table sets it in compute_layout
        self.mouse = (-1, -1)
        self.clock = 0.0  # seconds this table has run
        self.layout_generation = 0  # changes with every new layout (a resize, another person's seat)
        self.layer.badge = self.badge
        self.layer.picture = self.card_picture
        self._count_badges: dict[tuple[int, int], pygame.Surface] = {}
        self._dirty = True
        self._snap_next = True
        self._bot_wait = 0.0
        self._finished = False
        self._targets_key: tuple[Any, ...] | None = None
        self._press: tuple[tuple[int, int], Target | None, Button | None] | None = None
        self._drag: tuple[CardSprite, tuple[float, float], Target] | None = None
        self._underlay: pygame.Surface | None = None
        self._backdrop: pygame.Surface | None = None
        self._backdrop_gen = -1
        self._layout_viewer: int | None = None
        self._obs_actions = -1
        self._last_sound = -1.0
        self._told_viewer: int | None = None  # whom the log tells the game as they know it
        #: (actions then, text): kept through a retelling, and told again in another language
        self._notices_told: list[tuple[int, Text]] = []
        self._last_told: Event | None = None
        self._turns: tuple[int, int] | None = None  # (the first turn's seat, the seat whose turn it is)
        self._log_body = pygame.Rect(0, 0, 0, 0)  # where the log's lines are: the wheel scrolls them
        self._underlay_version = 0
        self._underlay_built = -1
        self._art_generation = app.art.generation
        self.hint = TableHint(self)  # the Hint button and key H (scenes/table/hint.py)
        self.inspector = Inspector()  # a card shown large with its rule text (scenes/inspect.py)
        self._reveal_spots: list[tuple[pygame.Rect, str]] = []  # the shown hand's cards: (where, art id)

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

    def in_words(self, text: Text) -> str:
        """What the engine said (a message, game.i18n) in words in the chosen language, with the seats'
        names."""
        return words(text, [seat.name for seat in self.match.seats])

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
        """Where a dragged hand card may be dropped to play it (the default `drop`)."""
        return None

    def drop(self, target: Target, pos: tuple[int, int]) -> Answer:
        """The card of `target` was dragged and let go at `pos`: what that means there (targets.py),
        which the kit then does. The default: the target's action when it lands on `drop_rect()`; a
        table with several places to put a thing down answers with the one under `pos`, or says why not.
        A card whose drop played nothing goes back to its place."""
        rect = self.drop_rect()
        if rect is not None and rect.collidepoint(pos) and target.select is None:
            return Play(target.action)
        return None

    def click_on_table(self, pos: tuple[int, int]) -> Answer:
        """A click on no target and no button: what it means (put the thing picked up down there, or
        say why not). None: the kit tells the player what is asked of them."""
        return None

    def on_select(self, item: str) -> None:
        """A selection target (`Target.select`) was clicked: pick `item` up, or put it back (a table
        with selections keeps them itself and offers new targets through `refresh_targets`)."""

    def on_button(self, key: str) -> bool:
        """A button of the table's own (not Undo, Menu, History or Hint) was pressed: True when the
        table did what it stands for; False plays `key` as an action (a button that is one)."""
        return False

    def forget_words(self) -> None:
        """The language changed: drop every word the table keeps (its panels are written again)."""

    def mark_targets(self, targets: list[Target]) -> None:
        """The targets were just marked (lit, the rest of their zones dimmed): a table may mark more."""

    def prompt_text(self) -> tuple[str, bool]:
        """The instruction line for the person at the screen, and whether the decision is theirs
        (drawn gold). The default: the observation's prompt, with whose decision it is."""
        obs = self.obs
        if obs.get("terminal"):
            result = self.in_words(obs.get("result") or tr("The game is over"))
            return self.name_text(self.match, result), False
        decider = obs.get("current_player")
        prompt = self.name_text(self.match, self.in_words(obs.get("prompt") or ""))
        mine = decider is not None and decider == self.viewer and bool(self.legal)
        if mine or decider is None:
            return prompt, mine
        who = self.seat_name(decider)
        if prompt:
            return tr("{name}: {prompt}").format(name=who, prompt=prompt), False
        return tr("Waiting for {name}").format(name=who), False

    @staticmethod
    def name_text(match: Match, text: str) -> str:
        """An engine text with the seats named as the players are (a table may name seats its way)."""
        return text

    def bot_pause(self) -> float:
        """Seconds a bot waits, once the cards have landed, before it moves (the settings' pause; a table
        may shorten it for a step that only finishes the move just shown)."""
        return self.app.settings.bot_pause_seconds

    def card_picture(self, sprite: CardSprite, art: Any) -> pygame.Surface | None:
        """A picture of the table's own for `sprite` instead of the pack's face or back (None: the
        pack's). Asked only when the sprite's look changes."""
        return None

    def badge(self, size: tuple[int, int]) -> pygame.Surface | None:
        """The mark drawn on a card the observation marks (`sprite.marked`), at a card size."""
        return None

    def panel_rects(self) -> dict[str, pygame.Rect]:
        """The table's regions by name (plates, rows, hands, piles, the log with its History button, the
        buttons): no two may overlap at any window size, and no card lies on a plate's text, the log or a
        button."""
        found = {f"button {b.key}": b.rect for b in self.buttons if b.visible and b.key != "history"}
        if self.log_box is not None:
            found["log"] = self.log_box
        return found

    def card_notes(self, sprite: CardSprite) -> list[str]:
        """What matters about a face-up card now, for the inspect view (blocked by the King card, where
        it counts): the card's own rule text is added by the view."""
        return []

    def card_action(self, sprite: CardSprite) -> str | None:
        """The action a click on this card asks for when the card is not offered (a dimmed hand card):
        the match explains why that is refused (`refusal`). None: the table has no such action."""
        return None

    def draw_under(self, surface: pygame.Surface) -> None:
        """Plates, pile labels: everything below the cards."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Prompt, log, info: everything above the cards."""

    def describe(self, event: Event) -> str | None:
        """A log line for an event as the person at the screen may see it (None: not worth a line).
        It may read what earlier events told the table (`remember`), never change it: the same event
        gets the same line played back and told again."""
        return None

    def remember(self, event: Event) -> None:
        """Take from an event what the table keeps for its own lines and panels (whose turn and why,
        running scores, the trick so far), after it was described. Called for every event in order,
        live and when the game is told again, so the table remembers as if the person had watched."""

    def reset_memory(self) -> None:
        """Forget what earlier events told the table: the game is about to be told from the start."""

    def round_title(self, event: Event, previous: Event | None, rounds: int) -> str | None:
        """The title of a new round of the history that `event` begins (None: it belongs to the one
        under way); `previous` is the event told before it (None: `event` is the first), `rounds` how
        many have begun. The default: the game's own rounds, each begun after one ended."""
        if previous is None or isinstance(previous, RoundEnded):
            return tr("Round {number}").format(number=rounds + 1)
        return None

    def turn_goes_round(self, event: Event) -> bool:
        """Whether `event` gives the turn on past the seat that had the first turn: a new round of
        turns (for a table that counts its rounds that way)."""
        if not isinstance(event, TurnChanged) or self._turns is None:
            return False
        first, now = self._turns
        return (event.seat - first) % self.players < (now - first) % self.players

    def table_move(self, move: CardMoved) -> CardMoved:
        """The move as this table lays it out (a table may keep a zone of its own for a card)."""
        return move

    def stagger(self, move: CardMoved) -> float | None:
        """For a card move that flies together with the next ones (a deal, a pass, a pick-up): the
        share of a move's time before the next starts; None: the next waits until it has landed."""
        if move.src == "draw" and move.dst.startswith("hand:"):
            return DEAL_STAGGER
        return None

    def play_shuffle(self, event: Shuffled) -> None:
        """A pile was shuffled: move the model's cards the way this game does it."""

    def banner_for(self, event: Event) -> Banner | None:
        if isinstance(event, RoundEnded):
            return Banner(tr("Round over"), [self.in_words(event.text)], Hold(BANNER_SECONDS * self.speed))
        if isinstance(event, GameEnded):
            return Banner(tr("Game over"), [self.in_words(event.text)], Hold(BANNER_SECONDS * self.speed))
        return None

    def initial_deal(self, obs: dict[str, Any]) -> tuple[dict[str, list[str | None]], list[CardMoved]]:
        """The table before the first deal and the moves of that deal ({} and []: no deal animation)."""
        return {}, []

    def view_size(self) -> tuple[int, int]:
        """The size of the table's part of the window: all of it, unless the table is shown inside
        another screen (the replay viewer gives it the part above its bar)."""
        return self.app.size

    def in_front(self) -> bool:
        """Whether the table is the screen in front (a card the pointer rests on is shown large)."""
        return self.app.stack.top is self

    # -- life cycle --------------------------------------------------------------------------------
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
                self.timeline.add(lambda m=move: self._fly(m, self.stagger(m)))
            self._dirty = True
            self._snap_next = False
        else:
            self._resync(animate=False)

    def on_resume(self) -> None:
        """Back from the pause menu or the handoff screen: the seat on screen may have changed."""
        if self.has_ui:
            self.ui.set_window_resolution(self.app.size)
        if self.view_size() != (self.scale.width, self.scale.height):
            self._relayout_window(self.view_size())
        self._dirty = True
        self._snap_next = True

    def on_resize(self, size: tuple[int, int]) -> None:
        if self.has_ui:
            self.ui.set_window_resolution(size)
        self._relayout_window(size)

    def on_language_changed(self) -> None:
        """Every word again in the new language: the labels, and the log told again from the record."""
        super().on_language_changed()
        self.forget_words()
        self.hint.forget_words()
        self.retell()
        self._dirty = True

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
        self.relayout(0.0)
        self.layer.finish()
        self._targets_key = None

    # -- frame -------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self._follow_art()
        if self.viewer != self._told_viewer:  # another person at the screen (ALL-R2)
            self.retell()
            self._resync(animate=False)
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
            if button.key == "undo":  # shown while people play; a refused undo says why when pressed
                button.visible = bool(self.match.human_seats)
                button.enabled = self.settled and self.match.can_undo(self._seat_arg)
            elif button.key == "hint":  # off for this game: no button; else while the person decides
                button.visible = self.app.settings.hints_on(self.match.game.id)
                button.enabled = self.hint.enabled and not self.hint.thinking
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

    @property
    def settled(self) -> bool:
        """Nothing left to play back or move."""
        return self.timeline.idle and not self.layer.busy

    @property
    def dragging(self) -> bool:
        """A card is being dragged."""
        return self._drag is not None

    @property
    def playing_back(self) -> bool:
        """Events are being played back: the observation may already be ahead of the cards shown."""
        return self._dirty

    @property
    def caught_up(self) -> bool:
        """Settled, and showing the latest observation."""
        return self.settled and not self._dirty and self._obs_actions == len(self.match.actions)

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
        if self.follow and match.handoff_seat() is not None:
            from scenes.table.kit.handoff import HandoffScene

            self.set_targets([])
            self.app.push(HandoffScene(self.app, match, match.handoff_seat()))
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

    def refresh_targets(self) -> None:
        """Ask `find_targets` again at the next settled frame (what is offered changed: a card was
        picked up or put back)."""
        self._targets_key = None

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
            self._notices_told.append((len(self.match.actions), text))
            self.logbook.add(self.in_words(text))
            self.refresh_underlay()
            self.toast = (self.in_words(text), NOTICE_SECONDS)

    def _fetch_observation(self) -> dict[str, Any]:
        self._obs_actions = len(self.match.actions)
        obs = self.match.observation(self._seat_arg)
        if self.observed is not None:
            self.observed(self.viewer, obs)
        return obs

    # -- playing events back ----------------------------------------------------------------------
    def _play_event(self, event: Event) -> Hold | None:
        """Play one event back: its announcement and its card moves (reading what the table knew
        before it), then its log line and what the table keeps of it."""
        self.refresh_underlay()
        if event.kind == "Undone":
            self.retell()  # the moves taken back leave the log too
            return None
        banner = self.banner_for(event)
        hold = self._animate(event, banner)
        self._tell(event)
        return hold

    def _animate(self, event: Event, banner: Banner | None) -> Hold | None:
        seconds = self.move_seconds
        if isinstance(event, CardMoved):
            move = self.table_move(event)
            share = self.stagger(move)
            if banner is None:
                return self._fly(move, share)
            if banner.leads:
                self.timeline.steps.insert(0, lambda: self._fly(move, share))
                return self._announce(banner)
            self.timeline.steps.insert(0, lambda: self._announce(banner))
            return self._fly(move, share)
        if isinstance(event, Shuffled):
            self.play_shuffle(event)
            self.relayout(seconds)
            self.sound("shuffle")
            return Hold(seconds)
        if isinstance(event, CardsRevealed) and event.cards:
            self.reveal = Reveal(event.seat, event.cards, Hold(REVEAL_SECONDS * self.speed))
            self.sound("flip")
            return self.reveal.hold
        return self._announce(banner) if banner is not None else None

    def _fly(self, move: CardMoved, share: float | None) -> Hold:
        """A card flies from one zone to another; the next step waits for it, or for `share` of it."""
        seconds = self.move_seconds
        self.model.move(move.card, move.src, move.dst)
        self.relayout(seconds)
        self.sound("place")
        return Hold(seconds * share if share is not None else seconds)

    def _announce(self, banner: Banner) -> Hold:
        self.banner = banner
        if banner.sound:
            self.sound(banner.sound)
        return banner.hold

    def _tell(self, event: Event) -> None:
        """The event into the log (a new round first, if it begins one) and into the table's memory."""
        title = self.round_title(event, self._last_told, len(self.logbook.rounds))
        if title:
            self.logbook.start_round(title)
        line = self.describe(event)
        if line:
            self.logbook.add(line)
        self.remember(event)
        if isinstance(event, TurnChanged):
            self._turns = (event.seat if self._turns is None else self._turns[0], event.seat)
        self._last_told = event

    def retell(self) -> None:
        """Tell the whole game again, from the record, as the person at the screen knows it: the log
        and the table's memory are built anew from that person's events alone, and nothing shown to
        whoever looked before stays (an announcement, a note, a half-played move) (ALL-R2)."""
        self.match.drain_events(self._seat_arg)  # already in the record: told below with the rest
        self._told_viewer = self.viewer
        self.timeline.clear()
        self.banner = None
        self.reveal = None
        self.toast = None
        self._drag = self._press = None
        self.set_targets([])
        self.logbook.clear()
        self.log_view.scroll = 0
        self._last_told = None
        self._turns = None
        self.reset_memory()
        notices = sorted(self._notices_told, key=lambda told: told[0])
        for count, step in enumerate(self.match.history(self._seat_arg)):
            while notices and notices[0][0] <= count:
                self.logbook.add(self.in_words(notices.pop(0)[1]))
            for event in step.events:
                self._tell(event)
        for _, text in notices:
            self.logbook.add(self.in_words(text))
        self.refresh_underlay()
        self._dirty = True
        self._snap_next = True
        self._targets_key = None

    def sound(self, name: str) -> None:
        """A table sound, at most one every SOUND_GAP seconds (a deal would otherwise rattle)."""
        if self.clock - self._last_sound < SOUND_GAP:
            return
        self._last_sound = self.clock
        sound.play(name)

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
                sprite.place(placement, seconds)
        for uid in [u for u in self.layer.sprites if u not in alive]:
            self.layer.remove(uid)
        self.decorate()

    # -- input -------------------------------------------------------------------------------------
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

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.inspector.handle_event(event):  # a card shown large: the next key or click closes it
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.mouse = event.pos
            self.inspect_at(event.pos)
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_pause()
            elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.request_undo()
            elif event.key in (pygame.K_SPACE, pygame.K_RETURN):
                self.timeline.skip()
            elif event.key == pygame.K_l:
                self.open_history()
            elif event.key == HINT_KEY:
                self.hint.ask()
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self._on_motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self._on_press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            self._on_release(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self._log_body.collidepoint(self.mouse):
            self.scroll_log(-event.y * LOG_WHEEL_ROWS)

    def open_pause(self) -> None:
        self._drag = None
        pause = self.app.exits.pause
        if pause is not None:
            self.app.push(pause(self.app, self.match))

    def open_history(self) -> None:
        """The whole game by round, full height over the table."""
        from scenes.table.kit.history import HistoryPanel

        self._drag = self._press = None
        self.app.push(HistoryPanel(self.app, self))

    def scroll_log(self, rows: int) -> None:
        """The log box back (negative: towards older lines) or forth by `rows` wrapped rows."""
        self.log_view.wheel(-rows)
        self.refresh_underlay()

    def request_undo(self) -> None:
        """Take back the last decision of the person at the screen, or say in one line why not."""
        refusal = self.match.undo_refusal(self._seat_arg)
        if refusal is not None:
            self.say(self.in_words(refusal))
            return
        if not self.settled:
            self.say(tr("One moment: the cards are still moving"))
            return
        self.match.undo(self._seat_arg)
        self._targets_key = None

    def say(self, text: Text) -> None:
        """A short note over the table (a message is put into words here)."""
        self.toast = (self.in_words(text), TOAST_SECONDS)

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
                    ((round(spot[0]), round(spot[1])), target.key)
                    if spot
                    else ((round(rect.centerx), round(rect.centery)), target.key)
                )
            elif target.rect is not None:
                points.append((target.rect.center, target.key))
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
        if self.banner is not None or self.reveal is not None:
            self._press = None  # the release moves the announcement on; nothing under it is taken
            return
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
            before = len(self.match.actions)
            if moved <= DRAG_THRESHOLD:
                self.activate(target)  # hardly moved: a click
            else:
                self.answer(self.drop(target, pos))
            if len(self.match.actions) == before:
                self.relayout(self.move_seconds)  # nothing played: back to its place
            return
        if self.banner is not None or self.reveal is not None:
            self.dismiss()
            return
        if press is None:
            return
        _, target, button = press
        if button is not None:
            if button.rect.collidepoint(pos) and (button.enabled or button.key == "undo"):
                self.press_button(button)  # a refused undo says why
            return
        if target is not None:
            if self.target_at(pos) is target:
                self.activate(target)
            return
        if self.answer(self.click_on_table(pos)):
            return
        dimmed = self.layer.hit(pos)
        if dimmed is not None and dimmed.dim and self.settled:
            reason = self.refusal(dimmed)
            if reason:
                self.say(reason)
                return
        if not self.settled:
            self.say(tr("One moment: the cards are still moving"))
        elif self.legal:
            self.say(self.prompt_text()[0] or tr("That is not one of your choices now"))

    def dismiss(self) -> None:
        """A click while an announcement is up moves it on; a banner outside the playback (a panel a
        button opened) closes."""
        banner = self.banner
        if banner is not None:
            if not banner.clicked():
                return
            if banner.hold is not self.timeline.current:
                self.banner = None
                self.refresh_underlay()
                return
        self.timeline.skip()

    def press_button(self, button: Button) -> None:
        if button.key == "undo":
            self.request_undo()
        elif button.key == "menu":
            self.open_pause()
        elif button.key == "history":
            self.open_history()
        elif button.key == "hint":
            self.hint.ask()
        elif not self.on_button(button.key):
            self.act(button.key)

    def activate(self, target: Target) -> None:
        """What a click on `target` (or Enter on it) does: its action, or its selection."""
        if target.select is not None:
            self.select(target.select)
        else:
            self.act(target.action)

    def select(self, item: str) -> None:
        """Pick `item` up or put it back (the table's `on_select`), once the cards have settled."""
        if not self.settled:
            self.say(tr("One moment: the cards are still moving"))
            return
        self.on_select(item)

    def answer(self, answer: Answer) -> bool:
        """Do what a table answered to a drop or a click (targets.py); False: it made nothing of it."""
        if not answer:
            return False
        if isinstance(answer, Play):
            self.try_action(answer.action)
        elif isinstance(answer, Say):
            self.say(answer.text)
        return True

    def try_action(self, action: str) -> None:
        """Play `action` when it is legal; otherwise say the engine's reason and change nothing."""
        if action in self.legal or not self.settled or not self.legal:
            self.act(action)
            return
        reason = self.match.refusal(action, self._seat_arg)
        self.say(reason if reason is not None else tr("That is not one of your choices now"))

    def act(self, action: str) -> None:
        """Play one of the legal actions (refused politely while anything still moves)."""
        if not self.settled:
            self.say(tr("One moment: the cards are still moving"))
            return
        if action not in self.legal:
            self.say(tr("That is not one of your choices now"))
            return
        try:
            self.match.play(action)
        except KartentischError as exc:
            self.say(str(exc))
            return
        self.set_targets([])

    # -- inspecting and the keyboard ------------------------------------------------------------------
    def refusal(self, sprite: CardSprite) -> str | None:
        """Why the card of `sprite` cannot be played now, in one line (None: it can, or the table has
        nothing to say of it)."""
        if not self.legal or any(t.uid == sprite.uid for t in self.targets):
            return None
        action = self.card_action(sprite)
        reason = self.match.refusal(action, self._seat_arg) if action is not None else None
        if reason is None:
            prompt = self.prompt_text()[0]
            return tr("Not now: {reason}").format(reason=_lower_first(prompt)) if prompt else None
        reason = self.name_text(self.match, self.in_words(reason))
        return tr("Not now: {reason}").format(reason=reason)

    def inspectable(self, sprite: CardSprite) -> Inspectable | None:
        """`sprite` for the inspect view (None: a card face down or unknown to the person here)."""
        if sprite.card is None or sprite.art_id is None or not sprite.shown_face or not sprite.shown:
            return None
        notes = list(self.card_notes(sprite))
        why = self.refusal(sprite) if sprite.dim else None
        if why:
            notes.append(why)
        return Inspectable(("card", sprite.uid), self.game_id, sprite.art_id, pygame.Rect(sprite.rect),
                           tuple(notes))

    def inspectable_at(self, pos: tuple[int, int]) -> tuple[Any, Callable[[], Inspectable | None]] | None:
        """The inspectable card under `pos` (a shown hand's card first), as the key the view knows it by
        and how to describe it; None: no face-up card there."""
        if self.reveal is not None:
            for rect, art_id in self._reveal_spots:
                if rect.collidepoint(pos):
                    key = ("shown", art_id)
                    return key, lambda r=rect, k=key, a=art_id: Inspectable(k, self.game_id, a, r)
        sprite = self.layer.hit(pos)
        if sprite is None or sprite.flying or sprite.card is None or not sprite.shown_face:
            return None
        return ("card", sprite.uid, len(self.match.actions)), lambda: self.inspectable(sprite)

    def inspect_at(self, pos: tuple[int, int]) -> bool:
        """Show the card under `pos` large until the next key or click (a right click)."""
        found = self.inspectable_at(pos)
        item = found[1]() if found is not None else None
        if item is None:
            return False
        self.inspector.open(item, pinned=True)
        return True

    def inspect(self, sprite: CardSprite) -> None:
        """Show the card of `sprite` large until the next key or click (the focused card's I key)."""
        item = self.inspectable(sprite)
        if item is not None:
            self.inspector.open(item, pinned=True)

    def _point_at_card(self, dt: float) -> None:
        found = None
        on_screen = pygame.Rect(0, 0, *self.view_size()).collidepoint(self.mouse)
        if not self.dragging and self.in_front() and on_screen:
            found = self.inspectable_at(self.mouse)
        self.inspector.point_at(found[0] if found else None, dt, found[1] if found else lambda: None)

    def focus_items(self) -> list[Focusable]:
        """What the keyboard and a controller can reach now, in Tab order: the legal cards left to right
        (the number keys count these), the other targets, the table's buttons, then every other face-up
        card (to inspect it, or to hear why it cannot be played). Nothing while cards move or an
        announcement is up: Enter and Space then move the playback on."""
        if self.inspector.pinned or self.banner is not None or self.reveal is not None or not self.settled:
            return []
        items: list[Focusable] = []
        seen: set[Any] = set()
        cards = [(t, self.layer.sprites[t.uid]) for t in self.targets
                 if t.uid is not None and t.uid in self.layer.sprites]
        for target, sprite in sorted(cards, key=lambda ts: (ts[1].rect.y // 40, ts[1].rect.x)):
            if sprite.uid in seen:
                continue
            seen.add(sprite.uid)
            items.append(Focusable(("card", sprite.uid), pygame.Rect(sprite.rect),
                                   lambda t=target: self.activate(t), lambda s=sprite: self.inspect(s),
                                   card=True, legal=True))
        for target in self.targets:
            if target.uid is None and target.rect is not None and target.key not in seen:
                seen.add(target.key)
                items.append(Focusable(("target", target.key), target.rect.copy(),
                                       lambda t=target: self.activate(t)))
        for button in self.buttons:
            if button.visible:
                items.append(Focusable(("button", button.key), button.rect.copy(),
                                       lambda b=button: self.press_button(b)))
        others = [s for s in self.layer if s.uid not in seen and s.shown and s.shown_face and s.card]
        for sprite in sorted(others, key=lambda s: (s.rect.y // 40, s.rect.x)):
            items.append(Focusable(("card", sprite.uid), pygame.Rect(sprite.rect),
                                   lambda s=sprite: self._explain(s), lambda s=sprite: self.inspect(s),
                                   card=True))
        return items

    def _explain(self, sprite: CardSprite) -> None:
        """Enter on a card that is not offered: why not (for a dimmed one), else show it large."""
        reason = self.refusal(sprite) if sprite.dim else None
        if reason:
            self.say(reason)
        else:
            self.inspect(sprite)

    def latest_observation(self) -> dict[str, Any]:
        """The observation of the seat on screen as the match has it now (`obs`, the one drawn, waits
        until the events have played back)."""
        return self.match.observation(self._seat_arg)

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
            or self._backdrop_gen != self.layout_generation
        ):
            self._backdrop = self._opaque(size)
            self._backdrop.blit(self.app.art.table(self.game_id, size), (0, 0))
            self.draw_backdrop(self._backdrop)
            self._backdrop_gen = self.layout_generation
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
        hint_button = next((b for b in self.buttons if b.key == "hint" and b.visible), None)
        if hint_button is not None:
            self.hint.draw(surface, hint_button.rect)
        if self.reveal is not None:
            self.draw_reveal(surface, self.reveal)
        if self.banner is not None:
            self.draw_banner(surface, self.banner)
        if self.toast is not None:
            self._draw_toast(surface, self.toast[0])
        self.inspector.draw(surface, art)

    def _draw_rect_targets(self, surface: pygame.Surface) -> None:
        width = self.scale.px(4, 2)
        for target in self.targets:
            if target.label is None and target.uid is None and target.rect is not None:
                hover = target.rect.collidepoint(self.mouse)
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
            draw_button(surface, button, self.texts, size, button.rect.collidepoint(self.mouse))

    def draw_banner(self, surface: pygame.Surface, banner: Banner) -> None:
        w, h = surface.get_size()
        title = self.texts.fitted(banner.title, self.scale.font(54), w - 40, GOLD, True)
        lines = [self.texts.fitted(line, self.scale.font(30), w - 60) for line in banner.lines]
        hint = self.texts.render(tr("click to continue"), self.scale.font(20), INK_DIM)
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
            tr("{name} shows the hand").format(name=self.seat_name(reveal.seat)), self.scale.font(34), w - 20,
            GOLD, True
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
        self._reveal_spots = []
        for card in reveal.cards:
            art_id = self.art_id_for(card, f"hand:{reveal.seat}")
            surface.blit(self.app.art.card(self.game_id, art_id, (cw, ch)), (x, y))
            self._reveal_spots.append((pygame.Rect(round(x), round(y), cw, ch), art_id))
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

    @property
    def log_lines(self) -> list[str]:
        """Every line of the log, oldest first."""
        return self.logbook.lines

    def log_tail(self, count: int) -> list[str]:
        return self.logbook.lines[-count:]

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

    def _place_history_button(self) -> None:
        """The log's History button, in the top right corner of the table's log box."""
        if self.log_box is None:
            return
        box = self.log_box
        h = min(box.height, font(self.scale.font(17)).get_linesize() + self.scale.px(8, 2))
        label = tr("History (L)")  # as wide as its label at the buttons' size (the smallest they shrink to)
        needed = font(max(9, self.scale.font(24) * 2 // 3), True).size(label)[0] + self.scale.px(12, 6)
        w = min(box.width, max(self.scale.px(130, 40), needed))
        self.buttons.append(Button(pygame.Rect(box.right - w, box.y, w, h), label, "history"))

    def _place_hint_button(self) -> None:
        """The Hint button, Undo's size, in the bottom left corner: every table keeps its hand and rows
        clear of it, while the space beside Undo holds a wide hand in some (a 3 Chapters draft)."""
        undo = next((b for b in self.buttons if b.key == "undo"), None)
        if undo is None or any(b.key == "hint" for b in self.buttons):
            return
        w, h = undo.rect.size
        rect = pygame.Rect(self.margin, self.scale.height - self.margin - h, w, h)
        self.buttons.append(Button(rect, tr("Hint (H)"), "hint", enabled=False))

    def draw_log(self, surface: pygame.Surface, box: pygame.Rect, font_size: int = 17) -> None:
        """The log in `box`: a header with the History button, then the newest lines that fit, each
        wrapped whole (never cut short), the newest bright; the mouse wheel over it scrolls back."""
        size = self.scale.font(font_size)
        head = min(box.height, font(self.scale.font(17)).get_linesize() + self.scale.px(8, 2))
        label = self.texts.render(tr("Log"), size, INK_DIM, True)
        surface.blit(label, (box.x + 5, box.y + (head - label.get_height()) // 2))
        body = pygame.Rect(box.x, box.y + head + 2, box.width, max(1, box.height - head - 4))
        self._log_body = body
        self.log_view.draw(surface, body, self.logbook, self.texts, size)


def _lower_first(text: str) -> str:
    """A sentence that goes on after a colon: its first letter small, unless the language writes nouns
    large (German: "Nicht jetzt: Wähle eine Karte" stays as it is)."""
    from game.i18n import language

    return text if language() == "de" else text[:1].lower() + text[1:]


__all__ = ["Banner", "Reveal", "TableScene"]
