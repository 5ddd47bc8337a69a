"""The game Resume last game continues, as the title shows it: what game it holds, read without replaying
it, and why it cannot be resumed when it cannot.

It is the latest unfinished game kept in the history (each game in play autosaves there, in a file of
its own) that no other copy of the app plays now; those another copy plays are counted, so the title can
say where they are."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from game.i18n import ntr, tr
from game.logs import logger

log = logger(__name__)


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


#: how many of the latest records the title reads at most to find an unfinished game (the index says
#: which are finished; only files changed since it was written are read)
LOOK_AT = 12


class LastGame(NamedTuple):
    """What Resume last game offers: the game (None: there is none), and how many unfinished games were
    passed over because another copy of the app plays them."""

    saved: SavedGame | None
    elsewhere: int = 0


def last_game(folder: Path) -> LastGame:
    """The latest unfinished game kept in the history `folder` that no other copy of the app plays.
    Never raises."""
    try:
        if not any(name.endswith(".jsonl") for name in os.listdir(folder)):
            return LastGame(None)  # the first start: nothing more is loaded for the title
    except OSError:
        return LastGame(None)
    from game.history import History

    history = History(folder)
    elsewhere = 0
    try:
        names = history.maybe_unfinished()
    except OSError:
        return LastGame(None)
    for name in names[:LOOK_AT]:
        if history.in_play_elsewhere(name):
            elsewhere += 1
            continue
        saved = read_saved_game(history.path(name))
        if saved is not None and (saved.resumable or saved.problem):
            return LastGame(saved, elsewhere)
    return LastGame(None, elsewhere)


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
    from game.history import LONGEST_ACTIONS, LONGEST_BYTES, too_long
    from game.i18n import words

    try:
        size = os.stat(path).st_size
    except (OSError, ValueError):
        size = 0  # read_record says what is wrong
    if size > LONGEST_BYTES:  # not read: it would hold the title for seconds
        return SavedGame(path, problem=words(too_long()))
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
    if len(record.actions) > LONGEST_ACTIONS:
        return SavedGame(path, problem=words(too_long(len(record.actions))))
    footer = record.footer or {}
    return SavedGame(path, saved_summary(record.game, record.players, len(record.actions)),
                     finished=bool(footer.get("terminal")))


def saved_summary(game_id: str, players: int, moves: int) -> str:
    """"Palace, 4 players, 12 moves played", in the chosen language."""
    from cards import rules_text

    return tr("{game}, {players}, {moves} played").format(
        game=rules_text.title(game_id), players=ntr("{n} player", "{n} players", players).format(n=players),
        moves=ntr("{n} move", "{n} moves", moves).format(n=moves))
