"""Draw the default art pack: `python -m tools.draw_default_pack [--out assets/art/default] [--game ID]`.

Every image is drawn with pygame on offscreen surfaces (no window: the dummy video driver is set here)
and written as PNG together with pack.toml. The drawings use no clock and only seeded randomness, so a
second run writes byte-identical files. With --game only that game's images and manifest table are
redrawn; the other games' tables in an existing pack.toml are kept.

Each game is drawn once in every language (game.i18n.LANGUAGES). An image that comes out the same in
all of them (a playing card, a back without words) is written once, under its own name; one with words
on it is written once per language, into a folder named by the language beside it
(`palastgefluester/de/Zofe_red.png`), and the manifest names it as `{ en = "…", de = "…" }`. Files
the game's old manifest named that are no longer written are removed, so the pack holds no strays.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tomllib
import zlib
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.i18n import LANGUAGES, language, set_language  # noqa: E402
from tools import cli  # noqa: E402
from tools.artgen import GAME_MODULES, game_art  # noqa: E402
from tools.checkout import default_out  # noqa: E402

PACK_NAME = "Kartentisch default"
AUTHOR = "Kartentisch"
CARD_SIZE = (400, 560)


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface as an RGBA PNG, encoded here so the bytes depend on the pixels alone
    (no encoder version, time stamp or gamma chunk)."""
    w, h = surface.get_size()
    raw = pygame.image.tobytes(surface, "RGBA")
    stride = w * 4
    rows = b"".join(b"\x00" + raw[y * stride : (y + 1) * stride] for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")

    header = w.to_bytes(4, "big") + h.to_bytes(4, "big") + bytes((8, 6, 0, 0, 0))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


# -- pack.toml -----------------------------------------------------------------------------------
def _toml_key(key: str) -> str:
    bare = key.replace("_", "").replace("-", "").isalnum() and key.isascii()
    return key if bare else _toml_value(key)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} to TOML")


def toml_text(data: dict[str, Any]) -> str:
    """Plain values first, then every sub-table under its dotted header (enough for a pack manifest)."""
    out: list[str] = []

    def table(path: list[str], body: dict[str, Any]) -> None:
        plain = [(k, v) for k, v in body.items() if not _is_table(v)]
        subs = [(k, v) for k, v in body.items() if _is_table(v)]
        if path and plain:
            out.append("")
            out.append("[" + ".".join(_toml_key(p) for p in path) + "]")
        for k, v in plain:
            out.append(f"{_toml_key(k)} = {_toml_value(v)}")
        for k, v in subs:
            table([*path, k], v)

    table([], data)
    return "\n".join(out) + "\n"


def _is_table(value: Any) -> bool:
    """A value written as a [table] of its own; an image's files by language stay inline."""
    return isinstance(value, dict) and not _is_by_language(value)


def _is_by_language(value: Any) -> bool:
    return isinstance(value, dict) and bool(value) and all(k in LANGUAGES for k in value)


def old_games(out: Path) -> dict[str, Any]:
    """The [games] tables of the pack.toml in `out` (none when there is none or it cannot be read)."""
    path = out / "pack.toml"
    if not path.exists():
        return {}
    try:
        return dict(tomllib.loads(path.read_text(encoding="utf-8")).get("games", {}))
    except (tomllib.TOMLDecodeError, OSError) as exc:
        print(f"note: the old {path} is unreadable ({exc}); writing a new one", file=sys.stderr)
        return {}


