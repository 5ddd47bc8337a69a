"""The rules of each game as pages for the rules view: a few paragraphs, and cards with what each does.

Pages are data: `pages(game_id)` gives them, each with its title, its paragraphs in plain words, and the
cards to draw (an art pack's card id, a name and the card's action beside it). The card actions come from
the games' own card data where the game has it (Palastgeflüster's persons, Gloria Picktoria's motifs,
3 Chapters' abilities), so the rules view says what the engine does. Every word of it is here, in one
place per game, for translation. The rulings that matter to a player (docs/rulings.md) are put in plain words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.i18n import N_


@dataclass(frozen=True)
class CardNote:
    """A card drawn on a page, with its name and what it does."""

    card: str  # the card id in the art pack (see ArtLibrary.card_ids)
    name: str
    text: str


@dataclass(frozen=True)
class RulesPage:
    title: str
    paragraphs: tuple[str, ...] = ()
    cards: tuple[CardNote, ...] = field(default_factory=tuple)


# -- Palastgeflüster --------------------------------------------------------------------------------
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


def _palastgefluester() -> list[RulesPage]:
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
        RulesPage(tr("Rulings that matter"), (
            tr("The round end is checked as the card lands, before its action: a card that ends the round "
               "does nothing. (PG-R5)"),
            tr("A Jester played while the King card shows the Jester is a Palastgeflüster, even as your "
               "sixth person. (PG-R5)"),
            tr("An action is a must when it can be done, and lapses when it cannot. The Cupbearer does "
               "nothing as the 1st or 2nd card of a round. (PG-R7)"),
            tr("After the Wizard, you and the player you chose each pick the cards to swap, unseen. (PG-R7)"),
            tr("Cards you saw (the Treasurer's hand, cards that came to you) are remembered on the table "
               "until they leave that hand unseen. (PG-R7)"),
            tr("Several reach the goal together: more cards in the row wins; still tied, the win is shared. "
               "(PG-R11)"),
        )),
    ]


def _palace() -> list[RulesPage]:
    from game.i18n import tr
    from game.palace.cards import card_label

    return [
        RulesPage(tr("Goal and turn"), (
            tr("Get rid of all your cards: your hand, then your three face-up cards, then your three "
               "face-down cards, blind. Everyone who gets out wins; the last player holding cards is the "
               "loser. (PA-R12)"),
            tr("Play one or more cards of one rank, equal to or higher than the top of the pile (3 is low, "
               "ace is high), then draw back up to 3 while the draw pile lasts. If you cannot play, you pick "
               "up the whole pile."),
            tr("Before play you may swap hand cards with your face-up cards: strong cards are worth keeping "
               "face up for the end."),
        ), (CardNote("4H", card_label("4H"), tr("A plain card: goes on an equal or lower card.")),
            CardNote("AS", card_label("AS"), tr("The ace: the highest plain card.")))),
        RulesPage(tr("The special cards"), (
            tr("Four cards of one rank, played at once or in a row on the pile, burn it too, and you play "
               "again. (PA-R9)"),
        ), (CardNote("2C", tr("The 2"), tr("Goes on anything; the next player may play anything on it. "
                                           "(PA-R11)")),
            CardNote("10D", tr("The 10"), tr("Goes on anything and burns the pile: it leaves the game, and "
                                             "you play again. (PA-R9)")),
            CardNote("3H", tr("The 3 (option)"), tr("With “Invisible three”: goes on anything and takes the "
                                                    "rank of the card below it.")),
            CardNote("7S", tr("The 7 (option)"), tr("With “Seven or lower”: the next play must be a 7 or "
                                                    "lower.")))),
        RulesPage(tr("Rulings that matter"), (
            tr("The first player is the one showing the lowest face-up card (3 up to 2), the first from the "
               "dealer on a tie. (PA-R4)"),
            tr("A player who can play must play (unless the option “Pick up by choice” is on). (PA-R8)"),
            tr("A face-down card is turned over: if it goes, it stays; if not, you take it with the whole "
               "pile and play from your hand again. (PA-R10)"),
            tr("Redraw: if the cards you just drew match the rank you played, you may add them at once. The "
               "others only see that you finish your turn. (PA-R7, PA-R14)"),
            tr("Play goes on until one player is left: the loser deals the rematch. (PA-R12, PA-R4)"),
        )),
    ]


# -- Gloria Picktoria -------------------------------------------------------------------------------
def _gloria_picktoria() -> list[RulesPage]:
    from game.gloria_picktoria.cards import DH, DOUBLER, FOX, JOKER, MOTIFS, card_label
    from game.i18n import tr

    dh = card_label(DH)
    row = tr("9 cards: collect a row of them.")
    motifs = tuple(CardNote(m.id, card_label(m.id), row) for m in MOTIFS[:4])
    return [
        RulesPage(tr("Goal and turn"), (
            tr("Score the most points with your collections of chicken treasures over three scorings."),
            tr("Each turn you have 3 action points: lay a treasure card (1), lay an open card on your "
               "collection (1), lay the doubler (1), take a card on offer (1) or draw one (2), move the fox "
               "(1 or 2)."),
            tr("A collection starts as a face-down treasure card; the first open card on it sets its motif. "
               "Only one collection per motif."),
        ), motifs),
        RulesPage(tr("Special cards"), (
            tr("The 4th, 7th and 10th {card} bring a scoring at once; the 10th ends the game.").format(
                card=dh),
        ), (CardNote("joker", card_label(JOKER),
                     tr("Stands for any motif, but never as the first open card. (GP-R5)")),
            CardNote("doubler", card_label(DOUBLER),
                     tr("Closes a collection and doubles its points; or lay it as a treasure card. (GP-R5)")),
            CardNote("fox", card_label(FOX), tr("A collection under the fox is left out of the scoring. "
                                                "(GP-R9)")),
            CardNote("dh", dh, tr("Goes to the middle as it turns up and costs nothing. (GP-R6)")))),
        RulesPage(tr("Scoring"), (
            tr("Per motif, leaving out collections with the fox: the only collector gets 4; otherwise the "
               "longest row 3 and the second longest 1. A tie for first gives each 2 and no second place; a "
               "tie for second gives nothing. A doubler doubles that collection. (GP-R9)"),
            tr("At the last scoring: -2 for each lone treasure card, -1 for each hand card. A lone treasure "
               "card under the fox costs nothing. (GP-R10)"),
        )),
        RulesPage(tr("Rulings that matter"), (
            tr("The first open card on a treasure card brings the fox there at once. (GP-R5)"),
            tr("The fox moves once a turn, only from one of your collections: 1 point to another of yours, "
               "2 to your left neighbour's. After your turn you may pass it there for free. (GP-R7, GP-R8)"),
            tr("A scoring comes in the middle of an action if need be; then the turn goes on. (GP-R9)"),
            tr("The offer is refilled to 3 at once; the counter of {card} cards is always in view. "
               "(GP-R6, GP-R13)").format(card=dh),
        )),
    ]


# -- 3 Chapters -------------------------------------------------------------------------------------
def _three_chapters() -> list[RulesPage]:
    from game.i18n import tr
    from game.three_chapters.cards import ATTRIBUTES, card_label, card_text, default_cards

    cards = default_cards()

    def note(value: int) -> CardNote:
        card = cards.cards[value]
        attributes = ", ".join(cards.attribute_label(a) for a in ATTRIBUTES if a in card.attributes)
        return CardNote(str(value), f"{value} {cards.name_of(value)}",
                        f"{attributes}. " + " ".join(card_text(card, cards.attribute_names)))

    return [
        RulesPage(tr("Goal and chapters"), (
            tr("The most points after three chapters: 2 per star, 1 per heart, 1 per pair of crystals."),
            tr("Chapter I: draft. Pick one card of your hand, pass the rest on, until everyone has 7."),
            tr("Chapter II: tricks. The highest value wins the trick and a star; then every card's "
               "Chapter II ability pays."),
            tr("Chapter III: every card's Chapter III ability is scored against all your cards. The most "
               "crystals get 4 more."),
        ), (note(1), note(50))),
        RulesPage(tr("Reading a card"), (
            tr("A card has a value (1 to 50), attributes and abilities. Each ability says in which chapter "
               "it pays, what it pays and when."),
        ), (note(2), note(35), note(45))),
        RulesPage(tr("Rulings that matter"), (
            tr("In the draft everyone picks at the same time, unseen. With 3 players there are two drafts of "
               "4 from 8. (TC-R3, TC-R4)"),
            tr("With 2 players each also drafts for a ghost, which plays its top card in the tricks but "
               "scores nothing. (TC-R5)"),
            tr("{first} and {second} are checked after every other player's abilities. (TC-R6)").format(
                first=card_label("Grinsekatz"), second=card_label("Herzkönigin")),
            tr("A tie goes to the tied player with the highest single card value. (TC-R8)"),
        )),
    ]


_PAGES: dict[str, Callable[[], list[RulesPage]]] = {
    "palastgefluester": _palastgefluester,
    "palace": _palace,
    "gloria_picktoria": _gloria_picktoria,
    "three_chapters": _three_chapters,
}


def pages(game_id: str) -> list[RulesPage]:
    """The game's rules pages (one page saying there are none for a game without them)."""
    make = _PAGES.get(game_id)
    if make is None:
        return [RulesPage("Rules", ("There are no rules pages for this game yet.",))]
    return make()
