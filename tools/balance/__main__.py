"""The balance lab on the command line.

    python -m tools.balance study --game ID --players N --deals K [--bots LEVEL] [--variant F]
        [--option K=V ...] [--skill STRONG,WEAK] [--skill-deals K] [--jobs J | --ray auto|ADDRESS]
        [--out DIR] [--chunks FILE] [--ray-timeout S] [--progress] [--json]
    python -m tools.balance compare --game ID --players N (--a-variant F | --a-option K=V ...)
        (--b-variant F | --b-option K=V ...) [--card ID] [--max-deals K] [--delta D]
        [--jobs J | --ray auto|ADDRESS] [--progress] [--json]

`study` plays duplicate deals and reports the seats' win rates (and in Palace the loser rate and mean
place), the length of the games, every card's win rates when held, played and never held, the drama
(how often the winner was behind half-way) and the skill (the stronger level's win rate against the
weaker on the same deals), each with a 95% interval. `--out DIR` writes report.html with its charts
and report.json with every figure, and keeps the chunk file (DIR/chunks.jsonl) a stopped study resumes
from. `compare` plays A and B on the same deals until its SPRT finds the difference significant or
`--max-deals` deals were played. Any fault in the input is one line and exit status 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NoReturn

from game.ai import BOT_NAMES
from game.balance import cards, lab
from game.balance.lab import SetupError
from game.balance.sprt import Sprt
from game.match import MAX_ACTIONS
from tools import cli
from tools.balance.progress import ProgressBar

PROG = "balance"
EXIT_FAILED = 1


class _Parser(argparse.ArgumentParser):
    """Argument faults are one line and exit 1, like every other fault of this tool."""

    def error(self, message: str) -> NoReturn:
        print(f"{PROG}: {message}", file=sys.stderr)
        raise SystemExit(EXIT_FAILED)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", required=True, type=cli.game_id)
    parser.add_argument("--players", required=True, type=cli.count(1))
    parser.add_argument("--seed", type=cli.seed, default=1, help="the first deal's seed")
    parser.add_argument("--bots", type=cli.bot_list, default=["heuristic"],
                        help=f"one bot for every seat, or one per seat: {', '.join(BOT_NAMES)}, "
                             "ismcts:N, ...")
    parser.add_argument("--max-actions", type=cli.count(1), default=MAX_ACTIONS,
                        help="a game not over after this many actions is cut off")
    parser.add_argument("--jobs", type=cli.count(1, 64), default=1, help="local processes")
    parser.add_argument("--ray", metavar="auto|local|ADDRESS",
                        help="play the chunks on a Ray cluster (needs the extra: "
                             "pip install -e '.[cluster]')")
    parser.add_argument("--ray-timeout", type=float, default=10.0, metavar="SECONDS",
                        help="how long a Ray address may take to answer")
    parser.add_argument("--progress", action="store_true", help="draw the progress bar even off a terminal")
    parser.add_argument("--json", action="store_true", help="end with one line holding every figure as JSON")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m tools.balance", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    study = sub.add_parser("study", help="seats, lengths, cards, drama and skill of a game")
    _common(study)
    study.add_argument("--deals", type=cli.count(1), default=100)
    study.add_argument("--variant", type=Path, metavar="FILE", help="a variant file of the game's card data")
    study.add_argument("--option", action="append", type=cli.option, default=[], metavar="NAME=VALUE")
    study.add_argument("--skill", type=cli.bot_list, default=["hard", "normal"], metavar="STRONG,WEAK",
                       help="the two levels the skill figure sets against each other (default hard,normal)")
    study.add_argument("--skill-deals", type=cli.count(0), default=2,
                       help="deals of the skill study, each once per seat of the stronger level (0: none)")
    study.add_argument("--chunk", type=cli.count(1), default=lab.DEFAULT_CHUNK, help="deals per chunk")
    study.add_argument("--out", type=Path, metavar="DIR",
                       help="write report.html, its charts and report.json")
    study.add_argument("--chunks", type=Path, metavar="FILE",
                       help="the chunk file to resume from (default: DIR/chunks.jsonl with --out)")
    study.add_argument("--game-seconds", type=float, default=None,
                       help="cut a game off after this many seconds (makes figures depend on the machine)")
    compare = sub.add_parser("compare", help="A against B on the same deals, with a sequential test")
    _common(compare)
    for side in ("a", "b"):
        compare.add_argument(f"--{side}-variant", type=Path, metavar="FILE")
        compare.add_argument(f"--{side}-option", action="append", type=cli.option, default=[],
                             metavar="NAME=VALUE")
        compare.add_argument(f"--{side}-bots", type=cli.bot_list, help="this side's bots (default: --bots)")
    compare.add_argument("--card", help="measure this card's excess wins, not seat 0's win share")
    compare.add_argument("--max-deals", type=cli.count(1), default=1000)
    compare.add_argument("--delta", type=float, default=0.1, help="the smallest difference worth finding")
    return parser


def run_study_command(args: argparse.Namespace) -> dict[str, Any]:
    spec, labels = lab.make_spec(args.game, args.players, args.bots, args.variant, args.option,
                                 args.max_actions, args.game_seconds)
    if args.game_seconds is not None and not args.game_seconds > 0:
        raise SetupError(f"--game-seconds is a number of seconds above 0, not {args.game_seconds}")
    if len(args.skill) != 2:
        raise SetupError(f"--skill names two levels, the stronger first, not {','.join(args.skill)}")
    strong, weak = args.skill
    if args.skill_deals:
        skill_bots = [strong, *[weak] * (args.players - 1)]
        lab.make_spec(args.game, args.players, skill_bots, None, list(spec.options.items()), args.max_actions)
    plan = lab.StudyPlan(spec, args.seed, args.deals, args.chunk, (strong, weak), args.skill_deals, labels)
    chunk_path = args.chunks
    if args.out is not None:
        cli.output_folder(args.out)
        chunk_path = chunk_path or args.out / "chunks.jsonl"
    if chunk_path is not None:
        cli.output_file(chunk_path)
    _check_ray(args)
    with ProgressBar.when(args.progress) as bar:
        data = lab.run_study(plan, jobs=args.jobs, ray=args.ray, chunk_path=chunk_path, progress=bar.update,
                             log=lab.stderr_log)
    if args.out is not None:
        from game.balance import report  # matplotlib is imported only for a report

        report.write(data, args.out)
    from tools.balance.text import print_study

    print_study(data)
    return data


def run_compare_command(args: argparse.Namespace) -> dict[str, Any]:
    from game.balance.compare import run_compare

    sides = []
    labels: dict[str, str] = {}
    for side in ("a", "b"):
        variant, options = getattr(args, f"{side}_variant"), getattr(args, f"{side}_option")
        if variant is not None and options:
            raise SetupError(f"give --{side}-variant or --{side}-option, not both")
        bots = getattr(args, f"{side}_bots") or args.bots
        spec, named = lab.make_spec(args.game, args.players, bots, variant, options, args.max_actions)
        sides.append(spec)
        labels[side] = named.get("variant") or (", ".join(f"{k}={v}" for k, v in options) or "shipped")
    card = None
    if args.card is not None:
        card = cards.find_card(args.game, args.card)
        if card is None:
            raise SetupError(f"{args.game} has no card {args.card!r} the lab counts")
    if not 0 < args.delta <= 1:
        raise SetupError(f"--delta is a difference above 0 and at most 1, not {args.delta}")
    _check_ray(args)
    with ProgressBar.when(args.progress) as bar:
        data = run_compare(sides[0], sides[1], seed=args.seed, max_deals=args.max_deals, card=card,
                           test=Sprt(delta=args.delta), jobs=args.jobs, ray=args.ray, progress=bar.update,
                           labels={"a": labels["a"], "b": labels["b"]})
    from tools.balance.text import print_compare

    print_compare(data)
    return data


def _check_ray(args: argparse.Namespace) -> None:
    if args.ray is None:
        return
    if args.jobs != 1:
        raise SetupError("give --jobs or --ray, not both")
    from game.balance import cluster

    try:
        cluster.connect(args.ray, timeout=args.ray_timeout)
    except cluster.ClusterError as exc:
        raise SetupError(str(exc)) from None


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help, or a fault in the arguments already said in one line
        return exc.code if isinstance(exc.code, int) else EXIT_FAILED
    try:
        run = run_study_command if args.command == "study" else run_compare_command
        data = run(args)
    except SetupError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except (cli.OutputError, OSError) as exc:
        return cli.cannot_write(PROG, exc)
    if args.json:
        print(json.dumps(data))
    return 1 if data.get("figures", {}).get("errors") else 0


if __name__ == "__main__":
    raise SystemExit(main())
