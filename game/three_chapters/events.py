"""The kinds of event 3 Chapters declares beyond the core's: what a view tells apart, as typed fields.

Every one of them is public (the whole table sees a new deal, a won trick, a chapter's end), so none has
a field to blank for a seat; their `text` is the log's line, as any Note's or RoundEnded's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from game.core import Note, RoundEnded

#: `RoundEnded.reason` of a chapter's end (the progress charts mark chapters by it)
CHAPTER: Final = "chapter"


@dataclass(frozen=True, kw_only=True)
class NewDeal(Note):
    """Chapter I goes on with a new deal of packets (3 players, or 2 with ghosts): `deal` of `deals`,
    counted from 1."""

    deal: int
    deals: int


@dataclass(frozen=True, kw_only=True)
class TrickWon(Note):
    """Trick number `trick` (from 1) of chapter II is won by the place at `winner` (a position in the
    trick: a seat, or with 2 players a ghost) with the card `card` (its value)."""

    trick: int
    winner: int
    card: int


@dataclass(frozen=True, kw_only=True)
class ChapterEnded(RoundEnded):
    """Chapter `chapter` (1: the draft, 2: the tricks) is over and the next begins (`reason` CHAPTER)."""

    chapter: int


__all__ = ["CHAPTER", "ChapterEnded", "NewDeal", "TrickWon"]
