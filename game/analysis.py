"""After the game: who was winning, the moments that decided it, and each person's costliest choices.

`analyse(record, level)` replays a finished game and estimates, before every decision and after the last
one, each seat's chance to win. The game is over, so every card is shown and the estimate may start from
the true position: it plays the rest of the game out `PLAYOUTS` times and averages each seat's result.

The estimate of a position
    Each playout plays the position on with the game's own playout policy, the one its searches use
    (`SEARCH.rollout`, the heuristic), slipping into a random legal move at `SLIP` of its decisions, and
    with the position's future randomness (the next round's deal) drawn anew. The heuristic alone is
    nearly deterministic, so from a fully known position every playout would end alike and the chances
    would jump between 0 and 1; the slips stand for the mistakes real players make, and the redrawn
    future for what nobody at the table could know yet. What the state holds already (the order of a
    pile dealt) stays as it is: the game is over, so nothing in it is secret now.
    A playout ends as the game's search ends one (`game.ai.plan.playout` with the game's plan): at the
    end of the game, or where the plan cuts it short, with the plan's guess of each seat's chance there
    (Palastgeflüster after 24 moves, Gloria Picktoria after the turn). A plan that scores results on a
    scale of its own (Palace's places) is played to the end instead, and counted as the analysis counts.
    A finished game counts a win as 1 and a shared win as each winner's share; in Palace every seat but
    the loser wins (PA-R12), so its chance is the chance of not being the loser and a position's chances
    sum to the seats less one, elsewhere to 1.
    `PLAYOUTS` (16): a hard-level analysis of a game of typical length should take at most 30 s on two
    cores (`python -m tools.bench analyse`), and Palastgeflüster and Gloria Picktoria have about 220
    decisions, each with a 16-playout estimate, besides the hard level's own search at every decision of a
    person. 16 playouts give one position's chance within about ±0.12 (one standard error of a 50% chance);
    but every estimate plays its k-th playout with the same random streams (common random numbers), so the
    estimates of neighbouring positions differ by what the move changed, not by luck, and the chart and the
    swings between decisions are much steadier than one estimate alone.

A person's costly choices
    At every decision of a seat a person played (`kind` "human") with more than one legal move, the
    level's bot chooses from that seat's own observation (never the state), with the random stream a bot
    of that seat gets there (`bot_rng`: `python -m tools.hint --at MOVE` asks the same question). Where it
    differs from the recorded move, the chance after each of the two moves is estimated with the same
    streams, and the cost is the seat's chance after the level's move less its chance after the person's.
    A cost is costly when it is at least `MIN_COST` (5 points of chance) and `NOISE_Z` (2) standard errors
    of the playouts' paired differences: below that the estimate cannot tell the two moves apart.

Key moments
    The `KEY_MOMENTS` (3) moves that moved some seat's chance the most from one estimate to the next, with
    that seat and the signed swing.

The work can report progress (`progress(done, total)` after each decision, or each share of decisions
when processes share it) and be stopped (`cancel()`, or an Event's `is_set`): it then raises `Cancelled`
and leaves nothing behind. The decisions can be shared out to processes (`jobs`), at a lower priority
(`niceness`): the app's results screen does so with `background_jobs()`, one a core. An `Analysis` is a frozen
value with `to_dict` / `from_dict` (format 1; a damaged dict is refused with `AnalysisError`);
`save_analysis` writes one atomically, so an interrupted save never leaves half a file.
"""

from __future__ import annotations

import contextlib
import json
import math
import multiprocessing
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game import load
from game.ai import make_bot, search_plan
from game.ai.base import Bot, Decision, ErringBot, RandomBot
from game.ai.plan import SearchPlan, outcome, playout
from game.core import KartentischError, Rng, State, bot_rng
from game.core.records import Record, replay, write_atomic

