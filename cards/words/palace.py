"""Palace's words: its line in the game menu, its rules summary for the pause menu, its rules pages
for the rules view, and what each of its cards does (the inspect view and the gallery). Named by the
game's registry entry (game.REGISTRY); cards/card_text.py, rules_text.py and rules_pages.py read it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.words import CardNote, CardText, GameInfo, RulesPage, option_label
from game.i18n import N_

if TYPE_CHECKING:
    from game.palace.data import PalaceData

INFO = GameInfo(
        "Palace", 2, 5,
        "Shed your hand, then your face-up and blind cards on a rising pile. Tens burn, twos reset.")

SUMMARY = N_("""\
<b>Goal</b><br>
Get rid of all your cards. Everyone who gets out is one of the winners, in the order they went \
out; play goes on until one player is left holding cards: the loser, who deals the rematch.<br><br>
<b>Set-up</b><br>
Each player gets 3 face-down cards, 3 face-up cards on them and 3 hand cards. Before play you may swap \
hand cards with your face-up cards. The first player is the one showing the lowest face-up card \
(3 … 9, 10, J, Q, K, A, 2), the first clockwise from the dealer on a tie.<br><br>
<b>Your turn</b><br>
Play one or more cards of one rank, equal to or higher than the top of the pile (3 is low, ace is high). \
Then draw back up to 3 while the draw pile lasts. If you cannot play, you pick up the whole pile.<br><br>
<b>Special cards</b><br>
• <b>2</b>: always playable; the next player may play anything.<br>
• <b>10</b>: always playable; burns the pile, and you play again.<br>
• <b>Four of a rank</b> in one play or in a row on the pile also burn it.<br><br>
<b>Your table cards</b><br>
When your hand is empty and the draw pile is gone, play from your face-up cards, then your face-down cards \
one at a time, blind. A blind card that cannot be played goes to your hand with the whole pile.<br><br>
<b>Options</b><br>
Redraw (play cards of the same rank you just drew: after every draw a player finishes the turn, \
so nobody else can tell whether they could), and variants for 7s, 8s and 3s, as chosen in the setup.""")


#: a card without a power, where a variant burns the pile at another run than four
PLAIN_RUN_TEXT = N_("It plays on a card of its rank or lower. {n} of a rank in a row burn the pile.")


def describe(card_id: str, data: PalaceData | None = None) -> CardText | None:
    """A card's words: with `data` (a variant's card data), its rank's power and the burn run as the
    variant has them."""
    from game.i18n import ptr, tr
    from game.palace.cards import (
        BURN_RUN,
        PLAIN_TEXT,
        POWER_TEXTS,
        RANK_ORDER_TEXT,
        RANKS,
        SUIT_NAMES,
        card_label,
    )

    rank, suit = card_id[:-1], card_id[-1:]
    found = (data.rank if data is not None else RANKS).get(rank)
    if found is None or suit not in SUIT_NAMES:
        return None
    if not found.power and data is not None and data.burn_run != BURN_RUN:
        rules = tr(PLAIN_RUN_TEXT).format(n=data.burn_run)
    elif not found.power:
        rules = ptr("card rule", PLAIN_TEXT)
    elif found.option:
        rules = tr("With the option {option}: {rule}").format(
            option=option_label("palace", found.option), rule=ptr("card rule", POWER_TEXTS[found.power]))
    else:
        rules = ptr("card rule", POWER_TEXTS[found.power])
    return CardText(card_label(card_id), (rules,), (ptr("card rule", RANK_ORDER_TEXT),))


def pages() -> list[RulesPage]:
    from game.i18n import tr
    from game.palace.cards import card_label

    return [
        # The rulings these pages put in plain words (docs/rulings.md; a player never sees their ids):
        # PA-R12 (goal), PA-R9 and PA-R11 (special cards), PA-R4, PA-R7, PA-R8, PA-R10, PA-R12, PA-R14
        # (rulings).
        RulesPage(tr("Goal and turn"), (
            tr("Get rid of all your cards: your hand, then your three face-up cards, then your three "
               "face-down cards, blind. Everyone who gets out wins; the last player holding cards is the "
               "loser."),
            tr("Play one or more cards of one rank, equal to or higher than the top of the pile (3 is low, "
               "ace is high), then draw back up to 3 while the draw pile lasts. If you cannot play, you pick "
               "up the whole pile."),
            tr("Before play you may swap hand cards with your face-up cards: strong cards are worth keeping "
               "face up for the end."),
        ), (CardNote("4H", card_label("4H"), tr("A plain card: goes on an equal or lower card.")),
            CardNote("AS", card_label("AS"), tr("The ace: the highest plain card.")))),
        RulesPage(tr("The special cards"), (
            tr("Four cards of one rank, played at once or in a row on the pile, burn it too, and you play "
               "again."),
        ), (CardNote("2C", tr("The 2"), tr("Goes on anything; the next player may play anything on it.")),
            CardNote("10D", tr("The 10"), tr("Goes on anything and burns the pile: it leaves the game, and "
                                             "you play again.")),
            CardNote("3H", tr("The 3 (option)"), tr("With “Invisible three”: goes on anything and takes the "
                                                    "rank of the card below it.")),
            CardNote("7S", tr("The 7 (option)"), tr("With “Seven or lower”: the next play must be a 7 or "
                                                    "lower.")))),
        RulesPage(tr("Rulings that matter"), (
            tr("The first player is the one showing the lowest face-up card (3 up to 2), the first from the "
               "dealer on a tie."),
            tr("A player who can play must play (unless the option “Pick up by choice” is on)."),
            tr("A face-down card is turned over: if it goes, it stays; if not, you take it with the whole "
               "pile and play from your hand again."),
            tr("Redraw: if the cards you just drew match the rank you played, you may add them at once. The "
               "others only see that you finish your turn."),
            tr("Play goes on until one player is left: the loser deals the rematch."),
        )),
    ]


__all__ = ["INFO", "SUMMARY", "describe", "pages"]
