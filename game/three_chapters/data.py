"""3 Chapters' card data as one frozen value: the cards (cards.toml, with a variant's changes), the draft's
numbers and the scoring's, the shipped ones as defaults; `read_data` builds it from a variant's table with
every fault at its line.

A variant may change (docs/variants.md, "3 Chapters"):

- any card's entry, by its value or its name: ``[cards.6]`` or ``[cards."Gieriger Zwerg"]`` with the keys
  ``attributes``, ``abilities`` and ``evaluate_last``, written as in cards.toml; a key given replaces the
  card's, the others stay. The whole set is then checked as cards.toml is (cards.py): an ability that names
  no known seal, reward, condition or multiplier is refused. A card's value and names are its identity
  (records, conditions, the catalogues' words and the art name it by them), so a variant leaves them;
- ``packet_size`` and, per player count, ``[draft.<players>]`` ``deals`` and ``rounds`` (TC-R3..TC-R5: the
  hand of chapter II is deals × rounds cards);
- ``trick_stars`` (stars for winning a trick, TC-R6), ``most_crystals_bonus`` (TC-R7), and the points of
  the tokens (TC-R8): ``star_points``, ``heart_points``, ``crystals_per_point``.

The 50 card values (a card's strength and its identity) and the ghosts of the 2-player game are the game's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any

from game.core.datafile import DataFileError, brief, decode_utf8, parse_toml, read_limited
from game.core.variant import Fields, state_data
from game.i18n import message
from game.three_chapters.cards import (
    CARDS_FILE,
    NUM_CARDS,
    CardDataError,
    CardSet,
    cards_from_data,
    default_cards,
)
from game.three_chapters.draft import PACKET_SIZE, DraftShape, draft_shape

#: the player counts the game is for (the Game's min_players..max_players)
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4, 5, 6)
#: the largest number a variant may give a count of tokens or points
MAX_NUMBER = 99
#: the keys of a card's entry a variant may set (its value and names are its identity)
CARD_KEYS = ("attributes", "abilities", "evaluate_last")
_KEYS = ("cards", "packet_size", "draft", "trick_stars", "most_crystals_bonus", "star_points", "heart_points",
         "crystals_per_point")
_SCORING = ("trick_stars", "most_crystals_bonus", "star_points", "heart_points", "crystals_per_point")


@dataclass(frozen=True)
class ThreeChaptersData:
    """What the rules, bots and hints read (`state.data`); the defaults are the shipped game."""

    cards: CardSet = field(default_factory=default_cards)
    packet_size: int = PACKET_SIZE
    #: chapter I's shape by player count, as (players, shape) pairs
    shapes: tuple[tuple[int, DraftShape], ...] = tuple((n, draft_shape(n)) for n in PLAYER_COUNTS)
    trick_stars: int = 1
    most_crystals_bonus: int = 4
    star_points: int = 2
    heart_points: int = 1
    crystals_per_point: int = 2

    def shape(self, players: int) -> DraftShape:
        return dict(self.shapes)[players]

    def points(self, tokens: Sequence[int]) -> int:
        """The points of [stars, hearts, crystals] (shipped: 2 per star, 1 per heart, 1 per 2 crystals)."""
        stars, hearts, crystals = tokens[0], tokens[1], tokens[2]
        return self.star_points * stars + self.heart_points * hearts + crystals // self.crystals_per_point

    def tricks(self, players: int) -> int:
        """The tricks of chapter II: one per card of a hand."""
        shape = self.shape(players)
        return shape.deals * shape.rounds

    @cached_property
    def changed_cards(self) -> tuple[int, ...]:
        """The values of the cards whose entry differs from the shipped one."""
        shipped = default_cards().cards
        return tuple(v for v, card in self.cards.cards.items() if card != shipped[v])

    @cached_property
    def json(self) -> dict[str, Any]:
        """As JSON data, made once: every observation carries this one dict, so nobody changes it."""
        return self.to_dict()

    def to_dict(self) -> dict[str, Any]:
        """As JSON data: the numbers, and which cards differ from the shipped ones (`changed_cards`; each
        card's own data is `cards`, by the game's options: see `observed`)."""
        return {"packet_size": self.packet_size,
                "draft": {str(n): {"deals": shape.deals, "rounds": shape.rounds} for n, shape in self.shapes},
                "trick_stars": self.trick_stars, "most_crystals_bonus": self.most_crystals_bonus,
                "star_points": self.star_points, "heart_points": self.heart_points,
                "crystals_per_point": self.crystals_per_point, "changed_cards": list(self.changed_cards)}


@cache
def shipped_data() -> ThreeChaptersData:
    return ThreeChaptersData()


def observed(obs: Mapping[str, Any]) -> ThreeChaptersData:
    """The card data of the game an observation is of, from its options (the variant travels there)."""
    if obs["options"].get("variant") is None:  # the common case, at every decision of a bot
        return shipped_data()
    found = state_data("three_chapters", obs["options"])
    assert isinstance(found, ThreeChaptersData)
    return found


def read_data(table: Mapping[str, Any] | None, text: str = "") -> ThreeChaptersData:
    """The card data a variant's table describes (None or {}: the shipped data); DataFileError with the
    line for an unknown key or card, a card entry cards.toml's checks refuse, a number of the wrong type
    or out of its limits, or a draft the deck cannot deal."""
    if not table:
        return shipped_data()
    fields = Fields(table, text)
    fields.only(_KEYS)
    cards = _cards(fields.sub("cards"))
    packet_size = fields.number("packet_size", PACKET_SIZE, 1, NUM_CARDS)
    shapes = tuple((n, _shape(fields, n, packet_size)) for n in PLAYER_COUNTS)
    scoring = {key: fields.number(key, getattr(shipped_data(), key), 1 if key == "crystals_per_point" else 0,
                                  MAX_NUMBER) for key in _SCORING}
    return ThreeChaptersData(cards, packet_size, shapes, **scoring)


def _shape(fields: Fields, players: int, packet_size: int) -> DraftShape:
    """Chapter I for `players`: the variant's deals and rounds (`[draft.<players>]`) with the packet size."""
    draft = fields.sub("draft")
    draft.only(str(n) for n in PLAYER_COUNTS)
    own = draft.sub(str(players))
    own.only(("deals", "rounds"))
    shipped = draft_shape(players)
    deals = own.number("deals", shipped.deals, 1, NUM_CARDS)
    rounds = own.number("rounds", shipped.rounds, 1, NUM_CARDS)
    picks = shipped.picks_per_round
    need = rounds * picks
    if need > packet_size:
        raise DataFileError(message("{players} players: the rounds take more cards from each packet than it "
                                    "holds (rounds: {rounds}, cards taken: {need}, a packet: {size})",
                                    players=players, rounds=rounds, need=need,
                                    size=packet_size), _line_of(own, "rounds", fields))
    dealt = players * deals * packet_size
    if dealt > NUM_CARDS:
        raise DataFileError(message("{players} players: the deals need more cards than the deck holds "
                                    "(deals: {deals}, a packet: {size}, cards needed: {need}, in the deck: "
                                    "{cards})", players=players, deals=deals, size=packet_size, need=dealt,
                                    cards=NUM_CARDS),
                            _line_of(own, "deals", fields))
    return DraftShape(deals, rounds, picks)


