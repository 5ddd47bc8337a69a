"""Easing, tweens and timed holds: the small clockwork behind every card movement.

Everything advances by `dt` seconds handed down from the scene's `update`, never by reading a clock,
so a test that steps the app frame by frame sees the same animation as a person does.
"""

from __future__ import annotations

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


def ease_out_back(t: float) -> float:
    """Overshoots a little before settling: a card that lands with some weight."""
    c1 = 1.4
    c3 = c1 + 1.0
    return 1.0 + c3 * (t - 1.0) ** 3 + c1 * (t - 1.0) ** 2


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
