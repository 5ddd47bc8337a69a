"""The table as the view knows it: which card (or unknown card) lies in which zone.

The view draws this model, not the latest observation, so that the engine's events can be played
back one by one (a card leaves its hand, lands in a display, …). Once the events are played the
model is brought in line with the observation again (`resync`), which also heals anything the
events did not spell out. Every card instance carries a uid so its sprite keeps its identity.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field


@dataclass
class Entry:
    uid: int
    card: str | None  # None: unknown to this seat


@dataclass
class ZoneModel:
    new_uid: Callable[[], int]
    zones: dict[str, list[Entry]] = field(default_factory=dict)

    def zone(self, name: str) -> list[Entry]:
        return self.zones.setdefault(name, [])

    def entries(self) -> Iterable[tuple[str, int, Entry]]:
        for name, entries in self.zones.items():
            for index, entry in enumerate(entries):
                yield name, index, entry

    def where(self, uid: int) -> str | None:
        for name, entries in self.zones.items():
            if any(e.uid == uid for e in entries):
                return name
        return None

    def take(self, zone: str, card: str | None) -> Entry:
        """Remove one entry from `zone`: that card if it is there, else an unknown one, else the top one;
        from an empty zone (the model fell behind) a fresh entry."""
        entries = self.zone(zone)
        index = None
        if card is not None:
            index = _last_index(entries, lambda e: e.card == card)
        if index is None:
            index = _last_index(entries, lambda e: e.card is None)
        if index is None and entries:
            index = len(entries) - 1
        if index is None:
            return Entry(self.new_uid(), card)
        return entries.pop(index)

    def move(self, card: str | None, src: str, dst: str, at: int | None = None) -> Entry:
        entry = self.take(src, card)
        entry.card = card
        target = self.zone(dst)
        target.insert(len(target) if at is None else at, entry)
        return entry

    def gather(self, sources: Iterable[str], dst: str) -> list[Entry]:
        """Every card of `sources` goes face down onto `dst` (a shuffle into a pile)."""
        moved = []
        target = self.zone(dst)
        for name in sources:
            if name == dst:
                continue
            for entry in self.zones.get(name, []):
                entry.card = None
                moved.append(entry)
            self.zones[name] = []
        target.extend(moved)
        for entry in target:
            entry.card = None
        return moved

    def resync(self, wanted: Mapping[str, list[str | None]]) -> None:
        """Make the model hold exactly `wanted`, keeping uids where a card plausibly stayed or moved."""
        unused: dict[str, list[Entry]] = {name: list(entries) for name, entries in self.zones.items()}
        result: dict[str, list[Entry | None]] = {name: [None] * len(cards) for name, cards in wanted.items()}

        def claim(pool: list[Entry], test: Callable[[Entry], bool]) -> Entry | None:
            for i, entry in enumerate(pool):
                if test(entry):
                    return pool.pop(i)
            return None

        for name, cards in wanted.items():  # the same known card still in the same zone
            pool = unused.get(name, [])
            for i, card in enumerate(cards):
                if card is not None:
                    result[name][i] = claim(pool, holding(card))
        for name, cards in wanted.items():  # a card that went elsewhere
            for i, card in enumerate(cards):
                if result[name][i] is None and card is not None:
                    for pool in unused.values():
                        found = claim(pool, holding(card))
                        if found is not None:
                            result[name][i] = found
                            break
        for name, cards in wanted.items():  # whatever else lay in this zone
            pool = unused.get(name, [])
            for i in range(len(cards)):
                if result[name][i] is None and pool:
                    result[name][i] = pool.pop(0)
        self.zones = {}
        for name, cards in wanted.items():
            row = []
            for slot, card in zip(result[name], cards, strict=True):
                entry = slot if slot is not None else Entry(self.new_uid(), card)
                entry.card = card
                row.append(entry)
            self.zones[name] = row


def _last_index(entries: list[Entry], test: Callable[[Entry], bool]) -> int | None:
    for i in range(len(entries) - 1, -1, -1):
        if test(entries[i]):
            return i
    return None



def holding(card: str) -> Callable[[Entry], bool]:
    """Whether an entry holds `card`."""
    return lambda entry: entry.card == card
