"""Palastgeflüster's cards as data (PG-R1, PG-R2).

A person card is the string "<person id>/<colour>", e.g. "Zauberer/red" or "Waechter/brown". The two
brown copies of a person are the same string, so hands and piles are lists and conservation is a
multiset check. A King card is a bare person id ("Zofe"); the Hofmarschall has none.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.i18n import Card, Message, context_message, language, message, ptr


@dataclass(frozen=True)
class Person:
    id: str  # ASCII id used in card strings and action texts, e.g. "Waechter"
    name: str  # the German name the German edition prints, e.g. "Wächter"
    english: str  # the English name, e.g. "Guard" (the catalogue's id for the name: context "card name")
    action: str  # the English action text for the card face (context "card text")
    king_text: str  # the English text of this person's King card ("" for the Hofmarschall, which has none)
    gender: str  # the German name's gender ("m", "f"): its article in a sentence


PERSONS: tuple[Person, ...] = (
    Person(
        "Hofmarschall",
        "Hofmarschall",
        "Chamberlain",
        "Reveal the top King card: that person's action is blocked",
        "",
        "m",
    ),
    Person(
        "Schatzmeister",
        "Schatzmeister",
        "Treasurer",
        "Show your whole hand to all players",
        "The Treasurer has no action",
        "m",
    ),
    Person(
        "Zauberer",
        "Zauberer",
        "Wizard",
        "Swap 1 or more hand cards with another player",
        "The Wizard has no action",
        "m",
    ),
    Person(
        "Zofe",
        "Zofe",
        "Maid",
        "Discard 1 hand card, draw 1",
        "The Maid has no action",
        "f",
    ),
    Person(
        "Mundschenk",
        "Mundschenk",
        "Cupbearer",
        "Swap 2 cards between 2 displays (not as 1st or 2nd card of a round)",
        "The Cupbearer has no action",
        "m",
    ),
    Person(
        "Waechter",
        "Wächter",
        "Guard",
        "Take another card of your display back into your hand",
        "The Guard has no action",
        "m",
    ),
    Person(
        "Hofnarr",
        "Hofnarr",
        "Jester",
        "No action",
        "Playing the Jester ends the round: every other player scores 1",
        "m",
    ),
)

PERSON_BY_ID: dict[str, Person] = {p.id: p for p in PERSONS}
PERSON_IDS: tuple[str, ...] = tuple(p.id for p in PERSONS)

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green", "purple")
BROWN = "brown"
BROWN_COPIES = 2  # two brown cards of every person in the shipped deck (a variant may change it: data.py)

#: The six King cards: every person except the Hofmarschall.
KING_PERSONS: tuple[str, ...] = tuple(p.id for p in PERSONS if p.king_text)


def card(person: str, colour: str) -> str:
    return f"{person}/{colour}"


def deck(players: int) -> list[str]:
    """The shipped deck's 7·n + 14 person cards for `players` seats: the seated colours and all brown
    cards (a game's own deck, which a variant may change, is `state.data.deck(players)`)."""
    from game.palastgefluester.data import DEFAULT_DATA

    return DEFAULT_DATA.deck(players)


def card_person(card: str) -> str:
    return card.partition("/")[0]


def card_colour(card: str) -> str:
    return card.partition("/")[2]


def is_card(text: str, players: int) -> bool:
    """Whether `text` names a person card used with `players` seats."""
    person, slash, colour = text.partition("/")
    return bool(slash) and person in PERSON_BY_ID and (colour == BROWN or colour in COLOURS[:players])


# -- words -----------------------------------------------------------------------------------------
# Names, rule texts and colours in the chosen language (game.i18n); the ids above never change.
_CASES = ("nom", "acc", "dat")
_GERMAN_ARTICLES = {"m": ("der", "den", "dem"), "f": ("die", "die", "der")}
#: German names that change in a case beyond the article (a weak noun: "den Hofnarren")
_GERMAN_FORMS = {"Hofnarr": ("Hofnarr", "Hofnarren", "Hofnarren")}


def catalogue_words() -> Iterable[tuple[str | None, str]]:
    """The card data's texts for the catalogues: names, rule texts, King card texts and colours."""
    for p in PERSONS:
        yield "card name", p.english
        yield "card text", p.action
        if p.king_text:
            yield "king card text", p.king_text
    for colour in (*COLOURS, BROWN):
        yield "colour", colour


def person_label(person: str, case: str = "") -> str:
    """A person's name in the chosen language ("Wächter", "Guard"); with a case ("nom", "acc", "dat")
    it comes with its article: "den Hofnarren", "the Jester"."""
    found = PERSON_BY_ID.get(person)
    if found is None:
        return person
    name = ptr("card name", found.english)
    if case not in _CASES:
        return name
    index = _CASES.index(case)
    if language() == "de":
        if name == found.name:  # the catalogue gives the German edition's name: its own forms
            name = _GERMAN_FORMS.get(found.id, (name,) * 3)[index]
        return f"{_GERMAN_ARTICLES[found.gender][index]} {name}"
    return f"the {name}"


def card_label(card_id: str, case: str = "") -> str:
    """A card's name in the chosen language: a person card ("Zofe/red"), a King card ("king/Zofe") or a
    person ("Zofe") by the person's name, with its article in a case (see `person_label`)."""
    text = str(card_id)
    if text.startswith("king/"):
        text = text[len("king/"):]
    return person_label(card_person(text), case)


def colour_label(colour: str) -> str:
    """A card's or seat's colour in the chosen language ("rot")."""
    return ptr("colour", colour)


def colour_word(colour: str) -> Message:
    """A colour as a message parameter."""
    return context_message("colour", colour)


def card_words(card_id: str) -> Message:
    """A person card with its colour as a message parameter: "Wächter (Rot)", "Guard (red)"."""
    return message("{card} ({colour})", card=Card("palastgefluester", card_id),
                   colour=colour_word(card_colour(card_id)))


def person_action(person: str) -> str:
    """The person's action, as its card says it, in the chosen language."""
    found = PERSON_BY_ID.get(person)
    return ptr("card text", found.action) if found is not None else ""


def king_text(person: str) -> str:
    """The text of the person's King card in the chosen language ("" for the Hofmarschall)."""
    found = PERSON_BY_ID.get(person)
    return ptr("king card text", found.king_text) if found is not None and found.king_text else ""
