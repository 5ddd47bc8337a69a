"""Bot decisions in a separate process, so a search never competes with the render loop for the GIL.

The worker gets what an in-process bot would get: the game, the bot's name, the seat and its RNG,
and the position as `to_dict()` data from which it builds the same Decision (the bot itself still
sees only the observation, the legal actions and determinized samples). It answers with the action's
text, which the match applies as if the bot had decided in-process.
"""

from __future__ import annotations

import atexit
import multiprocessing
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from ..core import Rng
from .base import Decision


def decide(game_id: str, bot_name: str, state_data: dict[str, Any], seat: int, rng_state: int) -> str:
    """Runs in the worker process."""
    from .. import load
    from . import make_bot

    game = load(game_id)
    state = game.state_from_dict(state_data)
    bot = make_bot(game_id, bot_name)
    return str(bot.choose(Decision.of(state, seat), Rng.from_state(rng_state)))


class BotWorker:
    """One worker process, started on first use (spawned, so it shares no SDL or thread state)."""

    _shared: BotWorker | None = None

    def __init__(self) -> None:
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

    def warm(self) -> None:
        """Start the worker process now, from a background thread: spawning it costs the caller a frame."""
        if self._pool is None:
            threading.Thread(target=lambda: self._ready_pool().submit(int).result(), name="bot-worker-start",
                             daemon=True).start()

    def submit(self, game_id: str, bot_name: str, state_data: dict[str, Any], seat: int,
               rng: Rng) -> Future[str]:
        return self._ready_pool().submit(decide, game_id, bot_name, state_data, seat, rng.state)

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
