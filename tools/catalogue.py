"""The translation catalogues: find every text for people in the source, keep the catalogues in step,
compile them.

    python -m tools.catalogue update [--area A]      add new texts to the .po files (and drop gone ones)
    python -m tools.catalogue fill --lang L FILE       take translations from a JSON file
    python -m tools.catalogue missing [--path P] [--lang L] [--json]  what is not translated yet
    python -m tools.catalogue compile                 write the .mo files the app reads
    python -m tools.catalogue check                   every problem, exit 1 if there is one

Texts are found in the Python source (the calls `tr`, `ntr`, `ptr`, `nptr`, `N_`, `message`,
`plural_message`, `context_message`) and in the card data (each game's `cards.catalogue_words()`).
The .po files are split by area (one per game, `app`, `tools`) so that a game's words travel with it:
`game/i18n/po/<language>/<area>.po`. English is the source language: its entries start as the ids and
may be improved. FILE for `fill` is a JSON list of {"msgid", "msgstr", optional "context"} (a plural's
msgstr is a list of forms), or an object {msgid: msgstr} for texts without a context.
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from game import GAME_IDS
from game.i18n import DOMAIN, LANGUAGES, fields_of
from tools import cli
from tools.checkout import ROOT

if TYPE_CHECKING:
    from babel.messages.catalog import Message as Entry

PO_DIR = ROOT / "game" / "i18n" / "po"
MO_DIR = ROOT / "game" / "i18n" / "locale"
SOURCE_DIRS = ("game", "cards", "scenes", "kartentisch", "tools")
AREAS = (*GAME_IDS, "app", "tools")

KEYWORDS = {
    "tr": (1,), "ntr": (1, 2), "ptr": ((1, "c"), 2), "nptr": ((1, "c"), 2, 3), "N_": (1,),
    "message": (1,), "plural_message": (1, 2), "context_message": ((1, "c"), 2),
}


@dataclass
class Text:
    """A text found in the source: its id (and plural), context and where it is used."""

    msgid: str
    plural: str | None = None
    context: str | None = None
    places: list[tuple[str, int]] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, str | None]:
        return self.msgid, self.context


def area_of(path: str) -> str:
    """The area a source file's texts belong to: the game it is about, else tools or app."""
    for game_id in GAME_IDS:
        if game_id in path:
            return game_id
    return "tools" if path.startswith("tools/") else "app"


def found_texts() -> dict[tuple[str, str | None], Text]:
    """Every text for people in the source and the card data, by (msgid, context)."""
    from babel.messages.extract import extract

    found: dict[tuple[str, str | None], Text] = {}

    def add(msgid: str, plural: str | None, context: str | None, place: tuple[str, int]) -> None:
        if not msgid:
            return
        text = found.setdefault((msgid, context), Text(msgid, plural, context))
        if plural and not text.plural:
            text.plural = plural
        text.places.append(place)

    for folder in SOURCE_DIRS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if relative.startswith("tools/catalogue"):
                continue
            with path.open("rb") as file:
                for lineno, messages, _comments, context in extract(
                    "python", file, keywords=KEYWORDS, options={"encoding": "utf-8"}
                ):
                    if isinstance(messages, tuple):
                        add(messages[0], messages[1] if len(messages) > 1 else None, context,
                            (relative, lineno))
                    else:
                        add(messages, None, context, (relative, lineno))
    for game_id in GAME_IDS:
        try:
            cards = importlib.import_module(f"game.{game_id}.cards")
        except ImportError:
            continue
        words = getattr(cards, "catalogue_words", None)
        if words is None:
            continue
        for context, msgid in words():
            add(msgid, None, context, (f"game/{game_id}/cards", 0))
    return found


def text_area(text: Text) -> str:
    areas = {area_of(path) for path, _line in text.places}
    if "app" in areas:
        return "app"
    return sorted(areas)[0]


# -- the .po files -----------------------------------------------------------------------------------
def po_path(lang: str, area: str) -> Path:
    return PO_DIR / lang / f"{area}.po"


def read_po(lang: str, area: str):
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po as babel_read

    path = po_path(lang, area)
    if not path.exists():
        return Catalog(locale=lang, domain=DOMAIN, project="Kartentisch", fuzzy=False)
    with path.open("rb") as file:
        return babel_read(file, locale=lang, domain=DOMAIN)


