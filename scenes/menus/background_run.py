"""Work a screen starts and never waits for, in a thread of its own (a finished game's analysis, a
balance-lab study).

The screen's frame loop reads `outcome` (RUNNING until the work ends DONE, CANCELLED or FAILED) and
whatever the work sets beside it (its progress, its result, `problem`), each a single reference replaced
whole, so a frame never takes a lock. `stop` sets `cancel`, which the work looks at as often as it can;
a subclass does the work in `_work`, in the thread `start` starts. The thread is a daemon: a closed app
does not wait for it.
"""

from __future__ import annotations

import threading
from typing import Self

RUNNING, DONE, CANCELLED, FAILED = "running", "done", "cancelled", "failed"


class BackgroundRun:
    """One piece of work in a thread of its own: see the module's docstring. `name` names the thread."""

    def __init__(self, name: str) -> None:
        self.cancel = threading.Event()
        self.outcome = RUNNING
        self.problem = ""
        self.thread = threading.Thread(target=self._work, name=name, daemon=True)

    def start(self) -> Self:
        self.thread.start()
        return self

    @property
    def running(self) -> bool:
        return self.outcome == RUNNING

    def stop(self) -> None:
        """Ask the work to stop; it says CANCELLED once it has."""
        self.cancel.set()

    def join(self, timeout: float | None = None) -> bool:
        """Wait up to `timeout` seconds for the work to end, and say whether it has (the tests wait; a
        screen never does)."""
        if threading.current_thread() is not self.thread:
            self.thread.join(timeout)
        return not self.thread.is_alive()

    def _work(self) -> None:
        raise NotImplementedError


__all__ = ["CANCELLED", "DONE", "FAILED", "RUNNING", "BackgroundRun"]
