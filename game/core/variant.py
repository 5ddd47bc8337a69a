"""Card data a designer changes as data: a variant file (TOML) overrides a game's card data.

A variant file may hold `game = "<game id>"` (checked against the game it is played with) and
`name = "..."`; every other key is the game's card data, read and checked by the game's `card_data`
(docs/variants.md lists every key per game, with its default and limits). Every fault names its line,
as every data file here does (game.core.datafile), and a variant that breaks the game's invariants is
refused before any game is played.

A variant travels as the game option `variant`: `{"name", "text", "sha256"}`, the file's text as the
designer wrote it and its hash. A record carries its options in its header, so a game played with a
variant replays exactly from its record alone; a text that does not match its hash is refused.

`Fields` is what a game's `card_data` reads a table with: exact types, limits, unknown keys refused,
each with the line of the key (game.core.toml_lines).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from game.core.datafile import DataFileError, brief, decode_utf8, parse_toml, read_limited, showable, shown
from game.core.errors import BadSetup
from game.core.toml_lines import TomlLines
from game.i18n import Message, Text, message, tr

if TYPE_CHECKING:
    from game.core.state import Game

#: the game option a variant travels as
OPTION = "variant"
#: how the option is written, for a message that refuses another shape
OPTION_SHAPE = '{"name": <text>, "text": <text>, "sha256": <text>}'
#: the keys a variant file holds besides the game's card data
OWN_KEYS = ("game", "name")
#: a variant file is a few dozen lines: anything near this size is a mistake, not a variant
MAX_VARIANT_BYTES = 64 * 1024
#: the longest variant name kept (the setup screen and a record's reader show it)
NAME_CHARS = 64
#: the variants parsed so far, by game and hash: a record, a clone and a position share one frozen data
_CACHE_SIZE = 32
_parsed: dict[tuple[str, str], Variant] = {}

Frozen = TypeVar("Frozen")


def text_hash(text: str) -> str:
    """The hex SHA-256 of a variant's text (its UTF-8 bytes): what a record checks the text by."""
    return hashlib.sha256(text.encode("utf-8", errors="surrogatepass")).hexdigest()


@dataclass(frozen=True)
class Variant:
    """A checked variant: its name, the text as written, the text's hash and the parsed table; `data`
    is the game's card data with the variant's overrides (the object every state of its games shares)."""

    name: str
    text: str
    sha256: str
    table: Mapping[str, Any]
    data: Any = field(default=None, compare=False, repr=False)

    def option(self) -> dict[str, str]:
        """The variant as the game option `variant` (what a record's header holds)."""
        return {"name": self.name, "text": self.text, "sha256": self.sha256}


def parse_variant(text: str, game: Game, name: str = "variant") -> Variant:
    """The variant `text` for `game`, checked by the game's card data: DataFileError with the line of
    the first fault (a variant of another game, an unknown key, a wrong type, a broken invariant)."""
    table = parse_toml(text)
    lines = TomlLines(text)
    said_game = table.get("game", game.id)
    if not isinstance(said_game, str):
        raise DataFileError(message("'game' names a game by its id as text, not {value}",
                                    value=brief(said_game)), lines.line("game"))
    if said_game != game.id:
        raise DataFileError(message("this variant is for the game {other}, not for {game}",
                                    other=brief(said_game), game=game.id), lines.line("game"))
    said_name = table.get("name", name)
    if not isinstance(said_name, str) or not said_name.strip() or not showable(said_name) \
            or len(said_name) > NAME_CHARS:
        raise DataFileError(message("'name' is a text of 1 to {most} characters on one line, not {value}",
                                    most=NAME_CHARS, value=brief(said_name)), lines.line("name"))
    card_table = {key: value for key, value in table.items() if key not in OWN_KEYS}
    data = game.card_data(card_table, text)
    if data is None and card_table:
        first = next(iter(card_table))
        raise DataFileError(message("{game} has no card data a variant can change, so no key {key}",
                                    game=game.title, key=brief(first)), lines.line(first))
    return Variant(said_name.strip(), text, text_hash(text), table, data)


