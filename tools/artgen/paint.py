"""Drawing helpers for the default art: a supersampled canvas in design units, colours, curves, text.

Everything is drawn SCALE times larger than the design size and reduced once at the end, so every edge
of every shape and letter comes out antialiased. Nothing here is random unless handed a seeded Random,
so the same call always gives the same pixels.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

from scenes import fonts

Colour = tuple[int, int, int] | tuple[int, int, int, int]
Point = tuple[float, float]

SCALE = 3


def shade(colour: Colour, factor: float) -> tuple[int, int, int]:
    """Darker (factor < 1) or lighter (factor > 1, towards white) version of a colour."""
    r, g, b = colour[:3]
    if factor <= 1:
        return (round(r * factor), round(g * factor), round(b * factor))
    t = min(1.0, factor - 1)
    return (round(r + (255 - r) * t), round(g + (255 - g) * t), round(b + (255 - b) * t))


def mix(a: Colour, b: Colour, t: float) -> tuple[int, int, int]:
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def luminance(colour: Colour) -> float:
    r, g, b = colour[:3]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 24) -> list[Point]:
    """Points along a cubic Bézier curve, both ends included."""
    pts = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        x = u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0]
        y = u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1]
        pts.append((x, y))
    return pts


def arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, steps: int = 32) -> list[Point]:
    """Points on an ellipse from angle a0 to a1 (degrees, 0 = right, 90 = down)."""
    return [
        (
            cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
            cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / steps)),
        )
        for i in range(steps + 1)
    ]


class Canvas:
    """A drawing surface addressed in design units (the final image's pixels)."""

    def __init__(self, width: int, height: int, fill: Colour | None = None) -> None:
        self.width = width
        self.height = height
        self.surface = pygame.Surface((width * SCALE, height * SCALE), pygame.SRCALPHA)
        self.surface.fill(fill if fill is not None else (0, 0, 0, 0))
        self.origin: Point = (0, 0)
        self.zoom = 1.0

    # -- coordinates ----------------------------------------------------------------------------
    def place(self, origin: Point = (0, 0), zoom: float = 1.0) -> None:
        """Draw what follows moved to `origin` and scaled by `zoom` (for reusing a drawing smaller)."""
        self.origin = origin
        self.zoom = zoom

    def p(self, point: Point) -> tuple[int, int]:
        ox, oy = self.origin
        return (round((ox + point[0] * self.zoom) * SCALE), round((oy + point[1] * self.zoom) * SCALE))

    def r(self, rect: Sequence[float]) -> pygame.Rect:
        x, y, w, h = rect
        left, top = self.p((x, y))
        right, bottom = self.p((x + w, y + h))
        return pygame.Rect(left, top, right - left, bottom - top)

    def n(self, length: float) -> int:
        return max(1, round(length * self.zoom * SCALE))

    def clip(self, rect: Sequence[float] | None) -> None:
        self.surface.set_clip(self.r(rect) if rect is not None else None)

    # -- shapes ---------------------------------------------------------------------------------
    def rect(self, colour: Colour, rect: Sequence[float], radius: float = 0, width: float = 0) -> None:
        pygame.draw.rect(
            self.surface,
            colour,
            self.r(rect),
            self.n(width) if width else 0,
            border_radius=self.n(radius) if radius else -1,
        )

    def ellipse(self, colour: Colour, rect: Sequence[float], width: float = 0) -> None:
        pygame.draw.ellipse(self.surface, colour, self.r(rect), self.n(width) if width else 0)

    def circle(self, colour: Colour, centre: Point, radius: float, width: float = 0) -> None:
        pygame.draw.circle(
            self.surface, colour, self.p(centre), self.n(radius), self.n(width) if width else 0
        )

    def polygon(
        self, colour: Colour, points: Iterable[Point], outline: Colour | None = None, width: float = 2.0
    ) -> None:
        pts = [self.p(pt) for pt in points]
        pygame.draw.polygon(self.surface, colour, pts)
        if outline is not None:
            self.stroke(outline, points, width, closed=True)

    def stroke(self, colour: Colour, points: Iterable[Point], width: float, closed: bool = False) -> None:
        """A polyline with round joints and caps (pygame's wide lines alone leave notches)."""
        pts = [self.p(pt) for pt in points]
        w = self.n(width)
        if len(pts) >= 2:
            pygame.draw.lines(self.surface, colour, closed, pts, w)
        for pt in pts:
            pygame.draw.circle(self.surface, colour, pt, max(1, w // 2))

    def line(self, colour: Colour, a: Point, b: Point, width: float) -> None:
        self.stroke(colour, [a, b], width)

    def outlined_circle(
        self, fill: Colour, outline: Colour, centre: Point, radius: float, width: float = 2.0
    ) -> None:
        self.circle(outline, centre, radius + width / 2)
        self.circle(fill, centre, radius - width / 2)

    def outlined_ellipse(
        self, fill: Colour, outline: Colour, rect: Sequence[float], width: float = 2.0
    ) -> None:
        x, y, w, h = rect
        self.ellipse(outline, (x - width / 2, y - width / 2, w + width, h + width))
        self.ellipse(fill, (x + width / 2, y + width / 2, w - width, h - width))

    def vertical_gradient(self, rect: Sequence[float], top: Colour, bottom: Colour) -> None:
        r = self.r(rect)
        for i in range(r.height):
            colour = mix(top, bottom, i / max(1, r.height - 1))
            pygame.draw.line(self.surface, colour, (r.left, r.top + i), (r.right - 1, r.top + i))

    def radial_glow(
        self, centre: Point, radius: float, inner: Colour, outer: Colour, rings: int = 40
    ) -> None:
        for i in range(rings, 0, -1):
            t = i / rings
            self.circle(mix(inner, outer, t), centre, radius * t)

    # -- text -----------------------------------------------------------------------------------
    def text(
        self,
        text: str,
        face: str,
        size: float,
        colour: Colour,
        anchor: Point,
        align: str = "center",
        outline: Colour | None = None,
        outline_width: float = 0,
        tracking: float = 0,
    ) -> pygame.Rect:
        """Draw one line; `anchor` is the centre (or left / right end) of the line's middle.
        Returns the covered rect in canvas pixels."""
        size *= self.zoom
        img = render(text, face, size, colour, tracking)
        rect = img.get_rect()
        ax, ay = self.p(anchor)
        if align == "center":
            rect.center = (ax, ay)
        elif align == "left":
            rect.midleft = (ax, ay)
        else:
            rect.midright = (ax, ay)
        if outline is not None and outline_width > 0:
            ring = render(text, face, size, outline, tracking)
            w = self.n(outline_width)
            for i in range(16):
                a = math.tau * i / 16
                self.surface.blit(ring, (rect.x + round(w * math.cos(a)), rect.y + round(w * math.sin(a))))
        self.surface.blit(img, rect)
        return rect

    def result(self) -> pygame.Surface:
        """The finished image at design size."""
        return pygame.transform.smoothscale(self.surface, (self.width, self.height))


def face_font(face: str, size: float) -> pygame.font.Font:
    px = max(1, round(size * SCALE))
    if face == "display":
        return fonts.display_font(px)
    if face == "text":
        return fonts.text_font(px)
    return fonts.font(px, bold=face == "bold")


def render(text: str, face: str, size: float, colour: Colour, tracking: float = 0) -> pygame.Surface:
    """One line of text at supersampled size; `tracking` adds space between letters (design units)."""
    f = face_font(face, size)
    if not tracking:
        return f.render(text, True, colour)
    glyphs = [f.render(ch, True, colour) for ch in text]
    gap = round(tracking * SCALE)
    width = sum(g.get_width() for g in glyphs) + gap * max(0, len(glyphs) - 1)
    out = pygame.Surface((max(1, width), f.get_height()), pygame.SRCALPHA)
    x = 0
    for g in glyphs:
        out.blit(g, (x, 0))
        x += g.get_width() + gap
    return out


def text_width(text: str, face: str, size: float) -> float:
    return face_font(face, size).size(text)[0] / SCALE


def fit_size(text: str, face: str, size: float, max_width: float, min_size: float = 6) -> float:
    """The largest size <= `size` at which one line of `text` fits `max_width`."""
    while size > min_size and text_width(text, face, size) > max_width:
        size -= 0.5
    return size


def wrap(text: str, face: str, size: float, max_width: float) -> list[str]:
    """Greedy word wrap."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if current and text_width(trial, face, size) > max_width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def fit_paragraph(
    text: str, face: str, size: float, box_w: float, box_h: float, leading: float = 1.18, min_size: float = 8
) -> tuple[float, list[str]]:
    """The largest size <= `size` at which `text`, wrapped, fits the box, and its lines, balanced so
    the last line is not left with a lone word."""
    while True:
        lines = wrap(text, face, size, box_w)
        fits = len(lines) * size * leading <= box_h and all(
            text_width(ln, face, size) <= box_w for ln in lines
        )
        if fits or size <= min_size:
            break
        size -= 0.5
    if len(lines) > 1:
        narrow, wide = box_w / len(lines), box_w
        while wide - narrow > 1:
            mid = (narrow + wide) / 2
            if len(wrap(text, face, size, mid)) > len(lines):
                narrow = mid
            else:
                wide = mid
        lines = wrap(text, face, size, wide)
    return size, lines


def round_mask(surface: pygame.Surface, radius: int) -> None:
    """Make the corners outside a rounded rectangle transparent (in place)."""
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
