"""3 Chapters's words: its line in the game menu, its rules summary for the pause menu, its rules pages
for the rules view, and what each of its cards does (the inspect view and the gallery). Named by the
game's registry entry (game.REGISTRY); cards/card_text.py, rules_text.py and rules_pages.py read it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from cards.words import CardNote, CardText, GameInfo, RulesPage
from game.i18n import N_

if TYPE_CHECKING:
    from game.three_chapters.data import ThreeChaptersData

INFO = GameInfo(
        "3 Chapters", 2, 6,
        "Draft a hand, play it out in tricks, then score your cards' abilities in the final chapter.")

SUMMARY = N_("""\
<b>Goal</b><br>
The most points after three chapters: 2 per star, 1 per heart, 1 per pair of crystals.<br><br>
<b>Chapter I — draft</b><br>
Everyone picks one card of their 8 face down and passes the rest to the left, until each has 7 \
(3 players: two drafts of 4 from 8; 2 players: you also draft for your ghost).<br><br>
<b>Chapter II — tricks</b><br>
The start player leads any card, everyone adds one. The highest value wins the trick and a star. \
Then each player checks the chapter-II abilities of their card (Cheshire Cat and Queen of Hearts last) and \
lays it face up in front of them. The winner leads next.<br><br>
<b>Chapter III — scoring</b><br>
Every player scores the chapter-III abilities of all their cards against all their cards. \
The player(s) with the most crystals get 4 more.<br><br>
<b>Ties</b><br>
The tied player with the highest single card value wins.""")


def describe(card_id: str, data: ThreeChaptersData | None = None) -> CardText | None:
    """A card's words: with `data` (a variant's card data), its abilities as the variant has them."""
    from game.three_chapters.cards import CardDataError, default_cards

    found = re.fullmatch(r"(?:.*\D)?(\d+)", card_id)
    if found is None:
        return None
    try:
        cards = data.cards if data is not None else default_cards()
    except CardDataError:
        return None
    value = int(found.group(1))
    if value not in cards.cards:
        return None
    from game.i18n import tr

    card = cards.describe(value)
    details = [tr("Value {value}").format(value=value)]
    if card["attributes"]:
        details.append(tr("Attributes: {attributes}").format(attributes=", ".join(card["attributes"])))
    rules = tuple(card["text"]) or (tr("No ability: it only counts by its value."),)
    return CardText(f"{value} {card['name']}", rules, tuple(details))


def pages() -> list[RulesPage]:
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
        # The rulings these pages put in plain words (docs/rulings.md; a player never sees their ids):
        # TC-R3 to TC-R6, TC-R8.
        RulesPage(tr("Rulings that matter"), (
            tr("In the draft everyone picks at the same time, unseen. With 3 players there are two drafts of "
               "4 from 8."),
            tr("With 2 players each also drafts for a ghost, which plays its top card in the tricks but "
               "scores nothing."),
            tr("{first} and {second} are checked after every other player's abilities.").format(
                first=card_label("Grinsekatz"), second=card_label("Herzkönigin")),
            tr("A tie goes to the tied player with the highest single card value."),
        )),
    ]


__all__ = ["INFO", "SUMMARY", "describe", "pages"]
