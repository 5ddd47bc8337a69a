"""The end of a game: who won and why, every seat's score, and Rematch or Back to menu.

"How the game went" (scenes/menus/how_it_went.py) shows the game's analysis in place of the scores: each
seat's chance through the game, the key moments and each person's costliest choices. It is worked out in
the background when the screen opens (the setting "Analyse finished games"), kept beside the game's
record in the history, and found there again; leaving the screen stops it.

A game whose final observation keeps a finishing order (`out`, the seats in the order they went out,
and `loser`, the one left: Palace, PA-R12) is shown as that order: every seat out is a winner with its
place, and the loser is named in the headline and on the last line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game.analysis import Analysis
from game.core import KartentischError, fresh_seed
from game.i18n import N_, join_words, ntr, ordinal, tr
from game.logs import logger
from scenes import sound
from scenes.colour_marks import badge
from scenes.colour_vision import SeatLook, seat_look
from scenes.look import draw_progress
from scenes.menus.analysis_run import DONE, FAILED, AnalysisRun, kept_analysis
from scenes.menus.charts import ChartRow, progress_charts, row_image
from scenes.menus.how_it_went import HowItWentView, open_replay_at, play_on_at
from scenes.menus.opening import open_table_or_explain
from scenes.menus.setup import kind_label
from scenes.menus.variant_files import variant_name
from scenes.settings import game_saves
from scenes.widgets import (
    CREAM,
    GOLD,
    GOLD_DARK,
    MUTED,
    MenuScene,
    Message,
    body_font,
    draw_panel,
    draw_row_band,
    draw_text,
    fit_text,
    fitting_font,
    heading_font,
    px,
    row,
    text_scale,
    wrap,
)

if TYPE_CHECKING:
    from pathlib import Path

    from game.core.records import Record
    from game.match import Match

log = logger(__name__)

#: under a finishing order (Palace): what its places mean
PLACES_NOTE = N_("1st, 2nd, …: the order in which the players went out. Everyone who went out wins; "
                 "the last one left holding cards loses and deals the rematch.")


def score_text(score: Any) -> str:
    if isinstance(score, float) and score.is_integer():
        score = int(score)
    return str(score)


def finishing_order(final: Mapping[str, Any]) -> list[int] | None:
    """The seats from first out to the loser, where the game keeps that order; None otherwise."""
    out, loser = final.get("out"), final.get("loser")
    if not isinstance(out, list) or not isinstance(loser, int) or isinstance(loser, bool):
        return None
    return [int(seat) for seat in out] + [loser]


def loser_headline(names: list[str], loser: int) -> str:
    if 0 <= loser < len(names):
        return tr("{name} is the loser").format(name=names[loser])
    return tr("Game over")


def headline(names: list[str], winners: list[int]) -> str:
    """"Anna wins", "Anna and Ben share the win", …"""
    won = [names[i] for i in winners if 0 <= i < len(names)]
    if not won:
        return tr("Game over")
    if len(won) == 1:
        return tr("{name} wins!").format(name=won[0])
    return tr("{names} share the win").format(names=join_words(won))


class ResultsScene(MenuScene):
    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        final = match.observation(None)
        self.names = [seat.name for seat in match.seats]
        self.scores: list[Any] = list(final.get("scores") or [])
        self.winners: list[int] = [int(w) for w in final.get("winners") or []]
        self.order = finishing_order(final)
        self.result = ""
        self.details: list[str] = []
        self.write_result(final)
        self.board: tuple[pygame.Rect, pygame.Surface] | None = None
        # how the game went, charted beside the scores; every seat in its table colour (in the palette the
        # colour-vision setting picks) with its shape, on the score board and in the charts alike
        self.looks = seat_looks(match, app.settings.colour_vision)
        self.figures = game_figures(match, app.settings.colour_vision)
        self.chart: tuple[pygame.Rect, pygame.Surface] | None = None
        self._announced = False
        # how the game went: the analysis (kept, or worked out in the background), and whether it is shown
        self.record: Record | None = None
        self.record_path: Path | None = None
        self.analysis: Analysis | None = None
        self.run: AnalysisRun | None = None
        self.showing_analysis = False
        self.how: HowItWentView | None = None
        #: the view of an analysis just taken, laid out in one frame and given its buttons in the next
        self._laid_out: HowItWentView | None = None
        self.progress_rect: pygame.Rect | None = None

    def write_result(self, final: Mapping[str, Any]) -> None:
        """The result sentence and the lines a game adds under it (how the last points came about), in
        the chosen language with the seats' names."""
        from scenes.table import name_text

        self.result = name_text(self.match, final.get("result") or "")
        self.details = [name_text(self.match, line) for line in final.get("result_details") or []]
        if self.order is not None:
            self.details.append(tr(PLACES_NOTE))

    def on_language_changed(self) -> None:
        self.write_result(self.match.observation(None))
        super().on_language_changed()

    def on_enter(self) -> None:
        super().on_enter()
        if not self._announced:
            self._announced = True
            sound.play("round_end")
            from scenes.keeping import keep_match

            problem = keep_match(self.app, self.match)
            if problem:
                self.show_message(Message(tr("The game is not in the history"),
                                          tr("It could not be kept: {problem}").format(problem=problem)))
            self.start_analysis(kept=not problem)

    # -- how the game went -----------------------------------------------------------------------
    def start_analysis(self, kept: bool = True) -> None:
        """The analysis kept with the game in the history, else (the setting on) one worked out in the
        background, kept there when done (`kept`: the game is in the history); the screen works meanwhile."""
        from game.history import record_name
        from scenes.settings import history_dir

        record = self.record = self.match.record()
        if not self.match.is_over():
            return  # only a finished game is analysed: it sees every hand
        self.record_path = history_dir() / record_name(record) if kept else None
        self.analysis = kept_analysis(self.record_path, record)
        if self.analysis is None and self.app.settings.analyse_games:
            self.run = AnalysisRun(record, self.record_path).start()
            self.on_resize(self.app.size)  # the button of the view appears

    @property
    def taking_analysis(self) -> bool:
        """Whether the analysis is still being taken in: worked out, or its view not yet whole."""
        return self.run is not None or self._laid_out is not None

    @property
    def offers_analysis(self) -> bool:
        return self.analysis is not None or self.run is not None

    def toggle_analysis(self) -> None:
        self.showing_analysis = not self.showing_analysis
        self.on_resize(self.app.size)

    def update(self, dt: float) -> None:
        if self._laid_out is not None:  # the view taken a frame ago gets its buttons
            self.on_resize(self.app.size)
            return
        run = self.run
        if run is not None and not run.running:
            self.run = None
            if run.outcome == DONE and run.result is not None:
                self.analysis = run.result
                if self.showing_analysis and self.record is not None:
                    # its picture now, its buttons in the next frame: two light frames, not one heavy
                    size = self.app.size
                    self.how = self._laid_out = HowItWentView(self.analysis, self.record, self.names,
                                                              self.looks, losing_game=self.order is not None)
                    self._laid_out.lay_out(self._analysis_area(size), size)
                    self.progress_rect = None
                    return
            elif run.outcome == FAILED:
                log.warning("the game's analysis failed: %s", run.problem)
            self.on_resize(self.app.size)

    def on_exit(self) -> None:
        if self.run is not None:
            self.run.stop()  # nothing of it is kept: the next time the game is analysed again
        super().on_exit()

    def replay_at(self, move: int) -> None:
        if self.record is None:
            return
        path = self.record_path if self.record_path is not None and self.record_path.exists() else None
        problem = open_replay_at(self.app, self.record, move, path=path, analysis=self.analysis, run=self.run)
        if problem:
            self.show_message(Message(tr("No replay"), problem))

    def play_on_at(self, move: int) -> None:
        if self.record is None:
            return
        problem = play_on_at(self.app, self.record, move)
        if problem:
            self.show_message(Message(tr("No new game"), problem))

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        button_h = px(52, size)
        gap = px(28, size)
        top = px(150, size)
        self.how = None
        self.progress_rect = None
        if self.showing_analysis and self.offers_analysis:
            self._build_analysis(size)
            return
        board_w = min(w - 2 * px(16, size), px(760, size))
        room = max(1, h - top - button_h - gap - px(34, size))
        side_by_side = self.figures is not None and w >= 1.3 * h and room >= px(240, size)
        if side_by_side:  # the scores on the left, the charts of how the game went on the right
            board_w = min(px(540, size), round((w - 3 * px(24, size)) * 0.45))
        text = body_font(max(8, round(18 * text_scale(size))))
        result_lines = len(wrap(self.result, text, board_w - px(44, size)))
        detail = body_font(max(8, round(15 * text_scale(size))))
        detail_lines = sum(len(wrap(line, detail, board_w - px(44, size))) for line in self.details)
        detail_lines *= detail.get_linesize()
        wanted = (2 * px(22, size) + min(3, result_lines) * text.get_linesize() + detail_lines + px(22, size)
                  + len(self.names) * px(44, size))
        board_h = min(room, wanted)
        rect = pygame.Rect((w - board_w) // 2, top + (room - board_h) // 3, max(1, board_w), board_h)
        self.chart = None
        if side_by_side and self.figures is not None:
            margin = px(24, size)
            chart = pygame.Rect(margin + board_w + margin, top - px(12, size), 0, room + px(12, size))
            chart.width = max(1, w - margin - chart.left)
            rect.left = margin
            rect.top = top + (room - board_h) // 2
            self.chart = (chart, row_image(self.figures, chart.size, size))
        self.board = (rect, self._draw_board(rect.size, size))

        bottom = max(rect.bottom, self.chart[0].bottom if self.chart is not None else 0)
        area = pygame.Rect(0, bottom + gap, w, button_h)
        self._build_buttons(area, size)

    def _build_buttons(self, area: pygame.Rect, size: tuple[int, int]) -> None:
        """Rematch and Back to menu, and (when there is an analysis, or one under way) the switch between
        the scores and how the game went."""
        button_h = area.height
        count = 3 if self.offers_analysis else 2
        rects = row(area, count, button_h, px(24, size), width=px(240, size))
        rematch, leave = rects[-2:]
        if self.offers_analysis:
            label = tr("Scores") if self.showing_analysis else tr("How the game went")
            self.add_button(rects[0], label, self.toggle_analysis,
                            tooltip=tr("Who was winning when, the moments that decided the game, and each "
                                       "person's costliest choices"))
            if self.run is not None:  # how far the analysis got, along the foot of its button
                self.progress_rect = pygame.Rect(rects[0].left + px(14, size), rects[0].bottom - px(9, size),
                                                 rects[0].width - px(28, size), max(3, px(4, size)))
        self.add_button(leave, tr("Back to menu"), self.app.pop_to_root)
        tip = tr("The same players and options, a new deal")
        dealer = rematch_options(self.match).get("dealer")
        if self.order is not None and isinstance(dealer, int) and 0 <= dealer < len(self.names):
            tip = tr("The same players and options, a new deal by {name}: the loser deals").format(
                name=self.names[dealer])
        self.add_button(rematch, tr("Rematch"), self.rematch, primary=True, tooltip=tip)

    def _build_analysis(self, size: tuple[int, int]) -> None:
        """How the game went, in place of the scores and their charts: its view, or how far its analysis
        got."""
        w, h = size
        button_h = px(52, size)
        bottom = h - px(30, size) - button_h
        area = self._analysis_area(size)
        if self.analysis is not None and self.record is not None:
            self.how = self._laid_out or HowItWentView(self.analysis, self.record, self.names, self.looks,
                                                       losing_game=self.order is not None)
            self._laid_out = None
            self.how.build(self, area, size, self.replay_at, self.play_on_at)
        self.board = None
        self.chart = None
        self._build_buttons(pygame.Rect(0, bottom, w, button_h), size)
        if self.how is None and self.run is not None:  # a larger bar, in the middle of the view
            self.progress_rect = pygame.Rect(0, 0, min(area.width, px(520, size)), max(6, px(14, size)))
            self.progress_rect.center = area.center

    @staticmethod
    def _analysis_area(size: tuple[int, int]) -> pygame.Rect:
        """Where how the game went is shown: between the title and the row of buttons."""
        w, h = size
        margin = px(24, size)
        bottom = h - px(30, size) - px(52, size)
        top = px(140, size)
        return pygame.Rect(margin, top, w - 2 * margin, max(1, bottom - px(18, size) - top))

    def _draw_board(self, board: tuple[int, int], size: tuple[int, int]) -> pygame.Surface:
        """The result sentence and the score table, drawn once per layout."""
        surface = pygame.Surface(board, pygame.SRCALPHA)
        draw_panel(surface, surface.get_rect(), size)
        w, h = board
        pad = px(22, size)
        scale = text_scale(size)
        text = body_font(max(8, round(18 * scale)))
        y = pad
        for line in wrap(self.result, text, w - 2 * pad)[:3]:
            draw_text(surface, line, text, CREAM, center=(w // 2, y + text.get_linesize() // 2), shadow=1)
            y += text.get_linesize()
        detail = body_font(max(8, round(15 * scale)))
        for line in (part for text in self.details for part in wrap(text, detail, w - 2 * pad)):
            draw_text(surface, line, detail, MUTED, center=(w // 2, y + detail.get_linesize() // 2), shadow=0)
            y += detail.get_linesize()
        y += pad // 2
        pygame.draw.line(surface, GOLD_DARK, (pad, y), (w - pad, y), max(1, px(1, size)))
        y += pad // 2

        order = self.order or sorted(range(len(self.names)),
                                     key=lambda i: (i not in self.winners, -_number(self.score(i)), i))
        line_h = max(1, min(px(44, size), (h - y - pad) // max(1, len(order))))
        name_font = body_font(max(8, min(round(22 * scale), line_h * 2 // 3)), bold=True)
        small = body_font(max(8, min(round(15 * scale), line_h // 2)))
        score_x = w - pad
        for place, seat in enumerate(order):
            won = seat in self.winners
            colour = GOLD if won else CREAM
            centre_y = y + line_h // 2
            if won:
                band = pygame.Rect(pad // 2, y + 2, w - pad, line_h - 4)
                draw_row_band(surface, band, size, GOLD_DARK)
            mark = f"{place + 1}." if self.order else "★" if won else f"{place + 1}."
            mark_x = pad + name_font.size("★")[0]
            draw_text(surface, mark, name_font, colour, center=(mark_x, centre_y), shadow=1)
            who = self.match.seats[seat]
            kind = "" if who.is_human else kind_label(who.bot or "")
            left = pad * 2 + name_font.size("★")[0] * 2
            if seat < len(self.looks):  # the seat's badge, as on its plate and in the charts' legend
                side = max(8, round(name_font.get_height() * 0.8))
                look = self.looks[seat]
                surface.blit(badge(look.shape, look.rgb, side), (left, centre_y - side // 2))
                left += side + pad // 2
            name_rect = draw_text(surface, fit_text(self.names[seat], name_font, w // 2), name_font, colour,
                                  topleft=(left, centre_y - name_font.get_height() // 2), shadow=1)
            if kind:
                draw_text(surface, kind, small, MUTED,
                          topleft=(name_rect.right + pad // 2, centre_y - small.get_height() // 2), shadow=0)
            score = name_font.render(self.standing(seat, place), True, colour)
            surface.blit(score, score.get_rect(midright=(score_x, centre_y)))
            y += line_h
        return surface

    def score(self, seat: int) -> Any:
        return self.scores[seat] if seat < len(self.scores) else ""

    def headline(self) -> str:
        if self.order is not None:
            return loser_headline(self.names, self.order[-1])
        return headline(self.names, self.winners)

    def standing(self, seat: int, place: int) -> str:
        """The right column: the score, or in a finishing order "out 1st" … and "loser"."""
        if self.order is None:
            return score_text(self.score(seat))
        if seat == self.order[-1]:
            return tr("loser")
        return tr("out {place}").format(place=ordinal(place + 1))

    def draw_decor(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        size = (w, h)
        title = self.headline()
        font = fitting_font(title, w - 16, max(10, round(46 * text_scale(size))), heading_font, smallest=8)
        draw_text(surface, title, font, GOLD, center=(w // 2, px(62, size)), shadow=max(1, px(3, size)))
        game_line = body_font(max(8, round(17 * text_scale(size))))
        played = len(self.match.actions)
        moves = ntr("{n} move", "{n} moves", played).format(n=played)
        title, variant = self.match.game.title, variant_name(self.match.options)
        if variant:  # a game played with a variant says which
            title = tr("{game}, variant {name}").format(game=title, name=variant)
        draw_text(surface, f"{title} · {moves}", game_line, MUTED,
                  center=(w // 2, px(118, size)), shadow=1)
        if self.board is not None:
            rect, image = self.board
            surface.blit(image, rect)
        if self.chart is not None:
            rect, image = self.chart
            surface.blit(image, rect)
        if self.how is not None:
            self.how.draw(surface)

    def draw_above_widgets(self, surface: pygame.Surface) -> None:
        """How far the analysis got: a bar with its words in the middle of the view, or a thin one
        along the foot of the view's button (over the button, so after the widgets)."""
        if self.run is None or self.progress_rect is None:
            return
        share = self.run.progress.share
        words = ""
        if self.showing_analysis:
            words = tr("Working out how the game went: {percent}").format(percent=f"{round(share * 100)}%")
        draw_progress(surface, self.progress_rect, share, words, surface.get_size())

    def back(self) -> None:
        self.app.pop_to_root()

    def rematch(self) -> None:
        from game.match import Match

        old = self.match
        try:
            match = Match(old.game.id, old.seats, fresh_seed(), rematch_options(old),
                          autosave=game_saves())
        except (KartentischError, OSError) as exc:
            self.show_message(Message(tr("No rematch"), str(exc)))
            return
        scene = open_table_or_explain(self, match)
        if scene is not None:
            self.app.replace(scene)


def seat_colours(match: Match) -> list[str] | None:
    """The seat colours `match`'s game names (Palastgeflüster's observation), None where it names none."""
    colours = match.observation(None).get("colours")
    return [str(c) for c in colours] if isinstance(colours, list) and colours else None


def seat_looks(match: Match, vision: str = "normal") -> list[SeatLook]:
    """Every seat's colour and shape, as its table paints it in the palette for `vision`."""
    colours = seat_colours(match)
    return [seat_look(seat, vision, colours) for seat in range(len(match.seats))]


def game_figures(match: Match, vision: str = "normal") -> ChartRow | None:
    """The charts of how `match` went (replayed from its record: public figures only), each seat in its
    table colour, or None when there are none to show; a replay that fails costs the charts, never the
    results screen."""
    from game.progress import progress

    try:
        row = progress_charts(progress(match.record()), [seat.name for seat in match.seats], vision,
                              seat_colours(match))
    except Exception:
        log.exception("the charts of the %s game could not be made", match.game.id)
        return None
    return row if row.charts else None


def rematch_options(match: Match) -> dict[str, Any]:
    """The options of the next game: the same, except that the previous loser deals (PA-R4) where a
    game has a dealer option and names its loser. The dealer is a plain option, kept in the record's
    header, so the rematch replays exactly."""
    options = dict(match.options)
    dealer = match.game.options.get("dealer")
    loser = match.observation(None).get("loser")
    if dealer is not None and isinstance(loser, int) and loser in dealer.choices:
        options["dealer"] = loser
    return options


def _number(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0