def _line_of(own: Fields, key: str, fields: Fields) -> int | None:
    """Where a draft that cannot be played is refused: at its own key, else at the packet size that
    broke it."""
    return own.line(key) if key in own.table else fields.line("packet_size")


# -- the cards -----------------------------------------------------------------------------------------
@cache
def _shipped_table() -> Mapping[str, Any]:
    """cards.toml as data (what a variant's card entries change)."""
    return parse_toml(decode_utf8(read_limited(CARDS_FILE)))


def _cards(changes: Fields) -> CardSet:
    """The shipped cards with the variant's entries, checked as cards.toml is."""
    if not changes.table:
        return default_cards()
    shipped = _shipped_table()
    raw_cards: list[dict[str, Any]] = [dict(raw) for raw in shipped["card"]]
    by_value = {raw["value"]: raw for raw in raw_cards}
    by_name = {raw["name"]: raw["value"] for raw in raw_cards}
    keys: dict[int, str] = {}  # card value -> the variant's key for it
    for key, entry in changes.table.items():
        value = int(key) if key.isdigit() and len(key) <= 2 else by_name.get(key)
        if value not in by_value:
            raise changes.refuse(message("there is no card {card}: a card is named by its value (1 to "
                                         "{last}) or its name", card=brief(key), last=NUM_CARDS), key)
        assert value is not None
        if value in keys:
            raise changes.refuse(message("card {value} is changed twice: as {first} and as {second}",
                                         value=value, first=brief(keys[value]), second=brief(key)), key)
        keys[value] = key
        own = changes.sub(key)
        own.only(CARD_KEYS)
        by_value[value].update(entry)
    try:
        return cards_from_data({"attributes": shipped["attributes"], "card": raw_cards})
    except CardDataError as exc:
        raise DataFileError(str(exc), _card_line(changes, keys, exc)) from None


def _card_line(changes: Fields, keys: Mapping[int, str], exc: CardDataError) -> int | None:
    """The line of a card fault: its key in the variant's entry for the card (an ability's own line in a
    list written one ability a line)."""
    key = keys.get(exc.value) if exc.value is not None else None
    if key is None:  # the variant changes no name, so every other card stays as cards.toml checked it
        return changes.line()
    if exc.field[:1] == ("abilities",) and len(exc.field) == 2 and "abilities" in changes.sub(key).table:
        start = changes.line(key, "abilities")
        if start is not None:
            return _list_item_line(changes.text, start, int(exc.field[1])) or start
    return changes.line(key, *exc.field[:1])


def _list_item_line(text: str, start: int, index: int) -> int | None:
    """The line of item `index` (from 1) of a list of inline tables that opens at line `start`, written one
    item a line (as cards.toml writes abilities); None when the list is written otherwise."""
    lines = text.split("\n")
    opening = lines[start - 1].partition("=")[2].strip().removeprefix("[").strip()
    seen = 0
    for number in range(start, min(len(lines), start + 200) + 1):
        item = opening if number == start else lines[number - 1].strip()
        if item.startswith("{"):
            seen += 1
            if seen == index:
                return number
        elif item.startswith("]") or (number > start and item.startswith("[")):
            return None
    return None


__all__ = ["CARD_KEYS", "MAX_NUMBER", "PLAYER_COUNTS", "ThreeChaptersData", "observed", "read_data",
           "shipped_data"]
