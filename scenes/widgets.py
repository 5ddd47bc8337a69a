"""The shared look of the menu screens: the felt background, headings, a theme scaled to the window,
layout helpers and a small modal message box.

Every size on screen derives from the window: `ui_scale(size)` is 1.0 at 1280x720, 1.5 at 1920x1080
and 3.0 at 3840x2160, so the same layout code serves every window.
"""

from __future__ import annotations

import copy
import json
import logging
import random
import warnings
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from .base import THEME_PATH, Scene

if TYPE_CHECKING:
    from .app import App

# pygame-gui rounds corners to fit small widgets by itself; its note about it is only noise here
warnings.filterwarnings("ignore", message="Clamping shape_corner_radius", category=UserWarning)

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

#: misc keys of the theme that are lengths in pixels and grow with the window
_SCALED_MISC = ("border_width", "shadow_width", "shape_corner_radius", "sliding_button_width",
                "open_button_width", "list_item_height", "rect_width", "text_horiz_alignment_padding")


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


# -- theme -----------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _base_theme() -> dict:
    with THEME_PATH.open(encoding="utf-8") as fh:
        return json.load(fh)


def _scale_number(text: str, factor: float) -> str:
    value = float(text)
    if value <= 0:
        return text
    return str(max(1, round(value * factor)))


@lru_cache(maxsize=8)
def scaled_theme(factor: float) -> dict:
    """The theme with its font sizes and pixel lengths multiplied by `factor`."""
    theme = copy.deepcopy(_base_theme())
    for block in theme.values():
        font = block.get("font")
        if isinstance(font, dict) and "size" in font:
            font["size"] = _scale_number(str(font["size"]), factor)
        misc = block.get("misc")
        if isinstance(misc, dict):
            for key in _SCALED_MISC:
                if key in misc:
                    misc[key] = _scale_number(str(misc[key]), factor)
            if "padding" in misc:
                misc["padding"] = ",".join(_scale_number(p, factor) for p in str(misc["padding"]).split(","))
    return theme


_theme_scales: weakref.WeakKeyDictionary[pygame_gui.UIManager, float] = weakref.WeakKeyDictionary()


def apply_theme(ui: pygame_gui.UIManager, size: tuple[int, int]) -> None:
    """Give `ui` the theme at the scale of a window of `size`. Call before creating widgets."""
    factor = round(text_scale(size) * 20) / 20  # steps of 0.05 keep the cache small
    ui.live_theme_updates = False  # the file's sizes are for 1280x720; a reload would undo the scaling
    if _theme_scales.get(ui, 1.0) != factor:  # a new manager holds the file's theme: scale 1
        ui.get_theme().load_theme(scaled_theme(factor))
        _theme_scales[ui] = factor
    body = max(8, round(17 * factor))  # the text boxes' <b> and <i> runs
    fonts = ui.get_theme().get_font_dictionary()
    wanted = [{"name": "noto_sans", "point_size": body, "style": style}
              for style, bold, italic in (("bold", True, False), ("italic", False, True))
              if not fonts.check_font_preloaded(fonts.create_font_id(body, "noto_sans", bold, italic))]
    if wanted:
        ui.preload_fonts(wanted)


def oid(class_id: str | None = None, object_id: str | None = None) -> ObjectID:
    return ObjectID(object_id=object_id, class_id=class_id)


# -- text ------------------------------------------------------------------------------------------
_fallback_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def _fallback(size: int, bold: bool) -> pygame.font.Font:
    key = (size, bold)
    if key not in _fallback_fonts:
        f = pygame.font.Font(None, round(size * 1.3))  # the default face runs small
        f.bold = bold
        _fallback_fonts[key] = f
    return _fallback_fonts[key]


def heading_font(size: int) -> pygame.font.Font:
    """The display face for headings (scenes.fonts), or pygame's default font while that is missing."""
    size = max(6, int(size))
    try:
        from .fonts import display_font
    except ImportError:
        return _fallback(size, True)
    return display_font(size)


