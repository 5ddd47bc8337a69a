"""`template [PACK] --game ID --out DIR`: blank templates to draw a game's cards on.

One PNG per kind of card (person card, King card, each back, the table background), at the pack's card
size for the game, with the regions outlined and labelled:
- red: what the table draws over a face (the blocked badge), measured by drawing a marked card with
  the table's own card layer, so it is right whatever size the template has;
- orange: the safe area of the pack's [text] table, which the table may cover with marks;
- blue: where the default design puts the name, the colour, the rule text…, where players look first;
- grey: the card's edge with the default rounded corners, and the default frame.
README.txt beside them says what each region is and gives its pixel box.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.core.datafile import shown
from game.i18n import tr
from scenes.art import TABLE_SIZE, ArtLibrary, read_pack
from scenes.table.kit.cards import CardLayer
from scenes.table.kit.paint import TextCache, blocked_badge
from scenes.table.kit.sprite import CardSprite
from tools.arttool.check import ASPECT_TOLERANCE, FOUR_K, min_face_height
from tools.arttool.layouts import LAYOUT_MODULES, CardKind, GameLayout, game_layout
from tools.arttool.packs import library_for, start_fonts
from tools.draw_default_pack import png_bytes

Size = tuple[int, int]
Colour = tuple[int, int, int]

TABLE_DRAWS: Colour = (214, 36, 44)
SAFE_AREA: Colour = (232, 128, 16)
DEFAULT_DESIGN: Colour = (36, 92, 204)
EDGE: Colour = (120, 120, 128)
PAPER: Colour = (252, 252, 250)
FILL_ALPHA = 34
#: window shapes other than 16:9 that crop the table background, and where each one's label goes
WINDOW_SHAPES: tuple[tuple[str, float, str], ...] = (
    ("4:3", 4 / 3, "topleft"),
    ("16:10", 16 / 10, "bottomleft"),
    ("21:9", 21 / 9, "bottomright"),
)


@dataclass(frozen=True)
class Outline:
    label: str
    rect: pygame.Rect  # in template pixels
    colour: Colour
    note: str
    oval: bool = False
    anchor: str = "topleft"  # where the label sits: "topleft", "center" or "bottomright"


class _BlankArt:
    """Transparent faces, so that only what the table adds shows."""

    def card(self, game_id: str, card_id: str, size: Size) -> pygame.Surface:
        return pygame.Surface(size, pygame.SRCALPHA)

    def back(self, game_id: str, size: Size, kind: str = "back") -> pygame.Surface:
        return pygame.Surface(size, pygame.SRCALPHA)


def badge_rect(size: Size) -> pygame.Rect:
    """Where the table's card layer puts the blocked badge on a face of `size`."""
    layer = CardLayer("template", badge=blocked_badge)
    w, h = size
    sprite = CardSprite(
        uid=1, card="card", zone="hand:0", art_id="card", center=(w / 2, h / 2), size=size, marked=True
    )
    sprite.face_up = sprite.shown_face = True
    layer.add(sprite)
    canvas = pygame.Surface(size, pygame.SRCALPHA)
    layer.draw(canvas, _BlankArt())
    return canvas.get_bounding_rect()


def card_outlines(layout: GameLayout, kind: CardKind, size: Size, lib: ArtLibrary) -> list[Outline]:
    sx, sy = size[0] / layout.size[0], size[1] / layout.size[1]
    outlines = [
        Outline(
            tr(r.label),
            pygame.Rect(
                round(r.box[0] * sx), round(r.box[1] * sy), round(r.box[2] * sx), round(r.box[3] * sy)
            ),
            DEFAULT_DESIGN,
            tr(r.note),
            r.oval,
            "center" if r.oval else "topleft",
        )
        for r in kind.regions
    ]
    if kind.example is not None:
        x, y, w, h = lib.text_style(layout.game_id, kind.example).safe_area
        if (x, y, w, h) != (0.0, 0.0, 1.0, 1.0):
            rect = pygame.Rect(round(x * size[0]), round(y * size[1]), round(w * size[0]), round(h * size[1]))
            outlines.append(
                Outline(
                    tr("safe area"),
                    rect,
                    SAFE_AREA,
                    tr("the table may cover this with marks (a highlight, a 'blocked' stamp): "
                       "keep the name, the colour and the rule text out of it"),
                    anchor="bottomright",
                )
            )
    if kind.marked:
        outlines.append(
            Outline(
                tr("blocked badge"),
                badge_rect(size),
                TABLE_DRAWS,
                tr("the table's red 'no' sign on a person whose action the current King card blocks"),
                oval=True,
                anchor="center",
            )
        )
    return outlines