FORMAT = 1
#: Playouts per estimate (see the module's docstring for why 16).
PLAYOUTS = 16
#: How often a playout's policy plays a random legal move instead of its own (a player's slip).
SLIP = 0.1
#: A cost below this (a share of win chance) is not called costly, however sure the estimate is.
MIN_COST = 0.05
#: ... nor one within this many standard errors of the paired playouts' difference.
NOISE_Z = 2.0
KEY_MOMENTS = 3
#: How many costly choices per person a summary shows (all are kept in the data).
SUMMARY_CHOICES = 3
#: A chance within this of the seat's result counts as settled: no choice could change it measurably.
SETTLED = 0.02
#: Decisions a process of `jobs` takes at a time: small enough for an even share and a steady progress bar
#: (each share replays the game to its first decision, which costs little beside one decision's search).
SPAN = 6
DEFAULT_LEVEL = "hard"
#: The most processes an analysis run for the app takes (`background_jobs`).
MOST_JOBS = 4
HUMAN = "human"


class AnalysisError(KartentischError, ValueError):
    """A record that cannot be analysed (a game not over) or a stored analysis that is damaged."""


class Cancelled(Exception):
    """The analysis was stopped before its end; nothing of it is kept."""


class _Event(Protocol):
    def is_set(self) -> bool: ...


Cancel = Callable[[], bool] | _Event
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class KeyMoment:
    """The move (the number of actions before it) whose action moved `seat`'s chance by `swing`."""

    move: int
    seat: int
    swing: float


@dataclass(frozen=True)
class CostlyChoice:
    """At `move`, `seat` played `chosen` where the level would have played `better`: `cost` less chance
    to win, `noise` the standard error of that figure (action texts as the record holds them)."""

    move: int
    seat: int
    chosen: str
    better: str
    cost: float
    noise: float


@dataclass(frozen=True)
class Analysis:
    """A finished game's analysis. `chances[n]` is each seat's chance after n actions (moves + 1 rows:
    the start, then after every move; the last row is the result). `costly` holds every costly choice
    of every person, in the order of the game; `costliest(seat)` the worst first."""

    game: str
    record: str  # the record's header hash: which game this is the analysis of
    level: str
    playouts: int
    players: int
    humans: tuple[int, ...]
    chances: tuple[tuple[float, ...], ...]
    key_moments: tuple[KeyMoment, ...]
    costly: tuple[CostlyChoice, ...]

    @property
    def moves(self) -> int:
        return len(self.chances) - 1

    def costliest(self, seat: int, count: int = SUMMARY_CHOICES) -> list[CostlyChoice]:
        """The seat's `count` costliest choices, the costliest first (earlier first on equal cost)."""
        return sorted((c for c in self.costly if c.seat == seat), key=lambda c: (-c.cost, c.move))[:count]

    def settled_from(self, seat: int) -> int | None:
        """The first move from which `seat`'s chance stays within SETTLED of its result to the end, when
        that is before the last move: from there on, no choice could change its chance measurably (a game
        decided early has no costly choices after that). None when it settles only with the last move."""
        column = [row[seat] for row in self.chances]
        start = len(column) - 1
        while start > 0 and abs(column[start - 1] - column[-1]) <= SETTLED + 1e-9:  # chances have 4 places
            start -= 1
        return start if start < len(column) - 1 else None

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "record": self.record, "level": self.level,
                "playouts": self.playouts, "players": self.players, "humans": list(self.humans),
                "chances": [list(row) for row in self.chances],
                "key_moments": [{"move": k.move, "seat": k.seat, "swing": k.swing} for k in self.key_moments],
                "costly": [{"move": c.move, "seat": c.seat, "chosen": c.chosen, "better": c.better,
                            "cost": c.cost, "noise": c.noise} for c in self.costly]}

    @classmethod
    def from_dict(cls, data: Any) -> Analysis:
        """An analysis from `to_dict`'s data, every field checked: AnalysisError names the first fault."""
        return _checked(data)

    def summary(self) -> dict[str, Any]:
        """The one-line JSON of `python -m tools.analyse --json`: the chances, the key moments and each
        person's costliest choices."""
        return {"game": self.game, "moves": self.moves, "chances": [list(row) for row in self.chances],
                "key_moments": [{"move": k.move, "seat": k.seat, "swing": k.swing} for k in self.key_moments],
                "costly": {str(seat): [{"move": c.move, "chosen": c.chosen, "better": c.better,
                                        "cost": c.cost} for c in self.costliest(seat)]
                           for seat in self.humans}}


