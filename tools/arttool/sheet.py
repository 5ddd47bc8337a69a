"""`sheet PACK --game ID --out FILE.png`: every card of a game on one image, as the table shows it.

The images come from the art library with the pack active for the game, so the sheet shows exactly
what the table would: the pack's art, the default pack's where the pack has none (framed amber,
"default pack"), and the drawn stand-in where an image is missing or broken (framed red, "NO ART").
Card ids the pack names but the table never asks for are added at the end, framed red, "unknown id".
Each card is drawn `card_width` pixels wide in a grid of `columns`; the backs and a thumbnail of the
table background follow in their own section.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game import load
from game.core import KartentischError
from game.core.datafile import shown
from game.i18n import N_, ntr, tr
from scenes.art import ArtLibrary, read_pack
from scenes.fonts import font
from scenes.table.kit.paint import TextCache
from tools.arttool.packs import NOT_IMAGES, art_ids, library_for, start_fonts
from tools.draw_default_pack import png_bytes

Size = tuple[int, int]

MARGIN = 24  # around the sheet
PAD = 10  # around each tile in its cell
BACKGROUND = (30, 36, 40)
INK = (236, 232, 220)
INK_DIM = (170, 174, 168)
FALLBACK = (240, 170, 40)
MISSING = (220, 44, 52)
TABLE_ASPECT = 16 / 9


@dataclass
class Tile:
    """One image on the sheet: which art it shows, where, and how it got there."""

    label: str
    section: str  # "cards", a back kind or "table"
    key: str | None  # the card id for "cards"
    size: Size
    status: str = ""  # "", "default pack", "NO ART" or "unknown id"
    rect: pygame.Rect = field(default_factory=pygame.Rect)


@dataclass(frozen=True)
class Grid:
    card: Size
    columns: int

    @property
    def label_px(self) -> int:
        return max(11, min(18, self.card[0] // 11))

    @property
    def cell_w(self) -> int:
        return self.card[0] + 2 * PAD

    @property
    def label_h(self) -> int:
        return 2 * self.label_px + 8

    @property
    def width(self) -> int:
        return 2 * MARGIN + self.columns * self.cell_w

    def span(self, tile: Tile) -> int:
        """How many columns a tile takes (a wide table thumbnail takes several)."""
        return min(self.columns, math.ceil((tile.size[0] + 2 * PAD) / self.cell_w))

    def flow(self, tiles: list[Tile], top: int) -> int:
        """Place the tiles in rows from `top`; returns the y below the last row."""
        column, row_top, row_h = 0, top, 0
        for tile in tiles:
            span = self.span(tile)
            if column and column + span > self.columns:
                column, row_top, row_h = 0, row_top + row_h, 0
            x = MARGIN + column * self.cell_w + (span * self.cell_w - tile.size[0]) // 2
            tile.rect = pygame.Rect((x, row_top + PAD), tile.size)
            row_h = max(row_h, tile.size[1] + 2 * PAD + self.label_h)
            column += span
        return row_top + row_h


@dataclass
class Sheet:
    title: str
    summary: str
    size: Size
    grid: Grid
    sections: list[tuple[str, int, list[Tile]]]  # heading, its y, its tiles

    def tiles(self) -> list[Tile]:
        return [tile for _, _, tiles in self.sections for tile in tiles]


def build_sheet(folder: Path, game_id: str, card_width: int, columns: int) -> tuple[Sheet, ArtLibrary]:
    folder = folder.resolve()
    lib, active = library_for(folder, game_id)
    pack = read_pack(folder)
    named = pack.games.get(game_id, {})
    ids = art_ids(game_id)
    if ids is not None:
        known_cards, known_images = list(ids.cards), list(ids.images)
    else:  # no art ids known yet: whatever the pack names
        known_cards, known_images = list(named.get("cards", {})), [k for k in named if k not in NOT_IMAGES]
    extra_cards = [c for c in named.get("cards", {}) if c not in known_cards]
    extra_images = [k for k in named if k not in NOT_IMAGES and k not in known_images]
    if not known_cards and not known_images:
        raise LookupError(
            tr("no art ids known yet for {game}, and the pack {pack} names no art for it").format(
                game=game_id, pack=repr(folder.name))
        )

    aspect = lib.aspect(game_id)
    card = (card_width, max(1, round(card_width / aspect)))
    grid = Grid(card, columns)

    def tile(label: str, section: str, key: str | None, size: Size, unknown: bool = False) -> Tile:
        origin = lib.origin(game_id, section, key)
        if unknown:
            status = "unknown id"
        elif origin is None:
            status = "NO ART"
        elif origin != active:
            status = "default pack"
        else:
            status = ""
        return Tile(label, section, key, size, status)

    cards = [tile(c, "cards", c, card) for c in known_cards]
    cards += [tile(c, "cards", c, card, unknown=True) for c in extra_cards]
    backs = [tile(k, k, None, card) for k in known_images if k != "table"]
    backs += [tile(k, k, None, card, unknown=True) for k in extra_images if k != "table"]
    if "table" in known_images or "table" in extra_images:
        table_w = min(columns * grid.cell_w - 2 * PAD, round(card[1] * TABLE_ASPECT))
        backs.append(tile("table", "table", None, (table_w, round(table_w / TABLE_ASPECT))))

    *_, header_bottom = _header_rows(grid.label_px)
    heading_h = _line(grid.label_px + 2, True) + 4
    y = header_bottom
    sections: list[tuple[str, int, list[Tile]]] = []
    for heading, tiles in ((tr("Cards"), cards), (tr("Backs and table"), backs)):
        if tiles:
            sections.append((heading, y, tiles))
            y = grid.flow(tiles, y + heading_h) + PAD
    everything = cards + backs
    summary = _summary(everything)
    title = tr("{pack} — {game} ({id}), cards {width}x{height}").format(
        pack=pack.title or folder.name, game=game_title(game_id), id=game_id, width=card[0], height=card[1])
    return Sheet(title, summary, (grid.width, y + MARGIN), grid, sections), lib


def render_sheet(sheet: Sheet, lib: ArtLibrary, game_id: str) -> pygame.Surface:
    start_fonts()
    label_px = sheet.grid.label_px
    texts = TextCache()
    image = pygame.Surface(sheet.size)
    image.fill(BACKGROUND)
    width = sheet.size[0] - 2 * MARGIN
    image.blit(texts.fitted(sheet.title, label_px + 6, width, INK, True), (MARGIN, MARGIN))
    y = MARGIN + label_px + 12
    image.blit(texts.fitted(sheet.summary, label_px, width, INK_DIM), (MARGIN, y))
    legend_x = MARGIN
    for colour, words in (
        (FALLBACK, tr("default pack: this pack has none")),
        (MISSING, tr("NO ART: missing or broken")),
    ):
        swatch = pygame.Rect(legend_x, y + label_px + 8, label_px, label_px)
        pygame.draw.rect(image, colour, swatch, max(2, label_px // 5))
        line = texts.render(words, label_px, INK_DIM)
        image.blit(line, (swatch.right + 6, swatch.y - 1))
        legend_x = swatch.right + line.get_width() + 24
    for heading, top, tiles in sheet.sections:
        image.blit(texts.render(heading, label_px + 2, INK, True), (MARGIN, top))
        for tile in tiles:
            _draw_tile(image, tile, lib, game_id, texts, label_px)
    return image


def _draw_tile(
    image: pygame.Surface, tile: Tile, lib: ArtLibrary, game_id: str, texts: TextCache, label_px: int
) -> None:
    if tile.section == "cards":
        art = lib.card(game_id, tile.key or "", tile.size)
    elif tile.section == "table":
        art = lib.table(game_id, tile.size)
    else:
        art = lib.back(game_id, tile.size, tile.section)
    image.blit(art, tile.rect)
    colour = FALLBACK if tile.status == "default pack" else MISSING if tile.status else None
    if colour is not None:
        width = max(3, tile.size[0] // 40)
        pygame.draw.rect(
            image, colour, tile.rect.inflate(2 * width, 2 * width), width, border_radius=width * 2
        )
    room = tile.rect.width + 2 * PAD - 4
    label = texts.fitted(tile.label, label_px, room, INK, True)
    y = tile.rect.bottom + PAD // 2 + 2
    image.blit(label, label.get_rect(midtop=(tile.rect.centerx, y)))
    if tile.status:
        # the status words are the gallery's (scenes/menus/gallery.py marks them for the catalogue)
        status = texts.fitted(tr(tile.status), label_px, room, colour or INK, True)
        image.blit(status, status.get_rect(midtop=(tile.rect.centerx, y + label_px + 4)))


def write_sheet(folder: Path, game_id: str, out: Path, card_width: int = 200, columns: int = 8) -> int:
    try:
        sheet, lib = build_sheet(folder, game_id, card_width, columns)
    except LookupError as exc:
        print(tr("error: {problem}").format(problem=shown(exc)), file=sys.stderr)
        return 1
    image = render_sheet(sheet, lib, game_id)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(png_bytes(image))
    print(tr("wrote {file} ({width}x{height}): {summary}").format(file=shown(out), width=sheet.size[0],
                                                                  height=sheet.size[1],
                                                                      summary=sheet.summary))
    for problem in lib.problems:
        print(f"  {shown(problem)}")
    return 0


def _summary(tiles: list[Tile]) -> str:
    own = sum(1 for t in tiles if not t.status)
    parts = [tr("{n} from this pack").format(n=own)]
    for status, words in (
        ("default pack", N_("{n} from the default pack")),
        ("NO ART", N_("{n} without art")),
        ("unknown id", N_("{n} with an id the table never asks for")),
    ):
        count = sum(1 for t in tiles if t.status == status)
        if count:
            parts.append(tr(words).format(n=count))
    return ntr("{n} image: {parts}", "{n} images: {parts}", len(tiles)).format(n=len(tiles),
                                                                               parts=", ".join(parts))


def _line(size: int, bold: bool = False) -> int:
    start_fonts()
    return font(size, bold).get_linesize()


def _header_rows(label_px: int) -> tuple[int, int, int, int]:
    """The y of the title, the summary, the legend, and of the first section below them."""
    title = MARGIN
    summary = title + _line(label_px + 6, True) + 4
    legend = summary + _line(label_px) + 4
    return title, summary, legend, legend + _line(label_px) + 16


def game_title(game_id: str) -> str:
    try:
        return load(game_id).title
    except (KartentischError, ImportError):
        return game_id
