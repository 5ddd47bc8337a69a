"""Typed events: what an action did, for animation and the log.

An event may name cards that not every seat may see (a card drawn into a hand). Such an event says
who may see it (`visible_to`), and `seen_by(seat)` gives the copy that seat may be shown: the view
only ever receives events passed through `seen_by`, so hidden cards never reach it.

What an event says to people (`text`, `reason`) is a `Message` (game.i18n): the view puts it into
words in the chosen language. A plain string is still accepted for texts that are not words (names).

Zones are short strings: `hand:2`, `display:0`, `draw`, `discard`, `pile`, … — one per place a card can be.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from game.i18n import Message, Text

Seats = frozenset[int] | None  # None: every seat, spectators included


def _may_see(visible_to: Seats, seat: int | None) -> bool:
    return visible_to is None or (seat is not None and seat in visible_to)


@dataclass(frozen=True, kw_only=True)
class Event:
    def seen_by(self, seat: int | None) -> Event:
        """The copy of this event that `seat` may be shown (None: a spectator)."""
        return self

    @property
    def kind(self) -> str:
        return type(self).__name__

    def to_dict(self) -> dict[str, Any]:
        data = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, frozenset):
                value = sorted(value)
            elif isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, Message):
                value = value.to_dict()
            data[f.name] = value
        return data


@dataclass(frozen=True, kw_only=True)
class CardMoved(Event):
    """A card went from one zone to another. `card` is None where the seat may not know which card."""

    card: str | None
    src: str
    dst: str
    face_up: bool = True
    visible_to: Seats = None

    def seen_by(self, seat: int | None) -> Event:
        if _may_see(self.visible_to, seat):
            return self
        return replace(self, card=None, visible_to=self.visible_to)


@dataclass(frozen=True, kw_only=True)
class CardsRevealed(Event):
    """Cards of a hidden zone are shown (to `visible_to`, None: to everyone)."""

    seat: int
    zone: str
    cards: tuple[str, ...]
    visible_to: Seats = None

    def seen_by(self, seat: int | None) -> Event:
        if _may_see(self.visible_to, seat):
            return self
        return replace(self, cards=())


@dataclass(frozen=True, kw_only=True)
class Shuffled(Event):
    zone: str
    count: int = 0


@dataclass(frozen=True, kw_only=True)
class TurnChanged(Event):
    """`seat` decides next; `reason` says why (for the 'who plays next and why' line)."""

    seat: int
    reason: Text = ""


@dataclass(frozen=True, kw_only=True)
class ScoreChanged(Event):
    seat: int
    old: float
    new: float
    reason: Text = ""


@dataclass(frozen=True, kw_only=True)
class RoundEnded(Event):
    reason: str  # a short key for the kind of ending, not for people
    text: Text
    scorers: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class GameEnded(Event):
    winners: tuple[int, ...]
    text: Text


@dataclass(frozen=True, kw_only=True)
class Note(Event):
    """Anything else worth a line in the log (and perhaps a banner). A kind of note the view tells apart
    is a subclass of its game's, with typed fields (game/<id>/events.py); one whose fields a seat may not
    see blanks them in its own `seen_by`."""

    text: Text
    seat: int | None = None
    visible_to: Seats = None

    def seen_by(self, seat: int | None) -> Event:
        if _may_see(self.visible_to, seat):
            return self
        return replace(self, text="")


__all__ = [
    "CardMoved",
    "CardsRevealed",
    "Event",
    "GameEnded",
    "Note",
    "RoundEnded",
    "ScoreChanged",
    "Shuffled",
    "TurnChanged",
]
