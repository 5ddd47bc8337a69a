"""Render a table, a replay or a menu screen to a PNG, headless.

    python -m tools.screenshot --game ID --players N --seed S --after A --size WxH --out FILE.png
    python -m tools.screenshot --replay FILE [--at N] [--watch SEAT|spectator|open] --out FILE.png
    python -m tools.screenshot --scene history|stats [--history DIR] --out FILE.png
    python -m tools.screenshot --scene title|choose|settings --out FILE.png
    python -m tools.screenshot --scene setup --game ID --out FILE.png
    python -m tools.screenshot --scene pause|results --game ID --players N [--seed S --after A] --out FILE.png

Every picture takes --lang de|en: the language of every word on it (default: English). A table of
--game takes --option NAME=VALUE (repeated) and --variant FILE.toml: the game played with a variant of its
card data (docs/variants.md).

Every seat is a bot; after A of their actions the table is drawn as seat 0 sees it (its hand face
up, the others' hands as backs), with the log of what led there, and written as a PNG of exactly
the asked size.

--replay draws the replay viewer with the record FILE at move N (default: its last), watched as the
viewer chooses unless --watch says (a seat number, spectator, or open: every hand of a finished game).
--scene history|stats draws the History or the Statistics screen of the kept games: those of the
player's data folder, or the record files in --history DIR. They are read from a copy, so nothing of
the player's changes (the screens keep the current game and write their index). --scene title, choose
and settings draw those menus; setup the new-game screen of --game; pause the pause menu over the table
of --game after A actions; results the end of a game of --game played by the bots to its end (kept in
a throwaway data folder, not the player's history).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

from game.i18n import DEFAULT_LANGUAGE, LANGUAGES
from tools import cli

SEAT_NAMES = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Greta", "Hans")


SCENES = ("history", "stats", "title", "choose", "settings", "setup", "pause", "results")
#: the screens drawn from the kept games (--history)
HISTORY_SCENES = ("history", "stats")
#: the screens of one game (--game): setup needs only the game, the others a table of bots
GAME_SCENES = ("setup", "pause", "results")
WATCH_WORDS = ("spectator", "open")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tools.screenshot", description=__doc__.split("\n\n")[0])
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--game", type=cli.game_id, help="game id, e.g. palastgefluester (a table of bots)")
    what.add_argument("--replay", type=Path, metavar="FILE", help="a game record: the replay viewer")
    parser.add_argument("--scene", choices=SCENES,
                        help=f"another screen: {', '.join(SCENES)} ({', '.join(GAME_SCENES)} with --game)")
    parser.add_argument("--lang", choices=tuple(LANGUAGES), default=DEFAULT_LANGUAGE,
                        help=f"the language of the words shown (default {DEFAULT_LANGUAGE})")
    parser.add_argument("--players", type=cli.count(1), help="with --game: the number of seats")
    parser.add_argument("--at", type=cli.count(0), help="with --replay: the move shown (default: the last)")
    parser.add_argument("--watch", type=watch_choice, help="with --replay: a seat number, spectator or open")
    parser.add_argument("--history", type=Path, metavar="DIR",
                        help="with --scene: a folder of record files (default: the kept games)")
    parser.add_argument("--seed", type=cli.seed, default=1)
    parser.add_argument("--after", type=cli.count(0), default=0, help="AI actions to play before the picture")
    parser.add_argument(
        "--size", type=cli.window_size, default=(1920, 1080), help="WIDTHxHEIGHT (default 1920x1080)"
    )
    parser.add_argument("--out", type=Path, required=True, help="the PNG file to write")
    parser.add_argument("--bots", type=cli.bot_name, default="normal",
                        help="the bot level of every seat (default normal)")
    parser.add_argument(
        "--option", type=cli.option, action="append", default=[], help="a game option NAME=VALUE"
    )
    parser.add_argument("--variant", type=Path, metavar="FILE",
                        help="with --game: a variant of the card data (TOML, docs/variants.md)")
    return parser


def watch_choice(text: str) -> int | str:
    """A seat number (from 0), spectator or open."""
    if text in WATCH_WORDS:
        return text
    if text.isdigit() and len(text) < 3:
        return int(text)
    raise argparse.ArgumentTypeError(f"{text!r} is not a seat number, spectator or open")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The arguments, checked against the game or the record (a bad count, option, bot, record or move
    is a usage error)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.game is None and args.replay is None and args.scene is None:
        parser.error("one of --game, --replay or --scene is required")
    if args.scene is not None and args.replay is not None:
        parser.error("argument --scene: not allowed with argument --replay")
    if args.scene in GAME_SCENES and args.game is None:
        parser.error(f"--scene {args.scene} needs --game")
    if args.scene is not None and args.scene not in GAME_SCENES and args.game is not None:
        parser.error(f"--scene {args.scene} does not go with --game")
    table_only = {"--players": args.players is not None, "--after": args.after != 0,
                  "--option": bool(args.option), "--variant": args.variant is not None}
    if args.scene == "setup":
        given = [flag for flag, used in table_only.items() if used]
        if given:
            parser.error(f"{given[0]} does not go with --scene setup")
    elif args.game is not None:
        if args.players is None:
            parser.error("--game needs --players")
        if args.variant is not None:
            from game import load
            from game.core.datafile import DataFileError
            from game.core.variant import OPTION, read_variant

            try:
                args.option.append((OPTION, read_variant(args.variant, load(args.game)).option()))
            except DataFileError as exc:
                parser.error(f"--variant: {exc}")
        cli.check_setup(parser, args.game, args.players, dict(args.option))
        cli.check_bots(parser, args.game, [args.bots])
    else:
        given = [flag for flag, used in table_only.items() if used]
        if given:
            parser.error(f"{given[0]} goes with --game")
    if args.replay is None and (args.at is not None or args.watch is not None):
        parser.error("--at and --watch go with --replay")
    if args.scene not in HISTORY_SCENES and args.history is not None:
        parser.error("--history goes with --scene history or stats")
    if args.replay is not None:
        check_replay(parser, args.replay, args.at, args.watch)
    if args.history is not None and not args.history.is_dir():
        parser.error(f"--history: {args.history} is not a folder")
    return args


def check_replay(parser: argparse.ArgumentParser, path: Path, at: int | None,
                 watch: int | str | None) -> None:
    """The record at `path`, read and checked; its move and seat must exist."""
    from game.core import RecordError
    from game.core.datafile import shown
    from game.core.records import read_record, replay

    try:
        record = read_record(path)
        final = replay(record, verify=True, path=str(path))
    except RecordError as exc:
        parser.error(f"--replay: {shown(exc)}")
    total = len(record.actions)
    if at is not None and at > total:
        parser.error(f"--at {at}: the record has moves 0 to {total}")
    if isinstance(watch, int) and watch >= record.players:
        parser.error(f"--watch {watch}: the record has seats 0 to {record.players - 1}")
    if watch == "open" and not final.is_terminal():
        parser.error("--watch open: the hands of a game still going on stay hidden")


def render(
    game_id: str,
    players: int,
    seed: int,
    after: int,
    size: tuple[int, int],
    out: Path,
    bots: str = "normal",
    options: dict[str, object] | None = None,
    language: str = DEFAULT_LANGUAGE,
    paused: bool = False,
) -> int:
    """Play `after` bot actions and write the table as seat 0 sees it (with `paused`, the pause menu
    over it); returns the actions played."""
    app = _app(size, language)  # first: it sets the headless drivers before the table loads pygame
    import pygame

    from scenes.table import open_table

    match = _bot_match(game_id, players, seed, bots, options)
    played = 0
    while played < after and not match.is_over():
        match.step_bot()
        played += 1

    try:
        scene = open_table(app, match, seat=0, follow=False, to_results=False, bots=False)
        app.push(scene)  # the table tells the game so far, as seat 0 knows it, in its log
        if paused:
            from scenes.menus.pause import PauseScene

            app.step(1 / 60)
            app.push(PauseScene(app, match))
        _save(app, out)
    finally:
        app.stack.clear()
        pygame.display.quit()
    return played


def _bot_match(game_id: str, players: int, seed: int, bots: str, options: dict[str, object] | None):
    from game.match import Match, Seat

    seats = [Seat.ai(SEAT_NAMES[i % len(SEAT_NAMES)], bots) for i in range(players)]
    return Match(game_id, seats, seed, options or {})


def render_menu(scene_name: str, game_id: str | None, size: tuple[int, int], out: Path,
                language: str = DEFAULT_LANGUAGE) -> None:
    """The title, the game choice, the settings or the setup of `game_id`."""
    app = _app(size, language)
    import pygame

    try:
        if scene_name == "title":
            from scenes.menus.title import TitleScene

            app.push(TitleScene(app))
        elif scene_name == "choose":
            from scenes.menus.choose import ChooseGameScene

            app.push(ChooseGameScene(app))
        elif scene_name == "settings":
            from scenes.menus.settings import SettingsScene

            app.push(SettingsScene(app))
        else:
            from scenes.menus.setup import SetupScene

            app.push(SetupScene(app, str(game_id)))
        _save(app, out)
    finally:
        app.stack.clear()
        pygame.display.quit()


def render_results(game_id: str, players: int, seed: int, size: tuple[int, int], out: Path,
                   bots: str = "normal", options: dict[str, object] | None = None,
                   language: str = DEFAULT_LANGUAGE) -> int:
    """A game of bots played to its end and its results screen; returns the actions played. The game
    is kept in a throwaway data folder, never in the player's history."""
    with tempfile.TemporaryDirectory(prefix="kartentisch-screenshot-") as home:
        os.environ["KARTENTISCH_DATA_DIR"] = home
        app = _app(size, language)
        import pygame

        from scenes.menus.results import ResultsScene

        match = _bot_match(game_id, players, seed, bots, options)
        match.run_bots()
        try:
            app.push(ResultsScene(app, match))
            _save(app, out)
        finally:
            app.stack.clear()
            pygame.display.quit()
        return len(match.actions)


