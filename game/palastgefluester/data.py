"""Palastgeflüster's card data as one frozen value: the deck's composition and the game's numbers, the
shipped ones as defaults, and `read_data` that builds it from a variant's table (every fault with its line).

A variant may change (docs/variants.md, "Palastgeflüster"):

- ``hand_size``: cards dealt to each player, and so the number of different persons a display shows to
  end a round (PG-R3, PG-R5, PG-R9);
- ``target_points``: the points that win, by player count (PG-R11);
- ``mundschenk_quiet_plays``: the Mundschenk has no action while at most this many cards have been played
  in the round (PG-R7);
- ``colour_copies`` and ``brown_copies``: the cards of each person in each seated colour and in brown
  (PG-R1), for every person, and per person in a ``[persons.<id>]`` table (0 leaves a person out of the
  deck).

The persons themselves (their actions, the King cards) and the colours are the game's, not numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from game.core.datafile import brief
from game.core.variant import Fields, state_data
from game.i18n import message
from game.palastgefluester.cards import BROWN, BROWN_COPIES, COLOURS, PERSON_IDS, card

#: the player counts the game is for (the Game's min_players..max_players)
PLAYER_COUNTS: tuple[int, ...] = (3, 4, 5)
#: the most cards of a person in one colour (or in brown) a variant may ask for: a deck stays a deck
MAX_COPIES = 12
#: the most points a variant may set as the target
MAX_TARGET = 99
_KEYS = ("hand_size", "target_points", "mundschenk_quiet_plays", "colour_copies", "brown_copies", "persons")
_PERSON_KEYS = ("colour_copies", "brown_copies")


@dataclass(frozen=True)
class PalastData:
    """The numbers the rules, bots and hints read (`state.data`); the defaults are the shipped game."""

    hand_size: int = 6
    #: points to win, by player count (PG-R11), as (players, points) pairs
    target_points: tuple[tuple[int, int], ...] = ((3, 6), (4, 5), (5, 4))
    mundschenk_quiet_plays: int = 2
    #: per person (in PERSON_IDS order): its cards in each seated colour, and its brown cards
    colour_copies: tuple[int, ...] = (1,) * len(PERSON_IDS)
    brown_copies: tuple[int, ...] = (BROWN_COPIES,) * len(PERSON_IDS)

    def target(self, players: int) -> int:
        return self._targets[players]

    @cached_property
    def _targets(self) -> dict[int, int]:  # every observation says the target: looked up, not rebuilt
        return dict(self.target_points)

    def copies(self, person: str, players: int) -> int:
        """How many cards of `person` a game of `players` holds (its colours and its brown cards)."""
        return self.copies_by_person(players).get(person, 0)

    def copies_by_person(self, players: int) -> dict[str, int]:
        """Every person of the deck with its number of cards in a game of `players` (a bot asks at every
        decision: made once per player count)."""
        return self._copies[players]

    @cached_property
    def _copies(self) -> dict[int, dict[str, int]]:
        return {players: {p: players * self.colour_copies[i] + self.brown_copies[i]
                          for i, p in enumerate(PERSON_IDS) if p in self.persons}
                for players in range(1, len(COLOURS) + 1)}

    @cached_property
    def persons(self) -> tuple[str, ...]:
        """The persons with at least one card in the deck."""
        return tuple(p for i, p in enumerate(PERSON_IDS) if self.colour_copies[i] or self.brown_copies[i])

    def deck(self, players: int) -> list[str]:
        """The person cards for `players` seats: the seated colours, then the brown cards (PG-R1)."""
        if not 1 <= players <= len(COLOURS):
            raise ValueError(f"there are colours for 1 to {len(COLOURS)} players, not {players}")
        cards = [card(p, colour) for colour in COLOURS[:players]
                 for i, p in enumerate(PERSON_IDS) for _ in range(self.colour_copies[i])]
        cards += [card(p, BROWN) for i, p in enumerate(PERSON_IDS) for _ in range(self.brown_copies[i])]
        return cards

    @cached_property
    def json(self) -> dict[str, Any]:
        """As JSON data, made once: every observation carries this one dict, so nobody changes it (an
        observation is built for every decision; building the dict each time cost a sixth of one)."""
        return self.to_dict()

    def to_dict(self) -> dict[str, Any]:
        """As JSON data: the numbers, and each person's cards per seated colour and in brown."""
        return {"hand_size": self.hand_size,
                "target_points": {str(n): points for n, points in self.target_points},
                "mundschenk_quiet_plays": self.mundschenk_quiet_plays,
                "copies": {p: {"colour": self.colour_copies[i], "brown": self.brown_copies[i]}
                           for i, p in enumerate(PERSON_IDS)}}


