"""The History screen: every kept game (game, date, players, result, length), filtered by game and by a
player's name; a game is replayed, resumed, exported or deleted from here, and a record file from
elsewhere opens too (a path typed in, or a file dropped on the window).

The list comes from the history's index; records it lacks are read a few per frame, so a history of
hundreds of games without an index opens at once and fills in.
"""

from __future__ import annotations

import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from cards import rules_text
from game.core import KartentischError
from game.core.datafile import shown
from game.history import Entry, History, matching
from game.i18n import N_, join_words, ntr, ptr, tr
from game.logs import logger
from scenes.focus import Focusable, widget_items
from scenes.keeping import exports_dir, history
from scenes.menus.opening import open_table_or_explain
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
    draw_row_band,
    draw_text,
    fit_text,
    px,
    row,
    set_enabled,
    text_scale,
)

if TYPE_CHECKING:
    from scenes.scene import Host

log = logger(__name__)

ALL_GAMES = N_("All games")
#: seconds of a frame spent reading records the index lacks
READ_BUDGET = 0.02
#: two clicks on one row within this many seconds open its replay
DOUBLE_CLICK = 0.45
PATH_LIMIT = 4096
#: the list's columns: title and share of the width
COLUMNS = ((N_("Date"), 0.15), (N_("Game"), 0.16), (N_("Players"), 0.35), (N_("Result"), 0.26),
           (N_("Moves"), 0.08))
#: the months as a date in the list writes them
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"),
          N_("Oct"), N_("Nov"), N_("Dec"))


def date_text(when: float) -> str:
    """A date and time as the chosen language writes them ("24 Nov 2026 08:15", "24. Nov. 2026 08:15")."""
    t = time.localtime(when)
    return tr("{day} {month} {year} {hour:02}:{minute:02}").format(
        day=t.tm_mday, month=tr(MONTHS[t.tm_mon - 1]), year=t.tm_year, hour=t.tm_hour, minute=t.tm_min)


def players_text(entry: Entry) -> str:
    return ", ".join(shown(s.name) if s.is_human else tr("{name} (AI)").format(name=shown(s.name))
                     for s in entry.seats)


def result_text(entry: Entry) -> str:
    """A finished game's outcome by the players' names; what else a kept game is."""
    if not entry.readable:
        return tr("Unreadable")
    if not entry.finished:
        return tr("Unfinished: can be resumed")
    names = [shown(name) for name in entry.names]
    if entry.ordered and entry.places:  # a finishing order: everyone out wins, one loses (Palace)
        loser = max(range(len(entry.places)), key=lambda seat: entry.places[seat])
        return tr("{name} lost").format(name=names[loser])
    won = [names[seat] for seat in entry.winners if 0 <= seat < len(names)]
    if not won:
        return ptr("game", "Over")
    if len(won) == 1:
        return tr("{name} won").format(name=won[0])
    return tr("{names} shared the win").format(names=join_words(won))


def game_title(entry: Entry) -> str:
    if not entry.game:
        return "?"
    return rules_text.title(entry.game) if entry.game in rules_text.GAME_INFO else shown(entry.game)


