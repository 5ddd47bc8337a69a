"""The kinds of Palace events the table tells apart, declared as data (typed fields, no `detail` keys).

- `BlindMiss`: a face-down card was turned that does not go on the pile (PA-R10): it and the pile go
  into the player's hand;
- `PileBurned`: the pile leaves the game (PA-R9), by a 10 or by four of one rank (`rank`);
- `PlayerOut`: a player has no cards left and is out, in `place` (PA-R12);
- `TurnPassed`: the turn moves on, and `cause` says why (a `TurnCause`), next to the engine's words
  for it (`reason`).

Every one of them is public (`visible_to` None); a copy for a seat that may not see one blanks its fields
as `Note.seen_by` blanks the text.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from game.core import Event, Note, TurnChanged


class TurnCause(StrEnum):
    """Why the turn moves on (a string, so an event's `to_dict` stays JSON data)."""

    NEXT = "next"  # the next player clockwise (nothing to tell)
    SWAPS = "swaps"  # the swap phase goes on with the next player
    OPENING = "opening"  # the swap phase is over: the lowest face-up card starts (PA-R4)
    PICKED_UP = "picked_up"  # the player before picked up the pile (PA-R8, PA-R10)
    BURNED = "burned"  # the player burned the pile and plays again (PA-R9)
    SKIPPED = "skipped"  # players were skipped by 8s (option eight_skip)


@dataclass(frozen=True, kw_only=True)
class BlindMiss(Note):
    """A face-down card turned that does not go on the pile: `rank` is its rank."""

    rank: str

    def seen_by(self, seat: int | None) -> Event:
        if self.visible_to is None or (seat is not None and seat in self.visible_to):
            return self
        return replace(self, text="", rank="")


@dataclass(frozen=True, kw_only=True)
class PileBurned(Note):
    """The pile burned: `rank` is the rank on top that burned it ("10", or the rank of a run of four)."""

    rank: str

    def seen_by(self, seat: int | None) -> Event:
        if self.visible_to is None or (seat is not None and seat in self.visible_to):
            return self
        return replace(self, text="", rank="")


@dataclass(frozen=True, kw_only=True)
class PlayerOut(Note):
    """`seat` has no cards left and is out, in `place` (1 = the first out)."""

    place: int

    def seen_by(self, seat: int | None) -> Event:
        if self.visible_to is None or (seat is not None and seat in self.visible_to):
            return self
        return replace(self, text="", place=0)


@dataclass(frozen=True, kw_only=True)
class TurnPassed(TurnChanged):
    """The turn went to `seat`; `cause` says why, `reason` in the engine's words."""

    cause: TurnCause


__all__ = ["BlindMiss", "PileBurned", "PlayerOut", "TurnCause", "TurnPassed"]
