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
games: when one more is kept, the games kept longest ago go first. That order is the index's sequence
number (`Entry.seq`: each game kept or changed takes the next one), never the files' dates alone, so a
game saved while the clock was wrong is not taken for an old one.

Several copies of the app may share the folder: each unfinished game has a file of its own (the game in
play autosaves into it, game.match.SaveFolder), the copy playing a game claims it (`claim_path`: nobody
else resumes it or trims it away meanwhile), and whatever rewrites the index or removes a file holds the
folder's lock (game.locks) and first merges what another copy wrote meanwhile.

A record longer than `LONGEST_ACTIONS` actions (a file over `LONGEST_BYTES`) is listed as too long
without reading it; a long record below that is summarised in a background thread, so the list goes on
drawing while it is read.

Nothing here draws: the scenes list, open and resume what this module keeps (game/ is headless).
"""

from __future__ import annotations

import json
import os
import re
import stat
import time
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.core import RecordError, State
from game.core.datafile import DataFileError, read_limited
from game.core.records import Record, read_record, replay, write_atomic, write_record
from game.core.standings import places
from game.history_entry import LONGEST_ACTIONS, RECORD_SUFFIX, Entry, SeatSummary, same_game_state
from game.i18n import Message, english, language, message, tr, words
from game.locks import folder_lock, held_elsewhere, locked
from game.logs import logger
from game.sharing import make_shareable

log = logger(__name__)

DEFAULT_LIMIT = 500
INDEX_NAME = "index.json"
INDEX_FORMAT = "kartentisch-history-index"
INDEX_VERSION = 1
SET_ASIDE = "set-aside"
#: an index of 100 000 summaries is a few tens of megabytes; a larger file is no index of ours
MAX_INDEX_BYTES = 64 * 1024 * 1024
#: a record file larger than this holds more than LONGEST_ACTIONS actions: refused before it is read
LONGEST_BYTES = 1024 * 1024
#: a record file up to this size is summarised within a frame; a larger one in the background
QUICK_BYTES = 48 * 1024
#: where the claims of the games in play lie (game.match.SaveFolder)
CLAIMS = "playing"
#: a kept game's analysis lies beside its record, named after it (`analysis_name`)
ANALYSIS_SUFFIX = ".analysis.json"
_SAFE = re.compile(r"[^a-z0-9_]+")


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


def analysis_name(name: str) -> str:
    """The file beside the record file `name` that keeps its game's analysis (game.analysis): the same
    name, `ANALYSIS_SUFFIX` for the record's suffix. It goes wherever its record goes."""
    stem = name[: -len(RECORD_SUFFIX)] if name.endswith(RECORD_SUFFIX) else name
    return stem + ANALYSIS_SUFFIX


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
        self._next_seq = 1
        #: the sequence numbers of summaries set aside (another language, a merge): the same file keeps its
        #: place in the order when it is summarised again
        self._known_seq: dict[str, tuple[int, int, int]] = {}
        self._reading: tuple[str, Future[Entry | None]] | None = None  # a long record read in the background

    # -- the files -------------------------------------------------------------------------------
    def path(self, entry: Entry | str) -> Path:
        return self.folder / (entry.name if isinstance(entry, Entry) else entry)

    def analysis_path(self, entry: Entry | str) -> Path:
        """Where the analysis of a kept game lies (there or not)."""
        return self.folder / analysis_name(entry.name if isinstance(entry, Entry) else entry)

    def _forget_analysis(self, name: str) -> None:
        """Remove the analysis of the record `name`, which goes (a file that cannot go is only logged:
        an analysis that no longer fits its record is never trusted, game.analysis checks the record)."""
        try:
            self.analysis_path(name).unlink(missing_ok=True)
        except OSError as exc:
            log.warning("history: the analysis of %s could not be removed: %s", name, exc)

    @property
    def lock_path(self) -> Path:
        return folder_lock(self.folder)

    def claim_path(self, entry: Entry | str) -> Path:
        """The lock a copy of the app holds while it plays this game (game.match.SaveFolder)."""
        return claim_path(self.folder, entry.name if isinstance(entry, Entry) else entry)

    def in_play_elsewhere(self, entry: Entry | str) -> bool:
        """Whether another copy of the app plays this game now."""
        return held_elsewhere(self.claim_path(entry))

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
        entries, whole = self._read_index_file()
        if not whole:
            self._index_dirty = True
        return entries

    def _read_index_file(self) -> tuple[dict[str, Entry], bool]:
        """The summaries the index file holds now, and whether it held nothing to leave out (a summary
        that is no summary, or one in words of another language, is left out: made again)."""
        path = self.folder / INDEX_NAME
        if not os.path.lexists(path):
            return {}, True
        try:
            data = json.loads(read_limited(path, MAX_INDEX_BYTES).decode("utf-8"))
        except (DataFileError, UnicodeDecodeError, ValueError, RecursionError) as exc:
            log.warning("history: the index %s is not read (%s); it is made again from the records",
                        path, exc)
            return {}, False
        if (not isinstance(data, dict) or data.get("format") != INDEX_FORMAT
                or data.get("version") != INDEX_VERSION or not isinstance(data.get("entries"), list)):
            return {}, False
        entries: dict[str, Entry] = {}
        whole = True
        same_language = data.get("language") == language()
        for item in data["entries"]:
            entry = Entry.from_dict(item)
            if entry is None or (entry.problem and not same_language):  # a reason to tell in another language
                whole = False
                continue
            entries[entry.name] = entry
        next_seq = data.get("next_seq")
        if type(next_seq) is int and 0 < next_seq < 2**62:
            self._next_seq = max(self._next_seq, next_seq)
        return entries, whole

    def _merge_from_disk(self) -> None:
        """Take in the summaries another copy of the app wrote since this one read the index (called
        holding the folder's lock): for each file, the summary that matches it as it is now, and the
        later place in the order."""
        theirs, _ = self._read_index_file()
        index = self._loaded()
        files = self._record_files()
        for name, entry in theirs.items():
            info = files.get(name)
            if info is None:
                continue
            now = (info.st_size, info.st_mtime_ns)
            ours = index.get(name)
            if ours is None or ((ours.size, ours.mtime_ns) != now and (entry.size, entry.mtime_ns) == now):
                index[name] = entry
                self._index_dirty = True
            elif (ours.size, ours.mtime_ns) == (entry.size, entry.mtime_ns) and entry.seq > ours.seq:
                index[name] = replace(ours, seq=entry.seq)
                self._index_dirty = True
        self._next_seq = max([self._next_seq, *(e.seq + 1 for e in index.values())])

    def _take_seq(self) -> int:
        seq = max([self._next_seq, *(e.seq + 1 for e in self._loaded().values())])
        self._next_seq = seq + 1
        return seq

    def forget_problems(self) -> None:
        """Forget why the unreadable records cannot be read, so that `refresh` finds it again in the
        language chosen now (there are few such records: each is read once more)."""
        index = self._loaded()
        for name in [n for n, e in index.items() if e.problem]:
            self._set_aside_summary(index.pop(name))
            self._index_dirty = True

    def _set_aside_summary(self, entry: Entry) -> None:
        self._known_seq[entry.name] = (entry.size, entry.mtime_ns, entry.seq)

    def _write_index(self) -> None:
        """Keep the summaries (a cache: a failure costs only the time to summarise them again), merged
        with what another copy wrote meanwhile."""
        if not self._index_dirty or self._index is None:
            return
        try:
            with locked(self.lock_path):
                self._merge_from_disk()
                data = {"format": INDEX_FORMAT, "version": INDEX_VERSION, "language": language(),
                        "next_seq": self._next_seq,
                        "entries": [e.to_dict() for e in sorted(self._index.values(), key=lambda e: e.name)]}
                write_atomic(self.folder / INDEX_NAME,
                             json.dumps(data, ensure_ascii=False).encode("utf-8", "replace"))
        except OSError as exc:
            log.warning("history: the index could not be written: %s", exc)
            return
        self._index_dirty = False

    def pending(self) -> list[str]:
        """The record files whose summary is not (or no longer) in the index, the oldest first. Forgets
        the summaries of files that are gone."""
        index = self._loaded()
        files = self._record_files()
        for name in [n for n in index if n not in files]:
            del index[name]
            self._index_dirty = True
        changed = [name for name, info in files.items()
                   if (entry := index.get(name)) is None
                   or (entry.size, entry.mtime_ns) != (info.st_size, info.st_mtime_ns)]
        return sorted(changed, key=lambda n: (files[n].st_mtime_ns, n))

    def refresh(self, budget_s: float | None = None) -> int:
        """Summarise the files the index lacks, for about `budget_s` seconds (None: all of them, here and
        now), and keep the index once it is whole. With a budget, a long record is read in a background
        thread meanwhile. Returns how many are still to do (a scene calls again next frame)."""
        self._take_background_summary()
        todo = self.pending()
        start = time.perf_counter()
        left: list[str] = []
        for number, name in enumerate(todo):
            if budget_s is not None and self._is_long(name):
                self._read_in_background(name)
                left.append(name)
                continue
            self._store(name, self._summary_of(name))  # one file per call at the least
            if budget_s is not None and time.perf_counter() - start >= budget_s:
                left.extend(todo[number + 1:])
                break
        if not left:
            self._write_index()
        return len(left)

    def _is_long(self, name: str) -> bool:
        try:
            size = os.lstat(self.folder / name).st_size
        except OSError:
            return False
        return QUICK_BYTES < size <= LONGEST_BYTES

    def _read_in_background(self, name: str) -> None:
        if self._reading is None:
            self._reading = (name, _background().submit(self._summary_of, name))

    def _take_background_summary(self) -> None:
        if self._reading is None or not self._reading[1].done():
            return
        (name, future), self._reading = self._reading, None
        self._store(name, future.result())

    def _summary_of(self, name: str) -> Entry | None:
        """The summary of the record file `name` as it is now (None when it is gone); changes nothing
        here, so it may run in another thread."""
        path = self.folder / name
        try:
            info = os.lstat(path)
        except OSError:
            return None
        base: dict[str, Any] = {"name": name, "played": info.st_mtime, "size": info.st_size,
                                "mtime_ns": info.st_mtime_ns}
        if info.st_size > LONGEST_BYTES:  # refused before it is read: reading it would take seconds
            return Entry(**base, problem=words(too_long()))
        try:
            record = read_record(path)
            if len(record.actions) > LONGEST_ACTIONS:
                return Entry(**base, problem=words(too_long(len(record.actions))))
            state = replay(record, verify=True, path=str(path))
            return Entry(**base, **summary(record, state))
        except RecordError as exc:
            return Entry(**base, problem=exc.text())  # in words of the language the index notes
        except Exception as exc:  # a record that trips an engine is one unreadable game, not a broken list
            log.exception("history: summarising %s failed", path)
            return Entry(**base, problem=tr("it could not be replayed ({error})").format(
                error=f"{type(exc).__name__}: {exc}"))

    def _store(self, name: str, entry: Entry | None) -> None:
        index = self._loaded()
        if entry is None:
            if index.pop(name, None) is not None:
                self._index_dirty = True
            return
        known = self._known_seq.pop(name, None)
        before = index.get(name)
        if known is not None and known[:2] == (entry.size, entry.mtime_ns):
            entry = replace(entry, seq=known[2])
        elif before is not None and same_game_state(before, entry):  # only touched: kept no later
            entry = replace(entry, seq=before.seq)
        else:
            entry = replace(entry, seq=self._take_seq())
        index[name] = entry
        self._index_dirty = True

    # -- listing ---------------------------------------------------------------------------------
    def entries(self) -> list[Entry]:
        """Every kept game, the latest kept first (unreadable files among them)."""
        self.refresh()
        return self.listed()

    def listed(self) -> list[Entry]:
        """The games summarised so far, the latest kept first, without reading any record (see
        `refresh`)."""
        return sorted(self._loaded().values(), key=lambda e: (-e.seq, -e.played, e.name))

    def unfinished(self) -> list[Entry]:
        """The games that can be resumed, the latest kept first."""
        return [e for e in self.entries() if e.resumable]

    def maybe_unfinished(self) -> list[str]:
        """The record files that may hold a game to resume, the latest kept or changed first, read from
        the index as it is (no record is read): a file the index does not know yet, or one changed since,
        comes first, as it was written last."""
        index = self._loaded()
        files = self._record_files()

        def order(name: str) -> tuple[int, int]:
            entry, info = index.get(name), files[name]
            if entry is None or (entry.size, entry.mtime_ns) != (info.st_size, info.st_mtime_ns):
                return (1, info.st_mtime_ns)
            return (0, entry.seq)

        return [name for name in sorted(files, key=order, reverse=True)
                if (entry := index.get(name)) is None or entry.resumable
                or (entry.size, entry.mtime_ns) != (files[name].st_size, files[name].st_mtime_ns)]

    # -- keeping ---------------------------------------------------------------------------------
    def keep(self, record: Record, state: State | None = None) -> Entry:
        """Keep `record` (finished or not) in the history, in place of an earlier record of the same game;
        then the games kept longest ago go until at most `limit` are kept. `state` is the record's final
        state when the caller has it (a live match); else the record is replayed. RecordError: a record
        that does not replay; OSError: the folder cannot be written. Neither changes anything kept."""
        if state is None:
            state = replay(record, verify=False)
        name = record_name(record)
        path = self.folder / name
        with locked(self.lock_path):
            self._merge_from_disk()
            if not self._holds(path, record):  # kept as it is already: its date stays when it was played
                write_record(path, record)
            info = os.lstat(path)
            entry = Entry(name=name, played=info.st_mtime, size=info.st_size, mtime_ns=info.st_mtime_ns,
                          **summary(record, state), seq=self._take_seq())
            self._loaded()[name] = entry
            self._index_dirty = True
            self.trim(keep=name)
        return entry

    @staticmethod
    def _holds(path: Path, record: Record) -> bool:
        """Whether the file at `path` is `record`, byte for byte."""
        try:
            return path.read_bytes() == ("\n".join(record.lines()) + "\n").encode("utf-8")
        except (OSError, UnicodeEncodeError):
            return False

    def keep_file(self, path: str | os.PathLike[str]) -> Entry | None:
        """Keep the game in the record file `path` (an autosave of an older layout); None when there is
        no file. RecordError when it cannot be read or replayed: such a file is left where it is."""
        if not os.path.lexists(path):
            return None
        record = read_record(path)
        return self.keep(record, replay(record, verify=True, path=os.fsdecode(path)))

    def trim(self, keep: str | None = None) -> list[str]:
        """Delete the games kept longest ago until at most `limit` are kept (never `keep`, nor a game
        another copy of the app plays now); their names. The order is the index's (`Entry.seq`; a file
        only touched since keeps its place): a file it does not know yet was written last. No record is
        read for it."""
        removed: list[str] = []
        with locked(self.lock_path):
            self._merge_from_disk()
            index = self._loaded()
            files = self._record_files()

            def order(name: str) -> tuple[int, int, int, str]:
                entry, info = index.get(name), files[name]
                if entry is None:  # written since the index was: the latest
                    return (1, 0, info.st_mtime_ns, name)
                return (0, entry.seq, info.st_mtime_ns, name)  # changed since or not: kept then

            excess = len(files) - self.limit
            for name in sorted(files, key=order):
                if excess <= 0:
                    break
                if name == keep or self.in_play_elsewhere(name):
                    continue
                try:
                    (self.folder / name).unlink()
                except FileNotFoundError:
                    pass
                except OSError as exc:
                    log.warning("history: %s could not be removed: %s", name, exc)
                    continue
                self._forget_analysis(name)
                if index.pop(name, None) is not None:
                    self._index_dirty = True
                removed.append(name)
                excess -= 1
            self._write_index()
        return removed

    # -- one entry -------------------------------------------------------------------------------
    def delete(self, entry: Entry | str) -> None:
        """Remove a kept record (OSError when it cannot be)."""
        name = entry.name if isinstance(entry, Entry) else entry
        with locked(self.lock_path):
            (self.folder / name).unlink(missing_ok=True)
            self._forget_analysis(name)
            self._loaded().pop(name, None)
            self._index_dirty = True
            self._write_index()

    def set_aside(self, entry: Entry | str) -> Path:
        """Move a record out of the list, into the folder's set-aside/ (kept, for a person to look at);
        where it went."""
        name = entry.name if isinstance(entry, Entry) else entry
        aside = self.folder / SET_ASIDE
        with locked(self.lock_path):
            aside.mkdir(parents=True, exist_ok=True)
            stem, suffix = name[: -len(RECORD_SUFFIX)], RECORD_SUFFIX
            for number in range(1, 10_000):
                target = aside / (name if number == 1 else f"{stem}-{number}{suffix}")
                try:  # claim the name first: a file set aside before is never replaced
                    os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
                except FileExistsError:
                    continue
                try:
                    os.replace(self.folder / name, target)
                except OSError:
                    target.unlink(missing_ok=True)
                    raise
                self._forget_analysis(name)  # made again, were the record taken back
                self._loaded().pop(name, None)
                self._index_dirty = True
                self._write_index()
                return target
        raise FileExistsError(f"every name for setting {name} aside is taken")

    def export(self, entry: Entry | str, target: str | os.PathLike[str]) -> Path:
        """Copy a kept record to `target` (written atomically); the file written. A kept record is its
        owner's alone; an export is meant to be handed on, so it gets the mode of any new file of its
        owner (game.sharing). OSError when the record or the target cannot be read or written."""
        name = entry.name if isinstance(entry, Entry) else entry
        target = Path(target)
        if target.is_dir():
            target = target / name
        try:
            data = read_limited(self.folder / name, 64 * 1024 * 1024)
        except DataFileError as exc:
            raise OSError(f"{name}: {exc}") from None
        write_atomic(target, data)
        make_shareable(target)
        return target


