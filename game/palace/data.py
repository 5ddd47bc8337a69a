"""Palace's card data: what a variant file may change (docs/variants.md), with the seed's values as the
defaults: how many copies of each rank the deck holds, what each rank's power is, and how many of a rank
in a row burn the pile.

The ranks themselves, their order and the suits are fixed (cards.py): a card's name is its rank and
suit, so a rank has at most one copy per suit. How many cards lie face down and face up (SLOTS) is the
table's layout, not a card number, and the hand size is a game option.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from game.core.datafile import DataFileError
from game.core.variant import Fields, state_data
from game.i18n import message
from game.palace.cards import (
    BURN,
    BURN_RUN,
    CARD_ORDER,
    INVISIBLE,
    LOWER,
    RANK_NAMES,
    RANKS,
    RESET,
    SKIP,
    SLOTS,
    SUITS,
    Rank,
)

#: the powers a rank may have ("" for none)
POWERS: tuple[str, ...] = ("", RESET, BURN, LOWER, SKIP, INVISIBLE)
#: the smallest hand a game deals (the option hand_size): the deck must deal every player count with it
SMALLEST_HAND = 3
#: the most players a game seats (game.MAX_PLAYERS; repeated here, as game.py imports this module)
MOST_PLAYERS = 5


@dataclass(frozen=True)
class PalaceData:
    """The deck and the ranks' powers a Palace game is played with (frozen: every state shares it)."""

    #: copies of each rank in the deck, in rank order (one per suit at most)
    copies: tuple[tuple[str, int], ...] = tuple((rank, len(SUITS)) for rank in RANK_NAMES)
    #: each rank: its height, its place in the first-player search, its power and the option that
    #: switches the power on
    ranks: tuple[Rank, ...] = tuple(RANKS[rank] for rank in RANK_NAMES)
    #: this many of a rank on top of the pile in a row burn it (PA-R9)
    burn_run: int = BURN_RUN

    @cached_property
    def deck(self) -> tuple[str, ...]:
        """The deck's cards, in card order: each rank's copies take the suits in order C, D, H, S."""
        count = dict(self.copies)
        return tuple(card for card in CARD_ORDER if SUITS.index(card[-1]) < count[card[:-1]])

    @cached_property
    def deck_set(self) -> frozenset[str]:
        return frozenset(self.deck)

    @cached_property
    def rank(self) -> dict[str, Rank]:
        """Each rank's entry, by name."""
        return {info.name: info for info in self.ranks}

    @cached_property
    def playable(self) -> dict[tuple[str | None, bool, bool], frozenset[str]]:
        """rules.playable_ranks' table, filled as it is asked (one per data, so a variant has its own)."""
        return {}

    @cached_property
    def always_free(self) -> dict[bool, tuple[str, ...]]:
        """rules.requirement's table of the ranks in the deck that go on anything, by the option
        three_invisible (filled as it is asked)."""
        return {}

    def copies_of(self, rank: str) -> int:
        return dict(self.copies)[rank]

    def to_dict(self) -> dict[str, Any]:
        """As JSON data (an observation carries it): ranks, never cards, so it tells no card's place."""
        return {"copies": dict(self.copies), "powers": {info.name: info.power for info in self.ranks},
                "burn_run": self.burn_run}


DEFAULT = PalaceData()


def card_data(table: Mapping[str, Any] | None, text: str = "") -> PalaceData:
    """The Palace card data with a variant's overrides:

        burn_run = 4          # 2..4 of a rank in a row burn the pile
        [ranks.10]
        copies = 0            # 0..4 copies of the rank (one per suit)
        power = "burn"        # "", "reset", "burn", "lower", "skip" or "invisible"

    A power a variant gives a rank is always on; the options switch only the powers the seed gives the 3,
    the 7 and the 8 (a rank keeps its option while its power stays the seed's). DataFileError names the
    line of the first fault, and a deck too small to deal every player count is refused.
    """
    if not table:
        return DEFAULT
    fields = Fields(table, text)
    fields.only(("burn_run", "ranks"))
    changes: dict[str, Any] = fields.numbers(DEFAULT, {"burn_run": (2, len(SUITS))}, skip=("copies", "ranks"))
    ranks_fields = fields.sub("ranks")
    ranks_fields.only(RANK_NAMES)
    copies = dict(DEFAULT.copies)
    ranks = dict(DEFAULT.rank)
    for name in ranks_fields.table:
        one = ranks_fields.sub(name)
        one.only(("copies", "power"))
        copies[name] = one.number("copies", copies[name], 0, len(SUITS))
        power = one.choice("power", ranks[name].power, POWERS)
        if power != ranks[name].power:
            ranks[name] = dataclasses.replace(ranks[name], power=power, option="")
    data = PalaceData(copies=tuple((rank, copies[rank]) for rank in RANK_NAMES),
                      ranks=tuple(ranks[rank] for rank in RANK_NAMES), **changes)
    needed = MOST_PLAYERS * (2 * SLOTS + SMALLEST_HAND)
    if len(data.deck) < needed:
        changed = next((name for name in ranks_fields.table if "copies" in ranks_fields.table[name]), None)
        line = ranks_fields.sub(changed).line("copies") if changed is not None else ranks_fields.line()
        raise DataFileError(message("the deck is too small to deal {players} players a hand of {each} (cards "
                                    "needed: {needed}, in the deck: {cards})",
                                    cards=len(data.deck), players=MOST_PLAYERS,
                                    each=2 * SLOTS + SMALLEST_HAND, needed=needed), line)
    return data


def observed(obs: Mapping[str, Any]) -> PalaceData:
    """The card data of the game an observation is of, from its options (the variant travels there)."""
    found = state_data("palace", obs["options"])
    assert isinstance(found, PalaceData)
    return found


def check_deals(data: PalaceData, players: int, hand_size: int) -> str | None:
    """Why this deck cannot deal `players` players with `hand_size` hand cards (None: it can)."""
    needed = players * (2 * SLOTS + hand_size)
    if needed > len(data.deck):
        return (f"{players} players with {hand_size} hand cards need {needed} cards; the deck has "
                f"{len(data.deck)}")
    return None


__all__ = ["DEFAULT", "POWERS", "PalaceData", "card_data", "check_deals", "observed"]
