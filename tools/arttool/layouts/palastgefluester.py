"""Palastgeflüster's default layout, as tools/artgen/palastgefluester draws it (400 x 560).

The boxes the drawing module names (the picture, the rule text, the bands) come from it; the rest are
read off its drawing code (badge, medallions, King card parts). tests/test_art_cli.py checks them
against the shipped faces.
"""

from __future__ import annotations

from tools.artgen.palastgefluester import (
    BADGE_CENTRE,
    BADGE_R,
    BOTTOM_BAND,
    CARD_H,
    CARD_W,
    PORTRAIT,
    RADIUS,
    TEXT_BOX,
    TOP_BAND,
)

from . import CardKind, GameLayout, Region

FRAME = 16  # the parchment panel and the King card's field start this far in

#: the player-colour badge on a person card: its outer radius (the coloured disc and two rings)
BADGE_OUTER_R = BADGE_R + 6
#: the action icon's medallion, centred on the picture's bottom edge
ICON_CENTRE, ICON_R = (CARD_W / 2, PORTRAIT[1] + PORTRAIT[3] + 6), 37
#: the King card's portrait medallion and its struck-through icon
KING_PORTRAIT_CENTRE, KING_PORTRAIT_R = (CARD_W / 2, 296), 122
KING_ICON_CENTRE, KING_ICON_R = (KING_PORTRAIT_CENTRE[0] + 88, KING_PORTRAIT_CENTRE[1] + 84), 36
KING_SCROLL = (40, 436, CARD_W - 80, 88)


def _circle(centre: tuple[float, float], r: float) -> tuple[float, float, float, float]:
    return (centre[0] - r, centre[1] - r, 2 * r, 2 * r)


PERSON = CardKind(
    file="person_card",
    title="Person card",
    manifest='[games.palastgefluester.cards] "<Person>/<colour>", e.g. "Zofe/red" (7 persons x 6 colours)',
    section="cards",
    example="Zofe/red",
    marked=True,
    regions=(
        Region("name band", (0, 0, CARD_W, TOP_BAND), "the person's name on the player colour"),
        Region(
            "colour badge",
            _circle(BADGE_CENTRE, BADGE_OUTER_R),
            "the colour's shape (red triangle, blue circle, yellow star, green diamond, purple square, "
            "brown cross): colours never rely on hue alone",
            oval=True,
        ),
        Region("picture", PORTRAIT, "the person"),
        Region("action icon", _circle(ICON_CENTRE, ICON_R), "the icon of the person's action", oval=True),
        Region("rule text", TEXT_BOX, "the action, as the rules word it"),
        Region(
            "colour band",
            (0, BOTTOM_BAND, CARD_W, CARD_H - BOTTOM_BAND),
            "the colour's name between its shapes (brown: BROWN · FEWEST CARDS)",
        ),
    ),
)

KING = CardKind(
    file="king_card",
    title="King card",
    manifest='[games.palastgefluester.cards] "king/<Person>", e.g. "king/Zofe" (6 faces: no Hofmarschall)',
    section="cards",
    example="king/Zofe",
    regions=(
        Region("crown, KING CARD", (100, 34, 200, 88), "marks it as a King card, never a person card"),
        Region("name", (24, 122, CARD_W - 48, 50), "the person whose action it blocks"),
        Region(
            "portrait", _circle(KING_PORTRAIT_CENTRE, KING_PORTRAIT_R), "that person's portrait", oval=True
        ),
        Region(
            "blocked icon",
            _circle(KING_ICON_CENTRE, KING_ICON_R),
            "the person's action icon struck through (Hofnarr: the round-end warning)",
            oval=True,
        ),
        Region("meaning", KING_SCROLL, "what the card means, as the rules word it"),
    ),
)

BACK = CardKind(
    file="back",
    title="Back of the person cards",
    manifest="[games.palastgefluester] back",
    section="back",
    regions=(Region("emblem", (78, 118, 244, 324), "the palace and the game's name", oval=True),),
)

KING_BACK = CardKind(
    file="king_back",
    title="Back of the King cards",
    manifest="[games.palastgefluester] king_back",
    section="king_back",
    regions=(
        Region("crown medallion", _circle((CARD_W / 2, CARD_H / 2), 104), "the crown", oval=True),
        Region("KING (top)", (FRAME, 48, CARD_W - 2 * FRAME, 32), "tells the King pile from the person pile"),
        Region("KING (bottom)", (FRAME, CARD_H - 80, CARD_W - 2 * FRAME, 32), "the same, for the far side"),
    ),
)

TABLE = CardKind(
    file="table",
    title="Table background",
    manifest="[games.palastgefluester] table",
    section="table",
)

LAYOUT = GameLayout(
    game_id="palastgefluester",
    size=(CARD_W, CARD_H),
    radius=RADIUS,
    frame=FRAME,
    kinds=(PERSON, KING, BACK, KING_BACK, TABLE),
)