DEFAULT_DATA = PalastData()


def observed(obs: Mapping[str, Any]) -> PalastData:
    """The card data of the game an observation is of, from its options (the variant travels there)."""
    if obs["options"].get("variant") is None:  # the common case, at every decision of a bot
        return DEFAULT_DATA
    found = state_data("palastgefluester", obs["options"])
    assert isinstance(found, PalastData)
    return found


def read_data(table: Mapping[str, Any] | None, text: str = "") -> PalastData:
    """The card data a variant's table describes (None or {}: the shipped data); DataFileError with the
    line for an unknown key or person, a value of the wrong type or out of its limits, a deck too small
    to deal, or a hand no display can fill with different persons."""
    if not table:
        return DEFAULT_DATA
    return _read(Fields(table, text))


def _read(fields: Fields) -> PalastData:
    fields.only(_KEYS)
    default = DEFAULT_DATA
    hand_size = fields.number("hand_size", default.hand_size, 1, len(PERSON_IDS))
    quiet = fields.number("mundschenk_quiet_plays", default.mundschenk_quiet_plays, 0, MAX_TARGET)
    targets = fields.sub("target_points")
    targets.only(str(n) for n in PLAYER_COUNTS)
    target_points = tuple((n, targets.number(str(n), default.target(n), 1, MAX_TARGET))
                          for n in PLAYER_COUNTS)
    colour_all = fields.number("colour_copies", 1, 0, MAX_COPIES)
    brown_all = fields.number("brown_copies", BROWN_COPIES, 0, MAX_COPIES)
    persons = fields.sub("persons")
    for person in persons.table:
        if person not in PERSON_IDS:
            raise persons.refuse(message("there is no person {person} (the persons: {persons})",
                                         person=brief(person), persons=", ".join(PERSON_IDS)), person)
    colour: list[int] = []
    brown: list[int] = []
    for person in PERSON_IDS:
        own = persons.sub(person)
        own.only(_PERSON_KEYS)
        colour.append(own.number("colour_copies", colour_all, 0, MAX_COPIES))
        brown.append(own.number("brown_copies", brown_all, 0, MAX_COPIES))
    data = PalastData(hand_size, target_points, quiet, tuple(colour), tuple(brown))
    _check_deals(data, fields)
    return data


def _check_deals(data: PalastData, fields: Fields) -> None:
    """Every player count can be dealt, and a display can show `hand_size` different persons."""
    where = _deck_key(fields)
    for players in PLAYER_COUNTS:
        cards = len(data.deck(players))
        if cards < players * data.hand_size:
            raise fields.refuse(message("the deck for {players} players is too small to deal each a hand of "
                                        "{hand} (cards in the deck: {cards})",
                                        players=players, cards=cards, hand=data.hand_size),
                                *where)
    persons = len(data.persons)
    if data.hand_size > persons:
        raise fields.refuse(message("a hand of {hand} cannot end a round with that many different persons "
                                    "(persons in the deck: {persons})", hand=data.hand_size,
                                    persons=persons), *where)


def _deck_key(fields: Fields) -> tuple[str, ...]:
    """The key a fault of the deck as a whole is shown at: the hand size, or the copies that shrank it."""
    for key in ("hand_size", "colour_copies", "brown_copies"):
        if key in fields.table:
            return (key,)
    if "persons" in fields.table:
        return ("persons", next(iter(fields.sub("persons").table), ""))
    return ()


__all__ = ["DEFAULT_DATA", "MAX_COPIES", "PLAYER_COUNTS", "PalastData", "observed", "read_data"]
