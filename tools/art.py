"""The art tool for card designers (headless: no window opens).

    python -m tools.art check PACK [--complete] [--json]
    python -m tools.art sheet PACK --game ID --out FILE.png [--card-width 200] [--columns 8]
    python -m tools.art template [PACK] --game ID --out DIR

PACK is a folder with a pack.toml, or the name of a pack in assets/art or in the user data dir's art
folder. `check` lists errors and warnings with the manifest line of each (tools/arttool/check.py says
which is which) and exits 1 on errors, 0 otherwise; --json prints one JSON object instead. `sheet`
draws every card, back and the table of a game as the table would show them with the pack active,
each with its id, and marks art that falls back to the default pack or is missing. `template` writes
blank templates, one per kind of card, with the regions the table and the default layout use, and a
README.txt that explains them. Exit 2: a pack or game that does not exist, or bad arguments.

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
    return top


def main(argv: list[str] | None = None) -> int:
    set_language(system_language())
    top = parser()
    args = top.parse_args(argv)
    # the art library logs each missing image; these commands report them in their own output
    logging.getLogger("scenes.art").setLevel(logging.ERROR)
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
        if args.command == "sheet":
            from tools.arttool.sheet import write_sheet

            cli.output_file(args.out)
            return write_sheet(folder, args.game, args.out, args.card_width, args.columns)
        from tools.arttool.template import write_templates

        cli.output_folder(args.out)
        return write_templates(folder, args.game, args.out)
    except (cli.OutputError, OSError) as exc:  # checked first; a disk that fills up meanwhile is named too
        return cli.cannot_write("art", exc)


if __name__ == "__main__":
    sys.exit(main())