class VariantFileError(DataFileError):
    """A fault of a variant file: the file (`path`), the line and the reason ("x.toml, line 3: ...")."""

    def __init__(self, reason: Text, line: int | None, path: Path) -> None:
        super().__init__(reason, line)
        self.path = path

    def __str__(self) -> str:
        where = shown(self.path)
        if self.line is None:
            return f"{where}: {self.message}"
        return tr("{path}, line {line}: {problem}").format(path=where, line=self.line, problem=self.message)


def read_variant(path: Path, game: Game) -> Variant:
    """The variant file at `path` for `game`: VariantFileError (a DataFileError) naming the file and the
    line of a fault."""
    try:
        text = decode_utf8(read_limited(path, MAX_VARIANT_BYTES))
        if text.startswith("\ufeff"):
            text = text[1:]  # an editor's byte order mark is not content
        return parse_variant(text, game, path.stem)
    except DataFileError as exc:
        raise VariantFileError(exc.reason, exc.line, path) from None


def variant_from_option(value: object, game: Game) -> Variant:
    """The variant an option or a record's header holds (`Variant.option()`), its text checked against
    its hash and then as a variant file: BadSetup says what is wrong (with the line in the text)."""
    if not isinstance(value, dict) or set(value) != {"name", "text", "sha256"} \
            or not all(type(value[key]) is str for key in ("name", "text", "sha256")):
        raise BadSetup(message("the option 'variant' is {shape}, not {value}", shape=OPTION_SHAPE,
                               value=brief(value)))
    text, sha256 = value["text"], value["sha256"]
    found = _parsed.get((game.id, sha256))
    if found is not None and found.text != text:
        found = None
    if found is None:
        if text_hash(text) != sha256:
            raise BadSetup(message("the variant {name}'s text does not match its sha256: it was changed",
                                   name=brief(value["name"])))
        try:
            found = parse_variant(text, game, value["name"])
        except DataFileError as exc:
            raise BadSetup(variant_problem(value["name"], exc)) from None
        if len(_parsed) >= _CACHE_SIZE:
            _parsed.pop(next(iter(_parsed)))
        _parsed[game.id, sha256] = found
    if found.name != value["name"]:
        found = dataclasses.replace(found, name=value["name"])
    return found


def variant_problem(name: str, exc: DataFileError) -> Message:
    """What is wrong with the variant `name`, with the line where there is one."""
    if exc.line is None:
        return message("the variant {name}: {problem}", name=brief(name), problem=exc.reason)
    return message("the variant {name}, line {line}: {problem}", name=brief(name), line=exc.line,
                   problem=exc.reason)


def data_for(game: Game, options: Mapping[str, Any]) -> Any:
    """The card data a game with these options is played with: the variant's, else the shipped data."""
    value = options.get(OPTION)
    if value is None:
        return game.shipped_data()
    return variant_from_option(value, game).data


def state_data(game_id: str, options: Mapping[str, Any]) -> Any:
    """`data_for` by the game's id: what a State finds its card data by, and a bot from the options of
    its observation. None for a game the registry does not know (a test's own game)."""
    from game import load  # the registry lives in the package root
    from game.core.errors import UnknownGame

    try:
        game = load(game_id)
    except UnknownGame:
        return None
    return data_for(game, options)


