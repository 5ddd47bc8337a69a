"""Charts drawn by the app, in the look of the menus and the table: bars and lines on a dark panel with
a thin gold rim, a colour per player, text sized for the window (readable at 1280x720).

A chart of a game's seats paints each seat as its table does (scenes/colour_vision.seat_look: the seat's
colour in the chosen palette, and its shape in the legend and on the line's points); a chart of players
across many games (the statistics screen) has no seats to follow and takes the series colours below.

`Chart` is what to draw (words and numbers); `draw_chart` draws one into a rectangle, `draw_charts` a
row of them. `progress_charts` puts a game's figures (game.progress) into words: the results screen and
the statistics screen both draw with this module.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import pygame

from game.i18n import N_, ptr, tr
from game.progress import Progress
from scenes.colour_marks import badge, ink_on, outline
from scenes.colour_vision import seat_look, vision_or_normal
from scenes.look import CREAM, GOLD, GOLD_DARK, MUTED, body_font, draw_panel, fit_text, px, text_scale

#: a colour per series (a player, where a chart has no seats), readable on the dark felt and apart
PALETTE: tuple[tuple[int, int, int], ...] = (
    (240, 200, 96),  # gold
    (110, 182, 240),  # sky
    (238, 118, 104),  # coral
    (122, 214, 150),  # mint
    (196, 150, 236),  # lilac
    (236, 236, 226),  # chalk
    (244, 160, 70),  # amber
    (120, 220, 222),  # teal
)
GRID = (255, 255, 255, 34)
AXIS = (*GOLD_DARK[:3], 255)
LINES, BARS = "lines", "bars"


#: the series colours for each kind of colour vision (the setting, scenes/colour_vision.py): light enough
#: to read on the dark panel, and the first `SEATS_APART` (a table's most seats) kept apart as those eyes
#: see them, and as normal eyes do, by colour_vision.MIN_DIFFERENCE (tests/test_colour_vision.py)
SERIES_PALETTES: dict[str, tuple[tuple[int, int, int], ...]] = {
    "normal": PALETTE,
    "red-weak": (
        (255, 63, 116),  # pink
        (76, 220, 255),  # sky
        (218, 117, 0),  # amber
        (255, 255, 58),  # lemon
        (215, 72, 255),  # violet
        (193, 195, 172),  # stone
    ),
    "green-weak": (
        (255, 250, 3),  # lemon
        (42, 246, 255),  # cyan
        (191, 126, 30),  # ochre
        (159, 133, 142),  # mauve grey
        (26, 147, 239),  # blue
        (255, 252, 235),  # chalk
    ),
    "blue-weak": (
        (248, 216, 11),  # yellow
        (44, 192, 201),  # teal
        (255, 80, 19),  # vermilion
        (243, 255, 238),  # chalk
        (136, 146, 98),  # olive
        (189, 96, 255),  # violet
    ),
}
SEATS_APART = 6


def colour(index: int, vision: str = "normal") -> tuple[int, int, int]:
    """Series `index`'s colour in the palette for `vision` (an unknown vision: the normal one)."""
    palette = SERIES_PALETTES[vision_or_normal(vision)]
    return palette[index % len(palette)]


@dataclass
class ChartSeries:
    """One line or set of bars: `shape` (a seat's, colour_marks.outline) marks it in the legend and on a
    line's points, so that no series relies on its hue alone; None: a plain swatch and dots."""

    label: str
    values: list[float | None]
    colour: tuple[int, int, int]
    shape: str | None = None


@dataclass
class Chart:
    """One chart: LINES (a value per x label, joined) or BARS (a group per x label, a bar per series).
    `marks` are moments on a line chart: (x index, label), drawn as thin upright lines."""

    kind: str
    title: str
    x_labels: list[str]
    series: list[ChartSeries]
    y_label: str = ""
    marks: list[tuple[float, str]] = field(default_factory=list)
    legend: bool = True
    x_short: list[str] = field(default_factory=list)  # shorter x labels, where the others do not fit


def nice_ticks(low: float, high: float, count: int = 4, whole: bool = False) -> list[float]:
    """Round values from at most `low` to at least `high`, about `count` steps apart (1, 2 or 5 x 10^k);
    `whole`: whole steps only (a count of games or cards has no half)."""
    if not (math.isfinite(low) and math.isfinite(high)):
        low, high = 0.0, 1.0
    if high <= low:
        high = low + 1.0
    raw = (high - low) / max(1, count)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    if whole:
        step = max(1, step)
    start = math.floor(low / step) * step
    ticks = []
    value = start
    while value < high + step * 0.999:
        ticks.append(round(value, 10))
        value += step
    return ticks


