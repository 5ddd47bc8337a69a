"""`check PACK`: is an art pack complete, readable and the right shape for the table?

What counts as what:
- error (exit 1): anything the manifest says that the table cannot use. A TOML syntax error; a field
  of the wrong type; an unknown game, card id, back kind or text entry (a typo: the art meant for it
  never shows); an image that is missing, unreadable or empty; a face whose aspect ratio is more than
  ASPECT_TOLERANCE off the manifest's card_size (the table stretches every face to that shape).
- warning (exit 0): what works but falls short. Card ids or backs the pack leaves out (they come from
  the default pack: a pack may cover only some games or cards); a face of the right shape but another
  pixel size than card_size, or faces of one game in several sizes; a face too small for a 4K table
  (see min_face_height); a table background smaller than MIN_TABLE or far from 16:9; an image file in
  the pack that no manifest line names (usually a typo in a path).
- note: facts worth knowing, never a fault (a game the pack leaves to the default pack, a game whose
  art ids are not known yet).
The shipped default pack, and any pack checked with --complete, must name every art id: there, a
missing id is an error, because the table would show a drawn "no art" stand-in.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from cards.image_file import ImageRefused, inside, load_image
from cards.manifest import (
    DEFAULT_CARD_SIZE,
    DEFAULT_PACK,
    MANIFEST,
    MANIFEST_BYTES,
    MAX_ENTRIES,
    Pack,
    card_size_problem,
    image_entry_problem,
    image_files,
    is_area,
    is_colour,
    pick_image,
    read_pack,
)
from cards.manifest_lines import ManifestLines
from game import GAME_IDS
from game.core.datafile import DataFileError, brief, read_toml
from game.core.words import did_you_mean, near_misses, suggestion
from game.i18n import LANGUAGES, ntr, tr
from scenes.art import ASSET_ART_DIR
from tools.arttool.legibility import Lint
from tools.arttool.packs import NOT_IMAGES, ArtIds, art_ids, is_shipped_default
from tools.arttool.report import (
    ASPECT_TOLERANCE,
    FOUR_K,
    LEGIBILITY,
    MIN_TABLE,
    TABLE_ASPECT,
    TABLE_ASPECT_TOLERANCE,
    Report,
    min_face_height,
)

Size = tuple[int, int]

IMAGE_SUFFIXES = frozenset(
    {".png", ".jpg", ".jpeg", ".bmp", ".gif", ".webp", ".tga", ".tif", ".tiff", ".qoi"}
)
TOP_LEVEL_KEYS = frozenset({"name", "author", "card_size", "games", "print"})  # [print]: tools/arttool/pnp.py
TEXT_FIELDS = frozenset({"colour", "safe_area"})
#: how deep and how many files the look for images that no manifest line names goes (a pack is a few
#: folders of a few hundred images; a hostile folder tree must not keep the check busy)
MAX_FOLDER_DEPTH = 8
MAX_FOLDER_ENTRIES = 20_000
#: unknown card ids of one game reported one by one (with a near miss); the rest in one line
UNKNOWN_LISTED = 5


def check_pack(folder: Path, complete: bool = False) -> Report:
    folder = folder.resolve()
    report = Report(pack=folder.name, folder=folder, complete=complete or is_shipped_default(folder))
    manifest = folder / MANIFEST
    if not manifest.is_file():
        report.add("error", tr("{folder} has no {file}, so it is not an art pack").format(
            folder=folder, file=MANIFEST), file=MANIFEST)
        return report
    if not inside(folder, manifest):
        report.add("error", tr("{file} leads outside the pack folder (a symlink?)").format(file=manifest),
                   file=MANIFEST)
        return report
    try:
        data, text = read_toml(manifest, MANIFEST_BYTES)
    except DataFileError as exc:
        report.add("error", exc.message, file=MANIFEST, line=exc.line)
        return report
    pack = read_pack(folder)
    report.title, report.author = pack.title, pack.author
    _Checker(report, pack, ManifestLines(text)).run(data)
    if pack.error and not report.count("error"):
        report.add("error", pack.error, file=MANIFEST)
    return report


@dataclass
class _Image:
    size: Size | None
    problem: str | None  # why it cannot be used


class _Checker:
    def __init__(self, report: Report, pack: Pack, lines: ManifestLines) -> None:
        self.report = report
        self.pack = pack
        self.lines = lines
        self.images: dict[str, _Image] = {}
        self.named_files: set[str] = set()
        self._default: Pack | None = None
        #: game id -> its unknown card ids in [games.<id>.cards] and in [games.<id>.text], in order
        self.unknown: dict[str, list[str]] = {}
        self.unknown_text: dict[str, list[str]] = {}
        self.legibility = Lint()

    def add(self, level: str, message: str, *path: str, **where: Any) -> None:
        self.report.add(level, message, line=self.lines.line(*path), **where)

    # -- the manifest ------------------------------------------------------------------------------
    def run(self, data: dict[str, Any]) -> None:
        if "name" not in data:
            self.add("note", tr("no name: the settings menu shows the folder name {name}").format(
                name=repr(self.pack.name)))
        if "card_size" not in data:
            w, h = DEFAULT_CARD_SIZE
            self.add("note", tr("no card_size: the table assumes {width}x{height}").format(width=w, height=h))
        elif (problem := card_size_problem(data["card_size"])) is not None:
            self.add("error", problem, "card_size")
        for key in data:
            if key not in TOP_LEVEL_KEYS:
                self.add("warning",
                         tr("{key} is not a manifest field; the table ignores it").format(key=repr(key)),
                         key)
        games = data.get("games", {})
        if not isinstance(games, dict):
            self.add("error", tr("games must be tables: [games.<game id>]"), "games")
            return
        for game_id, table in games.items():
            self.game(game_id, table)
        for game_id in GAME_IDS:
            if game_id not in games:
                self.uncovered(game_id)
        self.unused_files()

    def uncovered(self, game_id: str) -> None:
        ids = art_ids(game_id)
        if ids is None:
            self.add("note", tr("{game}: no art ids known yet").format(game=game_id), game=game_id)
        elif self.report.complete:
            self.add(
                "error",
                tr("{game}: no [games.{game}] table: all its {n} cards show stand-ins").format(
                    game=game_id, n=len(ids.cards)),
                game=game_id,
            )
        else:
            self.add("note",
                     tr("{game}: not in this pack; the default pack's art is used").format(game=game_id),
                     game=game_id)

    def game(self, game_id: str, table: Any) -> None:
        where = ("games", game_id)
        if game_id not in GAME_IDS:
            close = did_you_mean(game_id, GAME_IDS)
            self.add("error", tr("unknown game {game}{guess}; games: {games}").format(
                game=repr(game_id), guess=close, games=", ".join(GAME_IDS)), *where)
            return
        if not isinstance(table, dict):
            self.add("error", tr("[games.{game}] must be a table").format(game=game_id), *where, game=game_id)
            return
        ids = art_ids(game_id)
        if ids is None:
            self.add("note", tr("{game}: no art ids known yet, so ids are not checked").format(game=game_id),
                     *where, game=game_id)
        if "card_size" in table and (problem := card_size_problem(table["card_size"])) is not None:
            self.add("error", problem, *where, "card_size", game=game_id)
        cards = table.get("cards", {})
        if isinstance(cards, dict):
            for card_id, file in self.bounded(cards, game_id, (*where, "cards")):
                self.card(game_id, ids, card_id, file)
            self.more_unknown(game_id, self.unknown.get(game_id, []), (*where, "cards"))
        else:
            self.add("error", tr("cards must be a table of card id = image file"), *where, "cards",
                     game=game_id)
        if "text" in table:
            self.text(game_id, ids, table["text"])
        for key, value in table.items():
            if key not in NOT_IMAGES:
                self.other_image(game_id, ids, key, value)
        if ids is not None:
            self.missing(game_id, ids, cards if isinstance(cards, dict) else {}, table)
        self.sizes_agree(game_id)
        for found in self.legibility.findings(game_id):
            self.report.add(found.level, found.message, line=found.line, game=game_id, art_id=found.art_id,
                            file=found.file, lint=LEGIBILITY)

    def card(self, game_id: str, ids: ArtIds | None, card_id: str, file: Any) -> None:
        path = ("games", game_id, "cards", card_id)
        if ids is not None and card_id not in ids.cards:
            if self.counted(self.unknown, game_id, card_id):
                return  # its image is not the table's business
            self.add(
                "error",
                tr("{game}: unknown card id {card}{guess}; the table never asks for it").format(
                    game=game_id, card=repr(card_id), guess=did_you_mean(card_id, ids.cards)),
                *path,
                game=game_id,
                art_id=card_id,
            )
        label = tr("card {card}").format(card=repr(card_id))
        for code, each in self.image_files(f"{game_id} {label}", file, path, game_id, card_id):
            self.face(game_id, card_id, _in_language(label, code), each, (*path, code))

    def bounded(self, table: dict[str, Any], game_id: str, where: tuple[str, ...]) -> list[tuple[str, Any]]:
        """The first MAX_ENTRIES entries of a table, as the table reads them; more is an error."""
        if len(table) > MAX_ENTRIES:
            said = tr("[{table}] has {n} entries, more than a pack needs: only the first {most} are read")
            self.add("error", said.format(table=".".join(where), n=len(table), most=MAX_ENTRIES), *where,
                     game=game_id)
        return list(table.items())[:MAX_ENTRIES]

    @staticmethod
    def counted(unknown: dict[str, list[str]], game_id: str, card_id: str) -> bool:
        """Note an unknown card id of a game; True when it is past the first UNKNOWN_LISTED, so it is
        only counted (more_unknown), not reported on a line of its own."""
        found = unknown.setdefault(game_id, [])
        found.append(card_id)
        return len(found) > UNKNOWN_LISTED

    def more_unknown(self, game_id: str, unknown: list[str], where: tuple[str, ...]) -> None:
        """One line for the unknown card ids past the first UNKNOWN_LISTED."""
        if len(unknown) > UNKNOWN_LISTED:
            rest = unknown[UNKNOWN_LISTED:]
            self.add("error", ntr("{game}: {n} more unknown card id: {ids}",
                                  "{game}: {n} more unknown card ids, among them {ids}", len(rest)).format(
                game=game_id, n=len(rest), ids=", ".join(repr(c) for c in rest[:UNKNOWN_LISTED])),
                *where, game=game_id)

    def other_image(self, game_id: str, ids: ArtIds | None, key: str, value: Any) -> None:
        path = ("games", game_id, key)
        if ids is not None and key not in ids.images:
            self.add(
                "error",
                tr("{game}: unknown key {key}{guess}; the table asks for {keys} and cards").format(
                    game=game_id, key=repr(key), guess=did_you_mean(key, ids.images),
                        keys=", ".join(ids.images)),
                *path,
                game=game_id,
                art_id=key,
                file=value if isinstance(value, str) else None,
            )
        for code, file in self.image_files(f"{game_id} {key}", value, path, game_id, key):
            if key == "table":
                self.table_image(game_id, file, (*path, code))
            else:
                self.face(game_id, key, _in_language(key, code), file, (*path, code))

    def image_files(
        self, what: str, value: Any, path: tuple[str, ...], game_id: str, art_id: str
    ) -> list[tuple[str, str]]:
        """The usable (language, file) pairs of an image entry ("" for a file of every language); each
        bad part is an error, a language the table lacks a note (the English face, or the one there
        is, shows in its place)."""
        where = {"game": game_id, "art_id": art_id}
        if not isinstance(value, dict) or not value:
            problem = image_entry_problem(value)
            if problem is not None:
                self.add("error", f"{what}: {problem}", *path, **where)
                return []
            return [("", value)] if isinstance(value, str) else []
        usable: list[tuple[str, str]] = []
        for code, file in value.items():
            problem = image_entry_problem({code: file})
            if problem is not None:
                self.add("error", f"{what}: {problem}", *path, code, **where)
            else:
                usable.append((code, file))
        given = {code for code, _ in usable}
        lacking = [code for code in LANGUAGES if code not in given]
        if usable and lacking:
            shown_instead = pick_image(dict(usable), lacking[0])
            self.add("note", tr("{what}: no {languages} image; {file} shows in its place").format(
                what=what, languages=", ".join(lacking), file=shown_instead), *path, **where)
        return usable

    def text(self, game_id: str, ids: ArtIds | None, text: Any) -> None:
        where = ("games", game_id, "text")
        if not isinstance(text, dict):
            self.add("error",
                     tr("text must be a table of card id (or default) = {{ colour, safe_area }}").format(),
                     *where)
            return
        w, h = self.pack.game_card_size(game_id)
        for key, entry in self.bounded(text, game_id, where):
            path = (*where, key)
            if (key != "default" and ids is not None and key not in ids.cards
                    and not self.counted(self.unknown_text, game_id, key)):
                self.add(
                    "error",
                tr("{game}: text for unknown card id {card}{guess}").format(
                    game=game_id, card=repr(key), guess=did_you_mean(key, ids.cards)),
                    *path,
                    game=game_id,
                    art_id=key,
                )
            if not isinstance(entry, dict):
                self.add("error", tr("text {key} must be {{ colour, safe_area }}").format(key=repr(key)),
                         *path, game=game_id)
                continue
            for name in entry:
                if name not in TEXT_FIELDS:
                    self.add(
                        "warning",
                        tr("text {key}: {name} is not a text field; the table ignores it").format(
                            key=repr(key), name=repr(name)),
                        *path,
                        name,
                        game=game_id,
                    )
            colour = entry.get("colour")
            if colour is not None and not is_colour(colour):
                self.add(
                    "error",
                    tr("text {key}: colour must be [r, g, b] with 0..255, not {value}").format(
                        key=repr(key), value=brief(colour)),
                    *path,
                    "colour",
                    game=game_id,
                )
            area = entry.get("safe_area")
            if area is not None and not is_area(area, (w, h)):
                self.add(
                    "error",
                    tr("text {key}: safe_area must be [x, y, w, h] inside the {width}x{height} card, not "
                       "{value}").format(key=repr(key), width=w, height=h, value=brief(area)),
                    *path,
                    "safe_area",
                    game=game_id,
                )
        self.more_unknown(game_id, self.unknown_text.get(game_id, []), where)

    def missing(self, game_id: str, ids: ArtIds, cards: dict[str, Any], table: dict[str, Any]) -> None:
        absent = [c for c in ids.cards if c not in cards] + [k for k in ids.images if k not in table]
        if not absent:
            return
        where = ("games", game_id)
        if self.report.complete:
            self.add(
                "error",
                ntr("{game}: {n} art id is missing, so the table shows a stand-in for it: {ids}",
                    "{game}: {n} art ids are missing, so the table shows stand-ins for them: {ids}",
                    len(absent)).format(game=game_id, n=len(absent), ids=", ".join(absent)),
                *where,
                game=game_id,
            )
            return
        default = self.default_pack()
        not_in_default = [a for a in absent if not _names(default, game_id, a)]
        total = len(ids.cards) + len(ids.images)
        message = ntr("{game}: {n} of {total} art ids is not in this pack and comes from the default pack: "
                      "{ids}",
                      "{game}: {n} of {total} art ids are not in this pack and come from the default pack: "
                      "{ids}",
                      len(absent)).format(game=game_id, n=len(absent), total=total, ids=", ".join(absent))
        if not_in_default:
            message += " " + tr("(the default pack lacks {ids} too: stand-ins show)").format(
                ids=", ".join(not_in_default))
        self.add("warning", message, *where, game=game_id)

    # -- the images --------------------------------------------------------------------------------
    def load(self, file: str) -> _Image:
        key = Path(file).as_posix()
        self.named_files.add(key)
        if key in self.images:
            return self.images[key]
        path = self.pack.folder / file
        if _absent(path):
            found = _Image(None, tr("{file} is missing{guess}").format(file=file,
                                                                       guess=self.similar_file(key)))
        else:
            try:  # as the table loads it: the size is checked before anything is decoded
                found = _Image(load_image(path, self.pack.folder, file).get_size(), None)
            except ImageRefused as exc:
                found = _Image(None, str(exc))
        self.images[key] = found
        return found

    def face(self, game_id: str, art_id: str, label: str, file: str, path: tuple[str, ...]) -> None:
        what = f"{game_id} {label}"
        where = {"game": game_id, "art_id": art_id, "file": file}
        image = self.load(file)
        if image.size is None:
            self.add("error", f"{what}: {image.problem}", *path, **where)
            return
        (w, h), (cw, ch) = image.size, self.pack.game_card_size(game_id)
        off = abs((w / h) / (cw / ch) - 1)
        if off > ASPECT_TOLERANCE:
            self.add(
                "error",
                tr("{what}: {file} is {width}x{height} (aspect {aspect}), but card_size "
                   "{card_width}x{card_height} is {card_aspect}: {off} off, the table would stretch it")
                .format(what=what, file=file, width=w, height=h, aspect=f"{w / h:.3f}", card_width=cw,
                        card_height=ch, card_aspect=f"{cw / ch:.3f}", off=f"{off:.1%}"),
                *path,
                **where,
            )
            return
        if (w, h) != (cw, ch):
            self.add(
                "warning",
                tr("{what}: {file} is {width}x{height}, not the card_size {card_width}x{card_height} (same "
                   "shape, so it is scaled)").format(what=what, file=file, width=w, height=h, card_width=cw,
                                                     card_height=ch),
                *path,
                **where,
            )
        if h < min_face_height():
            self.add(
                "warning",
                tr("{what}: {file} is {height} px tall; on a {screen_width}x{screen_height} table cards are "
                   "drawn up to {most} px tall, so it will look soft").format(
                    what=what, file=file, height=h, screen_width=FOUR_K[0], screen_height=FOUR_K[1],
                    most=min_face_height()),
                *path,
                **where,
            )
        self.read_legibility(game_id, art_id, file, path)

    def read_legibility(self, game_id: str, art_id: str, file: str, path: tuple[str, ...]) -> None:
        """Measure the words on a face (tools/arttool/legibility.py) for the game's sum-up."""
        try:
            image = load_image(self.pack.folder / file, self.pack.folder, file)
        except ImageRefused:
            return  # already reported by load()
        text = ("games", game_id, "text")
        colour_line = self.lines.line(*text, art_id, "colour") if art_id in self.text_entries(game_id) \
            else self.lines.line(*text, "default", "colour")
        self.legibility.face(self.pack, game_id, art_id, file, self.lines.line(*path), image, colour_line)

    def text_entries(self, game_id: str) -> dict[str, Any]:
        text = self.pack.games.get(game_id, {}).get("text", {})
        own = {key: entry for key, entry in text.items() if isinstance(entry, dict) and "colour" in entry} \
            if isinstance(text, dict) else {}
        return own

    def table_image(self, game_id: str, file: str, path: tuple[str, ...]) -> None:
        where = {"game": game_id, "art_id": "table", "file": file}
        image = self.load(file)
        if image.size is None:
            self.add("error", tr("{game} table: {problem}").format(game=game_id, problem=image.problem),
                     *path, **where)
            return
        w, h = image.size
        if w < MIN_TABLE[0] or h < MIN_TABLE[1]:
            self.add(
                "warning",
                tr("{game} table: {file} is {width}x{height}, smaller than {least_width}x{least_height}: it "
                   "will look soft on large screens").format(game=game_id, file=file, width=w, height=h,
                                                             least_width=MIN_TABLE[0],
                                                             least_height=MIN_TABLE[1]),
                *path,
                **where,
            )
        off = abs((w / h) / TABLE_ASPECT - 1)
        if off > TABLE_ASPECT_TOLERANCE:
            self.add(
                "warning",
                tr("{game} table: {file} is {width}x{height} (aspect {aspect}); it is cropped to fill the "
                   "window, so on a 16:9 screen much of it is cut off: give it about 16:9").format(
                    game=game_id, file=file, width=w, height=h, aspect=f"{w / h:.2f}"),
                *path,
                **where,
            )

    def sizes_agree(self, game_id: str) -> None:
        game = self.pack.games.get(game_id, {})
        entries = list(game.get("cards", {}).values())
        entries += [v for k, v in game.items() if k not in NOT_IMAGES and k != "table"]
        files = [file for entry in entries for file in image_files(entry)]
        counts: dict[Size, int] = {}
        for file in dict.fromkeys(Path(f).as_posix() for f in files):
            size = self.images.get(file, _Image(None, None)).size
            if size is not None:
                counts[size] = counts.get(size, 0) + 1
        if len(counts) > 1:
            sizes = ", ".join(f"{w}x{h} ({n})" for (w, h), n in sorted(counts.items(), key=lambda i: -i[1]))
            self.add(
                "warning",
                tr("{game}: the faces come in {n} sizes: {sizes}; draw them all at one size").format(
                    game=game_id, n=len(counts), sizes=sizes),
                "games",
                game_id,
                game=game_id,
            )

    def unused_files(self) -> None:
        for file in self.folder_images():
            if file not in self.named_files:
                self.report.add(
                    "warning",
                    tr("{file} is in the pack but no manifest line names it (a typo in a path?)").format(
                        file=file),
                    file=file,
                )

    def folder_images(self) -> list[str]:
        """The image files in the pack folder (relative, with "/"), hidden ones left out; symlinked
        folders are not followed, and the look stops at MAX_FOLDER_DEPTH and MAX_FOLDER_ENTRIES."""
        found: list[str] = []
        seen = 0
        pending: list[tuple[str, int]] = [("", 0)]
        while pending and seen < MAX_FOLDER_ENTRIES:
            relative, depth = pending.pop()
            try:
                with os.scandir(self.pack.folder / relative) as entries:
                    listed = list(entries)
            except OSError:
                continue
            for entry in listed:
                seen += 1
                if entry.name.startswith("."):
                    continue
                name = f"{relative}/{entry.name}" if relative else entry.name
                try:
                    if entry.is_dir(follow_symlinks=False):
                        if depth + 1 < MAX_FOLDER_DEPTH:
                            pending.append((name, depth + 1))
                    elif Path(entry.name).suffix.lower() in IMAGE_SUFFIXES and entry.is_file():
                        found.append(name)
                except OSError:
                    continue
        return sorted(found)

    def similar_file(self, file: str) -> str:
        """A near miss of a missing file among the pack's images: one of the same folder and suffix
        whose name is a near miss of its name, or one of the same name in another folder. The whole
        path is never compared: "palace/" and ".png" in common make any two faces look alike."""
        wanted = PurePosixPath(file)
        images = [PurePosixPath(found) for found in self.folder_images()]
        neighbours = {path.stem: path for path in images
                      if path.parent == wanted.parent and path.suffix.lower() == wanted.suffix.lower()}
        close = [str(neighbours[stem]) for stem in near_misses(wanted.stem, neighbours)]
        if not close:
            close = [str(path) for path in images if path.name == wanted.name]
        return suggestion(close, quote=False)

    def default_pack(self) -> Pack | None:
        if self._default is None and (ASSET_ART_DIR / DEFAULT_PACK / MANIFEST).is_file():
            self._default = read_pack(ASSET_ART_DIR / DEFAULT_PACK)
        return self._default


def _names(pack: Pack | None, game_id: str, art_id: str) -> bool:
    if pack is None or pack.error:
        return False
    game = pack.games.get(game_id, {})
    return art_id in game.get("cards", {}) or art_id in game


def _absent(path: Path) -> bool:
    """Whether nothing is at `path` (not even a broken symlink). A name the system refuses (longer than
    it allows, a NUL) is not absent: loading it says why it cannot be read."""
    try:
        path.lstat()
    except (FileNotFoundError, NotADirectoryError):
        return True
    except (OSError, ValueError):
        return False
    return False


def _in_language(label: str, code: str) -> str:
    """An art id's label, with the language of its image where the image is one language's."""
    return f"{label} ({code})" if code else label