def background_jobs() -> int:
    """The processes an analysis run beside the app's frames takes: one a core, at least two (one
    process would be no faster than the app's own), at most `MOST_JOBS`. They work at a lower
    priority, so the frames come first all the same."""
    return max(2, min(MOST_JOBS, os.cpu_count() or 1))


# -- the estimate ----------------------------------------------------------------------------------
def not_losing(state: State) -> bool:
    """Whether winning the game means not being the loser: a game that keeps a finishing order, where
    every seat but the last wins (Palace, PA-R12; as `game.core.standings.places` reads it)."""
    return getattr(state, "finishing_order", None) is not None


def result_of(state: State) -> list[float]:
    """Each seat's result of a finished game: a win 1, a shared win each winner's share; where every seat
    but the loser wins, 1 for each of them."""
    if not_losing(state):
        winners = set(state.winners())
        return [1.0 if seat in winners else 0.0 for seat in range(state.num_players)]
    return outcome(state)


def _undecided(state: State) -> list[float]:
    """A playout that never ended (a cycle past the playout limit): every seat the same chance."""
    share = (state.num_players - 1 if not_losing(state) else 1) / state.num_players
    return [share] * state.num_players


def estimate_plan(game_id: str) -> SearchPlan:
    """How the analysis plays a position out: the game's search plan, with the analysis's own count of
    a finished game. A plan that guesses on a scale of its own (`result` set: Palace's places) plays to
    the end instead, since its guesses are no chances."""
    plan = search_plan(game_id) or SearchPlan()
    if plan.result is not None:
        return SearchPlan(rollout=plan.rollout, evaluate=_undecided, result=result_of)
    return SearchPlan(rollout=plan.rollout, cutoff=plan.cutoff, turns=plan.turns,
                      evaluate=plan.evaluate or _undecided, result=result_of)


@dataclass(frozen=True)
class Estimator:
    """Estimates positions of one game, every one with the same random streams (common random numbers)."""

    plan: SearchPlan
    policy: Bot
    streams: tuple[tuple[int, int], ...]  # per playout: the state's future randomness, the policy's

    @classmethod
    def of(cls, game_id: str, seed: int, playouts: int = PLAYOUTS) -> Estimator:
        plan = estimate_plan(game_id)
        policy = ErringBot(plan.rollout() if plan.rollout is not None else RandomBot(), SLIP)
        source = Rng(seed)
        return cls(plan, policy, tuple((source.next64(), source.next64()) for _ in range(playouts)))

    def playouts(self, state: State) -> list[list[float]]:
        """Each playout's result per seat, from `state` (not changed)."""
        if state.is_terminal():
            return [result_of(state)] * len(self.streams)
        results = []
        for world, choices in self.streams:
            trial = state.clone()
            trial.rng = Rng.from_state(world)
            results.append(playout(trial, self.plan, self.policy, Rng.from_state(choices)))
        return results


def chances_of(results: Sequence[Sequence[float]]) -> tuple[float, ...]:
    """Each seat's mean result over the playouts, rounded to 4 places."""
    return tuple(round(sum(column) / len(results), 4) for column in zip(*results, strict=True))


