"""Draw the default art pack: `python -m tools.draw_default_pack [--out assets/art/default] [--game ID]`.

Every image is drawn with pygame on offscreen surfaces (no window: the dummy video driver is set here)
and written as PNG together with pack.toml. The drawings use no clock and only seeded randomness, so a
second run writes byte-identical files. With --game only that game's images and manifest table are
redrawn; the other games' tables in an existing pack.toml are kept.
"""

from __future__ import annotations

import argparse
import os
import sys
import tomllib
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

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
    raise TypeError(f"cannot write {value!r} to TOML")


def toml_text(data: dict[str, Any]) -> str:
    """Plain values first, then every sub-table under its dotted header (enough for a pack manifest)."""
    out: list[str] = []

    def table(path: list[str], body: dict[str, Any]) -> None:
        plain = [(k, v) for k, v in body.items() if not isinstance(v, dict)]
        subs = [(k, v) for k, v in body.items() if isinstance(v, dict)]
        if path and plain:
            out.append("")
            out.append("[" + ".".join(_toml_key(p) for p in path) + "]")
        for k, v in plain:
            out.append(f"{_toml_key(k)} = {_toml_value(v)}")
        for k, v in subs:
            table([*path, k], v)

    table([], data)
    return "\n".join(out) + "\n"


def manifest(out: Path, sections: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The pack manifest: the redrawn games' tables over whatever an existing pack.toml holds."""
    games: dict[str, Any] = {}
    path = out / "pack.toml"
    if path.exists():
        try:
            games = dict(tomllib.loads(path.read_text(encoding="utf-8")).get("games", {}))
        except (tomllib.TOMLDecodeError, OSError) as exc:
            print(f"note: the old {path} is unreadable ({exc}); writing a new one", file=sys.stderr)
    games.update(sections)
    return {
        "name": PACK_NAME,
        "author": AUTHOR,
        "card_size": list(CARD_SIZE),
        "games": {g: games[g] for g in sorted(games)},
    }


def draw(out: Path, game_ids: Iterable[str], verbose: bool = True) -> list[Path]:
    """Draw and write every image of the given games and the manifest; returns the files written."""
    pygame.font.init()  # drawing needs fonts only: no window, no sound
    written: list[Path] = []
    sections: dict[str, dict[str, Any]] = {}
    for game_id in game_ids:
        art = game_art(game_id)
        for name, draw_image in art.images.items():
            path = out / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(png_bytes(draw_image()))
            written.append(path)
            if verbose:
                print(f"  {path}")
        sections[game_id] = art.section
    path = out / "pack.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(toml_text(manifest(out, sections)), encoding="utf-8")
    written.append(path)
    return written


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
