"""A finished game's analysis (game.analysis), run for a screen: kept beside the game's record, found
there again, and worked out by processes of their own while the screen goes on drawing.

The analysis plays thousands of playouts: in a thread of the app it would hold the interpreter's lock
for most of every frame, so a thread of the app hands it to spawned processes (a fork would copy the
app's threads' locks as held), one a core (`game.analysis.background_jobs`) at a lower priority, and
only waits for them. The screen's frame loop never waits: it reads `progress`, `outcome` and `result`,
which that thread sets (each a single reference, replaced whole), and `stop` sets the flag the thread
looks at ten times a second; the processes are then ended at once (and with the app, which ends its
daemonic processes as it closes). The thread writes the analysis beside the record, atomically
(`save_analysis`), and only when it is whole: an analysis stopped (the screen left, the app closed)
leaves nothing, and is started again the next time.

An analysis kept is trusted only when it reads back whole and fits its record (the same game, the same
header hash, as many moves): anything else is analysed again.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from game.analysis import (
    DEFAULT_LEVEL,
    PLAYOUTS,
    Analysis,
    AnalysisError,
    Cancelled,
    analyse,
    background_jobs,
    load_analysis,
    save_analysis,
)
from game.core.records import Record
from game.history import analysis_name
from game.logs import logger
from scenes.menus.background_run import CANCELLED, DONE, FAILED, RUNNING, BackgroundRun

log = logger(__name__)

#: the level a person's moves are compared with, and the playouts of an estimate (the tests choose
#: cheaper ones: they are handed to the process, never read there)
LEVEL = DEFAULT_LEVEL
ANALYSIS_PLAYOUTS = PLAYOUTS
#: how much lower the analysing processes' priority is than the app's: the frames come first
NICENESS = 10
#: seconds between asking for the analysis and starting its processes: the screen that asks draws its
#: first frames (its widgets' first drawing, the heaviest) before processes starting up share the cores
START_DELAY_S = 0.5


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


class AnalysisRun(BackgroundRun):
    """One analysis worked out in the background: see the module's docstring (a stop ends it within a
    tenth of a second, and nothing of it is kept; its processes are spawned in its thread, so starting
    them costs a frame nothing). `record_path`: the record's file, beside which the analysis is kept
    (None: kept nowhere)."""

    def __init__(self, record: Record, record_path: str | os.PathLike[str] | None = None, *,
                 level: str | None = None, playouts: int | None = None, jobs: int | None = None) -> None:
        super().__init__("analysis")
        self.record = record
        self.record_path = Path(record_path) if record_path is not None else None
        self.level = level or LEVEL
        self.playouts = playouts or ANALYSIS_PLAYOUTS
        self.jobs = jobs or background_jobs()
        self.progress = RunProgress(0, len(record.actions))
        self.result: Analysis | None = None

    # -- the working thread ----------------------------------------------------------------------
    def _work(self) -> None:
        if self.cancel.wait(START_DELAY_S):  # left before it began
            self.outcome = CANCELLED
            return
        self._analyse()

    def _analyse(self) -> None:
        try:
            analysis = analyse(self.record, self.level, progress=self._progressed, cancel=self.cancel,
                               playouts=self.playouts, jobs=self.jobs, niceness=NICENESS)
        except Cancelled:
            self.outcome = CANCELLED
            return
        except Exception as exc:  # a record that trips the engine, a process that cannot start: said,
            self.problem = f"{type(exc).__name__}: {exc}"  # and the screen goes on
            log.warning("the analysis failed: %s", self.problem)
            self.outcome = FAILED
            return
        path = self.record_path
        if path is not None and path.exists():  # a game deleted meanwhile gets none
            try:
                save_analysis(analysis_path(path), analysis)
            except OSError as exc:  # shown all the same; the next time it is worked out again
                log.warning("the analysis could not be kept: %s", exc)
        self.result = analysis
        self.outcome = DONE

    def _progressed(self, done: int, total: int) -> None:
        self.progress = RunProgress(done, total)


__all__ = ["CANCELLED", "DONE", "FAILED", "RUNNING", "AnalysisRun", "RunProgress", "analysis_path", "fits",
           "kept_analysis"]