def write_po(lang: str, area: str, catalog) -> None:
    from babel.messages.pofile import write_po as babel_write

    catalog.fuzzy = False
    catalog.project = "Kartentisch"
    catalog.version = ""
    catalog.copyright_holder = "The Kartentisch developers"
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "The Kartentisch developers"
    catalog.language_team = LANGUAGES[lang]
    catalog.header_comment = (f"# The {LANGUAGES[lang]} ('{lang}') words of Kartentisch, area {area}.\n"
                              "# Made and checked by `python -m tools.catalogue`; translate here.")
    path = po_path(lang, area)
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    babel_write(buffer, catalog, width=0, sort_output=True, omit_header=False, include_previous=False,
                include_lineno=False, ignore_obsolete=True)
    data = _stable_header(buffer.getvalue())
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def _stable_header(data: bytes) -> bytes:
    """Drop the header lines that change on every write (dates), so a file changes only with its texts."""
    lines = [line for line in data.split(b"\n")
             if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date', b'"Generated-By'))]
    return b"\n".join(lines)


@contextmanager
def _editing() -> Iterator[None]:
    """One change of the catalogues at a time: two people filling in translations at once must not
    lose each other's work."""
    PO_DIR.mkdir(parents=True, exist_ok=True)
    with open(PO_DIR / ".lock", "w") as lock:
        try:
            import fcntl
        except ImportError:  # Windows: one person at a time is the rule there
            yield
            return
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def update(areas: Iterable[str]) -> dict[str, int]:
    """Add the source's new texts to each area's catalogues (English filled with the id) and drop the
    texts the source no longer has. Returns how many entries each area's catalogues gained."""
    texts = found_texts()
    gained: dict[str, int] = {}
    with _editing():
        _update(texts, areas, gained)
    return gained


def _update(texts: dict[tuple[str, str | None], Text], areas: Iterable[str], gained: dict[str, int]) -> None:
    # a text that moves to another area (now used in a second place) keeps its translation
    known = {lang: {(_ids(m)[0], m.context): m.string for _area, m in entries(lang)
                    if all(_strings(m)) and "fuzzy" not in m.flags} for lang in LANGUAGES}
    for area in areas:
        wanted = {key: text for key, text in texts.items() if text_area(text) == area}
        for lang in LANGUAGES:
            catalog = read_po(lang, area)
            keys = {(m.id[0] if isinstance(m.id, tuple) else m.id, m.context) for m in catalog if m.id}
            for key in keys - wanted.keys():
                catalog.delete(key[0], context=key[1])
            for key, text in wanted.items():
                msgid = (text.msgid, text.plural) if text.plural else text.msgid
                existing = catalog.get(text.msgid, context=text.context)
                if existing is not None and (text.plural is None) == (not isinstance(existing.id, tuple)):
                    existing.locations = []
                    continue
                if existing is not None:
                    catalog.delete(text.msgid, context=text.context)
                kept = known[lang].get(key)
                if kept is not None and isinstance(kept, tuple) == bool(text.plural):
                    msgstr = kept
                elif lang == "en":
                    msgstr = (text.msgid, text.plural) if text.plural else text.msgid
                else:
                    msgstr = ("", "") if text.plural else ""
                catalog.add(msgid, msgstr, context=text.context)
                gained[area] = gained.get(area, 0) + (lang == "de" and not kept)
            write_po(lang, area, catalog)


def fill(area: str | None, lang: str, entries: list[dict] | dict[str, str]) -> list[str]:
    """Put translations into an area's catalogue (None: whichever area has each text); returns the ids
    no catalogue has."""
    if isinstance(entries, dict):
        entries = [{"msgid": k, "msgstr": v} for k, v in entries.items()]
    left = list(entries)
    with _editing():
        for each in [area] if area else AREAS:
            left = _fill(each, lang, left)
    return [entry["msgid"] for entry in left]


def _fill(area: str, lang: str, entries: list[dict]) -> list[dict]:
    catalog = read_po(lang, area)
    unknown = []
    for entry in entries:
        if not entry.get("msgstr"):
            continue  # not translated yet: left as it is
        found = catalog.get(entry["msgid"], context=entry.get("context"))
        if found is None:
            unknown.append(entry)
            continue
        value = entry["msgstr"]
        if isinstance(found.id, tuple):
            found.string = tuple(value) if isinstance(value, list) else (value, value)
        else:
            found.string = value if isinstance(value, str) else value[0]
        found.flags.discard("fuzzy")
    write_po(lang, area, catalog)
    return unknown


def entries(lang: str) -> Iterator[tuple[str, Entry]]:
    for area in AREAS:
        for message in read_po(lang, area):
            if message.id:
                yield area, message


# -- checking ----------------------------------------------------------------------------------------
def _strings(message) -> tuple[str, ...]:
    value = message.string
    return tuple(value) if isinstance(value, tuple | list) else (value,)


def _ids(message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, tuple) else (message.id,)


def problems(texts: dict[tuple[str, str | None], Text] | None = None) -> list[str]:
    """Every way the catalogues fall short of the source: a text with no entry, an empty or fuzzy
    entry, fields a translation lacks or adds, a text in two areas, a stale compiled catalogue."""
    texts = found_texts() if texts is None else texts
    found: list[str] = []
    for lang in LANGUAGES:
        have: dict[tuple[str, str | None], str] = {}
        for area, message in entries(lang):
            key = (_ids(message)[0], message.context)
            where = f"{lang}/{area}.po"
            if key in have:
                found.append(f"{where}: {key[0]!r} is also in {have[key]}")
            have[key] = where
            strings = _strings(message)
            if not all(strings) or "fuzzy" in message.flags:
                found.append(f"{where}: {key[0]!r} is not translated")
                continue
            wanted = set().union(*(fields_of(i) for i in _ids(message)))
            for string in strings:
                got = fields_of(string)
                if got - wanted:
                    found.append(f"{where}: {key[0]!r} has fields the id lacks: {sorted(got - wanted)}")
                # a singular form may leave out the count ("one card"), a whole text may not drop a field
                must = wanted - {"n"} if isinstance(message.id, tuple) else wanted
                if must - got:
                    found.append(f"{where}: {key[0]!r} lacks the fields {sorted(must - got)}")
        for key, text in texts.items():
            if key not in have:
                place = text.places[0]
                found.append(f"{lang}: {text.msgid!r} ({place[0]}:{place[1]}) has no entry: "
                             f"run `python -m tools.catalogue update --area {text_area(text)}`")
        for key in have.keys() - texts.keys():
            found.append(f"{have[key]}: {key[0]!r} is no longer in the source")
        mo = mo_path(lang)
        if not mo.exists() or mo.read_bytes() != compiled(lang):
            found.append(f"{_shown(mo)} is not up to date: run `python -m tools.catalogue compile`")
    return found


# -- compiling ---------------------------------------------------------------------------------------
def mo_path(lang: str) -> Path:
    return MO_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def compiled(lang: str) -> bytes:
    """The .mo of a language: every area's translated entries in one catalogue."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    merged = Catalog(locale=lang, domain=DOMAIN, project="Kartentisch", fuzzy=False)
    falls_back_alike = merged.plural_expr.replace(" ", "") in ("(n!=1)", "n!=1")
    for _area, message in entries(lang):
        if not all(_strings(message)) or "fuzzy" in message.flags:
            continue
        if falls_back_alike and _strings(message) == _ids(message):
            continue  # gettext gives the id (and English's plural rule) anyway: a small file loads at once
        merged.add(message.id, message.string, context=message.context)
    merged.creation_date = merged.revision_date = _EPOCH
    buffer = io.BytesIO()
    write_mo(buffer, merged, use_fuzzy=False)
    return buffer.getvalue()


def _epoch():
    from datetime import UTC, datetime

    return datetime(2026, 1, 1, tzinfo=UTC)


_EPOCH = _epoch()


def compile_all() -> list[Path]:
    written = []
    for lang in LANGUAGES:
        path = mo_path(lang)
        data = compiled(lang)
        if not path.exists() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(path)
    return written


def _shown(path: Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


# -- the command line --------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=cli.prog("tools.catalogue", "kartentisch-catalogue"),
                                     description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    up = commands.add_parser("update", help="add new texts to the .po files, drop gone ones")
    up.add_argument("--area", choices=AREAS, action="append",
                    help="accepted for habit's sake: every area is kept in step, as texts move between them")
    fl = commands.add_parser("fill", help="take translations from a JSON file")
    fl.add_argument("--area", choices=AREAS, help="the area (default: wherever each text is)")
    fl.add_argument("--lang", choices=list(LANGUAGES), required=True)
    fl.add_argument("file", type=Path)
    mi = commands.add_parser("missing", help="list what is not translated yet")
    mi.add_argument("--area", choices=AREAS, action="append")
    mi.add_argument("--lang", choices=list(LANGUAGES), default="de")
    mi.add_argument("--path", action="append", help="only texts used in files whose path holds this")
    mi.add_argument("--json", action="store_true", help="as a JSON list ready to fill in")
    commands.add_parser("compile", help="write the .mo files")
    commands.add_parser("check", help="every problem; exit 1 if there is one")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "update":
        gained = update(AREAS)  # all of them: a text may move from one area to another
        for area, number in sorted(gained.items()):
            print(f"{area}: {number} new")
        return 0
    if args.command == "fill":
        try:
            data = json.loads(args.file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            print(f"cannot read {args.file}: {exc}", file=sys.stderr)
            return cli.EXIT_FAILED
        unknown = fill(args.area, args.lang, data)
        for msgid in unknown:
            print(f"not in {args.lang}/{args.area}.po: {msgid!r}", file=sys.stderr)
        return cli.EXIT_FAILED if unknown else 0
    if args.command == "missing":
        areas = set(args.area or AREAS)
        used = found_texts() if args.path else {}
        todo = []
        for area, message in entries(args.lang):
            if args.path:
                text = used.get((_ids(message)[0], message.context))
                if text is None or not any(p in path for p in args.path for path, _line in text.places):
                    continue
            if area in areas and (not all(_strings(message)) or "fuzzy" in message.flags):
                plural = isinstance(message.id, tuple)
                entry = {"msgid": _ids(message)[0], "msgstr": ["", ""] if plural else ""}
                if isinstance(message.id, tuple):
                    entry["plural"] = message.id[1]
                if message.context:
                    entry["context"] = message.context
                entry["area"] = area
                todo.append(entry)
        if args.json:
            print(json.dumps(todo, ensure_ascii=False, indent=1))
        else:
            for entry in todo:
                context = f" [{entry['context']}]" if "context" in entry else ""
                print(f"{entry['area']}: {entry['msgid']!r}{context}")
        return 0
    if args.command == "compile":
        for path in compile_all():
            print(f"wrote {_shown(path)}")
        return 0
    found = problems()
    for line in found:
        print(line)
    return cli.EXIT_FAILED if found else 0


if __name__ == "__main__":
    sys.exit(main())
