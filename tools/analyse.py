"""Analyse a finished game: each seat's chance through it, the key moments, each person's costly choices.

    python -m tools.analyse FILE [--level hard] [--playouts N] [--jobs J] [--json]

For every decision of the record, each seat's chance to win, estimated by playing the rest of the game
out from the true position (the game is over, so every card may be used; `game.analysis` says how); for
every decision of a person, the move the level would have made from that person's own view and what the
person's move cost against it; and the moves that swung some seat's chance the most. A move is named by
the number of actions before it, as `python -m tools.hint --at N` and the replay count them. In Palace a
chance is the chance of not being the loser.

--json ends with one line: {"game", "moves", "chances": [[per seat] per decision, and the result],
"key_moments": [{"move", "seat", "swing"}], "costly": {"<seat>": [{"move", "chosen", "better", "cost"}]}}
(each person's three costliest choices, the costliest first; moves as the record writes them).

Exit 0 with the analysis; 1 when the record cannot be read or replayed (the one line `tools.replay` says)
or the game is not over; 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from game.ai import make_bot
from game.ai.base import Bot, Decision
from game.ai.hint import action_words
from game.analysis import DEFAULT_LEVEL, PLAYOUTS, Analysis, AnalysisError, analyse, not_losing
from game.core import RecordError, State, bot_rng
from game.core.datafile import shown
from game.core.records import Record, footer_for, read_record, replay
from game.i18n import seat_label
from tools import cli

PROG = "python -m tools.analyse"
#: The table of chances shows every this many moves (and the last one).
TABLE_EVERY = 10


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n")[0])
    parser.add_argument("file", help="a game record (a save file) of a finished game")
    parser.add_argument("--level", type=cli.bot_name, default=DEFAULT_LEVEL,
                        help=f"the level whose moves a person's are compared with (default {DEFAULT_LEVEL})")
    parser.add_argument("--playouts", type=cli.count(1, 10_000), default=PLAYOUTS,
                        help=f"playouts per estimate (default {PLAYOUTS})")
    parser.add_argument("--jobs", type=cli.count(1, 64), default=1,
                        help="processes to spread the decisions over (default 1)")
    parser.add_argument("--json", action="store_true", help="end with one JSON line")
    args = parser.parse_args(argv)
    try:
        record = read_record(args.file)
    except RecordError as exc:
        print(f"analyse: {exc}", file=sys.stderr)
        return cli.EXIT_FAILED
    cli.check_bots(parser, record.game, [args.level])
    try:
        analysis = analyse(record, args.level, playouts=args.playouts, jobs=args.jobs, path=args.file)
    except RecordError as exc:
        print(f"analyse: {exc}", file=sys.stderr)
        return cli.EXIT_FAILED
    except AnalysisError as exc:
        print(f"analyse: {args.file}: {exc}", file=sys.stderr)
        return cli.EXIT_FAILED
    for line in report(record, analysis):
        print(line)
    if args.json:
        print(json.dumps(analysis.summary(), ensure_ascii=False))
    return 0


def report(record: Record, analysis: Analysis) -> list[str]:
    """The analysis in words: a table of chances every few moves, the key moments, the costly choices."""
    names = [shown(seat["name"]) for seat in record.seats]
    measure = "not being the loser" if not_losing(replay(record, verify=False)) else "winning"
    lines = [f"{record.game}, {len(record.actions)} moves, {', '.join(names)}: each seat's chance of "
             f"{measure} ({analysis.playouts} playouts an estimate; the level compared: {analysis.level})"]
    width = max(8, *(len(name) for name in names))
    lines.append("  move  " + "  ".join(f"{name[:width]:>{width}}" for name in names))
    rows = list(range(0, analysis.moves, TABLE_EVERY)) + [analysis.moves]
    for move in rows:
        cells = "  ".join(f"{chance:>{width}.0%}" for chance in analysis.chances[move])
        lines.append(f"  {move:>4}  {cells}" + ("  (the result)" if move == analysis.moves else ""))
    lines.append("Key moments:")
    for moment in analysis.key_moments or ():
        seat, text = record.actions[moment.move]
        lines.append(f"  move {moment.move}, {names[seat]}: {action_words(record.game, text)}; "
                     f"{names[moment.seat]}'s chance {'rose' if moment.swing > 0 else 'fell'} by "
                     f"{abs(moment.swing):.0%}")
    if not analysis.key_moments:
        lines.append("  none: no move changed anybody's chance")
    if not analysis.humans:
        lines.append("Costly choices: nobody at the table was a person (every seat a bot)")
    for seat in analysis.humans:
        worst = analysis.costliest(seat)
        lines.append(f"Costly choices of {names[seat]}:"
                     + ("" if worst else " none beyond the estimate's noise"))
        for choice in worst:
            lines.append(f"  move {choice.move}: chose {action_words(record.game, choice.chosen)}; "
                         f"{analysis.level} would {action_words(record.game, choice.better)}: "
                         f"{choice.cost:.0%} less chance (± {choice.noise:.0%})")
    return lines


def played_out(state: State, seed: int, bots: Sequence[Bot],
               actions: Sequence[tuple[int, str]] = ()) -> list[tuple[int, str]]:
    """`state` played to its end by `bots` (one a seat, each with the random stream a bot of that seat
    gets at that move of the game of `seed`), after the `actions` already played: all the actions."""
    played = list(actions)
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        action = bots[seat].choose(Decision.of(state, seat), bot_rng(seed, seat, len(played)))
        state.apply(action)
        played.append((seat, str(action)))
    return played


def played_record(game_id: str, players: int, seed: int, bots: Sequence[str],
                  people: Sequence[int] = ()) -> Record:
    """A finished game of bots, as a record, with the seats in `people` marked as played by a person (who
    played as that seat's bot did): the games the benchmark and the tests analyse."""
    from game import load

    game = load(game_id)
    state = game.new_state(players, seed)
    actions = played_out(state, seed, [make_bot(game_id, name) for name in bots])
    seats = [{"name": seat_label(seat), "kind": "human", "bot": None} if seat in people
             else {"name": seat_label(seat), "kind": "bot", "bot": bots[seat]} for seat in range(players)]
    return Record(game_id, str(game.version), players, seed, dict(state.options), seats, actions,
                  footer_for(state, len(actions)))


if __name__ == "__main__":
    sys.exit(main())