# -- reading a game's card data --------------------------------------------------------------------
class Fields:
    """A table of a variant, read for a game's `card_data`: each value of the exact type and within its
    limits, each key known; every fault a DataFileError with the line of its key. `path` is where the
    table sits in the file ("ranks", "10" for `[ranks.10]`)."""

    def __init__(self, table: Mapping[str, Any], text: str, *path: str,
                 lines: TomlLines | None = None) -> None:
        self.table = table
        self.text = text
        self.path = path
        self.lines = lines if lines is not None else TomlLines(text)

    def line(self, *key: str) -> int | None:
        return self.lines.line(*self.path, *key)

    def refuse(self, reason: Text, *key: str) -> DataFileError:
        """The error for a fault at `key` of this table (its line)."""
        return DataFileError(reason, self.line(*key))

    def where(self, key: str) -> str:
        """A key as the file writes it: "ranks.10.copies"."""
        return ".".join((*self.path, key))

    def only(self, known: Iterable[str]) -> None:
        """Refuse the first key that is not one of `known` (a typo must not silently do nothing)."""
        allowed = tuple(known)
        for key in self.table:
            if key not in allowed:
                raise self.refuse(message("unknown key {key} (the keys here: {known})",
                                          key=brief(self.where(key)), known=", ".join(allowed) or "-"), key)

    def sub(self, key: str) -> Fields:
        """The table at `key` (empty when absent)."""
        value = self.table.get(key, {})
        if not isinstance(value, dict):
            raise self.refuse(message("{key} is a table, not {value}", key=self.where(key),
                                      value=brief(value)), key)
        return Fields(value, self.text, *self.path, key, lines=self.lines)

    def number(self, key: str, default: int, minimum: int = 0, maximum: int | None = None) -> int:
        """A whole number from `minimum` to `maximum` (true, 3.0 or "3" are no counts)."""
        value = self.table.get(key, default)
        if type(value) is not int:
            raise self.refuse(message("{key} is a whole number, not {value}", key=self.where(key),
                                      value=brief(value)), key)
        if maximum is None and value < minimum:
            raise self.refuse(message("{key} must be {minimum} or more, not {value}", key=self.where(key),
                                      minimum=minimum, value=brief(value)), key)
        if maximum is not None and not minimum <= value <= maximum:
            limits = f"{minimum}..{maximum}"  # the same in every language, as the file writes numbers
            raise self.refuse(message("{key} must be {limits}, not {value}", key=self.where(key),
                                      limits=limits, value=brief(value)), key)
        return value

    def flag(self, key: str, default: bool) -> bool:
        value = self.table.get(key, default)
        if type(value) is not bool:
            raise self.refuse(message("{key} is true or false, not {value}", key=self.where(key),
                                      value=brief(value)), key)
        return value

    def choice(self, key: str, default: str, choices: Iterable[str]) -> str:
        allowed = tuple(choices)
        value = self.table.get(key, default)
        if not isinstance(value, str) or value not in allowed:
            raise self.refuse(message("{key} is one of {choices}, not {value}", key=self.where(key),
                                      choices=", ".join(repr(c) for c in allowed), value=brief(value)), key)
        return value

    def numbers(self, defaults: Frozen, limits: Mapping[str, tuple[int, int | None]] | None = None,
                skip: Iterable[str] = ()) -> dict[str, Any]:
        """Each whole-number and true/false field of the frozen dataclass `defaults` that this table
        sets, checked (whole numbers from 0 unless `limits` names others): the changes to make with
        dataclasses.replace. Fields in `skip` are the caller's to read."""
        bounds = limits or {}
        skipped = set(skip)
        changes: dict[str, Any] = {}
        for item in dataclasses.fields(defaults):  # type: ignore[arg-type]
            if item.name in skipped or item.name not in self.table:
                continue
            default = getattr(defaults, item.name)
            if type(default) is bool:
                changes[item.name] = self.flag(item.name, default)
            elif type(default) is int:
                low, high = bounds.get(item.name, (0, None))
                changes[item.name] = self.number(item.name, default, low, high)
        return changes


__all__ = ["MAX_VARIANT_BYTES", "OPTION", "Fields", "Variant", "VariantFileError", "data_for",
           "parse_variant", "read_variant", "state_data", "text_hash", "variant_from_option",
           "variant_problem"]
