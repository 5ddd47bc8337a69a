"""Palastgeflüster's default layout, as tools/artgen/palastgefluester draws it (400 x 560).

The boxes the drawing module names (the picture, the rule text, the bands) come from it; the rest are
read off its drawing code (badge, medallions, King card parts). tests/test_art_cli.py checks them
against the shipped faces.
"""

from __future__ import annotations

from collections import Counter

from game.i18n import N_
from game.palastgefluester.cards import KING_PERSONS, deck
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
from tools.arttool.layouts import CardKind, GameLayout, Region

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
    title=N_("Person card"),
    manifest=N_('[games.palastgefluester.cards] "<Person>/<colour>", e.g. "Zofe/red" '
                '(7 persons x 6 colours)'),
    section="cards",
    example="Zofe/red",
    marked=True,
    regions=(
        Region(N_("name band"), (0, 0, CARD_W, TOP_BAND), N_("the person's name on the player colour")),
        Region(
            N_("colour badge"),
            _circle(BADGE_CENTRE, BADGE_OUTER_R),
            N_("the colour's shape (red triangle, blue circle, yellow star, green diamond, purple square, "
            "brown cross): colours never rely on hue alone"),
            oval=True,
        ),
        Region(N_("picture"), PORTRAIT, N_("the person")),
        Region(N_("action icon"), _circle(ICON_CENTRE, ICON_R), N_("the icon of the person's action"),
               oval=True),
        Region(N_("rule text"), TEXT_BOX, N_("the action, as the rules word it")),
        Region(
            N_("colour band"),
            (0, BOTTOM_BAND, CARD_W, CARD_H - BOTTOM_BAND),
            N_("the colour's name between its shapes (brown: BROWN · FEWEST CARDS)"),
        ),
    ),
)

KING = CardKind(
    file="king_card",
    title=N_("King card"),
    manifest=N_('[games.palastgefluester.cards] "king/<Person>", e.g. "king/Zofe" '
                '(6 faces: no Hofmarschall)'),
    section="cards",
    example="king/Zofe",
    regions=(
        Region(N_("crown, KING CARD"), (100, 34, 200, 88),
               N_("marks it as a King card, never a person card")),
        Region(N_("name"), (24, 122, CARD_W - 48, 50), N_("the person whose action it blocks")),
        Region(
            N_("portrait"), _circle(KING_PORTRAIT_CENTRE, KING_PORTRAIT_R), N_("that person's portrait"),
                oval=True
        ),
        Region(
            N_("blocked icon"),
            _circle(KING_ICON_CENTRE, KING_ICON_R),
            N_("the person's action icon struck through (Hofnarr: the round-end warning)"),
            oval=True,
        ),
        Region(N_("meaning"), KING_SCROLL, N_("what the card means, as the rules word it")),
    ),
)

BACK = CardKind(
    file="back",
    title=N_("Back of the person cards"),
    manifest=N_("[games.palastgefluester] back"),
    section="back",
    regions=(Region(N_("emblem"), (78, 118, 244, 324), N_("the palace and the game's name"), oval=True),),
)

KING_BACK = CardKind(
    file="king_back",
    title=N_("Back of the King cards"),
    manifest=N_("[games.palastgefluester] king_back"),
    section="king_back",
    regions=(
        Region(N_("crown medallion"), _circle((CARD_W / 2, CARD_H / 2), 104), N_("the crown"), oval=True),
        Region(N_("KING (top)"), (FRAME, 48, CARD_W - 2 * FRAME, 32), N_("tells the King pile from the "
                                                                         "person pile")),
        Region(N_("KING (bottom)"), (FRAME, CARD_H - 80, CARD_W - 2 * FRAME, 32), N_("the same, for the far "
                                                                                     "side")),
    ),
)

TABLE = CardKind(
    file="table",
    title=N_("Table background"),
    manifest=N_("[games.palastgefluester] table"),
    section="table",
)

LAYOUT = GameLayout(
    game_id="palastgefluester",
    size=(CARD_W, CARD_H),
    radius=RADIUS,
    frame=FRAME,
    kinds=(PERSON, KING, BACK, KING_BACK, TABLE),
    deck=lambda players: Counter([*deck(players), *(f"king/{person}" for person in KING_PERSONS)]),
    other_backs={"king/": "king_back"},
    hand_card_share=0.162,
    kind_by_prefix=(("king/", "king_card"),),
)
