"""The move a level would choose at a point of a recorded game, and why.

    python -m tools.hint --record FILE --at N [--level L] [--json]

The record is replayed up to its first N actions; the seat to move there is given the hint that the
table would give it (the level's bot sees only that seat's observation; its random source is the one a
bot of that seat would get at that move). A level bound by iterations alone (ismcts:100, improve:40)
gives the same answer on every machine; "hard" also stops after 0.9 s, so a slow machine may search less.
--json ends with one line {"seat", "action", "reasons"}: `action` in the record's action text, each
reason its message id, parameters and English text.

Exit 0 with the hint; 1 when the record cannot be read or has no decision at N (one line saying why);
2 for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.ai.base import Decision
from game.ai.hint import DEFAULT_LEVEL, action_words, render
from game.ai.hint import hint as find_hint
from game.core import RecordError, bot_rng
from game.core.datafile import shown
from game.core.records import Record, read_record, replay
from tools import cli

PROG = "python -m tools.hint"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n")[0])
    parser.add_argument("--record", required=True, metavar="FILE", help="a game record (a save file)")
    parser.add_argument("--at", required=True, type=cli.count(0), metavar="N",
                        help="the hint after the record's first N actions")
    parser.add_argument("--level", type=cli.bot_name, default=DEFAULT_LEVEL,
                        help=f"the level that answers (default {DEFAULT_LEVEL})")
    parser.add_argument("--json", action="store_true", help="end with one JSON line")
    args = parser.parse_args(argv)
    try:
        record = read_record(args.record)
        replay(record, verify=True, path=args.record)
    except RecordError as exc:
        print(f"hint: {exc}", file=sys.stderr)
        return cli.EXIT_FAILED
    cli.check_bots(parser, record.game, [args.level])
    if args.at > len(record.actions):
        print(f"hint: {args.record}: the record holds {len(record.actions)} actions, not {args.at}",
              file=sys.stderr)
        return cli.EXIT_FAILED
    state = replay(_first(record, args.at), verify=False, path=args.record)
    seat = state.current_player
    if seat is None:
        print(f"hint: {args.record}: the game is over after {args.at} actions: nobody decides there",
              file=sys.stderr)
        return cli.EXIT_FAILED
    found = find_hint(Decision.of(state, seat), bot_rng(record.seed, seat, args.at), args.level)
    names = [str(s["name"]) for s in record.seats]
    reasons = [{**r.to_dict(), "text": render(record.game, r, names)} for r in found.reasons]
    print(f"{record.game}, after {args.at} actions: {shown(names[seat])} (seat {seat}) decides")
    print(f"{args.level} would {action_words(record.game, found.action)}  [{found.action}]")
    for reason in reasons:
        print(f"  - {reason['text']}")
    if args.json:
        result: dict[str, Any] = {"seat": seat, "action": str(found.action), "reasons": reasons}
        print(json.dumps(result, ensure_ascii=False))
    return 0


def _first(record: Record, count: int) -> Record:
    """The record cut after its first `count` actions (no footer: it is not checked again)."""
    return Record(record.game, record.version, record.players, record.seed, record.options, record.seats,
                  actions=list(record.actions[:count]), footer=None, app=record.app,
                  continues=record.continues)


if __name__ == "__main__":
    sys.exit(main())
