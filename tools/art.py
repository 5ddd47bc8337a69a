"""The art tool for card designers (headless: no window opens).

    python -m tools.art check PACK [--complete] [--json]
    python -m tools.art sheet PACK --game ID --out FILE.png [--card-width 200] [--columns 8]
    python -m tools.art template [PACK] --game ID --out DIR
    python -m tools.art tts PACK --game ID --out DIR [--players N] [--url-base URL]
    python -m tools.art import-sheet SHEET.png --grid 10x7 --game ID --order FILE.txt --out PACK
                                     [--table FILE]
    python -m tools.art pnp PACK --game ID --out FILE.pdf [--paper a4|letter] [--card-mm 63x88] [--bleed-mm 3]
                            [--backs none|long|short|fold] [--offset-mm DX,DY] [--deck [--players N]]
    python -m tools.art pnp-calibrate [--paper a4|letter] [--backs long|short] --out FILE.pdf

PACK is a folder with a pack.toml, or the name of a pack in assets/art or in the user data dir's art
folder. `check` lists errors and warnings with the manifest line of each (tools/arttool/check.py says
which is which) and exits 1 on errors, 0 otherwise; --json prints one JSON object instead. `sheet`
draws every card, back and the table of a game as the table would show them with the pack active,
each with its id, and marks art that falls back to the default pack or is missing. `template` writes
blank templates, one per kind of card, with the regions the table and the default layout use, and a
README.txt that explains them. `tts` writes a game's deck for Tabletop Simulator (tools/arttool/tts.py);
`import-sheet` cuts a grid sheet into a new pack (tools/arttool/import_sheet.py). Exit 2: a pack or game
that does not exist, or bad arguments.

The commands speak the language of the system (German for a `de*` locale, else English: see
game.i18n.system_language), as the card designers who run them read it.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

from game import GAME_IDS
from game.core.datafile import os_reason, shown
from game.i18n import set_language, system_language, tr, words
from tools import cli
from tools.arttool import check, packs  # sets the dummy video driver before pygame starts


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog=cli.prog("tools.art", "kartentisch-art"),
        description=tr("The art tool for card designers (headless: no window opens)."))
    commands = top.add_subparsers(dest="command", required=True)
    pack_help = tr("a pack folder, its pack.toml, or a pack name")

    c = commands.add_parser("check", help=tr("check a pack: ids, files, sizes, resolution"))
    c.add_argument("pack", help=pack_help)
    c.add_argument("--complete", action="store_true",
                   help=tr("every art id must be in the pack (as for the default pack)"))
    c.add_argument("--json", action="store_true", help=tr("print the report as one JSON object"))

    s = commands.add_parser("sheet", help=tr("a contact sheet of one game's cards"))
    s.add_argument("pack", help=pack_help)
    s.add_argument("--game", required=True, choices=GAME_IDS)
    s.add_argument("--out", required=True, type=Path, help=tr("the PNG to write"))
    s.add_argument("--card-width", type=cli.count(16, 2000), default=200,
                   help=tr("pixels per card (default 200)"))
    s.add_argument("--columns", type=cli.count(1, 40), default=8, help=tr("cards per row (default 8)"))

    t = commands.add_parser("template", help=tr("blank templates for each kind of card of a game"))
    t.add_argument(
        "pack",
        nargs="?",
        default="default",
        help=tr("the pack whose card size and safe area to use (default: default)"),
    )
    t.add_argument("--game", required=True, choices=GAME_IDS)
    t.add_argument("--out", required=True, type=Path, help=tr("the folder to write into"))
    add_tts_commands(commands, pack_help)
    add_print_commands(commands, pack_help)
    return top


def add_tts_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser], pack_help: str) -> None:
    """`tts` (a deck for Tabletop Simulator) and `import-sheet` (a grid sheet cut into a new pack)."""
    from tools.arttool.import_sheet import grid

    x = commands.add_parser("tts",
                            help=tr("a game's deck for Tabletop Simulator: sheets, back, saved object"))
    x.add_argument("pack", help=pack_help)
    x.add_argument("--game", required=True, choices=GAME_IDS)
    x.add_argument("--out", required=True, type=Path, help=tr("the folder to write into"))
    x.add_argument("--players", type=cli.count(1, 10),
                   help=tr("the deck for this many players (default: the game's most)"))
    x.add_argument("--url-base", help=tr("the address the sheets will be hosted at (default: file:// paths)"))

    i = commands.add_parser("import-sheet", help=tr("cut a grid sheet into the faces of a new pack"))
    i.add_argument("sheet", type=Path, help=tr("the sheet image (PNG)"))
    i.add_argument("--grid", required=True, type=grid, help=tr("columns x rows, such as 10x7"))
    i.add_argument("--game", required=True, choices=GAME_IDS)
    i.add_argument("--order", required=True, type=Path,
                   help=tr("a text file with the card id of every cell, one a line (\"-\" for none)"))
    i.add_argument("--out", required=True, type=Path, help=tr("the folder of the new pack"))
    i.add_argument("--table", type=Path,
                   help=tr("an image for the game's table background (a sheet has none)"))


def add_print_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser], pack_help: str) -> None:
    """`pnp` (print-and-play sheets as a PDF) and `pnp-calibrate` (a sheet that measures duplex drift)."""
    from tools.arttool.pnp import BACKS, PAPERS, bleed_mm_arg, card_mm_arg, offset_mm_arg

    p = commands.add_parser("pnp", help=tr("print-and-play sheets of a game's cards, as a PDF"))
    p.add_argument("pack", help=pack_help)
    p.add_argument("--game", required=True, choices=GAME_IDS)
    p.add_argument("--out", required=True, type=Path, help=tr("the PDF to write"))
    p.add_argument("--paper", choices=sorted(PAPERS), default="a4", help=tr("the paper (default a4)"))
    p.add_argument("--card-mm", type=card_mm_arg,
                   help=tr("the printed card, WxH in mm (default: the pack's [print] card_mm, else 63x88)"))
    p.add_argument("--bleed-mm", type=bleed_mm_arg, default=3.0,
                   help=tr("art beyond the cut on every side, in mm (default 3)"))
    p.add_argument("--backs", choices=BACKS, default="none",
                   help=tr("backs for duplex printing on the long or short edge, or beside each front "
                           "to fold (default none)"))
    p.add_argument("--offset-mm", type=offset_mm_arg,
                   help=tr("how far the printer shifts the back side, DX,DY in mm (default: the pack's "
                           "[print] offset_mm, else 0,0)"))
    p.add_argument("--deck", action="store_true",
                   help=tr("every card as often as the game's deck holds it"))
    p.add_argument("--players", type=cli.count(1, 10),
                   help=tr("--deck for this many players (default: the game's most)"))

    c = commands.add_parser("pnp-calibrate", help=tr("a duplex sheet with rulers that measures the "
                                                     "printer's shift of the back side"))
    c.add_argument("--paper", choices=sorted(PAPERS), default="a4", help=tr("the paper (default a4)"))
    c.add_argument("--backs", choices=("long", "short"), default="long",
                   help=tr("the edge the sheet is turned over (default long)"))
    c.add_argument("--out", required=True, type=Path, help=tr("the PDF to write"))


def main(argv: list[str] | None = None) -> int:
    set_language(system_language())
    top = parser()
    args = top.parse_args(argv)
    # the art library logs each missing image; these commands report them in their own output
    logging.getLogger("scenes.art").setLevel(logging.ERROR)
    if args.command == "import-sheet":
        return run_import_sheet(top, args)
    if args.command == "pnp-calibrate":
        return run_calibrate(args)
    try:
        folder = packs.resolve_pack(args.pack)
    except packs.PackNotFound as exc:  # a usage error, as argparse reports one (but returned, not raised)
        top.print_usage(sys.stderr)
        print(tr("error: {problem}").format(problem=exc), file=sys.stderr)
        return cli.EXIT_USAGE
    if args.command == "check":
        try:
            report = check.check_pack(folder, complete=args.complete)
        except OSError as exc:  # the folder went away or became unreadable while it was checked
            print(tr("error: {problem}").format(problem=tr("{file} cannot be read ({reason})").format(
                file=shown(folder), reason=words(os_reason(exc)))), file=sys.stderr)
            return cli.EXIT_FAILED
        print(json.dumps(report.as_json(), ensure_ascii=False) if args.json else report.text())
        return report.exit_code
    try:
        if args.command == "pnp":
            return run_pnp(top, args, folder)
        if args.command == "tts":
            return run_tts(top, args, folder)
        if args.command == "sheet":
            from tools.arttool.sheet import write_sheet

            cli.output_file(args.out)
            return write_sheet(folder, args.game, args.out, args.card_width, args.columns)
        from tools.arttool.template import write_templates

        cli.output_folder(args.out)
        return write_templates(folder, args.game, args.out)
    except (cli.OutputError, OSError) as exc:  # checked first; a disk that fills up meanwhile is named too
        return cli.cannot_write("art", exc)


def run_tts(top: argparse.ArgumentParser, args: argparse.Namespace, folder: Path) -> int:
    from game import load
    from tools.arttool.tts import export_tts

    game = load(args.game)
    players = game.max_players if args.players is None else args.players
    cli.check_setup(top, args.game, players)
    cli.output_folder(args.out)
    return export_tts(folder, args.game, args.out, players, args.url_base)


def run_import_sheet(top: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from tools.arttool.import_sheet import SheetRefused, import_sheet

    try:
        columns, rows = args.grid
        return import_sheet(args.sheet, columns, rows, args.game, args.order, args.out, args.table)
    except SheetRefused as exc:
        if exc.usage:
            top.print_usage(sys.stderr)
        print(tr("error: {problem}").format(problem=exc), file=sys.stderr)
        return cli.EXIT_USAGE if exc.usage else cli.EXIT_FAILED
    except OSError as exc:
        return cli.cannot_write("art", exc)


def run_pnp(top: argparse.ArgumentParser, args: argparse.Namespace, folder: Path) -> int:
    from game import load
    from tools.arttool.pnp import LayoutError, PrintOptions, write_pnp

    players = load(args.game).max_players if args.players is None else args.players
    cli.check_setup(top, args.game, players)
    cli.output_file(args.out)
    options = PrintOptions(args.paper, args.card_mm, args.bleed_mm, args.backs, args.offset_mm, args.deck,
                           players)
    try:
        return write_pnp(folder, args.game, args.out, options)
    except LayoutError as exc:  # a card too large for the paper: a size out of range
        top.print_usage(sys.stderr)
        print(tr("error: {problem}").format(problem=exc), file=sys.stderr)
        return cli.EXIT_USAGE


def run_calibrate(args: argparse.Namespace) -> int:
    from tools.arttool.calibrate import write_calibration

    try:
        cli.output_file(args.out)
        return write_calibration(args.out, args.paper, args.backs)
    except (cli.OutputError, OSError) as exc:
        return cli.cannot_write("art", exc)


if __name__ == "__main__":
    sys.exit(main())
