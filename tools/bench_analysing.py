"""Frame benchmark while a finished game is analysed: `python -m tools.bench frame --analysing`.

    python -m tools.bench frame --analysing [--game ID] [--players N] [--size WxH] [--frames F] [--seed S]
                                            [--bots L1,L2] [--json]

A seeded game is played headless to its end, seat 0 marked as a person (played by the easy bot, so the
analysis has a person's mistakes to weigh; the other seats by normal bots, as `python -m tools.bench
analyse` plays them; --bots: the levels round the table instead). The results screen then opens for it
exactly as the app opens it after a game: the record is kept in the history (of a data folder of the
run's own, so the player's history is never touched), no analysis is kept yet, so the screen starts one
of its own (the real level and playouts), and the view "How the game went" is switched to, where the
progress bar shows. The frames are paced at the app's 60 a second, as its loop paces them: the analysis
shares the cores with the screen as it does in the app, not with a loop that never rests.

The floor is the same screen in the same view before its analysis starts: the run holds the analysis
back for IDLE_FRAMES frames after the first ones (the widgets' first drawing, untimed as the table's
are), and times those. Then every frame (events, update, draw, flip) is timed while the analysis runs,
until it is done (or F frames), the two frames in which the screen takes the finished analysis in
included (its picture in the first, its buttons in the next; the longer is said apart too). The target,
as for the table: a median frame while analysing of at most twice the floor, and no frame over 33 ms.

Then the frames after it, with the view built (its chart and its lists): the pointer goes from button to
button of the screen (each moment's and choice's Replay and Play on among them), as a player hovers
them; their median and max are said apart. With --json the last line is one JSON object, with
`"analysing": true`, the game, the analysis's wall seconds and how many frames were timed while it ran.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import GAME_IDS
from game.core.records import write_record
from game.match import Match
from tools import cli
from tools.bench_frame import (
    FRAME_DT,
    WARM_UP_FRAMES,
    figures,
    print_figures,
    print_target,
    start_sdl,
)

#: the person's level and the other seats' (as `tools.bench analyse` plays its games)
PERSON_BOT = "easy"
OTHERS_BOT = "normal"
#: frames timed once the view is built, and how many of them the pointer rests on each of its buttons
#: (long enough for a button's tooltip to show)
AFTER_FRAMES = 240
HOVER_FRAMES = 40
#: how long the run waits for an analysis that no longer says anything before it gives up
ANALYSIS_LIMIT_S = 30 * 60.0
#: how long an analysis stopped at the end of a short run may take to end
STOP_WAIT_S = 30.0
#: the frames of the screen timed before its analysis starts: the floor
IDLE_FRAMES = 120


@dataclass(frozen=True)
class Cheaper:
    """A smaller analysis than the app's (the tests' own, so they take seconds): the level compared and
    the playouts of an estimate."""

    level: str
    playouts: int
    idle_frames: int = IDLE_FRAMES


@dataclass
class Timed:
    """Frames timed: wall and this thread's CPU milliseconds."""

    ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)

    def add(self, ms: float, cpu_ms: float) -> None:
        self.ms.append(ms)
        self.cpu_ms.append(cpu_ms)


def seat_levels(players: int, levels: list[str] | None) -> list[str]:
    """Each seat's bot: the given levels round the table, else the easy person and normal bots."""
    if levels:
        return [levels[seat % len(levels)] for seat in range(players)]
    return [PERSON_BOT] + [OTHERS_BOT] * (players - 1)


def finished_match(game_id: str, players: int, seed: int, levels: list[str], folder: Path) -> Match:
    """The seeded game of bots, seat 0 a person, played to its end and resumed from its record as the
    app resumes a saved game (checked move by move)."""
    from tools.analyse import played_record

    path = folder / "played.kartentisch"
    write_record(path, played_record(game_id, players, seed, levels, people=[0]))
    return Match.resume(path)


