"""A UI monkey: the real app, headless, driven by random input until something breaks.

    python -m tools.monkey --seed S --frames N [--size WxH] [--json]

Every frame it may post one piece of input (a click, a drag, a key such as Esc, Enter, F11, Ctrl+Z,
Tab or a letter, typed text, the mouse wheel, a window resize down to 320x240) and then steps the app
once with a made-up frame time, so it never waits on the clock. Its clicks are biased: it often
clicks a button, a text field or, at a table, a legal target it finds on the screen (or the banner
that waits for a click, as a person clicks it on), so it gets through the menus, starts games (new
ones, rematches, resumed ones) and plays them to the results.

Every exception a frame raises, and every error the app logs (a fault it caught and explained), is
recorded with its scene, frame and a short traceback, and the run goes on; after a few faulty
frames in a row, or when the app quits (its Quit button), the app is started again, as a person
would, with the same data folder (so the autosave is resumed). The report groups the faults by
where they arise. `--json` ends with one line: {"frames", "scenes", "games_started", "exceptions"}
(scenes: frames spent on top per kind of scene).

So that a seed replays the same run, the monkey seeds what the app draws at random (a new game's
deal) from its own seed, and the searching AI level ("hard") thinks in this process with a few
iterations instead of for up to a second in its worker. Settings and saves go to a fresh temporary
folder (printed), never the player's own.
"""

from __future__ import annotations

import argparse
import gc
import inspect
import json
import logging
import os
import random
import secrets
import signal
import sys
import tempfile
import traceback
import warnings
import weakref
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import GAME_IDS

os.environ["SDL_VIDEODRIVER"] = "dummy"  # never a window or a sound on the machine it runs on
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"  # Ctrl+C and kill stop the monkey, not just its app

import pygame  # noqa: E402

from tools import cli  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
#: the kinds of scene a run should see (CI checks that a short run visits every one)
REQUIRED_KINDS = ("title", "choose", "setup", *(f"table:{game_id}" for game_id in GAME_IDS), "pause",
                  "settings", "gallery", "results", "LabScene")
#: iterations of a search ("hard") a decision: enough to run every part of it, quick enough for a frame
QUICK_SEARCH_ITERATIONS = 6
#: frames between two progress lines
PROGRESS_EVERY = 5000
#: faulty frames in a row after which the app is started again
RESTART_AFTER_FAULTS = 3
#: seconds of wall time after which a frame counts as hung: it is stopped, recorded and the app restarted
#: (a safety net far above any real frame, even on a busy machine; the monkey itself never waits)
HUNG_FRAME_SECONDS = 30.0
#: how the monkey spends a frame, at a table and elsewhere (relative weights)
TABLE_MIX = {"target": 46, "drag": 7, "click": 12, "key": 6, "motion": 6, "wheel": 1.5, "resize": 0.6,
             "text": 0.5, "idle": 20}
MENU_MIX = {"target": 40, "drag": 3, "click": 16, "key": 12, "motion": 7, "wheel": 5, "resize": 1.2,
            "text": 7, "idle": 9}
#: how eagerly a button is chosen by its label (others: 1): forward through the menus to a table, rarely
#: out of the app, and soon back from the screens beside the game (settings, gallery, rules)
LABEL_WEIGHTS = {"Play": 5.0, "Start": 5.0, "Rematch": 3.0, "Resume last game": 1.5, "Quit": 0.04,
                 "Back": 0.4, "Back to menu": 0.6, "See at the table": 0.5}
SCENE_LABEL_WEIGHTS = {
    "pause": {"Resume": 6.0, "Save and leave": 0.3, "Undo": 0.8, "Gallery": 0.3, "Settings": 0.4,
              "Rules summary": 0.5},
    "settings": {"Back": 4.0}, "gallery": {"Back": 4.0}, "rules": {"Close": 4.0},
}
#: per frame on a table a spectator only watches (the gallery's): Esc, back to the gallery
LEAVE_PREVIEW = 0.01
#: how long the monkey stays with a game (frames at its table): often a while, then it saves and leaves
#: (so a run starts many games), else until the game ends
PATIENCE = {(60, 400): 0.55, (400, 1200): 0.15, (10**9, 10**9): 0.3}
#: the buttons that leave a game, chosen eagerly once the monkey's patience with it is over (leaving asks
#: first: its Leave too)
LEAVING_WEIGHTS = {"Save and leave": 30.0, "Back to menu": 30.0, "Leave": 30.0, "Resume": 0.5, "Stay": 0.5}
#: how much more a game not yet played weighs on the game choice
UNSEEN_GAME_WEIGHT = 4.0
#: a table's legal targets together weigh this much against each of its buttons (1; undo and menu less)
TARGETS_WEIGHT = 12.0
TABLE_BUTTON_WEIGHTS = {"undo": 0.4, "menu": 0.3}
#: how often a monkey that would click a target at a table with nothing to play waits instead
WAIT_AT_TABLE = 0.9
FRAME_TIMES = (1 / 60, 1 / 30, 0.05, 0.1)
WINDOW_SIZES = ((320, 240), (321, 241), (400, 700), (640, 480), (800, 600), (1024, 768), (1280, 720),
                (1366, 768), (1600, 900), (1920, 1080), (2560, 1080), (2000, 240), (320, 1000))
