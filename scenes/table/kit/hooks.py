"""The table kit's declared hooks: everything a game's table may override, with the kit's default.

`TableHooks` is the root of the kit's classes (hooks, motion, story, input, canvas, scene: each room adds
its machinery on top of the one before). It declares what every room keeps on the table, and the hooks:
a game's table says where zones lie (`place_zone`), which art a card shows (`style`), what can be clicked
(`find_targets`), what a drop or a click on the table means (`drop`, `click_on_table`), what a selection
does (`on_select`), how events read in the log (`describe`, `remember`) and what they announce
(`banner_for`, `draw_banner`), what the hint rings for a move (`click_plan`, `hint_spots`), what the
hot-seat handoff says is to be decided (`handoff_words`), and draws its plates and piles (`draw_under`,
`draw_over`).

`HOOKS` names them. The rest of the kit is machinery, marked `@final`: a table calls it and never overrides
it (tests/test_table_kit.py holds every table and mixin to that).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, final

import pygame

from game.core import CardMoved, Event, GameEnded, Observation, RoundEnded, Shuffled
from game.i18n import Text, tr, words
from scenes.inspect import Inspector
from scenes.layers import LayerStack
from scenes.scene import Scene
from scenes.settings import MOVE_SECONDS
from scenes.table.kit.animation import Banner, ClickHold, Hold, Reveal, Timeline
from scenes.table.kit.cards import CardLayer
from scenes.table.kit.hint import TableHint
from scenes.table.kit.layout import Scale
from scenes.table.kit.logbook import Logbook, LogView
from scenes.table.kit.moments import Effect, Moments
from scenes.table.kit.paint import GOLD, INK_DIM, Button, PanelCache, TextCache
from scenes.table.kit.sprite import CardSprite, Placement
from scenes.table.kit.targets import Answer, Play, Target
from scenes.table.kit.zones import Entry, ZoneModel

if TYPE_CHECKING:
    from game.match import Match

DEAL_STAGGER = 0.12  # of a move's time between two dealt cards
BANNER_SECONDS = 3.2  # at normal speed

ObsT = TypeVar("ObsT", bound=Observation)


class TableHooks(Scene, Generic[ObsT]):
    """The table of one game: `ObsT` is the game's observation (a TypedDict its view declares)."""

    game_id: ClassVar[str] = ""

    # what the rooms keep (set up by TableScene.__init__)
    match: Match
    follow: bool
    fixed_seat: int | None
    to_results: bool
    bots: bool
    layer: CardLayer
    model: ZoneModel
    timeline: Timeline
    moments: Moments
    texts: TextCache
    panels: PanelCache
    obs: ObsT
    legal: list[str]
    targets: list[Target]
    buttons: list[Button]
    logbook: Logbook
    log_view: LogView
    log_box: pygame.Rect | None
    prompt_box: pygame.Rect | None
    banner: Banner | None
    reveal: Reveal | None
    toast: tuple[str, float] | None
    observed: Callable[[int | None, dict[str, Any]], None] | None
    scale: Scale
    margin: int
    mouse: tuple[int, int]
    clock: float
    layout_generation: int
    hint: TableHint
    inspector: Inspector
    layers: LayerStack
    _count_badges: dict[tuple[int, int], pygame.Surface]
    _dirty: bool
    _snap_next: bool
    _bot_wait: float
    _finished: bool
    _targets_key: tuple[Any, ...] | None
    _press: tuple[tuple[int, int], Target | None, Button | None] | None
    _drag: tuple[CardSprite, tuple[float, float], Target] | None
    _underlay: pygame.Surface | None
    _backdrop: pygame.Surface | None
    _backdrop_gen: int
    _layout_viewer: int | None
    _obs_actions: int
    _last_sound: float
    _told_viewer: int | None
    _notices_told: list[tuple[int, Text]]
    _last_told: Event | None
    _turns: tuple[int, int] | None
    _log_body: pygame.Rect
    _underlay_version: int
    _underlay_built: int
    _art_generation: int
    _reveal_spots: list[tuple[pygame.Rect, str]]

    # -- whose table ------------------------------------------------------------------------------
    @final
    @property
    def viewer(self) -> int | None:
        return self.match.view_seat if self.follow else self.fixed_seat

    @final
    @property
    def players(self) -> int:
        return len(self.match.seats)

    @final
    @property
    def bottom_seat(self) -> int:
        """The seat drawn at the bottom, nearest the person at the screen."""
        return self.viewer if self.viewer is not None else 0

    @final
    def seats_across(self) -> list[int]:
        """The other seats left to right, in turn order after the seat at the bottom."""
        return [(self.bottom_seat + i) % self.players for i in range(1, self.players)]

    @final
    @property
    def _seat_arg(self) -> int | None:
        """What to pass to the match's seat parameters (None there means 'the seat on screen')."""
        return None if self.follow else self.fixed_seat

    @final
    def seat_name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.match.seats):
            return "?"
        return self.match.seats[seat].name

    @final
    def in_words(self, text: Text) -> str:
        """What the engine said (a message, game.i18n) in words in the chosen language, with the seats'
        names."""
        return words(text, [seat.name for seat in self.match.seats])

    @final
    @property
    def speed(self) -> float:
        """Animation time relative to 'normal' (0 with animations off)."""
        return self.move_seconds / MOVE_SECONDS["normal"]

    @final
    @property
    def move_seconds(self) -> float:
        """How long a card takes to fly: the settings' animation time at the table's `pace`."""
        return self.app.settings.move_seconds / self.pace()

    @final
    @property
    def reduced_motion(self) -> bool:
        """The player asked for reduced motion: no shaking, flashing or sparks, fades for flights."""
        return bool(self.app.settings.reduced_motion)

    @final
    def until_clicked(self) -> Hold:
        """The hold of a banner that matters: it stays until a click, or as long as the player chose
        ("Continue by itself"), at every animation speed (where `banners_wait`: a replay's go on)."""
        if not self.banners_wait():
            return Hold(BANNER_SECONDS * self.speed)
        after = self.app.settings.continue_after
        return ClickHold(float(after) if after > 0 else math.inf)

    # -- the game's part: the declared hooks -------------------------------------------------------
    def wanted_zones(self, obs: ObsT) -> dict[str, list[str | None]]:
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

    def handoff_words(self, seat: int) -> str:
        """The decision `seat` is handed the screen for, in words everyone at the screen may read (the
        hot-seat handoff names it): by default what the spectator's prompt says is being decided."""
        prompt = self.match.observation(None)["prompt"]
        return self.in_words(prompt) if prompt else ""

    def click_plan(self, action: str) -> list[str]:
        """The clicks (target keys, in order: `Target.key`) that make `action` on this table: what the
        hint marks and a test or a lesson follows. The default: the action's own target."""
        return [action]

    def hint_spots(self, action: str) -> list[pygame.Rect]:
        """Where on the table `action` puts what it moves when no target stands there yet (the row a
        picked-up card goes on, before it is picked up): the hint rings these beside its targets."""
        return []

    def prompt_text(self) -> tuple[str, bool]:
        """The instruction line for the person at the screen, and whether the decision is theirs
        (drawn gold). The default: the observation's prompt, with whose decision it is."""
        obs = self.obs
        if obs["terminal"]:
            result = self.in_words(obs["result"] or tr("The game is over"))
            return self.name_text(self.match, result), False
        decider = obs["current_player"]
        prompt = self.name_text(self.match, self.in_words(obs["prompt"] or ""))
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
            return Banner(tr("Round over"), [self.in_words(event.text)], self.until_clicked())
        if isinstance(event, GameEnded):
            return Banner(tr("Game over"), [self.in_words(event.text)], self.until_clicked())
        return None

    def moment_for(self, event: Event) -> Sequence[Effect] | None:
        """The celebration `event` calls for (moments.py), played after its card move and banner: its
        effects play together and the playback waits for them; a click skips them to their end. An
        effect's `on_end` is where what it shows becomes true (a plate's counter at its new value)."""
        return None

    def initial_deal(self, obs: ObsT) -> tuple[dict[str, list[str | None]], list[CardMoved]]:
        """The table before the first deal and the moves of that deal ({} and []: no deal animation)."""
        return {}, []

    def view_size(self) -> tuple[int, int]:
        """The size of the table's part of the window: all of it, unless the table is shown inside
        another screen (the replay viewer gives it the part above its bar)."""
        return self.app.size

    def in_front(self) -> bool:
        """Whether the table is the screen in front (a card the pointer rests on is shown large)."""
        return self.app.stack.top is self

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What changes only with the layout (the felt, the row panels): drawn once per window size."""

    def art_sizes(self) -> list[tuple[str | None, str, tuple[int, int]]]:
        """(art id or None for a back, back kind, size) of everything the layout may draw."""
        return []

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

    def reveal_card_size(self) -> tuple[int, int]:
        """The size of the cards of a shown hand (best one the layout already uses: no new scaling)."""
        h = self.scale.height
        ch = max(12, int(h * 0.22))
        return (max(8, int(ch * self.app.art.aspect(self.game_id))), ch)

    def art_id_for(self, card: str, zone: str) -> str:
        return card

    def pace(self) -> float:
        """How many times faster than the settings' animation time this table plays (a replay's speed)."""
        return 1.0

    def shows_button(self, key: str) -> bool:
        """Whether the table shows its button `key` ("undo", "hint", "menu", …) at all: a replay shows none
        of those for a person deciding."""
        return True

    def on_menu(self) -> bool:
        """The Menu button, Esc at the bare table or a controller's Start: True when the table opened a
        menu of its own (a first game's lesson menu); False opens the pause menu."""
        return False

    def banners_wait(self) -> bool:
        """Whether a banner that matters waits for a click here (a replay's bar leads instead)."""
        return True

    def on_caught_up(self) -> None:
        """Called every frame the table is in front, settled and showing the latest observation (a
        guided game shows its next lesson from here)."""

    def draw_marks(self, surface: pygame.Surface) -> None:
        """Marks over the cards of the table's own (a lesson's pointers): drawn with the hint's marks,
        below banners and the inspect view."""


#: Every name a game's table (or a mixin over one) may override (`game_id` is its class attribute); the rest
#: of the kit is machinery.
HOOKS: frozenset[str] = frozenset({
    "game_id",
    "wanted_zones", "compute_layout", "place_zone", "style", "find_targets", "decorate", "hand_zone",
    "drop_rect", "drop", "click_on_table", "on_select", "on_button", "forget_words", "mark_targets",
    "prompt_text", "name_text", "bot_pause", "card_picture", "badge", "panel_rects", "card_notes",
    "card_action", "draw_under", "draw_over", "draw_backdrop", "draw_banner", "draw_marks", "describe",
    "remember", "reset_memory", "round_title", "table_move", "stagger", "play_shuffle", "banner_for",
    "initial_deal", "view_size", "in_front", "art_sizes", "art_id_for", "reveal_card_size", "on_menu",
    "on_caught_up", "pace", "shows_button", "moment_for", "click_plan", "hint_spots", "handoff_words",
    "banners_wait",
})

__all__ = ["BANNER_SECONDS", "DEAL_STAGGER", "HOOKS", "ObsT", "TableHooks"]
