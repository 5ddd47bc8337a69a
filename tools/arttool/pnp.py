"""`pnp PACK --game ID --out FILE.pdf`: print-and-play sheets of a game's cards, with duplex backs.

Every length here is in millimetres, with the origin at the bottom left of the page and y upwards (as
PDF measures); `MM` turns them into PDF points only where the canvas is drawn on.

The layout: a page holds as many cards as fit. Each card has its own bleed when the cards fit so
(nine 63x88 mm cards on A4); where they do not but more would fit without bleed between them (three
rows on Letter), the cards share their cut lines and the bleed runs round the outside of the block
only. Crop marks stand in the page margin, outside every bleed. The faces come from the art library
with the pack active, as the table and the contact sheet show them (sheet.py gathers them); art has no
bleed of its own, so its edge pixels are stretched outward into the bleed.

Backs: `long` and `short` add a back page after each page of faces, placed for duplex printing on the
long or the short edge (long: each back mirrored left to right; short: top to bottom, and turned half
round so that it stands upright when the card is turned over). The printer's shift of the back side,
`offset_mm` (read off the calibration sheet, calibrate.py), moves every back the other way. `fold`
prints each front with its back on its right, a fold line between them (dashed marks in the margin):
a pair is laid out as one card twice as wide, on the paper upright or across, whichever holds more.

A pack keeps its print settings in its manifest, in a table of its own:

    [print]
    card_mm = [63, 88]       # the printed card, width x height
    offset_mm = [0.5, -1.0]  # how far the printer shifts the back side: right, up (seen on the back)
"""

from __future__ import annotations

import argparse
import io
import math
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pygame
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm as MM
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from cards.manifest import read_pack
from cards.print_settings import (
    DEFAULT_CARD_MM,
    PrintRefused,
    card_mm_problem,
    offset_mm_problem,
    read_pack_print,
)
from game import load
from game.core.datafile import shown
from game.i18n import N_, ntr, tr
from tools.arttool.packs import back_kind, deck_counts
from tools.arttool.sheet import Tile, build_sheet, game_title
from tools.draw_default_pack import png_bytes

Box = tuple[float, float, float, float]  # x, y, width, height in mm
Segment = tuple[float, float, float, float]  # x1, y1, x2, y2 in mm

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (A4[0] / MM, A4[1] / MM),
    "letter": (LETTER[0] / MM, LETTER[1] / MM),
}
#: none, duplex turned over the long or the short edge, or each front beside its back, to fold
BACKS = ("none", "long", "short", "fold")
#: the edges a duplex page is turned over, as the pages and messages name them
EDGE_WORDS = {"long": N_("the long edge"), "short": N_("the short edge")}
BLEED_MM_RANGE = (0.0, 10.0)
#: the margin every page keeps at least (a printer prints the bleed up to here; the trim lies inside)
MIN_MARGIN_MM = 1.5
#: the band at the top of the page for the title line
TITLE_MM = 4.0
TITLE_PT = 6.5
MARK_GAP_MM = 0.5  # between the bleed and a crop mark
MARK_MM = 4.0  # a crop mark's length, where the margin has room
MARK_WIDTH_PT = 0.25
#: the resolution below which a face prints soft
MIN_DPI = 300
MM_PER_INCH = 25.4


# -- the options ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class PrintOptions:
    paper: str = "a4"
    card_mm: tuple[float, float] | None = None  # None: the pack's [print] card_mm, else DEFAULT_CARD_MM
    bleed_mm: float = 3.0
    backs: str = "none"
    offset_mm: tuple[float, float] | None = None  # None: the pack's [print] offset_mm, else no shift
    deck: bool = False
    players: int | None = None  # for --deck; None: the game's most


# -- the command line's figures (argparse types: a figure out of range is a usage error) -------------
def _figures(text: str, separator: str) -> list[float]:
    parts = text.lower().split(separator)
    try:
        values = [float(part) for part in parts]
    except ValueError:
        values = []
    if len(values) != 2 or not all(math.isfinite(v) for v in values):
        raise argparse.ArgumentTypeError(tr("{value} is not two numbers {form}").format(
            value=repr(text), form=f"A{separator}B"))
    return values


