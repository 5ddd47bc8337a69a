"""Easing, tweens and timed holds: the small clockwork behind every card movement.

Everything advances by `dt` seconds handed down from the scene's `update`, never by reading a clock,
so a test that steps the app frame by frame sees the same animation as a person does.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4.0 * t * t * t if t < 0.5 else 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


def ease_out_back(t: float, strength: float = 1.4) -> float:
    """Overshoots a little before settling: a card that lands with some weight (the greater `strength`,
    the further past its end it goes; 1.4 passes it by 7 % of the way). 0 at 0, exactly 1 at 1."""
    c3 = strength + 1.0
    return 1.0 + c3 * (t - 1.0) ** 3 + strength * (t - 1.0) ** 2


def back_overshoot(strength: float) -> float:
    """How far `ease_out_back` of this `strength` passes its end at its peak, as a share of the way
    (its peak lies where the slope is 0: at t - 1 = -2 s / 3 (s + 1))."""
    return 4.0 * strength**3 / (27.0 * (strength + 1.0) ** 2)


@functools.lru_cache(maxsize=512)
def back_strength(overshoot: float) -> float:
    """The strength of `ease_out_back` that passes its end by `overshoot` (a share of the way): the
    overshoot grows with the strength, so halving the interval finds it."""
    low, high = 0.0, 8.0
    for _ in range(40):
        middle = (low + high) / 2.0
        if back_overshoot(middle) < overshoot:
            low = middle
        else:
            high = middle
    return (low + high) / 2.0


def settling(overshoot: float) -> Easing:
    """An ease-out that passes its end by `overshoot` (a share of the way) and settles back on it: a card
    moved with weight. 0 or less: a plain ease-out that never passes its end."""
    if overshoot <= 0.0:
        return ease_out_cubic
    strength = back_strength(round(min(overshoot, 0.2), 4))
    return functools.partial(ease_out_back, strength=strength)


def flight_turn(progress: float, most: float, straight_at: float = 0.8) -> float:
    """The turn (degrees) of a card `progress` of the way through a flight that turns at most `most`:
    it leans in at once, the most a little before the middle, and is straight again from `straight_at`
    on, so it lands straight."""
    if progress <= 0.0 or progress >= straight_at:
        return 0.0
    return most * math.sin(math.pi * progress / straight_at)


def bump(phase: float) -> float:
    """0 -> 1 -> 0 over a phase 0..1 (a landing's squash): outside it, 0."""
    if phase <= 0.0 or phase >= 1.0:
        return 0.0
    return math.sin(math.pi * phase)


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1.0) / 2.0


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


@dataclass
class Tween:
    """One value (or point) going from `start` to `end` over `duration` seconds, after `delay`."""

    start: tuple[float, ...]
    end: tuple[float, ...]
    duration: float
    easing: Easing = ease_in_out_cubic
    delay: float = 0.0
    elapsed: float = 0.0

    def __post_init__(self) -> None:
        if len(self.start) != len(self.end):
            raise ValueError("a tween's start and end need the same number of parts")

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def progress(self) -> float:
        """0 before the delay ends, 1 when done (un-eased)."""
        if self.duration <= 0.0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def advance(self, dt: float) -> tuple[float, ...]:
        self.elapsed += max(0.0, dt)
        return self.value

    @property
    def value(self) -> tuple[float, ...]:
        t = self.easing(self.progress)
        return tuple(lerp(a, b, t) for a, b in zip(self.start, self.end, strict=True))

    def finish(self) -> tuple[float, ...]:
        self.elapsed = self.delay + self.duration
        return self.end


@dataclass
class Hold:
    """A pause in the animation queue (a banner on screen, a revealed hand), optionally cut short."""

    seconds: float
    skippable: bool = True
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.seconds

    def advance(self, dt: float) -> None:
        self.elapsed += max(0.0, dt)

    def skip(self) -> None:
        if self.skippable:
            self.elapsed = self.seconds


@dataclass
class ClickHold(Hold):
    """A pause that lasts until a click (a round's end, a scoring, the game's end): `seconds` is inf, or
    how long the player let it wait before the table goes on by itself."""


@dataclass
class Timeline:
    """Steps run in order; each step is a callable that starts something and returns the Hold to wait
    out before the next step starts (None: go straight on)."""

    steps: list[Callable[[], Hold | None]] = field(default_factory=list)
    current: Hold | None = None

    def add(self, step: Callable[[], Hold | None]) -> None:
        self.steps.append(step)

    @property
    def idle(self) -> bool:
        return not self.steps and (self.current is None or self.current.done)

    def advance(self, dt: float) -> None:
        if self.current is not None:
            self.current.advance(dt)
            if not self.current.done:
                return
            self.current = None
        while self.steps:
            hold = self.steps.pop(0)()
            if hold is not None and not hold.done:
                self.current = hold
                return

    def skip(self) -> None:
        if self.current is not None:
            self.current.skip()

    def clear(self) -> None:
        self.steps.clear()
        self.current = None


@dataclass
class Banner:
    """An announcement over the table that an event calls for (a round's end, a burn, a trick won):
    it holds the playback until its time is up or a click moves it on."""

    title: str
    lines: list[str]
    hold: Hold
    _: KW_ONLY
    leads: bool = False  # shown before the card move it announces, which follows it
    sound: str | None = "round_end"

    @property
    def waits(self) -> bool:
        """Whether it stays until clicked (or the time the player chose to let it wait)."""
        return isinstance(self.hold, ClickHold)

    def clicked(self) -> bool:
        """A click on it: True when it should go now (a banner may first show itself whole)."""
        return True


@dataclass
class Reveal:
    """A hand shown to the table: the seat, its cards, and how long it stays."""

    seat: int
    cards: tuple[str, ...]
    hold: Hold
