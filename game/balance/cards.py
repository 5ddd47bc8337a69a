"""How the balance lab reads a game: which cards it counts, when a seat holds or plays one, how far
each seat stands, and what a game's length is counted in.

Everything here is read from what the engine already gives: the seat's own observation at the start
(the cards dealt to it) and the events of each action (`CardMoved`, with the card named, since the lab
sees every event unredacted), beside `State.scores()` for the standing. Each game says how in a
`CARD_TABLE` of its own (`game/<id>/balance.py`, named by its registry entry).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from game.core.events import CardMoved
from game.core.state import State


def zone_of(zone: str) -> tuple[str, int | None]:
    """`hand:2` -> ("hand", 2), `up:1:0` -> ("up", 1), `pile` -> ("pile", None)."""
    kind, _, rest = zone.partition(":")
    owner = rest.partition(":")[0]
    return kind, (int(owner) if owner.isdigit() else None)


def _scores(state: State) -> list[float]:
    return [float(score) for score in state.scores()]


@dataclass(frozen=True)
class CardTable:
    """One game's reading of cards: see the module docstring."""

    #: what a counted card is, for the report ("person and colour")
    counted: str
    #: zone kinds of a seat's own (`hand:<seat>`) where a card it holds lies
    held_zones: frozenset[str]
    #: (source kind, destination kind) of a move that plays a card from the acting seat's own zone
    played_moves: frozenset[tuple[str, str]]
    #: a card id as counted (None: a card the lab does not count)
    kind_of: Callable[[str], str | None] = str
    #: the cards a seat holds before the first action, from its own observation
    held_at_start: Callable[[dict[str, Any], int], Iterable[str]] = lambda obs, seat: obs.get("hand") or ()
    #: each seat's standing, higher being better
    standing: Callable[[State], list[float]] = _scores
    #: what the standing is, for the report
    standing_text: str = "the score"
    #: what a game's length is counted in besides actions: name -> the event kind counted
    lengths: dict[str, str] = field(default_factory=dict)
    #: a readable name for a counted card ("3 Gretel")
    label: Callable[[str], str] = str
    #: every card the game may count, in its own order (what `--card` may name)
    cards: Callable[[], list[str]] = list
    #: what leans this game's card figures in particular, for the report's bias paragraph
    bias: str = ""

    def held_by(self, event: CardMoved) -> int | None:
        """The seat that now holds the card this move brought into its own zone, if any."""
        kind, owner = zone_of(event.dst)
        return owner if kind in self.held_zones else None

    def is_play(self, event: CardMoved, actor: int) -> bool:
        """Whether this move, in `actor`'s action, plays the card from the actor's own zone (or from no
        one's, as the fox leaves its supply)."""
        src, owner = zone_of(event.src)
        dst, _ = zone_of(event.dst)
        return (src, dst) in self.played_moves and owner in (actor, None)


#: a game the lab has no table for counts every card by its id, held in hand, played from it anywhere
GENERIC = CardTable(counted="card", held_zones=frozenset({"hand"}), played_moves=frozenset())


def table_for(game_id: str) -> CardTable:
    """The game's reading of cards: the `CARD_TABLE` of its registry entry's balance module."""
    from game.registry import ENTRIES

    entry = ENTRIES.get(game_id)
    if entry is None or entry.balance is None:
        return GENERIC
    return getattr(importlib.import_module(entry.balance), "CARD_TABLE", GENERIC)


def find_card(game_id: str, text: str) -> str | None:
    """The counted card `text` names: its id as counted, or its label or name (case-insensitive)."""
    table = table_for(game_id)
    wanted = text.strip().casefold()
    for kind in table.cards():
        label = table.label(kind)
        if wanted in (kind.casefold(), label.casefold(), label.partition(" ")[2].casefold()):
            return kind
    return None
