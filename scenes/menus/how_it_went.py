""""How the game went": a finished game's analysis (game.analysis) shown on the results screen.

A chart of each seat's chance through the game, every seat in its table colour and shape, the key
moments marked on it and numbered; the key moments in words; and for each person at the table their
costliest choices, with the better move and what it cost. Each moment and choice has two buttons: the
replay at that move, and a new game played on from it (scenes/menus/play_on.py).

Only a finished game is analysed, and only its results screen and its replay show it: while a game is
running nobody's chances are shown anywhere (the analysis sees every hand, and a hot-seat table must
keep them hidden). The analysis runs in the background (scenes/menus/analysis_run.py); until it is done
the view shows how far it got.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.ai.hint import action_words
from game.analysis import Analysis, CostlyChoice, KeyMoment
from game.core import KartentischError
from game.core.records import Record
from game.i18n import tr
from game.logs import logger
from scenes.colour_vision import SeatLook
from scenes.fonts import wrap
from scenes.look import (
    CREAM,
    GOLD,
    MUTED,
    body_font,
    draw_panel,
    fit_text,
    px,
    text_scale,
    widget_font,
)
from scenes.menus.charts import LINES, Chart, ChartSeries, draw_chart

if TYPE_CHECKING:
    from scenes.menus.analysis_run import AnalysisRun
    from scenes.scene import Host
    from scenes.widgets import MenuScene

log = logger(__name__)


def percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def chart_title(losing_game: bool) -> str:
    """What the chart's values are: in a game where every seat but the loser wins (Palace), the chance of
    not being the loser."""
    if losing_game:
        return tr("Each player's chance not to be the loser, move by move")
    return tr("Each player's chance to win, move by move")


def moment_line(analysis: Analysis, record: Record, names: Sequence[str], moment: KeyMoment) -> str:
    """"Move 34, Ben: play the Wizard (red). Anna's chance fell from 61% to 22%"."""
    actor, text = record.actions[moment.move]
    before = analysis.chances[moment.move][moment.seat]
    after = analysis.chances[moment.move + 1][moment.seat]
    template = (tr("Move {move}, {name}: {action}. {seat}'s chance rose from {before} to {after}")
                if moment.swing > 0 else
                tr("Move {move}, {name}: {action}. {seat}'s chance fell from {before} to {after}"))
    return template.format(move=moment.move, name=_name(names, actor), action=action_words(record.game, text),
                           seat=_name(names, moment.seat), before=percent(before), after=percent(after))


def choice_line(game_id: str, choice: CostlyChoice) -> str:
    """"Move 12 (−14%): play the Guard (red); better: play the Wizard (blue)" (what it cost first: a
    line cut short keeps it)."""
    return tr("Move {move} (−{cost}): {chosen}; better: {better}").format(
        move=choice.move, chosen=action_words(game_id, choice.chosen),
        better=action_words(game_id, choice.better), cost=percent(choice.cost))


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else tr("Player {number}").format(number=seat + 1)


def chance_chart(analysis: Analysis, names: Sequence[str], looks: Sequence[SeatLook],
                 losing_game: bool) -> Chart:
    """The chart of each seat's chance (in percent) after every move, the key moments marked 1, 2, 3
    between the move's two points."""
    series = [ChartSeries(_name(names, seat), [round(row[seat] * 100, 1) for row in analysis.chances],
                          looks[seat].rgb if seat < len(looks) else (236, 236, 226),
                          looks[seat].shape if seat < len(looks) else None)
              for seat in range(analysis.players)]
    marks = [(moment.move + 0.5, str(number)) for number, moment in enumerate(analysis.key_moments, 1)]
    return Chart(LINES, chart_title(losing_game), [str(move) for move in range(len(analysis.chances))],
                 series, marks=marks)


# -- where the buttons lead ------------------------------------------------------------------------
def open_replay_at(app: Host, record: Record, move: int, *, path: Path | None = None,
                   analysis: Analysis | None = None, run: AnalysisRun | None = None) -> str | None:
    """The replay viewer of `record` at `move` (every hand open: the game is over), pushed, with the
    game's analysis, or the `run` working it out; what is wrong, in words, when it cannot be shown."""
    from game.playback import Playback
    from scenes.menus.replay import ReplayScene

    try:
        playback = Playback(record, path=str(path) if path is not None else None)
        scene = ReplayScene(app, playback, name=path.name if path is not None else "", analysis=analysis,
                            record_path=path, run=run)
    except KartentischError as exc:
        return exc.text()
    app.push(scene)
    scene.seek(move)
    return None


