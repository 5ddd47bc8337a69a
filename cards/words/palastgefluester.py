"""Palastgeflüster's words: its line in the game menu, its rules summary for the pause menu, its rules pages
for the rules view, and what each of its cards does (the inspect view and the gallery). Named by the
game's registry entry (game.REGISTRY); cards/card_text.py, rules_text.py and rules_pages.py read it."""

from __future__ import annotations

from cards.words import CardNote, CardText, GameInfo, RulesPage
from game.i18n import N_

INFO = GameInfo(
        "Palastgeflüster", 3, 5,
        "Play courtiers into your row; each card's colour names who plays next. "
        "Never show a person twice.")

SUMMARY = N_("""\
<b>Goal</b><br>
Be the first to reach 6 / 5 / 4 points (with 3 / 4 / 5 players). Points come at the end of each round.<br><br>
<b>Cards</b><br>
Seven persons: Chamberlain, Treasurer, Wizard, Maid, Cupbearer, Guard, Jester. \
Each player colour has one of every person; 14 brown cards (two of every person) join them. \
A card's border colour names who plays next.<br><br>
<b>Your turn</b><br>
You must play one hand card face up to the end of your row, then carry out its action. \
Everyone always holds hand + row = 6 cards.<br><br>
<b>End of a round</b> (checked as the card lands, before its action)<br>
• The person is now twice in your row (a <i>Palastgeflüster</i>): every other player scores 1.<br>
• A Jester is played while the King card shows the Jester: every other player scores 1.<br>
• Your row shows 6 different persons: you alone score 1 (but a Jester played under the Jester \
King card scores for the others instead).<br>
Then all person cards are shuffled and 6 dealt to each; the player who ended the round starts. \
King cards stay.<br><br>
<b>Actions</b> (mandatory when possible; the person on the current King card has no action)<br>
• <b>Chamberlain</b>: reveal the next King card; its person is blocked until another is revealed. \
When all six are revealed, they are shuffled into a new stack first.<br>
• <b>Treasurer</b>: show your whole hand to everyone.<br>
• <b>Wizard</b>: pick a player and a number; you both choose that many hand cards and swap them unseen.<br>
• <b>Maid</b>: discard a hand card face down, then draw one.<br>
• <b>Cupbearer</b>: swap one card between two different rows (yours may be one), but not the \
Cupbearer just played; no row may then show a person twice. No action as the 1st or 2nd card of a round.<br>
• <b>Guard</b>: take another card of your row back into your hand.<br>
• <b>Jester</b>: no action.<br><br>
<b>Who plays next</b><br>
The player of the card's colour (perhaps you again). Brown: the player with the fewest cards in their row; \
on a tie you choose among the tied players.<br><br>
<b>Game end</b><br>
If several reach the goal together, the one with more cards in their row wins; \
still tied, they share the win. \
With the <i>noted</i> scoring option, ties go to the higher total of row sizes noted after each round.""")


#: each colour's shape, as the card's detail line says it (colour_marks.SHAPES), with its article
SHAPE_WORDS = {"triangle": N_("a triangle"), "circle": N_("a circle"), "star": N_("a star"),
              "diamond": N_("a diamond"), "square": N_("a square"), "cross": N_("a cross")}

#: What a player should know of each person beyond the card's own line (PG-R5, PG-R7); in the chosen
#: language where shown (`tr`).
PERSON_MORE = {
    "Hofmarschall": N_("The earlier King card no longer blocks."),
    "Schatzmeister": N_("Everyone remembers those cards while they stay in your hand."),
    "Zauberer": N_("You choose the player and how many; each of you picks the cards to give, unseen."),
    "Zofe": N_("Get rid of a card you can no longer play."),
    "Mundschenk": N_("Nobody's row may then show a person twice."),
    "Waechter": N_("That person can then be played again."),
    "Hofnarr": N_("Played while the King card shows the Jester, it ends the round: everyone else scores."),
}


