"""Gloria Picktoria's cards as data (GP-R1).

A collection card is its motif id ("egg", "corn", …); the nine copies of a motif are the same string,
so hands and piles are lists and conservation is a multiset check. The other card strings are
"joker" and "dh" (a Dschingis Hahn card). Every player's doubler is a token, "doubler", that is not
in the deck: it starts in its owner's hand and ends on a collection (as a doubler or as a treasure).
The fox is a figure, not a card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from game.i18n import N_, Card, language, ptr


@dataclass(frozen=True)
class Motif:
    id: str  # ASCII id used in card strings and action texts
    name: str  # English name (the catalogue's id for the name, context "card name"; see card_label)
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

# The seed's numbers: the defaults of the card data (data.py), which a variant may change; a game reads
# its own (`state.data`), never these.
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

#: English names of the cards that are not motifs. The Dschingis Hahn of the German edition (Genghis Khan
#: as a rooster) is the Genghis Rooster in English.
SPECIAL_NAMES: dict[str, str] = {JOKER: "Joker", DH: "Genghis Rooster", DOUBLER: "Doubler", FOX: "Fox"}


def card_name(card: str) -> str:
    """A card's English name, the catalogue's id for it: 'Golden Egg', 'Joker', … (words for people:
    `card_label`)."""
    motif = MOTIF_BY_ID.get(card)
    return motif.name if motif is not None else SPECIAL_NAMES.get(card, card)


def collection_cards() -> list[str]:
    """The seed's 95 cards shuffled at set-up: 9 of every motif and the jokers (GP-R2); a game's own are
    its card data's (`GloriaData.collection_cards`)."""
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


# -- words -----------------------------------------------------------------------------------------
# Names and rule texts in the chosen language (game.i18n); the ids above never change.
#: what a card does, for the inspect view and the gallery (context "card text"; {name}: the motif's name)
MOTIF_RULE = N_("A collection card. Lay it face down as a treasure card to start a collection, or face up "
                "on your {name} collection.")
CARD_RULES: dict[str, str] = {
    JOKER: N_("Stands for any motif, but is never the first open card of a collection."),
    DH: N_("Laid in the middle when drawn; the 4th, 7th and 10th start a scoring."),
    DOUBLER: N_("Closes a collection and doubles its points (not when laid as a treasure card)."),
}
#: the short line printed in a card face's lower band (context "card face"; the face writes it in capitals)
FACE_TEXTS: dict[str, str] = {
    "motif": N_("Chicken treasure"),
    JOKER: N_("Any treasure · never the first open card"),
    DH: N_("Into the middle · scoring at 4 · 7 · 10"),
    DOUBLER: N_("Closes the row · doubles its points"),
}

_CASES = ("nom", "acc", "dat")
#: the German name's gender, card by card (the names the German catalogue gives them)
_GERMAN_GENDER: dict[str, str] = {
    "egg": "n", "feather": "f", "corn": "m", "worm": "m", "nest": "n", "clover": "m", "bell": "f",
    "ribbon": "f", "plum": "f", "vane": "m", JOKER: "m", DH: "m", DOUBLER: "m", FOX: "m",
}
_GERMAN_ARTICLES = {"m": ("der", "den", "dem"), "f": ("die", "die", "der"), "n": ("das", "das", "dem")}
_GERMAN_A = {"m": "einen", "f": "eine", "n": "ein"}  # "a" in the accusative
#: German names that change after the definite article beyond it (an adjective: "dem Goldenen Ei")
_GERMAN_FORMS: dict[str, tuple[str, str, str]] = {"egg": ("Goldene Ei", "Goldene Ei", "Goldenen Ei")}


def catalogue_words() -> Iterable[tuple[str | None, str]]:
    """The card data's texts for the catalogues: names, rule texts and the faces' lines."""
    for card in (*MOTIF_IDS, JOKER, DH, DOUBLER, FOX):
        yield "card name", card_name(card)
    yield "card text", MOTIF_RULE
    for text in CARD_RULES.values():
        yield "card text", text
    for text in FACE_TEXTS.values():
        yield "card face", text


def card_label(card_id: str, case: str = "") -> str:
    """A card's name in the chosen language ("Goldenes Ei", "Golden Egg"). With a case it comes with
    its article: "nom", "acc", "dat" the definite one ("dem Goldenen Ei", "the Golden Egg"), "a" the
    indefinite one in the accusative ("einen Maiskolben", "a Corn Cob"). An unknown id is written as
    it is."""
    name = ptr("card name", card_name(card_id))
    if not case or (case not in _CASES and case != "a"):
        return name
    if language() != "de":
        return f"a {name}" if case == "a" else f"the {name}"
    if card_id not in _GERMAN_GENDER:
        return name
    gender = _GERMAN_GENDER[card_id]
    if case == "a":
        return f"{_GERMAN_A[gender]} {name}"
    index = _CASES.index(case)
    forms = _GERMAN_FORMS.get(card_id)
    return f"{_GERMAN_ARTICLES[gender][index]} {forms[index] if forms else name}"


def card_param(card_id: str) -> Card:
    """A card of this game as a message parameter (written by cards.card_label)."""
    return Card("gloria_picktoria", card_id)


def card_rule(card_id: str) -> str:
    """What a card does, in the chosen language ("" for the fox, which is no card)."""
    if is_motif(card_id):
        return ptr("card text", MOTIF_RULE).format(name=card_label(card_id))
    text = CARD_RULES.get(card_id)
    return ptr("card text", text) if text else ""


def face_text(card_id: str) -> str:
    """The line on a card face's lower band, in the chosen language ("" where the face has none)."""
    text = FACE_TEXTS.get("motif" if is_motif(card_id) else card_id)
    return ptr("card face", text) if text else ""
