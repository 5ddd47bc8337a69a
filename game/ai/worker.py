"""Bot decisions in a separate process, so a search never competes with the render loop for the GIL.

The worker gets what an in-process bot would get: the game, the bot's name, the seat and its RNG,
and the position as `to_dict()` data from which it builds the same Decision (the bot itself still
sees only the observation, the legal actions and determinized samples). It answers with the action's
text, which the match applies as if the bot had decided in-process.

A worker can fail: its process killed or crashed, the bot raising, or no answer at all. The match
notices (an error in the answer, or none within `timeout_s`), calls `restart` for a fresh process and
asks again (see Match._step_worker).
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from game.ai import HARD_TIME_MS
from game.ai.base import Decision
from game.core import Rng

log = logging.getLogger(__name__)

#: How long the match waits for an answer before it takes the worker for dead: several times the
#: hard level's budget, so a slow machine or a fresh process's start-up is not mistaken for a hang.
ANSWER_TIMEOUT_S = 5 * HARD_TIME_MS / 1000.0

#: What runs in the worker process: (game id, bot name, state data, seat, RNG state) -> action text.
Decide = Callable[[str, str, dict[str, Any], int, int], str]


def decide(game_id: str, bot_name: str, state_data: dict[str, Any], seat: int, rng_state: int) -> str:
    """Runs in the worker process."""
    from game import load
    from game.ai import make_bot

    game = load(game_id)
    state = game.state_from_dict(state_data)
    bot = make_bot(game_id, bot_name)
    return str(bot.choose(Decision.of(state, seat), Rng.from_state(rng_state)))


def hint_answer(game_id: str, level: str, state_data: dict[str, Any], seat: int,
                rng_state: int) -> dict[str, Any]:
    """Runs in the worker process: the hint for `seat` (game.ai.hint), as data (Hint.to_dict)."""
    from game import load
    from game.ai.hint import hint

    state = load(game_id).state_from_dict(state_data)
    return hint(Decision.of(state, seat), Rng.from_state(rng_state), level).to_dict()


class BotWorker:
    """One worker process, started on first use (spawned, so it shares no SDL or thread state).

    `timeout_s`: how long an answer may take before the match gives up on it. `decide`: the function the
    process runs (a module-level function, so the spawned process can import it; tests pass faulty ones).
    """

    _shared: BotWorker | None = None

    def __init__(self, *, timeout_s: float = ANSWER_TIMEOUT_S, decide: Decide = decide) -> None:
        self.timeout_s = timeout_s
        self.restarts = 0
        self._decide = decide
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    @classmethod
    def shared(cls) -> BotWorker:
        """The app's worker: one per process, shut down at exit."""
        if cls._shared is None:
            cls._shared = cls()
            atexit.register(cls._shared.close)
        return cls._shared

    def _ready_pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(max_workers=1,
                                                 mp_context=multiprocessing.get_context("spawn"))
            return self._pool

    @property
    def started(self) -> bool:
        return self._pool is not None

    @property
    def pid(self) -> int | None:
        """The worker process's id, once it runs."""
        pool = self._pool
        return next(iter(_processes(pool)), None) if pool is not None else None

    def warm(self) -> None:
        """Start the worker process now, from a background thread: spawning it costs the caller a frame."""
        if self._pool is None:
            threading.Thread(target=self._start, name="bot-worker-start", daemon=True).start()

    def _start(self) -> None:
        try:
            self._ready_pool().submit(int).result()
        except Exception as exc:  # the first question meets the same fault, and the match handles it there
            log.warning("the AI worker process did not start: %r", exc)

    def submit(self, game_id: str, bot_name: str, state_data: dict[str, Any], seat: int,
               rng: Rng) -> Future[str]:
        """The answer to come; a worker that cannot take the question gives a future holding the error."""
        try:
            return self._ready_pool().submit(self._decide, game_id, bot_name, state_data, seat, rng.state)
        except Exception as exc:  # a broken pool, a process that cannot start: handled as any fault
            failed: Future[str] = Future()
            failed.set_exception(exc)
            return failed

    def submit_hint(self, game_id: str, level: str, state_data: dict[str, Any], seat: int,
                    rng: Rng) -> Future[dict[str, Any]]:
        """A hint to come (see `hint_answer`); a worker that cannot take the question gives the error."""
        try:
            return self._ready_pool().submit(hint_answer, game_id, level, state_data, seat, rng.state)
        except Exception as exc:  # as in submit: the caller handles it as any fault
            failed: Future[dict[str, Any]] = Future()
            failed.set_exception(exc)
            return failed

    def restart(self) -> None:
        """End the process whatever it is doing (a hung search never ends by itself); the next question
        starts a fresh one."""
        with self._lock:
            pool, self._pool = self._pool, None
            self.restarts += 1
        if pool is not None:
            log.warning("restarting the AI worker process")
            _stop(pool)

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            _stop(pool)


def _processes(pool: ProcessPoolExecutor) -> dict[int, multiprocessing.process.BaseProcess]:
    """The pool's processes by pid. The executor does not offer them before Python 3.14
    (`terminate_workers`), and only killing the process stops a decision that never ends."""
    return dict(getattr(pool, "_processes", None) or {})


def _stop(pool: ProcessPoolExecutor) -> None:
    for process in _processes(pool).values():
        if process.is_alive():
            process.kill()
    pool.shutdown(wait=False, cancel_futures=True)