KEYS = {pygame.K_ESCAPE: 4.0, pygame.K_RETURN: 3.0, pygame.K_SPACE: 2.0, pygame.K_F11: 0.6, pygame.K_TAB: 1.5,
        pygame.K_BACKSPACE: 1.0, pygame.K_DELETE: 0.5, pygame.K_LEFT: 1.0, pygame.K_RIGHT: 1.0,
        pygame.K_UP: 0.6, pygame.K_DOWN: 0.6, pygame.K_HOME: 0.3, pygame.K_END: 0.3, pygame.K_KP_ENTER: 0.5}
TEXTS = ("a", "Z", "7", "0", " ", "ß", "é", "Ω", "漢", "😀", "<b>", "&amp;", "\u2028", "\t", "\u200b",
         "Anna", "x" * 40, "١٢", "-", "'", '"')
ANIMATION_SPEEDS = {"off": 5, "fast": 3, "normal": 1.5, "slow": 0.5}


class HungFrame(Exception):
    """A frame that did not end within HUNG_FRAME_SECONDS: the traceback shows where it was stuck."""


@contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """Raise HungFrame in the code running when `seconds` of wall time have passed (where the platform
    has interval timers; elsewhere a hang stays a hang)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def expired(signum: int, frame: Any) -> None:
        raise HungFrame(f"the frame did not end within {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass
class Fault:
    """One exception (or logged error) and where the app was when it came."""

    kind: str  # the exception's type
    message: str
    scene: str
    frame: int
    trace: str
    logged: bool = False

    @property
    def place(self) -> str:
        """Where it arose: the innermost line of the project's own code (what groups repeats)."""
        for line in reversed(self.trace.splitlines()[:-1]):
            path = line.split(":")[0]
            if path.endswith(".py") and "/" in path and not path.startswith((".venv/", "tools/monkey.py")):
                return line.split(" in ")[0]
        return self.trace.splitlines()[-1] if self.trace else "?"


@dataclass
class Report:
    frames: int = 0
    scenes: Counter[str] = field(default_factory=Counter)
    first_frame: dict[str, int] = field(default_factory=dict)  # the frame each kind of scene was first on top
    games_started: int = 0
    games_finished: Counter[str] = field(default_factory=Counter)  # by game id
    actions: int = 0
    restarts: int = 0
    faults: list[Fault] = field(default_factory=list)
    warnings: Counter[str] = field(default_factory=Counter)  # what the widget toolkit warned of, by kind

    def as_json(self) -> dict[str, Any]:
        return {"frames": self.frames, "scenes": dict(sorted(self.scenes.items())),
                "games_started": self.games_started, "exceptions": len(self.faults)}

    def missing_kinds(self) -> list[str]:
        return [kind for kind in REQUIRED_KINDS if not self.scenes[kind]]

    def text(self) -> str:
        finished = ", ".join(f"{g} {n}" for g, n in sorted(self.games_finished.items())) or "none"
        lines = [f"{self.frames} frames, {self.restarts} restarts, {self.games_started} games started, "
                 f"{sum(self.games_finished.values())} finished ({finished}), {self.actions} moves seen",
                 "scenes (frames on top): " + ", ".join(f"{k} {n}" for k, n in sorted(self.scenes.items()))]
        missing = self.missing_kinds()
        if missing:
            lines.append("never reached: " + ", ".join(missing))
        else:
            last = max(self.first_frame[k] for k in REQUIRED_KINDS)
            lines.append(f"every kind of scene reached by frame {last}")
        if self.warnings:
            common = ", ".join(f"{text!r} x {n}" for text, n in self.warnings.most_common(4))
            lines.append(f"{sum(self.warnings.values())} warnings (not faults), most often: {common}")
        lines.append(f"{len(self.faults)} exceptions")
        groups: dict[tuple[str, str], list[Fault]] = {}
        for fault in self.faults:
            groups.setdefault((fault.kind, fault.place), []).append(fault)
        for (kind, place), faults in sorted(groups.items(), key=lambda g: -len(g[1])):
            first = faults[0]
            how = "logged" if first.logged else "raised"
            lines.append(f"\n{len(faults)} x {kind} {how} at {place} (first in frame {first.frame}, "
                         f"scene {first.scene}): {first.message}")
            lines.extend(f"    {line}" for line in first.trace.splitlines())
        return "\n".join(lines)


