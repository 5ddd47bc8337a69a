"""The look of the menu screens in plain pygame: colours, sizes that follow the window, text, the felt,
the card fan, layout helpers, panels and a light menu button.

Nothing here needs pygame-gui, so a screen drawn with this module alone (the title) is interactive
before pygame-gui is even imported. Every size on screen derives from the window: `ui_scale(size)` is
1.0 at 1280x720, 1.5 at 1920x1080 and 3.0 at 3840x2160, so the same layout code serves every window.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import pygame

from assets import asset_path
from game.i18n import N_
from scenes import fonts
from scenes.cache import MB, cached
from scenes.fonts import wrap

BASE_SIZE = (1280, 720)
MIN_SCALE = 0.5
MAX_SCALE = 3.0

GOLD = pygame.Color("#e0bd62")
GOLD_LIGHT = pygame.Color("#f0d58a")
GOLD_DARK = pygame.Color("#8a7234")
CREAM = pygame.Color("#f3e9d2")
MUTED = pygame.Color("#b9c4b6")
SHADOW = pygame.Color(0, 0, 0)
FELT_CENTRE = (30, 96, 62)
FELT_EDGE = (7, 34, 22)

#: the pygame-gui theme every screen with widgets uses
THEME_PATH = asset_path("themes", "theme.json")

# The bytes each cache of drawn things may hold (scenes/cache.py), least recently used out first. A
# window-sized picture larger than its whole budget (the cloth of a 4K window) is kept alone.
#: the cloth, and the shade over it: each a picture of a 1920x1080 window, or two of 1280x720
SCREEN_BUDGET = 8 * MB + 512 * 1024
#: the menu screens' lines of text (and at most this many: a line is keyed by its font)
TEXT_BUDGET = 4 * MB
TEXT_LIMIT = 256
#: panels, buttons and their boxes, tooltips, the title's card fan
PANEL_BUDGET = 6 * MB
BUTTON_BUDGET = 4 * MB
BOX_BUDGET = 2 * MB
TOOLTIP_BUDGET = 1 * MB
FAN_BUDGET = 1 * MB


def ui_scale(size: tuple[int, int]) -> float:
    """How much larger than at 1280x720 things are drawn (layout lengths)."""
    w, h = size
    # Width limits a little less than height: a 4:3 window has room to spare below the 16:9 layout.
    return max(MIN_SCALE, min(1.2 * w / BASE_SIZE[0], h / BASE_SIZE[1], MAX_SCALE))


def text_scale(size: tuple[int, int]) -> float:
    """The scale for text: it shrinks more slowly than the layout so small windows stay readable."""
    scale = ui_scale(size)
    return scale if scale >= 1.0 else max(MIN_SCALE, scale ** 0.6)


def px(value: float, size: tuple[int, int]) -> int:
    """A length given for 1280x720, for a window of `size` (at least 1 pixel)."""
    return max(1, round(value * ui_scale(size)))


# -- the theme file --------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def base_theme() -> dict:
    """assets/themes/theme.json as it is on disk (its sizes are for 1280x720)."""
    with THEME_PATH.open(encoding="utf-8") as fh:
        return json.load(fh)


def theme_factor(size: tuple[int, int]) -> float:
    """The scale of the theme's font sizes and lengths for a window of `size`, in steps of 0.05
    (the steps keep the caches of scaled themes and drawn buttons small)."""
    return round(text_scale(size) * 20) / 20


def scaled_length(value: float, factor: float) -> int:
    """A positive length of the theme at `factor` (never below one pixel)."""
    return max(1, round(value * factor))


def _theme_block(name: str) -> dict:
    """A block of the theme with its prototype's values under its own."""
    theme = base_theme()
    block = theme.get(name, {})
    merged: dict = {}
    prototype = theme.get(block.get("prototype", ""), {})
    for part in ("colours", "font", "misc"):
        merged[part] = {**prototype.get(part, {}), **block.get(part, {})}
    return merged


# -- text ------------------------------------------------------------------------------------------
def heading_font(size: int) -> pygame.font.Font:
    """The display face for headings."""
    return fonts.display_font(max(6, int(size)))


