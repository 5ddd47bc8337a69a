"""Palace's default layout, as tools/artgen/palace draws it (400 x 560).

The boxes come from the drawing module. The table relies on one thing: the corner index at the top
left. Hands and the pile are fanned to the right, so of most cards only a strip at the left edge shows
(on the pile about the left third): rank and suit must be readable there. A pack that puts its index
elsewhere still plays, but a fanned hand can then not be read.
"""

from __future__ import annotations

from game.i18n import N_
from tools.artgen.palace import CARD_H, CARD_W, COURT_BOX, INDEX_BOX, PIP_BOX, RADIUS
from tools.arttool.layouts import CardKind, GameLayout, Region

FRAME = 8  # the faces have a fine border only

TURNED_INDEX = (
    CARD_W - INDEX_BOX[0] - INDEX_BOX[2],
    CARD_H - INDEX_BOX[1] - INDEX_BOX[3],
    INDEX_BOX[2],
    INDEX_BOX[3],
)
INDEX_NOTE = N_("rank over suit, big: the only part of a card a fanned hand or the pile shows")

NUMBER = CardKind(
    file="number_card",
    title=N_("Number card (2 to 10)"),
    manifest=N_('[games.palace.cards] "<rank><suit>", e.g. "7H" or "10S" (ranks 2-10 of C, D, H, S)'),
    section="cards",
    example="7H",
    regions=(
        Region(N_("index"), INDEX_BOX, INDEX_NOTE),
        Region(N_("pips"), PIP_BOX, N_("the suit's pips in the printed arrangement, the lower half turned "
                                       "round")),
        Region(N_("index (turned)"), TURNED_INDEX, N_("the same index turned round, for the far side")),
    ),
)

COURT = CardKind(
    file="court_card",
    title=N_("Court card (J, Q, K)"),
    manifest=N_('[games.palace.cards] "JH", "QS", "KC", …'),
    section="cards",
    example="KH",
    regions=(
        Region(N_("index"), INDEX_BOX, INDEX_NOTE),
        Region(N_("figure"), COURT_BOX, N_("the double-ended figure, the same from either side")),
        Region(N_("index (turned)"), TURNED_INDEX, N_("the same index turned round")),
    ),
)

ACE = CardKind(
    file="ace",
    title=N_("Ace"),
    manifest=N_('[games.palace.cards] "AC", "AD", "AH", "AS"'),
    section="cards",
    example="AS",
    regions=(
        Region(N_("index"), INDEX_BOX, INDEX_NOTE),
        Region(
            N_("pip"),
            (CARD_W / 2 - 128, CARD_H / 2 - 128, 256, 256),
            N_("one large pip (the spade ornate)"),
            oval=True,
        ),
        Region(N_("index (turned)"), TURNED_INDEX, N_("the same index turned round")),
    ),
)

BACK = CardKind(
    file="back",
    title=N_("Back of the cards"),
    manifest=N_("[games.palace] back"),
    section="back",
    regions=(Region(N_("emblem"), (CARD_W / 2 - 96, CARD_H / 2 - 126, 192, 252), N_("the four suits"),
                    oval=True),),
)

TABLE = CardKind(file="table", title=N_("Table background"), manifest=N_("[games.palace] table"),
                 section="table")

LAYOUT = GameLayout(
    game_id="palace",
    size=(CARD_W, CARD_H),
    radius=RADIUS,
    frame=FRAME,
    kinds=(NUMBER, COURT, ACE, BACK, TABLE),
    hand_card_share=0.154,
    kind_by_prefix=(("A", "ace"), ("J", "court_card"), ("Q", "court_card"), ("K", "court_card")),
)
