"""The progress bar of a long study: one line on stderr redrawn with a carriage return, with the games
done, games per second and the time left. Drawn only on a terminal, or when asked (`--progress`)."""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import TextIO

from game.balance.lab import Progress

#: redraws a second at most: a fast study must not spend its time drawing
REDRAWS_PER_S = 8
WIDTH = 24


def clock(seconds: float | None) -> str:
    """`1:05:09`, `4:03`, or `?` while the rate is not known."""
    if seconds is None:
        return "?"
    whole = int(round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def line(progress: Progress) -> str:
    share = progress.done / progress.total if progress.total else 1.0
    filled = int(share * WIDTH)
    return (f"[{'#' * filled}{'.' * (WIDTH - filled)}] {progress.done}/{progress.total} games  "
            f"{progress.games_per_s:.1f} games/s  {clock(progress.seconds_left)} left")


class ProgressBar:
    def __init__(self, stream: TextIO | None, drawn: bool) -> None:
        self.stream = stream or sys.stderr
        self.drawn = drawn
        self.last = 0.0
        self.shown = False

    @classmethod
    def when(cls, asked: bool, stream: TextIO | None = None) -> ProgressBar:
        """A bar drawn if `asked` or the stream (stderr) is a terminal."""
        out = stream or sys.stderr
        return cls(out, asked or out.isatty())

    def update(self, progress: Progress) -> None:
        if not self.drawn:
            return
        now = time.monotonic()
        if progress.done < progress.total and now - self.last < 1 / REDRAWS_PER_S:
            return
        self.last = now
        self.stream.write("\r" + line(progress) + "\x1b[K" if self.stream.isatty() else "\r" + line(progress))
        self.stream.flush()
        self.shown = True

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
