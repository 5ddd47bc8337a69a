"""The light menu button: a themed button drawn with pygame alone, so the title and the screens drawn
without pygame-gui look like the ones with it (gold when primary, a soft shadow, smooth corners), with
its tooltip; `MenuButtons` keeps a screen's buttons, their hover, press and focus.

Its label is in the app's own face (DejaVu Sans) at the theme's size and weight, not in pygame-gui's
Noto Sans: the first Noto face a process opens is slow to set up (its shaping tables and hinted glyphs;
measured, a seventh of the start's own work), and the title would wait for it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import pygame

from scenes.cache import cached
from scenes.fonts import wrap
from scenes.look import (
    BOX_BUDGET,
    BUTTON_BUDGET,
    TOOLTIP_BUDGET,
    base_theme,
    body_font,
    fit_text,
    scaled_length,
    theme_block,
    theme_factor,
    widget_font,
)

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
    colours.update(theme_block("button")["colours"])
    if primary:
        colours.update(theme.get("@primary", {}).get("colours", {}))
    return (pygame.Color(colours[f"{state}_bg"]), pygame.Color(colours[f"{state}_text"]),
            pygame.Color(colours[f"{state}_border"]))


@lru_cache(maxsize=16)
def _shape_metrics(size: tuple[int, int], factor: float) -> tuple[int, int, int, int]:
    """Shadow width, rim width, corner radius and text padding of a button of `size`, clamped to fit."""
    misc = theme_block("button")["misc"]
    w, h = size
    shadow = min(scaled_length(float(misc.get("shadow_width", 0)), factor), max(0, min(w, h) // 2 - 1))
    inner = max(1, min(w, h) - 2 * shadow)
    border = min(scaled_length(float(misc.get("border_width", 0)), factor), inner // 2)
    radius = min(scaled_length(float(misc.get("shape_corner_radius", 0)), factor), inner // 2)
    padding = scaled_length(float(misc.get("text_horiz_alignment_padding", 0)), factor)
    return shadow, border, radius, padding


#: a light button's label shrinks to this share of the theme's size before it is cut with "…"
SMALLEST_LABEL_SHARE = 0.8


def _button_label(factor: float, label: str, room: int) -> tuple[pygame.font.Font, str]:
    """The face and text of a label `room` pixels wide: the theme's button face at `factor`, made a
    little smaller where `label` would not fit it whole (a longer word in another language), down to
    SMALLEST_LABEL_SHARE and 10 pixels, and cut with "…" below that. A label that fits is measured once."""
    theme = theme_block("button")["font"]
    bold = theme.get("bold") == "1"
    size = scaled_length(float(theme.get("size", 20)), factor)
    font = body_font(size, bold)
    smallest = max(10, round(size * SMALLEST_LABEL_SHARE))
    while font.size(label)[0] > room:
        if size <= smallest:
            return font, fit_text(label, font, room)
        size -= 1
        font = body_font(size, bold)
    return font, label


@cached("menu buttons", BUTTON_BUDGET)
def _button_face(size: tuple[int, int], label: str, primary: bool, state: ButtonState,
                 factor: float) -> pygame.Surface:
    fill, ink, rim = button_colours(primary, state)
    shadow, border, radius, padding = _shape_metrics(size, factor)
    face = _shadowed_box(size, fill, rim, shadow, border, radius)
    shape = face.get_rect().inflate(-2 * shadow, -2 * shadow)
    room = max(1, shape.width - 2 * padding)
    font, shown = _button_label(factor, label, room)
    text = font.render(shown, True, ink)
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
    box = theme_block("text_box")
    misc = box["misc"]
    width = scaled_length(float(theme_block("tool_tip")["misc"].get("rect_width", 300)), factor)
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