def card_mm_arg(text: str) -> tuple[float, float]:
    """`63x88`: a card's width and height in mm."""
    values = _figures(text, "x")
    problem = card_mm_problem(values)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return (values[0], values[1])


def offset_mm_arg(text: str) -> tuple[float, float]:
    """`DX,DY`: the printer's shift of the back side in mm."""
    values = _figures(text, ",")
    problem = offset_mm_problem(values)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return (values[0], values[1])


def bleed_mm_arg(text: str) -> float:
    low, high = BLEED_MM_RANGE
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(tr("{value} is not a number").format(value=repr(text))) from None
    if not (math.isfinite(value) and low <= value <= high):
        message = tr("a bleed of {value} mm is out of range: {low} to {high} mm")
        raise argparse.ArgumentTypeError(message.format(value=text, low=_num(low), high=_num(high)))
    return value


# -- the layout ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Slot:
    """Where one card prints: its trim box (the cut) and its bleed box (the art beyond the cut)."""

    trim: Box
    bleed: Box


@dataclass(frozen=True)
class Layout:
    paper: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    columns: int
    rows: int
    #: the cards share their cut lines (no bleed between them), as on Letter with three rows
    shared: bool
    slots: tuple[Slot, ...]
    #: the outline of every bleed together
    block: Box

    @property
    def per_page(self) -> int:
        return len(self.slots)


class LayoutError(ValueError):
    pass


def _fit(room: float, side: float) -> int:
    return max(0, math.floor(room / side + 1e-9))


def layout(paper: tuple[float, float], card: tuple[float, float], bleed: float) -> Layout:
    """The most cards of `card` mm a page of `paper` mm holds: each with its own bleed, or, when more fit
    so, sharing their cut lines. LayoutError when not one card fits."""
    pw, ph = paper
    cw, ch = card
    room_w, room_h = pw - 2 * MIN_MARGIN_MM, ph - 2 * MIN_MARGIN_MM - TITLE_MM
    own = (_fit(room_w, cw + 2 * bleed), _fit(room_h, ch + 2 * bleed))
    shared = (_fit(room_w - 2 * bleed, cw), _fit(room_h - 2 * bleed, ch))
    is_shared = shared[0] * shared[1] > own[0] * own[1]
    columns, rows = shared if is_shared else own
    if columns * rows == 0:
        raise LayoutError(tr("a card of {w}x{h} mm with {bleed} mm bleed does not fit on the paper "
                             "({pw:.0f}x{ph:.0f} mm)").format(w=_num(cw), h=_num(ch), bleed=_num(bleed),
                                                              pw=pw, ph=ph))
    step_w, step_h = (cw, ch) if is_shared else (cw + 2 * bleed, ch + 2 * bleed)
    block_w = columns * step_w + (2 * bleed if is_shared else 0)
    block_h = rows * step_h + (2 * bleed if is_shared else 0)
    left = (pw - block_w) / 2
    bottom = (ph - TITLE_MM - block_h) / 2
    slots = []
    for row in range(rows):  # top row first, as the cards are read
        for column in range(columns):
            up = rows - 1 - row
            if is_shared:
                trim = (left + bleed + column * cw, bottom + bleed + up * ch, cw, ch)
                # the bleed only on the block's outer sides
                x0 = trim[0] - (bleed if column == 0 else 0)
                x1 = trim[0] + cw + (bleed if column == columns - 1 else 0)
                y0 = trim[1] - (bleed if up == 0 else 0)
                y1 = trim[1] + ch + (bleed if row == 0 else 0)
                bleed_box = (x0, y0, x1 - x0, y1 - y0)
            else:
                trim = (left + column * step_w + bleed, bottom + up * step_h + bleed, cw, ch)
                bleed_box = _grow(trim, bleed)
            slots.append(Slot(trim, bleed_box))
    block = (left, bottom, block_w, block_h)
    return Layout(paper, card, bleed, columns, rows, is_shared, tuple(slots), block)


