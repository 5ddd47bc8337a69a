"""Choose a game: the four games as cards on the felt; a game whose rules are not built yet is shown,
marked "coming soon", and cannot be started."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import pygame
from pygame_gui.elements import UIButton

import game
from cards import rules_text
from game.core import KartentischError
from game.i18n import N_, ntr, tr
from game.logs import logger
from scenes.widgets import (
    CREAM,
    GOLD,
    MUTED,
    MenuScene,
    body_font,
    draw_card_fan,
    draw_panel,
    draw_text,
    fit_text,
    fitting_font,
    heading_font,
    px,
    text_scale,
    wrap,
)

log = logger(__name__)


@dataclass(frozen=True)
class GameEntry:
    game_id: str
    title: str
    min_players: int
    max_players: int
    description: str
    ready: bool
    problem: str = ""

    @property
    def players(self) -> str:
        if self.min_players == self.max_players:
            return ntr("{n} player", "{n} players", self.min_players).format(n=self.min_players)
        return tr("{low}–{high} players").format(low=self.min_players, high=self.max_players)


def game_entries() -> list[GameEntry]:
    """Every game of the table in menu order, built or not."""
    entries = []
    for game_id in game.GAME_IDS:
        info = rules_text.GAME_INFO[game_id]
        try:
            rules = game.load(game_id)
        except KartentischError:
            entries.append(GameEntry(game_id, info.title, info.min_players, info.max_players, tr(info.blurb),
                                     False))
            continue
        except Exception as exc:  # a half-built game package must not close the menu
            log.exception("loading the game %s failed", game_id)
            entries.append(GameEntry(game_id, info.title, info.min_players, info.max_players, tr(info.blurb),
                                     False, problem=f"{type(exc).__name__}: {exc}"))
            continue
        table = _table_problem(game_id)
        entries.append(GameEntry(game_id, rules.title, rules.min_players, rules.max_players,
                                 tr(rules.description), table is None, problem=table or ""))
    return entries


def _table_problem(game_id: str) -> str | None:
    """Why the game has no table to play on yet (None: it has one)."""
    try:
        from scenes import table
    except Exception as exc:  # the table package is still being built
        log.exception("the table package does not load")
        return f"{type(exc).__name__}: {exc}"
    table_class = getattr(table, "table_class", None)
    if table_class is None:
        return None
    try:
        table_class(game_id)
    except KartentischError:
        return tr("the table for this game is not built yet")
    except Exception as exc:
        log.exception("the table for %s does not load", game_id)
        return f"{type(exc).__name__}: {exc}"
    return None


class ChooseGameScene(MenuScene):
    title = N_("Choose a game")

    def __init__(self, app) -> None:
        super().__init__(app)
        self.entries = game_entries()
        self.cards: list[tuple[pygame.Rect, pygame.Surface]] = []
        self.play_buttons: dict[str, UIButton] = {}

    def on_language_changed(self) -> None:
        self.entries = game_entries()  # their words, in the new language
        super().on_language_changed()

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        top = px(110, size)
        bottom = h - px(100, size)
        margin = px(24, size)
        gap = px(20, size)
        count = len(self.entries)
        # Four tall cards across a wide window; two by two (wider cards) on a squarer one.
        cols = count if w / max(1, h) >= 1.55 else min(2, count)
        rows = -(-count // cols)
        cell_w = (w - 2 * margin - (cols - 1) * gap) / cols
        cell_h = (bottom - top - (rows - 1) * gap) / rows
        if cols == count:
            card_w = max(1, int(min(cell_w, cell_h * 0.72, px(300, size))))
            card_h = max(1, int(min(cell_h, card_w / 0.72)))
        else:
            card_w = max(1, int(min(cell_w, px(460, size))))
            card_h = max(1, int(min(cell_h, px(300, size))))
        grid_w = cols * card_w + (cols - 1) * gap
        grid_h = rows * card_h + (rows - 1) * gap
        left = (w - grid_w) // 2
        top += max(0, (bottom - top - grid_h) // 2)

        self.cards = []
        self.play_buttons = {}
        for i, entry in enumerate(self.entries):
            r, c = divmod(i, cols)
            rect = pygame.Rect(left + c * (card_w + gap), top + r * (card_h + gap), card_w, card_h)
            self.cards.append((rect, self._card_face(entry, rect.size, size)))
            pad = max(4, card_w // 14)
            button_h = min(px(46, size), max(1, card_h // 6))
            button = pygame.Rect(rect.left + pad, 0, rect.width - 2 * pad, button_h)
            button.bottom = rect.bottom - pad
            if entry.ready:
                self.play_buttons[entry.game_id] = self.add_button(
                    button, tr("Play"), partial(self.choose, entry.game_id), primary=True,
                    tooltip=entry.description)
            else:
                tip = (tr("Not playable yet: {problem}").format(problem=entry.problem) if entry.problem
                       else tr("The rules of this game are not built yet."))
                self.play_buttons[entry.game_id] = self.add_button(button, tr("Coming soon"), lambda: None,
                                                                   enabled=False, tooltip=tip)

        back = pygame.Rect(0, 0, min(w - 16, px(220, size)), px(48, size))
        back.midbottom = (w // 2, h - px(26, size))
        self.add_button(back, tr("Back"), self.back)

    def _card_face(self, entry: GameEntry, card: tuple[int, int], size: tuple[int, int]) -> pygame.Surface:
        """A game's card: emblem, title, player count and description, drawn once per layout. What does
        not fit gives way, least important first: the emblem, then the description's size, then its end
        (marked with "…")."""
        face = pygame.Surface(card, pygame.SRCALPHA)
        draw_panel(face, face.get_rect(), size)
        w, h = card
        pad = max(4, w // 14)
        button_h = min(px(46, size), max(1, h // 6))
        content = pygame.Rect(pad, pad, max(1, w - 2 * pad), max(1, h - 2 * pad - button_h - pad // 2))
        scale = text_scale(size)
        small = body_font(max(8, round(16 * scale)))
        body = body_font(max(8, round(15 * scale)))
        landscape = w > h * 1.2
        emblem: pygame.Rect | None = None
        text_area = content.copy()
        if landscape and content.height >= 40:
            emblem = pygame.Rect(content.left, content.top, round(content.height * 0.75), content.height)
            text_area.left = emblem.right + pad // 2
            text_area.width = max(1, content.right - text_area.left)
        elif not landscape:
            emblem_h = min(round(content.height * 0.32), px(110, size))
            if content.height - emblem_h >= 4 * body.get_linesize() and emblem_h >= 24:
                emblem = pygame.Rect(content.left, content.top, content.width, emblem_h)
                text_area.top += emblem_h + pad // 2
                text_area.height = max(1, content.bottom - text_area.top)

        def laid_out(area: pygame.Rect) -> tuple[pygame.font.Font, Lines, bool]:
            title = fitting_font(entry.title, area.width, round(26 * scale), heading_font, smallest=8)
            room = area.height - title.get_linesize() - small.get_linesize() - pad // 2
            described, whole = _described(entry.description, area.width, room, round(15 * scale))
            return title, described, whole

        title_font, described, whole = laid_out(text_area)
        if not whole and emblem is not None:  # the words matter more than the picture
            emblem, text_area = None, content.copy()
            title_font, described, whole = laid_out(text_area)
        if emblem is not None:
            self._draw_emblem(face, emblem, entry)

        colour = GOLD if entry.ready else MUTED
        text_colour = CREAM if entry.ready else MUTED
        lines = [(entry.title, title_font, colour), (entry.players, small, text_colour)]
        lines += [(line, font, text_colour) for line, font in described]
        height = sum(font.get_linesize() for _, font, _ in lines) + pad // 2
        y = text_area.top + (max(0, (text_area.height - height) // 2) if landscape else pad // 3)
        for i, (text, font, line_colour) in enumerate(lines):
            draw_text(face, text, font, line_colour, center=(text_area.centerx, y + font.get_linesize() // 2),
                      shadow=1 if i < 2 else 0)
            y += font.get_linesize() + (pad // 2 if i == 1 else 0)
        if not entry.ready:
            face.fill((255, 255, 255, 170), special_flags=pygame.BLEND_RGBA_MULT)
        return face

    def _draw_emblem(self, face: pygame.Surface, area: pygame.Rect, entry: GameEntry) -> None:
        """The game's card back (from the art pack), or the drawn one while no art is there."""
        height = max(4, area.height - 4)
        image = None
        if entry.ready:
            try:
                aspect = self.app.art.aspect(entry.game_id)
                image = self.app.art.back(entry.game_id, (max(1, round(height * aspect)), height))
            except Exception:  # no art library yet, or a broken pack: the drawn back stands in
                log.debug("no card back for %s", entry.game_id, exc_info=True)
        if image is None:
            draw_card_fan(face, area.center, max(8, round(height * 0.8)), count=3)
            return
        face.blit(image, image.get_rect(center=area.center))

    def draw_decor(self, surface: pygame.Surface) -> None:
        super().draw_decor(surface)
        for rect, face in self.cards:
            surface.blit(face, rect)

    def choose(self, game_id: str) -> None:
        from scenes.menus.setup import SetupScene

        self.app.push(SetupScene(self.app, game_id))


#: the smallest a game's description gets in a small window before its end is cut (with "…")
SMALLEST_DESCRIPTION_PX = 11


Lines = list[tuple[str, pygame.font.Font]]


def _described(text: str, width: int, room: int, size: int) -> tuple[Lines, bool]:
    """A game's description in lines of `width` within `room` pixels, and whether it is whole: in
    smaller letters where it must (down to SMALLEST_DESCRIPTION_PX); only where even those do not hold
    it is its end cut, and the cut is shown with an ellipsis, never mid-sentence without a mark."""
    smallest = min(size, SMALLEST_DESCRIPTION_PX)
    for px_size in range(max(8, size), smallest - 1, -1):
        body = body_font(px_size)
        lines = wrap(text, body, width)
        if len(lines) * body.get_linesize() <= room:
            return [(line, body) for line in lines], True
    body = body_font(max(8, smallest))
    lines = wrap(text, body, width)
    fitting = max(0, room // body.get_linesize())
    shown = lines[:fitting]
    if shown:  # what follows does not fit on the last line: fit_text ends it with "…"
        shown[-1] = fit_text(" ".join([shown[-1], *lines[fitting:]]), body, width)
    return [(line, body) for line in shown], False
