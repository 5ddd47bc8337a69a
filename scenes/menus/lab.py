"""The balance lab: bots play a small study of a game, and the screen shows what it found.

Choose a game, its players, its card data (as published, or a variant: scenes/menus/variant_files.py)
and a few deals; Start plays them in a worker thread (scenes/menus/lab_engine.py) while the frame loop
goes on, showing a progress bar with the games done, the games per second and the time left. Cancel stops
the study after the game under way; leaving the screen does too. When the study is done the screen shows
the report's charts (the PNG files the report draws, scaled once per window size; a click shows one
large, Esc closes it) and every card sorted by its contribution: the win rate of a seat that held it,
played it and never saw it, beside the seat baseline, with 95% intervals (the wheel scrolls the list).
All seats are bots: nothing here is secret.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

import game
from cards import rules_text
from game.i18n import N_, language, ntr, tr
from scenes.cache import BoundedCache
from scenes.layers import Layer, LayerStack, Place
from scenes.look import draw_progress_bar
from scenes.menus.lab_engine import (
    CANCELLED,
    DONE,
    FAILED,
    StudyProgress,
    StudyRequest,
    StudyResult,
    StudyRun,
)
from scenes.menus.setup import Stepper
from scenes.menus.variant_files import VariantFile, variant_files
from scenes.widgets import (
    CREAM,
    GOLD,
    MUTED,
    MenuScene,
    body_font,
    dim,
    draw_panel,
    draw_text,
    fit_text,
    fitted_label,
    oid,
    px,
    set_enabled,
    text_scale,
)

if TYPE_CHECKING:
    from pygame_gui.elements import UIButton

    from scenes.scene import Host

Size = tuple[int, int]

#: the numbers of deals offered: a study a person waits for, seconds to a minute with the quick bots
DEAL_CHOICES = (10, 25, 50)
#: the report's charts as the chart stepper names them
CHART_WORDS = {"seats.png": N_("Seats"), "length.png": N_("Length"), "cards.png": N_("Cards")}
#: the columns of the card list: its name, then the rates
COLUMNS = (N_("Card"), N_("held"), N_("played"), N_("never seen"), N_("seat baseline"))
MB = 1024 * 1024
ABOVE, BELOW = (150, 220, 150), (236, 150, 130)


# -- words -----------------------------------------------------------------------------------------
def card_name(game_id: str, kind: str) -> str:
    """A card the lab counts (a person and colour, a rank, a motif, a card's value), named in the chosen
    language by the game's own reading of its cards."""
    from game.balance.cards import table_for

    return table_for(game_id).label(kind)


def rate_text(figure: dict[str, Any]) -> str:
    """A win rate with its 95% interval ("52% (41–63)"), or a dash where no seat-game had it."""
    if not figure["n"]:
        return "–"
    low, high = figure["ci95"]
    return f"{figure['rate']:.0%} ({low * 100:.0f}–{high * 100:.0f})"


def rate_ink(figure: dict[str, Any], baseline: float) -> Any:
    """Green where the whole interval lies above the baseline, red where it lies below, else plain: a
    colour says what the study can tell apart from chance, not where a few games happened to fall."""
    if not figure["n"]:
        return MUTED
    low, high = figure["ci95"]
    return ABOVE if low > baseline else BELOW if high < baseline else CREAM


def clock(seconds: float | None) -> str:
    """`4:03`, or `?` while the rate is not known yet."""
    if seconds is None:
        return "?"
    minutes, secs = divmod(int(round(seconds)), 60)
    return f"{minutes}:{secs:02d}"


# -- the screen ------------------------------------------------------------------------------------
class LabScene(MenuScene):
    title = N_("Balance lab")

    def __init__(self, app: Host, game_id: str | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id if game_id in game.GAME_IDS else game.GAME_IDS[0]
        rules = game.load(self.game_id)
        self.players = max(rules.min_players, min(4, rules.max_players))
        self.deals = DEAL_CHOICES[0]
        self.variant_key: str | None = None
        self.variants: list[VariantFile] = []
        self.run: StudyRun | None = None
        self.result: StudyResult | None = None
        self.status = ""  # what the last run came to, or why it could not start
        self.progress: StudyProgress | None = None  # the last run's, kept when it has ended
        self.chart_names: list[str] = []
        self.chart = 0
        self.charts: dict[str, pygame.Surface] = {}  # the report's pictures as drawn, loaded once
        self.scaled: BoundedCache[tuple[str, Size], pygame.Surface] = BoundedCache("lab charts", 16 * MB)
        self.lists: BoundedCache[tuple[int, str], pygame.Surface] = BoundedCache("lab card list", 16 * MB)
        self.scroll = 0
        self.enlarged = False
        self.layers = LayerStack()
        self.layers.add(Layer(Place.INSPECT, self._draw_enlarged, shown=lambda: self.enlarged,
                              modal=lambda: self.enlarged, handle=self._enlarged_event,
                              close=self._close_enlarged, above_widgets=True, name="chart shown large"))
        self.start_button: UIButton | None = None
        self.cancel_button: UIButton | None = None
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.chart_area = pygame.Rect(0, 0, 0, 0)
        self.list_area = pygame.Rect(0, 0, 0, 0)

    # -- layout ----------------------------------------------------------------------------------
    def build(self, size: Size) -> None:
        w, h = size
        margin, gap = px(20, size), px(10, size)
        row_h = px(40, size)
        caption_h = px(22, size)
        top = px(96, size)
        rules = game.load(self.game_id)
        self.variants = variant_files(rules)
        usable = [f for f in self.variants if f.variant is not None]
        if self.variant_key not in [f.key for f in usable]:
            self.variant_key = None
        width = w - 2 * margin
        shares = (0.3, 0.17, 0.33, 0.2)
        x = margin
        rects = []
        for share in shares:
            rects.append(pygame.Rect(x, top + caption_h, max(1, round((width - 3 * gap) * share)), row_h))
            x = rects[-1].right + gap
        games = list(game.GAME_IDS)
        counts = list(range(rules.min_players, rules.max_players + 1))
        keys: list[str | None] = [None, *(f.key for f in usable)]
        deal_choices = sorted({*DEAL_CHOICES, self.deals})  # a number set from elsewhere is kept
        steppers: list[tuple[str, list[str], int, Callable[[int], None]]] = [
            (tr("GAME"), [rules_text.title(g) for g in games], games.index(self.game_id),
             lambda i: self._set_game(games[i])),
            (tr("PLAYERS"), [str(n) for n in counts], counts.index(self.players),
             lambda i: setattr(self, "players", counts[i])),
            (tr("CARD DATA"), [tr("As published"), *(f.variant.name for f in usable if f.variant)],
             keys.index(self.variant_key), lambda i: setattr(self, "variant_key", keys[i])),
            (tr("DEALS"), [str(n) for n in deal_choices], deal_choices.index(self.deals),
             lambda i: setattr(self, "deals", deal_choices[i])),
        ]
        for rect, (caption, labels, index, change) in zip(rects, steppers, strict=True):
            fitted_label(self.ui, pygame.Rect(rect.x, top, rect.width, caption_h), caption,
                         object_id=oid("@caption"))
            Stepper(self, rect, labels, index, change)
        buttons_y = rects[0].bottom + gap
        button_w = max(1, min(px(170, size), (width - 3 * gap) // 5))
        start, cancel, back = (pygame.Rect(margin + i * (button_w + gap), buttons_y, button_w, row_h)
                               for i in range(3))
        self.start_button = self.add_button(start, tr("Start"), self.start, primary=True,
                                            tooltip=tr("Bots play the deals; the screen keeps going"))
        self.cancel_button = self.add_button(cancel, tr("Cancel"), self.cancel,
                                             tooltip=tr("Stop the study after the game under way"))
        self.add_button(back, tr("Back"), self.back)
        self.bar = pygame.Rect(back.right + 2 * gap, buttons_y + row_h // 4, max(1, w - margin - back.right
                                                                                  - 2 * gap), row_h // 2)
        body_top = buttons_y + row_h + px(34, size)
        body = pygame.Rect(margin, body_top, width, max(1, h - body_top - margin))
        left_w = round(body.width * 0.42)
        self.chart_area = pygame.Rect(body.x, body.y + row_h + gap, left_w,
                                      max(1, body.height - row_h - gap))
        self.list_area = pygame.Rect(body.x + left_w + gap, body.y, max(1, body.width - left_w - gap),
                                     body.height)
        self.chart_names = [name for name in CHART_WORDS if name in self.charts]
        if self.chart_names:
            self.chart = min(self.chart, len(self.chart_names) - 1)
            Stepper(self, pygame.Rect(body.x, body.y, left_w, row_h),
                    [tr(CHART_WORDS[name]) for name in self.chart_names], self.chart, self._set_chart,
                    tooltip=tr("The report's charts: a click on one shows it large"))
        self._refresh_buttons()

    def _set_game(self, game_id: str) -> None:
        self.game_id = game_id
        rules = game.load(game_id)
        self.players = max(rules.min_players, min(self.players, rules.max_players))
        self.variant_key = None
        self._rebuild()

    def _set_chart(self, index: int) -> None:
        self.chart = index

    def _rebuild(self) -> None:
        self.ui.clear_and_reset()
        self.on_enter()

    def _refresh_buttons(self) -> None:
        running = self.run is not None and self.run.running
        for button, enabled in ((self.start_button, not running), (self.cancel_button, running)):
            if button is None:
                continue
            set_enabled(button, enabled)

    # -- the study -------------------------------------------------------------------------------
    def start(self) -> None:
        if self.run is not None and self.run.running:
            return
        chosen = next((f for f in variant_files(game.load(self.game_id))
                       if f.key == self.variant_key and f.variant is not None), None)
        if self.variant_key is not None and chosen is None:  # gone or refused since it was listed
            self.variant_key = None
            self.status = tr("The variant is gone or refused: choose the card data again.")
            self._rebuild()
            return
        self._forget_result()
        request = StudyRequest(self.game_id, self.players, self.deals,
                               chosen.variant if chosen is not None else None)
        self.run = StudyRun(request).start()
        self.progress = self.run.progress
        self.status = ""
        self._refresh_buttons()

    def cancel(self) -> None:
        if self.run is not None:
            self.run.stop()

    def _forget_result(self) -> None:
        if self.run is not None:
            self.run.finish(wait=0)
        self.result = None
        self.charts = {}
        self.scaled.clear()
        self.lists.clear()
        self.scroll = 0
        self.enlarged = False
        if self.chart_names:
            self.chart_names = []
            self._rebuild()

    def update(self, dt: float) -> None:
        run = self.run
        if run is None:
            return
        self.progress = run.progress
        if run.running:
            return
        if run.outcome == DONE and run.result is not None and self.result is None:
            self._take(run.result)
        elif run.outcome == CANCELLED and not self.status:
            done = run.progress.done
            self.status = ntr("Cancelled after {n} game.", "Cancelled after {n} games.", done).format(n=done)
        elif run.outcome == FAILED and not self.status:
            self.status = tr("The study could not be played: {problem}").format(problem=run.problem)
        if run.outcome != DONE or self.result is not None:
            self.run = None
            run.finish(wait=0)  # its files are read: they go
            self._refresh_buttons()

    def _take(self, result: StudyResult) -> None:
        """A finished study: its charts loaded (small files, once) and its cards listed."""
        self.result = result
        self.charts = {}
        for name, path in result.charts.items():
            try:
                self.charts[name] = pygame.image.load(str(path))
            except (pygame.error, OSError, FileNotFoundError):
                continue
        self.chart = 0
        self.scroll = 0
        figures = result.data["figures"]
        self.status = tr("{games} games, {finished} finished, errors: {errors}").format(
            games=figures["games"], finished=figures["finished"], errors=figures["errors"])
        self._rebuild()

    def on_exit(self) -> None:
        """Leaving stops a study under way: the worker ends after its game, and removes its files."""
        if self.run is not None:
            self.run.finish(wait=0)

    def back(self) -> None:
        self.app.pop()

    # -- events ----------------------------------------------------------------------------------
    def intercept(self, event: pygame.event.Event) -> bool:
        return self.layers.handle_event(event, modal_only=True)

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            pointer = pygame.mouse.get_pos()
            if self.list_area.collidepoint(pointer) or not self.chart_area.collidepoint(pointer):
                self.scroll_by(-event.y * 3)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.chart_names and self.chart_area.collidepoint(event.pos):
                self.enlarged = True
        elif event.type == pygame.KEYDOWN:
            step = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 10, pygame.K_PAGEUP: -10}
            if event.key in step:
                self.scroll_by(step[event.key])

    def scroll_by(self, rows: int) -> None:
        cards = len(self.result.cards) if self.result is not None else 0
        self.scroll = max(0, min(self.scroll + rows, max(0, cards - self.visible_rows())))

    def _enlarged_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP:
            self.enlarged = False
        return True

    def _close_enlarged(self) -> bool:
        if not self.enlarged:
            return False
        self.enlarged = False
        return True

    # -- drawing ---------------------------------------------------------------------------------
    def row_height(self) -> int:
        return max(12, round(26 * text_scale(self.app.size)))

    def visible_rows(self) -> int:
        return max(1, (self.list_area.height - 2 * px(12, self.app.size)) // self.row_height() - 2)

    def draw_decor(self, surface: pygame.Surface) -> None:
        super().draw_decor(surface)
        size = surface.get_size()
        self._draw_progress(surface, size)
        if self.run is not None:
            font = body_font(max(8, round(16 * text_scale(size))))
            note = tr("The heuristic bot plays every seat; the charts and the cards come when the study is "
                      "done.")
            draw_text(surface, fit_text(note, font, self.list_area.right - self.chart_area.x), font, MUTED,
                      topleft=self.chart_area.move(0, -px(40, size)).topleft, shadow=1)
        if self.result is None:
            return
        draw_panel(surface, self.chart_area, size)
        draw_panel(surface, self.list_area, size)
        chart = self.chart_image(self.chart_area.inflate(-px(16, size), -px(16, size)).size)
        if chart is not None:
            surface.blit(chart, chart.get_rect(center=self.chart_area.center))
        self._draw_cards(surface, size)

    def draw_above_widgets(self, surface: pygame.Surface) -> None:
        self.layers.draw(surface, above_widgets=True)

    def _draw_progress(self, surface: pygame.Surface, size: Size) -> None:
        """The bar: games done of all, games per second and the time left; under it what the run came
        to (or a variant file that is refused)."""
        font = body_font(max(8, round(16 * text_scale(size))))
        run, progress = self.run, self.progress
        draw_progress_bar(surface, self.bar, progress.share if progress is not None else 0.0, size)
        if progress is not None:
            text = tr("games: {done} / {total} · {rate:.1f} a second · {left} left").format(
                done=progress.done, total=progress.total or self.deals, rate=progress.games_per_s,
                left=clock(progress.seconds_left))
        if run is not None:
            draw_text(surface, fit_text(text, font, self.bar.width), font, CREAM,
                      topleft=(self.bar.x, self.bar.bottom + px(4, size)), shadow=1)
        if run is None:
            refused = [f.problem for f in self.variants if not f.usable]
            lines = [self.status] if self.status else []
            lines += [tr("Refused: {problem}").format(problem=problem) for problem in refused[:1]]
            for n, line in enumerate(lines):
                draw_text(surface, fit_text(line, font, self.bar.width), font, MUTED,
                          topleft=(self.bar.x, self.bar.bottom + px(4, size) + n * font.get_linesize()),
                          shadow=1)

    def chart_image(self, room: Size) -> pygame.Surface | None:
        """The chosen chart scaled to fit `room` (made once per size)."""
        if not self.chart_names:
            return None
        name = self.chart_names[min(self.chart, len(self.chart_names) - 1)]
        picture = self.charts[name]
        scale = min(room[0] / picture.get_width(), room[1] / picture.get_height())
        fitted = (max(1, round(picture.get_width() * scale)), max(1, round(picture.get_height() * scale)))
        return self.scaled.get_or_make((name, fitted), lambda: pygame.transform.smoothscale(
            picture.convert_alpha() if pygame.display.get_surface() else picture, fitted))

    def _draw_enlarged(self, surface: pygame.Surface) -> None:
        dim(surface, 200)
        w, h = surface.get_size()
        chart = self.chart_image((round(w * 0.94), round(h * 0.9)))
        if chart is not None:
            surface.blit(chart, chart.get_rect(center=(w // 2, h // 2)))

    def _draw_cards(self, surface: pygame.Surface, size: Size) -> None:
        """The cards sorted by contribution, from the list drawn once per size."""
        inner = self.list_area.inflate(-2 * px(12, size), -2 * px(12, size))
        listed = self.card_list(inner.width)
        row_h = self.row_height()
        header = listed.subsurface(pygame.Rect(0, 0, inner.width, 2 * row_h))
        surface.blit(header, inner.topleft)
        body = pygame.Rect(0, (2 + self.scroll) * row_h, inner.width,
                           min(self.visible_rows() * row_h, listed.get_height() - (2 + self.scroll) * row_h))
        if body.height > 0:
            surface.blit(listed.subsurface(body), (inner.x, inner.y + 2 * row_h))

    def card_list(self, width: int) -> pygame.Surface:
        """Every card's row (under a heading and the baseline's line), drawn once per width and
        language."""
        return self.lists.get_or_make((width, language()), lambda: self._make_card_list(width))

    def _make_card_list(self, width: int) -> pygame.Surface:
        assert self.result is not None
        cards = self.result.cards
        row_h = self.row_height()
        study = self.result.data["study"]
        game_id = study["game"]
        rows: list[list[tuple[str, Any]]] = []
        for card in cards:
            baseline = card["baseline"]
            cells: list[tuple[str, Any]] = [(card_name(game_id, card["card"]), CREAM)]
            cells += [(rate_text(card[key]), rate_ink(card[key], baseline))
                      for key in ("held", "played", "never")]
            cells.append((f"{baseline:.0%}", MUTED))
            rows.append(cells)
        headings = [tr(word) for word in COLUMNS]
        font, bold, lefts = self._columns(width, headings, rows)
        picture = pygame.Surface((max(1, width), (len(cards) + 2) * row_h), pygame.SRCALPHA)
        said = tr("By contribution: win rate held less never seen (95% intervals)")
        if study.get("variant"):
            said = tr("Variant {name}. {text}").format(name=study["variant"], text=said)
        picture.blit(font.render(fit_text(said, font, width), True, MUTED), (0, 0))
        rights = [*lefts[1:], width]
        for heading, left, right in zip(headings, lefts, rights, strict=True):
            shown = fit_text(heading, bold, max(1, right - left))
            picture.blit(bold.render(shown, True, GOLD), (left, row_h))
        for n, cells in enumerate(rows, start=2):
            y = n * row_h + (row_h - font.get_height()) // 2
            for (text, ink), left, right in zip(cells, lefts, rights, strict=True):
                picture.blit(font.render(fit_text(text, font, max(1, right - left)), True, ink), (left, y))
        return picture

    def _columns(self, width: int, headings: list[str], rows: list[list[tuple[str, Any]]]
                 ) -> tuple[pygame.font.Font, pygame.font.Font, list[int]]:
        """The fonts and the columns' left edges: each rate column as wide as its widest text, the font
        shrunk (down to 9 px) until the rates fit beside a card name, which gets the room left (a long
        name is cut, whole in no other place: the rates matter more)."""
        size = self.app.size
        gap = px(12, size)
        points = max(9, round(15 * text_scale(size)))
        while True:
            font, bold = body_font(points), body_font(points, bold=True)
            needed = [max([bold.size(headings[c])[0], *(font.size(r[c][0])[0] for r in rows)]) + gap
                      for c in range(1, len(headings))]
            name_room = width - sum(needed)
            if points <= 9 or name_room >= width * 0.25:
                break
            points -= 1
        lefts = [0]
        x = max(0, name_room)
        for column in needed:
            lefts.append(x)
            x += column
        return font, bold, lefts


__all__ = ["DEAL_CHOICES", "LabScene", "card_name", "rate_text"]
