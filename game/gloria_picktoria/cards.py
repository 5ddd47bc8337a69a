"""Gloria Picktoria's cards as data (GP-R1).

A collection card is its motif id ("egg", "corn", …); the nine copies of a motif are the same string,
so hands and piles are lists and conservation is a multiset check. The other card strings are
"joker" and "dh" (a Dschingis Hahn card). Every player's doubler is a token, "doubler", that is not
in the deck: it starts in its owner's hand and ends on a collection (as a doubler or as a treasure).
The fox is a figure, not a card.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True)
class Motif:
    id: str  # ASCII id used in card strings and action texts
    name: str  # English name for the card face and the log
    colour: str  # "#rrggbb", the card's main colour on a drawn face


MOTIFS: tuple[Motif, ...] = (
    Motif("egg", "Golden Egg", "#e0b000"),
    Motif("feather", "Rooster Feather", "#c0392b"),
    Motif("corn", "Corn Cob", "#e67e22"),
    Motif("worm", "Fat Worm", "#e87fa8"),
    Motif("nest", "Straw Nest", "#8b5a2b"),
    Motif("clover", "Four-Leaf Clover", "#27ae60"),
    Motif("bell", "Barn Bell", "#95a5a6"),
    Motif("ribbon", "Prize Ribbon", "#2e86de"),
    Motif("plum", "Ripe Plum", "#8e44ad"),
    Motif("vane", "Weathervane", "#16a085"),
)

MOTIF_BY_ID: dict[str, Motif] = {m.id: m for m in MOTIFS}
MOTIF_IDS: tuple[str, ...] = tuple(m.id for m in MOTIFS)

JOKER = "joker"
DH = "dh"
DOUBLER = "doubler"
FOX = "fox"  # the figure, named like a card in the events that move it

COPIES_PER_MOTIF = 9
JOKERS = 5
DH_CARDS = 10
#: A scoring happens when the DH card with one of these numbers is laid in the middle; the last ends the game.
SCORING_AT: tuple[int, ...] = (4, 7, 10)

HAND_SIZE = 4
DISPLAY_SIZE = 3
AP_PER_TURN = 3

#: Points of a motif scoring (GP-R9) and of the last scoring's penalties (GP-R10).
SOLE_COLLECTOR_POINTS = 4
LONGEST_POINTS = 3
SECOND_POINTS = 1
TIED_FIRST_POINTS = 2
LONE_TREASURE_PENALTY = -2
HAND_CARD_PENALTY = -1

#: Names for the log and the card faces of the cards that are not motifs.
SPECIAL_NAMES: dict[str, str] = {JOKER: "Joker", DH: "Dschingis Hahn", DOUBLER: "Doubler", FOX: "Fox"}


def card_name(card: str) -> str:
    """A card's English name: 'Golden Egg', 'Joker', …"""
    motif = MOTIF_BY_ID.get(card)
    return motif.name if motif is not None else SPECIAL_NAMES.get(card, card)


def collection_cards() -> list[str]:
    """The 95 cards shuffled at set-up: 9 of every motif and the jokers (GP-R2)."""
    cards = [m for m in MOTIF_IDS for _ in range(COPIES_PER_MOTIF)]
    cards.extend([JOKER] * JOKERS)
    return cards


def full_deck_counts(players: int) -> Counter[str]:
    """Every card and token of a game, as a multiset: what conservation checks against."""
    counts = Counter(collection_cards())
    counts[DH] = DH_CARDS
    counts[DOUBLER] = players
    return counts


def is_motif(card: str) -> bool:
    return card in MOTIF_BY_ID