def number_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


@dataclass
class ChartRow:
    """Charts shown side by side, under one heading (empty: none)."""

    charts: list[Chart]
    heading: str = ""


def draw_charts(surface: pygame.Surface, rect: pygame.Rect, charts: Sequence[Chart], size: tuple[int, int],
                gap: int | None = None, heading: str = "") -> None:
    """Several charts side by side in `rect`, under `heading`. Charts of the same series share one legend
    above them."""
    if not charts:
        return
    gap = px(14, size) if gap is None else gap
    if heading:
        font = body_font(max(9, round(17 * text_scale(size))), bold=True)
        surface.blit(font.render(fit_text(heading, font, rect.width), True, GOLD), rect.topleft)
        top = rect.top + font.get_linesize()
        rect = pygame.Rect(rect.left, top, rect.width, max(1, rect.bottom - top))
    labels = [[s.label for s in c.series] for c in charts]
    if len(charts) > 1 and all(ls == labels[0] for ls in labels) and charts[0].legend:
        font = body_font(max(8, round(14 * text_scale(size))))
        area = pygame.Rect(rect.left, rect.top, rect.width, rect.height)
        below = draw_legend(surface, area, charts[0], font, size)
        rect = pygame.Rect(rect.left, below, rect.width, max(1, rect.bottom - below))
        charts = [replace(c, legend=False) for c in charts]
    width = max(1, (rect.width - gap * (len(charts) - 1)) // len(charts))
    for i, chart in enumerate(charts):
        cell = pygame.Rect(rect.left + i * (width + gap), rect.top, width, rect.height)
        draw_chart(surface, cell, chart, size)


# -- a game's figures in words -----------------------------------------------------------------------
_TITLES = {
    ("points", "round"): N_("Points after each round"),
    ("points", "scoring"): N_("Points at each Genghis Rooster scoring"),
    ("cards", "move"): N_("Cards left after each move, and who went out when"),
    ("stars", "chapter"): N_("Stars"),
    ("hearts", "chapter"): N_("Hearts"),
    ("crystals", "chapter"): N_("Crystals"),
}
#: a row's heading where its charts' titles alone do not say what they show
_HEADINGS = {"chapter": N_("Stars, hearts and crystals won per chapter")}
_ROMAN = {1: "I", 2: "II", 3: "III"}


def _x_label(kind: str, value: int) -> str:
    if kind == "move":
        return str(value)
    if value == 0:
        return ptr("chart", "Start")
    if kind == "chapter":
        return tr("Chapter {number}").format(number=_ROMAN.get(value, value))
    return (tr("Scoring {number}") if kind == "scoring" else tr("Round {number}")).format(number=value)


def progress_charts(progress: Progress, names: Sequence[str], vision: str = "normal",
                    colours: Sequence[str] | None = None) -> ChartRow:
    """The charts of a game's figures, its seats named as the players are and painted as the table paints
    them in the palette for `vision` (the colour-vision setting): `colours` are the seat colours the game
    names (Palastgeflüster's observation), else the seat order's (colour_vision.seat_look)."""
    from game.i18n import ordinal

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else tr("Player {number}").format(number=seat + 1)

    charts = []
    for panel in progress.panels:
        known = _TITLES.get((panel.quantity, panel.x_kind))
        title = tr(known) if known is not None else panel.quantity.capitalize()
        looks = [seat_look(s.seat, vision, colours) for s in panel.series]
        series = [ChartSeries(name(s.seat), list(s.values), look.rgb, look.shape)
                  for s, look in zip(panel.series, looks, strict=True)]
        marks = [(float(m.move), tr("{name} out {place}").format(name=name(m.seat), place=ordinal(m.number)))
                 for m in panel.marks
                 if m.seat is not None]
        short = [_ROMAN.get(v, str(v)) for v in panel.x_values] if panel.x_kind == "chapter" else []
        charts.append(Chart(panel.kind, title, [_x_label(panel.x_kind, v) for v in panel.x_values], series,
                            marks=marks, x_short=short))
    kinds = {panel.x_kind for panel in progress.panels}
    heading = tr(_HEADINGS.get(kinds.pop(), "")) if len(kinds) == 1 else ""
    return ChartRow(charts, heading)


@dataclass(frozen=True)
class ChartFrame:
    """Where a chart's parts go in its panel: the plot, the y axis' ticks, and the line of x labels,
    which lies below the lowest tick's label (so "0" never runs into the first x label)."""

    plot: pygame.Rect
    ticks: list[float]
    x_label_top: int
    tick_gap: int  # between a tick's label and the plot

    def to_y(self, value: float) -> float:
        bottom, top = self.ticks[0], self.ticks[-1]
        return self.plot.bottom - (value - bottom) / (top - bottom) * self.plot.height

    def tick_rects(self, font: pygame.font.Font) -> list[tuple[float, pygame.Rect]]:
        """Each tick with the rectangle its label takes, right of it the plot."""
        placed = []
        for tick in self.ticks:
            rect = pygame.Rect((0, 0), font.size(number_text(tick)))
            rect.midright = (self.plot.left - self.tick_gap, round(self.to_y(tick)))
            placed.append((tick, rect))
        return placed


def chart_frame(rect: pygame.Rect, chart: Chart, size: tuple[int, int]) -> tuple[ChartFrame | None, int]:
    """The frame of `chart` drawn in `rect` (None where the panel is too small for a plot), and the y
    where the title and legend end."""
    scale = text_scale(size)
    title_font = body_font(max(9, round(17 * scale)), bold=True)
    small = body_font(max(8, round(14 * scale)))
    inner = rect.inflate(-2 * px(12, size), -2 * px(12, size))
    y = inner.top + title_font.get_linesize()
    if chart.legend and chart.series:
        _, y = legend_places(pygame.Rect(inner.left, y, inner.width, inner.bottom - y), chart, small, size)
    values = [v for s in chart.series for v in s.values if v is not None]
    low = min([0.0, *values])
    high = max([0.0, *values]) or 1.0
    whole = all(float(v).is_integer() for v in values)  # counts and points: no half ticks
    # bars: room above the highest for its number
    ticks = nice_ticks(low, high * 1.12 if chart.kind == BARS else high, whole=whole)
    tick_gap = px(6, size)
    label_w = max(small.size(number_text(t))[0] for t in ticks) + tick_gap
    half = small.get_height() // 2  # a tick's label reaches this far above and below its tick
    # a line chart's first and last x labels are centred on the plot's edges: room for their halves
    last_half = small.size(chart.x_labels[-1])[0] // 2 if chart.kind == LINES and chart.x_labels else 0
    below = half + px(3, size) + small.get_linesize()  # the lowest tick's label, then the x labels
    plot = pygame.Rect(inner.left + label_w, y + half, inner.width - label_w - last_half,
                       inner.bottom - y - half - below)
    if plot.width < 8 or plot.height < 8:
        return None, y
    return ChartFrame(plot, ticks, plot.bottom + half + px(3, size), tick_gap), y


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, chart: Chart, size: tuple[int, int]) -> None:
    """`chart` on a panel filling `rect`, its sizes and text following the window `size`."""
    if rect.width < 8 or rect.height < 8:
        return
    draw_panel(surface, rect, size)
    scale = text_scale(size)
    title_font = body_font(max(9, round(17 * scale)), bold=True)
    small = body_font(max(8, round(14 * scale)))
    inner = rect.inflate(-2 * px(12, size), -2 * px(12, size))
    y = inner.top
    title = fit_text(chart.title, title_font, inner.width)
    surface.blit(title_font.render(title, True, GOLD), (inner.left, y))
    y += title_font.get_linesize()
    if chart.legend and chart.series:
        draw_legend(surface, pygame.Rect(inner.left, y, inner.width, inner.bottom - y), chart, small, size)
    frame, _ = chart_frame(rect, chart, size)
    if frame is None:
        return
    plot = frame.plot
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)  # the grid's alpha blends once, over the panel
    for tick in frame.ticks:
        ty = round(frame.to_y(tick))
        pygame.draw.line(layer, GRID if tick != 0 else AXIS, (plot.left - rect.left, ty - rect.top),
                         (plot.right - rect.left, ty - rect.top), 1 if tick != 0 else max(1, px(2, size)))
    surface.blit(layer, rect)
    for tick, place in frame.tick_rects(small):
        surface.blit(small.render(number_text(tick), True, MUTED), place)
    if chart.kind == BARS:
        _draw_bars(surface, frame, chart, small, size)
    else:
        _draw_lines(surface, frame, chart, small, size)


