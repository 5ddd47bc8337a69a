"""The variants a game can be played with: the examples that ship (package data, `game/variants/`) and a
person's own in the data folder (`<data dir>/variants/*.toml`), each checked whole before it is offered.

Each variant file names its game (`game = "palace"`); a game is offered only its own. A file that fails
its checks is never offered but listed as refused, with its reason and line ("mine.toml, line 3: ..."),
and so is one that does not say which game it is for. Nothing in a file can crash the screen that
lists it. A file is read again only when it changed (its size or time), so a screen may ask every time
it lays out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.datafile import DataFileError, read_limited, shown
from game.core.variant import MAX_VARIANT_BYTES, OPTION, Variant, parse_variant, read_variant
from game.i18n import message, tr
from game.package_data import package_files
from scenes.settings import data_dir

if TYPE_CHECKING:
    from game.core.state import Game

SHIPPED_PACKAGE = "game.variants"
SUFFIX = ".toml"
#: where a variant's key says it comes from: the examples that ship, or the person's data folder
SHIPPED, OWN = "shipped", "own"
#: a person's folder holds a few variants; more files than this are not read (the first, by name)
MOST_FILES = 200
#: `game = "..."` before the first table: which game a file is for, found even when the rest is broken
_GAME_LINE = re.compile(r"""^\s*game\s*=\s*["']([^"'\n]*)["']""")


@dataclass(frozen=True)
class VariantFile:
    """One variant file as a game's screens list it: `key` is how a choice keeps it ("shipped:x.toml",
    "own:x.toml"); `variant` the checked variant, or None with `fault` saying why it is refused."""

    key: str
    file: str
    variant: Variant | None
    fault: DataFileError | None = None

    @property
    def usable(self) -> bool:
        return self.variant is not None

    @property
    def problem(self) -> str:
        """Why the file is refused, in the language chosen now: "mine.toml, line 3: ..." ("" if usable)."""
        if self.fault is None:
            return ""
        if self.fault.line is None:
            return f"{shown(self.file)}: {self.fault.message}"
        return tr("{path}, line {line}: {problem}").format(path=shown(self.file), line=self.fault.line,
                                                          problem=self.fault.message)


def own_variants_dir() -> Path:
    """Where a person keeps variants of their own."""
    return data_dir() / "variants"


def _said_game(text: str) -> str | None:
    """The game a file's top says it is for (None: it says none)."""
    for line in text.splitlines():
        if line.lstrip().startswith("["):
            return None
        found = _GAME_LINE.match(line)
        if found:
            return found.group(1)
    return None


#: the files read so far: (key, size, mtime, game id) -> what they held (small: a few files per game)
_read: dict[tuple[str, int, int, str], VariantFile | None] = {}
_MOST_KEPT = 256


def _remember(token: tuple[str, int, int, str], found: VariantFile | None) -> VariantFile | None:
    if len(_read) >= _MOST_KEPT:
        _read.clear()
    _read[token] = found
    return found


def _own_file(path: Path, game: Game) -> VariantFile | None:
    """A file of the person's folder for `game` (None: it names another game)."""
    key = f"{OWN}:{path.name}"
    try:
        stat = path.stat()
    except OSError:
        return None
    token = (str(path), stat.st_size, stat.st_mtime_ns, game.id)
    if token in _read:
        return _read[token]
    try:
        head = read_limited(path, MAX_VARIANT_BYTES).decode("utf-8", errors="replace")
    except DataFileError:  # read_variant below says what is wrong with it
        head = ""
    said = _said_game(head.removeprefix("\ufeff"))
    if said is not None and said != game.id:
        return _remember(token, None)
    try:
        variant = read_variant(path, game)
    except DataFileError as exc:
        return _remember(token, VariantFile(key, path.name, None, exc))
    if said is None:
        fault = DataFileError(message('it does not say which game it is for: write game = "{game}" at '
                                      'its top', game=game.id), 1)
        return _remember(token, VariantFile(key, path.name, None, fault))
    return _remember(token, VariantFile(key, path.name, variant))


def _shipped(game: Game) -> list[VariantFile]:
    """The examples that ship for `game` (checked by the tests: each is usable)."""
    found: list[VariantFile] = []
    try:
        folder = package_files(SHIPPED_PACKAGE)
        entries = sorted((e for e in folder.iterdir() if e.name.endswith(SUFFIX)), key=lambda e: e.name)
    except (ImportError, OSError):
        return found
    for entry in entries:
        key = f"{SHIPPED}:{entry.name}"
        token = (key, 0, 0, game.id)
        if token in _read:
            known = _read[token]
        else:
            try:
                text = entry.read_bytes()[:MAX_VARIANT_BYTES].decode("utf-8")
                said = _said_game(text)
                known = None if said != game.id else VariantFile(
                    key, entry.name, parse_variant(text, game, entry.name.removesuffix(SUFFIX)))
            except DataFileError as exc:
                known = VariantFile(key, entry.name, None, exc)
            except (OSError, UnicodeDecodeError) as exc:
                known = VariantFile(key, entry.name, None, DataFileError(str(exc)))
            _remember(token, known)
        if known is not None:
            found.append(known)
    return found


def variant_files(game: Game) -> list[VariantFile]:
    """Every variant file for `game`: the shipped ones first, then the person's own, each by file name;
    refused ones included (see `VariantFile.usable`)."""
    found = _shipped(game)
    folder = own_variants_dir()
    try:
        paths = sorted(p for p in folder.iterdir() if p.name.endswith(SUFFIX))[:MOST_FILES]
    except OSError:  # no folder yet, or one that cannot be read: no own variants
        paths = []
    for path in paths:
        own = _own_file(path, game)
        if own is not None:
            found.append(own)
    return found


def find_variant(game: Game, key: str | None) -> VariantFile | None:
    """The usable variant file `key` names for `game`, read again now (None: gone or refused)."""
    if key is None:
        return None
    return next((f for f in variant_files(game) if f.key == key and f.usable), None)


def variant_name(options: Mapping[str, Any]) -> str | None:
    """The name of the variant a game's options hold (None: played as published)."""
    value = options.get(OPTION)
    if isinstance(value, Mapping) and isinstance(value.get("name"), str):
        return str(value["name"])
    return None


__all__ = ["OWN", "SHIPPED", "VariantFile", "find_variant", "own_variants_dir", "variant_files",
           "variant_name"]
