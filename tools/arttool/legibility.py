"""The legibility lint of `check PACK`: can the words on a face be read where the player reads them,
in the own hand?

For each face, the text regions of its kind in the game's layout (tools/arttool/layouts) are measured on
the image itself, so any pack's lettering is judged, not only the default design's:
- the background of a region is its most common colour; the ink is every pixel clearly apart from it;
- the ink's glyphs are its connected shapes: their median height, scaled from the face to the card the
  table draws in the own hand, is the effective height of the text;
- the contrast is the WCAG ratio of the letters' colour (the most common one of their core, so neither
  anti-aliased edges nor an outline water it down) to the background.
A region below MIN_CONTRAST or MIN_TEXT_PX on a screen of SCREENS is a warning. The colour a pack gives
for the table's marks on a card ([games.<id>.text] colour) is measured against the face under its safe
area. The findings are summed up per game and region: a note with the figures, a warning per shortfall
naming the faces (on the worst face's manifest line). `check` counts them apart from the pack's faults.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field

import pygame

from cards.manifest import Pack
from game.i18n import N_, tr
from scenes.art import TextStyle
from scenes.art import _text_style as read_text_style  # the table's own reading of a text entry
from scenes.widgets import contrast_ratio
from tools.arttool.layouts import DEFAULT_HAND_CARD_SHARE, CardKind, GameLayout, Region, game_layout

Size = tuple[int, int]
RGB = tuple[int, int, int]

#: the screens the lint reads a hand card on
SCREENS: tuple[Size, ...] = ((1280, 720), (1920, 1080))
#: WCAG AA for body text
MIN_CONTRAST = 4.5
#: the smallest letters a player reads without leaning in, in screen pixels
MIN_TEXT_PX = 9.0
#: the layout regions that hold words or figures a player reads in the hand (labels as the layouts name
#: them); the rule text and abilities are read in the inspect view, at any screen
TEXT_REGIONS = frozenset({
    "index", "value", "name", "name band", "colour band", "bottom band", "crown, KING CARD", "KING (top)",
})
#: a pixel is ink when a channel differs this much from the background (0..255): low enough that pale
#: lettering on paper (about 1.5:1) is still found, and warned of
INK_APART = 24
#: shapes less tall than this share of the card are specks (dots, noise), not letters (4 px of 560)
SPECK_SHARE = 1 / 140
#: a shape reaching across this share of the region's height or width is a frame or band, not a letter
GLYPH_MOST = 0.9


@dataclass(frozen=True)
class Measure:
    """One text region of one face: its glyphs' height in the face and its contrast."""

    region: str
    face_height_px: float  # the median glyph height in the face's own pixels
    contrast: float
    heights: dict[Size, float]  # screen -> the glyphs' height on the hand card there


def hand_card_height(game_id: str, screen: Size) -> int:
    """The height of a card in the own hand on a table of `screen`."""
    layout = game_layout(game_id)
    return round(screen[1] * (layout.hand_card_share if layout is not None else DEFAULT_HAND_CARD_SHARE))


def kind_of(game_id: str, art_id: str, layout: GameLayout) -> CardKind | None:
    """The layout's kind of card an art id is (a back kind names its own)."""
    for kind in layout.kinds:
        if kind.section == art_id or kind.example == art_id:
            return kind
    files = {kind.file: kind for kind in layout.kinds}
    for prefix, file in layout.kind_by_prefix:
        if art_id.startswith(prefix) and file in files:
            return files[file]
    return next((kind for kind in layout.kinds if kind.section == "cards"), None)


def text_regions(game_id: str, art_id: str) -> tuple[GameLayout, list[Region]] | None:
    layout = game_layout(game_id)
    if layout is None:
        return None
    kind = kind_of(game_id, art_id, layout)
    if kind is None:
        return None
    return layout, [region for region in kind.regions if region.label in TEXT_REGIONS]


def measure_face(game_id: str, art_id: str, face: pygame.Surface) -> list[Measure]:
    """The text regions of a face, measured (none when the game has no layout)."""
    found = text_regions(game_id, art_id)
    if found is None:
        return []
    layout, regions = found
    w, h = face.get_size()
    sx, sy = w / layout.size[0], h / layout.size[1]
    measures = []
    for region in regions:
        x, y, rw, rh = region.box
        box = pygame.Rect(round(x * sx), round(y * sy), round(rw * sx), round(rh * sy)).clip(face.get_rect())
        if box.width < 2 or box.height < 2:
            continue
        measured = _measure_box(face.subsurface(box), max(2, round(h * SPECK_SHARE)))
        if measured is None:
            continue
        glyph, contrast = measured
        heights = {screen: glyph * hand_card_height(game_id, screen) / h for screen in SCREENS}
        measures.append(Measure(region.label, glyph, contrast, heights))
    return measures