def fold_layout(paper: tuple[float, float], card: tuple[float, float], bleed: float) -> Layout:
    """`layout` for `--backs fold`: each slot holds a front (left half) and its back (right half), one
    fold line between them and the bleed round the pair; the paper lies across when more pairs fit so."""
    pair = (2 * card[0], card[1])
    layouts = []
    for turned in (paper, (paper[1], paper[0])):
        try:
            layouts.append(layout(turned, pair, bleed))
        except LayoutError:
            continue
    if not layouts:
        raise LayoutError(tr("a card of {w}x{h} mm beside its back, with {bleed} mm bleed, does not fit on "
                             "the paper").format(w=_num(card[0]), h=_num(card[1]), bleed=_num(bleed)))
    return max(layouts, key=lambda page: page.per_page)  # the upright page when both hold as many


def halves(slot: Slot) -> tuple[Slot, Slot]:
    """A fold slot's front and back: each a card's trim, its bleed cut off at the fold line."""
    x, y, w, h = slot.trim
    fold = x + w / 2
    bx, by, bw, bh = slot.bleed
    front = Slot((x, y, w / 2, h), (bx, by, fold - bx, bh))
    back = Slot((fold, y, w / 2, h), (fold, by, bx + bw - fold, bh))
    return front, back


def crop_marks(page: Layout) -> list[Segment]:
    """Short lines in the margin round the block that continue every cut line; none touches a bleed."""
    cuts_x = sorted({round(v, 6) for s in page.slots for v in (s.trim[0], s.trim[0] + s.trim[2])})
    cuts_y = sorted({round(v, 6) for s in page.slots for v in (s.trim[1], s.trim[1] + s.trim[3])})
    return _margin_marks(page, cuts_x, cuts_y)


def fold_marks(page: Layout) -> list[Segment]:
    """The fold line of every pair of a fold layout, continued in the margin above and below."""
    return _margin_marks(page, sorted({round(s.trim[0] + s.trim[2] / 2, 6) for s in page.slots}), [])


def _margin_marks(page: Layout, cuts_x: list[float], cuts_y: list[float]) -> list[Segment]:
    pw, ph = page.paper
    left, bottom, block_w, block_h = page.block
    top, right = bottom + block_h, left + block_w
    marks: list[Segment] = []

    def length(room: float) -> float:
        return min(MARK_MM, room - MARK_GAP_MM)

    below, above = length(bottom), length(ph - TITLE_MM - top)
    beside = length(left)
    for x in cuts_x:
        if below > 0:
            marks.append((x, bottom - MARK_GAP_MM - below, x, bottom - MARK_GAP_MM))
        if above > 0:
            marks.append((x, top + MARK_GAP_MM, x, top + MARK_GAP_MM + above))
    for y in cuts_y:
        if beside > 0:
            marks.append((left - MARK_GAP_MM - beside, y, left - MARK_GAP_MM, y))
            marks.append((right + MARK_GAP_MM, y, right + MARK_GAP_MM + beside, y))
    return marks


def back_box(box: Box, paper: tuple[float, float], backs: str, offset: tuple[float, float]) -> Box:
    """Where the back of what a page's front shows in `box` goes on the back page, so that duplex
    printing on the `backs` edge puts it behind it; moved against the printer's `offset`."""
    x, y, w, h = box
    pw, ph = paper
    if backs == "long":
        x = pw - x - w
    elif backs == "short":
        y = ph - y - h
    return (x - offset[0], y - offset[1], w, h)


# -- the cards -----------------------------------------------------------------------------------
def cards_to_print(game_id: str, known: list[str], deck: bool, players: int) -> list[str]:
    """The card ids in print order: one of each the table asks for, or with `deck` every card as often
    as the game's deck holds it for `players` seats (tts.py's count, so a print and an export agree)."""
    if not deck:
        return known
    return [art_id for art_id, n in deck_counts(game_id, players).items() for _ in range(n)]


