"""A finished game's analysis (game.analysis), run for a screen: kept beside the game's record, found
there again, and worked out in a process of its own while the screen goes on drawing.

The analysis plays thousands of playouts: in a thread it would hold the interpreter's lock for most of
every frame, so it runs in a spawned process (a fork would copy the app's threads' locks as held), at a
lower priority, and a thread of the app only waits for its messages. The screen's frame loop never
waits: it reads `progress`, `outcome` and `result`, which that thread sets (each a single reference,
replaced whole), and `stop` sets the flag the analysis looks at between two decisions. The process
writes the analysis beside the record, atomically (`save_analysis`), and only when it is whole: an
analysis stopped (the screen left, the app closed) leaves nothing, and is started again the next time.

An analysis kept is trusted only when it reads back whole and fits its record (the same game, the same
header hash, as many moves): anything else is analysed again.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from game.analysis import (
    DEFAULT_LEVEL,
    PLAYOUTS,
    Analysis,
    AnalysisError,
    Cancelled,
    analyse,
    load_analysis,
    save_analysis,
)
from game.core.records import Record
from game.history import analysis_name
from game.logs import logger

log = logger(__name__)

#: the level a person's moves are compared with, and the playouts of an estimate (the tests choose
#: cheaper ones: they are handed to the process, never read there)
LEVEL = DEFAULT_LEVEL
ANALYSIS_PLAYOUTS = PLAYOUTS
#: how much lower the analysing process's priority is than the app's: the frames come first
NICENESS = 10
#: seconds between asking for the analysis and starting its process: the screen that asks draws its
#: first frames (its widgets' first drawing, the heaviest) before a process starting up shares the cores
START_DELAY_S = 0.5
RUNNING, DONE, CANCELLED, FAILED = "running", "done", "cancelled", "failed"


def analysis_path(record_path: str | os.PathLike[str]) -> Path:
    """Where the analysis of the record file at `record_path` is kept (game.history.analysis_name)."""
    path = Path(record_path)
    return path.with_name(analysis_name(path.name))


def fits(analysis: Analysis, record: Record) -> bool:
    """Whether `analysis` is the analysis of `record` (the same game, header and length)."""
    return (analysis.game == record.game and analysis.record == record.header_hash()
            and analysis.moves == len(record.actions) and analysis.players == record.players)


def kept_analysis(record_path: str | os.PathLike[str] | None, record: Record) -> Analysis | None:
    """The analysis kept beside the record file, when there is one that reads whole and fits `record`;
    None otherwise (a damaged or foreign one is named in the log, and never trusted)."""
    if record_path is None:
        return None
    path = analysis_path(record_path)
    if not path.exists():
        return None
    try:
        analysis = load_analysis(path)
    except AnalysisError as exc:
        log.warning("the kept analysis is not used, the game is analysed again: %s", exc)
        return None
    if not fits(analysis, record):
        log.warning("the kept analysis %s is of another game: the game is analysed again", path)
        return None
    return analysis


@dataclass(frozen=True)
class RunProgress:
    """Decisions analysed of all."""

    done: int
    total: int

    @property
    def share(self) -> float:
        return min(1.0, self.done / self.total) if self.total else 0.0


class AnalysisRun:
    """One analysis in a process of its own: see the module's docstring. `record_path`: the record's
    file, beside which the analysis is kept (None: kept nowhere)."""

    def __init__(self, record: Record, record_path: str | os.PathLike[str] | None = None, *,
                 level: str | None = None, playouts: int | None = None) -> None:
        self.record = record
        self.record_path = Path(record_path) if record_path is not None else None
        self.level = level or LEVEL
        self.playouts = playouts or ANALYSIS_PLAYOUTS
        self._context = multiprocessing.get_context("spawn")
        self.cancel = self._context.Event()
        self.progress = RunProgress(0, len(record.actions))
        self.outcome = RUNNING
        self.result: Analysis | None = None
        self.problem = ""
        self.thread = threading.Thread(target=self._watch, name="analysis", daemon=True)

    def start(self) -> AnalysisRun:
        self.thread.start()  # the process is spawned there: starting it costs the frame nothing
        return self

    @property
    def running(self) -> bool:
        return self.outcome == RUNNING

    def stop(self) -> None:
        """Ask the analysis to stop (it does after the decision under way; nothing of it is kept)."""
        self.cancel.set()

    def join(self, timeout: float | None = None) -> bool:
        """Wait up to `timeout` seconds for the run to end (the tests wait; a screen never does)."""
        self.thread.join(timeout)
        return not self.thread.is_alive()

    # -- the watching thread ---------------------------------------------------------------------
    def _watch(self) -> None:
        if self.cancel.wait(START_DELAY_S):  # left before it began
            self.outcome = CANCELLED
            return
        receive, send = self._context.Pipe(duplex=False)
        process = self._context.Process(
            target=work, name="kartentisch-analysis", daemon=True,  # a closed app takes it along
            args=(self.record, self.level, self.playouts,
                  str(self.record_path) if self.record_path is not None else None, send, self.cancel))
        try:
            process.start()
        except Exception as exc:  # a process that cannot start costs the analysis, never the screen
            log.warning("the analysis could not start: %r", exc)
            self.problem = f"{type(exc).__name__}: {exc}"
            self.outcome = FAILED
            return
        finally:
            send.close()  # the process holds its own end: at its end, the reading below ends
        try:
            while True:
                try:
                    message = receive.recv()
                except (EOFError, OSError):
                    break
                self._take(message)
        finally:
            receive.close()
            process.join()
            if self.outcome == RUNNING:  # ended without a word: killed, or it crashed
                self.outcome = CANCELLED if self.cancel.is_set() else FAILED
                if self.outcome == FAILED:
                    self.problem = f"the analysis ended with exit code {process.exitcode}"
                    log.warning("%s", self.problem)

    def _take(self, message: tuple[Any, ...]) -> None:
        kind = message[0]
        if kind == "progress":
            self.progress = RunProgress(int(message[1]), int(message[2]))
        elif kind == "done":
            try:
                self.result = Analysis.from_dict(message[1])
            except AnalysisError as exc:
                self.problem = str(exc)
                self.outcome = FAILED
                return
            self.outcome = DONE
        elif kind == "cancelled":
            self.outcome = CANCELLED
        elif kind == "failed":
            self.problem = str(message[1])
            log.warning("the analysis failed: %s", self.problem)
            self.outcome = FAILED


def work(record: Record, level: str, playouts: int, record_path: str | None, send: Connection,
         cancel: Any) -> None:
    """The analysing process: the analysis, kept beside the record (while the record is kept: a game
    deleted meanwhile gets none), and sent back; progress after every decision."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICENESS)
    try:
        analysis = analyse(record, level, progress=lambda done, total: send.send(("progress", done, total)),
                           cancel=cancel, playouts=playouts)
        if record_path is not None and os.path.exists(record_path):
            try:
                save_analysis(analysis_path(record_path), analysis)
            except OSError as exc:  # shown all the same; the next time it is worked out again
                log.warning("the analysis could not be kept: %s", exc)
        send.send(("done", analysis.to_dict()))
    except Cancelled:
        send.send(("cancelled",))
    except Exception as exc:  # a record that trips the engine: said, and the screen goes on
        send.send(("failed", f"{type(exc).__name__}: {exc}"))
    finally:
        send.close()


__all__ = ["CANCELLED", "DONE", "FAILED", "RUNNING", "AnalysisRun", "RunProgress", "analysis_path", "fits",
           "kept_analysis", "work"]
