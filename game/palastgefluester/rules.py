"""Small rule functions of Palastgeflüster that need no state object: round end, the Mundschenk's allowed
swaps and who plays next (PG-R5, PG-R7, PG-R8). The numbers they need (the hand size, the points that
win, the Mundschenk's quiet plays) are card data: `state.data` (data.py), which a variant may change."""

from __future__ import annotations

from collections.abc import Sequence

from game.palastgefluester.cards import BROWN, COLOURS, card_colour, card_person
from game.palastgefluester.data import DEFAULT_DATA
from game.palastgefluester.events import RoundEnd

#: the shipped game's hand size, for the guided game's lessons (written for the shipped cards); the rules,
#: bots and hints read `state.data.hand_size` (or the observation's "hand_size")
HAND_SIZE = DEFAULT_DATA.hand_size

DOUBLE, SIX, HOFNARR = RoundEnd.DOUBLE, RoundEnd.SIX, RoundEnd.HOFNARR
#: Round ends that are a Palastgeflüster: the causing player scores nothing (and notes nothing).
WHISPERS = (DOUBLE, HOFNARR)


def seat_name(seat: int) -> str:
    """Seats are named by their colour: seat 0 is Red."""
    return COLOURS[seat].capitalize()


def persons_of(display: Sequence[str]) -> list[str]:
    return [card_person(c) for c in display]


def round_end(display: Sequence[str], played: str, king_current: str | None,
              different: int) -> RoundEnd | None:
    """PG-R5: how the round ends now that `played` lies last in `display`, or None.
    A double is checked first, then the Hofnarr under a Hofnarr King card (before `different` different
    persons: the hand size, six in the shipped game)."""
    person = card_person(played)
    persons = persons_of(display)
    if persons.count(person) >= 2:
        return DOUBLE
    if person == "Hofnarr" and king_current == "Hofnarr":
        return HOFNARR
    if len(set(persons)) == different:
        return SIX
    return None


def mundschenk_pairs(displays: Sequence[Sequence[str]], player: int) -> list[tuple[int, int, int, int]]:
    """PG-R7 Mundschenk: every allowed swap as (seat, index, other seat, other index), both orders.
    Two different displays; the Mundschenk the player just played stays; no display holds a person
    twice afterwards. Displays hold no double while a round goes on, so a swap is allowed when both
    cards show the same person or neither person is in the other display yet."""
    persons = [[card_person(c) for c in d] for d in displays]
    cards = [
        (seat, i, person)
        for seat, row in enumerate(persons)
        for i, person in enumerate(row)
        if not (seat == player and person == "Mundschenk")
    ]
    return [
        (seat_a, i, seat_b, j)
        for seat_a, i, a in cards
        for seat_b, j, b in cards
        if seat_a != seat_b and (a == b or (b not in persons[seat_a] and a not in persons[seat_b]))
    ]


def fewest_display(displays: Sequence[Sequence[str]]) -> list[int]:
    """PG-R8 brown: the seats with the fewest cards in their display."""
    least = min(len(d) for d in displays)
    return [seat for seat, d in enumerate(displays) if len(d) == least]


def colour_seat(card: str) -> int | None:
    """The seat a card's colour names, or None for brown."""
    colour = card_colour(card)
    return None if colour == BROWN else COLOURS.index(colour)