def _app(size: tuple[int, int], language: str = DEFAULT_LANGUAGE):
    """A headless app of the asked size, animations off (a picture of where things come to rest),
    speaking `language`."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # a picture, not a window
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from kartentisch.launcher import make_app
    from scenes.settings import Settings

    settings = Settings.load()
    settings.fullscreen = False
    settings.animation_speed = "off"
    settings.language = language  # for this picture only: the settings are not saved
    return make_app(settings, size=size)


def _save(app, out: Path, frames: int = 3) -> None:
    import pygame

    for _ in range(frames):
        app.step(1 / 60)
    try:
        pygame.image.save(app.screen, str(out))
    except (pygame.error, OSError) as exc:  # a disk that filled up or a folder removed meanwhile
        raise cli.OutputError(f"cannot write {out}: {exc}") from None


def render_replay(path: Path, at: int | None, watch: int | str | None, size: tuple[int, int],
                  out: Path, language: str = DEFAULT_LANGUAGE) -> int:
    """The replay viewer with the record at `path` at move `at` (None: the last); returns that move."""
    import pygame

    from scenes.menus.replay import ReplayScene, open_replay

    app = _app(size, language)
    try:
        problem = open_replay(app, path, watch)
        if problem:  # checked before: only a file changed since can get here
            raise cli.OutputError(problem)
        scene = app.stack.top
        assert isinstance(scene, ReplayScene)
        move = scene.playback.total if at is None else at
        scene.seek(move)
        _save(app, out)
    finally:
        app.stack.clear()
        pygame.display.quit()
    return move


def render_scene(scene_name: str, records: Path | None, size: tuple[int, int], out: Path,
                 language: str = DEFAULT_LANGUAGE) -> int:
    """The History or Statistics screen over a copy of the kept games (or of the records in `records`);
    returns how many games it lists."""
    import pygame

    from scenes.settings import history_dir

    source = Path(records) if records is not None else history_dir()  # games in play are kept there too
    with tempfile.TemporaryDirectory(prefix="kartentisch-screenshot-") as home:
        os.environ["KARTENTISCH_DATA_DIR"] = home  # the screens keep, index and list the copy
        copy = Path(home) / "history"
        copy.mkdir()
        for item in sorted(source.glob("*.jsonl")) if source.is_dir() else []:
            if item.is_file():
                shutil.copy2(item, copy / item.name)
        app = _app(size, language)
        try:
            from scenes.menus.history import HistoryScene
            from scenes.menus.statistics import StatisticsScene

            scene = HistoryScene(app) if scene_name == "history" else StatisticsScene(app)
            app.push(scene)
            for _ in range(10_000):  # the records the index lacks are read a few per frame
                if not scene.pending:
                    break
                app.step(1 / 60)
            _save(app, out)
            listed = len(scene.history.listed())
        finally:
            app.stack.clear()
            pygame.display.quit()
    return listed


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    w, h = args.size
    try:
        cli.output_file(args.out)  # before the game is played: a typo in the path costs nothing
        if args.replay is not None:
            move = render_replay(args.replay, args.at, args.watch, args.size, args.out, args.lang)
            print(f"wrote {args.out} ({w}x{h}): the replay of {args.replay} at move {move}")
            return 0
        if args.scene in HISTORY_SCENES:
            listed = render_scene(args.scene, args.history, args.size, args.out, args.lang)
            print(f"wrote {args.out} ({w}x{h}): the {args.scene} screen with {listed} games")
            return 0
        if args.scene == "results":
            played = render_results(args.game, args.players, args.seed, args.size, args.out, args.bots,
                                    dict(args.option), args.lang)
            print(f"wrote {args.out} ({w}x{h}): the results of a game of {played} actions")
            return 0
        if args.scene is not None and args.scene != "pause":
            render_menu(args.scene, args.game, args.size, args.out, args.lang)
            print(f"wrote {args.out} ({w}x{h}): the {args.scene} screen")
            return 0
        played = render(
            args.game, args.players, args.seed, args.after, args.size, args.out, args.bots, dict(args.option),
            args.lang, paused=args.scene == "pause",
        )
    except cli.OutputError as exc:
        return cli.cannot_write("screenshot", exc)
    note = "" if played == args.after else f" (the game ended after {played})"
    print(f"wrote {args.out} ({w}x{h}) after {played} actions{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
