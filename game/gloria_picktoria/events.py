"""The kinds of Gloria Picktoria events a view tells apart, declared as data (typed fields, no `detail`
keys), beside the core's events:

- `FoxMoved`: the fox went to `owner`'s collection `collection` (after the `CardMoved` of the figure;
  its text says why);
- `DHToMiddle`: a Dschingis Hahn card went to the middle, the `number`th there (GP-R6);
- `ScoringDone`: a scoring (GP-R9, GP-R10), its `breakdown` motif by motif (see scoring.py); it follows the
  `RoundEnded` whose `reason` is a `RoundReason`;
- `FoxPassDue`: the turn's action points are spent and the fox stands on one of the turn player's
  collections: the same seat now decides whether to pass it (GP-R8).

Every one of them is public (`visible_to` None); a copy for a seat that may not see one would blank its
fields as `Note.seen_by` blanks the text.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from game.core import Event, Note, TurnChanged
from game.gloria_picktoria.scoring import Breakdown


class RoundReason(StrEnum):
    """`RoundEnded.reason` of a scoring (a string, so an event's `to_dict` stays JSON data; the progress
    charts mark scorings by it)."""

    SCORING = "scoring"  # the 4th or 7th Dschingis Hahn card
    FINAL_SCORING = "final_scoring"  # the 10th: the game ends


def _hidden_from(note: Note, seat: int | None) -> bool:
    return note.visible_to is not None and (seat is None or seat not in note.visible_to)


@dataclass(frozen=True, kw_only=True)
class FoxMoved(Note):
    """The fox now stands on collection `collection` (from 0) of `owner` (also `seat`)."""

    owner: int
    collection: int

    def seen_by(self, seat: int | None) -> Event:
        if not _hidden_from(self, seat):
            return self
        return replace(self, text="", owner=-1, collection=-1)


@dataclass(frozen=True, kw_only=True)
class DHToMiddle(Note):
    """A Dschingis Hahn card went to the middle: `number` of them lie there now."""

    number: int

    def seen_by(self, seat: int | None) -> Event:
        if not _hidden_from(self, seat):
            return self
        return replace(self, text="", number=0)


def _no_breakdown() -> Breakdown:
    return {"number": 0, "dh": 0, "final": False, "motifs": [], "penalties": [], "points": []}


@dataclass(frozen=True, kw_only=True)
class ScoringDone(Note):
    """A scoring's `breakdown`, motif by motif (the table shows it as a panel); `text` is its log line."""

    breakdown: Breakdown

    def seen_by(self, seat: int | None) -> Event:
        if not _hidden_from(self, seat):
            return self
        return replace(self, text="", breakdown=_no_breakdown())


@dataclass(frozen=True, kw_only=True)
class FoxPassDue(TurnChanged):
    """`seat` has spent the turn's action points and may pass the fox to the left neighbour (GP-R8);
    `reason` is the engine's words for it."""


__all__ = ["DHToMiddle", "FoxMoved", "FoxPassDue", "RoundReason", "ScoringDone"]
