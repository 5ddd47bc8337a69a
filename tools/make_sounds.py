"""Make the table's sounds: `python -m tools.make_sounds [--out assets/sounds]`.

The sounds are synthesised here, once, and shipped as small WAV files: making them at start-up would
hold the interpreter for half a second while the title menu animates. Each maker's docstring says what
it sounds like; its randomness is seeded, so every run writes the same bytes. Besides the cards' own
sounds (place, flip, shuffle, round_end) there are the moments' cues (scenes/table/kit/moments.py):
whoosh, tick, stamp, tension, burn, chime, fanfare and loser.
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


# -- the moments' cues (scenes/table/kit/moments.py) -------------------------------------------------
def _faded(out: list[float], seconds: float = 0.006) -> list[float]:
    """`out` with its last `seconds` faded to silence: no click where a sound is cut off."""
    n = min(len(out), int(seconds * RATE))
    for j in range(n):
        out[len(out) - 1 - j] *= j / n
    return out


def _band_pass(signal: list[float], centre: Callable[[float], float], q: float) -> list[float]:
    """`signal` through a state-variable band-pass whose centre (Hz) follows `centre(t)`; a high `q`
    (a damping, up to about 1.2: more rings without end at the top of the range) is a broad band."""
    out = [0.0] * len(signal)
    low = band = 0.0
    for i, x in enumerate(signal):
        f = 2 * math.sin(math.pi * min(centre(i / RATE), RATE / 7) / RATE)
        high = x - low - q * band
        band += f * high
        low += f * band
        out[i] = band
    return out


def _band_noise(rng: random.Random, length: int, centre: Callable[[float], float], q: float,
                passes: int = 1) -> list[float]:
    """White noise band-passed `passes` times (each pass narrows the band and darkens its skirts)."""
    out = [rng.uniform(-1, 1) for _ in range(length)]
    for _ in range(passes):
        out = _band_pass(out, centre, q)
    return out


def _whoosh() -> list[float]:
    """A marker flying across the table: a soft, airy swish of noise whose pitch rises as it passes and
    falls as it goes (a quarter of a second)."""
    rng = random.Random(5)
    length = int(0.25 * RATE)

    def centre(t: float) -> float:  # up to the pass at 0.13 s, then away
        return 500 + 1500 * math.sin(math.pi * min(1.0, t / 0.26)) ** 2

    air = _band_noise(rng, length, centre, 0.9, passes=2)
    for i in range(length):
        t = i / RATE
        air[i] *= math.sin(math.pi * min(1.0, t / 0.25)) ** 1.6  # swells and fades, no edge
    return _faded(air)


def _tick() -> list[float]:
    """A counter's step: a tiny bright click, a high wooden blip of three hundredths of a second."""
    rng = random.Random(6)
    out = _samples(0.03)
    last = 0.0
    for i in range(len(out)):
        t = i / RATE
        x = rng.uniform(-1, 1)
        edge, last = x - last, x  # the noise's difference: only its brightest part, for the first moment
        out[i] = (math.sin(2 * math.pi * 2900 * t) * math.exp(-t / 0.0045)
                  + 0.35 * math.sin(2 * math.pi * 1450 * t) * math.exp(-t / 0.003)
                  + 0.4 * edge * math.exp(-t / 0.0008))
    return _faded(out, 0.004)


def _stamp() -> list[float]:
    """A rubber stamp pressed down: a dull thud that drops in pitch, with the paper's slap on top (a
    burst of bright noise) and the faint rustle of the sheet settling."""
    rng = random.Random(7)
    out = _samples(0.28)
    phase = 0.0
    low = slap_low = 0.0
    for i in range(len(out)):
        t = i / RATE
        phase += 2 * math.pi * (55 + 75 * math.exp(-t / 0.02)) / RATE  # 130 Hz falling to 55 Hz
        thud = math.sin(phase) * min(1.0, t / 0.002) * math.exp(-t / 0.045)
        x = rng.uniform(-1, 1)
        low += 0.08 * (x - low)  # the rubber's muffled body
        slap_low += 0.6 * (x - slap_low)
        slap = (x - slap_low) * math.exp(-t / 0.009)  # the paper: bright, very short
        rustle = (x - slap_low) * 0.05 * math.exp(-abs(t - 0.05) / 0.03)
        out[i] = 0.9 * thud + 1.4 * low * math.exp(-t / 0.03) + 1.6 * slap + rustle
    return _faded(out)


