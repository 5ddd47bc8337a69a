"""Small table sounds, synthesized in code: no sound files to ship or lose.

`play(name)` plays one at the volume from the settings (`set_volume`). The mixer starts on first use
(or earlier, in the background, through `warm_up`); where it cannot start (no audio device) every
call is silent and nothing fails.
"""

from __future__ import annotations

import io
import logging
import math
import random
import threading
import wave
from array import array
from collections.abc import Callable

import pygame

log = logging.getLogger(__name__)

RATE = 22050
PEAK = 0.8  # of full scale: headroom for several sounds at once

_volume = 0.7
_sounds: dict[str, pygame.mixer.Sound] = {}
_silent = False  # the mixer could not start: stay quiet for the rest of the run
_lock = threading.Lock()


# -- the sounds ------------------------------------------------------------------------------------
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


# -- playing ---------------------------------------------------------------------------------------
def set_volume(volume: float) -> None:
    global _volume
    _volume = max(0.0, min(1.0, float(volume)))


def volume() -> float:
    return _volume


def play(name: str) -> None:
    """Play a sound by name at the current volume; silent without an audio device."""
    if name not in SOUNDS:
        raise ValueError(f"there is no sound {name!r}; the sounds are: {', '.join(SOUNDS)}")
    if _volume <= 0.0:
        return
    if not _lock.acquire(blocking=False):
        return  # still being made in the background: this one sound is skipped, the frame is not held up
    try:
        if not _ready():
            return
        sound = _sounds[name]
        sound.set_volume(_volume)
        sound.play()
    except pygame.error as exc:
        _go_silent(exc)
    finally:
        _lock.release()


def warm_up() -> None:
    """Start the mixer and make the sounds in the background, so the first card played does not wait."""
    if _silent or (_sounds and pygame.mixer.get_init()):
        return
    threading.Thread(target=_warm, name="sound-warm-up", daemon=True).start()


def _warm() -> None:
    with _lock:
        _ready()


def available() -> bool:
    """Whether sounds can be heard (the mixer started)."""
    with _lock:
        return _ready()


def _ready() -> bool:
    """Mixer started and sounds made; call with the lock held."""
    if _silent:
        return False
    if not pygame.mixer.get_init():
        _sounds.clear()  # sounds belong to a mixer that was shut down
        try:
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        except pygame.error as exc:
            _go_silent(exc)
            return False
    if not _sounds:
        try:
            for name, make in SOUNDS.items():
                _sounds[name] = pygame.mixer.Sound(file=io.BytesIO(wav_bytes(make())))
        except pygame.error as exc:
            _go_silent(exc)
            return False
    return True


def shutdown() -> None:
    """Forget the sounds and stop the mixer (the app is closing); a later `play` starts afresh."""
    global _silent
    with _lock:
        _sounds.clear()
        _silent = False
        if pygame.mixer.get_init():
            pygame.mixer.quit()


def _go_silent(exc: Exception) -> None:
    global _silent
    _silent = True
    _sounds.clear()
    log.info("no sound: %s", exc)
