"""Gloria Picktoria's words: its line in the game menu, its rules summary for the pause menu, its rules pages
for the rules view, and what each of its cards does (the inspect view and the gallery). Named by the
game's registry entry (game.REGISTRY); cards/card_text.py, rules_text.py and rules_pages.py read it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.words import CardNote, CardText, GameInfo, RulesPage
from game.i18n import N_

if TYPE_CHECKING:
    from game.gloria_picktoria.data import GloriaData

INFO = GameInfo(
        "Gloria Picktoria", 2, 5,
        "Three action points a turn to build the longest collections of chicken treasures. Beware the fox.")

SUMMARY = N_("""\
<b>Goal</b><br>
Score the most points with your collections of chicken treasures over three scorings.<br><br>
<b>Your turn</b>: 3 action points, spent in any order<br>
• <b>Treasure</b> (1): show a hand card, lay it face down: a new collection.<br>
• <b>Open card</b> (1): lay a hand card face up on one of your collections: on a lone treasure card \
(this sets its motif) or at the end of a row of the same motif. One collection per motif. \
A joker stands for any motif, but never as the first open card. \
The first open card on a treasure brings the fox there.<br>
• <b>Doubler</b> (1): closes a collection and doubles its score.<br>
• <b>Take</b>: one of the 3 open cards (1), or the top of the draw pile (2).<br>
• <b>Fox</b>, once a turn, while it stands on your collection: to another of yours (1) \
or to one of your left neighbour's (2). After your turn you may pass it there for free.<br><br>
<b>Genghis Rooster</b><br>
Each Genghis Rooster card that appears goes to the middle. The 4th, 7th and 10th trigger a scoring at once; \
the 10th ends the game.<br><br>
<b>Scoring</b>, per motif, ignoring collections with the fox<br>
Only collector: 4. Otherwise longest row 3, second-longest 1. \
A tie for first gives each 2 and no second place; a tie for second gives nothing. \
At the last scoring: −2 per lone treasure card (not the one under the fox), −1 per hand card.""")


#: the Dschingis Hahn card's rule where a variant scores at other cards than the 4th, 7th and 10th
DH_SCORING_TEXT = N_("Laid in the middle when drawn; the {cards} start a scoring.")


def describe(card_id: str, data: GloriaData | None = None) -> CardText | None:
    """A card's words: with `data` (a variant's card data), the Dschingis Hahn cards that score as the
    variant has them."""
    from game.gloria_picktoria.cards import DH, SCORING_AT, card_label, card_rule
    from game.i18n import join_words, ordinal, tr

    rules = card_rule(card_id)  # the card data's words, in the chosen language ("" for no card)
    if card_id == DH and data is not None and data.scoring_at != SCORING_AT:
        cards = join_words([ordinal(n) for n in data.scoring_at])
        rules = tr(DH_SCORING_TEXT).format(cards=cards)
    return CardText(card_label(card_id), (rules,)) if rules else None


def pages() -> list[RulesPage]:
    from game.gloria_picktoria.cards import DH, DOUBLER, FOX, JOKER, MOTIFS, card_label
    from game.i18n import tr

    dh = card_label(DH)
    # Four motifs, each with one step of how a collection grows (the same line four times taught nothing).
    steps = (
        tr("Laid face down, any card is a treasure card: it starts a new collection."),
        tr("The first open card laid on a treasure card sets the collection's motif."),
        tr("Each further card of that motif goes at the end of the row: the longer the row, the better."),
        tr("There are 9 cards of each motif, and you keep only one collection per motif."),
    )
    motifs = tuple(CardNote(m.id, card_label(m.id), step) for m, step in zip(MOTIFS, steps, strict=False))
    return [
        RulesPage(tr("Goal and turn"), (
            tr("Score the most points with your collections of chicken treasures over three scorings."),
            tr("Each turn you have 3 action points: lay a treasure card (1), lay an open card on your "
               "collection (1), lay the doubler (1), take a card on offer (1) or draw one (2), move the fox "
               "(1 or 2)."),
            tr("A collection starts as a face-down treasure card; the first open card on it sets its motif. "
               "Only one collection per motif."),
        ), motifs),
        # The rulings these pages put in plain words (docs/rulings.md; a player never sees their ids):
        # GP-R5, GP-R6, GP-R9 (special cards), GP-R9 and GP-R10 (scoring), GP-R5 to GP-R9 and GP-R13
        # (rulings).
        RulesPage(tr("Special cards"), (
            tr("The 4th, 7th and 10th {card} bring a scoring at once; the 10th ends the game.").format(
                card=dh),
        ), (CardNote("joker", card_label(JOKER),
                     tr("Stands for any motif, but never as the first open card.")),
            CardNote("doubler", card_label(DOUBLER),
                     tr("Closes a collection and doubles its points; or lay it as a treasure card.")),
            CardNote("fox", card_label(FOX), tr("A collection under the fox is left out of the scoring.")),
            CardNote("dh", dh, tr("Goes to the middle as it turns up and costs nothing.")))),
        RulesPage(tr("Scoring"), (
            tr("Per motif, leaving out collections with the fox: the only collector gets 4; otherwise the "
               "longest row 3 and the second longest 1. A tie for first gives each 2 and no second place; a "
               "tie for second gives nothing. A doubler doubles that collection."),
            tr("At the last scoring: -2 for each lone treasure card, -1 for each hand card. A lone treasure "
               "card under the fox costs nothing."),
        )),
        RulesPage(tr("Rulings that matter"), (
            tr("The first open card on a treasure card brings the fox there at once."),
            tr("The fox moves once a turn, only from one of your collections: 1 point to another of yours, "
               "2 to your left neighbour's. After your turn you may pass it there for free."),
            tr("A scoring comes in the middle of an action if need be; then the turn goes on."),
            tr("The offer is refilled to 3 at once; the counter of {card} cards is always in view.").format(
                card=dh),
        )),
    ]


__all__ = ["INFO", "SUMMARY", "describe", "pages"]
