"""The card gallery: every card of a game in an art pack, for card designers and curious players.

Choose a game (those whose cards the default pack names) and a pack. Every card shows at the size
the table draws it (a hand card), its backs and the table background follow; the wheel scrolls when
they do not fit. Hovering a card shows its rule text; a click shows it at full size. A card whose art
comes from the default pack instead of the chosen one is framed amber ("default pack"), one that shows
the drawn stand-in is framed red ("NO ART"), and a card id the pack names but the game does not have
is listed at the end ("unknown id"). Proofing (scenes/menus/proofing.py): G or "Guides" draws the trim,
bleed and safe area over each face at print size; V or the vision button shows the faces as red-weak,
green-weak and blue-weak eyes see them, a face whose distinguishing colours collapse framed violet
("colours collapse"). A or "A/B" shows each card of the pack beside the same card of the pack chosen to
compare it with ("Compare with" in setup). "See at the table" opens a table of bots with the pack,
watched as a spectator; Esc there comes back here.

The pack chosen here is the game's pack (the same setting as in setup and settings). While the gallery
is open, changed image files and manifests are reloaded within a second (`ArtLibrary.poll`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

import pygame

import game
from cards import rules_text
from cards.card_text import card_text, describe_card
from game.ai import make_bot
from game.core.words import did_you_mean
from game.i18n import N_, ntr, tr
from game.match import Match, Seat
from scenes.art import ArtLibrary
from scenes.focus import Focusable, widget_items
from scenes.inspect import Inspectable, Inspector
from scenes.menus.proofing import COLLAPSED, VISION_WORDS, GalleryProofing, draw_guides, print_card_mm
from scenes.menus.setup import Stepper, pack_label
from scenes.table import TABLES, table_class
from scenes.table.kit.paint import TextCache
from scenes.widgets import (
    CREAM,
    GOLD,
    MUTED,
    MenuScene,
    Message,
    dim,
    px,
    text_scale,
)

if TYPE_CHECKING:
    from scenes.scene import Host
    from scenes.table.kit.scene import TableScene

Size = tuple[int, int]

#: card height / window height at table size: the largest card a table draws (the own hand)
TABLE_CARD_SHARE = 0.18
#: the full-size view: the pack's own pixels, shrunk to this share of the window when they do not fit
FULL_CARD_SHARE = 0.86
TABLE_ASPECT = 16 / 9
PREVIEW_BOT = "heuristic"  # answers at once: the preview table keeps moving
PREVIEW_SEED = 20_240
SUMMARY_WORDS = {
    "default pack": lambda n: ntr("{n} picture from the default pack", "{n} pictures from the default pack",
                                  n).format(n=n),
    "NO ART": lambda n: ntr("{n} with NO ART", "{n} with NO ART", n).format(n=n),
    "unknown id": lambda n: ntr("{n} unknown id", "{n} unknown ids", n).format(n=n),
}
FALLBACK = (240, 170, 40)
MISSING = (220, 44, 52)
STATUS_COLOURS = {"default pack": FALLBACK, "NO ART": MISSING, "unknown id": MISSING}
#: a tile's status (the key above) as the mark under it says it
STATUS_LABELS = {"default pack": N_("default pack"), "NO ART": N_("NO ART"), "unknown id": N_("unknown id")}
STATUS_NOTES = {
    "default pack": N_("This pack has no image for it: the default pack's shows."),
    "NO ART": N_("The image is missing or broken: a drawn stand-in shows."),
    "unknown id": N_("The pack names this card id, but the game has no such card."),
}
#: the art that is not a card, as its tile is labelled (its key in pack.toml is told on hovering)
ART_WORDS = {"back": N_("Card back"), "king_back": N_("King card back"), "table": N_("Table")}
SECTION_HEADINGS = (N_("Cards"), N_("Backs and table"))


def art_word(key: str) -> str:
    """A back kind or the table as its tile is labelled (a kind no word is known for: its key)."""
    return tr(ART_WORDS[key]) if key in ART_WORDS else key


# -- the gallery -----------------------------------------------------------------------------------
@dataclass
class Tile:
    """One picture in the gallery: which art, its label, how it got there, where it lies (before
    scrolling)."""

    label: str
    section: str  # "cards", a back kind or "table"
    key: str | None  # the card id for "cards"
    size: Size
    status: str = ""  # "", "default pack", "NO ART" or "unknown id"
    origin: str | None = None
    rect: pygame.Rect = field(default_factory=pygame.Rect)

    def image(self, art: ArtLibrary, game_id: str, size: Size | None = None) -> pygame.Surface:
        size = size or self.size
        if self.section == "cards":
            return art.card(game_id, self.key or "", size)
        if self.section == "table":
            return art.table(game_id, size)
        return art.back(game_id, size, self.section)


def tile_status(art: ArtLibrary, game_id: str, section: str, key: str | None) -> tuple[str, str | None]:
    """("" | "default pack" | "NO ART", the pack the image comes from) for one art id."""
    origin = art.origin(game_id, section, key)
    if origin is None:
        return "NO ART", None
    if origin != art.active_pack(game_id):
        return "default pack", origin
    return "", origin


class GalleryScene(GalleryProofing, MenuScene):
    title = N_("Card gallery")

    def __init__(self, app: Host, game_id: str | None = None) -> None:
        super().__init__(app)
        games = self.games()
        self.game_id = game_id if game_id in games else (games[0] if games else None)
        self.tiles: list[Tile] = []
        self.headings: list[tuple[str, int]] = []  # section heading, its y in the scrolled area
        self.view = pygame.Rect(0, 0, 0, 0)  # where the cards scroll
        self.scroll = 0
        self.content_height = 0
        self.zoomed: Tile | None = None  # the card shown large until a key or click closes it
        self.hovered: Tile | None = None
        self.inspector = Inspector()
        self.texts = TextCache()
        self._mouse = (-1, -1)
        self._generation = -1
        self._packs: list[str] = []
        self._label_px = 9
        self.game_stepper: Stepper | None = None
        self.pack_stepper: Stepper | None = None
        self.start_proofing()  # guides, colour vision and A/B (scenes/menus/proofing.py)

    def games(self) -> list[str]:
        known = self.art.art_games()
        return [g for g in game.GAME_IDS if g in known] + [g for g in known if g not in game.GAME_IDS]

    # -- layout ----------------------------------------------------------------------------------
    def build(self, size: Size) -> None:
        w, h = size
        margin = px(16, size)
        gap = px(10, size)
        bar_h = px(40, size)
        bar = pygame.Rect(margin, px(96, size), max(1, w - 2 * margin), bar_h)
        usable = bar.width - 3 * gap
        if usable * 0.3 < self._stepper_width(size, bar_h):  # narrow: the steppers get a row of their own
            half = (bar.width - gap) // 2
            rects = [pygame.Rect(bar.left, bar.top, half, bar_h),
                     pygame.Rect(bar.left + half + gap, bar.top, bar.width - half - gap, bar_h),
                     pygame.Rect(bar.left, bar.bottom + gap, half, bar_h),
                     pygame.Rect(bar.left + half + gap, bar.bottom + gap, bar.width - half - gap, bar_h)]
            bar.height = 2 * bar_h + gap
        else:
            rects, x = [], bar.left
            for share in (0.3, 0.3, 0.24, 0.16):
                rects.append(pygame.Rect(x, bar.top, max(1, round(usable * share)), bar_h))
                x = rects[-1].right + gap
        games = self.games()
        if self.game_id is None:  # the default pack is missing or broken: nothing to show but why
            self.add_button(rects[3], tr("Back"), self.back, primary=True)
            return
        self.game_stepper = Stepper(
            self, rects[0], [rules_text.title(g) for g in games], games.index(self.game_id),
            lambda i: self.set_game(games[i]), tooltip=tr("The game whose cards are shown"))
        self._packs = self.art.pack_choices(self.game_id)
        active = self.art.active_pack(self.game_id)
        self.pack_stepper = Stepper(
            self, rects[1], [self.pack_label(n) for n in self._packs], self._packs.index(active),
            lambda i: self.set_pack(self._packs[i]),
            tooltip=tr("The art pack: the game's pack at the table too"))
        self.add_button(rects[2], tr("See at the table"), self.see_at_table, enabled=self.game_id in TABLES,
                        tooltip=tr("A game of bots with this pack, watched as a spectator (Esc comes back)"))
        self.add_button(rects[3], tr("Back"), self.back, primary=True)
        proof = pygame.Rect(bar.left, bar.bottom + gap, max(1, round(usable * 0.24)), round(bar_h * 0.8))
        self.add_button(proof, tr("Guides"), self.toggle_guides,
                        tooltip=tr("Trim, bleed and safe area at print size (G)"))
        self.add_button(proof.move(proof.width + gap, 0), tr(VISION_WORDS[self.vision]), self.step_vision,
                        tooltip=tr("The faces as colour-weak eyes see them (V)"))
        self.add_button(proof.move(2 * (proof.width + gap), 0), tr("A/B"), self.toggle_compare,
                        tooltip=tr("Each card beside the same card of the pack to compare with (A)"))
        self.add_button(proof.move(3 * (proof.width + gap), 0), tr("Balance lab"), self.open_lab,
                        tooltip=tr("Bots play a small study of this game: who wins, how long, which cards"))
        top = proof.bottom + px(34, size)
        self.view = pygame.Rect(margin, top, max(1, w - 2 * margin), max(1, h - top - margin))
        self.lay_out()

    def _stepper_width(self, size: Size, height: int) -> int:
        """The width a stepper needs to show the longest game title or pack name whole."""
        from scenes.look import base_theme, theme_factor, widget_font

        if self.game_id is None:
            return 0
        face = widget_font(round(float(base_theme()["label"]["font"]["size"]) * theme_factor(size)))
        labels = [rules_text.title(g) for g in self.games()]
        labels += [self.pack_label(n) for n in self.art.pack_choices(self.game_id)]
        return max(face.size(label)[0] for label in labels) + 2 * height + px(12, size)

    def pack_label(self, name: str) -> str:
        return pack_label(name, self.art)

    def lay_out(self) -> None:
        """Tiles for the chosen game and pack, flowed into rows across the view."""
        game_id = self.game_id
        if game_id is None:
            return
        art = self.art
        self.print_mm = print_card_mm(art, game_id)  # the guides' printed card (the pack's [print])
        size = self.app.size
        card_h = max(24, round(size[1] * TABLE_CARD_SHARE))
        card = (max(8, round(card_h * art.aspect(game_id))), card_h)
        self.tiles, self.headings = [], []
        cards = [Tile(c, "cards", c, card) for c in art.card_ids(game_id)]
        cards += [Tile(c, "cards", c, card, status="unknown id") for c in art.unknown_ids(game_id)]
        backs = [Tile(art_word(kind), kind, None, card) for kind in art.back_kinds(game_id)]
        backs.append(Tile(art_word("table"), "table", None, (round(card_h * TABLE_ASPECT), card_h)))
        gap = px(14, size)
        self._label_px = self._fitting_label_size([t.label for t in cards + backs], card[0] + gap)
        label_h = self.label_size() * 2 + px(8, size)
        heading_h = px(30, size)
        y = 0
        for heading, tiles in zip((tr(h) for h in SECTION_HEADINGS), (cards, backs), strict=True):
            self.headings.append((heading, y))
            y += heading_h
            x, row_h = 0, 0
            for tile in tiles:
                width = self.tile_width(tile)
                if x and x + width > self.view.width:
                    x, y = 0, y + row_h
                tile.rect = pygame.Rect((x, y), (width, tile.size[1]))
                x += width + gap
                row_h = tile.size[1] + label_h + gap
            y += row_h + gap
            self.tiles += tiles
        self.content_height = y
        self.fetch_pack_b()
        self.zoom(self._same_tile(self.zoomed))  # a resize or a reload keeps the full-size card open
        self.hovered = None
        self.refresh()
        self.scroll_by(0)

    def _same_tile(self, old: Tile | None) -> Tile | None:
        """The new tile showing what `old` showed (None when it is gone)."""
        if old is None:
            return None
        return next((t for t in self.tiles if (t.section, t.key) == (old.section, old.key)), None)

    def refresh(self) -> None:
        """Where each picture comes from now (after a reload or another pack)."""
        self._generation = self.art.generation
        for tile in self.tiles:
            if tile.status != "unknown id":
                tile.status, tile.origin = tile_status(self.art, self.game_id or "", tile.section, tile.key)

    def label_size(self) -> int:
        return max(9, round(14 * text_scale(self.app.size)))

    def _fitting_label_size(self, labels: list[str], width: int) -> int:
        """The largest label size (down to 9 px) at which the longest card id fits under its card."""
        from scenes.fonts import font

        size = self.label_size()
        while size > 9 and any(font(size).size(label)[0] > width for label in labels):
            size -= 1
        return size

    # -- changes ---------------------------------------------------------------------------------
    def set_game(self, game_id: str) -> None:
        self.game_id = game_id
        self.scroll = 0
        self.rebuild()

    def set_pack(self, name: str) -> None:
        if self.game_id is None:
            return
        self.art.choose(self.game_id, name)
        self.app.settings_changed()
        self.rebuild()

    def rebuild(self) -> None:
        self.zoom(None)
        self.ui.clear_and_reset()
        self.on_enter()

    def on_resume(self) -> None:
        self.rebuild()  # back from the preview table: the window or the files may have changed

    def scroll_by(self, delta: int) -> None:
        most = max(0, self.content_height - self.view.height)
        self.scroll = max(0, min(self.scroll + delta, most))

    def see_at_table(self) -> None:
        if self.game_id is None:
            return
        try:
            scene = preview_table(self.app, self.game_id)
        except Exception as exc:  # a table that cannot open must leave the gallery working
            self.show_message(Message(tr("The table cannot open"), f"{type(exc).__name__}: {exc}"))
            return
        self.app.push(scene)

    def open_lab(self) -> None:
        from scenes.menus.lab import LabScene  # the lab loads when it is asked for, not with the gallery

        self.app.push(LabScene(self.app, self.game_id))

    def back(self) -> None:
        if self.zoomed is not None:
            self.zoom(None)
            return
        self.app.pop()

    def zoom(self, tile: Tile | None) -> None:
        """Show `tile` large over everything (the widgets hide meanwhile), or close the view."""
        self.zoomed = tile
        root = self.ui.get_root_container()
        assert root is not None  # a manager has its root container from the start
        if tile is None:
            self.inspector.close()
            root.show()
        else:
            self.inspector.open(self.inspectable(tile, full=True), pinned=True)
            root.hide()

    def inspectable(self, tile: Tile, full: bool = False) -> Inspectable:
        """`tile` for the inspect view: its name, what it does, and where its art comes from."""
        game_id = self.game_id or ""
        found = describe_card(game_id, tile.key or "") if tile.section == "cards" else None
        title = found.name if found is not None else tile.label
        lines = (*found.rules, *found.details) if found is not None else ()
        notes = tuple(self.describe(tile)[1 + (found is not None):])
        largest = self.full_card_size(self.app.size) if full and tile.section != "table" else None
        return Inspectable((tile.section, tile.key), game_id, tile.key or "", self.screen_rect(tile), notes,
                           title=title, lines=lines, largest=largest, section=tile.section)

    # -- frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.zoomed is None:
            hovered = self.hovered
            key = None if hovered is None else (hovered.section, hovered.key)
            self.inspector.point_at(key, dt, lambda: self.inspectable(hovered) if hovered else None)
        art = self.art
        art.poll(self.app.time)
        if art.generation != self._generation:
            self._generation = art.generation
            self.proofer.clear()  # the faces may have changed
            self.faces_b.clear()
            if art.pack_choices(self.game_id or "") != self._packs or self.game_id not in self.games():
                self.rebuild()  # a pack came or went
            else:
                self.lay_out()  # a manifest may have changed the card size

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.zoomed is None:
            self.scroll_by(-event.y * px(60, self.app.size))
            self._hover(self._mouse)
        elif event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            self._hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self.zoom(None if self.zoomed is not None else self.tile_at(event.pos))
        elif event.type == pygame.KEYDOWN and self.zoomed is None and event.key == pygame.K_g:
            self.toggle_guides()
        elif event.type == pygame.KEYDOWN and self.zoomed is None and event.key == pygame.K_v:
            self.step_vision()
        elif event.type == pygame.KEYDOWN and self.zoomed is None and event.key == pygame.K_a:
            self.toggle_compare()
        elif event.type == pygame.KEYDOWN and self.zoomed is not None:
            step = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1}.get(event.key)
            if step:
                index = self.tiles.index(self.zoomed) + step
                self.zoom(self.tiles[index % len(self.tiles)])

    def focus_items(self) -> list[Focusable]:
        """The buttons, then every card, back and table picture: Enter, Space or I shows it large (the
        focus scrolls the view to the picture it lands on). Nothing while one is shown large: the arrow
        keys then step through the pictures and Esc closes."""
        if self.zoomed is not None:
            return []
        items = widget_items(self)
        for tile in self.tiles:
            items.append(Focusable(("tile", tile.section, tile.key), self.screen_rect(tile),
                                   partial(self.zoom, tile), partial(self.zoom, tile), card=True,
                                   reveal=partial(self.reveal, tile)))
        return items

    def reveal(self, tile: Tile) -> None:
        """Scroll `tile` into view with its label under it (where the keyboard focus lands on it)."""
        rect = self.screen_rect(tile)
        label = self.label_size() * 3
        if rect.top < self.view.top:
            self.scroll_by(rect.top - self.view.top - label)
        elif rect.bottom + label > self.view.bottom:
            self.scroll_by(rect.bottom + label - self.view.bottom)

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hovered = self.tile_at(pos)

    def tile_at(self, pos: tuple[int, int]) -> Tile | None:
        if not self.view.collidepoint(pos):
            return None
        x, y = pos[0] - self.view.x, pos[1] - self.view.y + self.scroll
        for tile in self.tiles:
            if tile.rect.collidepoint(x, y):
                return tile
        return None

    def screen_rect(self, tile: Tile) -> pygame.Rect:
        """Where `tile` is on screen now (it may lie outside the view)."""
        return tile.rect.move(self.view.x, self.view.y - self.scroll)

    # -- drawing ---------------------------------------------------------------------------------
    def draw_decor(self, surface: pygame.Surface) -> None:
        with self.proofer.frame():  # converting faces for a colour vision takes a share of each frame
            self._draw_page(surface)

    def _draw_page(self, surface: pygame.Surface) -> None:
        super().draw_decor(surface)
        if self.game_id is None:
            w, h = surface.get_size()
            problems = self.art.problems[:1] or [tr("The default art pack (assets/art/default) is missing.")]
            for i, line in enumerate([tr("No art pack names the cards of any game."), *problems]):
                text = self.texts.fitted(line, self.label_size() + 4, w - 20, CREAM[:3], i == 0)
                surface.blit(text, text.get_rect(center=(w // 2, h // 2 + i * text.get_height() * 2)))
            return
        size = surface.get_size()
        self._draw_summary(surface, size)
        clip = surface.get_clip()
        surface.set_clip(self.view)
        label_px = self.label_size()
        for heading, y in self.headings:
            top = self.view.y + y - self.scroll
            if self.view.top - px(40, size) <= top <= self.view.bottom:
                surface.blit(self.texts.render(heading, label_px + 4, GOLD[:3], True), (self.view.x, top))
        for tile in self.tiles:
            rect = self.screen_rect(tile)
            if rect.bottom + label_px * 3 < self.view.top or rect.top > self.view.bottom:
                continue
            self._draw_tile(surface, tile, rect, label_px)
        surface.set_clip(clip)

    def draw_above_widgets(self, surface: pygame.Surface) -> None:
        """The card shown large lies over everything of the gallery, its header buttons included."""
        size = surface.get_size()
        if self.inspector.is_open:
            if self.zoomed is not None:
                dim(surface, 200)
            self.inspector.draw(surface, self.art)
            if self.zoomed is not None:
                hint = self.texts.render(tr("← → the next card"), self.label_size(), MUTED[:3])
                surface.blit(hint, hint.get_rect(midbottom=(size[0] // 2, size[1] - px(8, size))))

    def _draw_summary(self, surface: pygame.Surface, size: Size) -> None:
        counts = {status: sum(t.status == status for t in self.tiles) for status in STATUS_COLOURS}
        cards = sum(t.section == "cards" and t.status != "unknown id" for t in self.tiles)
        parts = [ntr("{n} card", "{n} cards", cards).format(n=cards)]
        pack_b = self.pack_b()
        if self.compare and pack_b is not None:
            parts.insert(0, tr("left A: {a}, right B: {b}").format(
                a=self.pack_label(self.art.active_pack(self.game_id or "")), b=self.pack_label(pack_b)))
        parts += [SUMMARY_WORDS[status](n) for status, n in counts.items() if n]
        problems = len(self.art.problems_for(self.game_id or ""))
        if problems:
            parts.append(ntr("{n} problem: hover a red card for its own",
                             "{n} problems: hover a red card for its own", problems).format(n=problems))
        line = self.texts.fitted(" · ".join(parts), self.label_size() + 2, self.view.width, CREAM[:3])
        surface.blit(line, (self.view.x, self.view.y - px(28, size)))

    def label_rect(self, label: Size, tile: pygame.Rect, top: int) -> pygame.Rect:
        """Where a tile's label goes: centred under it, but kept inside the view, so the label of the
        first column (which may be wider than its card) is not cut at the view's edge."""
        placed = pygame.Rect((0, 0), label)
        placed.midtop = (tile.centerx, top)
        if placed.left < self.view.left:
            placed.left = self.view.left
        elif placed.right > self.view.right:
            placed.right = self.view.right
        return placed

    def _draw_tile(self, surface: pygame.Surface, tile: Tile, rect: pygame.Rect, label_px: int) -> None:
        faces = self.face_rects(tile, rect)
        face = tile.image(self.art, self.game_id or "")
        surface.blit(self.proofer.face(self._proof_key(tile), face, self.vision), faces[0])
        face_b = self.face_b(tile) if len(faces) > 1 else None
        if face_b is not None:
            surface.blit(self.proofer.face(self._b_key(tile), face_b, self.vision), faces[1])
        colour = STATUS_COLOURS.get(tile.status)
        if colour is None and self.collapsed(tile):
            colour = COLLAPSED
        width = max(2, rect.width // 40)
        frame = colour or (GOLD if tile is self.hovered else None)
        if frame is not None:
            outline = rect.inflate(2 * width, 2 * width)
            pygame.draw.rect(surface, frame, outline, width, border_radius=width * 2)
        if self.show_guides and tile.section != "table":
            for placed in faces:
                draw_guides(surface, placed, self.game_id or "", self.print_mm)
        label = self.texts.fitted(tile.label, self._label_px, rect.width + px(14, self.app.size),
                                  MUTED[:3], shrink=False)
        top = rect.bottom + width + 2
        surface.blit(label, self.label_rect(label.get_size(), rect, top))
        words = tr(STATUS_LABELS[tile.status]) if tile.status else tr("colours collapse") if colour else ""
        if words:
            mark = self.texts.fitted(words, label_px, rect.width, colour or MISSING, True)
            surface.blit(mark, mark.get_rect(midtop=(rect.centerx, top + label.get_height())))

    def describe(self, tile: Tile) -> list[str]:
        """The hover and full-size text of a tile: its id, what the card does, where its art is from."""
        lines = [tile.label]
        if tile.section == "cards":
            text = card_text(self.game_id or "", tile.key or "")
            if text:
                lines.append(text)
        else:  # a back or the table: the key that names its image in a pack
            lines.append(tr("In pack.toml: {key}").format(key=tile.section))
        if tile.status:
            lines.append(tr(STATUS_NOTES[tile.status]))
        lines += self.collapsed(tile)
        if tile.status == "unknown id":
            guess = did_you_mean(tile.label, self.art.card_ids(self.game_id or ""))
            if guess:
                lines.append(f"{tile.label}{guess}")
        if tile.status == "NO ART":
            game_id = self.game_id or ""
            lines += self.art.problems_for(game_id, tile.section, tile.key) or self.art.problems_for(game_id)
        elif not tile.status and tile.origin is not None:
            lines.append(tr("Art: {pack}").format(pack=self.pack_label(tile.origin)))
        return lines

    def full_card_size(self, size: Size) -> Size:
        """The pack's own card pixels, shrunk to fit the window when they are larger."""
        game_id = self.game_id or ""
        cw, ch = self.art.card_size(game_id)
        aspect = self.art.aspect(game_id)
        most_h = round(size[1] * FULL_CARD_SHARE)
        most_w = round(size[0] * 0.6)
        height = min(ch, most_h, round(most_w / aspect))
        return (max(8, round(height * aspect)), max(12, height))


# -- the table with the pack -----------------------------------------------------------------------
def preview_match(game_id: str) -> Match:
    """A game of bots at the most seats the game has (every player colour on the table)."""
    rules = game.load(game_id)
    players = rules.max_players
    names = ("Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hugo")
    seats = [Seat.ai(names[i % len(names)], PREVIEW_BOT) for i in range(players)]
    bots = {i: make_bot(game_id, PREVIEW_BOT) for i in range(players)}  # in this process: no worker
    return Match(game_id, seats, PREVIEW_SEED, bots=bots)


_PREVIEW_CLASSES: dict[str, type[TableScene]] = {}


def _preview_class(table: type[TableScene]) -> type[TableScene]:
    """The game's table made a preview (one class per table class, made once)."""
    key = f"{table.__module__}.{table.__qualname__}"
    if key not in _PREVIEW_CLASSES:
        _PREVIEW_CLASSES[key] = _make_preview_class(table)
    return _PREVIEW_CLASSES[key]


def _make_preview_class(table: type[TableScene]) -> type[TableScene]:
    class PreviewTable(table):  # type: ignore[misc, valid-type]
        """The game's own table, watched: Esc and its Menu button lead back to the gallery."""

        def on_menu(self) -> bool:
            self.app.pop()
            return True

        def draw_over(self, surface: pygame.Surface) -> None:
            super().draw_over(surface)
            w, h = surface.get_size()
            width = max(1, round(w * 0.18))  # the corner left of the hand (tables keep it free)
            y = h - self.scale.px(8)
            notes = (tr("Esc: back to the gallery"),
                     tr("Art pack: {pack}").format(
                         pack=pack_label(self.app.art.active_pack(self.game_id), self.app.art)))
            for note in notes:
                line = self.texts.fitted(note, self.scale.font(22), width, GOLD[:3], True)
                surface.blit(line, line.get_rect(bottomleft=(self.scale.px(12), y)))
                y -= line.get_height()

    PreviewTable.__name__ = PreviewTable.__qualname__ = f"Preview{table.__name__}"
    return PreviewTable


def preview_table(app: Host, game_id: str) -> TableScene:
    """The game's table of bots with the chosen pack, seen by a spectator (no autosave, no results)."""
    cls = _preview_class(table_class(game_id))
    return cls(app, preview_match(game_id), seat=None, follow=False, to_results=False)


__all__ = ["GalleryScene", "Tile", "card_text", "preview_table", "tile_status"]
