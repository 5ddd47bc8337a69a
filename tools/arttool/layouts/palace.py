"""Palace's default layout, as tools/artgen/palace draws it (400 x 560).

The boxes come from the drawing module. The table relies on one thing: the corner index at the top
left. Hands and the pile are fanned to the right, so of most cards only a strip at the left edge shows
(on the pile about the left third): rank and suit must be readable there. A pack that puts its index
elsewhere still plays, but a fanned hand can then not be read.
"""

from __future__ import annotations

from tools.artgen.palace import CARD_H, CARD_W, COURT_BOX, INDEX_BOX, PIP_BOX, RADIUS

from . import CardKind, GameLayout, Region

FRAME = 8  # the faces have a fine border only

TURNED_INDEX = (
    CARD_W - INDEX_BOX[0] - INDEX_BOX[2],
    CARD_H - INDEX_BOX[1] - INDEX_BOX[3],
    INDEX_BOX[2],
    INDEX_BOX[3],
)
INDEX_NOTE = "rank over suit, big: the only part of a card a fanned hand or the pile shows"

NUMBER = CardKind(
    file="number_card",
    title="Number card (2 to 10)",
    manifest='[games.palace.cards] "<rank><suit>", e.g. "7H" or "10S" (ranks 2-10 of C, D, H, S)',
    section="cards",
    example="7H",
    regions=(
        Region("index", INDEX_BOX, INDEX_NOTE),
        Region("pips", PIP_BOX, "the suit's pips in the printed arrangement, the lower half turned round"),
        Region("index (turned)", TURNED_INDEX, "the same index turned round, for the far side"),
    ),
)

COURT = CardKind(
    file="court_card",
    title="Court card (J, Q, K)",
    manifest='[games.palace.cards] "JH", "QS", "KC", …',
    section="cards",
    example="KH",
    regions=(
        Region("index", INDEX_BOX, INDEX_NOTE),
        Region("figure", COURT_BOX, "the double-ended figure, the same from either side"),
        Region("index (turned)", TURNED_INDEX, "the same index turned round"),
    ),
)

ACE = CardKind(
    file="ace",
    title="Ace",
    manifest='[games.palace.cards] "AC", "AD", "AH", "AS"',
    section="cards",
    example="AS",
    regions=(
        Region("index", INDEX_BOX, INDEX_NOTE),
        Region(
            "pip",
            (CARD_W / 2 - 128, CARD_H / 2 - 128, 256, 256),
            "one large pip (the spade ornate)",
            oval=True,
        ),
        Region("index (turned)", TURNED_INDEX, "the same index turned round"),
    ),
)

BACK = CardKind(
    file="back",
    title="Back of the cards",
    manifest="[games.palace] back",
    section="back",
    regions=(Region("emblem", (CARD_W / 2 - 96, CARD_H / 2 - 126, 192, 252), "the four suits", oval=True),),
)

TABLE = CardKind(file="table", title="Table background", manifest="[games.palace] table", section="table")

LAYOUT = GameLayout(
    game_id="palace",
    size=(CARD_W, CARD_H),
    radius=RADIUS,
    frame=FRAME,
    kinds=(NUMBER, COURT, ACE, BACK, TABLE),
)
