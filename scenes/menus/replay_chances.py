"""How the game went, in the replay viewer: a finished game's analysis (scenes/menus/how_it_went.py) drawn
in the bar under the seek bar, each seat's chance through the game in its table colour, the key moments as
marks a click goes to; a finished game of the history without one is analysed meanwhile. Mixed into
`ReplayScene`, which lays the bar out and owns the playback.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.analysis import Analysis
from game.i18n import tr
from scenes.colour_vision import seat_look
from scenes.look import CREAM, GOLD, GOLD_DARK, body_font, draw_progress, px, text_scale
from scenes.menus.analysis_run import DONE, AnalysisRun

if TYPE_CHECKING:
    from game.playback import Playback
    from scenes.scene import Host


class ReplayChances:
    """The strip of chances and the analysis behind it (see the module docstring)."""

    if TYPE_CHECKING:
        app: Host
        playback: Playback
        analysis: Analysis | None
        run: AnalysisRun | None
        _owns_run: bool
        _chances_image: tuple[tuple[int, ...], pygame.Surface] | None
        chances_rect: pygame.Rect
        seek_rect: pygame.Rect
        record_path: Path | None
        playing: bool

        def x_of(self, move: int) -> int: ...
        def move_at(self, x: int) -> int: ...
        def seek(self, move: int) -> None: ...
        def on_resize(self, size: tuple[int, int]) -> None: ...

    def _start_analysis(self) -> None:
        """A finished game of the history without its analysis is analysed in the background (kept beside
        its record when done); a record from elsewhere is only read, never written beside."""
        from scenes.settings import history_dir

        path = self.record_path
        if (self.analysis is not None or self.run is not None or not self.playback.finished or path is None
                or not self.app.settings.analyse_games):
            return
        try:
            in_history = path.resolve().parent == history_dir().resolve()
        except OSError:
            in_history = False
        if in_history:
            self.run = AnalysisRun(self.playback.source, path).start()
            self._owns_run = True

    @property
    def shows_chances(self) -> bool:
        """Whether the strip of chances is shown (an analysis, or one under way)."""
        return self.analysis is not None or self.run is not None

    def _take_analysis(self) -> None:
        run = self.run
        if run is None or run.running:
            return
        self.run = None
        if run.outcome == DONE and run.result is not None:
            self.analysis = run.result
        self._chances_image = None
        self.on_resize(self.app.size)

    def _chances_mouse(self, event: pygame.event.Event) -> bool:
        """A press on the strip of chances: on a key moment's mark (or near it), that moment; elsewhere,
        the move under it, as on the seek bar."""
        if not (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.chances_rect.collidepoint(event.pos)):
            return False
        self.playing = False
        near = self.moment_near(event.pos[0])
        self.seek(near if near is not None else self.move_at(event.pos[0]))
        return True

    def moment_near(self, x: int) -> int | None:
        """The key moment whose mark is nearest `x`, within a mark's reach; None: none is."""
        if self.analysis is None:
            return None
        reach = max(6, px(12, self.app.size))
        moves = [m.move for m in self.analysis.key_moments if abs(self.x_of(m.move) - x) <= reach]
        return min(moves, key=lambda m: abs(self.x_of(m) - x)) if moves else None

    def _draw_chances(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        """Each seat's chance through the game under the seek bar, the key moments marked and numbered,
        and where the replay is; or how far the analysis got."""
        rect = self.chances_rect
        if self.analysis is None:
            if self.run is not None:

                share = self.run.progress.share
                bar = pygame.Rect(0, 0, min(self.seek_rect.width, px(360, size)), max(4, px(8, size)))
                bar.midbottom = (rect.centerx, rect.bottom - px(6, size))
                draw_progress(surface, bar, share, tr("Working out how the game went: {percent}").format(
                    percent=f"{round(share * 100)}%"), size)
            return
        key = (*rect.topleft, *rect.size, self.seek_rect.left, self.seek_rect.width)
        if self._chances_image is None or self._chances_image[0] != key:
            self._chances_image = (key, self._chance_lines(size))
        surface.blit(self._chances_image[1], rect)
        x = self.x_of(self.playback.position)
        pygame.draw.line(surface, CREAM, (x, rect.top + 2), (x, rect.bottom - 2), max(1, px(1, size)))

    def _chance_lines(self, size: tuple[int, int]) -> pygame.Surface:
        """The strip's picture: a line per seat in its table colour (0% at the foot, 100% at the top), the
        key moments as numbered gold marks at their moves."""
        analysis = self.analysis
        assert analysis is not None
        rect = self.chances_rect
        image = pygame.Surface(rect.size, pygame.SRCALPHA)
        pad = max(2, px(5, size))
        low, high = rect.height - pad, pad
        colours = self.playback.observation(None).get("colours")
        names = [str(c) for c in colours] if isinstance(colours, list) and colours else None
        vision = self.app.settings.colour_vision
        for seat in range(analysis.players):
            colour = seat_look(seat, vision, names).rgb
            points = [(self.x_of(move) - rect.left, low + (high - low) * row[seat])
                      for move, row in enumerate(analysis.chances)]
            if len(points) > 1:
                pygame.draw.lines(image, colour, False, points, max(1, px(2, size)))
        font = body_font(max(8, round(12 * text_scale(size))), bold=True)
        radius = max(5, px(8, size))
        for number, moment in enumerate(analysis.key_moments, 1):
            x = self.x_of(moment.move) - rect.left
            pygame.draw.line(image, GOLD_DARK, (x, 0), (x, rect.height), max(1, px(1, size)))
            centre = (x, radius + 1)
            pygame.draw.circle(image, GOLD, centre, radius)
            label = font.render(str(number), True, (12, 30, 20))
            image.blit(label, label.get_rect(center=centre))
        return image
