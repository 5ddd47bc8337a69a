"""Replay a game record, optionally verifying it against its footer.

    python -m tools.replay FILE [--verify]

Exit 0 when the record replays (and verifies); 1 with a message naming the file and line otherwise.
--verify also refuses a record whose header (seed, options, seats' names, kinds and levels) was changed.
"""

from __future__ import annotations

import argparse
import sys

from game.core import RecordError
from game.core.datafile import shown
from game.core.records import read_record, replay
from game.i18n import words
from tools import cli


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=cli.prog("tools.replay", "kartentisch-replay"),
                                     description=__doc__.split("\n")[0])
    parser.add_argument("file")
    parser.add_argument("--verify", action="store_true",
                        help="check the header, the final state hash and the result")
    args = parser.parse_args(argv)
    try:
        record = read_record(args.file)
        state = replay(record, verify=args.verify, path=args.file)
    except RecordError as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 1
    names = [shown(s["name"]) for s in record.seats]  # a name may hold anything JSON can
    print(f"{record.game} (rules v{record.version}), {record.players} players: {', '.join(names)}; "
          f"seed {record.seed}")
    result = words(state.result_text(), names)  # the seats by the players' names, as the table says it
    print(f"{len(record.actions)} actions replayed; " + (result or "game not finished"))
    if args.verify:
        print(f"verified: state hash {state.state_hash()[:16]}… matches the footer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