def with_bleed(image: pygame.Surface, pad_x: int, pad_y: int) -> pygame.Surface:
    """The image with its edge pixels stretched `pad_x` and `pad_y` pixels outward (art without bleed)."""
    w, h = image.get_size()
    out = pygame.Surface((w + 2 * pad_x, h + 2 * pad_y), pygame.SRCALPHA)
    out.blit(image, (pad_x, pad_y))
    if pad_x:
        for x0, column in ((0, 0), (pad_x + w, w - 1)):
            strip = image.subsurface((column, 0, 1, h))
            out.blit(pygame.transform.scale(strip, (pad_x, h)), (x0, pad_y))
    if pad_y:  # the rows already stretched sideways reach into the corners
        for y0, row in ((0, pad_y), (pad_y + h, pad_y + h - 1)):
            strip = out.subsurface((0, row, out.get_width(), 1)).copy()
            out.blit(pygame.transform.scale(strip, (out.get_width(), pad_y)), (0, y0))
    return out


def _reader(image: pygame.Surface) -> ImageReader:
    return ImageReader(io.BytesIO(png_bytes(image)))


def _num(value: float) -> str:
    return f"{value:g}"


def _draw_clipped(canvas: Canvas, image: ImageReader, art: Box, clip: Box) -> None:
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(*(v * MM for v in clip))
    canvas.clipPath(path, stroke=0, fill=0)
    x, y, w, h = art
    canvas.drawImage(image, x * MM, y * MM, w * MM, h * MM, mask="auto")
    canvas.restoreState()


def _title(canvas: Canvas, paper: tuple[float, float], text: str) -> None:
    canvas.setFont("Helvetica", TITLE_PT)
    canvas.setFillGray(0)
    canvas.drawString(MIN_MARGIN_MM * 2 * MM, (paper[1] - TITLE_MM + 0.8) * MM, text)


def _grow(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + 2 * by, box[3] + 2 * by)


def write_pnp(folder: Path, game_id: str, out: Path, options: PrintOptions) -> int:
    """Write the PDF; 0 on success, 1 (with the reason on stderr) when the pack cannot be printed.
    LayoutError (a card that does not fit the paper) is the caller's: a usage error."""
    try:
        return _write(folder.resolve(), game_id, out, options)
    except LayoutError:
        raise
    except (PrintRefused, LookupError, ValueError) as exc:
        print(tr("error: {problem}").format(problem=shown(exc)), file=sys.stderr)
        return 1