def _tension() -> list[float]:
    """Something about to happen: a shimmer of close, slightly detuned tones rising a fifth over 0.6 s,
    trembling faster and swelling as it climbs, with a breath of airy noise on top."""
    rng = random.Random(8)
    out = _samples(0.6)
    voices = [(1.0, 0.0, 1.0), (1.006, 0.7, 0.8), (1.5, 1.9, 0.55), (2.003, 2.6, 0.35)]
    phases = [p for _, p, _ in voices]
    air = _band_noise(rng, len(out), lambda t: 3000 + 3000 * t / 0.6, 1.0)
    tremolo = 0.0
    for i in range(len(out)):
        t = i / RATE
        base = 392.0 * 1.5 ** (t / 0.6)  # G4 gliding up a fifth
        tremolo += 2 * math.pi * (9 + 16 * t / 0.6) / RATE
        tone = 0.0
        for n, (ratio, _, amp) in enumerate(voices):
            phases[n] += 2 * math.pi * base * ratio / RATE
            tone += amp * math.sin(phases[n])
        swell = min(1.0, t / 0.05) * (0.25 + 0.75 * (t / 0.6) ** 1.5) * min(1.0, (0.6 - t) / 0.05)
        out[i] = swell * (tone * (0.75 + 0.25 * math.sin(tremolo)) + 0.3 * air[i])
    return _faded(out)


def _burn() -> list[float]:
    """Cards going up in flame: a whoomph, a rush of noise that opens bright and closes dark over a low
    push of air, then a few crackles as it dies down (half a second)."""
    rng = random.Random(9)
    out = _samples(0.5)
    low = lower = 0.0
    phase = 0.0
    for i in range(len(out)):
        t = i / RATE
        opening = 0.03 + 0.3 * math.exp(-((t - 0.07) / 0.07) ** 2)  # the flame's brightness: a quick flare
        lower += opening * (rng.uniform(-1, 1) - lower)
        low += opening * (lower - low)  # two poles: a dark roar, not a hiss
        phase += 2 * math.pi * (45 + 40 * math.exp(-t / 0.05)) / RATE
        push = math.sin(phase) * math.exp(-t / 0.09)
        body = min(1.0, t / 0.035) * math.exp(-max(0.0, t - 0.06) / 0.12)
        out[i] = body * (2.5 * low + 0.5 * push)
    for _ in range(9):  # crackles: single sharp pops scattered over the tail
        at = int(rng.uniform(0.12, 0.42) * RATE)
        amp = rng.uniform(0.15, 0.35) * math.exp(-(at / RATE - 0.12) / 0.2)
        for j in range(int(0.004 * RATE)):
            if at + j < len(out):
                out[at + j] += amp * rng.uniform(-1, 1) * math.exp(-j / (0.0008 * RATE))
    return _faded(out, 0.02)


def _bell(out: list[float], start: float, freq: float, level: float) -> None:
    """A small bell at `start` seconds: a fundamental with the inharmonic partials of a struck bar, the
    higher ones dying first (those the sample rate cannot hold are left out: they would fold back as
    false, lower tones)."""
    partials = [(k, amp, decay) for k, amp, decay in ((1.0, 1.0, 0.55), (2.76, 0.45, 0.22), (5.40, 0.22, 0.1),
                                                       (8.93, 0.1, 0.05)) if k * freq < RATE / 2.2]
    first = int(start * RATE)
    for j in range(len(out) - first):
        t = j / RATE
        w = 2 * math.pi * freq * t
        ring = sum(amp * math.exp(-t / decay) * math.sin(k * w) for k, amp, decay in partials)
        out[first + j] += level * min(1.0, t / 0.002) * ring