def x_label_places(frame: ChartFrame, chart: Chart, font: pygame.font.Font,
                   size: tuple[int, int]) -> list[tuple[str, pygame.Rect]]:
    """The x labels a chart shows and where: a line chart's centred on their points (every n-th, where
    they would overlap), a bar chart's under their groups (the short form, or cut, where one is too
    wide)."""
    plot, top = frame.plot, frame.x_label_top
    placed: list[tuple[str, pygame.Rect]] = []
    if chart.kind == BARS:
        groups = _bar_groups(chart)
        group_w = plot.width / groups if groups else 0
        for g, label in enumerate(chart.x_labels[:groups]):
            if font.size(label)[0] > group_w - 4 and g < len(chart.x_short):
                label = chart.x_short[g]
            label = fit_text(label, font, max(1, round(group_w) - 4))
            rect = pygame.Rect((0, 0), font.size(label))
            rect.midtop = (round(plot.left + (g + 0.5) * group_w), top)
            placed.append((label, rect))
        return placed
    count = _line_points(chart)
    every = _x_label_every(count, font, chart.x_labels, plot.width)
    for i in [*range(0, count, every), count - 1]:  # the last one too, when it has room
        if i >= len(chart.x_labels) or any(r.centerx == round(_to_x(plot, count, i)) for _, r in placed):
            continue
        rect = pygame.Rect((0, 0), font.size(chart.x_labels[i]))
        rect.midtop = (round(_to_x(plot, count, i)), top)
        if any(rect.inflate(px(8, size), 0).colliderect(r) for _, r in placed):
            continue
        placed.append((chart.x_labels[i], rect))
    return placed


