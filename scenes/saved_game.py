"""The autosave as the title and the setup screens show it: what game it holds, read without replaying it,
and why it cannot be resumed when it cannot."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from game.i18n import ntr, tr

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SavedGame:
    """What the autosave holds, read without replaying it."""

    path: Path
    summary: str = ""
    finished: bool = False
    problem: str = ""  # why it cannot be read: Resume then explains this instead of opening it

    @property
    def resumable(self) -> bool:
        return not self.finished


def read_saved_game(path: Path) -> SavedGame | None:
    """The autosave at `path`, or None when there is none. Never raises: whatever the file holds, or
    whatever keeps it from being read, comes back as the SavedGame's `problem`."""
    if not os.path.lexists(path):  # lexists: a link to nowhere is still a save to explain
        return None
    # the records load only when there is a save to read: a first start draws the title without them
    from cards import rules_text
    from game.core import KartentischError
    from game.core.datafile import brief
    from game.core.records import read_record

    try:
        record = read_record(path)
    except KartentischError as exc:
        return SavedGame(path, problem=exc.text())
    except Exception as exc:  # read_record raises RecordError only; the title must start even if it did not
        log.exception("reading %s failed", path)
        return SavedGame(path, problem=tr("the save could not be read ({error})").format(
            error=type(exc).__name__))
    if record.game not in rules_text.GAME_INFO:
        problem = tr("a saved game of {game}, which this Kartentisch does not have")
        return SavedGame(path, problem=problem.format(game=brief(record.game)))
    footer = record.footer or {}
    return SavedGame(path, saved_summary(record.game, record.players, len(record.actions)),
                     finished=bool(footer.get("terminal")))


def saved_summary(game_id: str, players: int, moves: int) -> str:
    """"Palace, 4 players, 12 moves played", in the chosen language."""
    from cards import rules_text

    return tr("{game}, {players}, {moves} played").format(
        game=rules_text.title(game_id), players=ntr("{n} player", "{n} players", players).format(n=players),
        moves=ntr("{n} move", "{n} moves", moves).format(n=moves))
