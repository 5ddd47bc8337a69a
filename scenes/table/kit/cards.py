"""The cards on the table as one layer: each card's sprite (sprite.py: where it lies and how it moves
there), drawn bottom first with highlight and dim, hit by the pointer where it is seen, and the hand of the
person at the screen opened under the pointer (`CardLayer.point_at`): the card there rises and its
neighbours move aside, and close again when the pointer leaves. None of this changes where a card lies in
the layout: the hand's opening and a card's rise are drawn on top of its place. A card picked up by the
pointer is drawn a little larger over a soft shadow.

A sprite never scales its surface per frame: faces and backs come from the art library (scaled once per
size and cached there); the frames of motion made of them (a flip's narrowed frames, turns in whole
degrees, a landing's squash and a lift in a few steps), the dim veil and the shadow are cached here, in
caches bounded by their bytes (scenes/cache.py). At most MADE_PER_FRAME new frames of motion are made in
one frame (a card whose frame is not made yet is drawn plain meanwhile), so a deal of new faces never
stalls a frame. A table that leaves the screen drops them and its sprites' pictures
(`CardLayer.drop_cached`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from scenes.cache import MB, BoundedCache
from scenes.table.kit.sprite import (
    CardSprite,
    Point,
    Size,
    drawn_size,
    fan_offset,
    outline_width,
)

HIGHLIGHT = (255, 214, 90)
SELECTED = (120, 220, 255)
SHADOW_ALPHA = 170
FLIP_STEPS = 8  # narrowed frames per half flip
DIM_ALPHA = 120
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


def _drawing_order(sprite: CardSprite) -> tuple[bool, bool, float, int]:
    """Bottom first: the cards lying still, then those that slide, then those that fly or are held. The
    card of the opened hand under the pointer keeps its place among its neighbours (it shows itself by
    rising): drawn over them, it would hide its right neighbour's strip in a tight hand, and that card
    could then be neither seen nor clicked."""
    return (sprite.flying, sprite.soaring, sprite.z, sprite.uid)


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
            width = outline_width(sprite.size[0])
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