def _line_points(chart: Chart) -> int:
    return max((len(s.values) for s in chart.series), default=0)


def _bar_groups(chart: Chart) -> int:
    return max(len(chart.x_labels), max((len(s.values) for s in chart.series), default=0))


def _to_x(plot: pygame.Rect, count: int, index: float) -> float:
    return plot.left + (index / (count - 1) * plot.width if count > 1 else plot.width / 2)


@dataclass(frozen=True)
class LegendEntry:
    """Where the legend draws a series: its swatch or badge in `mark`, its `label` at `at`."""

    series: ChartSeries
    mark: pygame.Rect
    label: str
    at: tuple[int, int]


def legend_places(area: pygame.Rect, chart: Chart, font: pygame.font.Font,
                  size: tuple[int, int]) -> tuple[list[LegendEntry], int]:
    """The legend's entries in rows across `area`, and the y below them. A series with a shape gets a
    badge about as tall as its name (the shape must read), one without a small square swatch."""
    swatch = max(6, font.get_height() // 2)
    badge_side = max(8, round(font.get_height() * 0.9))
    gap, space = px(14, size), px(6, size)
    x, y = area.left, area.top + px(2, size)
    widest = max(1, area.width // max(1, min(len(chart.series), 3)) - gap - badge_side - space)
    entries = []
    for series in chart.series:
        side = badge_side if series.shape is not None else swatch
        label = fit_text(series.label, font, widest)
        width = side + space + font.size(label)[0]
        if x > area.left and x + width > area.right:
            x, y = area.left, y + font.get_linesize()
        mid = y + font.get_height() // 2
        entries.append(LegendEntry(series, pygame.Rect(x, mid - side // 2, side, side), label,
                                   (x + side + space, y)))
        x += width + gap
    return entries, y + font.get_linesize() + px(4, size)


def draw_legend(surface: pygame.Surface, area: pygame.Rect, chart: Chart, font: pygame.font.Font,
                 size: tuple[int, int]) -> int:
    """A badge (or swatch) and a name per series, in rows across `area`; returns the y below it."""
    entries, below = legend_places(area, chart, font, size)
    for entry in entries:
        series = entry.series
        if series.shape is not None:
            surface.blit(badge(series.shape, series.colour, entry.mark.width), entry.mark)
        else:
            pygame.draw.rect(surface, series.colour, entry.mark, border_radius=max(1, entry.mark.width // 4))
        surface.blit(font.render(entry.label, True, CREAM), entry.at)
    return below


def _draw_point(surface: pygame.Surface, series: ChartSeries, point: tuple[float, float],
                size: tuple[int, int]) -> None:
    """A value on a line: the series' shape (a little larger than a dot: a shape needs room to read),
    else a dot, each with a dark rim that keeps it apart from the lines under it."""
    radius = max(3, px(5, size))
    rim = (12, 30, 20)
    if series.shape is None:
        pygame.draw.circle(surface, series.colour, point, radius)
        pygame.draw.circle(surface, rim, point, radius, max(1, px(1, size)))
        return
    points = outline(series.shape, point, radius * 1.45)
    pygame.draw.polygon(surface, series.colour, points)
    pygame.draw.polygon(surface, rim, points, max(1, px(1, size)))


def _x_label_every(count: int, font: pygame.font.Font, labels: list[str], width: int) -> int:
    """Show every n-th x label so that they do not overlap."""
    widest = max((font.size(label)[0] for label in labels), default=1) + 8
    fits = max(1, width // widest)
    return max(1, math.ceil(count / fits))


def _draw_lines(surface: pygame.Surface, frame: ChartFrame, chart: Chart, font: pygame.font.Font,
                size: tuple[int, int]) -> None:
    plot, to_y = frame.plot, frame.to_y
    count = _line_points(chart)
    if count == 0:
        return

    def to_x(index: float) -> float:
        return _to_x(plot, count, index)

    for label, rect in x_label_places(frame, chart, font, size):
        surface.blit(font.render(label, True, MUTED), rect)
    for n, (at, label) in enumerate(chart.marks):
        x = round(to_x(at))
        pygame.draw.line(surface, MUTED, (x, plot.top), (x, plot.bottom), 1)
        text = font.render(label, True, CREAM)
        rect = text.get_rect(topright=(x - px(3, size), plot.top + n % 3 * font.get_linesize()))
        if rect.left < plot.left:  # no room on the left of the line: on its right
            rect.left = x + px(3, size)
        rect.clamp_ip(plot)
        surface.blit(text, rect)
    width = max(2, px(3, size))
    dots = count <= 40
    # Lines of equal values (two players on the same points) would hide each other: each series is drawn
    # a little apart, never so far that it reads as another value.
    apart = max(1, px(3, size))
    for n, series in enumerate(chart.series):
        shift = (n - (len(chart.series) - 1) / 2) * apart
        points = [(to_x(i), to_y(v) + shift) for i, v in enumerate(series.values) if v is not None]
        if len(points) > 1:
            pygame.draw.lines(surface, series.colour, False, points, width)
        if dots or len(points) == 1:
            for point in points:
                _draw_point(surface, series, point, size)


def _draw_bars(surface: pygame.Surface, frame: ChartFrame, chart: Chart, font: pygame.font.Font,
               size: tuple[int, int]) -> None:
    plot, to_y = frame.plot, frame.to_y
    groups = _bar_groups(chart)
    if groups == 0 or not chart.series:
        return
    group_w = plot.width / groups
    bar_w = max(2.0, group_w * 0.78 / len(chart.series))
    zero = to_y(0.0)
    for g in range(groups):
        left = plot.left + g * group_w + group_w * 0.11
        for i, series in enumerate(chart.series):
            value = series.values[g] if g < len(series.values) else None
            if value is None:
                continue
            top = to_y(value)
            bar = pygame.Rect(round(left + i * bar_w), round(min(top, zero)), max(1, round(bar_w) - 2),
                              max(1, round(abs(zero - top))))
            pygame.draw.rect(surface, series.colour, bar, border_top_left_radius=max(1, px(3, size)),
                             border_top_right_radius=max(1, px(3, size)))
            _shape_in_bar(surface, series, bar)
            text = font.render(number_text(value), True, CREAM)
            if text.get_width() <= bar.width + 4 and value:
                surface.blit(text, text.get_rect(midbottom=(bar.centerx, bar.top - 1)))
    for label, rect in x_label_places(frame, chart, font, size):
        surface.blit(font.render(label, True, MUTED), rect)


def _shape_in_bar(surface: pygame.Surface, series: ChartSeries, bar: pygame.Rect) -> None:
    """The series' shape at the foot of its bar, where the bar has room for one that reads."""
    side = min(bar.width - 4, 18 * bar.width // 20)
    if series.shape is None or side < 8 or bar.height < side + 6:
        return
    centre = (bar.centerx, bar.bottom - 3 - side / 2)
    pygame.draw.polygon(surface, ink_on(series.colour), outline(series.shape, centre, side / 2))


def row_image(row: ChartRow, area: tuple[int, int], size: tuple[int, int]) -> pygame.Surface:
    """`row` drawn once onto a clear surface of `area` (a screen that does not change blits it each frame)."""
    image = pygame.Surface((max(1, area[0]), max(1, area[1])), pygame.SRCALPHA)
    draw_charts(image, image.get_rect(), row.charts, size, heading=row.heading)
    return image
