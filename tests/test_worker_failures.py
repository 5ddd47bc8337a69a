"""The AI worker process fails (killed mid-decision, crashing, raising, answering nonsense, hanging):
the match notices, starts a fresh worker and asks again; when that fails too the seat plays that
decision at the normal level, with a notice on the table. Never a stop, never a hang."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import time
from collections.abc import Callable

import pytest
import worker_faults
from test_table_support import click, close_app, make_app

from game.ai.worker import BotWorker, Decide
from game.core import Event
from game.match import Match, Seat

GAME = "palastgefluester"
SEED = 12
SEARCH = "ismcts:20"
#: short, so a hanging worker costs the tests fractions of a second (the app waits several seconds)
SHORT_TIMEOUT_S = 0.3
#: a safety net for the polling loops only: every case here ends long before
GIVE_UP_S = 90.0


def seats(level: str = SEARCH) -> list[Seat]:
    return [Seat.ai("Search", level), Seat.ai("Quick", "random"), Seat.ai("Other", "random")]


def at_first_search(match: Match) -> Match:
    """Let the quick bots (they never use the worker) play until the searching seat 0 must decide."""
    while match.bot_to_act() != 0:
        match.step_bot()
    return match


def answer_of(level: str) -> tuple[int, str]:
    """What seat 0 plays at its first decision when it is a `level` bot thinking in-process."""
    match = at_first_search(Match(GAME, seats(level), SEED))
    match.step_bot()
    return match.actions[-1]


@pytest.fixture
def faults(tmp_path, monkeypatch):
    """Makes workers with a given decide; closes them after the test."""
    monkeypatch.setenv(worker_faults.MARKER, str(tmp_path / "fault-happened"))
    made: list[BotWorker] = []

    def make(decide: Decide, timeout_s: float = SHORT_TIMEOUT_S) -> BotWorker:
        worker = BotWorker(timeout_s=timeout_s, decide=decide)
        made.append(worker)
        return worker

    yield make
    for worker in made:
        worker.close()


def step_until_decided(match: Match, during: Callable[[], None] = lambda: None) -> list[Event]:
    """Step the match as the table does, a short slice a frame, until the searching seat has played."""
    deadline = time.monotonic() + GIVE_UP_S
    while time.monotonic() < deadline:
        events = match.step_bot(budget_ms=1.0)
        if events is not None:
            return events
        during()
        time.sleep(0.005)
    raise AssertionError("the match never decided")


def thinking() -> bool:
    """The worker process is inside `first_time_hanging`'s endless first decision."""
    return os.path.exists(os.environ[worker_faults.MARKER])


def wait_for_thinking() -> None:
    deadline = time.monotonic() + GIVE_UP_S
    while not thinking():
        assert time.monotonic() < deadline, "the worker never started the decision"
        time.sleep(0.01)


def gone(pid: int) -> bool:
    """The process has ended (killed processes are reaped by the pool, or here)."""
    deadline = time.monotonic() + GIVE_UP_S
    while time.monotonic() < deadline:
        if pid not in {p.pid for p in multiprocessing.active_children()}:
            return True
        time.sleep(0.02)
    return False


def test_the_search_and_the_normal_level_answer_differently_at_the_first_decision():
    """The tests below tell who decided by the answer: they need the two to differ here."""
    assert answer_of(SEARCH) != answer_of("normal")


def test_a_worker_killed_mid_decision_is_replaced_and_the_fresh_one_answers(faults):
    worker = faults(worker_faults.first_time_hanging, timeout_s=60.0)  # only the kill can end the wait
    match = at_first_search(Match(GAME, seats(), SEED))
    match.use_worker(worker)
    assert match.step_bot(budget_ms=1.0) is None  # asked: the worker thinks "forever"
    wait_for_thinking()
    killed = worker.pid
    os.kill(killed, signal.SIGKILL)
    step_until_decided(match)
    assert match.actions[-1] == answer_of(SEARCH), "the fresh worker's search decided, as asked again"
    assert worker.restarts == 1
    assert worker.pid not in (None, killed)
    assert match.drain_notices() == [], "a worker that recovers is nothing the player needs to hear of"


def test_a_worker_that_fails_once_is_asked_again_by_a_fresh_process(faults):
    worker = faults(worker_faults.first_time_raising, timeout_s=60.0)
    match = at_first_search(Match(GAME, seats(), SEED))
    match.use_worker(worker)
    step_until_decided(match)
    assert match.actions[-1] == answer_of(SEARCH)
    assert worker.restarts == 1
    assert match.drain_notices() == []


@pytest.mark.parametrize("decide", [worker_faults.raising, worker_faults.dying, worker_faults.hanging,
                                    worker_faults.nonsense], ids=lambda f: f.__name__)