def manifest(out: Path, sections: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The pack manifest: the redrawn games' tables over whatever an existing pack.toml holds."""
    games = old_games(out)
    games.update(sections)
    return {
        "name": PACK_NAME,
        "author": AUTHOR,
        "card_size": list(CARD_SIZE),
        "games": {g: games[g] for g in sorted(games)},
    }


def language_file(name: str, code: str) -> str:
    """Where one language's version of an image goes: a folder named by the language beside it."""
    path = PurePosixPath(name)
    return str(path.parent / code / path.name)


def draw_game(game_id: str) -> tuple[dict[str, Any], dict[str, bytes]]:
    """A game's manifest table and its files (pack-relative name -> PNG), drawn in every language:
    an image that differs between the languages is kept once per language, any other once."""
    drawn: dict[str, dict[str, bytes]] = {}  # image name -> language -> PNG
    section: dict[str, Any] = {}
    chosen = language()
    try:
        for code in LANGUAGES:
            set_language(code)
            art = game_art(game_id)
            section = section or art.section
            for name, draw_image in art.images.items():
                drawn.setdefault(name, {})[code] = png_bytes(draw_image())
    finally:
        set_language(chosen)
    files: dict[str, bytes] = {}
    by_language: dict[str, dict[str, str]] = {}
    for name, versions in drawn.items():
        if len(set(versions.values())) == 1:
            files[name] = next(iter(versions.values()))
            continue
        by_language[name] = {code: language_file(name, code) for code in versions}
        for code, data in versions.items():
            files[language_file(name, code)] = data
    return _with_languages(section, by_language), files


def _with_languages(section: dict[str, Any], by_language: dict[str, dict[str, str]]) -> dict[str, Any]:
    """The game's table with each image that has a file per language named as `{ en = …, de = … }`."""
    def entry(value: Any) -> Any:
        return dict(by_language[value]) if isinstance(value, str) and value in by_language else value

    out = {key: entry(value) for key, value in section.items()}
    if isinstance(section.get("cards"), dict):
        out["cards"] = {card: entry(file) for card, file in section["cards"].items()}
    return out


def named_files(table: Any) -> set[str]:
    """Every image file a [games.<id>] table names (both forms: a file, or files by language)."""
    if not isinstance(table, dict):
        return set()
    entries = [v for k, v in table.items() if k not in ("cards", "text", "card_size")]
    cards = table.get("cards")
    entries += list(cards.values()) if isinstance(cards, dict) else []
    found: set[str] = set()
    for value in entries:
        if isinstance(value, str):
            found.add(value)
        elif _is_by_language(value):
            found.update(v for v in value.values() if isinstance(v, str))
    return found


def draw(out: Path, game_ids: Iterable[str], verbose: bool = True) -> list[Path]:
    """Draw and write every image of the given games and the manifest; returns the files written."""
    pygame.font.init()  # drawing needs fonts only: no window, no sound
    written: list[Path] = []
    sections: dict[str, dict[str, Any]] = {}
    before = old_games(out)
    for game_id in game_ids:
        section, files = draw_game(game_id)
        for name, data in files.items():
            path = out / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(path)
            if verbose:
                print(f"  {path}")
        for stale in sorted(named_files(before.get(game_id)) - set(files)):
            _remove(out, stale, verbose)
        sections[game_id] = section
    path = out / "pack.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(toml_text(manifest(out, sections)), encoding="utf-8")
    written.append(path)
    return written


def _remove(out: Path, name: str, verbose: bool) -> None:
    """Remove an image the old manifest named and this drawing no longer writes (only inside `out`)."""
    path = (out / name).resolve()
    if not path.is_relative_to(out.resolve()) or not path.is_file():
        return
    path.unlink()
    if verbose:
        print(f"  removed {path}")
    with contextlib.suppress(OSError):
        path.parent.rmdir()  # a language folder left empty


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.draw_default_pack", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "--out", type=Path, help="pack folder (default: assets/art/default of the source checkout)"
    )
    parser.add_argument("--game", choices=sorted(GAME_MODULES), help="redraw only this game")
    parser.add_argument("--quiet", action="store_true", help="do not list the files")
    args = parser.parse_args(argv)
    args.out = default_out(parser, args.out, "art", "default")
    # offscreen only: never open a window, whatever display the shell has
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    games = [args.game] if args.game else list(GAME_MODULES)
    try:
        cli.output_folder(args.out)
        written = draw(args.out, games, verbose=not args.quiet)
    except (cli.OutputError, OSError) as exc:
        return cli.cannot_write("draw_default_pack", exc)
    print(f"wrote {len(written)} files to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