@contextlib.contextmanager
def own_data_folder() -> Iterator[Path]:
    """A data folder of the run's own (the history the record is kept in), the player's left alone."""
    before = os.environ.get("KARTENTISCH_DATA_DIR")
    with tempfile.TemporaryDirectory(prefix="kartentisch-bench-") as folder:
        os.environ["KARTENTISCH_DATA_DIR"] = str(Path(folder) / "data")
        try:
            yield Path(folder)
        finally:
            if before is None:
                os.environ.pop("KARTENTISCH_DATA_DIR", None)
            else:
                os.environ["KARTENTISCH_DATA_DIR"] = before


@contextlib.contextmanager
def analysis_size(cheaper: Cheaper | None) -> Iterator[None]:
    """The screen's analysis as the app runs it, or (a test's) `cheaper` for the run's length."""
    from scenes.menus import analysis_run

    if cheaper is None:
        yield
        return
    before = analysis_run.LEVEL, analysis_run.ANALYSIS_PLAYOUTS
    analysis_run.LEVEL, analysis_run.ANALYSIS_PLAYOUTS = cheaper.level, cheaper.playouts
    try:
        yield
    finally:
        analysis_run.LEVEL, analysis_run.ANALYSIS_PLAYOUTS = before


@contextlib.contextmanager
def held_back(frames: int) -> Iterator[None]:
    """The screen's analysis starts only after its first frames and `frames` more (half a second's
    margin): those are the floor."""
    from scenes.menus import analysis_run

    before = analysis_run.START_DELAY_S
    analysis_run.START_DELAY_S = (WARM_UP_FRAMES + frames) * FRAME_DT + 0.5
    try:
        yield
    finally:
        analysis_run.START_DELAY_S = before


def paced_step(app: Any, timed: Timed | None) -> None:
    """One frame, timed into `timed`, then the rest of its 1/60 s slept away, as the app's loop does."""
    start, start_cpu = time.perf_counter(), time.thread_time()
    app.step(FRAME_DT)
    elapsed = time.perf_counter() - start
    if timed is not None:
        timed.add(elapsed * 1000.0, (time.thread_time() - start_cpu) * 1000.0)
    time.sleep(max(0.0, FRAME_DT - elapsed))


def hover_points(scene: Any) -> list[tuple[int, int]]:
    """The middle of each button of the screen: where the pointer rests, one after another."""
    return [button.rect.center for button in scene.actions] or [(0, 0)]