def test_a_worker_failing_twice_lets_the_normal_level_decide_with_a_notice(faults, decide):
    worker = faults(decide)
    match = at_first_search(Match(GAME, seats(), SEED))
    match.use_worker(worker)
    step_until_decided(match)
    assert match.actions[-1] == answer_of("normal"), "the heuristic took this decision"
    assert worker.restarts == 2, "a fresh worker for the second try, and another for the next decision"
    notices = match.drain_notices()
    assert len(notices) == 1 and "Search" in str(notices[0]) and "normal level" in str(notices[0])
    assert not match.bot_thinking()


def test_a_hanging_worker_is_killed_not_left_running(faults):
    worker = faults(worker_faults.hanging)
    match = at_first_search(Match(GAME, seats(), SEED))
    match.use_worker(worker)
    pids: set[int] = set()
    step_until_decided(match, during=lambda: pids.add(worker.pid) if worker.pid else None)
    assert len(pids) == 2, "each try had its own process"
    assert all(gone(pid) for pid in pids)


def test_after_a_stand_in_the_seat_asks_the_worker_again(faults):
    """The normal level stands in for one decision only: the next one goes to the worker again."""
    worker = faults(worker_faults.first_two_times_raising, timeout_s=60.0)
    match = at_first_search(Match(GAME, seats(), SEED))
    match.use_worker(worker)
    step_until_decided(match)
    assert match.actions[-1] == answer_of("normal")
    assert len(match.drain_notices()) == 1
    at_first_search(match)
    step_until_decided(match)
    assert worker.restarts == 2, "the second decision was answered by the worker, without a fault"
    assert match.drain_notices() == []


def test_headless_stepping_waits_no_longer_than_the_timeout_and_goes_on(faults):
    """`step_bot()` without a budget (tools, run_bots) waits for the answer, but not for ever."""
    worker = faults(worker_faults.hanging)
    match = at_first_search(Match(GAME, seats(), SEED))
    match.use_worker(worker)
    assert match.step_bot() is not None
    assert match.actions[-1] == answer_of("normal")
    assert len(match.drain_notices()) == 1


def test_the_game_goes_on_with_a_worker_that_always_fails(faults):
    worker = faults(worker_faults.raising)
    match = Match(GAME, seats(), SEED)
    match.use_worker(worker)
    notices = []
    for _ in range(3):  # three of the searching seat's decisions, each with its own notice
        at_first_search(match)
        before = len(match.actions)
        match.step_bot()
        assert len(match.actions) > before
        notices += match.drain_notices()
    assert len(notices) == 3 and worker.restarts == 6


# -- on the table ---------------------------------------------------------------------------------
@pytest.fixture
def app():
    app = make_app((1280, 720), "off")
    yield app
    close_app(app)


def table_with_worker(app, worker: BotWorker, monkeypatch):
    """A Palastgeflüster table whose AI seat searches in `worker` (the table asks for the shared one)."""
    from scenes.table import open_table

    monkeypatch.setattr(BotWorker, "_shared", worker)
    match = Match(GAME, [Seat("Anna"), Seat.ai("Ben", "hard"), Seat.ai("Cleo", "random")], SEED)
    table = open_table(app, match)
    app.push(table)
    return match, table


def play_until_ben_moved(app, match: Match, table, during: Callable[[], None] = lambda: None) -> None:
    """Frames (Anna clicking what the table offers) until Ben has played once."""
    rng = random.Random(SEED)
    deadline = time.monotonic() + GIVE_UP_S
    while not any(seat == 1 for seat, _ in match.actions):
        assert time.monotonic() < deadline, "the table never got Ben's move"
        if app.stack.top is table and table.settled and table.targets and match.human_to_act() == 0:
            click(app, rng.choice(table.click_points())[0])
        during()
        app.step(1 / 60)
        time.sleep(0.002)


@pytest.mark.parametrize("decide", [worker_faults.raising, worker_faults.dying, worker_faults.hanging],
                         ids=lambda f: f.__name__)
def test_the_table_gets_a_move_when_the_worker_fails_and_shows_the_notice(app, faults, monkeypatch, decide):
    worker = faults(decide)
    match, table = table_with_worker(app, worker, monkeypatch)
    play_until_ben_moved(app, match, table)
    app.step(1 / 60)  # the table takes the match's notices at the start of a frame
    assert worker.restarts == 2
    notes = [line for line in table.log_lines if "normal level" in line]
    assert len(notes) == 1 and "Ben" in notes[0]
    assert table.toast is not None and table.toast[0] == notes[0]
    assert app.stack.top is table, "a note over the table, not a screen that stops play"


def test_the_table_goes_on_after_the_worker_is_killed_mid_decision(app, faults, monkeypatch):
    worker = faults(worker_faults.first_time_hanging, timeout_s=60.0)
    match, table = table_with_worker(app, worker, monkeypatch)
    killed: list[int] = []

    def kill_once_asked() -> None:
        if not killed and thinking():
            killed.append(worker.pid)
            os.kill(worker.pid, signal.SIGKILL)

    play_until_ben_moved(app, match, table, during=kill_once_asked)
    assert killed and worker.restarts == 1 and worker.pid != killed[0]
    assert not [line for line in table.log_lines if "normal level" in line]
