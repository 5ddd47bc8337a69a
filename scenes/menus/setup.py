"""Set up a game: the number of players, each seat's name and who plays it (a person or an AI level),
the game's options, its card data (as published, or a variant: scenes/menus/variant_files.py), its art
pack and an optional seed. Start opens the table.

The choices live in a `SetupChoice`, not in the widgets: a resize rebuilds the widgets from it, and
the next setup of the same game starts from the last one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UILabel, UIScrollingContainer, UITextEntryLine

import game
from game.ai import LEVELS
from game.core import KartentischError, Option, fresh_seed
from game.core.rng import SEED_DIGITS
from game.core.variant import OPTION
from game.guide import has_course
from game.i18n import N_, tr
from game.ratings import level_ratings
from scenes.fonts import fitting_prefix
from scenes.menus.opening import open_table_or_explain
from scenes.menus.variant_files import VariantFile, find_variant, variant_files
from scenes.settings import game_saves
from scenes.table.kit.packs import choose_compare_pack, compare_pack, pack_label
from scenes.widgets import (
    MenuScene,
    Message,
    PlaceholderEntry,
    draw_panel,
    fitted_label,
    oid,
    px,
    set_enabled,
    set_fitted_text,
)

HUMAN = "human"
KINDS: tuple[str, ...] = (HUMAN, *LEVELS)
DEFAULT_NAMES = ("Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hugo")
NAME_LIMIT = 18
#: options whose whole-number values name a seat (Palace's dealer): shown by the seat's name
SEAT_OPTIONS = frozenset({"dealer"})
SCROLL_BAR = 20  # pygame-gui's scroll bar width, fixed in pixels


#: the AI levels as a person reads them (game.ai.LEVELS; any other bot is named as it is)
LEVEL_WORDS: dict[str, str] = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def level_label(level: str) -> str:
    """An AI level in the chosen language."""
    return tr(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


def kind_label(kind: str, rating: int | None = None) -> str:
    """"Human" or "AI · normal" in the chosen language; with the level's measured Elo rating (game.ratings)
    "AI · normal · 1350"."""
    if kind == HUMAN:
        return tr("Human")
    level = level_label(kind) if rating is None else f"{level_label(kind)} · {rating}"
    return tr("AI · {level}").format(level=level)


def _is_seat(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def option_label(value: Any) -> str:
    """An option's value as the setup screen shows it: On/Off, a number, or the value's word (the game
    marks the words of its text values for the catalogues: `VALUE_WORDS`)."""
    if isinstance(value, bool):
        return tr("On") if value else tr("Off")
    text = str(value)
    return tr(text[:1].upper() + text[1:])


@dataclass
class SeatChoice:
    name: str
    kind: str = HUMAN  # HUMAN or an AI level


@dataclass
class SetupChoice:
    """Everything the setup screen asks, for one game."""

    game_id: str
    players: int
    seats: list[SeatChoice]
    options: dict[str, Any] = field(default_factory=dict)
    seed_text: str = ""
    #: the variant file chosen for the card data (VariantFile.key); None: as published
    variant_key: str | None = None

    @classmethod
    def default(cls, rules: game.core.Game) -> SetupChoice:
        players = max(rules.min_players, min(4, rules.max_players))
        level = "normal" if "normal" in LEVELS else LEVELS[-1]
        seats = [SeatChoice(name, HUMAN if i == 0 else level)
                 for i, name in enumerate(DEFAULT_NAMES[:rules.max_players])]
        return cls(rules.id, players, seats, {name: opt.default for name, opt in rules.options.items()})

    def build_seats(self):
        """The Seats of a match, or ValueError saying what to fix."""
        from game.match import Seat

        seats = []
        names = set()
        for i, choice in enumerate(self.seats[:self.players]):
            name = " ".join(choice.name.split()) or player_label(i)
            if name.casefold() in names:
                raise ValueError(tr("Two seats are called {name}: give each seat its own name.").format(
                    name=name))
            names.add(name.casefold())
            seats.append(Seat(name) if choice.kind == HUMAN else Seat.ai(name, choice.kind))
        return seats

    def seed(self) -> int:
        """The chosen seed, or a fresh random one when none is given (ValueError for anything else)."""
        text = self.seed_text.strip()
        if not text:
            return fresh_seed()
        if not text.isdigit() or len(text) > SEED_DIGITS:
            problem = tr("The seed must be a whole number of up to {digits} digits (or empty).")
            raise ValueError(problem.format(digits=SEED_DIGITS))
        return int(text)


def player_label(seat: int) -> str:
    """The name of a seat nobody named: "Player 1" in the chosen language."""
    return tr("Player {number}").format(number=seat + 1)


#: the last setup of each game in this run
_last_choices: dict[str, SetupChoice] = {}


class Stepper:
    """‹ value ›: steps through a list of values; at the ends it stops (`wrap=False`) or goes round."""

    def __init__(self, scene: MenuScene, rect: pygame.Rect, labels: Sequence[str], index: int,
                 on_change: Callable[[int], None], *, wrap: bool = True, container=None,
                 tooltip: str | None = None, short: Sequence[str] | None = None) -> None:
        self.labels = list(labels)
        #: the same values said shorter, shown where the whole one does not fit ("hard · 1610")
        self.short = list(short) if short is not None else self.labels
        self.index = index
        self.on_change = on_change
        self.wrap = wrap
        side = max(1, min(rect.height, rect.width // 4))
        self.left = scene.add_button(pygame.Rect(rect.left, rect.top, side, rect.height), "‹",
                                     lambda: self.step(-1), class_id="@stepper", container=container)
        self.right = scene.add_button(pygame.Rect(rect.right - side, rect.top, side, rect.height), "›",
                                      lambda: self.step(1), class_id="@stepper", container=container)
        middle = pygame.Rect(rect.left + side, rect.top, max(1, rect.width - 2 * side), rect.height)
        self.tooltip = tooltip
        self.label = fitted_label(scene.ui, middle, "", container=container, object_id=oid("@centered"))
        self._show()
        self._refresh()

    def _show(self) -> None:
        """The chosen value, whole when it fits (else its short form, else cut and whole in the tooltip)."""
        text = self.labels[self.index]
        face = self.label.font
        if face is not None and fitting_prefix(text, face, self.label.relative_rect.width) < len(text):
            text = self.short[self.index]
        set_fitted_text(self.label, text)
        if self.tooltip and self.label.text == text:
            self.label.set_tooltip(self.tooltip)

    def step(self, delta: int) -> None:
        index = self.index + delta
        if self.wrap:
            index %= len(self.labels)
        elif not 0 <= index < len(self.labels):
            return
        self.index = index
        self._show()
        self._refresh()
        self.on_change(index)

    def _refresh(self) -> None:
        if self.wrap:
            return
        for button, enabled in ((self.left, self.index > 0), (self.right, self.index < len(self.labels) - 1)):
            set_enabled(button, enabled)


class SetupScene(MenuScene):
    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.rules = game.load(game_id)
        previous = _last_choices.get(game_id)
        self.choice = previous if previous is not None else SetupChoice.default(self.rules)
        self.entries: dict[UITextEntryLine, Callable[[str], None]] = {}
        self.error = ""
        self.panels: list[pygame.Rect] = []
        self.error_label: UILabel | None = None
        self.art_stepper: Stepper | None = None
        self.compare_stepper: Stepper | None = None
        self.variant_stepper: Stepper | None = None
        #: the variant files of this game as last laid out (usable and refused)
        self.variants: list[VariantFile] = []

    # -- layout ----------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        self.title = tr("{game}: new game").format(game=self.rules.title)
        self.entries = {}
        row_h = px(42, size)
        gap = px(10, size)
        margin = px(20, size)
        top = px(100, size)
        bottom = h - px(92, size)
        two_columns = w >= 2 * px(440, size) + 3 * margin
        col_w = min(px(560, size), (w - 3 * margin) // 2 if two_columns else w - 2 * margin)
        col_w = max(1, col_w)
        height = max(1, bottom - top)
        if two_columns:
            total = 2 * col_w + margin
            lefts = [(w - total) // 2, (w - total) // 2 + col_w + margin]
        else:
            lefts = [(w - col_w) // 2]
        self.panels = [pygame.Rect(x, top, col_w, height) for x in lefts]
        inset = px(14, size)
        boxes = [self._scroller(r.inflate(-2 * inset, -2 * inset)) for r in self.panels]
        seats_box = boxes[0]
        options_box = boxes[-1]
        caption = row_h * 2 // 3
        seats_h = caption + (1 + self.choice.players) * (row_h + gap)
        self._read_variants()
        card_data_rows = 1 + sum(not f.usable for f in self.variants)
        options_h = 5 * caption + (max(1, len(self.rules.options)) + 3 + card_data_rows) * (row_h + gap)
        longest = seats_h + gap + options_h if len(boxes) == 1 else max(seats_h, options_h)
        scroll_bar = SCROLL_BAR + px(6, size) if longest > boxes[0].rect.height else 0
        inner_w = max(1, self.panels[0].width - 2 * inset - scroll_bar)

        y = self._seat_rows(seats_box, inner_w, row_h, gap)
        y_opts = y + gap if len(boxes) == 1 else 0
        y_end = self._option_rows(options_box, inner_w, row_h, gap, y_opts)
        if len(boxes) == 1:
            seats_box.set_scrollable_area_dimensions((inner_w, y_end))
        else:
            seats_box.set_scrollable_area_dimensions((inner_w, y))
            options_box.set_scrollable_area_dimensions((inner_w, y_end))

        buttons_y = h - px(70, size)
        button_w = max(1, min(px(220, size), (w - 5 * margin) // 4))
        left = w // 2 - 2 * button_w - 3 * margin // 2
        back, rules, learn, start = (pygame.Rect(left + i * (button_w + margin), buttons_y, button_w,
                                                 px(50, size)) for i in range(4))
        self.add_button(back, tr("Back"), self.back)
        self.add_button(rules, tr("Rules"), self.show_rules,
                        tooltip=tr("The rules, page by page, with the cards"))
        self.add_button(learn, tr("Learn this game"), self.learn, enabled=has_course(self.rules.id),
                        tooltip=tr("A short first game against the AI that explains each rule as it comes "
                                   "up"))
        self.add_button(start, tr("Start"), self.start, primary=True)
        error_rect = pygame.Rect(margin, bottom + px(2, size), max(1, w - 2 * margin), px(22, size))
        self.error_label = UILabel(error_rect, self.error, manager=self.ui, object_id=oid("@error"))
        if not self.error:
            self.error_label.hide()

    def _scroller(self, rect: pygame.Rect) -> UIScrollingContainer:
        rect.width, rect.height = max(1, rect.width), max(1, rect.height)
        return UIScrollingContainer(rect, manager=self.ui, allow_scroll_x=False)

    def _caption(self, box: UIScrollingContainer, rect: pygame.Rect, text: str) -> None:
        UILabel(rect, text, manager=self.ui, container=box, object_id=oid("@caption"))

    def _seat_rows(self, box: UIScrollingContainer, width: int, row_h: int, gap: int) -> int:
        rules, choice = self.rules, self.choice
        y = 0
        self._caption(box, pygame.Rect(0, y, width, row_h * 2 // 3), tr("PLAYERS"))
        y += row_h * 2 // 3
        counts = list(range(rules.min_players, rules.max_players + 1))
        label_w = round(width * 0.36)
        UILabel(pygame.Rect(0, y, label_w, row_h), tr("How many"), manager=self.ui, container=box)
        Stepper(self, pygame.Rect(label_w, y, width - label_w, row_h), [str(n) for n in counts],
                counts.index(choice.players), self._set_players, wrap=False, container=box)
        y += row_h + gap
        name_w = round(width * 0.5)
        # measured by tools.tournament, not here; none when the file is damaged
        rated = {k: v for k, v in level_ratings(rules.id).items() if k in LEVELS}
        kinds = [kind_label(k, rated.get(k)) for k in KINDS]
        short = [f"{level_label(k)} · {rated[k]}" if k in rated else kinds[i] for i, k in enumerate(KINDS)]
        tip = (tr("A person at this screen, or an AI opponent: its level and its Elo rating, measured in "
                  "games against other bots (a player who moves at random is 1000)") if rated
               else tr("A person at this screen, or an AI opponent and its level"))
        for i in range(choice.players):
            seat = choice.seats[i]
            entry = PlaceholderEntry(pygame.Rect(0, y, name_w - gap, row_h), manager=self.ui, container=box,
                                    placeholder_text=player_label(i))
            entry.set_text_length_limit(NAME_LIMIT)
            entry.set_text(seat.name)
            self.entries[entry] = partial(setattr, seat, "name")
            Stepper(self, pygame.Rect(name_w, y, width - name_w, row_h), kinds,
                    KINDS.index(seat.kind), partial(_set_kind, seat),
                    container=box, tooltip=tip, short=short)
            y += row_h + gap
        return y

    def _set_option(self, name: str, choices: list[Any], index: int) -> None:
        self.choice.options[name] = choices[index]

    def _option_rows(self, box: UIScrollingContainer, width: int, row_h: int, gap: int, y: int) -> int:
        options: dict[str, Option] = self.rules.options
        self._caption(box, pygame.Rect(0, y, width, row_h * 2 // 3), tr("OPTIONS"))
        y += row_h * 2 // 3
        if not options:
            UILabel(pygame.Rect(0, y, width, row_h),
                    tr("{game} is played without options.").format(game=self.rules.title),
                    manager=self.ui, container=box, object_id=oid("@muted"))
            y += row_h + gap
        label_w = round(width * 0.5)
        for name, option in options.items():
            label = UILabel(pygame.Rect(0, y, label_w, row_h), tr(option.label) if option.label else name,
                            manager=self.ui, container=box)
            explained = tr(option.help) if option.help else None
            if explained:
                label.set_tooltip(explained)
            choices = self._choices(option)
            value = self.choice.options.get(name, option.default)
            if value not in choices:
                value = self.choice.options[name] = option.default
            Stepper(self, pygame.Rect(label_w, y, width - label_w, row_h),
                    [self._value_label(option, c) for c in choices], choices.index(value),
                    partial(self._set_option, option.name, choices),
                    container=box, tooltip=explained)
            y += row_h + gap
        y = self._card_data_rows(box, width, row_h, gap, y)
        y = self._art_row(box, width, row_h, gap, y)
        self._caption(box, pygame.Rect(0, y, width, row_h * 2 // 3), tr("SEED"))
        y += row_h * 2 // 3
        seed = PlaceholderEntry(pygame.Rect(0, y, width, row_h), manager=self.ui, container=box,
                               placeholder_text=tr("random (or a number to replay a deal)"))
        seed.set_allowed_characters("numbers")
        seed.set_text_length_limit(SEED_DIGITS)
        seed.set_text(self.choice.seed_text)
        self.entries[seed] = lambda text: setattr(self.choice, "seed_text", text)
        return y + row_h + gap

    def _read_variants(self) -> None:
        """The game's variant files, read again (a file made or fixed meanwhile is offered); a chosen one
        that is gone or now refused falls back to the card data as published, saying so."""
        self.variants = variant_files(self.rules)
        key = self.choice.variant_key
        if key is not None and not any(f.key == key and f.usable for f in self.variants):
            self.choice.variant_key = None
            refused = next((f for f in self.variants if f.key == key), None)
            file = key.partition(":")[2]
            text = (tr("The variant {file} is refused ({problem}): the card data is as published.").format(
                file=file, problem=refused.problem) if refused is not None else
                tr("The variant {file} is gone: the card data is as published.").format(file=file))
            self.error = text  # shown by the error line once it is laid out

    def _card_data_rows(self, box: UIScrollingContainer, width: int, row_h: int, gap: int, y: int) -> int:
        """Card data: as published, or one of the game's variants by name; a refused file is listed
        under it with its reason and line (never offered)."""
        self._caption(box, pygame.Rect(0, y, width, row_h * 2 // 3), tr("CARD DATA"))
        y += row_h * 2 // 3
        label_w = round(width * 0.5)
        usable = [f for f in self.variants if f.usable]
        keys: list[str | None] = [None, *(f.key for f in usable)]
        labels = [tr("As published"), *(f.variant.name for f in usable if f.variant is not None)]
        UILabel(pygame.Rect(0, y, label_w, row_h), tr("Card data"), manager=self.ui, container=box)
        self.variant_stepper = Stepper(
            self, pygame.Rect(label_w, y, width - label_w, row_h), labels,
            keys.index(self.choice.variant_key) if self.choice.variant_key in keys else 0,
            lambda i: setattr(self.choice, "variant_key", keys[i]), container=box,
            tooltip=tr("The cards and numbers the game is played with: as published, or a variant file "
                       "(your own go in the data folder's variants folder)"))
        y += row_h + gap
        for refused in (f for f in self.variants if not f.usable):
            text = tr("Refused: {problem}").format(problem=refused.problem)
            fitted_label(self.ui, pygame.Rect(0, y, width, row_h), text, container=box,
                         object_id=oid("@muted"))
            y += row_h + gap
        return y

    def _art_row(self, box: UIScrollingContainer, width: int, row_h: int, gap: int, y: int) -> int:
        """The art pack of this game (the game's setting: it is kept for the next game too)."""
        art = self.app.art
        art.reload_changed()  # a pack made while the game runs is offered too
        packs = art.pack_choices(self.rules.id)
        self._caption(box, pygame.Rect(0, y, width, row_h * 2 // 3), tr("CARD ART"))
        y += row_h * 2 // 3
        label_w = round(width * 0.5)
        UILabel(pygame.Rect(0, y, label_w, row_h), tr("Art pack"), manager=self.ui, container=box)
        self.art_stepper = Stepper(
            self, pygame.Rect(label_w, y, width - label_w, row_h), [pack_label(p, art) for p in packs],
            packs.index(art.active_pack(self.rules.id)), lambda i: self._set_art_pack(packs[i]),
            container=box, tooltip=tr("The card faces, backs and table: the Gallery shows each pack"))
        y += row_h + gap
        # pack B of the table's A/B switch (key B at the table): a designer compares two packs in play
        compared: list[str | None] = [None, *packs]
        chosen_b = compare_pack(self.app.settings, self.rules.id)
        UILabel(pygame.Rect(0, y, label_w, row_h), tr("Compare with"), manager=self.ui, container=box)
        self.compare_stepper = Stepper(
            self, pygame.Rect(label_w, y, width - label_w, row_h),
            [tr("no second pack") if p is None else pack_label(p, art) for p in compared],
            compared.index(chosen_b) if chosen_b in compared else 0,
            lambda i: self._set_compare_pack(compared[i]), container=box,
            tooltip=tr("A second pack: key B at the table switches between the two, live"))
        y += row_h + gap
        # Hints are no card art: they get a heading of their own
        self._caption(box, pygame.Rect(0, y, width, row_h * 2 // 3), tr("HELP AT THE TABLE"))
        y += row_h * 2 // 3
        UILabel(pygame.Rect(0, y, label_w, row_h), tr("Hints"), manager=self.ui, container=box)
        settings = self.app.settings
        Stepper(self, pygame.Rect(label_w, y, width - label_w, row_h), [tr("On"), tr("Off")],
                0 if settings.hints_on(self.rules.id) else 1, self._set_hints, container=box,
                tooltip=tr("The table's Hint button (key H): what the strongest AI would play, and why"))
        return y + row_h + gap

    def _set_hints(self, index: int) -> None:
        """Hints are a setting of the game, kept for the next game, not a rule (the record marks each
        move made after one)."""
        self.app.settings.set_hints(self.rules.id, index == 0)
        self.app.settings_changed()

    def _set_art_pack(self, name: str) -> None:
        self.app.art.choose(self.rules.id, name)
        self.app.settings_changed()

    def _set_compare_pack(self, name: str | None) -> None:
        choose_compare_pack(self.app.settings, self.rules.id, name)
        self.app.settings_changed()

    def _choices(self, option: Option) -> list[Any]:
        """The option's values that fit the seats: a seat option offers only the seats at the table."""
        if option.name not in SEAT_OPTIONS:
            return list(option.choices)
        return [c for c in option.choices if not _is_seat(c) or c < self.choice.players]

    def _value_label(self, option: Option, value: Any) -> str:
        if option.name in SEAT_OPTIONS and _is_seat(value):
            name = self.choice.seats[value].name.strip()
            return name or player_label(value)
        return option_label(value)

    def draw_decor(self, surface: pygame.Surface) -> None:
        super().draw_decor(surface)
        for rect in self.panels:
            draw_panel(surface, rect, surface.get_size())

    # -- changes ---------------------------------------------------------------------------------
    def _set_players(self, index: int) -> None:
        self.choice.players = self.rules.min_players + index
        self.ui.clear_and_reset()  # the seat rows change: lay out again
        self.on_enter()

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            setter = self.entries.get(event.ui_element)
            if setter is not None:
                setter(event.text)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()

    def _show_error(self, text: str) -> None:
        self.error = text
        if self.error_label is not None:
            self.error_label.set_text(text)
            if text:
                self.error_label.show()
            else:
                self.error_label.hide()

    def learn(self) -> None:
        from scenes.menus.guided import start_guided_game

        try:
            seats = self.choice.seats[:self.choice.players]
            name = next((s.name.strip() for s in seats if s.kind == HUMAN and s.name.strip()), "")
            start_guided_game(self.app, self.rules.id, name)
        except Exception as exc:  # a table that cannot open must leave the menus working
            logging.getLogger(__name__).exception("opening the guided game of %s failed", self.rules.id)
            self.show_message(Message(tr("The first game cannot open"), f"{type(exc).__name__}: {exc}"))

    def show_rules(self) -> None:
        from scenes.menus.rules import open_rules

        open_rules(self.app, self.rules.id)

    # -- start -----------------------------------------------------------------------------------
    def start(self) -> None:
        _last_choices[self.rules.id] = self.choice
        self._begin()  # the game gets a save of its own: no other game is replaced by it

    def _begin(self) -> None:
        from game.match import Match

        try:
            seats = self.choice.build_seats()
            seed = self.choice.seed()
        except ValueError as exc:
            self._show_error(str(exc))
            return
        options = {k: v for k, v in self.choice.options.items() if k in self.rules.options}
        if self.choice.variant_key is not None:  # read again: the file may have changed since it was listed
            chosen = find_variant(self.rules, self.choice.variant_key)
            if chosen is None or chosen.variant is None:
                self.ui.clear_and_reset()
                self.on_enter()  # lists the files anew, as published, and says why
                return
            options[OPTION] = chosen.variant.option()
        try:
            match = Match(self.rules.id, seats, seed, options, autosave=game_saves())
        except (KartentischError, OSError) as exc:
            self._show_error(str(exc))
            return
        self._show_error("")
        scene = open_table_or_explain(self, match)
        if scene is not None:
            self.app.replace(scene)


def _set_kind(seat: SeatChoice, index: int) -> None:
    seat.kind = KINDS[index]
