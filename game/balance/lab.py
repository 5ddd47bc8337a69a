"""Running a study: its chunks on this process, on J local processes or on Ray, with the chunk file,
progress and a cancel flag; `run_study` is what the command line and a screen call.

A screen builds a study with `make_spec` (which checks the set-up and reads a variant file before any
game: SetupError in one line) and `StudyPlan`, and runs `run_study` in a worker thread of its own: it
runs in the calling thread, reports progress through a callback after every game (one process) or
chunk (several), looks at the cancel flag between them, and returns the report data: the study's
set-up and every figure. A chunk whose process dies is played again in a process of its own (local) or
retried by Ray; one lost for good is named and left out, and the study goes on (running it again with
the same chunk file plays it then).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from game import chunk_file, load
from game.balance import figures, study
from game.balance.study import MAIN, SKILL, Chunk, Spec
from game.core import KartentischError
from game.match import MAX_ACTIONS

#: how often a chunk whose process died is played again before it is given up (the study goes on)
ATTEMPTS = 3
DEFAULT_CHUNK = 5

C = TypeVar("C")


class SetupError(Exception):
    """A study that cannot be played as asked: the text is one line for the person who asked."""


class CancelFlag(Protocol):
    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class Progress:
    """Games done of all a run will play, and the time since it began."""

    done: int
    total: int
    elapsed: float

    @property
    def games_per_s(self) -> float:
        return self.done / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def seconds_left(self) -> float | None:
        rate = self.games_per_s
        return (self.total - self.done) / rate if rate > 0 else None


ProgressCallback = Callable[[Progress], None]


@dataclass(frozen=True)
class StudyPlan:
    """A study: the spec and its deals, and the skill study (None: none)."""

    spec: Spec
    seed: int = 1
    deals: int = 100
    chunk: int = DEFAULT_CHUNK
    skill_levels: tuple[str, str] | None = ("hard", "normal")
    skill_deals: int = 2
    #: what the report says the game was played with besides options (a variant's name)
    labels: Mapping[str, str] = field(default_factory=dict)

    def skill_spec(self) -> Spec | None:
        if self.skill_levels is None or not self.skill_deals:
            return None
        strong, weak = (study.reproducible(self.spec.game, level) for level in self.skill_levels)
        return Spec(self.spec.game, self.spec.players, (strong, *[weak] * (self.spec.players - 1)),
                    self.spec.options, self.spec.max_actions, self.spec.game_seconds)

    def chunks(self) -> list[Chunk]:
        planned = study.plan_chunks(MAIN, self.spec, self.seed, self.deals, self.chunk)
        skill = self.skill_spec()
        if skill is not None:
            planned += study.plan_chunks(SKILL, skill, self.seed, self.skill_deals, 1)
        return planned


def make_spec(game_id: str, players: int, bots: Sequence[str] = ("heuristic",), variant: Path | None = None,
              options: Sequence[tuple[str, Any]] = (), max_actions: int = MAX_ACTIONS,
              game_seconds: float | None = None) -> tuple[Spec, dict[str, str]]:
    """A checked spec and what the report names it by (a variant's name): the variant file read and the
    whole set-up (players, options, bots) checked before any game is played; SetupError says what is
    wrong in one line (a variant's fault with its line)."""
    try:
        game = load(game_id)
    except KartentischError as exc:
        raise SetupError(str(exc)) from None
    chosen = dict(options)
    labels: dict[str, str] = {}
    if variant is not None:
        from game.core.datafile import DataFileError
        from game.core.variant import read_variant

        try:
            read = read_variant(variant, game)
        except DataFileError as exc:
            raise SetupError(str(exc)) from None
        chosen["variant"] = read.option()
        labels["variant"] = read.name
    seated = list(bots) * players if len(bots) == 1 else list(bots)
    if len(seated) != players:
        raise SetupError(f"the bots name {len(seated)} bots for {players} players")
    try:
        game.check_setup(players, chosen)
        from game.ai import make_bot

        for name in dict.fromkeys(seated):
            make_bot(game_id, name)
    except KartentischError as exc:
        raise SetupError(str(exc)) from None
    return Spec(game_id, players, tuple(seated), chosen, max_actions, game_seconds), labels


def run_chunks(work: Callable[..., dict[str, Any]], chunks: Sequence[C], *, jobs: int = 1,
               ray: str | None = None, on_game: Callable[[], None] | None = None,
               cancel: CancelFlag | None = None, lost: Callable[[C, str], None] | None = None
               ) -> Iterator[tuple[C, dict[str, Any]]]:
    """Each chunk with its result as it finishes. One job plays in this process, in order (calling
    `on_game` after each game); several play in a pool of processes; `ray` sends the chunks to a Ray
    cluster as tasks. Closing the iterator (or `cancel`) stops the chunks not yet begun."""
    if ray is not None:
        from game.balance import cluster  # Ray is imported only when asked for

        yield from cluster.run_on_ray(work, chunks, ray, cancel=cancel, lost=lost)
        return
    if jobs == 1:
        for chunk in chunks:
            if cancel is not None and cancel.is_set():
                return
            yield chunk, work(chunk, on_game)
        return
    yield from _pool(work, list(chunks), jobs, cancel, lost)


def _pool(work: Callable[..., dict[str, Any]], chunks: list[C], jobs: int, cancel: CancelFlag | None,
          lost: Callable[[C, str], None] | None) -> Iterator[tuple[C, dict[str, Any]]]:
    """The chunks on a pool of `jobs` processes. A process that dies breaks the whole pool, and which
    chunk killed it is not known: the chunks not finished then go on each in a process of its own."""
    todo = list(chunks)
    if not todo:  # a study resumed after its last chunk: nothing is left to play
        return
    broken = False
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(todo)))
    futures: dict[Future[dict[str, Any]], C] = {pool.submit(work, chunk): chunk for chunk in todo}
    try:
        pending = set(futures)
        while pending:
            if cancel is not None and cancel.is_set():
                return
            done, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
            for future in done:
                try:
                    row = future.result()
                except BrokenProcessPool:
                    broken = True
                    continue
                todo.remove(futures[future])
                yield futures[future], row
    finally:
        _stop(pool, futures)
    if broken:
        yield from _one_process_each(work, todo, jobs, cancel, lost)