def play_on_at(app: Host, record: Record, move: int) -> str | None:
    """The screen that starts a new game from `move` of `record`, with the seats chosen again."""
    from game.playback import Playback
    from scenes.menus.play_on import PlayOnScene

    try:
        playback = Playback(record)
    except KartentischError as exc:
        return exc.text()
    playback.seek(move)
    app.push(PlayOnScene(app, playback))
    return None


# -- the view on the results screen ----------------------------------------------------------------
@dataclass(frozen=True)
class Line:
    """One line of the view: its words, where they go, and the move its buttons lead to (None: a
    heading or a note, without buttons)."""

    text: str
    rect: pygame.Rect
    move: int | None = None
    heading: bool = False


class HowItWentView:
    """The view's layout and drawing: `build` lays it out in `area` and adds its buttons to `scene`
    (a MenuScene); `draw` draws it (the text once per layout, the progress bar each frame)."""

    def __init__(self, analysis: Analysis, record: Record, names: Sequence[str], looks: Sequence[SeatLook],
                 losing_game: bool) -> None:
        self.analysis = analysis
        self.record = record
        self.names = list(names)
        self.looks = list(looks)
        self.losing_game = losing_game
        self.image: tuple[pygame.Rect, pygame.Surface] | None = None
        self.lines: list[Line] = []
        self.button_w = 0
        self.laid_out: tuple[pygame.Rect, tuple[int, int]] | None = None

    def content(self) -> tuple[list[tuple[str, int | None]], list[tuple[str, int | None, bool]]]:
        """The key moments (numbered, with their moves) and, per person, a heading and their costliest
        choices (or a note that there is none)."""
        analysis = self.analysis
        moments: list[tuple[str, int | None]] = [
            (f"{number}. " + moment_line(analysis, self.record, self.names, moment), moment.move)
            for number, moment in enumerate(analysis.key_moments, 1)]
        if not moments:
            moments = [(tr("No move changed anybody's chance much."), None)]
        choices: list[tuple[str, int | None, bool]] = []
        for seat in analysis.humans:
            heading = tr("Costliest choices of {name}").format(name=_name(self.names, seat))
            choices.append((heading, None, True))
            worst = analysis.costliest(seat)
            choices.extend((choice_line(self.record.game, choice), choice.move, False) for choice in worst)
            settled = analysis.settled_from(seat)
            if not worst and settled is not None:  # decided early: nothing after could cost anything
                words = tr("None measurable: from move {move} on, {name}'s chance stayed at {chance}, "
                           "whatever was chosen.")
                choices.append((words.format(move=settled, name=_name(self.names, seat),
                                             chance=percent(analysis.chances[-1][seat])), None, False))
            elif not worst:
                choices.append((tr("None: every choice was about as good as the level's."), None, False))
        if not analysis.humans:
            choices.append((tr("Nobody at the table was a person: there are no choices to weigh."), None,
                            False))
        return moments, choices

    def build(self, scene: MenuScene, area: pygame.Rect, size: tuple[int, int],
              replay: Callable[[int], None], play_on: Callable[[int], None]) -> None:
        """The view in `area` of `scene`: its picture (`lay_out`, unless laid out there already) and its
        buttons."""
        if self.laid_out != (pygame.Rect(area), size):
            self.lay_out(area, size)
        self.add_buttons(scene, size, replay, play_on)

    def lay_out(self, area: pygame.Rect, size: tuple[int, int]) -> None:
        """The chart, the words and where each line goes, drawn once: the view without its buttons (a
        screen may do this a frame before it adds them, so that neither frame takes long)."""
        self.laid_out = (pygame.Rect(area), size)
        self.button_w = self.button_width(size)
        gap = px(20, size)
        left = pygame.Rect(area.left, area.top, round((area.width - gap) * 0.55), area.height)
        right = pygame.Rect(left.right + gap, area.top, area.right - left.right - gap, area.height)
        moments, choices = self.content()
        row_h = px(62, size)  # three lines of words: a moment's sentence is long in German
        heading_h = px(30, size)
        list_h = heading_h + len(moments) * row_h + px(24, size)
        chart_rect = pygame.Rect(left.left, left.top, left.width, max(px(120, size), left.height - list_h))
        y = chart_rect.bottom + px(8, size)
        self.lines = [Line(tr("Key moments"), pygame.Rect(left.left, y, left.width, heading_h), heading=True)]
        y += heading_h
        for text, move in moments:
            self.lines.append(Line(text, pygame.Rect(left.left, y, left.width, row_h), move))
            y += row_h
        rows = sum(1 for _, _, heading in choices if not heading)
        headings = len(choices) - rows
        room = right.height - 2 * px(12, size)
        choice_h = max(px(22, size), min(px(100, size), (room - headings * heading_h) // max(1, rows)))
        y = right.top + px(12, size)
        for text, move, heading in choices:
            height = heading_h if heading else choice_h
            self.lines.append(Line(text, pygame.Rect(right.left, y, right.width, height), move, heading))
            y += height
        self.image = (area, self._draw(area, chart_rect, right, size))

    def add_buttons(self, scene: MenuScene, size: tuple[int, int], replay: Callable[[int], None],
                    play_on: Callable[[int], None]) -> None:
        """Each moment's and choice's Replay and Play on, on the lines `lay_out` placed."""
        button_w = self.button_w
        for line in self.lines:
            if line.move is None:
                continue
            at = line.move
            if self.stacked(line, size):  # one above the other: the words get the row's width
                height = min((line.rect.height - px(10, size)) // 2, px(30, size))
                watch = pygame.Rect(0, 0, button_w, height)
                watch.bottomright = (line.rect.right - px(10, size), line.rect.centery - px(2, size))
                play = watch.move(0, height + px(4, size))
            else:
                height = min(line.rect.height - px(6, size), px(32, size))
                play = pygame.Rect(0, 0, button_w, height)
                play.midright = (line.rect.right - px(10, size), line.rect.centery)
                watch = play.move(-(button_w + px(6, size)), 0)
            scene.add_button(watch, tr("Replay"), partial(replay, at), class_id="@quiet",
                             tooltip=tr("The replay at move {move}, every hand open").format(move=at))
            scene.add_button(play, tr("Play on"), partial(play_on, at), class_id="@quiet",
                             tooltip=tr("A new game from move {move}, with the seats chosen again").format(
                                 move=at))

    @staticmethod
    def button_width(size: tuple[int, int]) -> int:
        """Wide enough for the longer of the two buttons' words (German's are longer)."""
        font = widget_font(max(8, round(17 * text_scale(size))), bold=True)
        widest = max(font.size(tr("Replay"))[0], font.size(tr("Play on"))[0])
        return max(px(84, size), widest + px(22, size))

    @staticmethod
    def stacked(line: Line, size: tuple[int, int]) -> bool:
        """Whether the line's two buttons stand one above the other: where the line is high enough for
        two buttons a finger can hit."""
        return line.rect.height - px(10, size) >= 2 * px(24, size)

    def text_width(self, line: Line, size: tuple[int, int]) -> int:
        """The room for a line's words: left of its buttons, where it has them."""
        room = line.rect.width - 2 * px(12, size)
        if line.move is not None:
            buttons = self.button_w if self.stacked(line, size) else 2 * self.button_w + px(6, size)
            room -= buttons + px(10, size)
        return max(1, room)

    def _draw(self, area: pygame.Rect, chart_rect: pygame.Rect, right: pygame.Rect,
              size: tuple[int, int]) -> pygame.Surface:
        surface = pygame.Surface(area.size, pygame.SRCALPHA)
        shift = (-area.left, -area.top)
        draw_chart(surface, chart_rect.move(shift),
                   chance_chart(self.analysis, self.names, self.looks, self.losing_game), size)
        panel = pygame.Rect(chart_rect.left, chart_rect.bottom + px(4, size), chart_rect.width,
                            area.bottom - chart_rect.bottom - px(4, size))
        draw_panel(surface, panel.move(shift), size)
        draw_panel(surface, right.move(shift), size)
        scale = text_scale(size)
        heading = body_font(max(9, round(17 * scale)), bold=True)
        for line in self.lines:
            rect = line.rect.move(shift)
            if line.heading:
                text = fit_text(line.text, heading, self.text_width(line, size))
                surface.blit(heading.render(text, True, GOLD), (rect.left + px(12, size), rect.top))
                continue
            font = self._line_font(line, size)
            room = self.text_width(line, size)
            parts = wrap(line.text, font, room)
            most = max(1, line.rect.height // font.get_linesize())
            if len(parts) > most:  # the last line that fits ends cut, with "…"
                parts = [*parts[:most - 1], fit_text(" ".join(parts[most - 1:]), font, room)]
            top = rect.centery - len(parts) * font.get_linesize() // 2
            for part in parts:
                surface.blit(font.render(part, True, CREAM if line.move is not None else MUTED),
                             (rect.left + px(12, size), top))
                top += font.get_linesize()
        return surface

    @staticmethod
    def _line_font(line: Line, size: tuple[int, int]) -> pygame.font.Font:
        """A font that fits two lines of words in the line's height."""
        wanted = round(15 * text_scale(size))
        return body_font(max(8, min(wanted, round(line.rect.height / 2 / 1.25))))

    def draw(self, surface: pygame.Surface) -> None:
        if self.image is not None:
            rect, image = self.image
            surface.blit(image, rect)


__all__ = ["HowItWentView", "chance_chart", "choice_line", "moment_line", "open_replay_at",
           "play_on_at"]
