"""`import-sheet SHEET.png --grid 10x7 --game ID --order FILE.txt --out PACK`: a grid sheet cut into faces.

A sheet of equal cells (a Tabletop Simulator deck sheet, a printed sheet's scan) becomes a new art pack:
each cell is saved as one face, and the manifest names it by the card id the order file gives for that
cell. The order file holds one word per cell in reading order (left to right, top to bottom), one to a
line: a card id of the game, a back kind of the game ("back", "king_back") for a cell that holds a back,
or "-" for a cell to leave out; blank lines and lines starting with "#" are skipped. `tts` writes such a
file beside each sheet it writes.

Refused, with nothing written: a grid that does not divide the sheet (its measured size and the nearest
grid that does are named), cells too small or too oddly shaped for a card, an order file that names an id
the game does not have, names one twice or has another number of cells than the grid, and an output
folder that already holds files. The pack is written into a new folder beside PACK and renamed into place
at the end, so a failure leaves no half pack.

A sheet holds cards and backs, not the table background: `--table FILE` adds one, so a sheet that holds
all of a game's cards and its back makes a pack in which nothing comes from the default pack.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pygame

from cards.image_file import ImageRefused, load_image
from cards.manifest import CARD_ASPECTS, CARD_SIDES, MANIFEST, MAX_TITLE_CHARS
from game.core.datafile import shown
from game.i18n import tr
from tools.arttool.packs import NOT_IMAGES, art_ids

Size = tuple[int, int]

#: the most cells a side a grid may have: a TTS sheet has 10x7; a printed sheet far fewer
MAX_GRID_SIDE = 40
SKIP = "-"


class SheetRefused(ValueError):
    """Why the sheet, its grid or its order file cannot make a pack; the message names the file."""

    def __init__(self, message: str, usage: bool = False) -> None:
        super().__init__(message)
        #: a mistake in the arguments (the grid does not fit the sheet): usage and exit 2
        self.usage = usage


def grid(text: str) -> tuple[int, int]:
    """An argparse type: COLUMNSxROWS, each 1 to MAX_GRID_SIDE."""
    columns, sep, rows = text.strip().lower().partition("x")
    if not (sep and columns.isdigit() and rows.isdigit()):
        raise argparse.ArgumentTypeError(tr("a grid is COLUMNSxROWS, such as 10x7, not {text}").format(
            text=repr(text)))
    size = (int(columns), int(rows))
    if not all(1 <= side <= MAX_GRID_SIDE for side in size):
        message = tr("the grid {text} is out of range: each side is 1 to {most}")
        raise argparse.ArgumentTypeError(message.format(text=repr(text), most=MAX_GRID_SIDE))
    return size


def nearest_grid(sheet: Size, wanted: tuple[int, int]) -> tuple[int, int] | None:
    """The grid closest to `wanted` whose cells divide the sheet exactly and can be cards, or None."""
    fits = [
        (c, r) for c in range(1, MAX_GRID_SIDE + 1) for r in range(1, MAX_GRID_SIDE + 1)
        if sheet[0] % c == 0 and sheet[1] % r == 0 and cell_problem((sheet[0] // c, sheet[1] // r)) is None
    ]
    if not fits:
        return None
    return min(fits, key=lambda g: (abs(g[0] - wanted[0]) + abs(g[1] - wanted[1]), -g[0] * g[1]))


def cell_problem(cell: Size) -> str | None:
    """Why a cell of this size cannot be a card face of a pack, or None when it can."""
    (w, h), (low, high) = cell, CARD_SIDES
    if not (low <= w <= high and low <= h <= high):
        return tr("a cell is {width}x{height} px: a card is {low} to {high} px a side").format(
            width=w, height=h, low=low, high=high)
    if not CARD_ASPECTS[0] <= w / h <= CARD_ASPECTS[1]:
        return tr("a cell is {width}x{height} px: too narrow or too wide for a card (width / height is "
                  "1/4 to 4)").format(width=w, height=h)
    return None


@dataclass(frozen=True)
class Cell:
    index: int
    art_id: str  # a card id or a back kind


def read_order(path: Path, game_id: str, cells: int) -> list[Cell]:
    """The cells the order file names (SKIP cells left out), each id checked against the game."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SheetRefused(tr("{file} cannot be read ({reason})").format(
            file=shown(path), reason=getattr(exc, "strerror", None) or shown(exc))) from None
    ids = art_ids(game_id)
    if ids is None:
        raise SheetRefused(tr("no art ids known yet for {game}: an order file cannot be checked").format(
            game=game_id))
    backs = [kind for kind in ids.images if kind not in NOT_IMAGES and kind != "table"]
    known = set(ids.cards) | set(backs)
    words: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        word = line.strip()
        if word and not word.startswith("#"):
            words.append((number, word))
    if len(words) != cells:
        raise SheetRefused(tr("{file} names {n} cells, but the grid has {cells}: give one id (or \"-\") "
                              "per cell").format(file=shown(path), n=len(words), cells=cells))
    seen: dict[str, int] = {}
    chosen = []
    for index, (number, word) in enumerate(words):
        if word == SKIP:
            continue
        if word not in known:
            raise SheetRefused(tr("{file} line {line}: {id} is not a card of {game} (nor one of its backs: "
                                  "{backs})").format(file=shown(path), line=number, id=repr(shown(word)),
                                                     game=game_id, backs=", ".join(backs)))
        if word in seen:
            raise SheetRefused(tr("{file} line {line}: {id} is named twice (first on line {first})").format(
                file=shown(path), line=number, id=repr(word), first=seen[word]))
        seen[word] = number
        chosen.append(Cell(index, word))
    return chosen


