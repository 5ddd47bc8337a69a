"""Gloria Picktoria's default layout, as tools/artgen/gloria_picktoria draws it (400 x 560).

The table relies on two things here. A card lying in a row shows only its left edge (about a third of
its width), so the corner medallion with the motif's drawing must sit there. A treasure card lies face
down with its motif's face drawn small over the bottom-left of the back, so a back keeps that corner
quiet. The fox figure is drawn on a transparent ground of the card's size and stood on a row.
"""

from __future__ import annotations

from game.gloria_picktoria.cards import FOX as FOX_CARD
from game.gloria_picktoria.cards import full_deck_counts
from game.i18n import N_
from tools.artgen.gloria_picktoria import (
    BOTTOM_BAND,
    CARD_H,
    CARD_W,
    INDEX_CENTRE,
    INDEX_R,
    PICTURE,
    RADIUS,
    TOP_BAND,
)
from tools.arttool.layouts import CardKind, GameLayout, Region

FRAME = 14  # the panels start this far in
#: what a card in a row shows of itself: the table lays open cards 0.3 of a width apart
ROW_EDGE = (0, 0, round(CARD_W * 0.3), CARD_H)
#: where the table draws a treasure's face small over the back
TREASURE_MARK = (0, CARD_H * 0.56, CARD_W * 0.42, CARD_H * 0.44)


def _circle(centre: tuple[float, float], r: float) -> tuple[float, float, float, float]:
    return (centre[0] - r, centre[1] - r, 2 * r, 2 * r)


TREASURE = CardKind(
    file="treasure_card",
    title=N_("Chicken treasure (motif card)"),
    manifest=N_('[games.gloria_picktoria.cards] "<motif>": egg, feather, corn, worm, nest, clover, bell, '
    "ribbon, plum, vane (also joker and dh)"),
    section="cards",
    example="egg",
    regions=(
        Region(
            N_("corner medallion"),
            _circle(INDEX_CENTRE, INDEX_R + 3),
            N_("the motif's drawing: all that shows of a card lying in a row"),
            oval=True,
        ),
        Region(N_("row edge"), ROW_EDGE,
               N_("the strip a row shows of every open card: colour and medallion")),
        Region(
            N_("name band"),
            (INDEX_CENTRE[0] + INDEX_R, 0, CARD_W - INDEX_CENTRE[0] - INDEX_R, TOP_BAND),
            N_("the motif's name"),
        ),
        Region(N_("picture"), PICTURE, N_("the treasure, large")),
        Region(N_("bottom band"), (0, BOTTOM_BAND, CARD_W, CARD_H - BOTTOM_BAND), N_("what kind of card it "
                                                                                     "is")),
    ),
)

DOUBLER = CardKind(
    file="doubler",
    title=N_("Doubler"),
    manifest=N_('[games.gloria_picktoria.cards] "doubler"'),
    section="cards",
    example="doubler",
    regions=(
        Region(
            N_("corner medallion"), _circle(INDEX_CENTRE, INDEX_R + 3), N_("x2: what shows at a row's end"),
                oval=True
        ),
        Region(N_("x2"), _circle((CARD_W / 2, 276), 118), N_("the doubling"), oval=True),
    ),
)

FOX = CardKind(
    file="fox",
    title=N_("Fox figure (a token, not a card)"),
    manifest=N_('[games.gloria_picktoria.cards] "fox"'),
    section="cards",
    example="fox",
    regions=(
        Region(
            N_("figure"),
            (FRAME, FRAME, CARD_W - 2 * FRAME, CARD_H - 2 * FRAME),
            N_("the fox on a transparent ground; the table stands it on a row"),
        ),
    ),
)

BACK = CardKind(
    file="back",
    title=N_("Back of the cards"),
    manifest=N_("[games.gloria_picktoria] back"),
    section="back",
    regions=(
        Region(
            N_("emblem"),
            (CARD_W / 2 - 124, CARD_H / 2 - 164, 248, 328),
            N_("the rooster and the game's name"),
            oval=True,
        ),
        Region(N_("treasure mark"), TREASURE_MARK, N_("the table shows a treasure's face small here: keep "
                                                      "it quiet")),
    ),
)

TABLE = CardKind(
    file="table",
    title=N_("Table background"),
    manifest=N_("[games.gloria_picktoria] table"),
    section="table",
)

LAYOUT = GameLayout(
    game_id="gloria_picktoria",
    size=(CARD_W, CARD_H),
    radius=RADIUS,
    frame=FRAME,
    kinds=(TREASURE, DOUBLER, FOX, BACK, TABLE),
    deck=lambda players: {card: n for card, n in full_deck_counts(players).items() if card != FOX_CARD},
    hand_card_share=0.172,
)