def _one_process_each(work: Callable[..., dict[str, Any]], chunks: list[C], jobs: int,
                      cancel: CancelFlag | None, lost: Callable[[C, str], None] | None
                      ) -> Iterator[tuple[C, dict[str, Any]]]:
    """Each chunk in a process of its own, `jobs` at a time: a process that dies costs its own chunk
    only (tried ATTEMPTS times), never the others."""
    queue = list(range(len(chunks)))
    tries = [0] * len(chunks)
    running: dict[Future[dict[str, Any]], tuple[int, ProcessPoolExecutor]] = {}
    try:
        while queue or running:
            if cancel is not None and cancel.is_set():
                return
            while queue and len(running) < jobs:
                index = queue.pop(0)
                pool = ProcessPoolExecutor(max_workers=1)
                running[pool.submit(work, chunks[index])] = (index, pool)
            done, _ = wait(list(running), timeout=0.25, return_when=FIRST_COMPLETED)
            for future in done:
                index, pool = running.pop(future)
                pool.shutdown(wait=False)
                try:
                    row = future.result()
                except BrokenProcessPool:
                    tries[index] += 1
                    if tries[index] < ATTEMPTS:
                        queue.append(index)
                    elif lost is not None:
                        lost(chunks[index], f"its process died {ATTEMPTS} times")
                    continue
                yield chunks[index], row
    finally:
        for future, (_, pool) in running.items():
            _stop(pool, [future])


def _stop(pool: ProcessPoolExecutor, futures: Iterable[Future[Any]]) -> None:
    """Stop a pool without waiting: the chunks not begun are cancelled here (the pool's own cancelling
    is lost once nothing refers to the pool any more), those under way end on their own."""
    for future in futures:
        future.cancel()
    pool.shutdown(wait=False, cancel_futures=True)