def _write(folder: Path, game_id: str, out: Path, options: PrintOptions) -> int:
    pack_print = read_pack_print(folder)
    pack = read_pack(folder)
    if pack.error is not None:
        raise PrintRefused(pack.error)
    card = options.card_mm or pack_print.card_mm or DEFAULT_CARD_MM
    offset = options.offset_mm or pack_print.offset_mm or (0.0, 0.0)
    fold = options.backs == "fold"
    page = (fold_layout if fold else layout)(PAPERS[options.paper], card, options.bleed_mm)
    paper = page.paper

    sheet, lib = build_sheet(folder, game_id, 200, 1)
    # the cards the table asks for (an id the pack names that the game does not have is not printed)
    tiles: dict[str, Tile] = {
        t.key: t for t in sheet.tiles() if t.section == "cards" and t.key and t.status != "unknown id"}
    kinds = tuple(t.section for t in sheet.tiles() if t.section not in ("cards", "table"))
    players = options.players if options.players is not None else load(game_id).max_players
    ids = cards_to_print(game_id, list(tiles), options.deck, players)
    missing = [c for c in ids if c not in tiles]
    if missing:
        raise PrintRefused(tr("{game}: the deck holds cards the game's art does not name: {ids}").format(
            game=game_id, ids=", ".join(map(repr, missing[:8]))))
    back_of = {c: back_kind(game_id, c, kinds) for c in ids} if options.backs != "none" else {}
    needed = [tiles[c] for c in dict.fromkeys(ids)]
    needed += [t for t in sheet.tiles() if t.section in set(back_of.values())]
    broken = [t for t in needed if t.status == "NO ART"]
    if broken:
        names = ", ".join(t.label for t in broken[:8])
        details = "".join(f"\n  {shown(p)}" for p in lib.problems)
        raise PrintRefused(tr("{pack} cannot be printed: no usable art for {names}").format(
            pack=shown(folder), names=names) + details)

    source = lib.card_size(game_id)
    dpi = source[0] / (card[0] / MM_PER_INCH)
    pad = (round(options.bleed_mm * source[0] / card[0]), round(options.bleed_mm * source[1] / card[1]))
    faces = {c: _reader(with_bleed(lib.card(game_id, c, source), *pad)) for c in dict.fromkeys(ids)}
    back_images: dict[str, ImageReader] = {}
    for kind in dict.fromkeys(back_of.values()):
        picture = with_bleed(lib.back(game_id, source, kind), *pad)
        # turned over the short edge, a back stands upright only when drawn upside down (folded, it
        # turns over a line upright like the long edge)
        turned = options.backs == "short"
        back_images[kind] = _reader(pygame.transform.rotate(picture, 180) if turned else picture)

    pages = max(1, math.ceil(len(ids) / page.per_page))
    size_words = f"{_num(card[0])}x{_num(card[1])} mm"
    title = f"{pack.title or folder.name} — {game_title(game_id)} ({game_id})"
    part = out.with_name(out.name + ".part")
    out.parent.mkdir(parents=True, exist_ok=True)
    canvas = Canvas(str(part), pagesize=(paper[0] * MM, paper[1] * MM), pageCompression=1)
    canvas.setTitle(title)
    try:
        for number in range(pages):
            chunk = ids[number * page.per_page:(number + 1) * page.per_page]
            line = tr("{title} — page {page} of {pages} — cards {size}").format(
                title=title, page=number + 1, pages=pages, size=size_words)
            _title(canvas, paper, line)
            for slot, card_id in zip(page.slots, chunk, strict=False):
                front, back = halves(slot) if fold else (slot, None)
                _draw_clipped(canvas, faces[card_id], _grow(front.trim, options.bleed_mm), front.bleed)
                if back is not None:
                    _draw_clipped(canvas, back_images[back_of[card_id]], _grow(back.trim, options.bleed_mm),
                                  back.bleed)
            _draw_marks(canvas, crop_marks(page))
            if fold:
                _draw_marks(canvas, fold_marks(page), dashed=True)
            canvas.showPage()
            if back_of and not fold:
                backs_line = tr("{title} — page {page} of {pages}, backs (turned over {edge})")
                _title(canvas, paper, backs_line.format(title=title, page=number + 1, pages=pages,
                                                        edge=tr(EDGE_WORDS[options.backs])))
                for slot, card_id in zip(page.slots, chunk, strict=False):
                    art = back_box(_grow(slot.trim, options.bleed_mm), paper, options.backs, offset)
                    clip = back_box(slot.bleed, paper, options.backs, offset)
                    _draw_clipped(canvas, back_images[back_of[card_id]], art, clip)
                canvas.showPage()
        canvas.save()
        os.replace(part, out)
    finally:
        part.unlink(missing_ok=True)
    wrote = tr("wrote {file}: {cards} on {pages} of {paper} ({per} a page{shared}), {size}")
    print(wrote.format(file=shown(out), cards=ntr("{n} card", "{n} cards", len(ids)).format(n=len(ids)),
                       pages=ntr("{n} page", "{n} pages", pages).format(n=pages), paper=options.paper,
                       per=page.per_page,
                       shared=tr(", sharing their cut lines") if page.shared else "", size=size_words)
          + (tr(", each card beside its back, to fold") if fold else
             tr(", each page followed by its backs") if back_of else ""))
    if dpi < MIN_DPI:
        wide = ntr("{n} pixel wide", "{n} pixels wide", source[0]).format(n=source[0])
        print(tr("warning: the faces are {wide}, {dpi} dpi at {mm} mm: below {min} dpi they print soft")
              .format(wide=wide, dpi=round(dpi), mm=_num(card[0]), min=MIN_DPI))
    return 0


def _draw_marks(canvas: Canvas, marks: list[Segment], dashed: bool = False) -> None:
    canvas.setLineWidth(MARK_WIDTH_PT)
    canvas.setStrokeGray(0)
    canvas.setDash(*((1, 1) if dashed else ()))
    for x1, y1, x2, y2 in marks:
        canvas.line(x1 * MM, y1 * MM, x2 * MM, y2 * MM)

