"""The Statistics screen: per game, every player's games, wins, places, points, streaks and the AI levels
they beat (game.statistics over the kept games), with charts of their places and of their points game by
game, and an export of every figure as CSV.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from cards import rules_text
from game.core.datafile import shown
from game.history import Entry, History
from game.i18n import N_, tr
from game.logs import logger
from game.statistics import PlayerStats, levels_in, statistics, write_csv
from scenes.keeping import exports_dir, history
from scenes.menus.charts import BARS, LINES, Chart, ChartSeries, colour, draw_charts
from scenes.menus.setup import level_label
from scenes.widgets import (
    CREAM,
    GOLD,
    GOLD_DARK,
    MUTED,
    MenuScene,
    Message,
    PlaceholderEntry,
    body_font,
    draw_panel,
    draw_text,
    fit_text,
    px,
    text_scale,
)

if TYPE_CHECKING:
    from scenes.scene import Host

log = logger(__name__)

READ_BUDGET = 0.02
#: the players drawn in the charts at most (those with the most games)
CHARTED = 6
#: the games of each player drawn in the points chart: the latest ones
LAST_GAMES = 30
COLUMNS = ((N_("Player"), 0.17), (N_("Games"), 0.06), (N_("Wins"), 0.06), (N_("Win rate"), 0.08),
           (N_("Mean place"), 0.09), (N_("Mean pts"), 0.08), (N_("Best"), 0.05), (N_("Worst"), 0.06),
           (N_("Streaks"), 0.19), (N_("Hints"), 0.05), (N_("AI beaten"), 0.11))


def streak_text(stats: PlayerStats) -> str:
    """The longest winning run and the current run: "best 3 · now 2 won" / "now 1 lost"."""
    now = stats.current_streak
    if now > 0:
        current = tr("{n} won").format(n=now)
    elif now < 0:
        current = tr("{n} lost").format(n=-now)
    else:
        current = "–"
    return tr("best {best} · now {current}").format(best=stats.longest_win_streak, current=current)


def beaten_text(stats: PlayerStats) -> str:
    return " · ".join(f"{level_label(level)} {stats.beaten[level]}" for level in levels_in([stats])) or "–"


def cells(stats: PlayerStats) -> tuple[str, ...]:
    def figure(value: float | None, digits: str = ".1f") -> str:
        return "–" if value is None else format(value, digits)

    rate = f"{stats.win_rate:.0%}" if stats.games else "–"
    return (shown(stats.label), str(stats.games), str(stats.wins), rate, figure(stats.mean_place, ".2f"),
            figure(stats.mean_points), figure(stats.best, "g"), figure(stats.worst, "g"), streak_text(stats),
            str(stats.hints), beaten_text(stats))


class StatisticsScene(MenuScene):
    title = N_("Statistics")

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.history: History = history(app)
        self.pending = 0
        self.entries: list[Entry] = []
        self.game: str | None = None  # chosen on the first listing: the game with most games kept
        self.player_filter = ""
        self.with_ai = False
        self.rows: list[PlayerStats] = []
        self.scroll = 0
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.chart_rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 1
        self.game_menu: UIDropDownMenu | None = None
        self.name_entry: PlaceholderEntry | None = None
        self.ai_button: UIButton | None = None
        self._titles: dict[str, str] = {}
        self._charts: list[Chart] = []
        self._chart_image: pygame.Surface | None = None

    # -- life cycle ------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.pending = self.history.refresh(budget_s=READ_BUDGET)
        self._take_entries()
        super().on_enter()

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        margin = px(24, size)
        gap = px(10, size)
        control_h = px(40, size)
        top = px(100, size)
        width = min(w - 2 * margin, px(1232, size))
        left = (w - width) // 2
        self._titles = {rules_text.title(g): g for g in rules_text.GAME_INFO}
        current = next((t for t, g in self._titles.items() if g == self.game), next(iter(self._titles)))
        menu_w = min(px(260, size), width // 3)
        menu_rect = pygame.Rect(left, top, menu_w, control_h)
        self.game_menu = UIDropDownMenu(list(self._titles), current, menu_rect, manager=self.ui)
        name_rect = pygame.Rect(left + menu_w + gap, top, min(px(280, size), width // 3), control_h)
        self.name_entry = PlaceholderEntry(name_rect, manager=self.ui, placeholder_text=tr("A player's name"))
        self.name_entry.set_text_length_limit(40)
        self.name_entry.set_text(self.player_filter)
        ai_rect = pygame.Rect(name_rect.right + gap, top, min(px(250, size), width // 4), control_h)
        self.ai_button = self.add_button(ai_rect, self._ai_label(), self.toggle_ai,
                                         tooltip=tr("Show the figures of the AI seats too"),
                                         class_id="@quiet")

        button_h = px(46, size)
        bottom = h - px(22, size) - button_h
        self.add_button(pygame.Rect(left + width - px(200, size), bottom, px(200, size), button_h),
                        tr("Back"), self.back)
        self.add_button(pygame.Rect(left, bottom, px(240, size), button_h), tr("Export CSV"), self.export,
                        tooltip=tr("Every figure of every game, written to {folder}").format(
                            folder=exports_dir()),
                        primary=True)
        body_top = top + control_h + gap
        body_h = max(1, bottom - gap - body_top)
        self.row_h = max(1, px(30, size))
        table_h = min(body_h // 2, self.row_h * 6 + px(8, size))  # five players; the wheel shows more
        self.table_rect = pygame.Rect(left, body_top, width, table_h)
        self.chart_rect = pygame.Rect(left, self.table_rect.bottom + gap, width,
                                      max(1, bottom - gap - self.table_rect.bottom - gap))
        self._chart_image = None

    def on_language_changed(self) -> None:
        """The charts hold words too: made again in the new language."""
        self._figures()
        super().on_language_changed()

    def _ai_label(self) -> str:
        return tr("AI players: shown") if self.with_ai else tr("AI players: hidden")

    # -- figures ---------------------------------------------------------------------------------
    def _take_entries(self) -> None:
        self.entries = self.history.listed()
        if self.game is None and self.entries and not self.pending:
            counts: dict[str, int] = {}
            for entry in self.entries:
                if entry.readable:
                    counts[entry.game] = counts.get(entry.game, 0) + 1
            self.game = max(counts, key=lambda g: counts[g]) if counts else None
        self._figures()

    def _figures(self) -> None:
        game = self.game or next(iter(rules_text.GAME_INFO))
        every = [s for s in statistics(e for e in self.entries if e.game == game)]
        people = [s for s in every if s.is_human]
        rows = every if self.with_ai or not people else people
        wanted = self.player_filter.strip().casefold()
        self.rows = [s for s in rows if wanted in s.name.casefold()]
        self.rows.sort(key=lambda s: (-s.games, s.name.casefold()))
        self.scroll = max(0, min(self.scroll, max(0, len(self.rows) - self.visible_rows())))
        self._charts = self._make_charts(game)
        self._chart_image = None

    def _make_charts(self, game: str) -> list[Chart]:
        charted = [s for s in self.rows if s.games][:CHARTED]
        if not charted:
            return []
        most = max(max(s.place_counts, default=1) for s in charted)
        counts = [ChartSeries(_place_word(p), [s.place_counts.get(p, 0) for s in charted],
                              _place_colour(p, most)) for p in range(1, most + 1)]
        places = Chart(BARS, tr("Places: how often each player finished where"),
                       [shown(s.name) for s in charted], counts)
        ordered = all(not s.points for s in charted)  # a finishing order (Palace): places, not points
        last = max(len(s.results) for s in charted)
        span = min(LAST_GAMES, last)
        series = []
        for s in charted:
            values: list[float | None] = ([float(p) for p in s.places_in_order[-span:]] if ordered
                                          else list(s.points[-span:]))
            series.append(ChartSeries(shown(s.label), [*values, *([None] * (span - len(values)))],
                                      colour(charted.index(s), self.app.settings.colour_vision)))
        title = (tr("Place in each of the last games (1 is the best)") if ordered
                 else tr("Points in each of the last games"))
        trend = Chart(LINES, title, [str(i) for i in range(1, span + 1)], series)
        return [places, trend]

    def visible_rows(self) -> int:
        return max(1, (self.table_rect.height - self.row_h) // self.row_h)

    # -- frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.pending:
            self.pending = self.history.refresh(budget_s=READ_BUDGET)
            self._take_entries()
            if not self.pending and self.game_menu is not None:
                self.ui.clear_and_reset()
                self.on_enter()

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.game_menu:
            self.game = self._titles.get(event.text, self.game)
            self._figures()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.name_entry:
            self.player_filter = event.text
            self._figures()
        elif event.type == pygame.MOUSEWHEEL and self.table_rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, min(self.scroll - event.y, max(0, len(self.rows) - self.visible_rows())))

    def toggle_ai(self) -> None:
        self.with_ai = not self.with_ai
        if self.ai_button is not None:
            self.ai_button.set_text(self._ai_label())
        self._figures()

    # -- drawing ---------------------------------------------------------------------------------
    def draw_decor(self, surface: pygame.Surface) -> None:
        super().draw_decor(surface)
        size = surface.get_size()
        self._draw_table(surface, size)
        if not self._charts:
            return
        if self._chart_image is None or self._chart_image.get_size() != self.chart_rect.size:
            image = pygame.Surface(self.chart_rect.size, pygame.SRCALPHA)
            draw_charts(image, image.get_rect(), self._charts, size)
            self._chart_image = image
        surface.blit(self._chart_image, self.chart_rect)

    def _draw_table(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        rect = self.table_rect
        draw_panel(surface, rect, size)
        scale = text_scale(size)
        head = body_font(max(8, round(14 * scale)), bold=True)
        text = body_font(max(8, round(15 * scale)))
        pad = px(10, size)
        inner = rect.inflate(-2 * pad, 0)
        xs = [inner.left]
        for _, share in COLUMNS[:-1]:
            xs.append(xs[-1] + round(inner.width * share))
        widths = [b - a - px(6, size) for a, b in zip(xs, [*xs[1:], inner.right + px(6, size)], strict=True)]
        mid = rect.top + self.row_h // 2
        for (title, _), x, width in zip(COLUMNS, xs, widths, strict=True):
            draw_text(surface, fit_text(tr(title), head, width), head, GOLD,
                      topleft=(x, mid - head.get_height() // 2), shadow=1)
        rule_y = rect.top + self.row_h
        pygame.draw.line(surface, GOLD_DARK, (inner.left, rule_y), (inner.right, rule_y), max(1, px(1, size)))
        if not self.rows:
            note = (tr("Reading the kept games…") if self.pending else tr("No game of this kind is kept yet.")
                    if not self.player_filter else tr("No player of that name."))
            draw_text(surface, note, text, MUTED, center=(rect.centerx, rect.centery + self.row_h // 2),
                      shadow=1)
            return
        y = rect.top + self.row_h
        for stats in self.rows[self.scroll:self.scroll + self.visible_rows()]:
            colour_now = CREAM if stats.is_human else MUTED
            for cell, x, width in zip(cells(stats), xs, widths, strict=True):
                draw_text(surface, fit_text(cell, text, max(1, width)), text, colour_now,
                          topleft=(x, y + (self.row_h - text.get_height()) // 2), shadow=1)
            y += self.row_h

    # -- export ----------------------------------------------------------------------------------
    def export(self) -> None:
        """Every player's figures in every game (not only those shown) as a CSV file."""
        target = Path(exports_dir()) / f"statistics-{time.strftime('%Y%m%d-%H%M%S')}.csv"
        try:
            write_csv(statistics(self.history.entries()), target)
        except OSError as exc:
            self.show_message(Message(tr("The statistics were not exported"), shown(exc)))
            return
        self.show_message(Message(tr("Statistics exported"),
                                  tr("Every figure of every game is written to\n{path}").format(
                                      path=shown(target))))


def _place_word(place: int) -> str:
    from game.i18n import ordinal

    return ordinal(place)


def _place_colour(place: int, most: int) -> tuple[int, int, int]:
    """Gold for first, fading towards a cool grey for last: a reader sees good and bad places at once."""
    if most <= 1:
        return (240, 200, 96)
    t = (place - 1) / (most - 1)
    start, end = (240, 200, 96), (120, 140, 160)
    return tuple(round(a + (b - a) * t) for a, b in zip(start, end, strict=True))  # type: ignore[return-value]

