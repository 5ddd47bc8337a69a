"""Fonts: the bundled DejaVu faces in assets/fonts (libre, licence beside them), cached per size.

The faces made are kept in a cache bounded by their bytes (scenes/cache.py: FONT_BUDGET, an estimate
of each face and the glyphs it keeps), the least recently used going first.

`font(size, bold)` is the UI face (DejaVu Sans). The card faces use two more: `display_font` for names
and titles (DejaVu Serif Condensed Bold) and `text_font` for rule text (DejaVu Sans Condensed).
If a file is missing or unreadable, pygame's own default font stands in (logged once), so text still shows.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import pygame

from assets import asset_path
from game.logs import logger
from scenes.cache import MB, cached, font_bytes

log = logger(__name__)

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


#: what stands for a character no font may be given: NUL (pygame refuses a text holding one) and a lone
#: surrogate (the bytes of a file name that is not UTF-8, which cannot be encoded for the renderer)
NUL_SIGN = "\u2400"  # ␀, SYMBOL FOR NULL
REPLACEMENT = "\ufffd"


def drawable(text: str) -> str:
    """`text` as a font can take it: NUL shown as ␀ and a lone surrogate as U+FFFD, all else as it is."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = "".join(REPLACEMENT if "\ud800" <= ch <= "\udfff" else ch for ch in text)
    return text.replace("\0", NUL_SIGN) if "\0" in text else text


class Font(pygame.font.Font):
    """pygame's font, except that it refuses no text: a NUL or a lone surrogate (which pygame refuses
    with an exception) is drawn as a sign, and a text without width (only zero-width characters: a
    zero-width space, a joiner, a soft hyphen) as an empty line where pygame raises "Text has zero
    width". A name from a record or a pack, or a word of a catalogue, must not stop a screen."""

    def size(self, text, *args, **kwargs) -> tuple[int, int]:
        return super().size(drawable(text) if isinstance(text, str) else text, *args, **kwargs)

    def metrics(self, text, *args, **kwargs):
        return super().metrics(drawable(text) if isinstance(text, str) else text, *args, **kwargs)

    def render(self, text, *args, **kwargs) -> pygame.Surface:
        if isinstance(text, str):
            text = drawable(text)
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


#: a line of wrapped text is measured whole after each word only while it is this short; a longer one
#: (only a text of zero-width or hairline characters gets there) adds up its words' widths instead, so
#: wrapping takes time in proportion to the text, whatever it holds
EXACT_LINE_CHARS = 240
#: how far (in pixels) a line added up from its words may be from its measured width: near the edge,
#: the line is measured whole (a few times per line at most)
SUM_SLACK = 3
MEASURES_PER_LINE = 6


def wrap(text: str, face: pygame.font.Font, width: int) -> list[str]:
    """`text` broken into lines no wider than `width` pixels in `face`: at spaces, at its own line
    breaks, and inside a word (a file path) only where that word alone is wider. The one wrapping
    rule of the app: every text that must be read whole goes through here. Each character is
    measured a bounded number of times (about log n for one inside a word wider than the line)."""
    width = max(1, width)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line, line_width, measures = "", 0, 0
        for word in paragraph.split():
            if not line:
                line, line_width, measures = word, face.size(word)[0], 0
            else:
                candidate = f"{line} {word}"
                if len(candidate) <= EXACT_LINE_CHARS:
                    candidate_width = face.size(candidate)[0]
                else:
                    candidate_width = line_width + face.size(f" {word}")[0]
                    if abs(candidate_width - width) <= SUM_SLACK and measures < MEASURES_PER_LINE:
                        measures += 1
                        candidate_width = face.size(candidate)[0]
                if candidate_width <= width:
                    line, line_width = candidate, candidate_width
                    continue
                lines.append(line)
                line, line_width, measures = word, face.size(word)[0], 0
            while line_width > width and len(line) > 1:  # a word wider than the line
                cut = max(1, fitting_prefix(line, face, width))
                lines.append(line[:cut])
                line = line[cut:]
                line_width = face.size(line)[0] if len(line) <= EXACT_LINE_CHARS else width + 1
                if line_width > width:  # the rest is long: find its first cut without measuring it whole
                    rest = fitting_prefix(line, face, width)
                    line_width = width + 1 if rest < len(line) else face.size(line)[0]
        lines.append(line)
    return lines


class Measures(Protocol):
    """What measures text: a pygame font, or a pygame-gui one."""

    def size(self, text: str, /) -> tuple[int, int]: ...


#: a text up to this long is first measured whole (a label, a line): it usually fits, and then that is all
WHOLE_FIRST = 200


def fitting_prefix(text: str, face: Measures, width: float, suffix: str = "") -> int:
    """How many leading characters of `text` fit `width` pixels in `face`, with `suffix` after them
    (an ellipsis); 0 when none does. The one way the app cuts a text to a width: it looks at a prefix
    doubling in length until one is too wide, then halves the gap, so its work grows with the part that
    fits (times its logarithm), not with the whole text: a name of a million characters costs what a
    line of it costs."""

    def fits(count: int) -> bool:
        return face.size(text[:count] + suffix)[0] <= width

    if not text:
        return 0
    if len(text) <= WHOLE_FIRST and fits(len(text)):  # most texts fit: one measure says so
        return len(text)
    if not fits(1):
        return 0
    low, high = 1, 8  # low fits; high is the next length to try
    while high < len(text) and fits(high):
        low, high = high, high * 2
    high = min(high, len(text))
    if high == len(text) and fits(high):
        return high
    high -= 1  # high does not fit: the answer lies in low..high-1
    while low < high:
        mid = (low + high + 1) // 2
        if fits(mid):
            low = mid
        else:
            high = mid - 1
    return low
