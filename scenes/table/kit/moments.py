"""Moments: the small celebrations an event calls for (points that fly to a plate and count up there, a
stamp, a pulse, a flare of sparks), played over the table while its playback waits for them.

A table asks for a moment in its `moment_for` hook, from an engine event and never from a timer that
guesses. Each effect runs on the `dt` the scene hands down, as every tween does, and calls its `on_end` once
when it ends, whether it ran its course or a click skipped it: so a skipped moment reaches the same end
state (the log line told, the plate's counter at its new value) as one that played out.

With reduced motion (a setting), nothing shakes, flashes or throws sparks: a flight becomes a short fade at
its destination, a stamp and a pulse a steady fade, and flares and sparks are left out.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import KW_ONLY, dataclass, field
from functools import partial

import pygame

from scenes.fonts import font
from scenes.table.kit.animation import Hold, ease_in_out_cubic, ease_out_back, ease_out_cubic, lerp

Point = tuple[float, float]
Colour = tuple[int, int, int]

#: what a person who asked for reduced motion never sees
RESTLESS_KINDS = frozenset({"shake", "flash", "particles"})
FADE_SECONDS = 0.25  # a flight or stamp under reduced motion: a short fade where it ends
GOLD: Colour = (246, 206, 92)
INK: Colour = (30, 24, 18)
MINUS: Colour = (226, 96, 84)


def _alpha_of(t: float, fade_in: float = 0.12, fade_out: float = 0.2) -> int:
    """Opacity over a lifetime 0..1: in quickly, steady, out at the end."""
    if t < fade_in:
        return round(255 * t / fade_in)
    if t > 1.0 - fade_out:
        return round(255 * max(0.0, 1.0 - t) / fade_out)
    return 255


def token(text: str, size: int, colour: Colour = GOLD, ink: Colour = INK) -> pygame.Surface:
    """A rounded pill with `text`: the point markers, counters and stamps are drawn as such."""
    face = font(max(8, size), True).render(text, True, ink)
    pad_x, pad_y = max(4, size // 2), max(2, size // 5)
    w, h = face.get_width() + 2 * pad_x, face.get_height() + 2 * pad_y
    pill = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(pill, (*colour, 255), pill.get_rect(), border_radius=h // 2)
    pygame.draw.rect(pill, (*ink, 200), pill.get_rect(), width=max(1, size // 12), border_radius=h // 2)
    pill.blit(face, ((w - face.get_width()) // 2, (h - face.get_height()) // 2))
    return pill


@dataclass(eq=False)
class Effect:
    """One part of a moment: it waits `delay` seconds, runs `duration` seconds, then calls `on_end`."""

    duration: float
    _: KW_ONLY
    delay: float = 0.0
    on_end: Callable[[], None] | None = None
    elapsed: float = 0.0
    ended: bool = False
    kind = "effect"  # what it does to the eye: see RESTLESS_KINDS

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def t(self) -> float:
        """0 until the delay is over, 1 at the end."""
        if self.duration <= 0.0:
            return 1.0 if self.started else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def done(self) -> bool:
        return self.ended

    @property
    def end_time(self) -> float:
        return self.delay + self.duration

    def advance(self, dt: float) -> None:
        self.elapsed += max(0.0, dt)
        if not self.ended and self.elapsed >= self.end_time:
            self.finish()

    def finish(self) -> None:
        """To the end at once (a click skipped the moment): `on_end` still runs, once."""
        self.elapsed = max(self.elapsed, self.end_time)
        if not self.ended:
            self.ended = True
            if self.on_end is not None:
                self.on_end()

    def calmed(self) -> Effect | None:
        """What a person who asked for reduced motion sees instead (None: nothing)."""
        return self

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


@dataclass(eq=False)
class Cue(Effect):
    """Something that happens when the moment reaches it (after `delay`): `play` only then, so a moment
    skipped before it stays quiet (a skip ends the celebration, it does not play the rest of it at once);
    `on_end` whether it was reached or skipped. It draws nothing: a sound cue."""

    play: Callable[[], None] | None = None
    kind = "cue"

    def advance(self, dt: float) -> None:
        reached = not self.ended and self.elapsed + max(0.0, dt) >= self.end_time
        super().advance(dt)
        if reached and self.play is not None:
            self.play()

    def draw(self, surface: pygame.Surface) -> None:
        """A cue has nothing to draw."""


def inside_window(picture: pygame.Surface, center: Point, window: tuple[int, int]) -> tuple[int, int]:
    """`center` moved just enough that `picture` (a little larger, tilted: a stamp) lies inside the
    window."""
    w, h = picture.get_size()
    box = pygame.Rect(0, 0, round(w * 1.1), round(h * 1.4))
    box.center = _at(center)
    return box.clamp(pygame.Rect(0, 0, *window)).center


@dataclass(eq=False)
class Fade(Effect):
    """A picture that fades in and out at one place: what reduced motion shows for flights and stamps."""

    picture: pygame.Surface | None = None
    center: Point = (0.0, 0.0)
    kind = "fade"

    def draw(self, surface: pygame.Surface) -> None:
        if self.picture is None or not self.started or self.ended:
            return
        self.picture.set_alpha(_alpha_of(self.t, 0.3, 0.3))
        surface.blit(self.picture, self.picture.get_rect(center=_at(self.center)))
        self.picture.set_alpha(None)


@dataclass(eq=False)
class Flight(Effect):
    """A marker (a point, a star, a heart) flying from `start` to `end` in an arc, turning a little on
    the way and landing with a small squash."""

    picture: pygame.Surface | None = None
    start: Point = (0.0, 0.0)
    end: Point = (0.0, 0.0)
    lift: float = 0.18  # the arc's height, as a share of the distance
    turn: float = 10.0  # degrees of turn at the start, none on landing
    kind = "flight"
    _looks: dict[tuple[int, int], pygame.Surface] = field(default_factory=dict, repr=False)

    @property
    def position(self) -> Point:
        t = ease_in_out_cubic(self.t)
        x = lerp(self.start[0], self.end[0], t)
        y = lerp(self.start[1], self.end[1], t)
        distance = math.dist(self.start, self.end)
        return x, y - math.sin(math.pi * t) * distance * self.lift

    def draw(self, surface: pygame.Surface) -> None:
        if self.picture is None or not self.started or self.ended:
            return
        t = self.t
        angle = round(self.turn * (1.0 - ease_out_cubic(t)) * math.sin(t * math.pi * 3.0))
        squash = round(4 * max(0.0, (t - 0.88) / 0.12) * (1.0 - max(0.0, (t - 0.94) / 0.06)))
        picture = self._look(angle, squash)
        x, y = self.position
        surface.blit(picture, picture.get_rect(center=(round(x), round(y))))

    def _look(self, angle: int, squash: int) -> pygame.Surface:
        """The marker turned `angle` whole degrees and squashed `squash` of 4 steps, made once each."""
        assert self.picture is not None
        if not angle and not squash:
            return self.picture
        if (angle, squash) not in self._looks:
            picture = self.picture
            if squash:
                w, h = picture.get_size()
                flat = 1.0 - 0.06 * squash
                picture = pygame.transform.smoothscale(picture, (max(1, round(w * (2 - flat))),
                                                                 max(1, round(h * flat))))
            self._looks[angle, squash] = pygame.transform.rotate(picture, angle) if angle else picture
        return self._looks[angle, squash]

    def calmed(self) -> Effect | None:
        return Fade(FADE_SECONDS, delay=self.delay, on_end=self.on_end, picture=self.picture, center=self.end)


@dataclass(eq=False)
class CountUp(Effect):
    """A counter at a plate that counts from `start` to `end`, popping at each step, then lingers."""

    start: int = 0
    end: int = 0
    center: Point = (0.0, 0.0)
    size: int = 20
    colour: Colour = GOLD
    linger: float = 0.5  # seconds the final value stays, included in `duration`
    kind = "count"
    _faces: dict[int, pygame.Surface] = field(default_factory=dict, repr=False)
    _pops: dict[tuple[int, int], pygame.Surface] = field(default_factory=dict, repr=False)

    @property
    def value(self) -> int:
        counting = max(0.01, self.duration - self.linger)
        share = min(1.0, max(0.0, (self.elapsed - self.delay) / counting))
        return round(lerp(self.start, self.end, ease_out_cubic(share)))

    def face(self, value: int) -> pygame.Surface:
        if value not in self._faces:
            colour = self.colour if value >= self.start else MINUS
            self._faces[value] = token(f"{value:+d}" if self.start == 0 and value < 0 else str(value),
                                       self.size, colour)
        return self._faces[value]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.ended:
            return
        value = self.value
        picture = self.face(value)
        counting = max(0.01, self.duration - self.linger)
        steps = max(1, abs(self.end - self.start))
        running = self.elapsed - self.delay
        into_step = (running / counting * steps) % 1.0 if running < counting else 1.0
        pop = round(4 * max(0.0, 1.0 - into_step * 3.0))  # 0..4: a quarter larger at most, in steps
        if pop:
            picture = self._popped(value, pop)
        picture.set_alpha(_alpha_of(self.t, 0.05, 0.15))
        surface.blit(picture, picture.get_rect(center=_at(self.center)))
        picture.set_alpha(None)

    def _popped(self, value: int, pop: int) -> pygame.Surface:
        if (value, pop) not in self._pops:
            face = self.face(value)
            grow = 1.0 + 0.0625 * pop
            size = (round(face.get_width() * grow), round(face.get_height() * grow))
            self._pops[value, pop] = pygame.transform.smoothscale(face, size)
        return self._pops[value, pop]

    def calmed(self) -> Effect | None:
        return Fade(max(FADE_SECONDS, self.linger), delay=self.delay, on_end=self.on_end,
                    picture=self.face(self.end), center=self.center)


@dataclass(eq=False)
class Stamp(Effect):
    """Words slammed onto the table (the Dschingis Hahn's number, ×2, a place): they come down from large
    to their size with a little overshoot, stay, then fade."""

    picture: pygame.Surface | None = None
    center: Point = (0.0, 0.0)
    tilt: float = -8.0
    kind = "stamp"
    _looks: dict[int, pygame.Surface] = field(default_factory=dict, repr=False)

    def draw(self, surface: pygame.Surface) -> None:
        if self.picture is None or not self.started or self.ended:
            return
        t = self.t
        landing = min(1.0, t / 0.25)
        scale = round(20 * lerp(2.2, 1.0, ease_out_back(landing)))  # in twentieths, each made once
        if scale not in self._looks:
            self._looks[scale] = pygame.transform.rotozoom(self.picture, self.tilt, max(0.1, scale / 20))
        picture = self._looks[scale]
        picture.set_alpha(_alpha_of(t, 0.08, 0.25))
        surface.blit(picture, picture.get_rect(center=_at(self.center)))

    def calmed(self) -> Effect | None:
        return Fade(max(FADE_SECONDS, self.duration), delay=self.delay, on_end=self.on_end,
                    picture=self.picture, center=self.center)


@dataclass(eq=False)
class Pulse(Effect):
    """A glowing ring around a part of the table (the doubled person, the counter before it scores)."""

    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    colour: Colour = GOLD
    beats: int = 2
    kind = "pulse"

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.ended:
            return
        beat = (self.t * self.beats) % 1.0
        grow = round(ease_out_cubic(beat) * max(6, self.rect.height // 6))
        width = max(2, self.rect.height // 30)
        ring = self.rect.inflate(2 * grow, 2 * grow)
        alpha = round(230 * (1.0 - beat))
        _outline(surface, ring, (*self.colour, alpha), width)
        _outline(surface, self.rect.inflate(4, 4), (*self.colour, 255), width)

    def calmed(self) -> Effect | None:
        return Outline(max(FADE_SECONDS, self.duration), delay=self.delay, on_end=self.on_end, rect=self.rect,
                       colour=self.colour)


@dataclass(eq=False)
class Outline(Effect):
    """A steady outline that fades: a pulse for reduced motion."""

    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    colour: Colour = GOLD
    kind = "fade"

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.ended:
            return
        _outline(surface, self.rect.inflate(4, 4), (*self.colour, _alpha_of(self.t, 0.2, 0.3)),
                 max(2, self.rect.height // 30))


@dataclass(eq=False)
class Shade(Effect):
    """A part of the table greyed out, with a word on it ("out of play"): it stays to the moment's end."""

    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    label: pygame.Surface | None = None
    kind = "fade"
    _shade: pygame.Surface | None = field(default=None, repr=False)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.ended or self.rect.width <= 0 or self.rect.height <= 0:
            return
        if self._shade is None or self._shade.get_size() != self.rect.size:
            self._shade = pygame.Surface(self.rect.size)  # made once, then only faded in
            self._shade.fill((40, 40, 40))
        self._shade.set_alpha(round(150 * min(1.0, self.t / 0.15)))
        surface.blit(self._shade, self.rect.topleft)
        if self.label is not None:
            surface.blit(self.label, self.label.get_rect(center=self.rect.center))


@dataclass(eq=False)
class Flash(Effect):
    """A flare over a part of the table (a burn): a soft oval of light added to what lies there, dying
    away. Light adds up and knows no transparency, so it dies away by its brightness: the glow is drawn
    once, and each frame only dims a copy of it."""

    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    colour: Colour = (255, 200, 120)
    kind = "flash"
    _glow: pygame.Surface | None = field(default=None, repr=False)
    _dimmed: pygame.Surface | None = field(default=None, repr=False)

    def _make_glow(self) -> tuple[pygame.Surface, pygame.Surface]:
        area = self.rect.inflate(self.rect.width // 3, self.rect.height // 3)
        glow = pygame.Surface(area.size)
        rings = 10
        for ring in range(rings):  # from the edge in, each oval brighter than the one around it
            share = (ring + 1) / rings
            oval = pygame.Rect(0, 0, round(area.width * (1 - 0.7 * ring / rings)),
                               round(area.height * (1 - 0.7 * ring / rings)))
            oval.center = (area.width // 2, area.height // 2)
            pygame.draw.ellipse(glow, tuple(round(c * share) for c in self.colour), oval)
        return glow, glow.copy()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.ended or self.rect.width <= 0 or self.rect.height <= 0:
            return
        if self._glow is None or self._dimmed is None:
            self._glow, self._dimmed = self._make_glow()
        level = round(255 * (1.0 - ease_out_cubic(self.t)))
        self._dimmed.blit(self._glow, (0, 0))
        self._dimmed.fill((level, level, level), special_flags=pygame.BLEND_RGB_MULT)
        surface.blit(self._dimmed, self._dimmed.get_rect(center=self.rect.center),
                     special_flags=pygame.BLEND_RGB_ADD)

    def calmed(self) -> Effect | None:
        return None


@dataclass(eq=False)
class Sparks(Effect):
    """Sparks or confetti thrown from a point (or, with `fall`, dropped across `area`), falling away."""

    center: Point = (0.0, 0.0)
    colours: Sequence[Colour] = (GOLD,)
    count: int = 24
    reach: float = 120.0
    area: pygame.Rect | None = None  # confetti: falls across this area instead of bursting from center
    seed: int = 0
    kind = "particles"
    _parts: list[tuple[float, float, float, float, Colour, float]] = field(default_factory=list, repr=False)

    def _make(self) -> None:
        rng = random.Random(self.seed)
        for _ in range(self.count):
            colour = rng.choice(list(self.colours))
            size = rng.uniform(0.6, 1.4)
            if self.area is not None:
                x = rng.uniform(self.area.left, self.area.right)
                y = self.area.top - rng.uniform(0, self.area.height * 0.3)
                self._parts.append((x, y, rng.uniform(-0.15, 0.15), rng.uniform(0.6, 1.1), colour, size))
            else:
                angle = rng.uniform(0, 2 * math.pi)
                speed = rng.uniform(0.4, 1.0)
                self._parts.append((self.center[0], self.center[1], math.cos(angle) * speed,
                                    math.sin(angle) * speed - 0.4, colour, size))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.ended:
            return
        if not self._parts:
            self._make()
        t = self.t
        fall = self.area.height if self.area is not None else self.reach
        dot = max(2, round(self.reach / 30))
        for x, y, vx, vy, colour, size in self._parts:
            if self.area is not None:
                px, py = x + vx * fall * t, y + vy * fall * t * 1.2
            else:
                px = x + vx * self.reach * ease_out_cubic(t)
                py = y + vy * self.reach * ease_out_cubic(t) + 0.5 * self.reach * t * t
            r = max(1, round(dot * size * (1.0 - 0.6 * t)))
            pygame.draw.circle(surface, colour, (round(px), round(py)), r)

    def calmed(self) -> Effect | None:
        return None


def _at(point: Point) -> tuple[int, int]:
    return round(point[0]), round(point[1])


def _outline(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...], width: int) -> None:
    if rect.width <= 0 or rect.height <= 0:
        return
    if colour[3] >= 255:
        pygame.draw.rect(surface, colour[:3], rect, width=width, border_radius=max(2, rect.height // 12))
        return
    ring = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(ring, colour, ring.get_rect(), width=width, border_radius=max(2, rect.height // 12))
    surface.blit(ring, rect.topleft)


FINALE_SECONDS = 3.2  # the confetti and the winners' plates pulsing
WINNER_STAMP_SECONDS = 2.3


def finale(*, winners: Sequence[tuple[pygame.Rect, pygame.Surface]], window: tuple[int, int], speed: float,
           colours: Sequence[Colour], reach: float, seed: int, sound: Callable[[str], None]) -> list[Effect]:
    """The game's end: a fanfare, confetti falling over the whole window, and each winner's plate pulsing
    with its stamp (`winners`: each plate, and the words stamped on it) coming down, one after another."""
    effects: list[Effect] = [
        Cue(0.0, play=partial(sound, "fanfare")),
        Sparks(FINALE_SECONDS * speed, area=pygame.Rect(0, 0, *window), colours=colours, count=180,
               reach=reach, seed=seed),
    ]
    for i, (plate, stamp) in enumerate(winners):
        effects.append(Stamp(WINNER_STAMP_SECONDS * speed, delay=(0.35 + 0.25 * i) * speed, picture=stamp,
                             tilt=-6.0, center=inside_window(stamp, plate.center, window)))
        effects.append(Pulse(FINALE_SECONDS * speed, rect=plate, colour=GOLD, beats=3))
    if winners:  # as the first stamp comes down
        landing = (0.35 + WINNER_STAMP_SECONDS * 0.25) * speed
        effects.append(Cue(0.0, delay=landing, play=partial(sound, "stamp")))
    return effects


@dataclass(eq=False)
class MomentHold(Hold):
    """The playback's wait for a moment: done when its effects are; a skip ends them all at once."""

    moments: Moments | None = None

    @property
    def done(self) -> bool:
        return self.moments is None or not self.moments.busy

    def skip(self) -> None:
        if self.moments is not None:
            self.moments.finish()


@dataclass
class Moments:
    """The effects playing over the table now. `reduced` says whether the player asked for reduced
    motion: each effect added is calmed then (or left out)."""

    reduced: Callable[[], bool] = lambda: False
    effects: list[Effect] = field(default_factory=list)
    #: every kind of effect drawn since the table opened (what a test of reduced motion reads)
    kinds_drawn: set[str] = field(default_factory=set)

    def add(self, effect: Effect) -> Effect | None:
        """Play `effect` (calmed, with reduced motion; None when it is left out, its `on_end` run now)."""
        if self.reduced():
            calm = effect.calmed()
            if calm is None:
                effect.finish()
                return None
            effect = calm
        self.effects.append(effect)
        return effect

    def play(self, effects: Sequence[Effect]) -> MomentHold:
        """Play `effects` together; the playback waits for the last of them (a click skips them all)."""
        for effect in effects:
            self.add(effect)
        return MomentHold(0.0, moments=self)

    @property
    def busy(self) -> bool:
        return any(not effect.done for effect in self.effects)

    def busy_now(self) -> bool:
        """Whether an effect plays (the moments layer shows then)."""
        return self.busy

    def update(self, dt: float) -> None:
        for effect in list(self.effects):
            effect.advance(dt)
        self.effects = [effect for effect in self.effects if not effect.done]

    def finish(self) -> None:
        """Every effect to its end, in order (each `on_end` runs once): a click skipped the moment."""
        while self.effects:
            effects, self.effects = self.effects, []
            for effect in effects:
                effect.finish()

    def clear(self) -> None:
        """Gone without their ends (the game is told again from the record)."""
        self.effects.clear()

    def draw(self, surface: pygame.Surface) -> None:
        for effect in self.effects:
            if effect.started and not effect.done:
                self.kinds_drawn.add(effect.kind)
                effect.draw(surface)


__all__ = [
    "FINALE_SECONDS", "GOLD", "MINUS", "RESTLESS_KINDS", "WINNER_STAMP_SECONDS", "CountUp", "Cue", "Effect",
    "Fade", "Flash", "Flight", "MomentHold", "Moments", "Outline", "Pulse", "Shade", "Sparks", "Stamp",
    "finale", "inside_window", "token",
]