def describe(card_id: str, data: object = None) -> CardText | None:
    """A card's words (`data`, a variant's card data, changes none of them: they name no number)."""
    from cards.colour_shapes import shape_of
    from game.i18n import tr
    from game.palastgefluester.cards import (
        BROWN,
        COLOURS,
        PERSON_BY_ID,
        colour_label,
        king_text,
        person_action,
        person_label,
    )

    first, _, rest = card_id.partition("/")
    if first == "king":
        person = PERSON_BY_ID.get(rest)
        if person is None or not person.king_text:
            return None
        return CardText(tr("King card: {card}").format(card=person_label(person.id)),
                        (tr("{text}.").format(text=king_text(person.id)),),
                        (tr("The King card on top of the revealed ones blocks its person's action."),))
    person = PERSON_BY_ID.get(first)
    if person is None or rest not in (*COLOURS, BROWN):
        return None
    if rest == BROWN:
        who = tr("Brown (a cross): the player with the fewest cards in their row decides next; on a tie, "
                 "the one who played it chooses among them.")
    else:
        shape = shape_of(rest) or ""
        who = tr("{colour} ({shape}): that player decides next.").format(
            colour=colour_label(rest).capitalize(), shape=tr(SHAPE_WORDS.get(shape, shape)))
    more = PERSON_MORE.get(person.id)
    rules = (tr("{text}.").format(text=person_action(person.id)), *((tr(more),) if more else ()))
    return CardText(person_label(person.id), rules, (who,))


def pages() -> list[RulesPage]:
    from game.i18n import tr
    from game.palastgefluester.cards import PERSONS, person_action, person_label

    persons = [CardNote(f"{p.id}/brown", person_label(p.id),
                        tr("{action}. {more}").format(action=person_action(p.id), more=tr(PERSON_MORE[p.id])))
               for p in PERSONS]
    return [
        RulesPage(tr("Goal and turn"), (
            tr("Be first to 6, 5 or 4 points (with 3, 4 or 5 players). Points come when a round ends."),
            tr("On your turn you must play one hand card to the end of your row, then carry out its action. "
               "Hand and row together always make 6 cards."),
            tr("Never show a person twice in your row: that is a Palastgeflüster, and every other player "
               "scores a point. Six different persons in your row score a point for you alone."),
        ), (CardNote("Zofe/red", tr("A red {card}").format(card=person_label("Zofe")),
                     tr("Its border colour names who plays next: here, Red.")),
            CardNote("Zofe/brown", tr("A brown {card}").format(card=person_label("Zofe")),
                     tr("Brown: the player with the fewest cards in their row plays next; on a tie, you "
                        "choose among them.")))),
        RulesPage(tr("The persons (1)"), (), tuple(persons[:4])),
        RulesPage(tr("The persons (2)"), (
            tr("The person on the current King card has no action. A King card is revealed only by the "
               "Chamberlain, and King cards stay from round to round."),
        ), (*persons[4:], CardNote("king/Zofe", tr("King card"), tr("While it shows, that person's action "
                                                                   "is blocked.")))),
        # The rulings these pages put in plain words (docs/rulings.md; a player never sees their ids):
        # PG-R5, PG-R7, PG-R11.
        RulesPage(tr("Rulings that matter"), (
            tr("The round end is checked as the card lands, before its action: a card that ends the round "
               "does nothing."),
            tr("A Jester played while the King card shows the Jester is a Palastgeflüster, even as your "
               "sixth person."),
            tr("An action is a must when it can be done, and lapses when it cannot. The Cupbearer does "
               "nothing as the 1st or 2nd card of a round."),
            tr("After the Wizard, you and the player you chose each pick the cards to swap, unseen."),
            tr("Cards you saw (the Treasurer's hand, cards that came to you) are remembered on the table "
               "until they leave that hand unseen."),
            tr("Several reach the goal together: more cards in the row wins; still tied, the win is shared."),
        )),
    ]


__all__ = ["INFO", "SUMMARY", "describe", "pages"]
