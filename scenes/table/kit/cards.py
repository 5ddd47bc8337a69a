"""Card sprites: float positions, tweened moves, flips, hover lift, highlight/dim and z-order.

A sprite never scales its surface per frame: faces and backs come from the art library (scaled once
per size and cached there); the few narrowed frames of a flip and the dim veil are cached here, in
caches bounded by their bytes (scenes/cache.py). A table that leaves the screen drops them and its
sprites' pictures (`CardLayer.drop_cached`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from scenes.cache import MB, BoundedCache
from scenes.table.kit.animation import Tween, ease_in_out_cubic, ease_out_cubic

Size = tuple[int, int]

HIGHLIGHT = (255, 214, 90)
SELECTED = (120, 220, 255)
HOVER_LIFT = 0.14  # of the card height
FLIP_STEPS = 8  # narrowed frames per half flip
DIM_ALPHA = 120
MIN_CARD = (4, 6)
#: the bytes of narrowed flip frames and of dim veils a table keeps (the least recently used go first)
FLIP_BUDGET = 8 * MB
VEIL_BUDGET = 2 * MB


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


@dataclass
class CardSprite:
    uid: int
    card: str | None  # None: a card this seat may not know (drawn as a back)
    zone: str
    art_id: str | None = None
    back_kind: str = "back"
    center: tuple[float, float] = (0.0, 0.0)
    size: Size = (60, 84)
    face_up: bool = False
    shown_face: bool = False  # the side on screen right now (differs from face_up mid-flip)
    z: float = 0.0
    shown: bool = True
    highlight: bool = False
    selected: bool = False
    dim: bool = False
    marked: bool = False  # carries the blocked-person badge
    hover: bool = False
    lift: float = 0.0
    move: Tween | None = None
    flip: Tween | None = None
    flying: bool = False
    image_key: tuple | None = field(default=None, repr=False, compare=False)
    image: pygame.Surface | None = field(default=None, repr=False, compare=False)

    @property
    def rect(self) -> pygame.FRect:
        w, h = self.size
        r = pygame.FRect(0, 0, w, h)
        r.center = (self.center[0], self.center[1] - self.lift * h * HOVER_LIFT)
        return r

    @property
    def busy(self) -> bool:
        return self.move is not None or self.flip is not None

    def place(self, target: Placement, seconds: float, delay: float = 0.0) -> None:
        """Go to `target`: tweened over `seconds` (0: at once), flipping when the face changes."""
        self.size = (max(MIN_CARD[0], target.size[0]), max(MIN_CARD[1], target.size[1]))
        self.z = target.z
        self.shown = target.shown
        moved = math.dist(self.center, target.center) > 0.5
        if seconds <= 0.0:
            self.center = target.center
            self.move = None
            self.flip = None
            self.face_up = self.shown_face = target.face_up
            self.flying = False
            return
        if moved:
            easing = ease_out_cubic if self.move is not None else ease_in_out_cubic
            self.move = Tween(self.center, target.center, seconds, easing, delay)
            self.flying = True
        if target.face_up != self.face_up:
            self.face_up = target.face_up
            self.flip = Tween((0.0,), (1.0,), seconds * 0.8, ease_in_out_cubic, delay + seconds * 0.1)

    def snap(self) -> None:
        if self.move is not None:
            self.center = self.move.finish()  # type: ignore[assignment]
            self.move = None
        self.flip = None
        self.shown_face = self.face_up
        self.flying = False

    def update(self, dt: float) -> None:
        if self.move is not None:
            x, y = self.move.advance(dt)
            self.center = (x, y)
            if self.move.done:
                self.move = None
                self.flying = False
        if self.flip is not None:
            (t,) = self.flip.advance(dt)
            if t >= 0.5:
                self.shown_face = self.face_up
            if self.flip.done:
                self.flip = None
                self.shown_face = self.face_up
        goal = 1.0 if (self.hover or self.selected) else 0.0
        if self.lift != goal:
            step = dt * 8.0
            self.lift = min(goal, self.lift + step) if goal > self.lift else max(goal, self.lift - step)

    @property
    def flip_width(self) -> float:
        """The horizontal scale mid-flip: 1 -> 0 (edge on) -> 1."""
        if self.flip is None:
            return 1.0
        return abs(math.cos(math.pi * self.flip.progress))


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
    _order: list[CardSprite] | None = None
    badge: Callable[[Size], pygame.Surface | None] | None = None
    #: a table's own picture for a sprite instead of the art library's face or back (None: the library's)
    picture: Callable[[CardSprite, Art], pygame.Surface | None] | None = None
    drawn_last_frame: int = 0

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
        """Drop the narrowed flip frames (the art they were made of changed)."""
        self._narrow.clear()

    def drop_cached(self) -> None:
        """Let go of every picture the layer keeps: the sprites' faces and backs, the flip frames and the
        veils (the sprites stay; each asks for its picture again when next drawn)."""
        self._narrow.clear()
        self._veils.clear()
        for sprite in self.sprites.values():
            sprite.image = None
            sprite.image_key = None

    def __iter__(self):
        return iter(self.sprites.values())

    @property
    def busy(self) -> bool:
        return any(s.busy for s in self.sprites.values())

    def update(self, dt: float) -> None:
        for sprite in self.sprites.values():
            sprite.update(dt)
        self._order = None

    def finish(self) -> None:
        for sprite in self.sprites.values():
            sprite.snap()

    def ordered(self) -> list[CardSprite]:
        if self._order is None:
            self._order = sorted(self.sprites.values(), key=lambda s: (s.flying, s.z, s.uid))
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
        """Whether a card is in flight (moving, or dragged) now."""
        return any(sprite.flying for sprite in self.sprites.values())

    def draw(self, surface: pygame.Surface, art: Art, flying: bool | None = None) -> None:
        """The cards, bottom first; only those in flight (`flying` True), only those that are not
        (False), or all (None)."""
        drawn = 0
        for sprite in self.ordered():
            if not sprite.shown or (flying is not None and sprite.flying != flying):
                continue
            image = self.surface_for(sprite, art)
            rect = sprite.rect
            if sprite.flip is not None:
                face = sprite.art_id if sprite.shown_face and sprite.art_id else "back:" + sprite.back_kind
                image = self._narrowed(image, (face, sprite.size), sprite.flip_width)
                pos = (rect.centerx - image.get_width() / 2, rect.y)
            else:
                pos = (rect.x, rect.y)
            surface.blit(image, pos)
            drawn += 1
            if sprite.flip is not None:
                continue
            if sprite.marked and self.badge is not None:
                badge = self.badge(sprite.size)
                if badge is not None:
                    # on the picture, below the name band: the name stays readable
                    surface.blit(
                        badge, (rect.right - badge.get_width() - rect.w * 0.1, rect.y + rect.h * 0.17)
                    )
            if sprite.dim:
                surface.blit(self._veil(sprite.size), (rect.x, rect.y))
            if sprite.highlight or sprite.selected:
                colour = SELECTED if sprite.selected else HIGHLIGHT
                width = max(2, sprite.size[0] // 30)
                pygame.draw.rect(
                    surface,
                    colour,
                    rect.inflate(width * 2, width * 2),
                    width,
                    border_radius=max(2, sprite.size[0] // 12),
                )
        self.drawn_last_frame = drawn

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
