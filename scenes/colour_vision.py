"""Seat colours for every eye: a palette per kind of colour vision, and the measure that chose them.

Palastgeflüster names a seat by its colour. The setting "colour vision" picks the palette the table
paints seats in: `normal`, or one for red-weak (protan), green-weak (deutan) or blue-weak (tritan)
eyes, each tuned so that its five seat colours stay apart for those eyes. Hue is never the only cue:
every colour also has a shape (scenes/colour_marks.py). `seat_look` says how seat N looks, its colour
and its shape, as Palastgeflüster's plates show it; the results screen and its charts paint seats so.

How "apart" is measured: a colour as such an eye sees it is simulated with the matrices of Machado,
Oliveira and Fernandes (2009) at severity 1.0, applied in linear RGB; the result is taken to CIELAB
(D65) and compared with CIEDE2000. tests/test_colour_vision.py holds every palette to a smallest
difference of `MIN_DIFFERENCE`, under its own simulation and under normal vision alike.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from cards.colour_shapes import shape_of
from game.i18n import N_
from scenes.settings import COLOUR_VISIONS

RGB = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

#: the settings' values, in the order the settings screen offers them (the settings file reads the same)
VISIONS: tuple[str, ...] = COLOUR_VISIONS
#: their names (in the chosen language where shown: `tr(VISION_LABELS[v])`)
VISION_LABELS: dict[str, str] = {
    "normal": N_("Normal"),
    "red-weak": N_("Red-weak"),
    "green-weak": N_("Green-weak"),
    "blue-weak": N_("Blue-weak"),
}
#: the least CIEDE2000 difference between two seat colours of a palette, as its own eyes see them
MIN_DIFFERENCE = 20.0

#: colour vision -> seat colour name -> RGB. The normal palette is the one the cards print.
PALETTES: dict[str, dict[str, RGB]] = {
    "normal": {
        "red": (209, 40, 49),
        "blue": (0, 106, 217),
        "yellow": (241, 195, 23),
        "green": (35, 144, 72),
        "purple": (176, 55, 181),
    },
    # red looks dark to these eyes: blue goes light, green towards teal, to keep lightness apart
    "red-weak": {
        "red": (219, 6, 43),
        "blue": (147, 193, 248),
        "yellow": (255, 226, 54),
        "green": (103, 162, 139),
        "purple": (150, 76, 189),
    },
    "green-weak": {
        "red": (216, 21, 40),
        "blue": (44, 103, 218),
        "yellow": (252, 202, 7),
        "green": (107, 201, 167),
        "purple": (243, 138, 255),
    },
    # blue and green meet for these eyes: green goes light and bright
    "blue-weak": {
        "red": (215, 26, 44),
        "blue": (59, 106, 198),
        "yellow": (245, 199, 28),
        "green": (0, 225, 127),
        "purple": (165, 35, 237),
    },
}

#: Machado et al. 2009, severity 1.0 (linear RGB in, linear RGB out); None: seen as it is
SIMULATIONS: dict[str, Matrix | None] = {
    "normal": None,
    "red-weak": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "green-weak": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "blue-weak": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


#: the sixth seat's colour (3 Chapters seats six; Palastgeflüster's cards know brown as their sixth colour,
#: printed (124, 78, 40)) for each vision, kept MIN_DIFFERENCE from the palette's five as its own eyes and
#: normal eyes see them (tests/test_chart_colours.py)
BROWNS: dict[str, RGB] = {
    "normal": (124, 78, 40),
    "red-weak": (188, 126, 8),
    "green-weak": (108, 94, 88),
    "blue-weak": (100, 94, 48),
}
#: the seat colours in seat order: Palastgeflüster gives seat N the N-th of its colours (its observation's
#: "colours", in the palettes' order) and every table that names seats by colour follows it; brown sixth
SEAT_ORDER: tuple[str, ...] = (*PALETTES["normal"], "brown")


@dataclass(frozen=True)
class SeatLook:
    """A seat's colour at the table: its name ("red"), its RGB in the chosen palette and its shape (None
    for a colour without one)."""

    name: str
    rgb: RGB
    shape: str | None


def vision_or_normal(vision: str) -> str:
    """`vision` when it is one the app knows, else "normal"."""
    return vision if vision in PALETTES else "normal"


def seat_colour(name: str, vision: str = "normal", default: RGB = (236, 232, 220)) -> RGB:
    """The RGB of the seat colour `name` ("red", …, "brown" for a sixth seat) in the palette for
    `vision` (`default` for a name that is no seat colour)."""
    vision = vision_or_normal(vision)
    return PALETTES[vision].get(name, BROWNS[vision] if name == "brown" else default)


def seat_look(seat: int, vision: str = "normal", colours: Sequence[str] | None = None) -> SeatLook:
    """Seat `seat`'s colour and shape at the table, in the palette for `vision`: the colour its game names
    for it (`colours`: Palastgeflüster's observation lists one per seat), else the seat order's. It gives
    the name and RGB Palastgeflüster's table paints a plate in (`seat_colour` of the seat's colour), and the
    results screen and its charts ask it, so a seat looks the same at the table and after the game."""
    names = list(colours) if colours else list(SEAT_ORDER)
    if not 0 <= seat < len(names):
        names = list(SEAT_ORDER)
    name = names[seat % len(names)]
    return SeatLook(name, seat_colour(name, vision), shape_of(name))


# -- the measure ---------------------------------------------------------------------------------
def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulate(rgb: RGB, vision: str) -> tuple[float, float, float]:
    """`rgb` as eyes of `vision` see it, in linear RGB (0..1, clipped)."""
    r, g, b = (_linear(c) for c in rgb)
    matrix = SIMULATIONS[vision]
    if matrix is None:
        return (r, g, b)
    return tuple(min(1.0, max(0.0, row[0] * r + row[1] * g + row[2] * b)) for row in matrix)  # type: ignore[return-value]


def lab(linear: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65 white) of a linear sRGB colour."""
    r, g, b = linear
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e_2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation, kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    dh_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_mean = (h1p + h2p + 360) / 2
    else:
        h_mean = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * cp_mean
    sh = 1 + 0.015 * cp_mean * t
    rt = -math.sin(math.radians(2 * rotation)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dh_big / sh) ** 2 + rt * (dc / sc) * (dh_big / sh))


def smallest_difference(palette: dict[str, RGB], seen_by: str) -> tuple[float, str, str]:
    """The closest pair of `palette`'s colours as eyes of `seen_by` see them: (ΔE2000, name, name)."""
    seen = {name: lab(simulate(rgb, seen_by)) for name, rgb in palette.items()}
    return min((delta_e_2000(seen[a], seen[b]), a, b) for a, b in combinations(palette, 2))
