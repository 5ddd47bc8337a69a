"""The Palace deck as data: 52 cards of 13 ranks, and what each rank does.

A card is a string "<rank><suit>": "10H", "QS", "2C". Suits never matter in play; they only tell
cards apart. Each rank's height and power live in the RANKS table: the seed's, the defaults of the card
data (data.py), which a variant may change; the rule functions in rules.py read the game's card data.
DECK is every card there is (what the art and the table know); a game deals its card data's deck.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.i18n import Card, Message, context_message, language, message, ptr

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

BURN_RUN = 4  # four of a rank on top of the pile burn it (PA-R9; the card data's default)
SLOTS = 3  # face-down cards, and face-up cards on top of them (PA-R2)


def rank_of(card: str) -> str:
    return RANK_OF[card]


def sort_cards(cards: list[str]) -> None:
    cards.sort(key=CARD_ORDER.__getitem__)


def sorted_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=CARD_ORDER.__getitem__)


# -- words ---------------------------------------------------------------------------------------------
#: A face rank's name (the catalogues have these through `catalogue_words`, context "card name"); numbers stay
#: digits in both languages.
FACE_RANK_NAMES: dict[str, str] = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
#: A rank's plural, for the catalogues (context "card name, plural"): "7s", "Kings".
RANK_PLURALS: dict[str, str] = {
    "2": "2s", "3": "3s", "4": "4s", "5": "5s", "6": "6s", "7": "7s",
    "8": "8s", "9": "9s", "10": "10s", "J": "Jacks", "Q": "Queens", "K": "Kings",
    "A": "Aces",
}
SUIT_NAMES: dict[str, str] = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
#: "Queen of Spades": a whole card's name (context "card name"); German puts the suit first ("Pik Königin").
CARD_NAME = "{rank} of {suit}"
#: What a rank's power does, for the catalogues (context "card rule"), by power.
POWER_TEXTS: dict[str, str] = {
    RESET: "It plays on anything, and the next player may play anything on it.",
    BURN: "It plays on anything and burns the pile.",
    LOWER: "The next card played on it must be of its rank or lower.",
    SKIP: "The next player is skipped (once for every such card played).",
    INVISIBLE: "It plays on anything and takes the rank of the card below it.",
}
PLAIN_TEXT = "It plays on a card of its rank or lower. Four of a rank in a row burn the pile."
RANK_ORDER_TEXT = "3 is the lowest rank, then 4 … 10, Jack, Queen, King, Ace, and 2 the highest."

#: German articles by gender, per case: definite (nom, acc, dat) and indefinite (a_nom, a_acc, a_dat)
_GERMAN_ARTICLES: dict[str, dict[str, str]] = {
    "m": {"nom": "der", "acc": "den", "dat": "dem", "a_nom": "ein", "a_acc": "einen", "a_dat": "einem"},
    "f": {"nom": "die", "acc": "die", "dat": "der", "a_nom": "eine", "a_acc": "eine", "a_dat": "einer"},
    "n": {"nom": "das", "acc": "das", "dat": "dem", "a_nom": "ein", "a_acc": "ein", "a_dat": "einem"},
}
#: The gender of each rank's German name: die Sieben, der Bube, die Königin, der König, das Ass.
_GERMAN_GENDER: dict[str, str] = {"J": "m", "Q": "f", "K": "m", "A": "n"}
#: German masculine nouns of this kind take -en after the nominative (den Buben)
_GERMAN_WEAK = {"J"}
CASES = ("nom", "acc", "dat", "a_nom", "a_acc", "a_dat", "pl", "pl_dat")


def catalogue_words() -> list[tuple[str | None, str]]:
    """The card data's texts for the catalogues: rank and suit names, plurals, the rule texts."""
    out: list[tuple[str | None, str]] = [("card name", name) for name in FACE_RANK_NAMES.values()]
    out += [("card name, plural", name) for name in RANK_PLURALS.values()]
    out += [("suit", name) for name in SUIT_NAMES.values()]
    out.append(("card name", CARD_NAME))
    out += [("count", word) for word in COUNT_WORDS.values()]
    out += [("card rule", text) for text in (*POWER_TEXTS.values(), PLAIN_TEXT, RANK_ORDER_TEXT)]
    return out


def rank_name(rank: str) -> str:
    """A rank's name in the chosen language: "7", "King" / "König"."""
    return ptr("card name", FACE_RANK_NAMES[rank]) if rank in FACE_RANK_NAMES else rank


def card_label(card_id: str, case: str = "") -> str:
    """A rank ("K") or a card ("KS") in the chosen language. `case` gives the article a sentence needs:
    "nom"/"acc"/"dat" the definite one ("den König", "the King"), "a_nom"/"a_acc"/"a_dat" the indefinite
    one ("einen König", "a King", "an 8"), "pl" the plural ("Könige", "Kings", "7s"), "pl_dat" the plural
    after a German preposition that asks for the dative ("mit vier Königen"; English: the plural)."""
    card_id = str(card_id)
    if card_id in RANKS:
        rank, name = card_id, rank_name(card_id)
    elif card_id[:-1] in RANKS and card_id[-1:] in SUIT_NAMES:
        rank = card_id[:-1]
        suit = ptr("suit", SUIT_NAMES[card_id[-1]])
        name = ptr("card name", CARD_NAME).format(rank=rank_name(rank), suit=suit)
    else:
        return card_id
    if case in ("pl", "pl_dat"):
        plural = ptr("card name, plural", RANK_PLURALS[rank]) if card_id in RANKS else name
        if case == "pl_dat" and language() == "de" and not plural.endswith("n"):
            plural += "n"
        return plural
    if case not in CASES:
        return name
    if language() == "de":
        article = _GERMAN_ARTICLES[_GERMAN_GENDER.get(rank, "f")][case]
        if rank in _GERMAN_WEAK and case not in ("nom", "a_nom"):
            name += "n"
        return f"{article} {name}"
    if case.startswith("a_"):
        return ("an " if rank in ("A", "8") else "a ") + name
    return f"the {name}"


def rank_param(rank: str) -> Card:
    """A rank as a message parameter: `{rank:a_acc}` writes "einen König" / "a King"."""
    return Card("palace", rank)


def card_param(card: str) -> Card:
    """A card as a message parameter ("the Queen of Spades")."""
    return Card("palace", card)


#: Counts of cards written as words ("two 7s" reads better than "2 7s")
COUNT_WORDS: dict[int, str] = {2: "two", 3: "three", 4: "four"}


def rank_count(rank: str, count: int) -> Message:
    """'a King' / 'two 7s' as a message (the accusative in German: "einen König", "zwei Siebenen")."""
    if count == 1:
        return message("{rank:a_acc}", rank=rank_param(rank))
    number: Message | int = context_message("count", COUNT_WORDS[count]) if count in COUNT_WORDS else count
    return message("{count} {rank:pl}", count=number, rank=rank_param(rank))


def rank_word(rank: str, count: int = 1) -> str:
    """'a King', 'two 7s' in the chosen language (the accusative in German): for the table's labels."""
    return rank_count(rank, count).text()
