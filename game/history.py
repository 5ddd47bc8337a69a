"""Every game kept: the records of finished and unfinished games in one folder, listed from an index.

The folder (the app's is <data dir>/history) holds one record file per game, named after its game and
its header hash, so keeping a game again (after it was resumed and played on) replaces its older
record instead of adding another. `index.json` beside them holds a summary of each record (players,
result, places, length), so the list opens without replaying hundreds of games; it is a cache: when it
is missing, broken or older than a file, the summaries are made again from the records themselves.

A record that cannot be read or replayed never stops the list: it shows as unreadable with the reason,
and can be deleted or set aside (moved into the folder's `set-aside/`). The reason is in words, in the
language chosen when the record was read: the index notes that language, and a record's reason is
found again when another is chosen (`forget_problems`). The folder keeps at most `limit`
games: when one more is kept, the games played longest ago go first.

Nothing here draws: the scenes list, open and resume what this module keeps (game/ is headless).
"""

from __future__ import annotations

import json
import logging
import os
import re
import stat
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core import RecordError, State
from game.core.datafile import DataFileError, read_limited
from game.core.records import Record, read_record, replay, write_atomic, write_record
from game.core.standings import places
from game.i18n import english, language, tr

log = logging.getLogger(__name__)

DEFAULT_LIMIT = 500
INDEX_NAME = "index.json"
INDEX_FORMAT = "kartentisch-history-index"
INDEX_VERSION = 1
SET_ASIDE = "set-aside"
RECORD_SUFFIX = ".jsonl"
#: an index of 100 000 summaries is a few tens of megabytes; a larger file is no index of ours
MAX_INDEX_BYTES = 64 * 1024 * 1024
_SAFE = re.compile(r"[^a-z0-9_]+")


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
            "hints": list(self.hints),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Entry | None:
        """An entry of the index, or None when it is not one (the record is then summarised again)."""
        try:
            seats = tuple(SeatSummary(_text(n), _text(k), None if b is None else _text(b))
                          for n, k, b in data["seats"])
            continues = data["continues"]
            if continues is not None:
                continues = (_text(continues[0]), _whole(continues[1]))
            return cls(
                name=_text(data["name"]), played=_number(data["played"]), size=_whole(data["size"]),
                mtime_ns=_whole(data["mtime_ns"]), problem=_text(data["problem"]), game=_text(data["game"]),
                key=_text(data["key"]), seats=seats, actions=_whole(data["actions"]),
                finished=_flag(data["finished"]), scores=tuple(_number(v) for v in data["scores"]),
                winners=tuple(_whole(v) for v in data["winners"]),
                places=tuple(_whole(v) for v in data["places"]), ordered=_flag(data["ordered"]),
                result=_text(data["result"]), continues=continues,
                hints=tuple(_whole(v) for v in data["hints"]),
            )
        except (KeyError, TypeError, ValueError, IndexError):
            return None


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("not text")
    return value


def _whole(value: Any) -> int:
    if type(value) is not int:
        raise TypeError("not a whole number")
    return value


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("not a number")
    return float(value)


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("not true or false")
    return value


def summary(record: Record, state: State) -> dict[str, Any]:
    """What the list and the statistics need of a record, from its replayed final `state`."""
    finished = state.is_terminal()
    hinted = [record.actions[i][0] for i in record.hinted if 0 <= i < len(record.actions)]
    return {
        "game": record.game,
        "key": record.header_hash(),
        "seats": tuple(SeatSummary(str(s["name"]), str(s["kind"]), s.get("bot")) for s in record.seats),
        "actions": len(record.actions),
        "finished": finished,
        "scores": tuple(float(v) for v in state.scores()),
        "winners": tuple(state.winners()),
        "places": tuple(places(state)) if finished else (),
        "ordered": callable(getattr(state, "finishing_order", None)),
        "result": english(state.result_text()),
        "continues": ((str(record.continues["record"]), int(record.continues["move"]))
                      if record.continues is not None else None),
        "hints": tuple(hinted.count(seat) for seat in range(record.players)),
    }


def record_name(record: Record) -> str:
    """The file a record is kept in: its game and header hash (the same game keeps one file)."""
    game = _SAFE.sub("_", record.game.lower())[:40] or "game"
    return f"{game}-{record.header_hash()[:20]}{RECORD_SUFFIX}"


