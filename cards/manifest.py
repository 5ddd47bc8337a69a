"""Reading an art pack's manifest (pack.toml) and finding packs, whatever the files hold.

The manifest's form is described in scenes/art.py. A card designer's file may hold anything: every
field is checked for its type and range before the table uses it, and each fault is reported with the
manifest line it is on ("art pack 'mine': pack.toml line 3: card_size ..."). A manifest that cannot
be read at all (not UTF-8, not TOML, nested too deeply, a number of thousands of digits, a symlink
that leads out of the pack) sets `Pack.error`; the pack's games then show stand-ins.

Names that come from the file system or a manifest and end up on the screen are checked too: a pack
folder whose name is not UTF-8 or holds control characters is not offered (settings.json could not
name it, a font cannot draw it), and ids with control characters are refused (no game has such a card).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from cards.image_file import inside
from cards.manifest_lines import ManifestLines
from game.core.datafile import DataFileError, brief, read_toml, showable, shown
from game.i18n import DEFAULT_LANGUAGE, LANGUAGES, language, tr

DEFAULT_PACK = "default"
MANIFEST = "pack.toml"
DEFAULT_CARD_SIZE = (400, 560)
#: a card face's source pixels, each side: from a thumbnail to four times a 4K table's largest card
CARD_SIDES = (16, 4096)
#: width / height of a card: from a tall bookmark (1:4) to a wide panorama (4:1); beyond, no table layout fits
CARD_ASPECTS = (0.25, 4.0)
#: a pack's name and author as the menus show them
MAX_TITLE_CHARS = 60
#: the largest manifest read: twenty times the shipped default pack's (13 kB for four games); a file
#: of thousands of entries is a mistake, and would keep the gallery busy for seconds
MANIFEST_BYTES = 256 * 1024
#: the most games, and entries of one game's table (cards, text, backs), a manifest may hold: a game
#: has some fifty cards; the entries past this are left out and reported once
MAX_GAMES = 32
MAX_ENTRIES = 1000

Size = tuple[int, int]
Problems = list[str]
#: what a manifest names for one image: a file for every language, or language code -> file
#: (`{ en = "en/zofe.png", de = "de/zofe.png" }`: a face whose name or rule text is printed on it)
ImageEntry = str | dict[str, str]
#: how a manifest names an image per language, as the messages show it
EXAMPLE = '{ en = "…", de = "…" }'


@dataclass
class Pack:
    name: str
    folder: Path
    title: str = ""
    author: str = ""
    card_size: Size = DEFAULT_CARD_SIZE
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: why the manifest could not be read; a broken pack gives stand-in faces for everything
    error: str | None = None

    def entry(self, game_id: str, section: str, key: str | None, lang: str | None = None) -> str | None:
        """The image file for one art id in language `lang` (default: the chosen one), or None."""
        game = self.games.get(game_id)
        if game is None:
            return None
        value = game.get(section) if key is None else game.get(section, {}).get(key)
        return pick_image(value, language() if lang is None else lang)

    def game_card_size(self, game_id: str) -> Size:
        size = self.games.get(game_id, {}).get("card_size")
        return size if isinstance(size, tuple) else self.card_size


def pack_words(name: str) -> str:
    """"art pack 'mine'" in the chosen language: how every message about a pack begins (and how the
    messages about one pack are found again)."""
    return tr("art pack {pack}").format(pack=repr(name))


def card_words(game_id: str, card_id: str | None) -> str:
    """"palastgefluester card 'Zofe/red'" in the chosen language: one card's art in a message."""
    return tr("{game} card {card}").format(game=game_id, card=repr(card_id))


# -- the checks of single fields (the art tool's check uses the same) --------------------------------
def card_size_problem(value: Any) -> str | None:
    """Why `value` cannot be a card_size, or None when it can."""
    if not (isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)):
        return tr("card_size must be [width, height] in whole pixels, not {value}").format(value=brief(value))
    (w, h), (low, high) = value, CARD_SIDES
    if not (low <= w <= high and low <= h <= high):
        return tr("card_size {value} is out of range: each side is {low} to {high} pixels").format(
            value=brief(value), low=low, high=high)
    if not CARD_ASPECTS[0] <= w / h <= CARD_ASPECTS[1]:
        return tr("card_size {value} is too narrow or too wide: width / height is 1/4 to 4").format(
            value=brief(value))
    return None


def size_pair(value: Any) -> Size | None:
    """A usable card_size as a size, else None."""
    return (value[0], value[1]) if card_size_problem(value) is None else None


def usable_path(value: Any) -> bool:
    """A relative path that stays inside the pack folder (as written: symlinks are checked on loading)."""
    if not isinstance(value, str) or not value or not showable(value):
        return False
    path = Path(value)
    return not path.is_absolute() and ".." not in path.parts and not value.startswith("\\")