def paired_cost(better: Sequence[Sequence[float]], chosen: Sequence[Sequence[float]],
                seat: int) -> tuple[float, float]:
    """The mean of `seat`'s result after the better move less after the chosen one, playout by playout,
    and its standard error (0 with fewer than two playouts)."""
    diffs = [b[seat] - c[seat] for b, c in zip(better, chosen, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    return mean, math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)


def is_costly(cost: float, noise: float) -> bool:
    return cost >= MIN_COST and cost >= NOISE_Z * noise


def key_moments(chances: Sequence[Sequence[float]], count: int = KEY_MOMENTS) -> tuple[KeyMoment, ...]:
    """The `count` moves that moved some seat's chance the most (each with that seat and its signed
    swing), the largest first; of equal swings the earlier move."""
    swings = []
    for move in range(len(chances) - 1):
        deltas = [after - before for before, after in zip(chances[move], chances[move + 1], strict=True)]
        seat = max(range(len(deltas)), key=lambda s: (abs(deltas[s]), -s))
        swings.append(KeyMoment(move, seat, round(deltas[seat], 4)))
    swings.sort(key=lambda k: (-abs(k.swing), k.move))
    return tuple(k for k in swings[:count] if k.swing != 0)


# -- the work, decision by decision ----------------------------------------------------------------
@dataclass(frozen=True)
class _Step:
    move: int
    chances: tuple[float, ...]
    costly: CostlyChoice | None


def _steps(record: Record, level: str, playouts: int, start: int, stop: int) -> Iterator[_Step]:
    """The decisions `start` to `stop` (exclusive) of a record that replays (checked before)."""
    game = load(record.game)
    state = game.new_state(record.players, record.seed, record.options)
    for _, text in record.actions[:start]:
        state.apply(game.parse_action(state, text))
    estimator = Estimator.of(record.game, record.seed, playouts)
    bot = make_bot(record.game, level)
    humans = {i for i, seat in enumerate(record.seats) if seat.get("kind") == HUMAN}
    known: dict[int, list[list[float]]] = {}  # the estimate after a move, kept for the next decision
    for move in range(start, stop):
        seat, text = record.actions[move]
        here = known.pop(move, None) or estimator.playouts(state)
        action = game.parse_action(state, text)
        legal = state.legal_actions()
        costly = None
        if seat in humans and len(legal) > 1:
            better = bot.choose(Decision.of(state, seat), bot_rng(record.seed, seat, move))
            if str(better) != str(action):
                after_better = state.clone()
                after_better.apply(better)
                after_chosen = state.clone()
                after_chosen.apply(action)
                chosen_results = known[move + 1] = estimator.playouts(after_chosen)
                cost, noise = paired_cost(estimator.playouts(after_better), chosen_results, seat)
                if is_costly(cost, noise):
                    costly = CostlyChoice(move, seat, str(action), str(better), round(cost, 4),
                                          round(noise, 4))
        state.apply(action)
        yield _Step(move, chances_of(here), costly)


def _span(task: tuple[Record, str, int, int, int]) -> list[_Step]:
    """One worker process's share of the work (`jobs` > 1): the decisions `start` to `stop`."""
    record, level, playouts, start, stop = task
    return list(_steps(record, level, playouts, start, stop))


def _lower_priority(niceness: int) -> None:
    """A worker process's start: its priority `niceness` steps below its parent's (where the system has
    priorities), so that the app's frames come first."""
    if niceness > 0:
        with contextlib.suppress(OSError, AttributeError):
            os.nice(niceness)


def _stopped(cancel: Cancel | None) -> bool:
    if cancel is None:
        return False
    is_set = getattr(cancel, "is_set", None)
    return bool(is_set() if is_set is not None else cancel())  # type: ignore[operator]


def analyse(record: Record, level: str = DEFAULT_LEVEL, progress: Progress | None = None,
            cancel: Cancel | None = None, *, playouts: int = PLAYOUTS, jobs: int = 1, niceness: int = 0,
            path: str | None = None) -> Analysis:
    """The analysis of a finished game's record. A record that does not replay raises RecordError (as
    replay says it, naming `path`); a game not over, AnalysisError; an unknown level, UnknownGame.
    `progress(done, total)` follows every decision; `cancel` (a callable, or an Event) stops the work
    between two decisions with `Cancelled`. `jobs` > 1 spreads the decisions over that many spawned
    processes, `SPAN` at a time, each `niceness` steps lower in priority; this process then only waits
    for them (a caller's thread may run it beside a frame loop), progress follows every span done, and a
    cancel ends the processes at once. The result depends only on the record, the level and `playouts`,
    not on `jobs`."""
    final = replay(record, verify=True, path=path)
    if not final.is_terminal():
        raise AnalysisError("the game is not over: an analysis sees every card, so it waits for the end")
    make_bot(record.game, level)  # an unknown level is refused before any work
    if playouts < 1:
        raise ValueError("an estimate needs at least one playout")
    total = len(record.actions)
    steps: dict[int, _Step] = {}
    if jobs <= 1:
        for step in _steps(record, level, playouts, 0, total):
            steps[step.move] = step
            if progress is not None:
                progress(len(steps), total)
            if len(steps) < total and _stopped(cancel):
                raise Cancelled
    else:
        _in_processes(record, level, playouts, jobs, niceness, steps, progress, cancel)
    chances = tuple(steps[move].chances for move in range(total)) + (tuple(result_of(final)),)
    return Analysis(record.game, record.header_hash(), level, playouts, record.players,
                    tuple(i for i, seat in enumerate(record.seats) if seat.get("kind") == HUMAN),
                    chances, key_moments(chances),
                    tuple(s.costly for move, s in sorted(steps.items()) if s.costly is not None))


def _in_processes(record: Record, level: str, playouts: int, jobs: int, niceness: int,
                  steps: dict[int, _Step], progress: Progress | None, cancel: Cancel | None) -> None:
    total = len(record.actions)
    tasks = [(record, level, playouts, start, min(total, start + SPAN)) for start in range(0, total, SPAN)]
    if not tasks:
        return
    # spawn, not fork: the app that starts an analysis has threads (a fork copies their locks as held);
    # a pool, not an executor: a cancel or a fault ends its processes at once (`terminate`), where an
    # executor would wait for the spans under way
    others = set(multiprocessing.active_children())
    pool = multiprocessing.get_context("spawn").Pool(min(jobs, len(tasks)), _lower_priority, (niceness,))
    # its processes: a pool starts another in place of one that died, but the share that one had is
    # lost, so a death is looked for here (a killed process would otherwise leave the work waiting)
    workers = [process for process in multiprocessing.active_children()
               if process not in others and "PoolWorker" in process.name]  # not another thread's process
    try:
        spans = pool.imap_unordered(_span, tasks)
        for _ in tasks:
            while True:
                try:
                    done = spans.next(timeout=0.1)
                    break
                except multiprocessing.TimeoutError:
                    if _stopped(cancel):
                        raise Cancelled from None
                    _check_alive(workers)
            for step in done:
                steps[step.move] = step
            if progress is not None:
                progress(len(steps), total)
        pool.close()
        pool.join()
    finally:
        pool.terminate()


def _check_alive(workers: Sequence[multiprocessing.process.BaseProcess]) -> None:
    died = [process.exitcode for process in workers if process.exitcode not in (None, 0)]
    if died:
        raise AnalysisError(f"an analysing process ended unexpectedly (exit code {died[0]})")


# -- keeping an analysis ---------------------------------------------------------------------------
def save_analysis(path: str | os.PathLike[str], analysis: Analysis) -> None:
    """Write the analysis as JSON, atomically: a reader finds the whole of it or the file as it was."""
    write_atomic(Path(path), (json.dumps(analysis.to_dict(), ensure_ascii=False) + "\n").encode("utf-8"))


def load_analysis(path: str | os.PathLike[str]) -> Analysis:
    """A kept analysis, checked (AnalysisError when it cannot be read or is damaged)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise AnalysisError(f"{os.fsdecode(path)}: not a readable analysis ({exc})") from None
    return Analysis.from_dict(data)


def _fault(what: str) -> AnalysisError:
    return AnalysisError(f"a damaged analysis: {what}")


def _whole(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        bound = f"from {low}" + (f" to {high}" if high is not None else "")
        raise _fault(f"{what} is not a whole number {bound}: {value!r:.40}")
    return value


def _number(value: Any, what: str, low: float, high: float) -> float:
    if type(value) not in (int, float) or not low <= value <= high:  # NaN fails the comparison too
        raise _fault(f"{what} is not a number from {low:g} to {high:g}: {value!r:.40}")
    return float(value)


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value or len(value) > 200:
        raise _fault(f"{what} is not a text: {value!r:.40}")
    return value


def _fields(data: Any, keys: set[str], what: str) -> Mapping[str, Any]:
    if not isinstance(data, dict) or set(data) != keys:
        got = sorted(data) if isinstance(data, dict) else type(data).__name__
        raise _fault(f"{what} must hold {sorted(keys)}, not {got!r:.120}")
    return data


_KEYS = {"format", "game", "record", "level", "playouts", "players", "humans", "chances", "key_moments",
         "costly"}


def _checked(data: Any) -> Analysis:
    if isinstance(data, dict) and data.get("format") != FORMAT:
        raise _fault(f"format {data.get('format')!r:.20} is not {FORMAT}")
    fields = _fields(data, _KEYS, "the analysis")
    players = _whole(fields["players"], "players", 1, 64)
    seat_top = players - 1
    humans = fields["humans"]
    if not isinstance(humans, list) or len(set(map(repr, humans))) != len(humans):
        raise _fault("humans is not a list of distinct seats")
    human_seats = tuple(_whole(h, "a human seat", 0, seat_top) for h in humans)
    rows = fields["chances"]
    if not isinstance(rows, list) or not rows:
        raise _fault("chances is not a list of rows")
    ceiling = 1.0 + 1e-6
    chances = []
    for n, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != players:
            raise _fault(f"chances row {n} does not hold one number per seat")
        chances.append(tuple(_number(v, f"chances row {n}", 0.0, ceiling) for v in row))
    moves = len(chances) - 1
    moments = []
    for item in _list(fields["key_moments"], "key_moments"):
        item = _fields(item, {"move", "seat", "swing"}, "a key moment")
        moments.append(KeyMoment(_whole(item["move"], "a key moment's move", 0, moves - 1),
                                 _whole(item["seat"], "a key moment's seat", 0, seat_top),
                                 _number(item["swing"], "a key moment's swing", -ceiling, ceiling)))
    costly = []
    for item in _list(fields["costly"], "costly"):
        item = _fields(item, {"move", "seat", "chosen", "better", "cost", "noise"}, "a costly choice")
        seat = _whole(item["seat"], "a costly choice's seat", 0, seat_top)
        if seat not in human_seats:
            raise _fault(f"a costly choice of seat {seat}, which no person played")
        costly.append(CostlyChoice(_whole(item["move"], "a costly choice's move", 0, moves - 1), seat,
                                   _text(item["chosen"], "a chosen move"),
                                   _text(item["better"], "a better move"),
                                   _number(item["cost"], "a cost", 0.0, ceiling),
                                   _number(item["noise"], "a noise", 0.0, ceiling)))
    return Analysis(_text(fields["game"], "game"), _text(fields["record"], "record"),
                    _text(fields["level"], "level"), _whole(fields["playouts"], "playouts", 1),
                    players, human_seats, tuple(chances), tuple(moments), tuple(costly))


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fault(f"{what} is not a list")
    return value


__all__ = ["Analysis", "AnalysisError", "Cancelled", "CostlyChoice", "Estimator", "KeyMoment", "analyse",
           "background_jobs", "estimate_plan", "key_moments", "load_analysis", "not_losing", "result_of",
           "save_analysis"]
