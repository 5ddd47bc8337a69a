"""Fonts: the bundled DejaVu faces in assets/fonts (libre, licence beside them), cached per size.

The faces made are kept in a cache bounded by their bytes (scenes/cache.py: FONT_BUDGET, an estimate
of each face and the glyphs it keeps), the least recently used going first.

`font(size, bold)` is the UI face (DejaVu Sans). The card faces use two more: `display_font` for names
and titles (DejaVu Serif Condensed Bold) and `text_font` for rule text (DejaVu Sans Condensed).
If a file is missing or unreadable, pygame's own default font stands in (logged once), so text still shows.
"""

from __future__ import annotations

import importlib.util
import logging
from functools import lru_cache
from pathlib import Path

import pygame

from assets import asset_path
from scenes.cache import MB, cached, font_bytes

log = logging.getLogger(__name__)

FONT_DIR = asset_path("fonts")
#: the bytes the faces made may take (a face at 20 px takes about 200 kB, one at 100 px about 500 kB:
#: some 30 faces of the sizes the screens use, those of a screen or two)
FONT_BUDGET = 8 * MB

#: role -> file in FONT_DIR
FACES: dict[str, str] = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "display": "DejaVuSerifCondensed-Bold.ttf",
    "text": "DejaVuSansCondensed.ttf",
}

#: role -> file in pygame-gui's data folder: the themed widgets' face (Noto Sans), so buttons drawn
#: without pygame-gui read like the ones drawn with it
WIDGET_FACES: dict[str, str] = {"widget": "NotoSans-Regular.ttf", "widget_bold": "NotoSans-Bold.ttf"}

_warned: set[str] = set()


class Font(pygame.font.Font):
    """pygame's font, except that a text without width (only zero-width characters: a zero-width
    space, a joiner, a soft hyphen) is drawn as an empty line where pygame raises "Text has zero
    width": a name from a record or a pack must not stop a screen."""

    def render(self, text, *args, **kwargs) -> pygame.Surface:
        try:
            return super().render(text, *args, **kwargs)
        except pygame.error:
            if text and self.size(text)[0] == 0:
                return super().render("", *args, **kwargs)
            raise


@lru_cache(maxsize=1)
def _widget_dir() -> Path | None:
    """pygame-gui's data folder, found without importing pygame-gui (the title must not wait for it)."""
    spec = importlib.util.find_spec("pygame_gui")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "data"


def _path(role: str) -> Path:
    if role in WIDGET_FACES:
        folder = _widget_dir()
        if folder is not None:
            return folder / WIDGET_FACES[role]
        return FONT_DIR / FACES["bold" if role == "widget_bold" else "regular"]
    return FONT_DIR / FACES[role]


@cached("fonts", FONT_BUDGET, font_bytes)
def _cached(role: str, size: int) -> Font:
    path = _path(role)
    try:
        return Font(str(path), size)
    except (OSError, FileNotFoundError, pygame.error) as exc:
        if role not in _warned:
            _warned.add(role)
            log.warning("font %s is unusable (%s); using pygame's default font", path, exc)
        fallback = Font(None, round(size * 1.3))  # the default face runs small
        fallback.set_bold(role in ("bold", "display", "widget_bold"))
        return fallback


def _load(role: str, size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        # fonts made before a pygame.quit() are dead: start afresh
        _cached.cache_clear()
        pygame.font.init()
    face = _cached(role, max(1, int(size)))
    try:
        face.get_height()
    except pygame.error:  # made before the font module last quit, and someone started it again since
        _cached.cache_clear()
        face = _cached(role, max(1, int(size)))
    return face


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font at `size` pixels (DejaVu Sans, or its bold face)."""
    return _load("bold" if bold else "regular", size)


def widget_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The face of the themed widgets (Noto Sans, from pygame-gui's own files)."""
    return _load("widget_bold" if bold else "widget", size)


def display_font(size: int) -> pygame.font.Font:
    """Names and titles on cards and banners (a condensed bold serif)."""
    return _load("display", size)


def text_font(size: int) -> pygame.font.Font:
    """Rule text on cards (a condensed sans: more words per line, still clear when small)."""
    return _load("text", size)


def wrap(text: str, face: pygame.font.Font, width: int) -> list[str]:
    """`text` broken into lines no wider than `width` pixels in `face`: at spaces, at its own line
    breaks, and inside a word (a file path) only where that word alone is wider. The one wrapping
    rule of the app: every text that must be read whole goes through here."""
    width = max(1, width)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if face.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = word
            while face.size(line)[0] > width and len(line) > 1:  # a word wider than the line
                cut = _longest_fit(line, face, width)
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def _longest_fit(word: str, face: pygame.font.Font, width: int) -> int:
    """How many leading characters of `word` fit `width` (at least one)."""
    low, high = 1, len(word)
    while low < high:
        mid = (low + high + 1) // 2
        if face.size(word[:mid])[0] <= width:
            low = mid
        else:
            high = mid - 1
    return low
