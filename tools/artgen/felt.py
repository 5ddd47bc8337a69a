"""Table backgrounds: a quiet felt made of seeded noise at several scales and a soft vignette.

Meant to be scaled to the window (the loader crops to fill), so it has no seams to hide; its contrast
stays low so cards and their colour bands always read first.
"""

from __future__ import annotations

import math
import random

import pygame

from tools.artgen.paint import Colour

TABLE_SIZE = (1920, 1080)


def _noise(rng: random.Random, size: tuple[int, int], depth: int) -> pygame.Surface:
    """Grey noise in 0..depth below white, as an RGB surface of `size` (for a multiply blend)."""
    w, h = size
    img = pygame.image.frombytes(rng.randbytes(w * h), (w, h), "P")
    img.set_palette([(255 - i * depth // 255,) * 3 for i in range(256)])
    out = pygame.Surface(size, depth=32)
    out.blit(img, (0, 0))
    return out


def felt(base: Colour, seed: int, size: tuple[int, int] = TABLE_SIZE) -> pygame.Surface:
    rng = random.Random(seed)
    w, h = size
    out = pygame.Surface(size, depth=32)
    out.fill(base[:3])
    # broad mottling, then finer grain, then single-pixel fibre noise
    for cells, depth in ((24, 34), (96, 22), (480, 16)):
        grid = (cells, max(1, cells * h // w))
        layer = pygame.transform.smoothscale(_noise(rng, grid, depth), size)
        out.blit(layer, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    out.blit(_noise(rng, size, 18), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    out.blit(_vignette(size), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return out


def _vignette(size: tuple[int, int]) -> pygame.Surface:
    """Full brightness in the middle, about two thirds in the far corners (drawn small, scaled up)."""
    sw, sh = 192, 108
    small = pygame.Surface((sw, sh), depth=32)
    for y in range(sh):
        for x in range(sw):
            dx = (x + 0.5 - sw / 2) / (sw / 2)
            dy = (y + 0.5 - sh / 2) / (sh / 2)
            d = min(1.0, math.hypot(dx, dy) / math.sqrt(2))
            v = round(255 - 85 * d**2.2)
            small.set_at((x, y), (v, v, v))
    return pygame.transform.smoothscale(small, size)
