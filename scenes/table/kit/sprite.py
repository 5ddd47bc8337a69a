"""A card on the table: where it lies (its `Placement`), and how it moves there with weight.

Every move eases out and settles on its place with a slight overshoot. A flight (a move longer than most
of a card's height) also turns the card a few degrees on the way, straight again before it lands, and
squashes it a little for a few frames as it lands. A card picked up by the pointer grows a little; a card
of the opened hand rises, and its neighbours move aside (`fan_offset`). With reduced motion
(`place(..., calm=True)`) nothing turns, squashes or overshoots: a flight, or a card turned over, is a short
fade instead. Where a move ends is the same either way. The sprite keeps numbers only (where, how far
turned, squashed, grown, faded): the card layer (cards.py) draws it from pictures made once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from scenes.table.kit.animation import Tween, bump, ease_in_out_cubic, flight_turn, linear, settling

Size = tuple[int, int]
Point = tuple[float, float]

HOVER_LIFT = 0.14  # of the card height: a card under the pointer (or picked for a choice) rises
FAN_SPREAD = 0.18  # of the card width: the neighbours of the card under the pointer move apart
FAN_RATE = 16.0  # per second: how quickly the hand opens and closes (each frame this share of the rest)
FLIGHT_CARDS = 0.75  # a move longer than this many card heights is a flight: it turns, and it lands
OVERSHOOT = 0.05  # the share of its way a move passes its end before it settles there
OVERSHOOT_CARDS = 0.12  # and never more than this share of the card's height
TURN_DEGREES = 5.0  # the most a card in flight turns
LAND_SECONDS = 0.12  # a landing's squash (at most half the flight's time)
SQUASH = 0.06  # of its size: a card is this much wider and lower at the deepest of its landing
SQUASH_STEPS = 3  # the squashed frames made of a card: the landing steps through them
GRAB_SCALE = 1.08  # a card picked up by the pointer is drawn this much larger
GRAB_STEPS = 4  # the larger frames made of it on its way up
GRAB_RATE = 10.0  # per second: how quickly it comes up (and goes down)
MIN_CARD = (4, 6)


@dataclass(frozen=True)
class Placement:
    """Where the layout wants a card: its centre, size, face and stacking order."""

    center: tuple[float, float]
    size: Size
    face_up: bool
    z: float
    shown: bool = True  # False: part of a pile below the visible top cards


def outline_width(card_w: int) -> int:
    """The width of the frame drawn round a highlighted or picked card (cards.py), outside the card."""
    return max(2, card_w // 30)


def fan_offset(steps: int, width: float) -> float:
    """How far (pixels, signed) a card `steps` cards right (+) or left (-) of the card under the pointer
    moves aside when the hand opens. Every card on a side moves as far as the nearest: were the further
    ones to move less, each would slide under its inner neighbour, and in a tight hand a card would hide
    (and a click meant for it would take the card above)."""
    if steps == 0:
        return 0.0
    return math.copysign(width * FAN_SPREAD, steps)


@dataclass
class CardSprite:
    uid: int
    card: str | None  # None: a card this seat may not know (drawn as a back)
    zone: str
    art_id: str | None = None
    back_kind: str = "back"
    center: tuple[float, float] = (0.0, 0.0)  # its place (a move's way there), without rise or opening
    size: Size = (60, 84)
    face_up: bool = False
    shown_face: bool = False  # the side on screen right now (differs from face_up mid-flip)
    z: float = 0.0
    shown: bool = True
    highlight: bool = False
    selected: bool = False
    dim: bool = False
    marked: bool = False  # carries the blocked-person badge
    hover: bool = False  # the pointer is on it, in the hand the layer opens (`CardLayer.point_at`)
    lift: float = 0.0  # 0..1: how far it has risen (under the pointer, or picked for a choice)
    fan: float = 0.0  # pixels aside: the hand opened under the pointer moves it from the card there
    fan_goal: float = 0.0
    held: bool = False  # picked up by the pointer (dragged): drawn larger, over a shadow
    grab: float = 0.0  # 0..1: how far it has come up off the table
    move: Tween | None = None
    flip: Tween | None = None
    fade: Tween | None = None  # reduced motion: out where it was, in where it goes
    goal: tuple[float, float] | None = None  # where a fade comes in (until it does)
    spot: tuple[float, float] | None = None  # where the layout last placed it (a card held stays there)
    turn: float = 0.0  # the most degrees the flight under way turns (signed; 0: it does not)
    land_seconds: float = 0.0  # how long the landing of the flight under way shows (0: it does not)
    landing: float = 0.0  # seconds left of its landing
    flying: bool = False
    image_key: tuple | None = field(default=None, repr=False, compare=False)
    image: pygame.Surface | None = field(default=None, repr=False, compare=False)

    @property
    def rect(self) -> pygame.FRect:
        """Where it is drawn (and clicked): its place, moved aside in an opened hand and risen."""
        w, h = self.size
        r = pygame.FRect(0, 0, w, h)
        r.center = (self.center[0] + self.fan, self.center[1] - self.lift * h * HOVER_LIFT)
        return r

    @property
    def rest_rect(self) -> pygame.FRect:
        """Its place alone, without rise or opening."""
        r = pygame.FRect(0, 0, *self.size)
        r.center = self.center
        return r

    @property
    def home(self) -> Point:
        """Its place in the layout: where it is going or lies (a card held: where it was taken from)."""
        return self.spot if self.spot is not None else self.center

    @property
    def busy(self) -> bool:
        return self.move is not None or self.flip is not None or self.fade is not None

    @property
    def soaring(self) -> bool:
        """Above the cards that only slide: it flies across the table, or is held by the pointer."""
        return self.held or self.turn != 0.0 or self.fade is not None

    def place(self, target: Placement, seconds: float, delay: float = 0.0, *, calm: bool = False) -> None:
        """Go to `target`: over `seconds` (0: at once), turning over when the face changes. `calm`
        (reduced motion): a flight or a turn-over fades out here and in there, and nothing overshoots."""
        self.size = (max(MIN_CARD[0], target.size[0]), max(MIN_CARD[1], target.size[1]))
        self.z = target.z
        self.shown = target.shown
        self.spot = target.center
        if seconds <= 0.0:
            self._jump(target)
            return
        if self.goal is not None:  # still fading out where it was: it comes in at the new place
            self.goal = target.center
            self.face_up = target.face_up
            return
        distance = math.dist(self.center, target.center)
        flight = distance > FLIGHT_CARDS * self.size[1]
        flips = target.face_up != self.face_up
        if calm and (flight or flips):
            self._fade_to(target, seconds, delay)
            return
        if self.move is not None and math.dist(self.move.end, target.center) <= FLIGHT_CARDS * self.size[1]:
            self.move.end = target.center  # on its way already: the same flight, to the place as it is now
        elif distance > 0.5:
            self._move_to(target.center, distance, seconds, delay, flight=flight and not calm, calm=calm)
        if flips:
            self.face_up = target.face_up
            self.flip = Tween((0.0,), (1.0,), seconds * 0.8, ease_in_out_cubic, delay + seconds * 0.1)

    def _jump(self, target: Placement) -> None:
        self.center = target.center
        self.move = self.flip = self.fade = None
        self.goal = None
        self.face_up = self.shown_face = target.face_up
        self.flying = False
        self.turn = self.land_seconds = self.landing = 0.0

    def _move_to(self, end: Point, distance: float, seconds: float, delay: float, *, flight: bool,
                 calm: bool) -> None:
        overshoot = 0.0 if calm else min(OVERSHOOT, OVERSHOOT_CARDS * self.size[1] / distance)
        self.move = Tween(self.center, end, seconds, settling(overshoot), delay)
        self.flying = True
        self.landing = 0.0
        if flight:
            dx = end[0] - self.center[0]
            lean = 0.5 + 0.5 * abs(dx) / distance  # across the table the most, straight up or down half
            self.turn = -math.copysign(TURN_DEGREES * lean, dx)  # leans into its way: right, clockwise
            self.land_seconds = min(LAND_SECONDS, seconds * 0.5)
        else:
            self.turn = self.land_seconds = 0.0

    def _fade_to(self, target: Placement, seconds: float, delay: float) -> None:
        self.fade = Tween((0.0,), (1.0,), seconds, linear, delay)
        self.goal = target.center
        self.face_up = target.face_up
        self.move = self.flip = None
        self.turn = self.land_seconds = self.landing = 0.0
        self.flying = True

    def snap(self) -> None:
        """To the end of whatever it does, at once (and let go of, if it was held)."""
        if self.move is not None:
            end = self.move.finish()
            self.center = (end[0], end[1])
            self.move = None
        if self.goal is not None:
            self.center = self.goal
            self.goal = None
        self.fade = self.flip = None
        self.shown_face = self.face_up
        self.flying = False
        self.turn = self.land_seconds = self.landing = 0.0
        self.held = False
        self.grab = 0.0

    def update(self, dt: float) -> None:
        if self.fade is not None:
            self._advance_fade(dt)
        if self.move is not None:
            x, y = self.move.advance(dt)
            self.center = (x, y)
            if self.move.done:
                self.center = (self.move.end[0], self.move.end[1])  # exactly there, whatever the easing
                self.move = None
                self.flying = self.fade is not None
                self.landing = self.land_seconds if self.turn else 0.0
                self.turn = 0.0
        elif self.landing > 0.0:
            self.landing = max(0.0, self.landing - dt)
        if self.flip is not None:
            (t,) = self.flip.advance(dt)
            if t >= 0.5:
                self.shown_face = self.face_up
            if self.flip.done:
                self.flip = None
                self.shown_face = self.face_up
        self.grab = _toward(self.grab, 1.0 if self.held else 0.0, dt * GRAB_RATE)
        if self.held:
            return  # in the pointer's hand: it stays where the pointer took it, risen or not
        self.lift = _toward(self.lift, 1.0 if (self.hover or self.selected) else 0.0, dt * 8.0)
        if self.fan != self.fan_goal:
            self.fan += (self.fan_goal - self.fan) * min(1.0, dt * FAN_RATE)
            if abs(self.fan_goal - self.fan) < 0.25:
                self.fan = self.fan_goal

    def _advance_fade(self, dt: float) -> None:
        assert self.fade is not None
        (t,) = self.fade.advance(dt)
        if t >= 0.5 and self.goal is not None:  # unseen now: it comes in at its new place, new side up
            self.center = self.goal
            self.goal = None
            self.shown_face = self.face_up
        if self.fade.done:
            self.fade = None
            self.flying = self.move is not None

    @property
    def flip_width(self) -> float:
        """The horizontal scale mid-flip: 1 -> 0 (edge on) -> 1."""
        if self.flip is None:
            return 1.0
        return abs(math.cos(math.pi * self.flip.progress))

    @property
    def angle(self) -> int:
        """Its turn now, in whole degrees (pygame's: counter-clockwise; 0: straight)."""
        if self.move is None or not self.turn:
            return 0
        return round(flight_turn(self.move.progress, self.turn))

    @property
    def squash(self) -> int:
        """How squashed its landing draws it now: 0 (not) to SQUASH_STEPS (the most)."""
        if self.landing <= 0.0 or self.land_seconds <= 0.0:
            return 0
        return round(bump(1.0 - self.landing / self.land_seconds) * SQUASH_STEPS)

    @property
    def grown(self) -> int:
        """How much larger a card picked up is drawn now: 0 (its size) to GRAB_STEPS (GRAB_SCALE)."""
        return round(self.grab * GRAB_STEPS)

    @property
    def alpha(self) -> int:
        """Its opacity: 255, but for a fade (out to nothing at its middle, then in again)."""
        if self.fade is None:
            return 255
        return round(255 * abs(1.0 - 2.0 * self.fade.progress))


def _toward(value: float, goal: float, step: float) -> float:
    return min(goal, value + step) if goal > value else max(goal, value - step)


def drawn_size(size: Size, squash: int, grown: int) -> Size:
    """The size a card of `size` is drawn at, squashed `squash` steps or grown `grown` steps."""
    w, h = size
    if squash:
        share = SQUASH * squash / SQUASH_STEPS
        return max(1, round(w * (1.0 + share))), max(1, round(h * (1.0 - share)))
    if grown:
        scale = 1.0 + (GRAB_SCALE - 1.0) * grown / GRAB_STEPS
        return max(1, round(w * scale)), max(1, round(h * scale))
    return size