def image_entry_problem(value: Any) -> str | None:
    """Why `value` cannot name an image (a file, or a table of language code -> file), or None when it
    can. A table with some bad languages is a problem too: the reader keeps its good ones."""
    if isinstance(value, dict):
        if not value:
            return tr("an empty table: give {example} or one file for every language").format(example=EXAMPLE)
        for code, file in value.items():
            if code not in LANGUAGES:
                return tr("{code} is not a language: the languages are {languages} ({example})").format(
                    code=brief(code), languages=", ".join(LANGUAGES), example=EXAMPLE)
            if not usable_path(file):
                return tr("{code} = {value} is not a usable image path (a relative path inside the pack "
                          "folder)").format(code=code, value=brief(file))
        return None
    if usable_path(value):
        return None
    return tr("{value} is not a usable image path (a relative path inside the pack folder, or {example} for "
              "a face in each language)").format(value=brief(value), example=EXAMPLE)


def pick_image(entry: Any, lang: str) -> str | None:
    """The file of an image entry for language `lang`: its own, else the English one, else any."""
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict):
        for code in (lang, DEFAULT_LANGUAGE, *entry):
            if isinstance(entry.get(code), str):
                return entry[code]
    return None


def image_files(entry: Any) -> list[str]:
    """Every file an image entry names (one per language, the same file once)."""
    if isinstance(entry, str):
        return [entry]
    if isinstance(entry, dict):
        return list(dict.fromkeys(v for v in entry.values() if isinstance(v, str)))
    return []


def is_colour(value: Any) -> TypeGuard[list[int]]:
    return isinstance(value, list) and len(value) == 3 and all(_is_int(v) and 0 <= v <= 255 for v in value)


def is_area(value: Any, card: Size) -> TypeGuard[list[float]]:
    """`[x, y, w, h]` of finite numbers inside a card of `card` pixels."""
    if not (isinstance(value, list) and len(value) == 4 and all(_is_number(v) for v in value)):
        return False
    x, y, w, h = value
    return w > 0 and h > 0 and x >= 0 and y >= 0 and x + w <= card[0] and y + h <= card[1]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    if _is_int(value):
        return abs(value) < 2**53  # compared and divided as floats further on
    return isinstance(value, float) and math.isfinite(value)


# -- the manifest -----------------------------------------------------------------------------------
def read_pack(folder: Path, problems: Problems | None = None) -> Pack:
    """Read a pack's manifest. Never raises: a manifest that cannot be read sets `error`; a bad field is
    dropped (the default takes its place) and reported in `problems` with its line."""
    problems = problems if problems is not None else []
    pack = Pack(name=folder.name, folder=folder)
    path = folder / MANIFEST
    if not inside(folder, path):
        pack.error = tr("{pack}: {file} leads outside the pack folder (a symlink?)").format(
            pack=pack_words(pack.name), file=shown(path))
        return pack
    try:
        data, text = read_toml(path, MANIFEST_BYTES)
    except DataFileError as exc:
        pack.error = f"{pack_words(pack.name)}: {shown(path)}: {exc}"
        return pack
    _Reader(pack, ManifestLines(text), problems).manifest(data)
    return pack