def move_pointer(pos: tuple[int, int]) -> None:
    import pygame

    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def measure(game_id: str, players: int, size: tuple[int, int], seed: int, levels: list[str] | None = None,
            frames: int | None = None, *, cheaper: Cheaper | None = None) -> tuple[dict[str, Any], Timed]:
    """The run (see the module's docstring): the JSON object and the frames timed while analysing."""
    start_sdl()
    import pygame

    from kartentisch.launcher import make_app
    from scenes import sound
    from scenes.menus import analysis_run
    from scenes.menus.results import ResultsScene
    from scenes.settings import Settings

    levels = seat_levels(players, levels)
    idle_frames = cheaper.idle_frames if cheaper is not None else IDLE_FRAMES
    with own_data_folder() as folder, analysis_size(cheaper), held_back(idle_frames):
        match = finished_match(game_id, players, seed, levels, folder)
        settings = Settings()
        settings.analyse_games = True  # the default; said, since the bench is of nothing else
        app = make_app(settings, size=size)
        sound.available()  # the mixer starts once, at the title; not this screen's work
        scene = ResultsScene(app, match)
        idle = Timed()
        running = Timed()
        after = Timed()
        view_built_ms: float | None = None
        run = None
        try:
            app.push(scene)
            started = time.perf_counter()
            paced_step(app, None)  # the screen's first frame: the game kept, its analysis started
            run = scene.run  # held: the screen lets go of it once it took the result
            if run is None:
                raise RuntimeError("the results screen started no analysis")
            scene.toggle_analysis()  # "How the game went": the progress bar in the middle of the view
            for _ in range(WARM_UP_FRAMES):  # its widgets' first drawing, untimed as the table's is
                paced_step(app, None)
            for _ in range(idle_frames):  # the floor: the same view, its analysis held back
                paced_step(app, idle)
            held_s = analysis_run.START_DELAY_S
            while run.running and (frames is None or len(running.ms) < frames):
                if time.perf_counter() - started > ANALYSIS_LIMIT_S:
                    break
                paced_step(app, running)
            analysis_s = time.perf_counter() - started - held_s if not run.running else None
            taking: list[float] = []  # the frames that take it in and build the view (two: its picture,
            while scene.taking_analysis and not run.running:  # then its buttons)
                paced_step(app, running)
                taking.append(running.ms[-1])
            view_built_ms = max(taking) if taking else None
            if scene.how is not None:
                points = hover_points(scene)
                for index in range(AFTER_FRAMES):
                    if index % HOVER_FRAMES == 0:
                        move_pointer(points[index // HOVER_FRAMES % len(points)])
                    paced_step(app, after)
        finally:
            app.stack.clear()  # a run still under way is stopped, and nothing of it kept
            pygame.display.quit()
            if run is not None:
                run.join(STOP_WAIT_S)  # its process ends before its folder goes
    result: dict[str, Any] = {
        "analysing": True, "game": game_id, "players": players, "seed": seed, "size": f"{size[0]}x{size[1]}",
        **figures(running.ms, idle.ms),
        "analysis_outcome": run.outcome, "analysis_done": run.outcome == "done",
        "analysis_s": round(analysis_s, 2) if analysis_s is not None else None,
        "decisions": run.progress.total, "decisions_analysed": run.progress.done,
        "frames_while_analysing": len(running.ms),
        "floor_frames": len(idle.ms), "floor_max_ms": round(max(idle.ms), 3) if idle.ms else None,
        "view_built": view_built_ms is not None and after.ms != [],
        "view_built_ms": round(view_built_ms, 3) if view_built_ms is not None else None,
        "after_frames": len(after.ms),
        "after_median_ms": round(statistics.median(after.ms), 3) if after.ms else None,
        "after_max_ms": round(max(after.ms), 3) if after.ms else None,
        "load": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None,
    }
    return result, running


def run(parser: argparse.ArgumentParser, args: argparse.Namespace, *, cheaper: Cheaper | None = None) -> int:
    """`frame --analysing`: the report, and with --json its object on the last line; 1 when the analysis
    did not finish (a run cut short by --frames is not a failure)."""
    game_id = args.game or GAME_IDS[0]
    cli.check_setup(parser, game_id, args.players)
    levels = seat_levels(args.players, args.bots)
    cli.check_bots(parser, game_id, levels)
    result, running = measure(game_id, args.players, args.size, args.seed, args.bots, args.frames,
                              cheaper=cheaper)
    w, h = args.size
    seconds = f"{result['analysis_s']} s" if result["analysis_s"] is not None else "not finished"
    print(f"frame benchmark while analysing: {game_id}, {args.players} seats (seed {args.seed}), {w}x{h}: "
          f"the analysis {result['analysis_outcome']} ({result['decisions_analysed']} of "
          f"{result['decisions']} decisions, {seconds}), {result['frames_while_analysing']} frames timed "
          "meanwhile")
    print_figures(result, running.cpu_ms, 0, floor=f"the same view in {result['floor_frames']} frames before "
                  f"its analysis began; max {result['floor_max_ms']} ms")
    print_target(result)
    if result["view_built_ms"] is not None:
        print(f"  taken  the longer of the two frames that took the analysis in and built its view: "
              f"{result['view_built_ms']} ms")
    if result["after_frames"]:
        print(f"  after  {result['after_frames']} frames with the view built, the pointer over its buttons: "
              f"median {result['after_median_ms']} ms  max {result['after_max_ms']} ms")
    if result["load"] is not None:
        print(f"  load   average {result['load']} (the analysis shares the cores with whatever else runs)")
    if args.json:
        print(json.dumps(result))
    if args.frames is None and not result["analysis_done"]:
        print(f"frame benchmark: the analysis ended {result['analysis_outcome']}, not done", file=sys.stderr)
        return 1
    return 0
