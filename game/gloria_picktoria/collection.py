"""One collection on the table: a face-down treasure card, the open cards laid on it, perhaps a doubler."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.gloria_picktoria.cards import DOUBLER


@dataclass(slots=True)
class Collection:
    treasure: str  # the face-down card (shown to all when laid): any hand card, or the doubler token
    cards: list[str] = field(default_factory=list)  # the open cards in order; the first is never a joker
    doubler: bool = False  # a doubler laid on it (GP-R5): the row is closed and scores double

    @property
    def motif(self) -> str | None:
        """The motif the first open card set; None for a lone treasure card."""
        return self.cards[0] if self.cards else None

    @property
    def length(self) -> int:
        """Treasure card + open cards, jokers included, the doubler not (GP-R9)."""
        return 1 + len(self.cards)

    @property
    def lone(self) -> bool:
        """A treasure card without open cards: it has no motif and is not scored."""
        return not self.cards

    @property
    def closed(self) -> bool:
        return self.doubler

    def copy(self) -> Collection:
        return Collection(self.treasure, list(self.cards), self.doubler)

    def all_cards(self) -> list[str]:
        """Every card and token on it (for conservation)."""
        out = [self.treasure, *self.cards]
        if self.doubler:
            out.append(DOUBLER)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"treasure": self.treasure, "cards": list(self.cards), "doubler": self.doubler}

    @classmethod
    def from_dict(cls, data: Any) -> Collection:
        if not isinstance(data, dict) or set(data) != {"treasure", "cards", "doubler"}:
            raise ValueError("a collection is {\"treasure\": card, \"cards\": [cards], \"doubler\": bool}")
        treasure, cards, doubler = data["treasure"], data["cards"], data["doubler"]
        if not isinstance(treasure, str) or not isinstance(cards, list) \
                or not all(isinstance(c, str) for c in cards) or not isinstance(doubler, bool):
            raise ValueError("a collection's treasure and cards are card strings, its doubler a bool")
        return cls(treasure, list(cards), doubler)