class _Reader:
    def __init__(self, pack: Pack, lines: ManifestLines, problems: Problems) -> None:
        self.pack = pack
        self.lines = lines
        self.problems = problems

    def problem(self, message: str, *path: str) -> None:
        line = self.lines.line(*path)
        where = tr("{file} line {line}").format(file=MANIFEST, line=line) if line else MANIFEST
        self.problems.append(f"{pack_words(self.pack.name)}: {where}: {message}")

    def manifest(self, data: dict[str, Any]) -> None:
        pack = self.pack
        games = data.get("games", {})
        if not isinstance(games, dict):
            line = self.lines.line("games")
            at = " " + tr("(line {line})").format(line=line) if line else ""
            pack.error = tr("{pack}: [games] in {file}{at} must be a table").format(
                pack=pack_words(pack.name), file=MANIFEST, at=at)
            return
        pack.title = self.text(data, "name", pack.name)
        pack.author = self.text(data, "author", "")
        if "card_size" in data:
            pack.card_size = self.card_size(data["card_size"], DEFAULT_CARD_SIZE, "card_size")
        for game_id, table in self.bounded(games, MAX_GAMES, "games"):
            if not showable(game_id):
                message = tr("[games.{game}]: a game id with control characters")
                self.problem(message.format(game=brief(game_id)), "games")
            elif not isinstance(table, dict):
                self.problem(tr("[games.{game}] must be a table").format(game=game_id), "games", game_id)
            else:
                pack.games[game_id] = self.game(game_id, table)

    def bounded(self, table: dict[str, Any], most: int, *path: str) -> list[tuple[str, Any]]:
        """The first `most` entries of a table; the rest are reported in one line and left out."""
        if len(table) <= most:
            return list(table.items())
        where = ".".join(shown(part)[:40] for part in path)
        self.problem(tr("[{table}] has {n} entries, more than a pack needs: only the first {most} are read")
                     .format(table=where, n=len(table), most=most), *path)
        return list(table.items())[:most]

    def text(self, data: dict[str, Any], key: str, default: str) -> str:
        value = data.get(key, default)
        if not isinstance(value, str):
            self.problem(tr("{key} must be a text, not {value}").format(key=key, value=brief(value)), key)
            return default
        value = shown(value.strip())
        return value if len(value) <= MAX_TITLE_CHARS else value[: MAX_TITLE_CHARS - 1] + "…"

    def card_size(self, value: Any, fallback: Size, *path: str) -> Size:
        problem = card_size_problem(value)
        if problem is None:
            return (value[0], value[1])
        self.problem(tr("{problem}; using {width}x{height}").format(problem=problem, width=fallback[0],
                                                                    height=fallback[1]), *path)
        return fallback

    def game(self, game_id: str, table: dict[str, Any]) -> dict[str, Any]:
        where = ("games", game_id)
        game: dict[str, Any] = {"cards": {}, "text": {}}
        for key, value in self.bounded(table, MAX_ENTRIES, *where):
            if not showable(key):
                message = tr("[games.{game}]: {key} has control characters")
                self.problem(message.format(game=game_id, key=brief(key)), *where)
            elif key == "cards":
                self.cards(game_id, game, value)
            elif key == "text":
                self.text_styles(game_id, game, value)
            elif key == "card_size":
                game["card_size"] = self.card_size(value, self.pack.card_size, *where, key)
            else:  # back, king_back, table, or another back kind
                image = self.image(f"[games.{game_id}] {key}", value, *where, key)
                if image is not None:
                    game[key] = image
        return game

    def image(self, what: str, value: Any, *path: str) -> ImageEntry | None:
        """An image entry as far as it is usable: a file, or the good languages of a table (each bad
        one reported); None when nothing of it is."""
        if isinstance(value, dict) and value:
            kept = {code: file for code, file in value.items() if image_entry_problem({code: file}) is None}
            for code, file in value.items():
                if code not in kept:
                    self.problem(f"{what}: {image_entry_problem({code: file})}", *path, code)
            return kept or None
        problem = image_entry_problem(value)
        if problem is None:
            return value
        self.problem(f"{what}: {problem}", *path)
        return None

    def cards(self, game_id: str, game: dict[str, Any], value: Any) -> None:
        where = ("games", game_id, "cards")
        if not isinstance(value, dict):
            message = tr("[games.{game}] cards must be a table of card id = image file")
            self.problem(message.format(game=game_id), *where)
            return
        for card_id, file in self.bounded(value, MAX_ENTRIES, *where):
            if not showable(card_id):
                self.problem(tr("{game}: card id {card} has control characters").format(game=game_id,
                                                                                        card=brief(card_id)),
                             *where)
            elif (image := self.image(card_words(game_id, card_id), file, *where, card_id)) is not None:
                game["cards"][card_id] = image

    def text_styles(self, game_id: str, game: dict[str, Any], value: Any) -> None:
        """Keep the fields of [games.<id>.text] that the table can use; each bad one is reported."""
        where = ("games", game_id, "text")
        if not isinstance(value, dict):
            self.problem(tr("[games.{game}] text must be a table").format(game=game_id), *where)
            return
        card = game.get("card_size", self.pack.card_size)
        for key, entry in self.bounded(value, MAX_ENTRIES, *where):
            if not isinstance(entry, dict):
                self.problem(tr("{game} text {key} must be {{ colour, safe_area }}").format(game=game_id,
                                                                                            key=brief(key)),
                             *where, key)
                continue
            kept: dict[str, Any] = {}
            colour, area = entry.get("colour"), entry.get("safe_area")
            if colour is not None:
                if is_colour(colour):
                    kept["colour"] = colour
                else:
                    message = tr("{game} text {key}: colour must be [r, g, b] with 0..255, not {value}")
                    self.problem(message.format(game=game_id, key=brief(key), value=brief(colour)),
                                 *where, key, "colour")
            if area is not None:
                if is_area(area, card):
                    kept["safe_area"] = area
                else:
                    message = tr("{game} text {key}: safe_area must be [x, y, w, h] inside the "
                                 "{width}x{height} card, not {value}")
                    self.problem(message.format(game=game_id, key=brief(key), width=card[0], height=card[1],
                                                value=brief(area)), *where, key, "safe_area")
            game["text"][key] = kept


# -- finding packs ----------------------------------------------------------------------------------
def find_packs(roots: Iterable[Path], problems: Problems | None = None) -> dict[str, Path]:
    """Pack name -> folder, over every root in order (a later root's pack of the same name wins,
    except the shipped default pack, which the first root always supplies). A folder whose name cannot
    be shown or saved is left out and reported in `problems`."""
    found: dict[str, Path] = {}
    for i, root in enumerate(roots):
        try:
            entries = sorted(root.iterdir())
        except (OSError, ValueError):
            continue
        for folder in entries:
            if not _is_file(folder / MANIFEST):
                continue
            if not showable(folder.name):
                if problems is not None:
                    problems.append(tr("art pack folder {folder}: its name has bytes that are not UTF-8 or "
                                       "control characters, so it cannot be chosen: rename it").format(
                                           folder=shown(folder)))
                continue
            if folder.name == DEFAULT_PACK and DEFAULT_PACK in found and i > 0:
                continue
            found[folder.name] = folder
    return found


def _is_file(path: Path) -> bool:
    """Path.is_file, but False (not an exception) for a folder it may not look into."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False