def claim_path(folder: Path, name: str) -> Path:
    """The lock a copy of the app holds while it plays the game kept as `name` in `folder`."""
    return folder / CLAIMS / f"{name}.lock"


def too_long(actions: int | None = None) -> Message:
    """Why a record is not replayed: it holds more than LONGEST_ACTIONS actions (`actions`, when they
    were counted), or its file is larger than LONGEST_BYTES (not read, so not counted)."""
    if actions is None:
        return message("the file is larger than any game Kartentisch replays ({size} KB at most, about "
                       "{limit} actions)", size=LONGEST_BYTES // 1024, limit=LONGEST_ACTIONS)
    return message("it holds {actions} actions; Kartentisch replays games of at most {limit} actions",
                   actions=actions, limit=LONGEST_ACTIONS)


_reader: ThreadPoolExecutor | None = None


def _background() -> ThreadPoolExecutor:
    """The one thread that reads long records for the list, started when first needed."""
    global _reader
    if _reader is None:
        _reader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="history reader")
    return _reader


def matching(entries: Iterable[Entry], *, game: str | None = None, player: str = "") -> list[Entry]:
    """The entries of `game` (None: every game) with a seat whose name holds `player` (any case)."""
    wanted = player.strip().casefold()
    return [e for e in entries
            if (game is None or e.game == game)
            and (not wanted or any(wanted in seat.name.casefold() for seat in e.seats))]
