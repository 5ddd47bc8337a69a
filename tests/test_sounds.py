"""The table's sounds (tools/make_sounds.py, shipped in assets/sounds): every name the app plays has its
file, the maker makes the same bytes every time, and the moments' cues sound as they are meant to: short,
ending in silence, the fanfare rising and the loser's "wah-wah" stepping down."""

from __future__ import annotations

import wave
from array import array

import pytest

from scenes import sound
from tools import make_sounds

#: the moments' cues, each about as long as the brief for it says (seconds, within a tenth)
MOMENT_LENGTHS = {"whoosh": 0.25, "tick": 0.03, "stamp": 0.28, "tension": 0.6, "burn": 0.5, "chime": 0.9,
                  "fanfare": 1.2, "loser": 0.9}


def shipped(name: str) -> array:
    with wave.open(str(sound.SOUND_DIR / f"{name}.wav")) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, make_sounds.RATE), name
        return array("h", w.readframes(w.getnframes()))


def made(name: str) -> array:
    """The samples the maker makes for `name`, as the WAV file holds them."""
    data = make_sounds.wav_bytes(make_sounds.SOUNDS[name]())
    return array("h", data[44:])  # after the plain 44-byte header of a 16-bit PCM file


def crossings_per_second(samples: list[float], start: float, end: float) -> float:
    """Half the zero crossings per second between `start` and `end`: about the pitch of a clear tone."""
    part = samples[int(start * make_sounds.RATE):int(end * make_sounds.RATE)]
    changes = sum(1 for a, b in zip(part, part[1:], strict=False) if (a < 0) != (b < 0))
    return changes / (2 * (end - start))


@pytest.mark.parametrize("name", sound.SOUNDS)
def test_every_sound_the_app_plays_has_its_file_as_the_maker_makes_it(name):
    assert name in make_sounds.SOUNDS
    samples = shipped(name)
    assert len(samples) > 0
    # the shipped file is the maker's output (within one step, for another machine's last float bit)
    expected = made(name)
    assert len(samples) == len(expected)
    assert max(abs(a - b) for a, b in zip(samples, expected, strict=True)) <= 1, name


def test_the_maker_makes_exactly_the_app_s_sounds():
    assert tuple(make_sounds.SOUNDS) == sound.SOUNDS


@pytest.mark.parametrize("name", sound.SOUNDS)
def test_making_a_sound_twice_gives_the_same_bytes(name):
    make = make_sounds.SOUNDS[name]
    assert make_sounds.wav_bytes(make()) == make_sounds.wav_bytes(make())


def test_two_runs_of_the_maker_write_the_same_files(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    for folder in (first, second):
        folder.mkdir()
        assert make_sounds.main(["--out", str(folder)]) == 0
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(f"{name}.wav" for name in sound.SOUNDS)
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


@pytest.mark.parametrize("name", sorted(MOMENT_LENGTHS))
def test_each_moment_cue_is_short_small_and_ends_in_silence(name):
    samples = shipped(name)
    seconds = len(samples) / make_sounds.RATE
    assert seconds == pytest.approx(MOMENT_LENGTHS[name], abs=0.1), name
    assert len(samples) * 2 < 64_000  # a small file
    peak = max(abs(s) for s in samples)
    assert peak == pytest.approx(make_sounds.PEAK * 32767, abs=2)
    assert abs(samples[-1]) < peak / 100  # faded out: no click where it stops
    assert make_sounds.SOUNDS[name].__doc__, f"{name} says what it sounds like"


def test_the_tick_is_the_shortest_and_the_fanfare_the_longest_cue():
    lengths = {name: len(shipped(name)) for name in MOMENT_LENGTHS}
    assert min(lengths, key=lengths.__getitem__) == "tick"
    assert max(lengths, key=lengths.__getitem__) == "fanfare"


def test_the_fanfare_climbs_a_major_arpeggio():
    samples = make_sounds.SOUNDS["fanfare"]()
    notes = [crossings_per_second(samples, start, start + 0.1) for start in (0.02, 0.15, 0.28, 0.6)]
    assert notes == sorted(notes)
    assert notes[1] / notes[0] == pytest.approx(5 / 4, rel=0.04)  # a major third
    assert notes[2] / notes[0] == pytest.approx(3 / 2, rel=0.04)  # a fifth


def test_the_loser_steps_down_and_the_chime_steps_up():
    loser = make_sounds.SOUNDS["loser"]()
    assert crossings_per_second(loser, 0.55, 0.7) < 0.85 * crossings_per_second(loser, 0.1, 0.25)
    chime = make_sounds.SOUNDS["chime"]()
    assert crossings_per_second(chime, 0.3, 0.4) > 1.2 * crossings_per_second(chime, 0.01, 0.09)


def test_a_cue_plays_at_the_volume_set(monkeypatch):
    played: list[float] = []

    class Spy:
        def set_volume(self, value: float) -> None:
            played.append(value)

        def play(self) -> None:
            pass

    monkeypatch.setattr(sound, "_volume", sound.volume())  # given back after the test
    monkeypatch.setattr(sound, "_ready", lambda: True)
    monkeypatch.setitem(sound._sounds, "fanfare", Spy())
    sound.set_volume(0.3)
    sound.play("fanfare")
    sound.set_volume(0.0)
    sound.play("fanfare")  # silent: not even started
    assert played == [pytest.approx(0.3)]
