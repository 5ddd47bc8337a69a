"""3 Chapters' default layout, as tools/artgen/three_chapters draws it (400 x 560).

The boxes come from the drawing module (value medallion, name ribbon, picture, icon row, abilities). The
table relies on one of them: the icon row (hovering an icon names its attribute). A pack that puts its
icons elsewhere still plays; only the icon names on hover point at the wrong place.
"""

from __future__ import annotations

from game.i18n import N_
from tools.artgen.three_chapters import (
    CARD_H,
    CARD_W,
    ICON_ROW_Y,
    NAME_BOX,
    PICTURE,
    RADIUS,
    TEXT_BOX,
    VALUE_CENTRE,
    VALUE_R,
)
from tools.arttool.layouts import CardKind, GameLayout, Region

FRAME = 14  # the page starts this far in

ICON_ROW = (FRAME, ICON_ROW_Y - 18, CARD_W - 2 * FRAME, 36)


def _circle(centre: tuple[float, float], r: float) -> tuple[float, float, float, float]:
    return (centre[0] - r, centre[1] - r, 2 * r, 2 * r)


STORY = CardKind(
    file="story_card",
    title=N_("Story card"),
    manifest=N_('[games.three_chapters.cards] "<value>", e.g. "17" (50 cards, "1" … "50")'),
    section="cards",
    example="17",
    regions=(
        Region(
            N_("value"),
            _circle(VALUE_CENTRE, VALUE_R + 3),
            N_("the card's value, big: it decides the trick and stays visible in a fanned hand"),
            oval=True,
        ),
        Region(N_("name"), NAME_BOX, N_("the card's name")),
        Region(N_("picture"), PICTURE, N_("the picture")),
        Region(
            N_("attribute icons"),
            ICON_ROW,
            N_("one icon per attribute, centred, in the game's attribute order; the table names the icon "
            "under the mouse from these positions"),
        ),
        Region(
            N_("abilities"),
            TEXT_BOX,
            N_("each ability with its seal: II (in a trick), III (the final count) or II+III (both)"),
        ),
    ),
)

BACK = CardKind(
    file="back",
    title=N_("Back of the cards"),
    manifest=N_("[games.three_chapters] back"),
    section="back",
    regions=(Region(N_("emblem"), (CARD_W / 2 - 130, CARD_H / 2 - 150, 260, 300), N_("the book"), oval=True),
             ),
)

TABLE = CardKind(
    file="table",
    title=N_("Table background"),
    manifest=N_("[games.three_chapters] table"),
    section="table",
)

LAYOUT = GameLayout(
    game_id="three_chapters",
    size=(CARD_W, CARD_H),
    radius=RADIUS,
    frame=FRAME,
    kinds=(STORY, BACK, TABLE),
    hand_card_share=0.172,
)