def body_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The table's text face (scenes.fonts), or pygame's default font while that is missing."""
    size = max(6, int(size))
    try:
        from .fonts import font
    except ImportError:
        return _fallback(size, bold)
    return font(size, bold)


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


@lru_cache(maxsize=128)
def _rendered(text: str, font: pygame.font.Font, colour: tuple[int, ...], alpha: int) -> pygame.Surface:
    """Rendered text, kept: menus draw the same lines every frame."""
    image = font.render(text, True, colour)
    if alpha < 255:
        image.set_alpha(alpha)
    return image


def draw_heading(surface: pygame.Surface, text: str, center: tuple[int, int], size: int,
                 colour: pygame.Color = GOLD) -> pygame.Rect:
    """A gold heading, shrunk to fit the window's width."""
    font = heading_font(size)
    width = surface.get_width() - 16
    while font.size(text)[0] > width and size > 10:
        size = int(size * 0.85)
        font = heading_font(size)
    return draw_text(surface, text, font, colour, center=center, shadow=max(1, size // 18))


def fit_text(text: str, font: pygame.font.Font, width: int) -> str:
    """`text`, cut with an ellipsis so that it fits `width` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


# -- background ------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
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


@lru_cache(maxsize=2)  # a 4K cloth is 33 MB: keep only the current size and the last one
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The dark green table cloth with a lighter centre and a vignette, made once per window size."""
    w, h = max(1, size[0]), max(1, size[1])
    small = pygame.Surface((48, 27))
    for y in range(27):
        for x in range(48):
            dx, dy = (x - 23.5) / 24, (y - 13) / 14
            t = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.3)
            t = t * t * (3 - 2 * t)
            colour = [round(c + (e - c) * t) for c, e in zip(FELT_CENTRE, FELT_EDGE, strict=True)]
            small.set_at((x, y), colour)
    surface = pygame.transform.smoothscale(small, (w, h))
    grain = _felt_grain()
    for y in range(0, h, grain.get_height()):
        for x in range(0, w, grain.get_width()):
            surface.blit(grain, (x, y))
    return surface.convert() if pygame.display.get_surface() is not None else surface


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (under an overlay)."""
    shade = _shade(surface.get_size(), alpha)
    surface.blit(shade, (0, 0))


@lru_cache(maxsize=2)
def _shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    shade = pygame.Surface(size)
    shade.fill((2, 12, 8))
    shade.set_alpha(alpha)
    return shade


def draw_card_fan(surface: pygame.Surface, center: tuple[int, int], card_height: int, count: int = 5) -> None:
    """A fan of face-down cards: the title screen's emblem."""
    image = _card_fan(card_height, count)
    surface.blit(image, image.get_rect(center=center))


@lru_cache(maxsize=6)
def _card_fan(card_height: int, count: int) -> pygame.Surface:
    card_height = max(12, card_height)
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


# -- message box -----------------------------------------------------------------------------------
@dataclass
class Message:
    """What a message box says and which answers it offers (key -> button text)."""

    title: str
    text: str
    answers: Sequence[tuple[str, str]] = (("ok", "OK"),)


class MessageBox:
    """A modal panel over the scene: while it is open the scene ignores its other widgets."""

    def __init__(self, ui: pygame_gui.UIManager, size: tuple[int, int], message: Message) -> None:
        self.message = message
        width = min(size[0] - 16, px(560, size))
        height = min(size[1] - 16, px(260, size))
        rect = pygame.Rect(0, 0, max(1, width), max(1, height))
        rect.center = (size[0] // 2, size[1] // 2)
        self.panel = UIPanel(rect, starting_height=50, manager=ui, object_id=oid(None, "#message_panel"))
        pad = px(16, size)
        button_h = min(px(44, size), max(1, height // 4))
        inner_w = max(1, rect.width - 2 * pad)
        html = f"<b>{_escape(message.title)}</b><br><br>{_escape(message.text)}"
        text_h = max(1, rect.height - 3 * pad - button_h)
        self.text = UITextBox(html, pygame.Rect(pad, pad, inner_w, text_h), manager=ui,
                              container=self.panel, object_id=oid("@plain_text"))
        area = pygame.Rect(pad, rect.height - pad - button_h - 4, inner_w, button_h)
        rects = row(area, len(message.answers), button_h, pad, width=px(170, size))
        self.buttons: dict[UIButton, str] = {}
        for (key, label), r in zip(message.answers, rects, strict=True):
            button = UIButton(r, label, manager=ui, container=self.panel,
                              object_id=oid("@primary" if key == message.answers[-1][0] else None))
            self.buttons[button] = key

    def answer(self, event: pygame.event.Event) -> str | None:
        """The key of the answer that `event` picked, if it pressed one of this box's buttons."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.buttons.get(event.ui_element)
        return None

    def kill(self) -> None:
        self.panel.kill()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\n", "<br>")


def button_at(ui: pygame_gui.UIManager, label: str) -> UIButton | None:
    """The visible button showing `label` (for keyboard shortcuts and tests)."""
    for element in ui.get_sprite_group().sprites():
        if isinstance(element, UIButton) and element.text == label and element.visible:
            return element
    return None


# -- menu scenes -----------------------------------------------------------------------------------
class MenuScene(Scene):
    """A menu screen on the felt: widgets built by `build()` from the window size, buttons bound to
    callbacks, Esc for `back()`, and one optional modal message."""

    title = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.actions: dict[UIButton, Callable[[], None]] = {}
        self.message: Message | None = None
        self._on_answer: Callable[[str], None] | None = None
        self._box: MessageBox | None = None

    # life cycle
    def on_enter(self) -> None:
        size = self.app.size
        apply_theme(self.ui, size)
        self.actions.clear()
        self.build(size)
        if self.message is not None:
            self._box = MessageBox(self.ui, size, self.message)

    def build(self, size: tuple[int, int]) -> None:
        """Create the widgets for a window of `size`."""

    def back(self) -> None:
        """Esc: leave this screen."""
        self.app.pop()

    # widgets
    def add_button(self, rect: pygame.Rect, text: str, action: Callable[[], None], *, primary: bool = False,
                   enabled: bool = True, tooltip: str | None = None, class_id: str | None = None,
                   container=None) -> UIButton:
        button = UIButton(rect, text, manager=self.ui, container=container, tool_tip_text=tooltip,
                          object_id=oid("@primary" if primary else class_id))
        if not enabled:
            button.disable()
        self.actions[button] = action
        return button

    def show_message(self, message: Message, on_answer: Callable[[str], None] | None = None) -> None:
        self.close_message()
        self.message = message
        self._on_answer = on_answer
        self._box = MessageBox(self.ui, self.app.size, message)

    def close_message(self) -> None:
        if self._box is not None:
            self._box.kill()
        self._box = None
        self.message = None

    # frame
    def handle_event(self, event: pygame.event.Event) -> None:
        if self._box is not None:
            answer = self._box.answer(event)
            escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
            if answer is not None or escape:
                callback = self._on_answer
                self.close_message()
                self._on_answer = None
                if callback is not None:
                    callback(answer or "cancel")
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self.actions.get(event.ui_element)
            if action is not None:
                action()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        else:
            self.handle_other(event)

    def handle_other(self, event: pygame.event.Event) -> None:
        """Events other than button presses and Esc (sliders, drop-downs, text entries)."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))
        self.draw_decor(surface)

    def draw_decor(self, surface: pygame.Surface) -> None:
        """Headings and drawings under the widgets."""
        if self.title:
            w, h = surface.get_size()
            draw_heading(surface, self.title, (w // 2, px(58, (w, h))), round(44 * text_scale((w, h))))


def open_table_or_explain(scene: MenuScene, match) -> Scene | None:
    """The table scene for `match`, or None after telling the player in `scene` why it cannot open."""
    try:
        from .table import open_table

        return open_table(scene.app, match)
    except Exception as exc:  # a missing or failing table must leave the menus working
        logging.getLogger(__name__).exception("opening the table for %s failed", match.game.id)
        scene.show_message(Message("The table cannot open", f"{type(exc).__name__}: {exc}"))
        return None


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, size: tuple[int, int]) -> None:
    """A dark translucent board with a thin gold rim, for grouping widgets on the felt."""
    surface.blit(_panel(rect.size, px(14, size), px(2, size)), rect)


@lru_cache(maxsize=8)
def _panel(size: tuple[int, int], radius: int, border: int) -> pygame.Surface:
    panel = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
    rect = panel.get_rect()
    pygame.draw.rect(panel, (6, 26, 17, 200), rect, border_radius=radius)
    pygame.draw.rect(panel, (*GOLD_DARK[:3], 255), rect, border, border_radius=radius)
    return panel


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """`text` broken into lines no wider than `width` (a word longer than that gets a line of its own)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and font.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines
