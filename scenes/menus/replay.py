"""The replay viewer: a kept record played back on the game's own table.

The table above shows the game at one move, as one seat saw it (only what that seat saw), as a
spectator, or for a finished game with every hand open. The bar below plays and pauses, steps forward
and back, sets the speed, and its seek bar (marked at each round, scoring or chapter and where a
player went out) jumps to any move. "Play on from here" starts a new game from the move shown, with
the seats chosen again.

A finished game's analysis (scenes/menus/how_it_went.py), kept beside its record, is drawn in the bar
under the seek bar: each seat's chance through the game, small, in its table colour, and the key moments
as marks; a click on a mark goes to that moment. A finished game of the history without one is analysed in the
background meanwhile (the setting "Analyse finished games"). A game still going on shows none of it.

The game comes from a Playback (game/playback.py): the table asks it what it asks a match, so it
shows exactly what it would have shown then. The table is this scene's own, not on the scene stack:
this scene gives it the window above the bar, its frames and the input meant for it; its menu (Esc)
leaves the replay, as nothing here can be saved or undone.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.analysis import Analysis
from game.core import KartentischError
from game.core.datafile import shown
from game.core.records import read_record
from game.i18n import ntr, ptr, tr
from game.logs import logger
from game.playback import Playback
from game.progress import CHAPTER, END, OUT, ROUND, SCORING, Mark, progress
from scenes.focus import Focusable
from scenes.look import (
    CREAM,
    GOLD,
    GOLD_DARK,
    MUTED,
    body_font,
    draw_panel,
    draw_text,
    fit_text,
    px,
    text_scale,
)
from scenes.menu_buttons import MenuButtons
from scenes.menus.analysis_run import AnalysisRun, kept_analysis
from scenes.menus.replay_chances import ReplayChances
from scenes.scene import Scene

if TYPE_CHECKING:
    from scenes.scene import Host
    from scenes.table import TableScene

log = logger(__name__)

SPEEDS = (0.5, 1.0, 2.0, 4.0)
#: the table's buttons for a person deciding (undo, a hint) and its menu: none has a use in a replay
QUIET_BUTTONS = frozenset({"undo", "hint", "menu"})
#: seconds between two moves played on their own at speed 1, once the cards have landed
STEP_SECONDS = 0.7
#: the watch choice that shows a spectator's table and every hand open (finished games only)
OPEN = "open"
SPECTATOR = "spectator"


def speed_label(speed: float) -> str:
    return "½×" if speed == 0.5 else f"{speed:g}×"


@dataclass(frozen=True)
class WatchChoice:
    """Whose eyes the table shows: a seat, a spectator, or everything open."""

    key: int | str  # a seat, SPECTATOR or OPEN
    name: str = ""  # the seat's player's name

    @property
    def seat(self) -> int | None:
        return self.key if isinstance(self.key, int) else None

    @property
    def label(self) -> str:
        """The choice in the chosen language."""
        if self.key == OPEN:
            return tr("Every hand open")
        if self.key == SPECTATOR:
            return tr("Spectator")
        return tr("As {name}").format(name=self.name)


def open_replay(app: Host, path: Path, seat: int | str | None = None) -> str | None:
    """Open the record file at `path` in the viewer (pushed over the current screen); what is wrong
    with it, in words, when it cannot be played back."""
    try:
        record = read_record(path)
        playback = Playback(record, path=str(path))
    except KartentischError as exc:
        return exc.text()
    except Exception as exc:  # a record that trips an engine must not take the app down
        log.exception("opening %s for a replay failed", path)
        return tr("{path}: it could not be played back ({error})").format(
            path=shown(path), error=f"{type(exc).__name__}: {shown(exc)[:200]}")
    try:
        scene = ReplayScene(app, playback, watch=seat, name=Path(path).name, record_path=Path(path))
    except KartentischError as exc:
        return exc.text()
    app.push(scene)
    return None


def replay_table_class(game_id: str) -> type[TableScene]:
    """The game's table, made to live inside the viewer (its window is the part above the bar, its
    speed the replay's, and its menu leaves the replay)."""
    from scenes.table import table_class

    base = table_class(game_id)
    return type(f"Replay{base.__name__}", (ReplayTable, base), {})