class HistoryScene(MenuScene):
    title = N_("History")
    # they step through the list (Tab moves the keyboard's focus; Enter opens the chosen game unless a
    # button has the focus)
    own_keys = frozenset((pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME,
                          pygame.K_END, pygame.K_DELETE))

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.history: History = history(app)
        self.game_filter: str | None = None  # a game id
        self.player_filter = ""
        self.entries: list[Entry] = []  # every kept game, newest first
        self.filtered: list[Entry] = []  # those the filters let through
        self.selected: str | None = None  # an entry's file name
        self.scroll = 0
        self.pending = 0
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 1
        self.game_menu: UIDropDownMenu | None = None
        self.name_entry: PlaceholderEntry | None = None
        self.path_entry: PlaceholderEntry | None = None
        self.buttons: dict[str, UIButton] = {}
        self._titles: dict[str, str | None] = {}
        self._last_click: tuple[str, float] | None = None
        self._clock = 0.0

    # -- life cycle ------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.pending = self.history.refresh(budget_s=READ_BUDGET)
        self.entries = self.history.listed()
        self._apply_filters()
        super().on_enter()

    def on_resume(self) -> None:
        """Back from a replay or a game: what it kept or changed shows."""
        self.history = history(self.app)
        self.ui.clear_and_reset()
        self.on_enter()

    def on_language_changed(self) -> None:
        """Every word again in the new language, the reasons records cannot be read too."""
        self.history.forget_problems()
        super().on_language_changed()

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        margin = px(24, size)
        gap = px(10, size)
        control_h = px(40, size)
        top = px(104, size)
        width = min(w - 2 * margin, px(1220, size))
        left = (w - width) // 2

        self._titles = {tr(ALL_GAMES): None}
        self._titles.update({rules_text.title(g): g for g in rules_text.GAME_INFO})
        current = next((t for t, g in self._titles.items() if g == self.game_filter), tr(ALL_GAMES))
        menu_w = min(px(260, size), width // 3)
        self.game_menu = UIDropDownMenu(list(self._titles), current,
                                        pygame.Rect(left, top, menu_w, control_h), manager=self.ui)
        name_rect = pygame.Rect(left + menu_w + gap, top, min(px(300, size), width // 3), control_h)
        self.name_entry = PlaceholderEntry(name_rect, manager=self.ui, placeholder_text=tr("A player's name"))
        self.name_entry.set_text_length_limit(40)
        self.name_entry.set_text(self.player_filter)

        bottom_h = px(46, size)
        bottom = h - px(22, size) - bottom_h
        actions_top = bottom - gap - bottom_h
        self.list_rect = pygame.Rect(left, top + control_h + gap, width,
                                     max(1, actions_top - gap - px(30, size) - (top + control_h + gap)))
        self.row_h = max(1, px(34, size))

        # the buttons are known by their English label (`self.buttons`), shown in the chosen language
        labels = ("Replay", "Resume", "Export", "Delete", "Set aside")
        shown_labels = (tr("Replay"), tr("Resume"), tr("Export"), tr("Delete"), tr("Set aside"))
        tips = (tr("Watch the game move by move on its table"),
                tr("Play on: this game becomes the current one (the current one stays in the list)"),
                tr("Copy the record to {folder}").format(folder=exports_dir()),
                tr("Remove the record from the history"),
                tr("Move an unreadable record out of the list (the file is kept)"))
        rects = row(pygame.Rect(left, actions_top, width, bottom_h), len(labels), bottom_h, gap)
        self.buttons = {}
        actions = (self.replay, self.resume, self.export, self.ask_delete, self.set_aside)
        for label, text, tip, rect, action in zip(labels, shown_labels, tips, rects, actions, strict=True):
            self.buttons[label] = self.add_button(rect, text, action, tooltip=tip,
                                                  primary=label == "Replay")

        back_w = min(px(170, size), width // 6)
        open_w = min(px(150, size), width // 6)
        stats_w = min(px(170, size), width // 6)
        path_w = max(1, width - back_w - open_w - stats_w - 3 * gap)
        self.path_entry = PlaceholderEntry(
            pygame.Rect(left, bottom, path_w, bottom_h), manager=self.ui,
            placeholder_text=tr("A record file from elsewhere (or drop it here)"))
        self.path_entry.set_text_length_limit(PATH_LIMIT)
        x = left + path_w + gap
        self.add_button(pygame.Rect(x, bottom, open_w, bottom_h), tr("Open file"), self.open_typed_path,
                        tooltip=tr("Replay the record file named on the left"))
        x += open_w + gap
        self.add_button(pygame.Rect(x, bottom, stats_w, bottom_h), tr("Statistics"), self.statistics,
                        tooltip=tr("Figures and charts per player and game"))
        x += stats_w + gap
        self.add_button(pygame.Rect(x, bottom, back_w, bottom_h), tr("Back"), self.back)
        self._refresh_buttons()

    # -- the list --------------------------------------------------------------------------------
    def _apply_filters(self) -> None:
        self.filtered = matching(self.entries, game=self.game_filter, player=self.player_filter)
        if self.selected not in {e.name for e in self.filtered}:
            self.selected = self.filtered[0].name if self.filtered else None
        self.scroll = max(0, min(self.scroll, max(0, len(self.filtered) - self.visible_rows())))
        self._refresh_buttons()

    def visible_rows(self) -> int:
        return max(1, (self.list_rect.height - self.row_h) // self.row_h)

    @property
    def current(self) -> Entry | None:
        return next((e for e in self.filtered if e.name == self.selected), None)

    def select(self, name: str | None) -> None:
        self.selected = name
        names = [e.name for e in self.filtered]
        if name in names:
            index = names.index(name)
            if index < self.scroll:
                self.scroll = index
            elif index >= self.scroll + self.visible_rows():
                self.scroll = index - self.visible_rows() + 1
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        entry = self.current
        wanted = {
            "Replay": entry is not None and entry.readable,
            "Resume": entry is not None and entry.resumable,
            "Export": entry is not None,
            "Delete": entry is not None,
            "Set aside": entry is not None and not entry.readable,
        }
        for label, enabled in wanted.items():
            button = self.buttons.get(label)
            if button is None:
                continue
            set_enabled(button, enabled)

    def row_rect(self, index: int) -> pygame.Rect:
        """Where the `index`-th of the rows shown lies."""
        top = self.list_rect.top + self.row_h * (1 + index)
        return pygame.Rect(self.list_rect.left, top, self.list_rect.width, self.row_h)

    def focus_items(self) -> list[Focusable]:
        """The keyboard and a controller reach the rows shown (Enter selects one), then the buttons and
        fields."""
        shown = self.filtered[self.scroll:self.scroll + self.visible_rows()]
        rows = [Focusable(("row", entry.name), self.row_rect(i), partial(self.select, entry.name))
                for i, entry in enumerate(shown)]
        return rows + widget_items(self) if self.message is None else widget_items(self)

    def row_at(self, pos: tuple[int, int]) -> Entry | None:
        top = self.list_rect.top + self.row_h
        if not self.list_rect.collidepoint(pos) or pos[1] < top:
            return None
        index = self.scroll + (pos[1] - top) // self.row_h
        return self.filtered[index] if 0 <= index < len(self.filtered) else None

    # -- frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._clock += dt
        if self.pending:
            self.pending = self.history.refresh(budget_s=READ_BUDGET)
            self.entries = self.history.listed()
            self._apply_filters()

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.game_menu:
            self.game_filter = self._titles.get(event.text)
            self._apply_filters()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.name_entry:
            self.player_filter = event.text
            self._apply_filters()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.path_entry:
            self.open_typed_path()
        elif event.type == pygame.DROPFILE:
            self.open_path(event.file)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(self.scroll + rows, max(0, len(self.filtered) - self.visible_rows())))

    def _click(self, pos: tuple[int, int]) -> None:
        entry = self.row_at(pos)
        if entry is None:
            return
        last, self._last_click = self._last_click, (entry.name, self._clock)
        self.select(entry.name)
        if last is not None and last[0] == entry.name and self._clock - last[1] <= DOUBLE_CLICK:
            self._last_click = None
            self.replay()

    def _key(self, key: int) -> None:
        names = [e.name for e in self.filtered]
        if not names:
            return
        index = names.index(self.selected) if self.selected in names else 0
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible_rows(),
                pygame.K_PAGEDOWN: self.visible_rows(), pygame.K_HOME: -len(names), pygame.K_END: len(names)}
        if key in step:
            self.select(names[max(0, min(len(names) - 1, index + step[key]))])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.replay()
        elif key == pygame.K_DELETE:
            self.ask_delete()

    # -- drawing ---------------------------------------------------------------------------------
    def draw_decor(self, surface: pygame.Surface) -> None:
        super().draw_decor(surface)
        size = surface.get_size()
        rect = self.list_rect
        draw_panel(surface, rect, size)
        scale = text_scale(size)
        head = body_font(max(8, round(15 * scale)), bold=True)
        text = body_font(max(8, round(16 * scale)))
        pad = px(12, size)
        inner = rect.inflate(-2 * pad, 0)
        xs = [inner.left]
        for _, share in COLUMNS[:-1]:
            xs.append(xs[-1] + round(inner.width * share))
        widths = [b - a - pad for a, b in zip(xs, [*xs[1:], inner.right + pad], strict=True)]
        mid = rect.top + self.row_h // 2
        for (title, _), x in zip(COLUMNS, xs, strict=True):
            draw_text(surface, tr(title), head, GOLD, topleft=(x, mid - head.get_height() // 2), shadow=1)
        pygame.draw.line(surface, GOLD_DARK, (inner.left, rect.top + self.row_h),
                         (inner.right, rect.top + self.row_h), max(1, px(1, size)))
        if not self.filtered:
            note = (tr("Reading the kept games…") if self.pending else
                    tr("No game kept yet: every game played is kept here.") if not self.entries else
                    tr("No kept game matches the filters."))
            draw_text(surface, note, text, MUTED, center=(rect.centerx, rect.centery), shadow=1)
        y = rect.top + self.row_h
        for entry in self.filtered[self.scroll:self.scroll + self.visible_rows()]:
            band = pygame.Rect(rect.left + pad // 2, y + 1, rect.width - pad, self.row_h - 2)
            if entry.name == self.selected:
                draw_row_band(surface, band, size)
            cells = (date_text(entry.played), game_title(entry), players_text(entry) or "?",
                     result_text(entry), str(entry.actions) if entry.readable else "–")
            colour = MUTED if not entry.readable else CREAM if entry.finished else GOLD
            for cell, x, width in zip(cells, xs, widths, strict=True):
                draw_text(surface, fit_text(cell, text, max(1, width)), text, colour,
                          topleft=(x, y + (self.row_h - text.get_height()) // 2), shadow=1)
            y += self.row_h
        self._draw_footer(surface, text)

    def _draw_footer(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        """Under the list: how many games, and what the selected one is when that needs saying."""
        size = surface.get_size()
        y = self.list_rect.bottom + px(15, size)
        total = len(self.entries)
        count = ntr("{shown} of {n} game", "{shown} of {n} games", total).format(
            shown=len(self.filtered), n=total) if self.entries else ""
        if self.pending:
            more = ntr("reading {n} more…", "reading {n} more…", self.pending)
            count += " · " + more.format(n=self.pending)
        note = self.note(self.current)
        top = y - font.get_height() // 2
        draw_text(surface, count, font, MUTED, topleft=(self.list_rect.left, top), shadow=1)
        if note:
            width = self.list_rect.width - font.size(count)[0] - px(40, size)
            label = fit_text(note, font, max(1, width))
            draw_text(surface, label, font, MUTED, topleft=(self.list_rect.right - font.size(label)[0], top),
                      shadow=1)

    def note(self, entry: Entry | None) -> str:
        """What the list's columns do not say of a game: why it is unreadable, or where it was played on
        from."""
        if entry is None:
            return ""
        if not entry.readable:
            return tr("Unreadable: {problem}").format(problem=shown(entry.problem))
        if entry.continues is None:
            return ""
        key, move = entry.continues
        source = next((e for e in self.entries if e.key == key), None)
        if source is None:
            return tr("Played on from move {move} of a game no longer kept").format(move=move)
        return tr("Played on from move {move} of the game of {date}").format(
            move=move, date=date_text(source.played))

    # -- actions ---------------------------------------------------------------------------------
    def replay(self) -> None:
        entry = self.current
        if entry is None or not entry.readable:
            return
        self.open_path(self.history.path(entry))

    def open_typed_path(self) -> None:
        text = self.path_entry.get_text().strip() if self.path_entry is not None else ""
        if not text:
            self.show_message(Message(tr("Open a record"), tr("Type the path of a record file (.jsonl) in "
                                                              "the field, or drop the file on the window.")))
            return
        self.open_path(Path(text).expanduser())

    def open_path(self, path: str | Path) -> None:
        """Replay a record file: one of the history's, or one from elsewhere."""
        from scenes.menus.replay import open_replay

        problem = open_replay(self.app, Path(path))
        if problem:
            self.show_message(Message(tr("The record cannot be opened"), problem))

    def resume(self) -> None:
        entry = self.current
        if entry is None or not entry.resumable:
            return
        from game.match import Match
        from scenes.settings import game_saves

        try:  # it goes on in its own file, claimed: a game another copy plays is refused (OpenElsewhere)
            match = Match.resume(self.history.path(entry), autosave=game_saves())
        except KartentischError as exc:
            self.show_message(Message(tr("The game cannot be resumed"), exc.text()))
            return
        except Exception as exc:  # a record that trips the engine must not take the app down
            log.exception("resuming %s failed", entry.name)
            self.show_message(Message(tr("The game cannot be resumed"),
                                      f"{type(exc).__name__}: {shown(exc)[:300]}"))
            return
        scene = open_table_or_explain(self, match)
        if scene is not None:
            self.app.push(scene)

    def export(self) -> None:
        entry = self.current
        if entry is None:
            return
        try:
            target = self.history.export(entry, Path(exports_dir()) / entry.name)
        except OSError as exc:
            self.show_message(Message(tr("The record was not exported"), shown(exc)))
            return
        self.show_message(Message(tr("Record exported"),
                                  tr("The record is copied to\n{path}").format(path=shown(target))))

    def ask_delete(self) -> None:
        entry = self.current
        if entry is None:
            return
        what = f"{game_title(entry)}, {date_text(entry.played)}" if entry.readable else shown(entry.name)
        self.show_message(Message(tr("Delete this game?"),
                                  tr("{what}\n\nIts record is removed from the history.").format(what=what),
                                  (("cancel", N_("Cancel")), ("delete", N_("Delete")))),
                          lambda answer: self.delete(entry) if answer == "delete" else None)

    def delete(self, entry: Entry) -> None:
        try:
            self.history.delete(entry)
        except OSError as exc:
            self.show_message(Message(tr("The record was not deleted"), shown(exc)))
            return
        self._reload()

    def set_aside(self) -> None:
        entry = self.current
        if entry is None or entry.readable:
            return
        try:
            kept = self.history.set_aside(entry)
        except OSError as exc:
            self.show_message(Message(tr("The record was not set aside"), shown(exc)))
            return
        self._reload()
        self.show_message(Message(tr("Record set aside"),
                                  tr("The unreadable record is kept as\n{path}").format(path=shown(kept))))

    def _reload(self) -> None:
        self.entries = self.history.listed()
        self._apply_filters()

    def statistics(self) -> None:
        from scenes.menus.statistics import StatisticsScene

        self.app.push(StatisticsScene(self.app))
