"""Make the table's sounds: `python -m tools.make_sounds [--out assets/sounds]`.

The sounds are synthesised here, once, and shipped as small WAV files: making them at start-up would
hold the interpreter for half a second while the title menu animates.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

from tools import cli
from tools.checkout import default_out

RATE = 22050
PEAK = 0.8  # of full scale: headroom for several sounds at once


def _samples(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def _place() -> list[float]:
    """A card laid on cloth: a soft low thump with a papery tick on top."""
    rng = random.Random(1)
    out = _samples(0.11)
    low = 0.0
    for i in range(len(out)):
        t = i / RATE
        low += 0.22 * (rng.uniform(-1, 1) - low)
        out[i] = (0.7 * low * math.exp(-t / 0.010)
                  + 0.55 * math.sin(2 * math.pi * 140 * t) * math.exp(-t / 0.028))
    return out


def _flip() -> list[float]:
    """A card turned over: a short swish of band-limited noise that swells and dies."""
    rng = random.Random(2)
    out = _samples(0.14)
    slow = fast = 0.0
    for i in range(len(out)):
        t = i / RATE
        x = rng.uniform(-1, 1)
        fast += 0.5 * (x - fast)
        slow += 0.06 * (x - slow)
        swell = min(1.0, t / 0.035) * math.exp(-max(0.0, t - 0.035) / 0.03)
        out[i] = (fast - slow) * swell
    return out


def _shuffle() -> list[float]:
    """A riffle shuffle: a run of paper ticks that speeds up, then a short settle."""
    rng = random.Random(3)
    out = _samples(0.62)
    t = 0.02
    gap = 0.032
    while t < 0.5:
        start = int(t * RATE)
        amp = rng.uniform(0.5, 1.0)
        low = 0.0
        for j in range(int(0.009 * RATE)):
            if start + j >= len(out):
                break
            low += 0.35 * (rng.uniform(-1, 1) - low)
            out[start + j] += amp * low * math.exp(-j / (0.0025 * RATE))
        t += gap * rng.uniform(0.8, 1.2)
        gap = max(0.014, gap * 0.93)
    settle = int(0.5 * RATE)
    low = 0.0
    for j in range(len(out) - settle):
        low += 0.15 * (rng.uniform(-1, 1) - low)
        out[settle + j] += 0.8 * low * math.exp(-j / (0.03 * RATE))
    return out


def _round_end() -> list[float]:
    """A bright rising chime (C, E, G, C): a round is over."""
    out = _samples(1.3)
    for n, freq in enumerate((523.25, 659.25, 783.99, 1046.5)):
        start = int(n * 0.09 * RATE)
        for j in range(len(out) - start):
            t = j / RATE
            env = min(1.0, t / 0.006) * math.exp(-t / 0.38)
            w = 2 * math.pi * freq * t
            out[start + j] += env * (math.sin(w) + 0.28 * math.sin(2 * w) + 0.08 * math.sin(3 * w)) * 0.45
    return out


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "place": _place,
    "flip": _flip,
    "shuffle": _shuffle,
    "round_end": _round_end,
}


def wav_bytes(samples: list[float]) -> bytes:
    """16-bit mono WAV of `samples`, normalised to the common peak level."""
    peak = max((abs(s) for s in samples), default=0.0) or 1.0
    scale = PEAK * 32767 / peak
    pcm = array("h", (int(s * scale) for s in samples))
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())
    return buffer.getvalue()



def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.make_sounds", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, help="folder (default: assets/sounds of the source checkout)")
    args = parser.parse_args(argv)
    args.out = default_out(parser, args.out, "sounds")
    try:
        cli.output_folder(args.out)
        for name, make in SOUNDS.items():
            path = args.out / f"{name}.wav"
            path.write_bytes(wav_bytes(make()))
            print(f"wrote {path}")
    except (cli.OutputError, OSError) as exc:
        return cli.cannot_write("make_sounds", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
