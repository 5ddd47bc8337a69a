"""The Palace deck as data: 52 cards of 13 ranks, and what each rank does.

A card is a string "<rank><suit>": "10H", "QS", "2C". Suits never matter in play; they only tell
cards apart. Each rank's height and power live in the RANKS table; the rule functions in rules.py
read it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

SUITS: tuple[str, ...] = ("C", "D", "H", "S")

# Powers a rank can have (PA-R5, PA-R9, PA-R11, PA-R13).
RESET = "reset"  # playable on anything; the next player may play anything on it
BURN = "burn"  # playable on anything; removes the pile
LOWER = "lower"  # the next play must be this rank or lower
SKIP = "skip"  # the next player is skipped, once per card
INVISIBLE = "invisible"  # playable on anything; takes the rank of the card below it


@dataclass(frozen=True)
class Rank:
    """One rank: its height on the pile, its place in the first-player search, and its power.

    `opening` orders the face-up cards when the first player is sought (PA-R4), in the seed's order
    from low to high: 3 4 5 6 7 8 9 10 J Q K A 2. A 10 sits in its place between the 9 and the Jack;
    the 2 is the highest of all.
    """

    name: str
    height: int
    opening: int
    power: str = ""
    option: str = ""  # the game option that switches the power on; "" = always on


RANKS: dict[str, Rank] = {
    rank.name: rank
    for rank in (
        Rank("2", 2, 15, RESET),
        Rank("3", 3, 3, INVISIBLE, "three_invisible"),
        Rank("4", 4, 4),
        Rank("5", 5, 5),
        Rank("6", 6, 6),
        Rank("7", 7, 7, LOWER, "seven_lower"),
        Rank("8", 8, 8, SKIP, "eight_skip"),
        Rank("9", 9, 9),
        Rank("10", 10, 10, BURN),
        Rank("J", 11, 11),
        Rank("Q", 12, 12),
        Rank("K", 13, 13),
        Rank("A", 14, 14),
    )
}

#: Ranks low to high as they are played (PA-R1), the 2 first as the lowest face value.
RANK_NAMES: tuple[str, ...] = tuple(sorted(RANKS, key=lambda r: RANKS[r].height))

DECK: tuple[str, ...] = tuple(rank + suit for rank in RANK_NAMES for suit in SUITS)
DECK_SET: frozenset[str] = frozenset(DECK)

#: Sorting key of every card: height, then suit (hands are kept in this order).
CARD_ORDER: dict[str, int] = {card: index for index, card in enumerate(DECK)}

#: The rank of every card (a table: search asks this very often).
RANK_OF: dict[str, str] = {card: card[:-1] for card in DECK}

BURN_RUN = 4  # four of a rank on top of the pile burn it (PA-R9)


def rank_of(card: str) -> str:
    return RANK_OF[card]


def sort_cards(cards: list[str]) -> None:
    cards.sort(key=CARD_ORDER.__getitem__)


def sorted_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=CARD_ORDER.__getitem__)


def rank_word(rank: str, count: int = 1) -> str:
    """'a K', 'two 7s', 'an A' / 'an 8': for messages."""
    if count == 1:
        return ("an " if rank in ("A", "8") else "a ") + rank
    words = {2: "two", 3: "three", 4: "four"}
    return f"{words.get(count, str(count))} {rank}s"
