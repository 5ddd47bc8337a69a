"""The balance lab's engine, run for a screen: the one module of the app that imports the study engine
(`game.balance`, in `engine()` alone), so that moving the engine is a change of that import only.

`StudyRun` plays a small study in a worker thread of its own and has the report's charts drawn (PNG files,
drawn with matplotlib in a process of its own, so the app never holds matplotlib). The screen's frame loop
never waits for it: it reads `progress`, `outcome` and `result`, which the worker sets (each a single
reference, replaced whole), and sets the cancel flag, which the engine looks at after every game. A run
that is cancelled or left ends within a game; `finish` waits for its thread and removes its files.
"""

from __future__ import annotations

import multiprocessing
import shutil
import tempfile
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from game.core.variant import OPTION, Variant
from game.i18n import language
from game.logs import logger
from scenes.menus.background_run import CANCELLED, DONE, FAILED, RUNNING, BackgroundRun

log = logger(__name__)

#: the bot in every seat: it answers at once, so a study of a few dozen deals takes seconds
STUDY_BOT = "heuristic"
#: the charts of the report, in the order the screen offers them
CHART_FILES = ("seats.png", "length.png", "cards.png")


@dataclass(frozen=True)
class StudyRequest:
    """What the lab screen asks for: a game, its players, its card data (None: as published) and the
    number of deals."""

    game_id: str
    players: int
    deals: int
    variant: Variant | None = None
    seed: int = 1


@dataclass(frozen=True)
class StudyProgress:
    """Games done of all, the rate and the time left (None while not known)."""

    done: int
    total: int
    games_per_s: float
    seconds_left: float | None

    @property
    def share(self) -> float:
        return self.done / self.total if self.total else 0.0


@dataclass(frozen=True)
class StudyResult:
    """A finished study: its figures (the report's data) and the charts' files."""

    data: dict[str, Any]
    charts: dict[str, Path] = field(default_factory=dict)

    @property
    def cards(self) -> list[dict[str, Any]]:
        """Each card's figures, sorted by its contribution: the improvement when held, the largest
        first; a card without one (held in every seat-game, or never) after them, by its held rate."""
        def order(card: dict[str, Any]) -> tuple[int, float]:
            difference = card["improvement_held"]["difference"]
            if difference is not None:
                return 0, -float(difference)
            return 1, -float(card["held"]["rate"])

        return sorted(self.data["figures"]["cards"], key=order)


def engine() -> tuple[ModuleType, ModuleType]:
    """The study engine and its report (which draws the charts with matplotlib, imported when it draws):
    imported in the worker thread, so that neither the title nor the frame loop waits for them."""
    from game.balance import lab, report

    return lab, report


def study_plan(request: StudyRequest) -> Any:
    """The engine's plan for `request` (the engine's SetupError, in one line, for a set-up it cannot
    play)."""
    lab, _ = engine()
    options = [(OPTION, request.variant.option())] if request.variant is not None else []
    spec, labels = lab.make_spec(request.game_id, request.players, (STUDY_BOT,), options=options)
    if request.variant is not None:
        labels = {**labels, "variant": request.variant.name}
    return lab.StudyPlan(spec, seed=request.seed, deals=request.deals, chunk=max(1, request.deals),
                     skill_levels=None, labels=labels)


class StudyRun(BackgroundRun):
    """One study in a worker thread: see the module docstring (a stop ends it after the game under way)."""

    def __init__(self, request: StudyRequest) -> None:
        super().__init__("balance-lab")
        self.request = request
        self.progress = StudyProgress(0, 0, 0.0, None)
        self.result: StudyResult | None = None
        self.folder = Path(tempfile.mkdtemp(prefix="kartentisch-lab-"))

    def finish(self, wait: float = 5.0) -> bool:
        """Stop, wait up to `wait` seconds for the worker, and remove the report's files; whether the
        worker has ended. A worker still playing then ends after its game and removes nothing of the
        caller's (its folder is gone; its report is not written)."""
        self.stop()
        ended = self.join(wait)
        shutil.rmtree(self.folder, ignore_errors=True)
        return ended

    # -- the worker thread -----------------------------------------------------------------------
    def _on_progress(self, progress: Any) -> None:
        self.progress = StudyProgress(progress.done, progress.total, progress.games_per_s,
                                      progress.seconds_left)

    def _work(self) -> None:
        try:
            lab, report = engine()
        except Exception as exc:  # an engine that cannot load must leave the screen working
            self._failed(exc)
            return
        try:
            plan = study_plan(self.request)
            data = lab.run_study(plan, progress=self._on_progress, cancel=self.cancel)
            if self.cancel.is_set() or not data["complete"]:
                self.outcome = CANCELLED
                return
            charts = self._charts(report, data)
            if self.cancel.is_set():
                self.outcome = CANCELLED
                return
            self.result = StudyResult(data, charts)
            self.outcome = DONE
        except lab.SetupError as exc:
            self.problem = str(exc)
            self.outcome = FAILED
        except Exception as exc:  # a fault of the engine or of the charts must leave the screen working
            self._failed(exc)
        finally:
            if self.outcome != DONE:  # nobody will read its files (a left screen has removed them already)
                shutil.rmtree(self.folder, ignore_errors=True)

    def _failed(self, exc: Exception) -> None:
        if self.cancel.is_set():  # left meanwhile: its folder may be gone, and nobody waits for it
            self.outcome = CANCELLED
            return
        log.exception("the balance lab's study failed")
        self.problem = f"{type(exc).__name__}: {exc}"
        self.outcome = FAILED

    def _charts(self, report: ModuleType, data: dict[str, Any]) -> dict[str, Path]:
        """The report written into the run's folder by a process of its own (spawned, as the AI's
        worker is): matplotlib and its figures, tens of megabytes, load there and leave with it, so the
        app is no larger after a study than before."""
        self.folder.mkdir(parents=True, exist_ok=True)
        with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
            written = {path.name: path
                       for path in pool.submit(report.write, data, self.folder, language()).result()}
        return {name: written[name] for name in CHART_FILES if name in written}


__all__ = ["CANCELLED", "CHART_FILES", "DONE", "FAILED", "RUNNING", "StudyProgress", "StudyRequest",
           "StudyResult", "StudyRun", "engine", "study_plan"]