def scene_kind(scene: object) -> str:
    """A scene's kind: 'title', 'table:palace', 'preview:palace' (the gallery's table), …"""
    from scenes.table import TableScene

    if isinstance(scene, TableScene):
        preview = type(scene).__name__.startswith("Preview")
        return f"{'preview' if preview else 'table'}:{scene.game_id}"
    name = type(scene).__name__
    known = {"TitleScene": "title", "ChooseGameScene": "choose", "SetupScene": "setup", "PauseScene": "pause",
             "SettingsScene": "settings", "GalleryScene": "gallery", "ResultsScene": "results",
             "RulesScene": "rules", "HandoffScene": "handoff", "MessageScene": "message"}
    return known.get(name, name)


def short_trace(exc: BaseException, depth: int = 8) -> str:
    """The innermost frames of an exception, one line each, paths relative to the project."""
    lines = []
    for entry in traceback.extract_tb(exc.__traceback__)[-depth:]:
        path = Path(entry.filename)
        where = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name
        lines.append(f"{where}:{entry.lineno} in {entry.name}: {(entry.line or '').strip()}")
    lines.append(f"{type(exc).__name__}: {exc}"[:400])
    return "\n".join(lines)


class _LoggedErrors(logging.Handler):
    """Errors the app logs: faults it caught and explained to the player, still faults."""

    def __init__(self, record: Callable[[logging.LogRecord], None]) -> None:
        super().__init__(logging.ERROR)
        self.record = record

    def emit(self, record: logging.LogRecord) -> None:
        self.record(record)


@contextmanager
def patched(target: Any, name: str, value: Any) -> Iterator[None]:
    old = inspect.getattr_static(target, name)  # a classmethod as itself, not bound to its class
    setattr(target, name, value)
    try:
        yield
    finally:
        setattr(target, name, old)


@contextmanager
def quick_and_seeded(rng: random.Random) -> Iterator[None]:
    """New deals drawn from the monkey's seed, and searches that think briefly in this process: every
    search, however it is made (a seat's level, a hint, a stand-in), runs a few iterations, no clock."""
    import scenes.table.kit.scene
    from game.ai.improve import ImprovingBot
    from game.ai.ismcts import ISMCTSBot
    from game.ai.worker import BotWorker

    def quick(init: Callable[..., None]) -> Callable[..., None]:
        def made(self: Any, *args: Any, **kwargs: Any) -> None:
            init(self, *args, **{**kwargs, "iterations": QUICK_SEARCH_ITERATIONS, "time_ms": None})
        return made

    with (patched(secrets, "randbelow", lambda n: rng.randrange(n)),
          patched(ISMCTSBot, "__init__", quick(ISMCTSBot.__init__)),
          patched(ImprovingBot, "__init__", quick(ImprovingBot.__init__)),
          patched(BotWorker, "shared", classmethod(lambda cls: None)),
          patched(scenes.table.kit.scene, "BOT_BUDGET_MS", None)):  # a bot decides within its frame
        yield


