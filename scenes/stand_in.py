"""The face an art pack's missing or refused picture is drawn as: the card's name and colour band, marked
"no art" (a half-finished pack is always playable, and what is missing is plain to see)."""

from __future__ import annotations

import pygame

from cards.colour_shapes import shape_of
from game.i18n import card_label, ptr, tr
from scenes import fonts
from scenes.colour_marks import mark
from scenes.colour_vision import PALETTES

Size = tuple[int, int]
RGB = tuple[int, int, int]

#: colours the stand-in face knows by the name in a card id (the seat colours as the cards print them)
NAMED_COLOURS: dict[str, RGB] = {
    **PALETTES["normal"],
    "brown": (124, 78, 40),
    "king": (214, 170, 60),
}
NO_ART_GREY: RGB = (120, 120, 126)


def draw_stand_in(size: Size, game_id: str, card_id: str | None, back: bool = False) -> pygame.Surface:
    """A plain face for art that is missing: the card's name and colour band, clearly marked "no art"."""
    w, h = size
    image = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(2, w // 16)
    if back:
        image.fill((0, 0, 0, 0))
        pygame.draw.rect(image, (70, 70, 78), image.get_rect(), border_radius=radius)
        for x in range(-h, w, max(4, w // 12)):
            pygame.draw.line(image, (86, 86, 96), (x, h), (x + h, 0), max(1, w // 40))
        title, colour = ptr("card", "back"), NO_ART_GREY
    else:
        first, _, rest = (card_id or "").partition("/")
        # the card's name as its game writes it, in the chosen language
        title = card_label(game_id, card_id or "")
        colour = NAMED_COLOURS["king"] if first == "king" else NAMED_COLOURS.get(rest, NO_ART_GREY)
        pygame.draw.rect(image, (236, 230, 214), image.get_rect(), border_radius=radius)
        band = max(3, w // 10)
        pygame.draw.rect(image, colour, image.get_rect(), band, border_radius=radius)
        if rest and first != "king":
            label = fonts.font(max(8, w // 14), bold=True).render(ptr("colour", rest), True, (40, 30, 20))
            image.blit(label, label.get_rect(midbottom=(w // 2, h - band - h // 20)))
            if shape_of(rest) is not None:  # the colour's shape too: hue is never the only cue
                side = max(6, w // 4)
                image.blit(mark(rest, colour, side), (band, band))
    text_colour = (250, 250, 250) if back else (40, 30, 20)
    name = fonts.font(max(8, w // 9), bold=True)
    line = name.render(title, True, text_colour)
    if line.get_width() > w * 0.84:
        line = pygame.transform.smoothscale(
            line, (int(w * 0.84), max(1, int(line.get_height() * w * 0.84 / line.get_width())))
        )
    image.blit(line, line.get_rect(center=(w // 2, h // 3)))
    stamp = fonts.font(max(8, w // 11), bold=True).render(tr("no art"), True, (255, 255, 255))
    box = stamp.get_rect(center=(w // 2, h * 3 // 5)).inflate(w // 12, h // 40)
    pygame.draw.rect(image, (180, 36, 44), box, border_radius=max(2, w // 40))
    image.blit(stamp, stamp.get_rect(center=box.center))
    return image
