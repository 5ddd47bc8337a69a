"""What the command-line tools share: argument types that refuse bad input, checks of a set-up against
its game, and output paths that must be writable.

A mistake in the arguments is a usage error: argparse prints the usage and the reason and exits 2
(the types below raise `ArgumentTypeError`; checks that need several arguments call `parser.error`).
An output that cannot be written is not a usage error: the tool prints one line naming the path and
exits 1 (`OutputError`, `cannot_write`). Either way no traceback reaches the person at the terminal.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from game import load
from game.ai import BOT_NAMES, is_bot_name
from game.core import KartentischError
from game.core.rng import SEED_DIGITS  # the digits a seed may have, as on the setup screen
from kartentisch.launcher import window_size

EXIT_FAILED = 1
EXIT_USAGE = 2

__all__ = [
    "EXIT_FAILED", "EXIT_USAGE", "OutputError", "prog", "bot_list", "bot_name", "cannot_write", "check_bots",
    "check_setup", "count",
    "game_id", "name_list", "option", "output_file", "output_folder", "seed", "window_size",
]


def prog(module: str, script: str) -> str:
    """The name a tool's usage line shows: the console script it was started as (`kartentisch-art`),
    else how it is run from a source checkout (`python -m tools.art`)."""
    return script if Path(sys.argv[0]).stem == script else f"python -m {module}"


# -- argument types (argparse reports what they raise as a usage error) ------------------------------
def count(minimum: int = 1, maximum: int | None = None) -> Callable[[str], int]:
    """A type for a whole number from `minimum` (to `maximum`): a count, a limit, a number of jobs."""

    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum or (maximum is not None and value > maximum):
            allowed = f"at least {minimum}" if maximum is None else f"{minimum} to {maximum}"
            raise argparse.ArgumentTypeError(f"{value} is out of range: it must be {allowed}")
        return value

    return parse


def seed(text: str) -> int:
    """A seed: a whole number (negative too) of up to SEED_DIGITS digits."""
    if not re.fullmatch(rf"\s*-?\d{{1,{SEED_DIGITS}}}\s*", text):
        raise argparse.ArgumentTypeError(
            f"a seed is a whole number of up to {SEED_DIGITS} digits, not {text!r}")
    return int(text)


def game_id(text: str) -> str:
    """A game whose rules are built."""
    try:
        load(text)
    except KartentischError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def bot_name(text: str) -> str:
    name = text.strip()
    if not is_bot_name(name):
        raise argparse.ArgumentTypeError(
            f"unknown bot {name!r}; the bots are: {', '.join(BOT_NAMES)}, "
            "ismcts:N, ismcts:Nms, improve:N, improve:Nms")
    return name


def name_list(text: str) -> list[str]:
    """A comma-separated list, blanks dropped; at least one name."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        raise argparse.ArgumentTypeError(f"{text!r} names nothing: give names separated by commas")
    return names


def bot_list(text: str) -> list[str]:
    """Bot names separated by commas, each one a bot that exists."""
    return [bot_name(name) for name in name_list(text)]


def option(text: str) -> tuple[str, Any]:
    """A game option NAME=VALUE; on/off words become booleans and whole numbers ints (the game checks
    the value itself: see `check_setup`)."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"an option is NAME=VALUE, not {text!r}")
    value: Any = raw
    if raw.lower() in ("true", "on", "yes"):
        value = True
    elif raw.lower() in ("false", "off", "no"):
        value = False
    elif re.fullmatch(r"-?\d{1,18}", raw):
        value = int(raw)
    return name.strip(), value


# -- checks that need the game --------------------------------------------------------------------
def check_setup(parser: argparse.ArgumentParser, game: str, players: int,
                options: Mapping[str, Any] | None = None) -> None:
    """The player count and options must suit the game: a usage error says what they may be."""
    try:
        load(game).check_setup(players, dict(options or {}))
    except KartentischError as exc:
        parser.error(str(exc))


def check_bots(parser: argparse.ArgumentParser, game: str, bots: Iterable[str]) -> None:
    """Every bot must be playable in the game (a search needs the game's plan)."""
    from game.ai import make_bot

    for name in dict.fromkeys(bots):
        try:
            make_bot(game, name)
        except KartentischError as exc:
            parser.error(str(exc))


# -- outputs ----------------------------------------------------------------------------------------
class OutputError(Exception):
    """An output path the tool cannot write: its message names the path and why."""


def _probe(folder: Path) -> None:
    """Write and remove a file in `folder`: the one sure test that the tool may write there."""
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise OutputError(f"cannot write in {folder}: {exc.strerror or exc}") from None


def output_file(path: Path) -> Path:
    """Check that a file can be written at `path` (its folder must exist) before any work is done."""
    if path.is_dir():
        raise OutputError(f"{path} is a folder: give a file name")
    folder = path.parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise OutputError(f"cannot write {path}: the folder {folder} {what}")
    if path.exists() and not os.access(path, os.W_OK):
        raise OutputError(f"cannot write {path}: the file is read-only")
    _probe(folder)
    return path


def output_folder(path: Path) -> Path:
    """Check that files can be written into the folder `path`, making it (not its parents) if needed."""
    if path.exists() and not path.is_dir():
        raise OutputError(f"{path} is a file, not a folder")
    if not path.exists():
        if not path.parent.is_dir():
            raise OutputError(f"cannot make the folder {path}: {path.parent} does not exist")
        try:
            path.mkdir()
        except OSError as exc:
            raise OutputError(f"cannot make the folder {path}: {exc.strerror or exc}") from None
    _probe(path)
    return path


def cannot_write(prog: str, error: OutputError | OSError) -> int:
    """Say in one line why an output failed (`prog: what`); the exit code of a failed run."""
    if isinstance(error, OSError):  # raised while writing: the file and the system's reason
        text = f"{error.filename}: {error.strerror}" if error.filename and error.strerror else str(error)
    else:
        text = str(error)
    print(f"{prog}: {text}", file=sys.stderr)
    return EXIT_FAILED
