"""Proofing in the card gallery: print guides over a face, and the face as colour-weak eyes see it.

Guides: a card face is the trim (the cut) of a printed card of `CARD_MM` (the print-and-play default).
The bleed (`BLEED_MM`, where the printer extends the edge pixels) lies outside it, the safe area
`SAFE_MM` inside it (what a cut that wanders may take off: the print shops' usual margin).

Colour vision: each pixel goes through the same simulation the seat colours are checked with
(`scenes.colour_vision.simulate`). Converting is slow in Python, so every face is converted once per
(face, vision) and kept in a bounded cache; the frame only blits. A face is flagged when two of its
distinguishing colours (its largest areas of clearly different colour) come closer than
`colour_vision.MIN_DIFFERENCE` (CIEDE2000) under a deficiency: the same measure and threshold the seat
palettes are held to, as CIEDE2000 follows what eyes tell apart better than an RGB distance does.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Protocol

import pygame

from game.i18n import N_, tr
from scenes.cache import BoundedCache
from scenes.colour_vision import MIN_DIFFERENCE, VISIONS, delta_e_2000, lab, simulate
from scenes.look import Message
from scenes.table.kit.packs import compare_pack, switch_packs
from scenes.widgets import px

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from scenes.art import ArtLibrary
    from scenes.scene import Host

RGB = tuple[int, int, int]
Lab = tuple[float, float, float]


class Tile(Protocol):
    """What proofing needs of a gallery tile (scenes.menus.gallery.Tile)."""

    section: str
    key: str | None
    size: tuple[int, int]

    def image(self, art: ArtLibrary, game_id: str, size: tuple[int, int] | None = None) -> pygame.Surface: ...

#: the printed card (width, height) and its bleed, as `kartentisch-art pnp` prints by default
CARD_MM = (63.0, 88.0)
BLEED_MM = 3.0
#: how far inside the trim words and marks stay safe from a wandering cut: a common print-shop figure
SAFE_MM = 3.0
TRIM_COLOUR = (40, 220, 240)
BLEED_COLOUR = (230, 50, 60)
SAFE_COLOUR = (90, 230, 90)
#: the views of the colour-vision key, in the order it steps through them ("normal" first)
PROOF_VISIONS: tuple[str, ...] = VISIONS
#: a colour counts as distinguishing when it covers at least this share of the face
DISTINGUISHING_SHARE = 0.03
#: colours are counted in steps of 2**QUANT_BITS per channel, so anti-aliasing does not split an area
QUANT_BITS = 4
MOST_DISTINGUISHING = 6


# -- guides ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Guides:
    """Where the three guides of a face drawn at `face` lie on screen."""

    trim: pygame.Rect
    bleed: pygame.Rect
    safe: pygame.Rect


def guides(face: pygame.Rect, game_id: str, card_mm: tuple[float, float] = CARD_MM,
           bleed_mm: float = BLEED_MM) -> Guides:
    """The trim, bleed and safe rectangles of a face drawn at `face` (the face is the trim)."""
    per_mm_x, per_mm_y = face.width / card_mm[0], face.height / card_mm[1]
    bleed = face.inflate(2 * round(bleed_mm * per_mm_x), 2 * round(bleed_mm * per_mm_y))
    inset_x, inset_y = round(SAFE_MM * per_mm_x), round(SAFE_MM * per_mm_y)
    return Guides(face.copy(), bleed, face.inflate(-2 * inset_x, -2 * inset_y))


def print_card_mm(art: ArtLibrary, game_id: str) -> tuple[float, float]:
    """The printed card of the game's active pack: its [print] card_mm, else the print default (a bad
    entry too: `kartentisch-art pnp` names it)."""
    from cards.print_settings import DEFAULT_CARD_MM, PrintRefused, read_pack_print

    folder = art.pack_folder(art.active_pack(game_id))
    if folder is None:
        return DEFAULT_CARD_MM
    try:
        return read_pack_print(folder).card_mm or DEFAULT_CARD_MM
    except PrintRefused:
        return DEFAULT_CARD_MM


def draw_guides(surface: pygame.Surface, face: pygame.Rect, game_id: str,
                card_mm: tuple[float, float] = CARD_MM) -> Guides:
    """The guides over a face on `surface`: bleed outside, trim on the edge, safe area inside."""
    found = guides(face, game_id, card_mm)
    width = max(1, face.width // 90)
    pygame.draw.rect(surface, BLEED_COLOUR, found.bleed, width)
    pygame.draw.rect(surface, TRIM_COLOUR, found.trim, width)
    pygame.draw.rect(surface, SAFE_COLOUR, found.safe, width)
    return found


# -- colour vision ---------------------------------------------------------------------------------
def _seen_rgb(rgb: RGB, vision: str) -> RGB:
    """`rgb` as eyes of `vision` see it, back in sRGB bytes."""
    def encode(c: float) -> int:
        c = 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
        return max(0, min(255, round(c * 255)))

    r, g, b = simulate(rgb, vision)
    return (encode(r), encode(g), encode(b))


def simulate_surface(face: pygame.Surface, vision: str) -> pygame.Surface:
    """A copy of `face` as eyes of `vision` see it (alpha kept). Each distinct colour is worked out once."""
    if vision == "normal":
        return face.copy()
    size = face.get_size()
    data = pygame.image.tobytes(face, "RGBA")
    seen: dict[bytes, bytes] = {}
    out = bytearray(len(data))
    for i in range(0, len(data), 4):
        key = data[i:i + 3]
        colour = seen.get(key)
        if colour is None:
            colour = seen[key] = bytes(_seen_rgb((key[0], key[1], key[2]), vision))
        out[i:i + 3] = colour
        out[i + 3] = data[i + 3]
    return pygame.image.frombytes(bytes(out), size, "RGBA")


def distinguishing_colours(face: pygame.Surface) -> list[RGB]:
    """The face's largest areas of colour (each at least `DISTINGUISHING_SHARE` of its opaque pixels,
    most `MOST_DISTINGUISHING`), as the mean colour of each area, largest first."""
    data = pygame.image.tobytes(face, "RGBA")
    shift = QUANT_BITS
    counts: Counter[RGB] = Counter()
    sums: dict[RGB, list[int]] = {}
    for i in range(0, len(data), 4):
        if data[i + 3] < 128:
            continue
        r, g, b = data[i], data[i + 1], data[i + 2]
        bucket = (r >> shift, g >> shift, b >> shift)
        counts[bucket] += 1
        total = sums.setdefault(bucket, [0, 0, 0])
        total[0] += r
        total[1] += g
        total[2] += b
    opaque = sum(counts.values())
    found: list[RGB] = []
    for bucket, n in counts.most_common():
        if n < opaque * DISTINGUISHING_SHARE or len(found) == MOST_DISTINGUISHING:
            break
        total = sums[bucket]
        found.append((round(total[0] / n), round(total[1] / n), round(total[2] / n)))
    return found


@dataclass(frozen=True)
class Collapse:
    """Two distinguishing colours of a face that eyes of `vision` hardly tell apart."""

    vision: str
    first: RGB
    second: RGB
    difference: float  # CIEDE2000 as those eyes see them


def collapses(colours: list[RGB], vision: str) -> list[Collapse]:
    """The pairs of `colours` that normal eyes tell apart (at least `MIN_DIFFERENCE`) but eyes of
    `vision` do not, closest first."""
    normal = {c: lab(simulate(c, "normal")) for c in colours}
    seen = {c: lab(simulate(c, vision)) for c in colours}
    found = []
    for a, b in combinations(colours, 2):
        if delta_e_2000(normal[a], normal[b]) < MIN_DIFFERENCE:
            continue  # alike to every eye: not what tells the card apart
        difference = delta_e_2000(seen[a], seen[b])
        if difference < MIN_DIFFERENCE:
            found.append(Collapse(vision, a, b, difference))
    return sorted(found, key=lambda c: c.difference)


#: the share of a frame the colour-vision conversion may take (the rest of the page follows in the next)
FRAME_BUDGET_S = 0.008


class Proofer:
    """Converted faces and their flags, each worked out once and kept in bounded caches."""

    def __init__(self, budget: int = 48 * 1024 * 1024) -> None:
        self.faces: BoundedCache[tuple[object, str], pygame.Surface] = BoundedCache("proof faces", budget)
        self.flags: BoundedCache[tuple[object, str], list[Collapse]] = BoundedCache(
            "proof flags", 1 << 20, weigh=lambda found: 64 + 64 * len(found), limit=2048)
        self._frame_started: float | None = None  # None: no frame budget (a tool or a test asking)
        self.pending = False  # a face waits for its turn: the screen asks again next frame

    @contextmanager
    def frame(self) -> Iterator[None]:
        """While a frame is drawn, converting faces may take FRAME_BUDGET_S of it and the rest waits for
        the next frames (a page of faces took 370 ms at once); what is asked outside drawing (a hover
        text) is worked out at once."""
        self._frame_started = time.perf_counter()
        self.pending = False
        try:
            yield
        finally:
            self._frame_started = None

    def _may_work(self) -> bool:
        started = self._frame_started
        if started is None or time.perf_counter() - started < FRAME_BUDGET_S:
            return True
        self.pending = True
        return False

    def face(self, key: object, face: pygame.Surface, vision: str) -> pygame.Surface:
        """`face` (known by `key`, which must change when its pixels do) as `vision` sees it; as it is
        while its conversion waits for a frame with time left."""
        if vision == "normal":
            return face
        found = self.faces.get((key, vision))
        if found is not None:
            return found
        if not self._may_work():
            return face
        return self.faces.put((key, vision), simulate_surface(face, vision))

    def flagged(self, key: object, face: pygame.Surface, vision: str) -> list[Collapse]:
        """The distinguishing colours of `face` that collapse for eyes of `vision` (none for normal, and
        none yet while the face waits for its turn)."""
        if vision == "normal":
            return []
        found = self.flags.get((key, vision))
        if found is not None:
            return found
        if not self._may_work():
            return []
        return self.flags.put((key, vision), collapses(distinguishing_colours(face), vision))

    def clear(self) -> None:
        self.faces.clear()
        self.flags.clear()


COLLAPSED = (170, 90, 240)  # the frame of a face whose colours collapse in the chosen colour vision
#: the views of the vision button
VISION_WORDS = {"normal": N_("Normal eyes"), "red-weak": N_("Red-weak eyes"),
                "green-weak": N_("Green-weak eyes"), "blue-weak": N_("Blue-weak eyes")}


def hex_colour(rgb: tuple[int, int, int]) -> str:
    return "#" + "".join(f"{c:02x}" for c in rgb)


def next_vision(vision: str) -> str:
    """The view after `vision` in `PROOF_VISIONS`, round again after the last."""
    index = PROOF_VISIONS.index(vision) if vision in PROOF_VISIONS else -1
    return PROOF_VISIONS[(index + 1) % len(PROOF_VISIONS)]


# -- the gallery's proofing views ------------------------------------------------------------------
class GalleryProofing:
    """The gallery's proofing state and its A/B faces (mixed into `GalleryScene`, which lays the tiles out
    and draws them)."""

    if TYPE_CHECKING:
        app: Host
        game_id: str | None
        tiles: Sequence[Tile]
        _generation: int

        def lay_out(self) -> None: ...
        def rebuild(self) -> None: ...
        def pack_label(self, name: str) -> str: ...
        def show_message(self, message: Message, on_answer: Callable[[str], None] | None = None) -> None: ...

    def start_proofing(self) -> None:
        #: the print guides drawn over the faces, and the colour vision they are seen with
        self.show_guides = False
        self.print_mm: tuple[float, float] = CARD_MM  # the printed card the guides stand for
        self.vision = "normal"
        self.proofer = Proofer()
        #: A/B: each card beside the same card of the game's pack B (its faces fetched once per layout)
        self.compare = False
        self.faces_b: BoundedCache[tuple[object, ...], pygame.Surface] = BoundedCache(
            "gallery pack B", 32 * 1024 * 1024)

    @property
    def art(self) -> ArtLibrary:
        return self.app.art

    # -- A/B -------------------------------------------------------------------------------------
    def pack_b(self) -> str | None:
        """The pack the A/B view sets beside the game's pack (None: none chosen, or the same)."""
        game_id = self.game_id or ""
        name = compare_pack(self.app.settings, game_id)
        return None if name is None or name == self.art.active_pack(game_id) else name

    def toggle_compare(self) -> None:
        if not self.compare and self.pack_b() is None:
            note = switch_packs(self.art, self.game_id or "")  # no pack B: only says how to choose one
            self.show_message(Message(tr("A/B"), note))
            return
        self.compare = not self.compare
        self.lay_out()

    def tile_width(self, tile: Tile) -> int:
        """A tile's width: one face, or in the A/B view two side by side (the table picture stays one)."""
        if self.compare and tile.section != "table":
            return 2 * tile.size[0] + self.pair_gap()
        return tile.size[0]

    def pair_gap(self) -> int:
        return px(6, self.app.size)

    def face_rects(self, tile: Tile, rect: pygame.Rect) -> list[pygame.Rect]:
        """Where a tile's faces lie in `rect`: pack A's, then in the A/B view pack B's."""
        first = pygame.Rect(rect.topleft, tile.size)
        if not (self.compare and tile.section != "table"):
            return [first]
        return [first, first.move(tile.size[0] + self.pair_gap(), 0)]

    def _b_key(self, tile: Tile) -> tuple[object, ...]:
        return ("B", self.pack_b(), *self._proof_key(tile))

    def fetch_pack_b(self) -> None:
        """Pack B's face of every tile, drawn now while B shows for a moment: the frames only blit them.
        The game's pack stays chosen (`show_instead` changes nothing saved)."""
        name = self.pack_b()
        game_id = self.game_id
        if not self.compare or name is None or game_id is None:
            return
        shown = self.art.shown_instead.get(game_id)
        wanted = [t for t in self.tiles if t.section != "table"]
        keys = [self._b_key(t) for t in wanted]
        if all(k in self.faces_b for k in keys):
            return
        self.art.show_instead(game_id, name)
        try:
            for tile, key in zip(wanted, keys, strict=True):
                self.faces_b.put(key, tile.image(self.art, game_id).copy())
        finally:
            self.art.show_instead(game_id, shown)
        self._generation = self.art.generation  # showing B for a moment is no change on disk

    def face_b(self, tile: Tile) -> pygame.Surface | None:
        return self.faces_b.get(self._b_key(tile))

    def toggle_guides(self) -> None:
        self.show_guides = not self.show_guides

    def step_vision(self) -> None:
        self.vision = next_vision(self.vision)
        self.rebuild()  # the button names the new view

    def collapsed(self, tile: Tile) -> list[str]:
        """The colours of `tile`'s face that collapse in the chosen colour vision, as lines for people."""
        if tile.section != "cards" or self.vision == "normal":
            return []
        face = tile.image(self.art, self.game_id or "")
        found = self.proofer.flagged(self._proof_key(tile), face, self.vision)
        return [tr("{vision}: colours {a} and {b} look alike (ΔE {d:.0f})").format(
            vision=tr(VISION_WORDS[c.vision]), a=hex_colour(c.first), b=hex_colour(c.second),
            d=c.difference) for c in found[:2]]

    def _proof_key(self, tile: Tile) -> tuple[object, ...]:
        """What a tile's face depends on: another pack or size is another face (a reload empties the
        caches: `update`)."""
        game_id = self.game_id or ""
        return (game_id, self.art.active_pack(game_id), tile.section, tile.key, tile.size)


__all__ = ["CARD_MM", "COLLAPSED", "VISION_WORDS", "Collapse", "GalleryProofing", "Guides", "Proofer",
           "collapses", "distinguishing_colours", "draw_guides", "guides", "next_vision", "simulate_surface"]