class Monkey:
    def __init__(self, seed: int, size: tuple[int, int] = (1280, 720),
                 say: Callable[[str], None] = lambda line: None) -> None:
        self.say = say  # where progress and each new kind of fault are told as the run goes
        self.rng = random.Random(seed)
        self.size = size
        self.report = Report()
        self.app: Any = None
        self.frame = 0
        self._faulty_in_a_row = 0
        self._restart = False
        self._patience = 0  # frames the monkey still gives the game at the table
        self._leaving = False  # its patience is over: it saves and leaves
        #: each game seen at a table: the moves seen so far, and whether its end was counted
        self._matches: weakref.WeakKeyDictionary[Any, tuple[int, bool]] = weakref.WeakKeyDictionary()

    # -- the app ---------------------------------------------------------------------------------
    def start_app(self) -> None:
        from kartentisch.launcher import make_app
        from scenes.menus.title import TitleScene
        from scenes.settings import Settings

        self.stop_app()
        settings = Settings.load()  # what the last run kept, as a restarted app reads it
        settings.fullscreen = False
        settings.animation_speed = self.pick(ANIMATION_SPEEDS)
        self.app = make_app(settings, size=self.size)
        self.app.push(TitleScene(self.app))

    def stop_app(self) -> None:
        if self.app is None:
            return
        app, self.app = self.app, None
        try:
            app.stack.clear()
        except Exception as exc:  # a scene that fails to close is a fault too
            self.record(exc)
        del app
        gc.collect()  # the app closed goes, as a person's would with its process

    # -- faults ------------------------------------------------------------------------------------
    def top_name(self) -> str:
        top = self.app.stack.top if self.app is not None else None
        return type(top).__name__ if top is not None else "-"

    def record(self, exc: BaseException) -> None:
        self.add(Fault(type(exc).__name__, str(exc)[:300], self.top_name(), self.frame, short_trace(exc)))

    def add(self, fault: Fault) -> None:
        """Keep a fault; the first of its kind and place is told at once (a long run may be stopped)."""
        if not any((f.kind, f.place) == (fault.kind, fault.place) for f in self.report.faults):
            self.say(f"frame {fault.frame}: {fault.kind} at {fault.place} ({fault.scene}): {fault.message}")
        self.report.faults.append(fault)

    def record_log(self, record: logging.LogRecord) -> None:
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            trace = short_trace(exc)
            kind, message = type(exc).__name__, f"{record.getMessage()}: {exc}"
        else:
            trace = f"{record.pathname}:{record.lineno}"
            kind, message = "LoggedError", record.getMessage()
        self.add(Fault(kind, message[:300], self.top_name(), self.frame, trace, logged=True))

    def count_warning(self, message: Warning | str, *_: Any, **__: Any) -> None:
        self.report.warnings[str(message).split(":")[0][:60]] += 1

    # -- a run -------------------------------------------------------------------------------------
    def run(self, frames: int) -> Report:
        handler = _LoggedErrors(self.record_log)
        root = logging.getLogger()
        root.addHandler(handler)
        try:
            with quick_and_seeded(self.rng), warnings.catch_warnings():
                warnings.simplefilter("always")
                warnings.showwarning = self.count_warning
                for self.frame in range(1, frames + 1):
                    self.step()
                    if self.frame % PROGRESS_EVERY == 0:
                        self.say(f"frame {self.frame}: {self.report.games_started} games started, "
                                 f"{len(self.report.faults)} exceptions")
        finally:
            root.removeHandler(handler)
            self.stop_app()
        self.report.frames = frames
        return self.report

    def step(self) -> None:
        faults = len(self.report.faults)
        try:
            with watchdog(HUNG_FRAME_SECONDS):
                if self.app is None or not self.app.running or self._restart:
                    self.report.restarts += self.app is not None
                    self._restart = False
                    self.start_app()
                self.act()
                self.app.step(self.pick(dict.fromkeys(FRAME_TIMES, 1.0)))
        except Exception as exc:
            self.record(exc)
        self.observe()
        new = self.report.faults[faults:]
        self._faulty_in_a_row = self._faulty_in_a_row + 1 if new else 0
        if self._faulty_in_a_row >= RESTART_AFTER_FAULTS or any(f.kind == HungFrame.__name__ for f in new):
            self._faulty_in_a_row = 0  # the app is stuck: start it again, as a person would
            self._restart = True

    def observe(self) -> None:
        """Count the scene on top, and the games that appeared at a table."""
        from scenes.table import TableScene

        if self.app is None:
            return
        try:
            top = self.app.stack.top
            if top is not None:
                kind = scene_kind(top)
                self.report.scenes[kind] += 1
                self.report.first_frame.setdefault(kind, self.frame)
            if not any(isinstance(scene, TableScene) for scene in self.app.stack):
                self._leaving = False
            elif isinstance(top, TableScene) and not scene_kind(top).startswith("preview"):
                self._patience -= 1
                self._leaving = self._leaving or self._patience <= 0
            for scene in self.app.stack:
                if not isinstance(scene, TableScene) or scene_kind(scene).startswith("preview"):
                    continue
                match = scene.match
                if match not in self._matches:
                    self.report.games_started += 1
                    low, high = self.pick(PATIENCE)
                    self._patience, self._leaving = self.rng.randint(low, high), False
                seen, ended = self._matches.get(match, (len(match.actions), False))
                self.report.actions += max(0, len(match.actions) - seen)  # an undo takes moves back
                over = match.is_over()
                self.report.games_finished[match.game.id] += over and not ended
                self._matches[match] = (len(match.actions), ended or over)
        except Exception as exc:
            self.record(exc)

    # -- input -------------------------------------------------------------------------------------
    def pick(self, weights: dict[Any, float] | list[tuple[Any, float]]) -> Any:
        """One of the choices, drawn by weight."""
        pairs = list(weights.items()) if isinstance(weights, dict) else weights
        return self.rng.choices([p[0] for p in pairs], weights=[p[1] for p in pairs])[0]

    def act(self) -> None:
        from scenes.table import TableScene

        scene = self.app.stack.top
        at_table = isinstance(scene, TableScene)
        what = self.pick(TABLE_MIX if at_table else MENU_MIX)
        if self.rng.random() < 0.0005:
            what = "quit"
        elif at_table and self.rng.random() < self.leave_chance(scene):
            what = "escape"
        getattr(self, f"do_{what}")(scene)

    def leave_chance(self, table: Any) -> float:
        """How likely the monkey presses Esc at a table now: to leave a watched one, or a game it has
        had enough of."""
        if scene_kind(table).startswith("preview"):
            return LEAVE_PREVIEW
        return 0.5 if self._leaving else 0.0

    def do_idle(self, scene: Any) -> None:
        pass

    def do_quit(self, scene: Any) -> None:
        post(pygame.QUIT)

    def do_escape(self, scene: Any) -> None:
        press(pygame.K_ESCAPE)

    def random_point(self) -> tuple[int, int]:
        w, h = self.app.size
        return (self.rng.randrange(max(1, w)), self.rng.randrange(max(1, h)))

    def do_click(self, scene: Any, pos: tuple[int, int] | None = None) -> None:
        pos = pos or self.random_point()
        button = self.pick({1: 8.0, 3: 1.0, 2: 0.5})
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)

    def do_target(self, scene: Any) -> None:
        unseen = {kind.partition(":")[2] for kind in self.report.missing_kinds() if kind.startswith("table:")}
        found = targets(scene, LEAVING_WEIGHTS if self._leaving else None, unseen)
        if not found:
            self.do_click(scene)
            return
        waiting = getattr(scene, "targets", None) == [] and not banner_waits(scene)
        if waiting and self.rng.random() < WAIT_AT_TABLE:
            return  # nothing to play now (a bot's turn, cards moving): a person waits, mostly
        rect = self.pick(found)
        if isinstance(rect, tuple):
            self.do_click(scene, rect)
            return
        x = rect.left + self.rng.randrange(max(1, rect.width) // 3, max(2, 2 * max(1, rect.width) // 3))
        y = rect.top + self.rng.randrange(max(1, rect.height) // 3, max(2, 2 * max(1, rect.height) // 3))
        self.do_click(scene, (x, y))

    def do_drag(self, scene: Any) -> None:
        found = targets(scene)
        start = self.pick(found) if found and self.rng.random() < 0.7 else self.random_point()
        if isinstance(start, pygame.Rect):
            start = start.center
        drop = getattr(scene, "drop_rect", lambda: None)()
        end = drop.center if drop is not None and self.rng.random() < 0.6 else self.random_point()
        post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
        steps = self.rng.randint(1, 4)
        for i in range(1, steps + 1):
            pos = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0), touch=False)
        post(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False)

    def do_motion(self, scene: Any) -> None:
        post(pygame.MOUSEMOTION, pos=self.random_point(), rel=(3, -2), buttons=(0, 0, 0), touch=False)

    def do_wheel(self, scene: Any) -> None:
        y = self.rng.choice((-3, -1, 1, 2, 5))
        post(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y), touch=False)

    def do_resize(self, scene: Any) -> None:
        w, h = self.rng.choice(WINDOW_SIZES)
        post(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))

    def do_key(self, scene: Any) -> None:
        if self.rng.random() < 0.12:
            press(pygame.K_z, pygame.KMOD_LCTRL)  # undo
        elif self.rng.random() < 0.25:
            letter = self.rng.choice("abcdefghijklmnopqrstuvwxyz0123456789")
            press(ord(letter), 0, letter)  # pygame's key codes of letters and digits are their ASCII
        else:
            press(self.pick(KEYS))

    def do_text(self, scene: Any) -> None:
        text = self.rng.choice(TEXTS)
        post(pygame.TEXTINPUT, text=text)


