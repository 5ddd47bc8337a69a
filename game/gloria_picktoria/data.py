"""Gloria Picktoria's card data: what a variant file may change (docs/variants.md), with the seed's values
(GP-R1, GP-R2, GP-R9, GP-R10) as the defaults: the deck (copies of each motif, jokers, Dschingis Hahn
cards and the ones that start a scoring), the hand and display sizes, the action points of a turn and
every number a scoring pays.

The motifs themselves (their ids, names and colours), the one doubler per player, and the action costs
(a draw 2, a fox move 1 or 2) stay as the rules have them (cards.py, state.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from game.core.datafile import DataFileError, brief
from game.core.variant import Fields
from game.gloria_picktoria.cards import (
    AP_PER_TURN,
    COPIES_PER_MOTIF,
    DH,
    DH_CARDS,
    DISPLAY_SIZE,
    DOUBLER,
    HAND_CARD_PENALTY,
    HAND_SIZE,
    JOKER,
    JOKERS,
    LONE_TREASURE_PENALTY,
    LONGEST_POINTS,
    MOTIF_IDS,
    SCORING_AT,
    SECOND_POINTS,
    SOLE_COLLECTOR_POINTS,
    TIED_FIRST_POINTS,
)
from game.i18n import message

#: the most players a game seats (GloriaPicktoria.max_players; repeated here, as game.py imports this)
MOST_PLAYERS = 5
#: the largest number a variant may set (a count or points): far beyond any game that plays well
MOST = 99
#: a plain whole number's limits, by field: (lowest, highest)
LIMITS: dict[str, tuple[int, int]] = {
    "jokers": (0, MOST), "dh_cards": (1, 30), "hand_size": (1, 12), "display_size": (1, 6),
    "ap_per_turn": (1, 9), "sole_collector_points": (0, MOST), "longest_points": (0, MOST),
    "second_points": (0, MOST), "tied_first_points": (0, MOST), "lone_treasure_penalty": (-MOST, 0),
    "hand_card_penalty": (-MOST, 0),
}
#: the keys of a variant's top level: the fields above, the copies and the scorings
KEYS: tuple[str, ...] = ("copies_per_motif", "copies", *LIMITS, "scoring_at")


@dataclass(frozen=True)
class GloriaData:
    """The deck and the numbers a Gloria Picktoria game is played with (frozen: every state shares it)."""

    #: copies of each collection card's motif, in motif order
    copies: tuple[tuple[str, int], ...] = tuple((motif, COPIES_PER_MOTIF) for motif in MOTIF_IDS)
    jokers: int = JOKERS
    dh_cards: int = DH_CARDS
    #: the Dschingis Hahn card numbers that start a scoring; the last is the last card, and ends the game
    scoring_at: tuple[int, ...] = SCORING_AT
    hand_size: int = HAND_SIZE
    display_size: int = DISPLAY_SIZE
    ap_per_turn: int = AP_PER_TURN
    sole_collector_points: int = SOLE_COLLECTOR_POINTS
    longest_points: int = LONGEST_POINTS
    second_points: int = SECOND_POINTS
    tied_first_points: int = TIED_FIRST_POINTS
    lone_treasure_penalty: int = LONE_TREASURE_PENALTY
    hand_card_penalty: int = HAND_CARD_PENALTY

    def collection_cards(self) -> list[str]:
        """The cards shuffled at set-up: each motif's copies and the jokers (GP-R2)."""
        cards = [motif for motif, count in self.copies for _ in range(count)]
        cards.extend([JOKER] * self.jokers)
        return cards

    @cached_property
    def collection_count(self) -> int:
        return sum(count for _, count in self.copies) + self.jokers

    def full_deck_counts(self, players: int) -> Counter[str]:
        """Every card and token of a game, as a multiset: what conservation checks against."""
        counts = Counter(self.collection_cards())
        counts[DH] = self.dh_cards
        counts[DOUBLER] = players
        return counts

    def to_dict(self) -> dict[str, Any]:
        """As JSON data (an observation carries it). The copies are a list in motif order (cards.MOTIF_IDS),
        so that no motif's id stands in an observation where no such card lies."""
        return {"copies": [count for _, count in self.copies], "jokers": self.jokers,
                "dh_cards": self.dh_cards, "scoring_at": list(self.scoring_at), "hand_size": self.hand_size,
                "display_size": self.display_size, "ap_per_turn": self.ap_per_turn,
                "sole_collector_points": self.sole_collector_points, "longest_points": self.longest_points,
                "second_points": self.second_points, "tied_first_points": self.tied_first_points,
                "lone_treasure_penalty": self.lone_treasure_penalty,
                "hand_card_penalty": self.hand_card_penalty}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GloriaData:
        """The card data an observation carries (`to_dict()`), as the object: what a table passes to the
        engine's words (`scoring.penalty_text`)."""
        fields = {key: value for key, value in data.items() if key not in ("copies", "scoring_at")}
        return cls(copies=tuple(zip(MOTIF_IDS, data["copies"], strict=True)),
                   scoring_at=tuple(data["scoring_at"]), **fields)


