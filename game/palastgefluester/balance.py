"""How the balance lab reads this game (game.balance.cards): Palastgeflüster counts each person and colour
(`Zofe/green`); a seat holds a card once it is in its hand and plays it when it lays it from its hand on
its display.
"""

from __future__ import annotations

from game.balance.cards import CardTable


def label(kind: str) -> str:
    """A person and colour in the chosen language ("Zofe, rot")."""
    from game.palastgefluester.cards import colour_label, person_label

    person, _, colour = kind.partition("/")
    return f"{person_label(person)}, {colour_label(colour)}" if colour else person_label(person)


def cards() -> list[str]:
    from game.palastgefluester.cards import BROWN, COLOURS, PERSON_IDS

    return [f"{person}/{colour}" for person in PERSON_IDS for colour in (*COLOURS, BROWN)]


CARD_TABLE = CardTable(
    counted="person and colour", held_zones=frozenset({"hand"}),
    played_moves=frozenset({("hand", "display")}),
    kind_of=lambda card: card if "/" in card else None,  # a colourless person is a king of the stack
    standing_text="the points (rounds won)", lengths={"rounds": "RoundEnded"},
    label=label, cards=cards,
    bias="In Palastgeflüster hands are dealt again each round, so a long game lets a seat hold more "
         "cards: holding leans towards long games.")
