"""Start the card table: `kartentisch` or `python -m kartentisch` [--windowed | --fullscreen] [--size WxH].

The launcher sits above every floor: it builds the App and hands it the exits, the screens that scenes
lead to but may not import themselves (a table never imports a menu, the app never imports one), so
`make_app` is how anything that shows the real app (the launcher, the tools, the tests) builds it.
pygame is imported here on demand: `--version` and a usage error never start it.
"""

from __future__ import annotations

import gc
import os
import re
import sys
from collections.abc import Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING

from game import __version__, logs

if TYPE_CHECKING:
    import argparse

    from game.match import Match
    from scenes.app import App
    from scenes.scene import Exits, Host, Scene
    from scenes.settings import Settings

MIN_SIZE = (320, 240)
MAX_SIZE = (7680, 4320)


def window_size(text: str) -> tuple[int, int]:
    """'1280x720' -> (1280, 720); anything else is a usage error that says what is expected."""
    import argparse  # the command line's module: loaded when there is a command line to read

    found = re.fullmatch(r"\s*(\d{1,5})\s*[xX×]\s*(\d{1,5})\s*", text)
    if not found:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size: write WIDTHxHEIGHT, e.g. 1280x720")
    w, h = int(found[1]), int(found[2])
    if not (MIN_SIZE[0] <= w <= MAX_SIZE[0] and MIN_SIZE[1] <= h <= MAX_SIZE[1]):
        raise argparse.ArgumentTypeError(
            f"{w}x{h} is out of range: from {MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    return w, h


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace | SimpleNamespace:
    """The command line (sys.argv's, with None). An empty one, the usual start, is every default at once:
    argparse and building its parser would be a tenth of the start."""
    if not (sys.argv[1:] if argv is None else argv):
        return SimpleNamespace(windowed=False, fullscreen=False, size=None, verbose=False)
    return argument_parser().parse_args(argv)


def argument_parser() -> argparse.ArgumentParser:
    import argparse

    parser = argparse.ArgumentParser(
        prog="kartentisch",
        description="A card table for Palastgeflüster, Palace, Gloria Picktoria and 3 Chapters.")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--windowed", action="store_true", help="play in a window (kept for next time)")
    mode.add_argument("--fullscreen", action="store_true", help="play full screen (kept for next time)")
    parser.add_argument("--size", type=window_size, metavar="WxH",
                        help="the window's size, e.g. 1280x720 (kept for next time)")
    parser.add_argument("--verbose", action="store_true", help="log what the table does")
    parser.add_argument("--version", action="version", version=f"kartentisch {__version__}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    start(argv).run()
    return 0


def start(argv: Sequence[str] | None = None) -> App:
    """The app with its window open and the title on its stack, from the command line `argv`: what
    `main` runs, and what `tools.bench startup` times to the first frame.

    The garbage collector waits for the first frame: a start makes many objects (pygame's and the
    app's modules) and no garbage worth looking for, and the collector's passes over them were a
    tenth of the start's own work."""
    if getattr(sys, "frozen", False):
        # The standalone build's executable is also what the AI worker process starts as: let
        # multiprocessing take it over there before any argument is read. (Elsewhere the import alone
        # would cost a third of the start.)
        import multiprocessing

        multiprocessing.freeze_support()
    collecting = gc.isenabled()
    gc.disable()
    try:
        app = _start(argv)
    except BaseException:
        if collecting:
            gc.enable()
        raise
    if collecting:
        app.collect_after_first_frame()
    return app


def _start(argv: Sequence[str] | None) -> App:
    args = parse_args(argv)
    logs.configure(verbose=args.verbose)
    from scenes.menus.title import TitleScene
    from scenes.settings import Settings, legacy_autosave_path

    settings = Settings.load()
    if os.path.lexists(legacy_autosave_path()):  # an earlier version's save: into the history first,
        from scenes.keeping import adopt_legacy_autosave  # before the title looks for a game to resume

        adopt_legacy_autosave(settings.history_limit)
    if args.windowed:
        settings.fullscreen = False
    elif args.fullscreen:
        settings.fullscreen = True
    app = make_app(settings, size=args.size)
    app.push(TitleScene(app))
    return app


def make_app(settings: Settings | None = None, size: tuple[int, int] | None = None) -> App:
    """The App with its exits wired: the pause menu and the results screen after a game, and another
    place to save a game that cannot be autosaved when the window is closed."""
    from scenes.app import App

    return App(settings, size=size, exits=exits())


def exits() -> Exits:
    """The screens the shell and the tables lead to, from the menus floor."""
    from scenes.scene import Exits

    return Exits(pause=_pause, results=_results, before_quit=_before_quit)


def _pause(app: Host, match: Match) -> Scene:
    from scenes.menus.pause import PauseScene

    return PauseScene(app, match)


def _results(app: Host, match: Match) -> Scene:
    from scenes.menus.results import ResultsScene

    return ResultsScene(app, match)


def _before_quit(app: Host) -> bool:
    from scenes.menus.save_elsewhere import offer_before_quit

    return offer_before_quit(app)