def _chime() -> list[float]:
    """A trick won: two bright bell notes, the second a fourth above the first (G6, C7), ringing out."""
    out = _samples(0.9)
    _bell(out, 0.0, 1567.98, 0.8)
    _bell(out, 0.11, 2093.0, 1.0)
    return _faded(out, 0.05)


def _brass(out: list[float], start: float, length: float, freq: float, level: float, vibrato: float = 0.0
           ) -> None:
    """A brass-like note: harmonics that brighten as the player blows in (the "blat" of the attack) and
    mellow as it is held, with vibrato that grows on a long note."""
    first = int(start * RATE)
    count = min(len(out) - first, int(length * RATE))
    harmonics = [k for k in range(1, 13) if k * freq < RATE / 2.5]
    phase = 0.0
    for j in range(count):
        t = j / RATE
        wobble = 1 + vibrato * min(1.0, t / 0.3) * math.sin(2 * math.pi * 5.5 * t)
        phase += 2 * math.pi * freq * wobble / RATE
        bright = 0.35 + 0.4 * min(1.0, t / 0.03) * math.exp(-t / 0.25) + 0.15 * min(1.0, t / 0.03)
        env = min(1.0, t / 0.018) * min(1.0, (length - t) / 0.04) * (0.8 + 0.2 * math.exp(-t / 0.08))
        tone = sum(bright ** (k - 1) / k ** 0.6 * math.sin(k * phase) for k in harmonics)
        out[first + j] += level * env * tone


def _fanfare() -> list[float]:
    """The game's winner: a short brass fanfare, the major arpeggio C, E, G rising to the high C, held
    over the chord with a little vibrato (1.2 s)."""
    out = _samples(1.2)
    for n, freq in enumerate((261.63, 329.63, 392.0)):
        _brass(out, n * 0.13, 0.15, freq, 0.8)  # ta, ta, ta
        _brass(out, 0.39, 0.78, freq, 0.28)  # the chord under the last note
    _brass(out, 0.39, 0.8, 523.25, 0.8, vibrato=0.006)  # taaa
    return _faded(out, 0.02)


def _soft_voice(out: list[float], start: float, length: float, freq: float, glide: float) -> None:
    """A mellow note whose tone opens and closes once, a "wah" (a muted horn's), sinking by `glide` (a
    ratio) as it goes."""
    first = int(start * RATE)
    count = min(len(out) - first, int(length * RATE))
    phase = 0.0
    for j in range(count):
        t = j / RATE
        phase += 2 * math.pi * freq * glide ** (t / length) / RATE
        wah = math.sin(math.pi * min(1.0, t / length)) ** 0.8  # opens, then closes
        bright = 0.15 + 0.45 * wah
        env = min(1.0, t / 0.03) * min(1.0, (length - t) / 0.08)
        out[first + j] += env * (0.4 + 0.6 * wah) * sum(bright ** (k - 1) / k * math.sin(k * phase)
                                                         for k in range(1, 6))


def _loser() -> list[float]:
    """The game's last place, gently: two soft muted-horn "wah"s stepping down a major third (E4 to C4),
    the second longer and sinking a little, a shrug rather than a jeer (0.9 s)."""
    out = _samples(0.9)
    _soft_voice(out, 0.0, 0.36, 329.63, 0.99)
    _soft_voice(out, 0.33, 0.57, 261.63, 0.97)
    return _faded(out, 0.03)


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "place": _place,
    "flip": _flip,
    "shuffle": _shuffle,
    "round_end": _round_end,
    "whoosh": _whoosh,
    "tick": _tick,
    "stamp": _stamp,
    "tension": _tension,
    "burn": _burn,
    "chime": _chime,
    "fanfare": _fanfare,
    "loser": _loser,
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
