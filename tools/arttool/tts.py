"""`tts PACK --game ID --out DIR`: a game's deck for Tabletop Simulator, with the pack's art.

Tabletop Simulator reads a deck's faces from sheets: a grid of at most 10 columns x 7 rows and 4096
pixels a side, whose last cell is the "hidden card" (what a card in another player's hand shows). Each
face of the game is drawn once, as the table draws it with the pack active (the default pack's art where
the pack has none), and the deck's cards point into the sheets as often as the game's deck holds them:
52 for Palace, Palastgeflüster's seated colours and brown cards for N players. Cards with another back
(Palastgeflüster's King cards) form a deck of their own, with their own sheets and back.

Written into DIR: the sheets (`<game>_faces_<n>.png`, and `<game>_<back kind>_faces_<n>.png` for cards
with another back; RGB, the back in the hidden cell), each back (`<game>_<back kind>.png`), an order file
per sheet (the sheet's name with `.txt`: the id of every cell, which `import-sheet` reads), and the saved
object `<game>.json`, which TTS loads from its "Saved Objects" folder. Its `FaceURL` and `BackURL` are
`file://` paths to the written images unless `url_base` names where the designer will host them.

A pack whose check has errors for the game is refused with the manifest line of each, and nothing is
written; a disk that fails midway leaves none of this command's files behind.
"""

from __future__ import annotations

import io
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from cards.manifest import MANIFEST
from game.core.datafile import shown
from game.i18n import ntr, tr
from scenes.art import ArtLibrary, read_pack
from tools.arttool.check import check_pack
from tools.arttool.packs import art_ids, back_kind, deck_counts, library_for

Size = tuple[int, int]

#: Tabletop Simulator's limits for one deck sheet
MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_SIDE = 4096
#: TTS reads a sheet of at least 2x2 cells
MIN_CELLS_A_SIDE = 2
#: a sheet's faces: every cell but the hidden one
FACES_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1
#: a card's id in TTS is its sheet's key in CustomDeck times this, plus its cell
CARD_ID_STRIDE = 100
#: an order file's word for a cell that holds no face
EMPTY_CELL = "-"
#: what every card and deck of a TTS saved object carries (the values TTS writes for a new object)
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}
FLAGS = {"Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False, "Autoraise": True,
         "Sticky": True, "Tooltip": True, "GridProjection": False, "Hands": True, "SidewaysCard": False}


@dataclass(frozen=True)
class SheetPlan:
    """One deck sheet: its grid, the size of a cell, and the faces in reading order."""

    name: str  # the file name without ".png"
    back_kind: str
    columns: int
    rows: int
    cell: Size
    faces: tuple[str, ...]

    @property
    def size(self) -> Size:
        return (self.columns * self.cell[0], self.rows * self.cell[1])

    def order(self) -> list[str]:
        """The id of every cell: the faces, EMPTY_CELL for unused cells, the back kind in the last."""
        cells = self.columns * self.rows
        return [*self.faces, *[EMPTY_CELL] * (cells - len(self.faces) - 1), self.back_kind]


@dataclass(frozen=True)
class Deck:
    """The cards of one back kind: how often each face is in the game, and their sheets."""

    back_kind: str
    counts: dict[str, int]
    sheets: tuple[SheetPlan, ...]


# -- what a game's deck holds --------------------------------------------------------------------------
# -- the sheets --------------------------------------------------------------------------------------
def grid_for(cells: int) -> tuple[int, int]:
    """The smallest grid of up to MAX_COLUMNS columns that holds `cells` (the hidden cell included)."""
    columns = max(MIN_CELLS_A_SIDE, min(MAX_COLUMNS, cells))
    rows = max(MIN_CELLS_A_SIDE, math.ceil(cells / columns))
    if rows > MAX_ROWS:
        raise ValueError(f"{cells} cells do not fit a {MAX_COLUMNS}x{MAX_ROWS} sheet")
    return columns, rows


def cell_size(card: Size, columns: int, rows: int) -> Size:
    """The card's size, made smaller (never larger) so the sheet stays within MAX_SIDE a side."""
    scale = min(1.0, MAX_SIDE / (columns * card[0]), MAX_SIDE / (rows * card[1]))
    return (max(1, math.floor(card[0] * scale)), max(1, math.floor(card[1] * scale)))


