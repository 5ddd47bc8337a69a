"""Small table sounds, shipped as WAV files in assets/sounds (made by `python -m tools.make_sounds`).

`play(name)` plays one at the volume from the settings (`set_volume`). The mixer starts on first use
(or earlier, in the background, through `warm_up`); where it cannot start (no audio device), or a
file is missing or broken, that sound is silent and nothing fails.
"""

from __future__ import annotations

import _thread

import pygame

from assets import asset_path
from game.logs import logger

log = logger(__name__)


_volume = 0.7
_sounds: dict[str, pygame.mixer.Sound] = {}
_silent = False  # the mixer could not start: stay quiet for the rest of the run
_lock = _thread.allocate_lock()  # threading's Lock, without loading threading before the title


#: the sounds the table plays, made by `python -m tools.make_sounds` into assets/sounds/<name>.wav
SOUNDS: tuple[str, ...] = ("place", "flip", "shuffle", "round_end",
                           # the moments (scenes/table/kit/moments.py): a celebration's cues
                           "whoosh", "tick", "stamp", "tension", "burn", "chime", "fanfare", "loser")
SOUND_DIR = asset_path("sounds")


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
        sound = _sounds.get(name)
        if sound is None:
            return  # its file is missing or broken (logged once when loading)
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
    import threading

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
        for name in SOUNDS:
            path = SOUND_DIR / f"{name}.wav"
            try:
                _sounds[name] = pygame.mixer.Sound(file=str(path))
            except (pygame.error, FileNotFoundError) as exc:
                log.warning("sound %r cannot be loaded from %s: %s", name, path, exc)
        if not _sounds:
            _go_silent(RuntimeError(f"no sound files in {SOUND_DIR}"))
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
