"""Card sprites: float positions, moves with weight, flips, the hand opened under the pointer, a card
picked up, highlight/dim and z-order.

Every move eases out and settles on its place with a slight overshoot. A flight (a move longer than most
of a card's height) also turns the card a few degrees on the way, straight again before it lands, and
squashes it a little for a few frames as it lands. A card picked up by the pointer is drawn a little
larger over a soft shadow. The hand of the person at the screen opens under the pointer
(`CardLayer.point_at`): the card there rises and its neighbours move apart a little, and close again when
the pointer leaves. With reduced motion (`place(..., calm=True)`) nothing turns, squashes or overshoots:
a flight, or a card turned over, is a short fade instead, out where the card was and in where it goes.
Where a move ends is the same either way, and none of this changes where a card lies in the layout: the
hand's opening and a card's rise are drawn on top of its place.

A sprite never scales its surface per frame: faces and backs come from the art library (scaled once per
size and cached there); the frames of motion made of them (a flip's narrowed frames, turns in whole
degrees, a landing's squash and a lift in a few steps), the dim veil and the shadow are cached here, in
caches bounded by their bytes (scenes/cache.py). At most MADE_PER_FRAME new frames of motion are made in
one frame (a card whose frame is not made yet is drawn plain meanwhile), so a deal of new faces never
stalls a frame. A table that leaves the screen drops them and its sprites' pictures
(`CardLayer.drop_cached`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from scenes.cache import MB, BoundedCache
from scenes.table.kit.animation import Tween, bump, ease_in_out_cubic, flight_turn, linear, settling

Size = tuple[int, int]
Point = tuple[float, float]

HIGHLIGHT = (255, 214, 90)
SELECTED = (120, 220, 255)
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
SHADOW_ALPHA = 170
FLIP_STEPS = 8  # narrowed frames per half flip
DIM_ALPHA = 120
MIN_CARD = (4, 6)
#: the bytes of narrowed flip frames and of dim veils a table keeps (the least recently used go first)
FLIP_BUDGET = 8 * MB
VEIL_BUDGET = 2 * MB
#: the bytes of turned, squashed and lifted frames, and of shadows, a table keeps
MOTION_BUDGET = 16 * MB
SHADOW_BUDGET = 2 * MB
#: new frames of motion (a rotation, a smooth scaling) made at most in one frame
MADE_PER_FRAME = 2


class Art(Protocol):
    def card(self, game_id: str, card_id: str, size: Size) -> pygame.Surface: ...

    def back(self, game_id: str, size: Size, kind: str = "back") -> pygame.Surface: ...


@dataclass(frozen=True)
class Placement:
    """Where the layout wants a card: its centre, size, face and stacking order."""

    center: tuple[float, float]
    size: Size
    face_up: bool
    z: float
    shown: bool = True  # False: part of a pile below the visible top cards


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


def _drawing_order(sprite: CardSprite) -> tuple[bool, bool, float, int]:
    """Bottom first: the cards lying still, then those that slide, then those that fly or are held. The
    card of the opened hand under the pointer keeps its place among its neighbours (it shows itself by
    rising): drawn over them, it would hide its right neighbour's strip in a tight hand, and that card
    could then be neither seen nor clicked."""
    return (sprite.flying, sprite.soaring, sprite.z, sprite.uid)


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


@dataclass
class CardLayer:
    """All card sprites of a table, drawn in z-order with cached surfaces."""

    game_id: str
    sprites: dict[int, CardSprite] = field(default_factory=dict)
    _next_uid: int = 0
    _narrow: BoundedCache[tuple[tuple[str, Size], int], pygame.Surface] = field(
        default_factory=lambda: BoundedCache("flip frames", FLIP_BUDGET))
    _veils: BoundedCache[Size, pygame.Surface] = field(
        default_factory=lambda: BoundedCache("dim veils", VEIL_BUDGET))
    _frames: BoundedCache[Hashable, pygame.Surface] = field(
        default_factory=lambda: BoundedCache("motion frames", MOTION_BUDGET))
    _shadows: BoundedCache[Size, pygame.Surface] = field(
        default_factory=lambda: BoundedCache("card shadows", SHADOW_BUDGET))
    _made: int = 0  # frames of motion made since the last update
    _order: list[CardSprite] | None = None
    badge: Callable[[Size], pygame.Surface | None] | None = None
    #: a table's own picture for a sprite instead of the art library's face or back (None: the library's)
    picture: Callable[[CardSprite, Art], pygame.Surface | None] | None = None
    drawn_last_frame: int = 0
    #: where the pointer is, and the zone (the person's own hand) that opens under it (`point_at`)
    pointer: Point | None = None
    fan_zone: str | None = None

    def new_uid(self) -> int:
        self._next_uid += 1
        return self._next_uid

    def add(self, sprite: CardSprite) -> CardSprite:
        self.sprites[sprite.uid] = sprite
        self._order = None
        return sprite

    def remove(self, uid: int) -> None:
        self.sprites.pop(uid, None)
        self._order = None

    def clear(self) -> None:
        self.sprites.clear()
        self._order = None

    def forget_flips(self) -> None:
        """Drop the frames of motion (the art they were made of changed)."""
        self._narrow.clear()
        self._frames.clear()

    def drop_cached(self) -> None:
        """Let go of every picture the layer keeps: the sprites' faces and backs, the frames of motion,
        the veils and the shadows (the sprites stay; each asks for its picture again when next drawn)."""
        self._narrow.clear()
        self._veils.clear()
        self._frames.clear()
        self._shadows.clear()
        for sprite in self.sprites.values():
            sprite.image = None
            sprite.image_key = None

    def __iter__(self):
        return iter(self.sprites.values())

    @property
    def busy(self) -> bool:
        return any(s.busy for s in self.sprites.values())

    def point_at(self, pos: Point | None, zone: str | None) -> None:
        """The pointer is at `pos` (None: gone); `zone` (the hand of the person at the screen; None: no
        hand) opens under it from the next update: the card there rises, its neighbours move apart."""
        self.pointer = pos
        self.fan_zone = zone

    @property
    def pointed(self) -> CardSprite | None:
        """The card of the opened hand under the pointer (the one held, while one is)."""
        return next((s for s in self.sprites.values() if s.hover), None)

    def update(self, dt: float) -> None:
        self._made = 0
        self._open_hand()
        for sprite in self.sprites.values():
            sprite.update(dt)
        self._order = None

    def _open_hand(self) -> None:
        """Which card of the hand the pointer is on, and how far each of the hand moves aside for it."""
        hand = [s for s in self.sprites.values() if s.zone == self.fan_zone and s.shown] \
            if self.fan_zone is not None else []
        pointed = self._under_pointer(hand)
        for sprite in self.sprites.values():
            sprite.hover = sprite is pointed
            sprite.fan_goal = 0.0
        if pointed is None:
            return
        row = sorted(hand, key=lambda s: (s.home[0], s.z))
        at = row.index(pointed)
        for index, sprite in enumerate(row):
            sprite.fan_goal = fan_offset(index - at, sprite.size[0])

    def _under_pointer(self, hand: list[CardSprite]) -> CardSprite | None:
        held = next((s for s in hand if s.held), None)
        if held is not None or self.pointer is None:
            return held
        for sprite in sorted(hand, key=_drawing_order, reverse=True):  # the topmost first
            if sprite.flying:
                continue
            area = sprite.rect
            if sprite.hover:  # risen already: the room it left below still holds it (no flicker)
                area = area.union(sprite.rest_rect)
            if area.collidepoint(self.pointer):
                return sprite
        return None

    def finish(self) -> None:
        for sprite in self.sprites.values():
            sprite.snap()

    def ordered(self) -> list[CardSprite]:
        if self._order is None:
            self._order = sorted(self.sprites.values(), key=_drawing_order)
        return self._order

    def hit(self, pos: tuple[float, float], candidates: Iterable[int] | None = None) -> CardSprite | None:
        """The topmost shown sprite under `pos` (among `candidates` when given)."""
        allowed = None if candidates is None else set(candidates)
        for sprite in reversed(self.ordered()):
            if not sprite.shown or (allowed is not None and sprite.uid not in allowed):
                continue
            if sprite.rect.collidepoint(pos):
                return sprite
        return None

    def surface_for(self, sprite: CardSprite, art: Art) -> pygame.Surface:
        """The sprite's face or back; kept on the sprite until its look changes (asking the art
        library every frame would cost more than the blit)."""
        face = sprite.shown_face and sprite.art_id is not None
        key = (sprite.art_id if face else sprite.back_kind, face, sprite.size, id(art))
        if sprite.image is None or sprite.image_key != key:
            own = self.picture(sprite, art) if self.picture is not None else None
            if own is not None:
                sprite.image = own
            elif face:
                sprite.image = art.card(self.game_id, sprite.art_id, sprite.size)  # type: ignore[arg-type]
            else:
                sprite.image = art.back(self.game_id, sprite.size, sprite.back_kind)
            sprite.image_key = key
        return sprite.image

    def has_flights(self) -> bool:
        """Whether a card is in flight (moving, fading, or dragged) now."""
        return any(sprite.flying for sprite in self.sprites.values())

    def draw(self, surface: pygame.Surface, art: Art, flying: bool | None = None) -> None:
        """The cards, bottom first; only those in flight (`flying` True), only those that are not
        (False), or all (None)."""
        drawn = 0
        for sprite in self.ordered():
            if not sprite.shown or (flying is not None and sprite.flying != flying):
                continue
            self._draw_sprite(surface, sprite, art)
            drawn += 1
        self.drawn_last_frame = drawn

    def _draw_sprite(self, surface: pygame.Surface, sprite: CardSprite, art: Art) -> None:
        image = self.surface_for(sprite, art)
        rect = sprite.rect
        if not (sprite.flying or sprite.landing > 0.0 or sprite.grab > 0.0 or sprite.flip is not None):
            surface.blit(image, (rect.x, rect.y))  # lying still, as most cards do: nothing to work out
            self._draw_marks(surface, sprite, rect)
            self._draw_outline(surface, sprite, rect)
            return
        frame = self._motion_frame(sprite, image)
        if frame is None:  # as it lies: its own picture, where its place says
            picture, box = image, rect
        else:
            picture = frame
            box = pygame.FRect(0, 0, *frame.get_size())
            box.center = rect.center
        if sprite.grab > 0.0:
            self._draw_shadow(surface, box, sprite.grab)
        _blit(surface, picture, (box.x, box.y), sprite.alpha)
        if sprite.flip is not None or sprite.angle or sprite.squash or sprite.alpha < 255:
            return  # on its way: no marks until it lies still
        if frame is None:
            self._draw_marks(surface, sprite, rect)
        self._draw_outline(surface, sprite, box)

    @staticmethod
    def _draw_outline(surface: pygame.Surface, sprite: CardSprite, box: pygame.FRect) -> None:
        if sprite.highlight or sprite.selected:
            colour = SELECTED if sprite.selected else HIGHLIGHT
            width = max(2, sprite.size[0] // 30)
            pygame.draw.rect(surface, colour, box.inflate(width * 2, width * 2), width,
                             border_radius=max(2, sprite.size[0] // 12))

    def _draw_marks(self, surface: pygame.Surface, sprite: CardSprite, rect: pygame.FRect) -> None:
        if sprite.marked and self.badge is not None:
            badge = self.badge(sprite.size)
            if badge is not None:
                # on the picture, below the name band: the name stays readable
                surface.blit(badge, (rect.right - badge.get_width() - rect.w * 0.1, rect.y + rect.h * 0.17))
        if sprite.dim:
            surface.blit(self._veil(sprite.size), (rect.x, rect.y))

    def _motion_frame(self, sprite: CardSprite, image: pygame.Surface) -> pygame.Surface | None:
        """The picture of `sprite` as its motion draws it now (narrowed mid-flip, turned in flight,
        squashed landing, larger when picked up), from the caches; None: its own picture, as it lies."""
        key = sprite.image_key
        angle = sprite.angle
        if sprite.flip is not None:
            face = sprite.art_id if sprite.shown_face and sprite.art_id else "back:" + sprite.back_kind
            narrow = self._narrowed(image, (face, sprite.size), sprite.flip_width)
            if not angle:
                return narrow
            # narrowed by nearest pixels already (a blur of motion): turned the same quick way
            turned = self._made_frame((key, "flip", narrow.get_width(), angle),
                                      lambda: pygame.transform.rotate(_with_alpha(narrow), angle))
            return turned if turned is not None else narrow
        if angle:
            return self._made_frame((key, "turn", angle),
                                    lambda: pygame.transform.rotozoom(_with_alpha(image), angle, 1.0))
        squash, grown = sprite.squash, sprite.grown
        if squash or grown:
            size = drawn_size(sprite.size, squash, grown)
            return self._made_frame((key, "size", size),
                                    lambda: pygame.transform.smoothscale(_with_alpha(image), size))
        return None

    def _made_frame(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface | None:
        """A cached frame of motion, made now when this frame may still make one (None: not yet)."""
        frame = self._frames.get(key)
        if frame is None and self._made < MADE_PER_FRAME:
            self._made += 1
            frame = self._frames.put(key, make())
        return frame

    def _narrowed(self, image: pygame.Surface, face: tuple[str, Size], scale: float) -> pygame.Surface:
        step = max(1, round(scale * FLIP_STEPS))
        key = (face, step)
        cached = self._narrow.get(key)
        if cached is None:
            width = max(1, round(image.get_width() * step / FLIP_STEPS))
            cached = pygame.transform.scale(image, (width, image.get_height()))  # a blur of motion anyway
            self._narrow.put(key, cached)
        return cached

    def _veil(self, size: Size) -> pygame.Surface:
        veil = self._veils.get(size)
        if veil is None:
            veil = pygame.Surface(size, pygame.SRCALPHA)
            veil.fill((10, 14, 20, DIM_ALPHA))
            self._veils.put(size, veil)
        return veil

    def _draw_shadow(self, surface: pygame.Surface, box: pygame.FRect, grab: float) -> None:
        """The soft shadow a card picked up casts on the table: below and a little to the right of it,
        the further the higher it has come."""
        size = (round(box.w), round(box.h))
        shadow = self._shadows.get(size)
        if shadow is None:
            shadow = self._shadows.put(size, soft_shadow(size))
        x = box.centerx + box.w * 0.06 * grab - shadow.get_width() / 2
        y = box.centery + box.h * 0.09 * grab - shadow.get_height() / 2
        _blit(surface, shadow, (x, y), round(255 * grab))


def soft_shadow(size: Size) -> pygame.Surface:
    """A dark rounded card-shaped patch with soft edges, padded on every side by its blur. Blurred at a
    quarter of its size and scaled up: a blur at full size would cost a hundred times more."""
    w, h = size
    pad = max(2, w // 10)
    full = (w + 2 * pad, h + 2 * pad)
    small = pygame.Surface((max(1, full[0] // 4), max(1, full[1] // 4)), pygame.SRCALPHA)
    inner = pygame.Rect(pad // 4, pad // 4, max(1, w // 4), max(1, h // 4))
    pygame.draw.rect(small, (0, 0, 0, SHADOW_ALPHA), inner, border_radius=max(1, w // 48))
    if min(small.get_size()) > 2:
        small = pygame.transform.gaussian_blur(small, max(1, pad // 8))
    return pygame.transform.smoothscale(small, full)


def _with_alpha(image: pygame.Surface) -> pygame.Surface:
    """`image` with an alpha channel (a turned picture's corners stay clear, not the colour of its own)."""
    if image.get_flags() & pygame.SRCALPHA:
        return image
    out = pygame.Surface(image.get_size(), pygame.SRCALPHA)
    out.blit(image, (0, 0))
    return out


def _blit(surface: pygame.Surface, picture: pygame.Surface, pos: Point, alpha: int) -> None:
    """`picture` at `pos`, at `alpha` (a shared picture gets its own alpha back afterwards)."""
    if alpha >= 255:
        surface.blit(picture, pos)
        return
    if alpha <= 0:
        return
    before = picture.get_alpha()
    picture.set_alpha(alpha)
    surface.blit(picture, pos)
    picture.set_alpha(before)
