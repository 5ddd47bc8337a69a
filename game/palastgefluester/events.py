"""The kinds of event Palastgeflüster declares beyond the core ones (game.core.events), as data.

How a round ended is a `RoundEnd` (the `reason` of a core `RoundEnded`). The notes the engine writes
are `Note`s of a declared kind, with typed fields, so a view tells them apart by `isinstance` and reads
their fields, never their words: the words (`text`) are what the log says. Every one of them is public
(PG-R7: a King card, a lapsed action, a Zauberer's partner and count, the noted counts are seen by all).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.core import Note


class RoundEnd(StrEnum):
    """PG-R5: how a round ends (`RoundEnded.reason`, and `last_round["reason"]` of the observation)."""

    DOUBLE = "double"  # (a) the person just played is now twice in the display: every other player scores
    SIX = "six"  # (b) six different persons in the display: this player scores
    HOFNARR = "hofnarr"  # (c) a Hofnarr under the Hofnarr King card: every other player scores


@dataclass(frozen=True, kw_only=True)
class KingRevealed(Note):
    """PG-R7 Hofmarschall: the top King card was turned up; `person`'s action is blocked from now on."""

    person: str


@dataclass(frozen=True, kw_only=True)
class ActionBlocked(Note):
    """PG-R6: the card just played shows the person of the current King card: its action is skipped."""

    person: str


@dataclass(frozen=True, kw_only=True)
class ActionLapsed(Note):
    """PG-R7: the action of `person` cannot be carried out now (nobody to swap with, no hand card, the
    Mundschenk as the 1st or 2nd card of the round or with no allowed swap, nothing to take back)."""

    person: str


@dataclass(frozen=True, kw_only=True)
class ZaubererPartner(Note):
    """PG-R7 Zauberer: `initiator` chose `target` to swap cards with."""

    initiator: int
    target: int


@dataclass(frozen=True, kw_only=True)
class ZaubererCount(Note):
    """PG-R7 Zauberer: `initiator` and `target` swap `count` cards each way."""

    initiator: int
    target: int
    count: int


@dataclass(frozen=True, kw_only=True)
class Noted(Note):
    """PG-R12 (scoring "noted"): each display's card count noted after a round, per seat (0 for the
    player who caused a Palastgeflüster)."""

    counts: tuple[int, ...]


__all__ = ["ActionBlocked", "ActionLapsed", "KingRevealed", "Noted", "RoundEnd", "ZaubererCount",
           "ZaubererPartner"]
