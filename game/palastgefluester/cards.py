"""Palastgeflüster's cards as data (PG-R1, PG-R2).

A person card is the string "<person id>/<colour>", e.g. "Zauberer/red" or "Waechter/brown". The two
brown copies of a person are the same string, so hands and piles are lists and conservation is a
multiset check. A King card is a bare person id ("Zofe"); the Hofmarschall has none.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Person:
    id: str  # ASCII id used in card strings and action texts, e.g. "Waechter"
    name: str  # display name, e.g. "Wächter"
    action: str  # short English action text for the card face
    king_text: str  # text of this person's King card ("" for the Hofmarschall, which has none)


PERSONS: tuple[Person, ...] = (
    Person(
        "Hofmarschall",
        "Hofmarschall",
        "Reveal the top King card: that person's action is blocked",
        "",
    ),
    Person(
        "Schatzmeister",
        "Schatzmeister",
        "Show your whole hand to all players",
        "The Schatzmeister has no action",
    ),
    Person(
        "Zauberer",
        "Zauberer",
        "Swap 1 or more hand cards with another player",
        "The Zauberer has no action",
    ),
    Person(
        "Zofe",
        "Zofe",
        "Discard 1 hand card, draw 1",
        "The Zofe has no action",
    ),
    Person(
        "Mundschenk",
        "Mundschenk",
        "Swap 2 cards between 2 displays (not as 1st or 2nd card of a round)",
        "The Mundschenk has no action",
    ),
    Person(
        "Waechter",
        "Wächter",
        "Take another card of your display back into your hand",
        "The Wächter has no action",
    ),
    Person(
        "Hofnarr",
        "Hofnarr",
        "No action",
        "Playing the Hofnarr ends the round: every other player scores 1",
    ),
)

PERSON_BY_ID: dict[str, Person] = {p.id: p for p in PERSONS}
PERSON_IDS: tuple[str, ...] = tuple(p.id for p in PERSONS)

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green", "purple")
BROWN = "brown"
BROWN_COPIES = 2  # two brown cards of every person

#: The six King cards: every person except the Hofmarschall.
KING_PERSONS: tuple[str, ...] = tuple(p.id for p in PERSONS if p.king_text)


def card(person: str, colour: str) -> str:
    return f"{person}/{colour}"


def deck(players: int) -> list[str]:
    """The 7·n + 14 person cards for `players` seats: the seated colours and all brown cards."""
    if not 1 <= players <= len(COLOURS):
        raise ValueError(f"there are colours for 1 to {len(COLOURS)} players, not {players}")
    cards = [card(p, colour) for colour in COLOURS[:players] for p in PERSON_IDS]
    cards += [card(p, BROWN) for p in PERSON_IDS for _ in range(BROWN_COPIES)]
    return cards


def card_person(card: str) -> str:
    return card.partition("/")[0]


def card_colour(card: str) -> str:
    return card.partition("/")[2]


def is_card(text: str, players: int) -> bool:
    """Whether `text` names a person card used with `players` seats."""
    person, slash, colour = text.partition("/")
    return bool(slash) and person in PERSON_BY_ID and (colour == BROWN or colour in COLOURS[:players])
