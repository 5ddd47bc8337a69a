"""The settings screen: the language, full screen, window size, animation speed, sound volume, colour
vision (the seat colours' palette), how many games the history keeps, whether finished games are
analysed, and each game's art pack.

Every change applies at once and is saved at once (`Settings.save`).
"""

from __future__ import annotations

from functools import partial

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UILabel

from cards import rules_text
from game.i18n import LANGUAGES, N_, language, ntr, tr
from scenes import sound
from scenes.colour_vision import VISION_LABELS, VISIONS, vision_or_normal
from scenes.menus.setup import Stepper, pack_label
from scenes.settings import ANIMATION_SPEEDS, CONTINUE_AFTER_CHOICES
from scenes.widgets import MenuScene, column, draw_panel, fitted_label, px, row, set_fitted_text

WINDOW_SIZES: tuple[tuple[int, int], ...] = (
    (1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
HISTORY_CHOICES = (50, 100, 200, 500, 1000, 2000, 5000, 10_000)
SPEED_LABELS = {"off": N_("Off"), "fast": N_("Fast"), "normal": N_("Normal"), "slow": N_("Slow")}
PREVIEW_EVERY = 0.25  # seconds between volume previews while the slider moves


def size_text(size: tuple[int, int]) -> str:
    return f"{size[0]} × {size[1]}"


def continue_label(seconds: int) -> str:
    """A choice of "Continue by itself": off (the banner waits for a click), or after so many seconds."""
    if seconds <= 0:
        return tr("Off: wait for a click")
    return ntr("after {n} second", "after {n} seconds", seconds).format(n=seconds)


def history_limit_choices(current: int) -> list[int]:
    """The bounds offered for the history, and the current one (set in the file by hand, perhaps)."""
    return sorted({*HISTORY_CHOICES, current})


def window_size_choices(current: tuple[int, int]) -> list[tuple[int, int]]:
    """The preset sizes that fit the screen, and the current size."""
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        desktop = (7680, 4320)
    sizes = [s for s in WINDOW_SIZES if s[0] <= desktop[0] and s[1] <= desktop[1]] or [WINDOW_SIZES[0]]
    if current not in sizes:
        sizes.append(current)
    return sorted(sizes)


class SettingsScene(MenuScene):
    title = N_("Settings")

    def __init__(self, app) -> None:
        super().__init__(app)
        self.fullscreen_button: UIButton | None = None
        self.speed_buttons: dict[str, UIButton] = {}
        self.size_menu: UIDropDownMenu | None = None
        self.volume_slider: UIHorizontalSlider | None = None
        self.volume_label: UILabel | None = None
        self.art_steppers: dict[str, Stepper] = {}  # game id -> its art pack
        self.history_stepper: Stepper | None = None
        self.vision_stepper: Stepper | None = None
        self.language_stepper: Stepper | None = None
        self.motion_stepper: Stepper | None = None
        self.continue_stepper: Stepper | None = None
        self.analyse_stepper: Stepper | None = None
        self._size_by_text: dict[str, tuple[int, int]] = {}
        self._since_preview = PREVIEW_EVERY
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def build(self, size: tuple[int, int]) -> None:
        settings = self.app.settings
        w, h = size
        # the rows end high enough that their panel clears the Back button
        area = pygame.Rect(0, px(110, size), w, max(1, h - px(110, size) - px(112, size)))
        width = min(w - 2 * px(16, size), px(720, size))
        art = self.app.art
        art.reload_changed()  # a pack made while the game runs is offered too
        art_games = art.art_games()
        rows = column(area, 10 + len(art_games), width, px(46, size), px(22, size))
        pad = px(24, size)
        self.panel_rect = pygame.Rect(rows[0].left - pad, rows[0].top - pad, width + 2 * pad,
                                      rows[-1].bottom - rows[0].top + 2 * pad).clip(pygame.Rect(0, 0, w, h))
        labels = (tr("Language"), tr("Full screen"), tr("Window size"), tr("Animation speed"),
                  tr("Reduced motion"), tr("Continue by itself"), tr("Sound volume"), tr("Colour vision"),
                  tr("Games kept"), tr("Analyse finished games"),
                  *(tr("Art: {game}").format(game=rules_text.title(g)) for g in art_games))
        controls = []
        for label, rect in zip(labels, rows, strict=True):
            split = round(rect.width * 0.38)
            fitted_label(self.ui, pygame.Rect(rect.left, rect.top, split, rect.height), label)
            controls.append(pygame.Rect(rect.left + split, rect.top, rect.width - split, rect.height))

        codes = list(LANGUAGES)
        self.language_stepper = Stepper(
            self, controls.pop(0), [LANGUAGES[c] for c in codes], codes.index(language()),
            lambda i: self.app.set_language(codes[i]),
            tooltip=tr("Every word of the table, the menus and the cards"))

        self.fullscreen_button = self.add_button(controls[0], tr("On") if settings.fullscreen else tr("Off"),
                                                 self.app.toggle_fullscreen,
                                                 tooltip=tr("F11 switches full screen anywhere"))
        if settings.fullscreen:
            self.fullscreen_button.select()

        sizes = window_size_choices(settings.window_size)
        self._size_by_text = {size_text(s): s for s in sizes}
        self.size_menu = UIDropDownMenu(list(self._size_by_text), size_text(settings.window_size),
                                        controls[1], manager=self.ui)
        if settings.fullscreen:
            self.size_menu.disable()

        gap = px(8, size)
        speed_rects = row(controls[2], len(ANIMATION_SPEEDS), controls[2].height, gap)
        self.speed_buttons = {}
        for speed, rect in zip(ANIMATION_SPEEDS, speed_rects, strict=True):
            button = self.add_button(rect, tr(SPEED_LABELS[speed]), partial(self.set_speed, speed),
                                     class_id="@quiet")
            if speed == settings.animation_speed:
                button.select()
            self.speed_buttons[speed] = button

        self.motion_stepper = Stepper(
            self, controls[3], [tr("Off"), tr("On")], int(settings.reduced_motion),
            lambda i: self.set_reduced_motion(bool(i)),
            tooltip=tr("No shaking, flashing or sparks, and short fades instead of flights"))

        waits = list(CONTINUE_AFTER_CHOICES)
        self.continue_stepper = Stepper(
            self, controls[4], [continue_label(n) for n in waits],
            waits.index(settings.continue_after) if settings.continue_after in waits else 0,
            lambda i: self.set_continue_after(waits[i]), wrap=False,
            tooltip=tr("A round's end, a scoring and the game's end wait for your click, or go on by "
                       "themselves after this long"))
        del controls[3:5]

        slider_rect = controls[3].copy()
        value_w = px(70, size)
        slider_rect.width = max(1, slider_rect.width - value_w - gap)
        self.volume_slider = UIHorizontalSlider(slider_rect, round(settings.volume * 100), (0, 100),
                                                manager=self.ui, click_increment=5)
        value_rect = pygame.Rect(slider_rect.right + gap, slider_rect.top, value_w, slider_rect.height)
        self.volume_label = fitted_label(self.ui, value_rect, f"{round(settings.volume * 100)}%")

        visions = list(VISIONS)
        chosen = visions.index(vision_or_normal(settings.colour_vision))
        self.vision_stepper = Stepper(
            self, controls[4], [tr(VISION_LABELS[v]) for v in visions], chosen,
            lambda i: self.set_colour_vision(visions[i]),
            tooltip=tr("The seat colours of Palastgeflüster, chosen to stay apart for these eyes (each also "
                       "has a shape)"))

        kept = history_limit_choices(settings.history_limit)
        self.history_stepper = Stepper(
            self, controls[5], [ntr("{n} game", "{n} games", n).format(n=n) for n in kept],
            kept.index(settings.history_limit), lambda i: self.set_history_limit(kept[i]), wrap=False,
            tooltip=tr("The history keeps at most this many games; when one more is kept, the oldest goes"))

        self.analyse_stepper = Stepper(
            self, controls[6], [tr("Off"), tr("On")], int(settings.analyse_games),
            lambda i: self.set_analyse_games(bool(i)),
            tooltip=tr("After a game: who was winning when, the moments that decided it and each person's "
                       "costliest choices, worked out in the background"))

        self.art_steppers = {}
        for game_id, rect in zip(art_games, controls[7:], strict=True):
            packs = art.pack_choices(game_id)
            self.art_steppers[game_id] = Stepper(
                self, rect, [pack_label(p, art) for p in packs], packs.index(art.active_pack(game_id)),
                partial(self._choose_pack, game_id, packs),
                tooltip=tr("The card faces, backs and table of this game: the Gallery shows each pack"))

        back = pygame.Rect(0, 0, min(w - 16, px(240, size)), px(50, size))
        back.midbottom = (w // 2, h - px(30, size))
        self.add_button(back, tr("Back"), self.back, primary=True)

    # -- changes ---------------------------------------------------------------------------------
    def set_speed(self, speed: str) -> None:
        self.app.settings.animation_speed = speed
        self.app.settings_changed()
        for name, button in self.speed_buttons.items():
            if name == speed:
                button.select()
            else:
                button.unselect()

    def set_reduced_motion(self, on: bool) -> None:
        self.app.settings.reduced_motion = on
        self.app.settings_changed()

    def set_continue_after(self, seconds: int) -> None:
        self.app.settings.continue_after = seconds
        self.app.settings_changed()

    def set_colour_vision(self, vision: str) -> None:
        self.app.settings.colour_vision = vision
        self.app.settings_changed()

    def set_analyse_games(self, on: bool) -> None:
        self.app.settings.analyse_games = on
        self.app.settings_changed()

    def set_history_limit(self, games: int) -> None:
        self.app.settings.history_limit = games
        self.app.settings_changed()

    def _choose_pack(self, game_id: str, packs: list[str], index: int) -> None:
        self.set_art_pack(game_id, packs[index])

    def set_art_pack(self, game_id: str, name: str) -> None:
        self.app.art.choose(game_id, name)
        self.app.settings_changed()

    def set_volume(self, percent: int) -> None:
        self.app.settings.volume = max(0, min(100, int(percent))) / 100
        self.app.settings_changed()
        if self.volume_label is not None:
            set_fitted_text(self.volume_label, f"{round(self.app.settings.volume * 100)}%")
        if self._since_preview >= PREVIEW_EVERY:
            self._since_preview = 0.0
            sound.play("place")

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.size_menu:
            chosen = self._size_by_text.get(event.text)
            if chosen is not None and chosen != self.app.settings.window_size:
                self.app.set_window_size(chosen)
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume_slider:
            self.set_volume(round(event.value))

    def draw_decor(self, surface: pygame.Surface) -> None:
        super().draw_decor(surface)
        draw_panel(surface, self.panel_rect, surface.get_size())

    def update(self, dt: float) -> None:
        self._since_preview += dt