def style_contrast(style: TextStyle, face: pygame.Surface) -> float:
    """The contrast of the pack's text colour to the face's background under its safe area."""
    w, h = face.get_size()
    x, y, aw, ah = style.safe_area
    box = pygame.Rect(round(x * w), round(y * h), max(1, round(aw * w)), max(1, round(ah * h)))
    return contrast_ratio(style.colour, background(face.subsurface(box.clip(face.get_rect()))))


def background(area: pygame.Surface) -> RGB:
    """The most common colour of an area (read off a sample of at most 64x64 pixels, colours rounded to
    steps of 8 so a gradient or a paper texture still has one ground)."""
    w, h = area.get_size()
    sample = pygame.transform.scale(area, (min(w, 64), min(h, 64))) if w > 64 or h > 64 else area
    counts: Counter[RGB] = Counter()
    sw, sh = sample.get_size()
    for py in range(sh):
        for px in range(sw):
            r, g, b, a = sample.get_at((px, py))
            if a >= 128:
                counts[(r & ~7, g & ~7, b & ~7)] += 1
    if not counts:
        return (0, 0, 0)
    (r, g, b), _ = counts.most_common(1)[0]
    return (r + 4, g + 4, b + 4)


def _measure_box(area: pygame.Surface, speck: int) -> tuple[float, float] | None:
    """(median glyph height in px, contrast of ink to ground) of an area, None when it holds no letters
    (shapes at least `speck` px tall)."""
    w, h = area.get_size()
    ground = background(area)
    ink = _ink_mask(area, ground, INK_APART)
    # letters are shapes of their own: a frame or rule running through the region is not one
    glyphs = pygame.mask.Mask((w, h))
    heights = []
    for shape in ink.connected_components(speck):
        box = shape.get_bounding_rects()[0]
        if speck <= box.height <= h * GLYPH_MOST and box.width <= w * GLYPH_MOST:
            glyphs.draw(shape, (0, 0))
            heights.append(box.height)
    if not heights:
        return None
    colour = _ink_colour(area, glyphs)
    # the core of the letters: pixels at least halfway from the ground to their colour
    apart = max(abs(c - g) for c, g in zip(colour, ground, strict=True))
    core = _ink_mask(area, ground, max(INK_APART, apart // 2)).overlap_mask(glyphs, (0, 0))
    if core.count():
        colour = _ink_colour(area, core)
    return float(statistics.median(heights)), contrast_ratio(colour, ground)


def _ink_mask(area: pygame.Surface, ground: RGB, apart: int) -> pygame.mask.Mask:
    """The opaque pixels whose colour is at least `apart` from the ground in some channel."""
    near = pygame.mask.from_threshold(area, (*ground, 255), (apart, apart, apart, 255))
    near.invert()
    opaque = pygame.mask.from_surface(area, 127) if area.get_flags() & pygame.SRCALPHA else None
    if opaque is not None:
        near = near.overlap_mask(opaque, (0, 0))
    return near


def _ink_colour(area: pygame.Surface, mask: pygame.mask.Mask) -> RGB:
    """The most common colour of the pixels under `mask`: the letters' fill, not an average that an
    outline of the other side of the ground would pull back towards it."""
    size = area.get_size()
    source = pygame.Surface(size, pygame.SRCALPHA, 32)  # to_surface wants one pixel format throughout
    source.blit(area, (0, 0))
    only = mask.to_surface(pygame.Surface(size, pygame.SRCALPHA, 32), setsurface=source,
                           unsetcolor=(0, 0, 0, 0))
    return background(only)


def pack_style(pack: Pack, game_id: str, art_id: str) -> TextStyle | None:
    """The text style a pack gives an art id itself ([games.<id>.text] default and its own entry), or None
    when it gives none."""
    text = pack.games.get(game_id, {}).get("text", {})
    if not isinstance(text, dict):
        return None
    default, own = text.get("default", {}), text.get(art_id, {})
    if not isinstance(default, dict) or not isinstance(own, dict) or "colour" not in {**default, **own}:
        return None
    return read_text_style({**default, **own}, pack.game_card_size(game_id))


@dataclass
class _Seen:
    """One measured region of one face, and where the manifest names it."""

    art_id: str
    file: str
    line: int | None
    region: str
    contrast: float
    heights: dict[Size, float] | None  # None for the pack's text colour, which has no size of its own


@dataclass(frozen=True)
class Finding:
    level: str
    message: str
    art_id: str
    file: str
    line: int | None


@dataclass
class Lint:
    """Gathers the measures of a game's faces as `check` meets them; `findings` sums them up per region:
    a note with the figures, and a warning naming the faces that fall short (the worst one's line)."""

    seen: dict[str, list[_Seen]] = field(default_factory=dict)

    def face(self, pack: Pack, game_id: str, art_id: str, file: str, line: int | None, image: pygame.Surface,
             colour_line: int | None = None) -> None:
        found = self.seen.setdefault(game_id, [])
        for m in measure_face(game_id, art_id, image):
            found.append(_Seen(art_id, file, line, m.region, m.contrast, m.heights))
        layout = game_layout(game_id)
        kind = kind_of(game_id, art_id, layout) if layout is not None else None
        style = pack_style(pack, game_id, art_id)
        if style is not None and kind is not None and kind.section == "cards":  # the table marks cards only
            contrast = style_contrast(style, image)
            found.append(_Seen(art_id, file, colour_line or line, TEXT_COLOUR, contrast, None))

    def findings(self, game_id: str) -> list[Finding]:
        out: list[Finding] = []
        by_region: dict[str, list[_Seen]] = {}
        for one in self.seen.get(game_id, []):
            by_region.setdefault(one.region, []).append(one)
        for region, all_seen in by_region.items():
            out.append(_figures(game_id, region, all_seen))
            low = [s for s in all_seen if s.contrast < MIN_CONTRAST]
            if low:
                out.append(_low_contrast(game_id, region, low))
            small = [s for s in all_seen if s.heights and min(s.heights.values()) < MIN_TEXT_PX]
            if small:
                out.append(_too_small(game_id, region, small))
        return out


#: the region name of the pack's own text colour ([games.<id>.text] colour) in the findings
TEXT_COLOUR = N_("text colour")
#: faces named one by one in a warning; the rest are counted
NAMED_FACES = 5


def _region_words(region: str) -> str:
    return tr(region)


def _faces(seen: list[_Seen]) -> str:
    names = ", ".join(dict.fromkeys(s.art_id for s in seen[:NAMED_FACES]))
    rest = len({s.art_id for s in seen}) - len({s.art_id for s in seen[:NAMED_FACES]})
    return names + (" " + tr("and {n} more").format(n=rest) if rest > 0 else "")


def _figures(game_id: str, region: str, seen: list[_Seen]) -> Finding:
    contrasts = [s.contrast for s in seen]
    parts = [tr("contrast {low}:1 to {high}:1").format(low=f"{min(contrasts):.1f}",
                                                       high=f"{max(contrasts):.1f}")]
    for screen in SCREENS:
        heights = [s.heights[screen] for s in seen if s.heights]
        if heights:
            parts.append(tr("{low} to {high} px tall in the hand at {width}x{height}").format(
                low=f"{min(heights):.1f}", high=f"{max(heights):.1f}", width=screen[0], height=screen[1]))
    message = tr("{game} {region}: legibility over {n} faces: {figures}").format(
        game=game_id, region=_region_words(region), n=len(seen), figures="; ".join(parts))
    first = seen[0]
    return Finding("note", message, first.art_id, first.file, None)


def _low_contrast(game_id: str, region: str, low: list[_Seen]) -> Finding:
    low = sorted(low, key=lambda s: s.contrast)
    worst = low[0]
    message = tr("{game} {region}: contrast {contrast}:1 of text to its background, below {least}:1 "
                 "(WCAG): {faces}").format(game=game_id, region=_region_words(region),
                                           contrast=f"{worst.contrast:.1f}", least=f"{MIN_CONTRAST:g}",
                                           faces=_faces(low))
    return Finding("warning", message, worst.art_id, worst.file, worst.line)


def _too_small(game_id: str, region: str, small: list[_Seen]) -> Finding:
    small = sorted(small, key=lambda s: min(s.heights.values()) if s.heights else 0.0)
    worst = small[0]
    assert worst.heights is not None
    screen = min(worst.heights, key=lambda key: worst.heights[key] if worst.heights else 0.0)
    message = tr("{game} {region}: text {height} px tall on a hand card at {width}x{screen_height}, below "
                 "{least} px: {faces}").format(game=game_id, region=_region_words(region),
                                               height=f"{worst.heights[screen]:.1f}", width=screen[0],
                                               screen_height=screen[1], least=f"{MIN_TEXT_PX:g}",
                                               faces=_faces(small))
    return Finding("warning", message, worst.art_id, worst.file, worst.line)