class History:
    """The kept games in `folder`, at most `limit` of them."""

    def __init__(self, folder: str | os.PathLike[str], limit: int = DEFAULT_LIMIT) -> None:
        self.folder = Path(folder)
        self.limit = max(1, int(limit))
        self._index: dict[str, Entry] | None = None
        self._index_dirty = False

    # -- the files -------------------------------------------------------------------------------
    def path(self, entry: Entry | str) -> Path:
        return self.folder / (entry.name if isinstance(entry, Entry) else entry)

    def _record_files(self) -> dict[str, os.stat_result]:
        """The record files in the folder (regular files named *.jsonl, no temp files), with their stat."""
        found: dict[str, os.stat_result] = {}
        try:
            names = os.listdir(self.folder)
        except OSError:  # no folder yet, or one that cannot be read: no games
            return found
        for name in names:
            if not name.endswith(RECORD_SUFFIX) or name.startswith("."):
                continue
            try:
                info = os.lstat(self.folder / name)
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode):
                found[name] = info
        return found

    # -- the index -------------------------------------------------------------------------------
    def _loaded(self) -> dict[str, Entry]:
        if self._index is None:
            self._index = self._read_index()
        return self._index

    def _read_index(self) -> dict[str, Entry]:
        """The summaries in index.json; whatever is wrong with it, the records are summarised again."""
        path = self.folder / INDEX_NAME
        if not os.path.lexists(path):
            return {}
        try:
            data = json.loads(read_limited(path, MAX_INDEX_BYTES).decode("utf-8"))
        except (DataFileError, UnicodeDecodeError, ValueError, RecursionError) as exc:
            log.warning("history: the index %s is not read (%s); it is made again from the records",
                        path, exc)
            self._index_dirty = True
            return {}
        if (not isinstance(data, dict) or data.get("format") != INDEX_FORMAT
                or data.get("version") != INDEX_VERSION or not isinstance(data.get("entries"), list)):
            self._index_dirty = True
            return {}
        entries: dict[str, Entry] = {}
        same_language = data.get("language") == language()
        for item in data["entries"]:
            entry = Entry.from_dict(item) if isinstance(item, dict) else None
            if entry is None or (entry.problem and not same_language):  # a reason to tell in another language
                self._index_dirty = True
                continue
            entries[entry.name] = entry
        return entries

    def forget_problems(self) -> None:
        """Forget why the unreadable records cannot be read, so that `refresh` finds it again in the
        language chosen now (there are few such records: each is read once more)."""
        index = self._loaded()
        for name in [n for n, e in index.items() if e.problem]:
            del index[name]
            self._index_dirty = True

    def _write_index(self) -> None:
        """Keep the summaries (a cache: a failure costs only the time to summarise them again)."""
        if not self._index_dirty or self._index is None:
            return
        data = {"format": INDEX_FORMAT, "version": INDEX_VERSION, "language": language(),
                "entries": [e.to_dict() for e in sorted(self._index.values(), key=lambda e: e.name)]}
        try:
            write_atomic(self.folder / INDEX_NAME, json.dumps(data, ensure_ascii=False).encode("utf-8",
                                                                                                "replace"))
        except OSError as exc:
            log.warning("history: the index could not be written: %s", exc)
            return
        self._index_dirty = False

    def pending(self) -> list[str]:
        """The record files whose summary is not (or no longer) in the index. Forgets the summaries of
        files that are gone."""
        index = self._loaded()
        files = self._record_files()
        for name in [n for n in index if n not in files]:
            del index[name]
            self._index_dirty = True
        return sorted(name for name, info in files.items()
                      if (entry := index.get(name)) is None
                      or (entry.size, entry.mtime_ns) != (info.st_size, info.st_mtime_ns))

    def refresh(self, budget_s: float | None = None) -> int:
        """Summarise the files the index lacks, for about `budget_s` seconds (None: all of them), and keep
        the index once it is whole. Returns how many are still to do (a scene calls again next frame)."""
        todo = self.pending()
        start = time.perf_counter()
        while todo:
            name = todo.pop(0)
            self._summarise_file(name)
            if budget_s is not None and time.perf_counter() - start >= budget_s:
                break
        if not todo:
            self._write_index()
        return len(todo)

    def _summarise_file(self, name: str) -> Entry | None:
        path = self.folder / name
        try:
            info = os.lstat(path)
        except OSError:
            self._loaded().pop(name, None)
            return None
        base: dict[str, Any] = {"name": name, "played": info.st_mtime, "size": info.st_size,
                                "mtime_ns": info.st_mtime_ns}
        try:
            record = read_record(path)
            state = replay(record, verify=True, path=str(path))
            entry = Entry(**base, **summary(record, state))
        except RecordError as exc:
            entry = Entry(**base, problem=exc.text())  # in words of the language the index notes
        except Exception as exc:  # a record that trips an engine is one unreadable game, not a broken list
            log.exception("history: summarising %s failed", path)
            entry = Entry(**base, problem=tr("it could not be replayed ({error})").format(
                error=f"{type(exc).__name__}: {exc}"))
        self._loaded()[name] = entry
        self._index_dirty = True
        return entry

    # -- listing ---------------------------------------------------------------------------------
    def entries(self) -> list[Entry]:
        """Every kept game, the most recently played first (unreadable files among them)."""
        self.refresh()
        return sorted(self._loaded().values(), key=lambda e: (-e.played, e.name))

    def listed(self) -> list[Entry]:
        """The games summarised so far, newest first, without reading any record (see `refresh`)."""
        return sorted(self._loaded().values(), key=lambda e: (-e.played, e.name))

    def unfinished(self) -> list[Entry]:
        """The games that can be resumed, the most recently played first."""
        return [e for e in self.entries() if e.resumable]

    # -- keeping ---------------------------------------------------------------------------------
    def keep(self, record: Record, state: State | None = None) -> Entry:
        """Keep `record` (finished or not) in the history, in place of an earlier record of the same game;
        then the oldest games go until at most `limit` are kept. `state` is the record's final state
        when the caller has it (a live match); else the record is replayed. RecordError: a record that
        does not replay; OSError: the folder cannot be written. Neither changes anything kept."""
        if state is None:
            state = replay(record, verify=False)
        name = record_name(record)
        path = self.folder / name
        if not self._holds(path, record):  # kept as it is already: its date stays when it was played
            write_record(path, record)
        info = os.lstat(path)
        entry = Entry(name=name, played=info.st_mtime, size=info.st_size, mtime_ns=info.st_mtime_ns,
                      **summary(record, state))
        self._loaded()[name] = entry
        self._index_dirty = True
        self.trim(keep=name)
        self._write_index()
        return entry

    @staticmethod
    def _holds(path: Path, record: Record) -> bool:
        """Whether the file at `path` is `record`, byte for byte."""
        try:
            return path.read_bytes() == ("\n".join(record.lines()) + "\n").encode("utf-8")
        except (OSError, UnicodeEncodeError):
            return False

    def keep_file(self, path: str | os.PathLike[str]) -> Entry | None:
        """Keep the game in the record file `path` (the current game's autosave); None when there is no
        file. RecordError when it cannot be read or replayed: such a file is left where it is."""
        if not os.path.lexists(path):
            return None
        record = read_record(path)
        return self.keep(record, replay(record, verify=True, path=os.fsdecode(path)))

    def trim(self, keep: str | None = None) -> list[str]:
        """Delete the games played longest ago until at most `limit` are kept (never `keep`); their names.
        Only the files' dates count, so no record is read for it."""
        files = self._record_files()
        oldest_first = sorted(files, key=lambda n: (files[n].st_mtime_ns, n))
        removed: list[str] = []
        excess = len(files) - self.limit
        for name in oldest_first:
            if excess <= 0:
                break
            if name == keep:
                continue
            try:
                (self.folder / name).unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                log.warning("history: %s could not be removed: %s", name, exc)
                continue
            if self._loaded().pop(name, None) is not None:
                self._index_dirty = True
            removed.append(name)
            excess -= 1
        self._write_index()
        return removed

    # -- one entry -------------------------------------------------------------------------------
    def delete(self, entry: Entry | str) -> None:
        """Remove a kept record (OSError when it cannot be)."""
        name = entry.name if isinstance(entry, Entry) else entry
        (self.folder / name).unlink(missing_ok=True)
        self._loaded().pop(name, None)
        self._index_dirty = True
        self._write_index()

    def set_aside(self, entry: Entry | str) -> Path:
        """Move a record out of the list, into the folder's set-aside/ (kept, for a person to look at);
        where it went."""
        name = entry.name if isinstance(entry, Entry) else entry
        aside = self.folder / SET_ASIDE
        aside.mkdir(parents=True, exist_ok=True)
        stem, suffix = name[: -len(RECORD_SUFFIX)], RECORD_SUFFIX
        for number in range(1, 10_000):
            target = aside / (name if number == 1 else f"{stem}-{number}{suffix}")
            try:  # claim the name first: a file set aside before is never replaced
                os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL))
            except FileExistsError:
                continue
            try:
                os.replace(self.folder / name, target)
            except OSError:
                target.unlink(missing_ok=True)
                raise
            self._loaded().pop(name, None)
            self._index_dirty = True
            self._write_index()
            return target
        raise FileExistsError(f"every name for setting {name} aside is taken")

    def export(self, entry: Entry | str, target: str | os.PathLike[str]) -> Path:
        """Copy a kept record to `target` (written atomically); the file written. OSError when the record
        or the target cannot be read or written."""
        name = entry.name if isinstance(entry, Entry) else entry
        target = Path(target)
        if target.is_dir():
            target = target / name
        try:
            data = read_limited(self.folder / name, 64 * 1024 * 1024)
        except DataFileError as exc:
            raise OSError(f"{name}: {exc}") from None
        write_atomic(target, data)
        return target


def matching(entries: Iterable[Entry], *, game: str | None = None, player: str = "") -> list[Entry]:
    """The entries of `game` (None: every game) with a seat whose name holds `player` (any case)."""
    wanted = player.strip().casefold()
    return [e for e in entries
            if (game is None or e.game == game)
            and (not wanted or any(wanted in seat.name.casefold() for seat in e.seats))]
