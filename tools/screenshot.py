"""Render a table to a PNG, headless.

    python -m tools.screenshot --game ID --players N --seed S --after A --size WxH --out FILE.png

Every seat is a bot; after A of their actions the table is drawn as seat 0 sees it (its hand face
up, the others' hands as backs), with the log of what led there, and written as a PNG of exactly
the asked size.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from tools import cli

SEAT_NAMES = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Greta", "Hans")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tools.screenshot", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, type=cli.game_id, help="game id, e.g. palastgefluester")
    parser.add_argument("--players", type=cli.count(1), required=True)
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
    return parser


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The arguments, checked against the game (a bad count, option or bot is a usage error)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    cli.check_setup(parser, args.game, args.players, dict(args.option))
    cli.check_bots(parser, args.game, [args.bots])
    return args


def render(
    game_id: str,
    players: int,
    seed: int,
    after: int,
    size: tuple[int, int],
    out: Path,
    bots: str = "normal",
    options: dict[str, object] | None = None,
) -> int:
    """Play `after` bot actions and write the table as seat 0 sees it; returns the actions played."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # a picture, not a window
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.match import Match, Seat
    from scenes.app import App
    from scenes.settings import Settings
    from scenes.table import open_table

    seats = [Seat.ai(SEAT_NAMES[i % len(SEAT_NAMES)], bots) for i in range(players)]
    match = Match(game_id, seats, seed, options or {})
    played = 0
    while played < after and not match.is_over():
        match.step_bot()
        played += 1

    settings = Settings.load()
    settings.fullscreen = False
    settings.animation_speed = "off"
    app = App(settings, size=size)
    try:
        scene = open_table(app, match, seat=0, follow=False, to_results=False, bots=False)
        app.push(scene)  # the table tells the game so far, as seat 0 knows it, in its log
        for _ in range(3):
            app.step(1 / 60)
        try:
            pygame.image.save(app.screen, str(out))
        except (pygame.error, OSError) as exc:  # a disk that filled up or a folder removed meanwhile
            raise cli.OutputError(f"cannot write {out}: {exc}") from None
    finally:
        app.stack.clear()
        pygame.display.quit()
    return played


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        cli.output_file(args.out)  # before the game is played: a typo in the path costs nothing
        played = render(
            args.game, args.players, args.seed, args.after, args.size, args.out, args.bots, dict(args.option)
        )
    except cli.OutputError as exc:
        return cli.cannot_write("screenshot", exc)
    w, h = args.size
    note = "" if played == args.after else f" (the game ended after {played})"
    print(f"wrote {args.out} ({w}x{h}) after {played} actions{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
