"""One kept game as the history's index holds it (game.history): what the list shows of a record without
reading it, and the check that the index holds such a thing.

The index is a file a person, a crash or another program may have changed. Whatever an entry holds, it
is taken only when every field is what a summary can hold: text where text belongs, whole numbers in
their range, finite scores, a date between 1970 and the year 9999, seats that exist, places from the
first to the last. Anything else is no summary: the record is summarised again (History).
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from typing import Any

RECORD_SUFFIX = ".jsonl"
#: the longest game the app replays, resumes or lists (a game is a few hundred actions, a long Palace
#: a few thousand; a legal but endless one, swaps played on and on, is refused above this, with this
#: number named)
LONGEST_ACTIONS = 10_000
#: the latest date an index entry may hold (the year 9999): a date past it is no date of a game
_LAST_DATE = 253_402_300_799.0
_HASH = re.compile(r"[0-9a-f]{64}")  # a record's header hash (Record.header_hash)


@dataclass(frozen=True)
class SeatSummary:
    name: str
    kind: str  # "human" or "bot"
    bot: str | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass(frozen=True)
class Entry:
    """One kept record as the list shows it. `problem` says why it cannot be read or replayed; then only
    the file's name, size and date are known."""

    name: str  # the file's name in the history folder
    played: float  # when it was last written (seconds since the epoch)
    size: int
    mtime_ns: int
    problem: str = ""
    game: str = ""
    key: str = ""  # the record's header hash: one game, however often it is kept
    seats: tuple[SeatSummary, ...] = ()
    actions: int = 0
    finished: bool = False
    scores: tuple[float, ...] = ()
    winners: tuple[int, ...] = ()
    places: tuple[int, ...] = ()  # each seat's place once finished (1 the best)
    ordered: bool = False  # the game ranks by a finishing order (Palace): its scores are places
    result: str = ""
    continues: tuple[str, int] | None = None  # (record key, move) it was played on from
    hints: tuple[int, ...] = ()  # per seat: the moves made after asking for a hint
    seq: int = 0  # the order in which games were kept or changed: the higher, the later

    @property
    def readable(self) -> bool:
        return not self.problem

    @property
    def resumable(self) -> bool:
        return self.readable and not self.finished

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "played": self.played, "size": self.size, "mtime_ns": self.mtime_ns,
            "problem": self.problem, "game": self.game, "key": self.key,
            "seats": [[s.name, s.kind, s.bot] for s in self.seats], "actions": self.actions,
            "finished": self.finished, "scores": list(self.scores), "winners": list(self.winners),
            "places": list(self.places), "ordered": self.ordered, "result": self.result,
            "continues": list(self.continues) if self.continues is not None else None,
            "hints": list(self.hints), "seq": self.seq,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Entry | None:
        """An entry of the index, or None when it is not one (the record is then summarised again).
        Every field is checked for what a summary can hold, not only its type: a date of NaN or of the
        year 30000, a seat that does not exist, a place past the last are no summary of ours."""
        try:
            if not isinstance(data, dict):
                raise TypeError("not an object")
            seats = tuple(_seat(item) for item in _items(data["seats"]))
            players = len(seats)
            continues = data["continues"]
            if continues is not None:
                record, move = _items(continues, 2)
                continues = (_text(record), _whole(move))
            entry = cls(
                name=_text(data["name"]), played=_number(data["played"], 0.0, _LAST_DATE),
                size=_whole(data["size"]), mtime_ns=_whole(data["mtime_ns"], high=int(_LAST_DATE * 1e9)),
                problem=_text(data["problem"]), game=_text(data["game"]), key=_text(data["key"]),
                seats=seats, actions=_whole(data["actions"], high=LONGEST_ACTIONS),
                finished=_flag(data["finished"]), scores=tuple(_number(v) for v in _items(data["scores"])),
                winners=tuple(_whole(v, high=players - 1) for v in _items(data["winners"])),
                places=tuple(_whole(v, 1, players) for v in _items(data["places"])),
                ordered=_flag(data["ordered"]), result=_text(data["result"]), continues=continues,
                hints=tuple(_whole(v, high=LONGEST_ACTIONS) for v in _items(data["hints"])),
                seq=_whole(data.get("seq", 0), high=2**62),
            )
        except (KeyError, TypeError, ValueError, IndexError):
            return None
        if not entry.name.endswith(RECORD_SUFFIX) or os.path.basename(entry.name) != entry.name:
            return None
        if not entry.problem and (not _HASH.fullmatch(entry.key) or len(entry.scores) != players
                                  or (entry.continues is not None and not _HASH.fullmatch(entry.continues[0]))
                                  or len(entry.hints) != players
                                  or (entry.finished and len(entry.places) != players)
                                  or (not entry.finished and entry.places)
                                  or entry.finished != bool(entry.winners)  # a game ended has a winner
                                  or len(set(entry.winners)) != len(entry.winners)):
            return None
        return entry


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("not text")
    return value


def _seat(value: Any) -> SeatSummary:
    name, kind, bot = _items(value, 3)
    if kind not in ("human", "bot"):
        raise ValueError("not a seat's kind")
    return SeatSummary(_text(name), kind, None if bot is None else _text(bot))


def _items(value: Any, count: int | None = None) -> list[Any]:
    """A JSON list (of `count` items when given)."""
    if not isinstance(value, list) or (count is not None and len(value) != count):
        raise TypeError("not a list of that length")
    return value


def _whole(value: Any, low: int = 0, high: int | None = None) -> int:
    if type(value) is not int:
        raise TypeError("not a whole number")
    if value < low or (high is not None and value > high):
        raise ValueError("out of range")
    return value


def _number(value: Any, low: float = -1e15, high: float = 1e15) -> float:
    """A finite number within [low, high] (a score or a date; NaN and infinity are neither)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("not a number")
    number = float(value)
    if not math.isfinite(number) or not low <= number <= high:
        raise ValueError("out of range")
    return number


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("not true or false")
    return value


def same_game_state(before: Entry, after: Entry) -> bool:
    """Whether two summaries of one file tell the same game at the same point (the file was only
    touched, or written again as it was)."""
    return (not before.problem and not after.problem and before.key == after.key
            and (before.actions, before.finished, before.scores) == (after.actions, after.finished,
                                                                      after.scores))