def run_study(plan: StudyPlan, *, jobs: int = 1, ray: str | None = None, chunk_path: Path | None = None,
              progress: ProgressCallback | None = None, cancel: CancelFlag | None = None,
              log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Play the study's chunks still missing from `chunk_path` (all, without one) and return the
    report data ({"study", "figures", "complete"}). Runs in the calling thread."""
    chunks = plan.chunks()
    done: dict[str, dict[str, Any]] = chunk_file.load_done(chunk_path, "balance", cut_tail=True) \
        if chunk_path is not None else {}
    todo = [chunk for chunk in chunks if chunk.key not in done]
    total = sum(study.chunk_games(chunk) for chunk in todo)
    counter = GameCounter(total, progress)
    sink = chunk_file.open_for_append(chunk_path) if chunk_path is not None and todo else None
    lost: list[str] = []

    def lose(chunk: Chunk, why: str) -> None:
        lost.append(chunk.key)
        if log is not None:
            log(f"chunk {chunk.key} lost ({why}); run the study again with the same chunk file to play it")

    def on_game() -> None:  # one process: progress after every game, and a cancel is seen at once
        counter.game()
        if cancel is not None and cancel.is_set():
            raise _Cancelled

    try:
        rows = run_chunks(study.play_chunk, todo, jobs=jobs, ray=ray, on_game=on_game if jobs == 1 else None,
                          cancel=cancel, lost=lose)
        for chunk, row in rows:
            done[chunk.key] = row
            if sink is not None:
                chunk_file.append_row(sink, row)
            counter.chunk(study.chunk_games(chunk))
    except _Cancelled:
        pass  # the chunk under way is dropped; those finished are kept
    finally:
        if sink is not None:
            sink.close()
    return report_data(plan, [done[c.key] for c in chunks if c.key in done],
                       complete=all(c.key in done for c in chunks))


def report_data(plan: StudyPlan, rows: Sequence[dict[str, Any]], complete: bool = True) -> dict[str, Any]:
    """The study's set-up and figures from its chunk rows (any order)."""
    spec = plan.spec
    main = study.merge([r for r in rows if r["key"].startswith(MAIN + "/")], spec.players)
    skill_rows = [r for r in rows if r["key"].startswith(SKILL + "/")]
    skill_spec = plan.skill_spec()
    skill = study.merge(skill_rows, spec.players) if skill_spec is not None else None
    options = {name: value for name, value in spec.options.items() if name != "variant"}
    return {
        "study": {"game": spec.game, "players": spec.players, "bots": list(spec.bots), "options": options,
                  **dict(plan.labels), "seed": plan.seed, "deals": plan.deals,
                  "rotations": len(study.rotations(spec.bots)), "skill_levels": list(plan.skill_levels or ()),
                  "skill_deals": plan.skill_deals if skill is not None else 0,
                  "max_actions": spec.max_actions},
        "complete": complete,
        "figures": figures.study_figures(spec.game, main, skill, plan.skill_levels,
                                         skill_spec.bots[0] if skill_spec is not None else None),
    }


class _Cancelled(Exception):
    """The cancel flag was set while a chunk was played in this process."""


class GameCounter:
    """Counts games for the progress callback: per game on one process, per chunk otherwise."""

    def __init__(self, total: int, progress: ProgressCallback | None) -> None:
        self.total = total
        self.progress = progress
        self.done = 0
        self.counted_in_chunk = 0
        self.start = time.perf_counter()
        self.lock = threading.Lock()

    def _report(self) -> None:
        if self.progress is not None:
            self.progress(Progress(self.done, self.total, time.perf_counter() - self.start))

    def game(self) -> None:
        with self.lock:
            self.done += 1
            self.counted_in_chunk += 1
        self._report()

    def chunk(self, games: int) -> None:
        with self.lock:
            self.done += games - self.counted_in_chunk
            self.counted_in_chunk = 0
        self._report()


def stderr_log(text: str) -> None:
    print(text, file=sys.stderr)
