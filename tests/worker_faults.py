"""Faulty stand-ins for the worker's `decide`, run in the worker process (spawned: it imports this module
by name, so these live at module level). Each fails the way a real worker can: raising, dying, hanging,
answering nonsense. `first_time_*` and `first_two_times_*` fail only the first questions of a test
(marker files named after KARTENTISCH_FAULT_MARKER count them) and answer later ones as the real worker."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from game.ai.worker import decide

MARKER = "KARTENTISCH_FAULT_MARKER"


def raising(game_id: str, bot_name: str, state_data: dict[str, Any], seat: int, rng_state: int) -> str:
    raise RuntimeError("the search broke")


def dying(game_id: str, bot_name: str, state_data: dict[str, Any], seat: int, rng_state: int) -> str:
    os._exit(3)  # a crash: the process ends without a word


def hanging(game_id: str, bot_name: str, state_data: dict[str, Any], seat: int, rng_state: int) -> str:
    time.sleep(3600)
    return "never"


def nonsense(game_id: str, bot_name: str, state_data: dict[str, Any], seat: int, rng_state: int) -> str:
    return "fly to the moon"


def _first_times(count: int = 1) -> bool:
    """True for the first `count` questions of a test, each marked by a file: those fail, later ones
    are answered."""
    for n in range(count):
        marker = Path(os.environ[MARKER] + (f".{n}" if n else ""))
        try:
            marker.touch(exist_ok=False)
        except FileExistsError:
            continue
        return True
    return False


def first_time_hanging(game_id: str, bot_name: str, state_data: dict[str, Any], seat: int,
                       rng_state: int) -> str:
    """Thinks "forever" on the first question (long enough to be killed mid-decision), then answers."""
    if _first_times():
        time.sleep(3600)
    return decide(game_id, bot_name, state_data, seat, rng_state)


def first_time_raising(game_id: str, bot_name: str, state_data: dict[str, Any], seat: int,
                       rng_state: int) -> str:
    if _first_times():
        raise RuntimeError("the search broke once")
    return decide(game_id, bot_name, state_data, seat, rng_state)


def first_two_times_raising(game_id: str, bot_name: str, state_data: dict[str, Any], seat: int,
                            rng_state: int) -> str:
    """Fails a whole decision (both tries), then answers."""
    if _first_times(2):
        raise RuntimeError("the search broke twice")
    return decide(game_id, bot_name, state_data, seat, rng_state)