def post(kind: int, **attributes: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attributes))


def press(key: int, mod: int = 0, text: str = "") -> None:
    post(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
    if text:
        post(pygame.TEXTINPUT, text=text)
    post(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0)


def banner_waits(scene: Any) -> bool:
    """Whether `scene` is a table whose banner waits for a click (a round's end, a scoring, the game's
    end)."""
    banner = getattr(scene, "banner", None)
    return banner is not None and bool(getattr(banner, "waits", False))


def targets(scene: Any, prefer: dict[str, float] | None = None, unseen: set[str] | None = None
            ) -> list[tuple[pygame.Rect | tuple[int, int], float]]:
    """What on `scene` can be clicked, each with how eagerly to click it: a Rect (a point inside it is
    clicked) or a point. `prefer` weighs buttons by their labels over the usual weights; the game choice's
    Play buttons of the games in `unseen` weigh more (a run reaches every table sooner)."""
    from scenes.menu_buttons import MenuButtons
    from scenes.table import TableScene

    found: list[tuple[pygame.Rect | tuple[int, int], float]] = []
    labels = {**LABEL_WEIGHTS, **SCENE_LABEL_WEIGHTS.get(scene_kind(scene), {}), **(prefer or {})}
    if isinstance(scene, TableScene) and banner_waits(scene):
        width, height = scene.view_size()  # a round's end waits for a click: a person clicks it on
        found.append(((width // 2, height // 2), TARGETS_WEIGHT))
    elif isinstance(scene, TableScene):
        points = scene.click_points()
        found += [((round(x), round(y)), TARGETS_WEIGHT / len(points)) for (x, y), _ in points]
        found += [(pygame.Rect(b.rect), TABLE_BUTTON_WEIGHTS.get(b.key, 1.0))
                  for b in scene.all_buttons() if b.enabled]
    buttons = getattr(scene, "menu_buttons", None)
    if isinstance(buttons, MenuButtons):
        found += [(pygame.Rect(b.rect), labels.get(b.label, 1.0))
                  for b in buttons.buttons if b.enabled]
    plays = getattr(scene, "play_buttons", None) or {}
    unseen_buttons = [button for game_id, button in plays.items() if game_id in (unseen or ())]
    if scene is not None and scene.has_ui:
        from pygame_gui.elements import UIButton, UITextEntryLine

        for element in scene.ui.get_sprite_group().sprites():
            if not element.visible or not getattr(element, "is_enabled", True):
                continue
            if isinstance(element, UIButton):
                steer = UNSEEN_GAME_WEIGHT if element in unseen_buttons else 1.0
                found.append((pygame.Rect(element.rect), labels.get(element.text, 1.0) * steer))
            elif isinstance(element, UITextEntryLine):
                found.append((pygame.Rect(element.rect), 0.6))
    return found


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tools.monkey", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=cli.seed, default=1)
    parser.add_argument("--frames", type=cli.count(1), default=10_000)
    parser.add_argument("--size", type=cli.window_size, default=(1280, 720),
                        help="the window's size at each start, WIDTHxHEIGHT (default 1280x720)")
    parser.add_argument("--json", action="store_true", help="end with one JSON object on the last line")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    home = Path(tempfile.mkdtemp(prefix="kartentisch-monkey-"))
    os.environ["KARTENTISCH_CONFIG_DIR"] = str(home / "config")
    os.environ["KARTENTISCH_DATA_DIR"] = str(home / "data")
    logging.getLogger().setLevel(logging.WARNING)
    print(f"monkey: seed {args.seed}, {args.frames} frames, settings and saves in {home}", flush=True)
    report = Monkey(args.seed, args.size, say=lambda line: print(line, flush=True)).run(args.frames)
    print(report.text())
    if args.json:
        print(json.dumps(report.as_json()))
    return 1 if report.faults else 0


if __name__ == "__main__":
    sys.exit(main())