class ReplayTable:
    """Mixed into a game's table class by `replay_table_class`."""

    viewer_scene: ReplayScene

    def view_size(self) -> tuple[int, int]:
        return self.viewer_scene.table_rect.size

    def in_front(self) -> bool:
        return self.app.stack.top is self.viewer_scene  # type: ignore[attr-defined]

    def pace(self) -> float:
        return self.viewer_scene.speed

    def on_menu(self) -> bool:
        """Esc: leave the replay (there is nothing to save or undo here)."""
        self.viewer_scene.back()
        return True

    def shows_button(self, key: str) -> bool:
        return key not in QUIET_BUTTONS  # nobody decides in a replay: the bar below leads

    def banners_wait(self) -> bool:
        return False  # the bar below leads: a replay plays on by itself, or stops where it is paused


class ReplayScene(ReplayChances, Scene):
    def __init__(self, app: Host, playback: Playback, *, watch: int | str | None = None,
                 name: str = "", analysis: Analysis | None = None, record_path: Path | None = None,
                 run: AnalysisRun | None = None) -> None:
        super().__init__(app)
        self.playback = playback
        self.name = name
        self.speed = 1.0
        self.playing = False
        self.menu_buttons = MenuButtons()
        self.table: TableScene | None = None
        self.table_rect = pygame.Rect(0, 0, *app.size)
        self.bar_rect = pygame.Rect(0, 0, 0, 0)
        self.seek_rect = pygame.Rect(0, 0, 0, 0)
        self.hands_rect = pygame.Rect(0, 0, 0, 0)
        self.chances_rect = pygame.Rect(0, 0, 0, 0)
        self.record_path = record_path
        # how the game went: only a finished game's (while a game goes on, nobody's chances are shown)
        self.analysis = analysis if playback.finished else None
        if self.analysis is None and playback.finished:
            self.analysis = kept_analysis(record_path, playback.source)
        # an analysis under way for the screen below (the results), shown here too and left running there
        self.run: AnalysisRun | None = run if self.analysis is None and playback.finished else None
        self._owns_run = False
        self._chances_image: tuple[tuple[int, ...], pygame.Surface] | None = None
        self.choices = self._watch_choices()
        self.watching = self._first_choice(watch)
        self._wait = 0.0
        self._dragging_seek = False
        self._hands: tuple[int, dict[int, list[Any]]] | None = None
        self._laid_out = app.size
        try:
            self.marks: list[Mark] = progress(playback.source).marks
        except Exception:  # the marks are a help: a record that replays has them, but never at any cost
            log.exception("the marks of the replay could not be made")
            self.marks = []

    # -- whose eyes ------------------------------------------------------------------------------
    def _watch_choices(self) -> list[WatchChoice]:
        choices = []
        if self.playback.finished:
            choices.append(WatchChoice(OPEN))
        choices.append(WatchChoice(SPECTATOR))
        for seat, who in enumerate(self.playback.seats):
            choices.append(WatchChoice(seat, shown(who.name)))
        return choices

    def _first_choice(self, watch: int | str | None) -> WatchChoice:
        """The asked view; else every hand open for a finished game, the one person's view of a game
        with one person, or a spectator's."""
        if watch is not None:
            found = next((c for c in self.choices if c.key == watch), None)
            if found is None:
                raise KartentischError(tr("this replay cannot be watched as {watch}").format(
                    watch=repr(watch)))
            return found
        if self.playback.finished:
            return self.choices[0]
        humans = self.playback.human_seats
        key: int | str = humans[0] if len(humans) == 1 else SPECTATOR
        return next(c for c in self.choices if c.key == key)

    def watch(self, choice: WatchChoice) -> None:
        """Show the game through other eyes: a new table, told the game as those eyes saw it."""
        self.watching = choice
        self.playback.watch(choice.seat)
        self._open_table()

    def step_watch(self, delta: int) -> None:
        index = self.choices.index(self.watching)
        self.watch(self.choices[(index + delta) % len(self.choices)])

    # -- life cycle ------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.playback.watch(self.watching.seat)
        self._start_analysis()
        self._open_table()

    def on_resize(self, size: tuple[int, int]) -> None:
        self._layout(size)
        if self.table is not None:
            self.table.on_resize(self.table_rect.size)

    def on_language_changed(self) -> None:
        """The table inside tells its game again in the new language; the bar is written anew."""
        if self.table is not None:
            self.table.on_language_changed()
        self.on_resize(self.app.size)

    def on_resume(self) -> None:
        """Back from the whole log or the play-on screen: the window may have changed meanwhile."""
        if self.app.size != self._laid_out:
            self.on_resize(self.app.size)

    def on_exit(self) -> None:
        if self.run is not None and self._owns_run:
            self.run.stop()  # nothing of it is kept: the next time the game is analysed again
        if self.table is not None:
            self.table.on_exit()
            self.app.let_go(self.table)

    def drop_caches(self) -> None:
        """Covered by a screen of its own (a game played on from here) or gone: the table inside lets go
        of its pictures too (at 2560x1080 they are 60 MB); shown again, it draws them again."""
        super().drop_caches()
        if self.table is not None:
            self.table.drop_caches()

    def _open_table(self) -> None:
        if self.table is not None:
            self.table.on_exit()
            self.app.let_go(self.table)
        self._layout(self.app.size)
        table = replay_table_class(self.playback.game.id)(self.app, self.playback, seat=self.watching.seat,
                                                          follow=False, to_results=False, bots=False)
        table.viewer_scene = self  # type: ignore[attr-defined]
        self.table = table
        table.on_enter()
        table.on_resize(self.table_rect.size)  # the window above the bar

    def _layout(self, size: tuple[int, int]) -> None:
        self._laid_out = size
        w, h = size
        bar_h = min(h // 3, px(104, size))
        hands_h = min(h // 5, px(92, size)) if self.watching.key == OPEN else 0
        chances_h = min(h // 10, px(46, size)) if self.shows_chances else 0
        self.bar_rect = pygame.Rect(0, h - bar_h - chances_h, w, bar_h + chances_h)
        self.chances_rect = pygame.Rect(0, 0, w, chances_h)  # under the seek bar: placed with it
        self.hands_rect = pygame.Rect(0, self.bar_rect.top - hands_h, w, hands_h)
        self.table_rect = pygame.Rect(0, 0, w, max(1, self.hands_rect.top))
        self._build_controls(size)

    def _build_controls(self, size: tuple[int, int]) -> None:
        buttons = self.menu_buttons
        buttons.layout(size)
        bar = self.bar_rect
        pad = px(10, size)
        gap = px(8, size)
        seek_h = max(6, min(px(34, size), bar.height // 3))
        self.seek_rect = pygame.Rect(bar.left + px(24, size), bar.top + pad + seek_h // 3,
                                     bar.width - px(48, size), seek_h)
        if self.chances_rect.height:
            self.chances_rect.top = self.seek_rect.bottom + px(4, size)
        below = max(self.seek_rect.bottom, self.chances_rect.bottom)
        row_h = max(8, min(px(42, size), bar.bottom - below - pad - gap))
        y = bar.bottom - pad - row_h
        x = bar.left + px(16, size)
        narrow = px(48, size)

        def add(width: int, label: str, action, **kw) -> pygame.Rect:
            nonlocal x
            rect = pygame.Rect(x, y, width, row_h)
            buttons.add(rect, label, action, **kw)
            x += width + gap
            return rect

        add(narrow, "«", lambda: self.seek(0), tooltip=tr("To the deal (Home)"))
        add(narrow, "‹", self.step_back, tooltip=tr("One move back (the comma key)"))
        playing = ptr("replay", "Pause") if self.playing else ptr("replay", "Play")
        add(px(124, size), playing, self.toggle_play, primary=True,
            tooltip=tr("Play the moves one after another (Space)"))
        add(narrow, "›", self.step_forward, tooltip=tr("One move on (the full stop key)"))
        add(narrow, "»", lambda: self.seek(self.playback.total), tooltip=tr("To the last move (End)"))
        x += gap
        for speed in SPEEDS:
            add(px(66, size), speed_label(speed), lambda s=speed: self.set_speed(s),
                primary=speed == self.speed, tooltip=tr("How fast the moves follow each other"))
        x += gap
        add(px(40, size), "‹", lambda: self.step_watch(-1), tooltip=tr("Watch through other eyes"))
        self._watch_label = pygame.Rect(x, y, px(130, size), row_h)
        x += self._watch_label.width + gap
        add(px(40, size), "›", lambda: self.step_watch(1), tooltip=tr("Watch through other eyes"))
        right = bar.right - px(16, size)
        back = pygame.Rect(right - px(100, size), y, px(100, size), row_h)
        play_on = pygame.Rect(back.left - gap - px(220, size), y, px(220, size), row_h)
        if play_on.left < x:  # a narrow window: the two share what is left
            room = max(2, right - x)
            play_on = pygame.Rect(x, y, room * 2 // 3 - gap, row_h)
            back = pygame.Rect(play_on.right + gap, y, room - play_on.width - gap, row_h)
        buttons.add(play_on, tr("Play on from here"), self.play_on, enabled=self.can_play_on,
                    tooltip=tr("A new game from this move, with the seats chosen again"))
        buttons.add(back, tr("Back"), self.back)

    @property
    def can_play_on(self) -> bool:
        return not self.playback.is_over()

    # -- moving through the game -----------------------------------------------------------------
    def step_forward(self) -> None:
        self.playing = False
        self._forward()

    def _forward(self) -> None:
        if self.playback.position < self.playback.total:
            self.playback.forward()
            self._wait = 0.0
        self._refresh_controls()

    def step_back(self) -> None:
        self.playing = False
        self.seek(self.playback.position - 1)

    def seek(self, move: int) -> None:
        self.playback.seek(move)
        self._wait = 0.0
        self._refresh_controls()

    def toggle_play(self) -> None:
        if not self.playing and self.playback.position >= self.playback.total:
            self.seek(0)  # at the end, Play starts again from the deal
        self.playing = not self.playing
        self._refresh_controls()

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self._refresh_controls()

    def _refresh_controls(self) -> None:
        self._build_controls(self.app.size)

    def back(self) -> None:
        if self.app.stack.top is self:
            self.app.pop()

    def play_on(self) -> None:
        if not self.can_play_on:
            return
        from scenes.menus.play_on import PlayOnScene

        self.playing = False
        self.app.push(PlayOnScene(self.app, self.playback))

    # -- frame -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._take_analysis()
        self.menu_buttons.update(dt)
        table = self.table
        if table is None:
            return
        table.update(dt)
        if not self.playing:
            return
        if self.playback.position >= self.playback.total:
            self.playing = False
            self._refresh_controls()
            return
        if table.caught_up and table.banner is None and table.reveal is None:
            self._wait += dt
            if self._wait >= STEP_SECONDS / self.speed:
                self._forward()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.menu_buttons.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            if self._key(event.key):
                return
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if self._chances_mouse(event) or self._seek_mouse(event):  # the strip's marks reach up to it
                return
            if not self.table_rect.collidepoint(event.pos) and event.type != pygame.MOUSEMOTION:
                return  # the bar's own: not the table's
        if self.table is not None:
            self.table.handle_event(event)

    def _key(self, key: int) -> bool:
        """The viewer's keys (True: taken); the others go to the table (L: the whole log). The arrow keys
        move the keyboard's focus over the bar and the cards (scenes/focus.py); comma and full stop step."""
        actions = {
            pygame.K_SPACE: self.toggle_play, pygame.K_PERIOD: self.step_forward,
            pygame.K_COMMA: self.step_back,
            pygame.K_HOME: lambda: self.seek(0), pygame.K_END: lambda: self.seek(self.playback.total),
            pygame.K_ESCAPE: self.back,
        }
        action = actions.get(key)
        if action is None:
            return False
        action()
        return True

    def focus_items(self) -> list[Focusable]:
        """What the keyboard and a controller reach: the table's cards and buttons, then the bar's."""
        items = list(self.table.focus_items()) if self.table is not None else []
        factor = self.menu_buttons.factor
        items.extend(Focusable(("bar", b.label), b.hit_area(factor), b.action)
                     for b in self.menu_buttons.buttons if b.enabled)
        return items

    def _seek_mouse(self, event: pygame.event.Event) -> bool:
        """A press on the seek bar jumps there, and dragging along it follows the mouse."""
        area = self.seek_rect.inflate(0, self.seek_rect.height)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and area.collidepoint(event.pos):
            self._dragging_seek = True
            self.playing = False
            self.seek(self.move_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self._dragging_seek:
            move = self.move_at(event.pos[0])
            if move != self.playback.position:
                self.seek(move)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging_seek:
            self._dragging_seek = False
            return True
        return False

    def move_at(self, x: int) -> int:
        rect = self.seek_rect
        share = (x - rect.left) / max(1, rect.width)
        return max(0, min(self.playback.total, round(share * self.playback.total)))

    def x_of(self, move: int) -> int:
        rect = self.seek_rect
        return rect.left + round(rect.width * move / max(1, self.playback.total))

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.table is not None:
            area = surface.subsurface(self.table_rect)
            self.table.draw(area)
        size = surface.get_size()
        if self.hands_rect.height:
            self._draw_hands(surface, size)
        surface.fill((8, 22, 15), self.bar_rect)
        pygame.draw.line(surface, GOLD_DARK, self.bar_rect.topleft, self.bar_rect.topright,
                         max(1, px(2, size)))
        if self.chances_rect.height:
            self._draw_chances(surface, size)
        self._draw_seek_bar(surface, size)
        self.menu_buttons.draw(surface)
        font = body_font(max(8, round(15 * text_scale(size))))
        label = fit_text(self.watching.label, font, self._watch_label.width)
        draw_text(surface, label, font, CREAM, center=self._watch_label.center, shadow=1)

    def position_text(self) -> str:
        """"Move 57 of 147 · Round 3": where the replay is, in the game's own stretches."""
        move, total = self.playback.position, self.playback.total
        text = tr("Move {move} of {total}").format(move=move, total=total)
        stretches = [m for m in self.marks if m.kind in (ROUND, SCORING, CHAPTER)]
        if not stretches:
            return text
        kind = stretches[0].kind
        done = sum(1 for m in stretches if m.move <= move)
        if self.playback.is_over() or any(m.kind == END and m.move <= move for m in self.marks):
            return f"{text} · {tr('game over')}"
        if kind == CHAPTER:
            return f"{text} · " + tr("Chapter {number}").format(number=("I", "II", "III")[min(done, 2)])
        if kind == SCORING:
            return f"{text} · " + ntr("{n} scoring done", "{n} scorings done", done).format(n=done)
        return f"{text} · " + tr("Round {number}").format(number=done + 1)

    def _draw_seek_bar(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        rect = self.seek_rect
        small = body_font(max(8, round(14 * text_scale(size))))
        track = pygame.Rect(rect.left, rect.centery - max(2, px(3, size)), rect.width, max(4, px(6, size)))
        pygame.draw.rect(surface, (40, 60, 48), track, border_radius=track.height // 2)
        done = track.copy()
        done.width = max(0, self.x_of(self.playback.position) - track.left)
        pygame.draw.rect(surface, GOLD_DARK, done, border_radius=track.height // 2)
        for mark in self.marks:
            x = self.x_of(mark.move)
            if mark.kind == OUT:
                pygame.draw.circle(surface, CREAM, (x, track.top - px(6, size)), max(2, px(3, size)))
            else:
                tall = px(10, size) if mark.kind == END else px(7, size)
                pygame.draw.line(surface, GOLD, (x, track.top - tall), (x, track.bottom + tall),
                                 max(1, px(2, size)))
        knob = (self.x_of(self.playback.position), track.centery)
        pygame.draw.circle(surface, GOLD, knob, max(4, px(9, size)))
        pygame.draw.circle(surface, (12, 30, 20), knob, max(4, px(9, size)), max(1, px(2, size)))
        text = self.position_text()
        draw_text(surface, text, small, CREAM, topleft=(rect.left, self.bar_rect.top + px(4, size)), shadow=1)
        if self.name:
            name = fit_text(self.name, small, rect.width // 2)
            draw_text(surface, name, small, MUTED, topleft=(rect.right - small.size(name)[0],
                                                            self.bar_rect.top + px(4, size)), shadow=1)

    def _draw_hands(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        """Every seat's hand, open: a finished game keeps no secret."""
        rect = self.hands_rect
        draw_panel(surface, rect, size)
        position = self.playback.position
        if self._hands is None or self._hands[0] != position:
            self._hands = (position, self.playback.open_hands())
        hands = self._hands[1]
        seats = len(self.playback.seats)
        pad = px(10, size)
        width = (rect.width - 2 * pad) // max(1, seats)
        font = body_font(max(8, round(14 * text_scale(size))), bold=True)
        card_h = max(8, rect.height - font.get_linesize() - 2 * pad)
        table = self.table
        art = self.app.art
        aspect = art.aspect(self.playback.game.id)
        card_w = max(4, round(card_h * aspect))
        for seat in range(seats):
            left = rect.left + pad + seat * width
            name = fit_text(shown(self.playback.seats[seat].name), font, width - pad)
            draw_text(surface, name, font, GOLD, topleft=(left, rect.top + pad // 2), shadow=1)
            cards = hands.get(seat, [])
            if not cards:
                draw_text(surface, tr("no cards"), font, MUTED,
                          topleft=(left, rect.top + pad // 2 + font.get_linesize()), shadow=1)
                continue
            room = width - pad
            fits = len(cards) * (card_w + 2) <= room
            step = card_w + 2 if fits else max(1, (room - card_w) // max(1, len(cards) - 1))
            y = rect.top + pad // 2 + font.get_linesize()
            for i, card in enumerate(cards):
                art_id = table.art_id_for(str(card), f"hand:{seat}") if table is not None else str(card)
                surface.blit(art.card(self.playback.game.id, art_id, (card_w, card_h)), (left + i * step, y))


__all__ = ["OPEN", "SPECTATOR", "ReplayScene", "open_replay", "replay_table_class"]