def load_sheet(path: Path) -> pygame.Surface:
    try:
        resolved = path.resolve()
        return load_image(resolved, resolved.parent, name=str(path))
    except (ImageRefused, OSError) as exc:
        raise SheetRefused(shown(exc)) from None


def cut(sheet: pygame.Surface, columns: int, rows: int, path: Path) -> Size:
    """The size of a cell; refused (naming the nearest grid that fits) when the grid does not divide
    the sheet."""
    w, h = sheet.get_size()
    if w % columns or h % rows:
        nearest = nearest_grid((w, h), (columns, rows))
        hint = (tr("the nearest grid that fits is {grid}").format(grid=f"{nearest[0]}x{nearest[1]}")
                if nearest else tr("no grid of up to {most} a side fits it").format(most=MAX_GRID_SIDE))
        raise SheetRefused(tr("{file} is {width}x{height} px, which a {grid} grid does not divide into equal "
                              "cells: {hint}").format(file=shown(path), width=w, height=h,
                                                      grid=f"{columns}x{rows}", hint=hint), usage=True)
    cell = (w // columns, h // rows)
    problem = cell_problem(cell)
    if problem is not None:
        raise SheetRefused(tr("{file} with a {grid} grid: {problem}").format(
            file=shown(path), grid=f"{columns}x{rows}", problem=problem), usage=True)
    return cell


def face_file(game_id: str, art_id: str, taken: set[str]) -> str:
    """A file name for a face inside the pack: the id with its "/" made "_" (and a number if taken)."""
    stem = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in art_id.replace("/", "_")) or "card"
    name, n = f"{game_id}/{stem}.png", 1
    while name in taken:
        n += 1
        name = f"{game_id}/{stem}_{n}.png"
    taken.add(name)
    return name


def toml_string(text: str) -> str:
    """A TOML basic string (JSON's escapes, ASCII only, are TOML's too)."""
    return json.dumps(text, ensure_ascii=True)


def manifest_text(title: str, game_id: str, cell: Size, files: dict[str, str], backs: set[str]) -> str:
    lines = [f"name = {toml_string(title)}", f"card_size = [{cell[0]}, {cell[1]}]", "",
             f"[games.{toml_string(game_id)}]"]
    lines += [f"{toml_string(kind)} = {toml_string(files[kind])}" for kind in files if kind in backs]
    lines += ["", f"[games.{toml_string(game_id)}.cards]"]
    lines += [f"{toml_string(art_id)} = {toml_string(file)}" for art_id, file in files.items()
              if art_id not in backs]
    return "\n".join(lines) + "\n"


def png(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "face.png")
    return buffer.getvalue()


def check_output(out: Path) -> None:
    try:
        if out.exists() and (not out.is_dir() or any(out.iterdir())):
            raise SheetRefused(tr("{folder} already holds files: give a new folder for the pack").format(
                folder=shown(out)), usage=True)
        if not out.parent.is_dir():
            raise SheetRefused(tr("cannot make the folder {folder}: {parent} does not exist").format(
                folder=shown(out), parent=shown(out.parent)), usage=True)
    except OSError as exc:
        raise SheetRefused(tr("{file} cannot be opened ({reason})").format(
            file=shown(out), reason=exc.strerror or shown(exc)), usage=True) from None


def import_sheet(sheet_path: Path, columns: int, rows: int, game_id: str, order: Path, out: Path,
                 table: Path | None = None) -> int:
    """Cut the sheet into a new pack at `out` (with `table` as the game's table background, as a sheet
    holds none). Raises SheetRefused (nothing written) or OSError."""
    check_output(out)
    table_image = load_sheet(table) if table is not None else None
    sheet = load_sheet(sheet_path)
    cell = cut(sheet, columns, rows, sheet_path)
    cells = read_order(order, game_id, columns * rows)
    ids = art_ids(game_id)
    backs = set(ids.images) if ids is not None else set()
    taken: set[str] = set()
    files: dict[str, str] = {}
    images: dict[str, bytes] = {}
    for entry in cells:
        x, y = (entry.index % columns) * cell[0], (entry.index // columns) * cell[1]
        file = face_file(game_id, entry.art_id, taken)
        files[entry.art_id] = file
        images[file] = png(sheet.subsurface((x, y, *cell)).copy())
    if table_image is not None:
        files["table"] = face_file(game_id, "table", taken)
        images[files["table"]] = png(table_image)
    title = out.name[:MAX_TITLE_CHARS]
    write_pack(out, manifest_text(title, game_id, cell, files, backs), images)
    print(tr("wrote the pack {folder}: {n} faces of {width}x{height} px for {game}").format(
        folder=shown(out), n=len(cells), width=cell[0], height=cell[1], game=game_id))
    return 0


def write_pack(out: Path, manifest: str, images: dict[str, bytes]) -> None:
    """Write the pack into a new folder beside `out` and rename it into place: all or nothing."""
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        for name, data in images.items():
            path = work / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        (work / MANIFEST).write_text(manifest, encoding="utf-8")
        if out.is_dir():  # an empty folder the designer made for it
            out.rmdir()
        os.replace(work, out)
    except OSError:
        shutil.rmtree(work, ignore_errors=True)
        raise