DEFAULT = GloriaData()


def card_data(table: Mapping[str, Any] | None, text: str = "") -> GloriaData:
    """The Gloria Picktoria card data with a variant's overrides:

        copies_per_motif = 9      # every motif's copies (0..99)
        jokers = 5
        dh_cards = 10             # Dschingis Hahn cards (1..30)
        scoring_at = [4, 7, 10]   # rising; the last is dh_cards
        hand_size = 4
        display_size = 3
        ap_per_turn = 3
        sole_collector_points = 4
        longest_points = 3
        second_points = 1
        tied_first_points = 2
        lone_treasure_penalty = -2   # 0 or less
        hand_card_penalty = -1       # 0 or less
        [copies]
        egg = 12                  # one motif's copies, over copies_per_motif

    DataFileError names the line of the first fault; a deck too small to deal every player count is
    refused.
    """
    if not table:
        return DEFAULT
    fields = Fields(table, text)
    fields.only(KEYS)
    changes: dict[str, Any] = fields.numbers(DEFAULT, LIMITS, skip=("copies", "scoring_at"))
    each = fields.number("copies_per_motif", COPIES_PER_MOTIF, 0, MOST)
    per_motif = fields.sub("copies")
    per_motif.only(MOTIF_IDS)
    copies = tuple((motif, per_motif.number(motif, each, 0, MOST)) for motif in MOTIF_IDS)
    dh_cards = changes.get("dh_cards", DH_CARDS)
    scoring_at = _scoring_at(fields, dh_cards)
    data = GloriaData(copies=copies, scoring_at=scoring_at, **changes)
    needed = data.display_size + MOST_PLAYERS * data.hand_size
    if data.collection_count < needed:
        deck_keys = [key for key in ("copies", "copies_per_motif", "jokers", "hand_size", "display_size")
                     if key in table]
        raise DataFileError(message("the deck is too small to deal {players} players a hand of {each} and a "
                                    "display of {display} (cards needed: {needed}, in the deck: {cards})",
                                    cards=data.collection_count, players=MOST_PLAYERS, each=data.hand_size,
                                    display=data.display_size, needed=needed),
                            fields.line(deck_keys[0]) if deck_keys else None)
    if not any(count for _, count in copies):
        raise DataFileError(message("the deck holds no motif card: no collection could be started"),
                            fields.line("copies_per_motif") or fields.line("copies"))
    return data


def _scoring_at(fields: Fields, dh_cards: int) -> tuple[int, ...]:
    """The variant's scorings: whole numbers rising from 1, the last the last Dschingis Hahn card."""
    if "scoring_at" not in fields.table:
        if dh_cards != DH_CARDS:  # the shipped scorings end at the 10th card
            raise fields.refuse(message("with dh_cards = {cards}, say at which cards a scoring comes: "
                                        "scoring_at = [..., {cards}]", cards=dh_cards), "dh_cards")
        return SCORING_AT
    value = fields.table["scoring_at"]
    if not isinstance(value, list) or not value or any(type(n) is not int for n in value):
        raise fields.refuse(message("scoring_at is a list of whole numbers, not {value}", value=brief(value)),
                            "scoring_at")
    if any(b <= a for a, b in zip(value, value[1:], strict=False)) or value[0] < 1:
        raise fields.refuse(message("scoring_at rises from 1: {value}", value=brief(value)), "scoring_at")
    if value[-1] != dh_cards:
        raise fields.refuse(message("the last scoring comes with the last Dschingis Hahn card ({cards}), "
                                    "not {last}", cards=dh_cards, last=value[-1]), "scoring_at")
    return tuple(value)


__all__ = ["DEFAULT", "GloriaData", "card_data"]