def table_outlines(size: Size) -> list[Outline]:
    """The part of the background a window of each other shape shows (it is cropped to cover)."""
    w, h = size
    outlines = []
    for name, aspect, anchor in WINDOW_SHAPES:
        seen = (round(h * aspect), h) if aspect < w / h else (w, round(w / aspect))
        rect = pygame.Rect((0, 0), seen)
        rect.center = (w // 2, h // 2)
        outlines.append(
            Outline(
                tr("seen on a {shape} screen").format(shape=name),
                rect,
                DEFAULT_DESIGN if aspect < w / h else SAFE_AREA,
                tr("a {shape} window shows only this part").format(shape=name),
                anchor=anchor,
            )
        )
    return outlines


def draw_template(size: Size, outlines: list[Outline], radius: float, frame: float) -> pygame.Surface:
    start_fonts()
    texts = TextCache()
    image = pygame.Surface(size, pygame.SRCALPHA)
    body = image.get_rect()
    line = max(2, size[0] // 200)
    pygame.draw.rect(image, PAPER, body, border_radius=round(radius))
    pygame.draw.rect(image, EDGE, body, line, border_radius=round(radius))
    if frame > 0:
        pygame.draw.rect(
            image, EDGE, body.inflate(-2 * frame, -2 * frame), 1, border_radius=round(radius * 0.6)
        )
    label_px = max(10, round(min(size) / 28))
    for outline in outlines:
        veil = pygame.Surface(outline.rect.size, pygame.SRCALPHA)
        shape = veil.get_rect()
        if outline.oval:
            pygame.draw.ellipse(veil, (*outline.colour, FILL_ALPHA), shape)
            pygame.draw.ellipse(veil, outline.colour, shape, line)
        else:
            veil.fill((*outline.colour, FILL_ALPHA))
            pygame.draw.rect(veil, outline.colour, shape, line)
        image.blit(veil, outline.rect)
    for outline in outlines:  # labels last, so no outline crosses one
        inner = outline.rect.inflate(-3 * line, -3 * line)
        label = texts.render(outline.label, label_px, outline.colour, True)
        box = label.get_rect()
        if box.width <= inner.width:
            setattr(box, outline.anchor, getattr(inner, outline.anchor))
        else:  # a small region: its label beside it if there is room, else shrunk into it
            box.midleft = (outline.rect.right + 2 * line, outline.rect.centery)
            if not body.contains(box):
                label = texts.fitted(outline.label, label_px, max(8, inner.width), outline.colour, True)
                box = label.get_rect(center=inner.center)
        plate = pygame.Surface(box.inflate(4, 0).size, pygame.SRCALPHA)
        plate.fill((*PAPER, 210))
        image.blit(plate, box.inflate(4, 0))
        image.blit(label, box)
    return image


def write_templates(folder: Path, game_id: str, out: Path) -> int:
    layout = game_layout(game_id)
    if layout is None:
        known = ", ".join(LAYOUT_MODULES) or tr("none")
        problem = tr("no card layout known yet for {game} (layouts exist for: {known})").format(game=game_id,
                                                                                               known=known)
        print(tr("error: {problem}").format(problem=problem), file=sys.stderr)
        return 1
    pack = read_pack(folder.resolve())
    if pack.error:
        print(tr("error: {problem}").format(problem=shown(pack.error)), file=sys.stderr)
        return 1
    card = pack.game_card_size(game_id)
    lib, _ = library_for(folder.resolve(), game_id)
    out.mkdir(parents=True, exist_ok=True)
    sections: list[tuple[CardKind, Size, list[Outline]]] = []
    for kind in layout.kinds:
        if kind.section == "table":
            size, outlines = TABLE_SIZE, table_outlines(TABLE_SIZE)
            image = draw_template(size, outlines, 0, 0)
        else:
            size, outlines = card, card_outlines(layout, kind, card, lib)
            scale = card[0] / layout.size[0]
            image = draw_template(size, outlines, layout.radius * scale, layout.frame * scale)
        path = out / f"{kind.file}.png"
        path.write_bytes(png_bytes(image))
        sections.append((kind, size, outlines))
        print(tr("wrote {file} ({width}x{height})").format(file=shown(path), width=size[0], height=size[1]))
    readme = out / "README.txt"
    readme.write_text(readme_text(layout, pack.name, card, sections), encoding="utf-8")
    print(tr("wrote {file}").format(file=shown(readme)))
    return 0


def readme_text(
    layout: GameLayout, pack_name: str, card: Size, sections: list[tuple[CardKind, Size, list[Outline]]]
) -> str:
    game = layout.game_id
    scale = card[0] / layout.size[0]
    lines = [
        tr("Card templates for {game}, at the card size of the art pack {pack}: {width} x {height} pixels")
        .format(game=game, pack=repr(pack_name), width=card[0], height=card[1]),
        "",
        tr("Files"),
    ]
    for kind, size, _ in sections:
        title, manifest = tr(kind.title), tr(kind.manifest)
        lines.append(f"  {kind.file + '.png':<16} {title}, {size[0]} x {size[1]}: {manifest}")
    lines += [
        "",
        tr("Size and sharpness"),
        "  " + tr("Draw every face at {width} x {height} (the card_size in pack.toml; aspect {aspect}).")
        .format(width=card[0], height=card[1], aspect=f"{card[0] / card[1]:.3f}"),
        "  " + tr("The table scales a face to the size it needs, keeping that aspect: a face more than "
                  "{tolerance} off is stretched.").format(tolerance=f"{ASPECT_TOLERANCE:.0%}"),
        "  " + tr("On a {width} x {height} screen the table draws cards up to {most} px tall: faces at least "
                  "that tall stay sharp.").format(width=FOUR_K[0], height=FOUR_K[1], most=min_face_height()),
        "  " + tr("The table background is cropped to fill the window: give it 16:9, at least 1920 x 1080."),
        "",
        tr("What the outlines mean"),
        "  " + tr("grey    the card's edge with the default rounded corners (radius {radius} px; transparent "
                  "corners show the table), and the default frame {frame} px in: keep names and text inside "
                  "it").format(radius=f"{layout.radius * scale:.0f}", frame=f"{layout.frame * scale:.0f}"),
        "  " + tr("red     the table draws this over your art"),
        "  " + tr("orange  the safe area ([games.<id>.text] safe_area): the table may put marks here"),
        "  " + tr("blue    the default design puts this here; players look for it there, so keep it in "
                  "place"),
        "",
        tr("What the table does to every face, beside the outlined regions:"),
        "  - " + tr("a highlight ring just outside the edge of a card that can be chosen (never over the "
                    "art);"),
        "  - " + tr("a dark veil over the whole face of a card that cannot be chosen now: keep the contrast "
                    "strong;"),
        "  - " + tr("a small card-count pill over the bottom-left corner of an opponent's hand of backs."),
    ]
    for kind, _, outlines in sections:
        if not outlines:
            continue
        lines += ["", f"{kind.file}.png: {tr(kind.title)}"]
        for o in outlines:
            r = o.rect
            lines.append(f"  {o.label:<22} x {r.x}, y {r.y}, {r.w} x {r.h}: {o.note}")
    lines += [
        "",
        tr("When the pack is drawn: {command}   (lists what to fix, with manifest lines)").format(
            command="python -m tools.art check PACK"),
        tr("and a contact sheet:    {command}").format(
            command=f"python -m tools.art sheet PACK --game {game} --out sheet.png"),
        "",
    ]
    return "\n".join(lines)
