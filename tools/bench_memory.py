"""The memory benchmark: the real app driven by the UI monkey (tools/monkey.py) for many frames, and how
much memory the process holds as it goes.

    python -m tools.bench memory [--frames N] [--size WxH] [--seed S] [--every K] [--surfaces] [--json]

It runs the monkey in this process (a fresh one: `python -m tools.bench memory` is nothing but the app
and the monkey) and reads the resident set size at frame 2,000, at the end, and its peak over the run
(Linux: VmRSS and VmHWM of /proc/self/status; elsewhere `resource.getrusage`'s ru_maxrss, which is the
peak only, stands in for both). A line every K frames (default 1000) tells the RSS so far; with
`--surfaces` it also counts the pygame surfaces alive and their megabytes, and what each cache of
scenes/cache.py holds (a slow walk of every object: for finding where the memory goes, not for the
figures). The target (docs/design.md): a peak of at most
300 MB over 20,000 frames at 1280x720, and at most 10% more at the end than at frame 2,000.

With --json the last line is one object: {"frames", "rss_mb_2000", "rss_mb_end", "peak_mb"}
(`rss_mb_2000` is null for a run shorter than 2,000 frames).
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from tools import cli

#: the frame whose RSS is the baseline of "flat": the app has seen every kind of scene by then
BASELINE_FRAME = 2000
TARGET_PEAK_MB = 300.0
TARGET_GROWTH = 1.10
_STATUS = Path("/proc/self/status")


def _status_mb(field: str) -> float | None:
    """A field of /proc/self/status (in kB there) in MB, or None where there is no such file."""
    try:
        text = _STATUS.read_text(encoding="ascii")
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024.0
    return None


def _maxrss_mb() -> float:
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024.0 * 1024.0) if sys.platform == "darwin" else peak / 1024.0  # bytes on macOS, else kB


def rss_mb() -> float:
    """The resident set size now (the peak where the platform tells only that)."""
    now = _status_mb("VmRSS")
    return now if now is not None else _maxrss_mb()


def peak_mb() -> float:
    """The largest resident set size of this process so far."""
    peak = _status_mb("VmHWM")
    return peak if peak is not None else _maxrss_mb()


def live_surfaces() -> tuple[int, float]:
    """How many pygame surfaces are alive, and their pixels' megabytes (each counted once, subsurfaces
    not at all: they share their parent's pixels). Surfaces are not tracked by the collector, so they
    are found as what its tracked objects refer to, and in the caches (whose entries it may not track)."""
    import pygame

    from scenes.cache import caches

    seen: dict[int, pygame.Surface] = {}
    for holder in gc.get_objects():
        for thing in gc.get_referents(holder):
            if isinstance(thing, pygame.Surface):
                seen[id(thing)] = thing
    for cache in caches():
        seen.update((id(value), value) for value in cache.values() if isinstance(value, pygame.Surface))
    total = sum(s.get_pitch() * s.get_height() for s in seen.values() if s.get_parent() is None)
    return len(seen), total / 1e6


def cache_lines() -> list[str]:
    """What each cache of scenes/cache.py holds now (summed by name), the heaviest first."""
    from scenes.cache import cached_bytes

    return [f"    {name}: {size / 1e6:.1f} MB in {entries} entries"
            for name, (size, entries) in cached_bytes().items() if entries]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tools.bench memory", description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=cli.count(1), default=20_000)
    parser.add_argument("--size", type=cli.window_size, default=(1280, 720),
                        help="the window's size, WIDTHxHEIGHT (default 1280x720)")
    parser.add_argument("--seed", type=cli.seed, default=9)
    parser.add_argument("--every", type=cli.count(1), default=1000, help="frames between two lines of RSS")
    parser.add_argument("--surfaces", action="store_true",
                        help="also count the live surfaces on each line, and what each cache holds (slow)")
    parser.add_argument("--json", action="store_true", help="end with one JSON object on the last line")
    return parser.parse_args(argv)


def measure(frames: int, size: tuple[int, int], seed: int, every: int = 1000, surfaces: bool = False,
            say: Any = print) -> dict[str, Any]:
    """Run the monkey for `frames` frames and return the figures (see the module's docstring)."""
    from tools.monkey import Monkey

    found: dict[str, Any] = {"rss_mb_2000": None, "rss_mb_end": None}

    class Measured(Monkey):
        def step(self) -> None:
            super().step()
            if self.frame == BASELINE_FRAME:
                found["rss_mb_2000"] = round(rss_mb(), 1)
            if self.frame == frames:  # the app as it is after its last frame (the monkey then closes it)
                found["rss_mb_end"] = round(rss_mb(), 1)
            if self.frame % every == 0 or self.frame == frames:
                line = f"frame {self.frame}: rss {rss_mb():.1f} MB, peak {peak_mb():.1f} MB"
                if surfaces:
                    count, mb = live_surfaces()
                    line = "\n".join([f"{line}, {count} surfaces alive ({mb:.1f} MB)", *cache_lines()])
                say(line)

    report = Measured(seed, size).run(frames)
    result = {"frames": report.frames, "rss_mb_2000": found["rss_mb_2000"], "rss_mb_end": found["rss_mb_end"],
              "peak_mb": round(peak_mb(), 1)}
    result["exceptions"] = len(report.faults)
    return result


def run(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    home = Path(tempfile.mkdtemp(prefix="kartentisch-bench-memory-"))
    os.environ["KARTENTISCH_CONFIG_DIR"] = str(home / "config")  # never the player's own settings and saves
    os.environ["KARTENTISCH_DATA_DIR"] = str(home / "data")
    logging.getLogger().setLevel(logging.WARNING)
    print(f"memory: seed {args.seed}, {args.frames} frames at {args.size[0]}x{args.size[1]}, "
          f"settings and saves in {home}", flush=True)
    result = measure(args.frames, args.size, args.seed, args.every, args.surfaces,
                     say=lambda line: print(line, flush=True))
    exceptions = result.pop("exceptions")
    at_2000 = result["rss_mb_2000"]
    growth = f"{result['rss_mb_end'] / at_2000:.2f} x" if at_2000 else "-"
    print(f"{result['frames']} frames: peak {result['peak_mb']} MB (target <= {TARGET_PEAK_MB:g}), "
          f"RSS at frame {BASELINE_FRAME} {at_2000 if at_2000 is not None else '-'} MB, at the end "
          f"{result['rss_mb_end']} MB ({growth}; target <= {TARGET_GROWTH:.2f} x); "
          f"{exceptions} exceptions in the monkey's run")
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(run())
