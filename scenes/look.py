"""The look of the menu screens in plain pygame: colours, sizes that follow the window, text, the felt,
the card fan, layout helpers, panels and a light menu button.

Nothing here needs pygame-gui, so a screen drawn with this module alone (the title) is interactive
before pygame-gui is even imported. Every size on screen derives from the window: `ui_scale(size)` is
1.0 at 1280x720, 1.5 at 1920x1080 and 3.0 at 3840x2160, so the same layout code serves every window.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from assets import asset_path
from game.i18n import N_
from scenes import fonts
from scenes.cache import MB, cached

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
SHADE = (2, 12, 8)  # what dim() lays over a screen under an overlay: the cloth's darkest green

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


def theme_block(name: str) -> dict:
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
    """`text`, cut with an ellipsis so that it fits `width` pixels (in time that grows with the part
    shown, not with the whole text: see fonts.fitting_prefix)."""
    if fonts.fitting_prefix(text, font, width) == len(text):
        return text
    return text[:fonts.fitting_prefix(text, font, width, "…")] + "…"


# -- background ------------------------------------------------------------------------------------
@cached("felt grain", MB)  # one tile of 64 kB
def _felt_grain() -> pygame.Surface:
    """A tile of sparse light and dark specks: the nap of the cloth (made from random bytes, at C speed)."""
    side = 128
    noise = random.Random(7).randbytes(side * side)
    # byte value -> speck: about 3% light, 13% dark, the rest clear
    light = b"\xff" * 8 + bytes(248)
    alpha = b"\x09" * 8 + b"\x10" * 16 + b"\x0a" * 18 + bytes(214)
    rgba = bytearray(4 * side * side)
    shade = noise.translate(light)
    rgba[0::4] = shade
    rgba[1::4] = shade
    rgba[2::4] = shade
    rgba[3::4] = noise.translate(alpha)
    tile = pygame.image.frombuffer(bytes(rgba), (side, side), "RGBA")
    return tile.convert_alpha() if pygame.display.get_surface() is not None else tile.copy()


#: the cloth's light is made at this fraction of the window and stretched: it changes by about one colour
#: level in 30 pixels, so the stretch cannot be seen, and a window-sized picture is never kept
FELT_LIGHT_STEP = 4


@cached("felt light", SCREEN_BUDGET)  # a 4K light is 2 MB
def _felt_light(size: tuple[int, int]) -> pygame.Surface:
    """The cloth's light at 1/FELT_LIGHT_STEP of `size`: a lighter centre and a vignette."""
    w = max(1, -(-size[0] // FELT_LIGHT_STEP))
    h = max(1, -(-size[1] // FELT_LIGHT_STEP))
    (c0, c1, c2), (e0, e1, e2) = FELT_CENTRE, FELT_EDGE
    quarter = bytearray()  # the top left of 48x27: the cloth is symmetric about both middles
    for y in range(14):
        dy = (y - 13) / 14
        for x in range(24):
            dx = (x - 23.5) / 24
            t = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.3)
            t = t * t * (3 - 2 * t)
            quarter += bytes((round(c0 + (e0 - c0) * t), round(c1 + (e1 - c1) * t),
                              round(c2 + (e2 - c2) * t)))
    top_left = pygame.image.frombuffer(bytes(quarter), (24, 14), "RGB")
    small = pygame.Surface((48, 27))
    for flip_x, flip_y, at in ((False, False, (0, 0)), (True, False, (24, 0)), (False, True, (0, 13)),
                               (True, True, (24, 13))):
        small.blit(pygame.transform.flip(top_left, flip_x, flip_y), at)
    return _display_format(pygame.transform.smoothscale(small, (w, h)))


def draw_felt(surface: pygame.Surface) -> None:
    """Cover `surface` with the dark green table cloth, drawn in place: as quick as blitting a kept
    picture of it, without keeping one (33 MB at 4K) or touching fresh memory on a screen's first frame."""
    size = surface.get_size()
    if size[0] <= 0 or size[1] <= 0:
        return
    pygame.transform.scale(_felt_light(size), size, surface)
    grain = _felt_grain()
    for y in range(0, size[1], grain.get_height()):
        for x in range(0, size[0], grain.get_width()):
            surface.blit(grain, (x, y))


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table cloth as a picture of its own (for what keeps one, like a table's backdrop)."""
    surface = _display_format(pygame.Surface((max(1, size[0]), max(1, size[1]))))
    draw_felt(surface)
    return surface


def _display_format(surface: pygame.Surface) -> pygame.Surface:
    """`surface` in the window's pixel format, for the fastest blits (copied only when it differs)."""
    screen = pygame.display.get_surface()
    if screen is None:
        return surface
    if (surface.get_bitsize(), surface.get_masks()) == (screen.get_bitsize(), screen.get_masks()):
        return surface
    return surface.convert()


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (under an overlay): the shade laid over at `alpha`, as two fills
    in place (keep 1 - alpha of each pixel, add alpha of the shade): no window-sized shade is kept."""
    alpha = max(0, min(255, alpha))
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    surface.fill(tuple(round(c * alpha / 255) for c in SHADE), special_flags=pygame.BLEND_RGB_ADD)


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
    placed = []
    for i in range(count):
        angle = (i - (count - 1) / 2) * spread
        rotated = pygame.transform.rotozoom(card, -angle, 1.0) if angle else card
        centre = pivot + pygame.Vector2(0, -card_height * 0.55).rotate(angle)
        placed.append(fan.blit(rotated, rotated.get_rect(center=(round(centre.x), round(centre.y)))))
    bounds = placed[0].unionall(placed[1:]) if placed else fan.get_rect()  # where the cards landed
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


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, size: tuple[int, int], opacity: int = 200) -> None:
    """A dark translucent board with a thin gold rim, for grouping widgets on the felt (`opacity` 248:
    under a page of text). pygame-gui's text boxes lie on it flat and clear: their own rounded shape is
    drawn four times over in memory, a peak of well over 100 MB for a page of rules."""
    surface.blit(_panel(rect.size, px(14, size), px(2, size), opacity), rect)


@cached("menu panels", PANEL_BUDGET)
def _panel(size: tuple[int, int], radius: int, border: int, opacity: int = 200) -> pygame.Surface:
    panel = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
    rect = panel.get_rect()
    pygame.draw.rect(panel, (6, 26, 17, opacity), rect, border_radius=radius)
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


# -- progress --------------------------------------------------------------------------------------
def draw_progress_bar(surface: pygame.Surface, rect: pygame.Rect, share: float,
                      size: tuple[int, int]) -> None:
    """A progress bar in `rect`: a dark trough, the share done in gold, a rim."""
    radius = rect.height // 2
    pygame.draw.rect(surface, (40, 60, 48), rect, border_radius=radius)
    done = rect.copy()
    done.width = round(rect.width * max(0.0, min(1.0, share)))
    if done.width:
        pygame.draw.rect(surface, GOLD, done, border_radius=radius)
    pygame.draw.rect(surface, GOLD_DARK, rect, max(1, px(1, size)), border_radius=radius)


def draw_progress(surface: pygame.Surface, rect: pygame.Rect, share: float, text: str,
                  size: tuple[int, int]) -> None:
    """A progress bar in `rect`, with its words (if any) above it."""
    if text:
        font = body_font(max(8, round(15 * text_scale(size))))
        words = font.render(fit_text(text, font, max(rect.width, px(360, size))), True, CREAM)
        surface.blit(words, words.get_rect(midbottom=(rect.centerx, rect.top - px(4, size))))
    draw_progress_bar(surface, rect, share, size)