def body_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The table's text face."""
    return fonts.font(max(6, int(size)), bold)


def widget_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The face of the themed widgets, so light buttons read like pygame-gui's."""
    return fonts.widget_font(max(6, int(size)), bold)


def draw_text(surface: pygame.Surface, text: str, font: pygame.font.Font, colour: pygame.Color | tuple,
              *, center: tuple[int, int] | None = None, topleft: tuple[int, int] | None = None,
              shadow: int = 2) -> pygame.Rect:
    """Draw one line of text with a soft drop shadow; returns where it landed."""
    image = _rendered(text, font, tuple(colour), 255)
    rect = image.get_rect()
    if center is not None:
        rect.center = center
    elif topleft is not None:
        rect.topleft = topleft
    if shadow:
        surface.blit(_rendered(text, font, tuple(SHADOW), 150), rect.move(shadow, shadow))
    surface.blit(image, rect)
    return rect


@cached("menu texts", TEXT_BUDGET, limit=TEXT_LIMIT)
def _rendered(text: str, font: pygame.font.Font, colour: tuple[int, ...], alpha: int) -> pygame.Surface:
    """Rendered text, kept: menus draw the same lines every frame."""
    image = font.render(text, True, colour)
    if alpha < 255:
        image.set_alpha(alpha)
    return image


def fitting_font(text: str, width: int, size: int, make: Callable[[int], pygame.font.Font] = heading_font,
                 smallest: int = 9) -> pygame.font.Font:
    """`make`'s font at `size`, or at the largest smaller size down to `smallest` at which `text` fits
    `width` pixels. It steps the point size down, never reads it back from the font's height (which is
    larger: a search by height can stand still), so it always ends."""
    size = max(smallest, int(size))
    font = make(size)
    while size > smallest and font.size(text)[0] > width:
        size = max(smallest, min(size - 1, int(size * 0.85)))
        font = make(size)
    return font


def draw_heading(surface: pygame.Surface, text: str, center: tuple[int, int], size: int,
                 colour: pygame.Color = GOLD) -> pygame.Rect:
    """A gold heading, shrunk to fit the window's width."""
    font = fitting_font(text, surface.get_width() - 16, size)
    return draw_text(surface, text, font, colour, center=center, shadow=max(1, font.get_height() // 20))


def fit_text(text: str, font: pygame.font.Font, width: int) -> str:
    """`text`, cut with an ellipsis so that it fits `width` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


# -- background ------------------------------------------------------------------------------------
@cached("felt grain", MB)  # one tile of 64 kB
def _felt_grain() -> pygame.Surface:
    """A tile of sparse light and dark specks: the nap of the cloth (made from random bytes, at C speed)."""
    side = 128
    noise = random.Random(7).randbytes(side * side)
    # byte value -> speck: about 3% light, 13% dark, the rest clear
    light = bytes(255 if b < 8 else 0 for b in range(256))
    alpha = bytes(9 if b < 8 else 16 if b < 24 else 10 if b < 42 else 0 for b in range(256))
    rgba = bytearray(4 * side * side)
    shade = noise.translate(light)
    rgba[0::4] = shade
    rgba[1::4] = shade
    rgba[2::4] = shade
    rgba[3::4] = noise.translate(alpha)
    tile = pygame.image.frombuffer(bytes(rgba), (side, side), "RGBA")
    return tile.convert_alpha() if pygame.display.get_surface() is not None else tile.copy()


@cached("felt", SCREEN_BUDGET)  # a 4K cloth is 33 MB: kept alone
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The dark green table cloth with a lighter centre and a vignette, made once per window size."""
    w, h = max(1, size[0]), max(1, size[1])
    small = pygame.Surface((48, 27))
    (c0, c1, c2), (e0, e1, e2) = FELT_CENTRE, FELT_EDGE
    for y in range(14):  # one quarter, mirrored: the cloth is symmetric about both middles
        dy = (y - 13) / 14
        for x in range(24):
            dx = (x - 23.5) / 24
            t = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.3)
            t = t * t * (3 - 2 * t)
            colour = (round(c0 + (e0 - c0) * t), round(c1 + (e1 - c1) * t), round(c2 + (e2 - c2) * t))
            for at in ((x, y), (47 - x, y), (x, 26 - y), (47 - x, 26 - y)):
                small.set_at(at, colour)
    surface = pygame.transform.smoothscale(small, (w, h))
    grain = _felt_grain()
    for y in range(0, h, grain.get_height()):
        for x in range(0, w, grain.get_width()):
            surface.blit(grain, (x, y))
    return _display_format(surface)


def _display_format(surface: pygame.Surface) -> pygame.Surface:
    """`surface` in the window's pixel format, for the fastest blits (copied only when it differs)."""
    screen = pygame.display.get_surface()
    if screen is None:
        return surface
    if (surface.get_bitsize(), surface.get_masks()) == (screen.get_bitsize(), screen.get_masks()):
        return surface
    return surface.convert()


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (under an overlay)."""
    shade = _shade(surface.get_size())
    shade.set_alpha(alpha)  # one shade a window size, whatever its alpha
    surface.blit(shade, (0, 0))


@cached("shade", SCREEN_BUDGET)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    shade = pygame.Surface(size)
    shade.fill((2, 12, 8))
    return shade


def draw_card_fan(surface: pygame.Surface, center: tuple[int, int], card_height: int, count: int = 5) -> None:
    """A fan of face-down cards: the title screen's emblem."""
    image = _card_fan(card_height, count)
    surface.blit(image, image.get_rect(center=center))


@cached("card fan", FAN_BUDGET)
def _card_fan(card_height: int, count: int) -> pygame.Surface:
    card_height = max(12, card_height)
    card = _card_back(card_height)
    side = card_height * 2
    fan = pygame.Surface((side, side), pygame.SRCALPHA)
    pivot = pygame.Vector2(side / 2, side / 2 + card_height * 0.55)
    spread = 14.0
    for i in range(count):
        angle = (i - (count - 1) / 2) * spread
        rotated = pygame.transform.rotozoom(card, -angle, 1.0)
        centre = pivot + pygame.Vector2(0, -card_height * 0.55).rotate(angle)
        fan.blit(rotated, rotated.get_rect(center=(round(centre.x), round(centre.y))))
    bounds = fan.get_bounding_rect()
    return fan.subsurface(bounds).copy() if bounds.width and bounds.height else fan


def _card_back(card_height: int) -> pygame.Surface:
    """The emblem's card: a red back with a gold frame, a lattice and a ring."""
    card_w = round(card_height * 0.68)
    card = pygame.Surface((card_w, card_height), pygame.SRCALPHA)
    radius = max(2, card_height // 14)
    rect = card.get_rect()
    pygame.draw.rect(card, (0, 0, 0, 70), rect, border_radius=radius)
    pygame.draw.rect(card, (128, 26, 36), rect.inflate(-2, -2), border_radius=radius)
    inset = max(3, card_height // 12)
    pygame.draw.rect(card, GOLD, rect.inflate(-2 * inset, -2 * inset), max(1, card_height // 60),
                     border_radius=max(1, radius - 2))
    inner = rect.inflate(-4 * inset, -4 * inset)
    step = max(4, card_height // 14)
    for offset in range(-inner.height, inner.width, step):  # a diamond lattice, clipped to the panel
        card.set_clip(inner)
        pygame.draw.line(card, (160, 52, 58), (inner.left + offset, inner.top),
                         (inner.left + offset + inner.height, inner.bottom), 1)
        pygame.draw.line(card, (160, 52, 58), (inner.left + offset, inner.bottom),
                         (inner.left + offset + inner.height, inner.top), 1)
    card.set_clip(None)
    pygame.draw.circle(card, GOLD_LIGHT, rect.center, max(2, card_height // 9), max(1, card_height // 50))
    pygame.draw.rect(card, (245, 232, 205), rect, max(1, card_height // 70), border_radius=radius)
    return card


def app_icon(side: int = 32) -> pygame.Surface:
    """The window's icon: the emblem's card back, upright."""
    icon = pygame.Surface((side, side), pygame.SRCALPHA)
    card = _card_back(side)
    icon.blit(card, card.get_rect(center=icon.get_rect().center))
    return icon


# -- layout ----------------------------------------------------------------------------------------
def column(area: pygame.Rect, count: int, width: int, height: int, gap: int) -> list[pygame.Rect]:
    """`count` rects of `width` x `height`, centred in `area` one below the other; they shrink to fit."""
    if count <= 0:
        return []
    width = max(1, min(width, area.width))
    need = count * height + (count - 1) * gap
    if need > area.height:
        shrink = area.height / need
        height, gap = max(1, int(height * shrink)), int(gap * shrink)
        need = count * height + (count - 1) * gap
    top = area.top + (area.height - need) // 2
    left = area.centerx - width // 2
    return [pygame.Rect(left, top + i * (height + gap), width, height) for i in range(count)]


def row(area: pygame.Rect, count: int, height: int, gap: int, width: int | None = None) -> list[pygame.Rect]:
    """`count` rects side by side, centred in `area`; they share its width when `width` is None."""
    if count <= 0:
        return []
    height = max(1, min(height, area.height))
    if width is None or count * width + (count - 1) * gap > area.width:
        width = max(1, (area.width - (count - 1) * gap) // count)
    total = count * width + (count - 1) * gap
    left = area.centerx - total // 2
    top = area.centery - height // 2
    return [pygame.Rect(left + i * (width + gap), top, width, height) for i in range(count)]


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, size: tuple[int, int]) -> None:
    """A dark translucent board with a thin gold rim, for grouping widgets on the felt."""
    surface.blit(_panel(rect.size, px(14, size), px(2, size)), rect)


@cached("menu panels", PANEL_BUDGET)
def _panel(size: tuple[int, int], radius: int, border: int) -> pygame.Surface:
    panel = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
    rect = panel.get_rect()
    pygame.draw.rect(panel, (6, 26, 17, 200), rect, border_radius=radius)
    pygame.draw.rect(panel, (*GOLD_DARK[:3], 255), rect, border, border_radius=radius)
    return panel


# -- messages --------------------------------------------------------------------------------------
@dataclass
class Message:
    """What a message box says and which answers it offers (key -> button text)."""

    title: str
    text: str
    #: (key, button text); a text marked with N_ is written in the chosen language by the box
    answers: Sequence[tuple[str, str]] = (("ok", N_("OK")),)


# -- the light menu button -------------------------------------------------------------------------
ButtonState = Literal["normal", "hovered", "active", "disabled"]

#: how long the mouse rests on a button before its tooltip shows (as pygame-gui's buttons do)
TOOLTIP_DELAY = 1.0
#: the soft shadow around a button, innermost ring first: alpha of black per pixel of the theme's width
_SHADOW_ALPHAS = (22, 9, 4)
#: shapes are drawn this many times larger and scaled down: smooth rounded corners
_SUPERSAMPLE = 4


@dataclass(eq=False)
class MenuButton:
    """A themed button drawn with pygame alone: gold fill and dark text when primary, a dark fill with
    a gold rim otherwise, muted when disabled; lighter under the mouse and gold while held, all in the
    theme's colours."""

    rect: pygame.Rect
    label: str
    action: Callable[[], None]
    enabled: bool = True
    primary: bool = False
    tooltip: str | None = None

    @property
    def is_enabled(self) -> bool:
        """As pygame-gui's buttons name it, so code that finds a button reads either kind alike."""
        return self.enabled

    def hit_area(self, factor: float) -> pygame.Rect:
        """The drawn shape without its shadow: where a click counts."""
        inset = _shape_metrics(self.rect.size, factor)[0]
        return self.rect.inflate(-2 * inset, -2 * inset)


class MenuButtons:
    """The light buttons of one screen: hover, press and click by mouse, and a tooltip after the
    mouse rests on a button. A click fires on release over the button it pressed, as pygame-gui's do.
    A scene keeps them as `menu_buttons` (scenes.widgets.find_button looks for them there)."""

    def __init__(self) -> None:
        self.buttons: list[MenuButton] = []
        self.factor = 1.0
        self.mouse: tuple[int, int] | None = None
        self.held: MenuButton | None = None
        self._rested = 0.0  # seconds the mouse has stayed on the hovered button
        self._resting_on: MenuButton | None = None
        self._tip_anchor: tuple[int, int] | None = None

    def layout(self, size: tuple[int, int]) -> None:
        """Start a new set of buttons for a window of `size`."""
        self.buttons.clear()
        self.factor = theme_factor(size)
        self.held = None
        self._resting_on = None
        self._tip_anchor = None
        if self.mouse is None and pygame.mouse.get_focused():
            self.mouse = pygame.mouse.get_pos()

    def add(self, rect: pygame.Rect, label: str, action: Callable[[], None], *, primary: bool = False,
            enabled: bool = True, tooltip: str | None = None) -> MenuButton:
        button = MenuButton(pygame.Rect(rect), label, action, enabled, primary, tooltip)
        self.buttons.append(button)
        return button

    def find(self, label: str) -> MenuButton | None:
        return next((b for b in self.buttons if b.label == label), None)

    def at(self, pos: tuple[int, int] | None) -> MenuButton | None:
        """The button whose shape is under `pos`."""
        if pos is None:
            return None
        return next((b for b in self.buttons if b.hit_area(self.factor).collidepoint(pos)), None)

    @property
    def hovered(self) -> MenuButton | None:
        button = self.at(self.mouse)
        return button if button is not None and button.enabled and self.held is None else None

    def state(self, button: MenuButton) -> ButtonState:
        if not button.enabled:
            return "disabled"
        if button is self.held:
            return "active"
        return "hovered" if button is self.hovered else "normal"

    # events and time
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Take the mouse events meant for the buttons; True when `event` was one of them."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = tuple(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = tuple(event.pos)
            button = self.at(self.mouse)
            if button is not None and button.enabled:
                self.held = button
                self._resting_on = None
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.held is not None:
            self.mouse = tuple(event.pos)
            button, self.held = self.held, None
            if button.enabled and button.hit_area(self.factor).collidepoint(self.mouse):
                button.action()
            return True
        return False

    def update(self, dt: float) -> None:
        hovered = self.hovered
        if hovered is not self._resting_on:
            self._resting_on = hovered
            self._rested = 0.0
            self._tip_anchor = None
            return
        if hovered is not None and hovered.tooltip:
            self._rested += dt
            if self._tip_anchor is None and self._rested > TOOLTIP_DELAY and self.mouse is not None:
                self._tip_anchor = (self.mouse[0], hovered.rect.centery)

    @property
    def tooltip_shown(self) -> MenuButton | None:
        """The button whose tooltip is on screen, if any."""
        shown = self._resting_on
        return shown if self._tip_anchor is not None and shown is not None and shown.tooltip else None

    # drawing
    def draw(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            face = _button_face(button.rect.size, button.label, button.primary, self.state(button),
                                self.factor)
            surface.blit(face, button.rect)
        shown = self.tooltip_shown
        if shown is not None and shown.tooltip and self._tip_anchor is not None:
            draw_tooltip(surface, shown.tooltip, self._tip_anchor, shown.rect.height // 2, self.factor)


@lru_cache(maxsize=8)
def button_colours(primary: bool, state: ButtonState) -> tuple[pygame.Color, pygame.Color, pygame.Color]:
    """Fill, text and rim of a button in `state`, from the theme (its defaults, and @primary over them)."""
    theme = base_theme()
    colours = dict(theme["defaults"]["colours"])
    colours.update(_theme_block("button")["colours"])
    if primary:
        colours.update(theme.get("@primary", {}).get("colours", {}))
    return (pygame.Color(colours[f"{state}_bg"]), pygame.Color(colours[f"{state}_text"]),
            pygame.Color(colours[f"{state}_border"]))


@lru_cache(maxsize=16)
def _shape_metrics(size: tuple[int, int], factor: float) -> tuple[int, int, int, int]:
    """Shadow width, rim width, corner radius and text padding of a button of `size`, clamped to fit."""
    misc = _theme_block("button")["misc"]
    w, h = size
    shadow = min(scaled_length(float(misc.get("shadow_width", 0)), factor), max(0, min(w, h) // 2 - 1))
    inner = max(1, min(w, h) - 2 * shadow)
    border = min(scaled_length(float(misc.get("border_width", 0)), factor), inner // 2)
    radius = min(scaled_length(float(misc.get("shape_corner_radius", 0)), factor), inner // 2)
    padding = scaled_length(float(misc.get("text_horiz_alignment_padding", 0)), factor)
    return shadow, border, radius, padding


#: a light button's label shrinks to this share of the theme's size before it is cut with "…"
SMALLEST_LABEL_SHARE = 0.8


def _button_label_font(factor: float, label: str = "", room: int | None = None) -> pygame.font.Font:
    """The theme's button face at `factor`; with `room`, made a little smaller where `label` would not
    fit it whole (a longer word in another language), down to SMALLEST_LABEL_SHARE and 10 pixels."""
    theme = _theme_block("button")["font"]
    bold = theme.get("bold") == "1"
    size = scaled_length(float(theme.get("size", 20)), factor)
    font = widget_font(size, bold)
    if room is None:
        return font
    smallest = max(10, round(size * SMALLEST_LABEL_SHARE))
    while size > smallest and font.size(label)[0] > room:
        size -= 1
        font = widget_font(size, bold)
    return font


@cached("menu buttons", BUTTON_BUDGET)
def _button_face(size: tuple[int, int], label: str, primary: bool, state: ButtonState,
                 factor: float) -> pygame.Surface:
    fill, ink, rim = button_colours(primary, state)
    shadow, border, radius, padding = _shape_metrics(size, factor)
    face = _shadowed_box(size, fill, rim, shadow, border, radius)
    shape = face.get_rect().inflate(-2 * shadow, -2 * shadow)
    room = max(1, shape.width - 2 * padding)
    font = _button_label_font(factor, label, room)
    text = font.render(fit_text(label, font, room), True, ink)
    face.blit(text, text.get_rect(center=shape.center))
    return face


def _shadowed_box(size: tuple[int, int], fill: pygame.Color, rim: pygame.Color, shadow: int, border: int,
                  radius: int) -> pygame.Surface:
    """A rounded box inset by `shadow` pixels of soft shadow all round (the themed widgets' shape)."""
    image = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
    shape = image.get_rect().inflate(-2 * shadow, -2 * shadow)
    for ring in range(shadow, 0, -1):  # outermost first: each ring is drawn over by the next one in
        alpha = _SHADOW_ALPHAS[min(ring, len(_SHADOW_ALPHAS)) - 1]
        pygame.draw.rect(image, (0, 0, 0, alpha), shape.inflate(2 * ring, 2 * ring),
                         border_radius=radius + ring)
    image.blit(_rounded_box(shape.size, fill, rim, border, radius), shape)
    return image


def _rounded_box(size: tuple[int, int], fill: pygame.Color, rim: pygame.Color, border: int,
                 radius: int) -> pygame.Surface:
    """A filled rounded rectangle with a rim and smooth corners."""
    return _nine_slice_box((max(1, size[0]), max(1, size[1])), tuple(fill), tuple(rim), border, radius)


@cached("button boxes", BOX_BUDGET)
def _nine_slice_box(size: tuple[int, int], fill: tuple[int, ...], rim: tuple[int, ...], border: int,
                    radius: int) -> pygame.Surface:
    """The box built from a small smoothed one: its corners as they are, its edges stretched (they are
    the same all along) and its middle filled, the same pixels as smoothing the whole box, far quicker."""
    w, h = size
    c = max(1, radius, border)
    if w < 2 * c + 1 or h < 2 * c + 1:
        return _smoothed_box(size, fill, rim, border, radius)
    tile = _smoothed_box((2 * c + 1, 2 * c + 1), fill, rim, border, radius)
    box = pygame.Surface(size, pygame.SRCALPHA)
    far_x, far_y = w - c, h - c
    for source, at in (((0, 0), (0, 0)), ((c + 1, 0), (far_x, 0)), ((0, c + 1), (0, far_y)),
                       ((c + 1, c + 1), (far_x, far_y))):
        box.blit(tile, at, pygame.Rect(source, (c, c)), special_flags=pygame.BLEND_RGBA_MAX)
    inner_w, inner_h = w - 2 * c, h - 2 * c
    edges = (((c, 0, 1, c), (inner_w, c), (c, 0)), ((c, c + 1, 1, c), (inner_w, c), (c, far_y)),
             ((0, c, c, 1), (c, inner_h), (0, c)), ((c + 1, c, c, 1), (c, inner_h), (far_x, c)))
    for strip, stretched, at in edges:
        box.blit(pygame.transform.scale(tile.subsurface(strip), stretched), at,
                 special_flags=pygame.BLEND_RGBA_MAX)
    box.fill(tile.get_at((c, c)), pygame.Rect(c, c, inner_w, inner_h))
    return box


def _smoothed_box(size: tuple[int, int], fill: tuple[int, ...], rim: tuple[int, ...], border: int,
                  radius: int) -> pygame.Surface:
    """The box drawn large and scaled down, which smooths its corners."""
    k = _SUPERSAMPLE
    w, h = size
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    big.fill((*rim[:3], 0))  # the clear outside keeps the rim's colour: the smoothed edge does not darken
    rect = big.get_rect()
    pygame.draw.rect(big, rim, rect, border_radius=radius * k)
    if border:
        pygame.draw.rect(big, fill, rect.inflate(-2 * border * k, -2 * border * k),
                         border_radius=max(0, radius - border) * k)
    else:
        pygame.draw.rect(big, fill, rect, border_radius=radius * k)
    return pygame.transform.smoothscale(big, (w, h))


def draw_tooltip(surface: pygame.Surface, text: str, anchor: tuple[int, int], distance: int,
                 factor: float) -> pygame.Rect:
    """A tooltip box whose left edge is at the mouse, `distance` below `anchor` (above it when there is
    no room below), kept inside the window."""
    image = _tooltip(text, factor)
    window = surface.get_rect()
    rect = image.get_rect(topleft=(anchor[0], anchor[1] + distance))
    if rect.bottom > window.bottom:
        rect.bottom = anchor[1] - distance
    rect.right = min(rect.right, window.right)
    rect.left = max(rect.left, window.left)
    surface.blit(image, rect)
    return rect


@cached("tooltips", TOOLTIP_BUDGET)
def _tooltip(text: str, factor: float) -> pygame.Surface:
    """A tooltip as pygame-gui draws one: a text box of the theme's width, its text wrapped inside."""
    box = _theme_block("text_box")
    misc = box["misc"]
    width = scaled_length(float(_theme_block("tool_tip")["misc"].get("rect_width", 300)), factor)
    shadow = scaled_length(float(misc.get("shadow_width", 0)), factor)
    border = scaled_length(float(misc.get("border_width", 0)), factor)
    radius = scaled_length(float(misc.get("shape_corner_radius", 0)), factor)
    pad_x, pad_y = (scaled_length(float(p), factor) for p in str(misc.get("padding", "0,0")).split(","))
    font = widget_font(scaled_length(float(box["font"].get("size", 17)), factor))
    line_height = font.get_height()
    row_step = round(line_height * float(misc.get("line_spacing", 1.0)))
    # the text keeps clear of the rounded corners as well as of the rim and the padding
    corner = round(radius * (1 - math.sin(math.pi / 4)))
    inset_x, inset_y = shadow + border + pad_x + corner, shadow + border + pad_y + corner
    lines = wrap(text, font, max(1, width - 2 * inset_x))
    height = (len(lines) - 1) * row_step + line_height + 2 * inset_y
    colours = {**base_theme()["defaults"]["colours"], **box["colours"]}
    image = _shadowed_box((width, height), pygame.Color(colours["dark_bg"]),
                          pygame.Color(colours["normal_border"]), shadow, border, radius)
    ink = pygame.Color(colours["normal_text"])
    for i, line in enumerate(lines):
        image.blit(font.render(line, True, ink), (inset_x, inset_y + i * row_step))
    return image