def plan_decks(game_id: str, players: int, card: Size, kinds: tuple[str, ...]) -> list[Deck]:
    counts = deck_counts(game_id, players)
    by_back: dict[str, dict[str, int]] = {}
    for art_id, n in counts.items():
        by_back.setdefault(back_kind(game_id, art_id, kinds), {})[art_id] = n
    decks = []
    for kind, faces in by_back.items():
        ids = list(faces)
        sheets = []
        for start in range(0, len(ids), FACES_PER_SHEET):
            chunk = tuple(ids[start:start + FACES_PER_SHEET])
            columns, rows = grid_for(len(chunk) + 1)
            name = sheet_name(game_id, kind, start // FACES_PER_SHEET + 1)
            sheets.append(SheetPlan(name, kind, columns, rows, cell_size(card, columns, rows), chunk))
        decks.append(Deck(kind, faces, tuple(sheets)))
    return decks


def sheet_name(game_id: str, kind: str, number: int) -> str:
    """`palace_faces_1`, `palastgefluester_king_back_faces_1`: a sheet's file name without ".png"."""
    return f"{game_id}_faces_{number}" if kind == "back" else f"{game_id}_{kind}_faces_{number}"


def back_name(game_id: str, kind: str) -> str:
    return f"{game_id}_{kind}.png"


def render_sheet(plan: SheetPlan, lib: ArtLibrary, game_id: str) -> pygame.Surface:
    """The sheet as TTS reads it: RGB (no alpha: a transparent corner would show TTS's white)."""
    sheet = pygame.Surface(plan.size)
    sheet.fill((0, 0, 0))
    w, h = plan.cell
    order = plan.order()
    hidden = len(order) - 1
    for index, art_id in enumerate(order):
        if art_id == EMPTY_CELL:
            continue
        is_back = index == hidden
        art = lib.back(game_id, plan.cell, art_id) if is_back else lib.card(game_id, art_id, plan.cell)
        sheet.blit(art, ((index % plan.columns) * w, (index // plan.columns) * h))
    return sheet


def rgb_png(surface: pygame.Surface) -> bytes:
    """The surface as an RGB PNG (TTS's sheets have no use for alpha)."""
    flat = pygame.Surface(surface.get_size())
    flat.fill((0, 0, 0))
    flat.blit(surface, (0, 0))
    buffer = io.BytesIO()
    pygame.image.save(flat, buffer, "sheet.png")
    return buffer.getvalue()


# -- the saved object --------------------------------------------------------------------------------
def transform(x: float = 0.0, face_down: bool = True) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def custom_deck_entry(face_url: str, back_url: str, plan: SheetPlan) -> dict[str, Any]:
    return {"FaceURL": face_url, "BackURL": back_url, "NumWidth": plan.columns, "NumHeight": plan.rows,
            "BackIsHidden": True, "UniqueBack": False, "Type": 0}


def saved_object(game_id: str, title: str, decks: list[Deck], urls: dict[str, str]) -> dict[str, Any]:
    """The saved-object file: one deck object per back kind, each with a CustomDeck entry per sheet and
    its cards (DeckIDs, ContainedObjects) as often as the game holds them. `urls` maps a file name to
    the address TTS loads it from."""
    objects = []
    key = 0
    guid = 0
    for position, deck in enumerate(decks):
        custom: dict[str, dict[str, Any]] = {}
        cards: list[dict[str, Any]] = []
        back_url = urls[back_name(game_id, deck.back_kind)]
        for plan in deck.sheets:
            key += 1
            entry = custom_deck_entry(urls[f"{plan.name}.png"], back_url, plan)
            custom[str(key)] = entry
            for cell, art_id in enumerate(plan.faces):
                for _ in range(deck.counts[art_id]):
                    guid += 1
                    cards.append({
                        "GUID": f"{guid:06x}", "Name": "Card", "Transform": transform(),
                        "Nickname": art_id, "Description": "", "GMNotes": "", "ColorDiffuse": dict(GREY),
                        **FLAGS, "CardID": key * CARD_ID_STRIDE + cell, "CustomDeck": {str(key): dict(entry)},
                        "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
                    })
        guid += 1
        objects.append({
            "GUID": f"d{guid:05x}", "Name": "Deck", "Transform": transform(position * 3.0),
            "Nickname": f"{title} ({deck.back_kind})" if len(decks) > 1 else title, "Description": "",
            "GMNotes": "", "ColorDiffuse": dict(GREY), **FLAGS, "HideWhenFaceDown": True,
            "DeckIDs": [card["CardID"] for card in cards], "CustomDeck": custom,
            "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ContainedObjects": cards,
        })
    return {"SaveName": title, "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "",
            "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "",
            "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
            "ObjectStates": objects}


def file_urls(out: Path, names: list[str], url_base: str | None) -> dict[str, str]:
    if url_base:
        base = url_base if url_base.endswith("/") else url_base + "/"
        return {name: base + name for name in names}
    return {name: (out.resolve() / name).as_uri() for name in names}


# -- the command -------------------------------------------------------------------------------------
def pack_errors(folder: Path, game_id: str) -> list[str]:
    """The check's errors that stop an export of the game, each with its manifest line."""
    report = check_pack(folder)
    lines = []
    for finding in report.ordered():
        if finding.level == "error" and finding.game in (None, game_id):
            where = f"{MANIFEST}:{finding.line}: " if finding.line else ""
            lines.append(f"{where}{finding.message}")
    return lines


def export_tts(folder: Path, game_id: str, out: Path, players: int, url_base: str | None = None) -> int:
    folder = folder.resolve()
    errors = pack_errors(folder, game_id)
    if errors:
        print(tr("error: {problem}").format(problem=tr("the pack {pack} cannot be exported for {game}: "
                                                       "nothing is written").format(
            pack=repr(folder.name), game=game_id)), file=sys.stderr)
        for line in errors:
            print(f"  {shown(line)}", file=sys.stderr)
        return 1
    lib, _ = library_for(folder, game_id)
    pack = read_pack(folder)
    ids = art_ids(game_id)
    kinds = ids.images if ids is not None else ("back",)
    decks = plan_decks(game_id, players, pack.game_card_size(game_id), kinds)
    files: dict[str, bytes] = {}
    for deck in decks:
        card = deck.sheets[0].cell
        files[back_name(game_id, deck.back_kind)] = rgb_png(lib.back(game_id, card, deck.back_kind))
        for plan in deck.sheets:
            files[f"{plan.name}.png"] = rgb_png(render_sheet(plan, lib, game_id))
            files[f"{plan.name}.txt"] = ("\n".join(plan.order()) + "\n").encode()
    if lib.problems:  # a face that would be the drawn stand-in: not something to send to a table
        print(tr("error: {problem}").format(problem=tr("the pack {pack} has art that cannot be drawn: "
                                                       "nothing is written").format(pack=repr(folder.name))),
              file=sys.stderr)
        for problem in lib.problems:
            print(f"  {shown(problem)}", file=sys.stderr)
        return 1
    urls = file_urls(out, [name for name in files if name.endswith(".png")], url_base)
    title = f"{pack.title or folder.name} — {game_id}"
    files[f"{game_id}.json"] = (json.dumps(saved_object(game_id, title, decks, urls), indent=2,
                                           ensure_ascii=False) + "\n").encode()
    write_all(out, files)
    sheets = sum(len(deck.sheets) for deck in decks)
    cards = sum(sum(deck.counts.values()) for deck in decks)
    print(tr("wrote {folder}: {sheets}, {cards}, {file}").format(
        folder=shown(out), sheets=ntr("{n} sheet", "{n} sheets", sheets).format(n=sheets),
        cards=ntr("{n} card", "{n} cards", cards).format(n=cards), file=f"{game_id}.json"))
    return 0


def write_all(out: Path, files: dict[str, bytes]) -> None:
    """Write every file, or (when the disk fails) none: the ones written are removed again."""
    written: list[Path] = []
    try:
        for name, data in files.items():
            path = out / name
            path.write_bytes(data)
            written.append(path)
    except OSError:
        for path in written:
            path.unlink(missing_ok=True)
        raise
