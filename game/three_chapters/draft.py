"""The shape of chapter I (TC-R3, TC-R4, TC-R5) and the draft log every seat remembers.

A deal gives every seat a packet of 8 cards. In each round every seat takes 1 card from the packet it holds
(2 with ghosts: one for itself, one for its ghost pile), then the packets go one seat to the left
(seat i -> seat i + 1). Packet p is therefore held by seat (p + round) % n. What is left of a packet after
the deal's last round leaves the game face down.

The log keeps the packets as dealt and every pick; from it follows what each seat has seen (its memory:
every packet it held, at the moment it held it), which is what `determinize` must respect.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

#: the shipped game's packet size (a game's own: `state.data.packet_size`, which a variant may change)
PACKET_SIZE = 8


class HeldPacket(TypedDict):
    """A packet as a seat held it: in which deal and round (from 0), its cards then, what the seat took."""

    deal: int
    round: int
    cards: list[int]
    picked: list[int]


@dataclass(frozen=True)
class DraftShape:
    deals: int
    rounds: int  # per deal
    picks_per_round: int  # 2 with ghosts: a card for oneself, then one for the ghost pile

    @property
    def ghosts(self) -> bool:
        return self.picks_per_round == 2


def draft_shape(players: int) -> DraftShape:
    """The shipped game's chapter I for `players` (a game's own: `state.data.shape(players)`)."""
    if players == 2:
        return DraftShape(deals=2, rounds=4, picks_per_round=2)
    if players == 3:
        return DraftShape(deals=2, rounds=4, picks_per_round=1)
    return DraftShape(deals=1, rounds=7, picks_per_round=1)


def holder(packet: int, round_no: int, players: int) -> int:
    return (packet + round_no) % players


def packet_held(seat: int, round_no: int, players: int) -> int:
    return (seat - round_no) % players


@dataclass
class DraftLog:
    """packets[deal][packet] = the 8 cards dealt; picks[deal][round][seat] = the cards taken (own first)."""

    packets: list[list[list[int]]]
    picks: list[list[list[list[int]]]]

    def copy(self) -> DraftLog:
        return DraftLog([[list(p) for p in deal] for deal in self.packets],
                        [[[list(s) for s in rnd] for rnd in deal] for deal in self.picks])

    def to_dict(self) -> dict[str, Any]:
        return {"packets": self.packets, "picks": self.picks}

    @classmethod
    def from_dict(cls, data: Any, players: int, packet_size: int) -> DraftLog:
        if not isinstance(data, dict) or set(data) != {"packets", "picks"}:
            raise ValueError("draft_log must hold 'packets' and 'picks'")
        packets, picks = data["packets"], data["picks"]
        if not isinstance(packets, list) or not isinstance(picks, list) or len(packets) != len(picks):
            raise ValueError("draft_log: packets and picks need one entry per deal")
        log = cls([[list(map(int, p)) for p in deal] for deal in packets],
                  [[[list(map(int, s)) for s in rnd] for rnd in deal] for deal in picks])
        for deal, rounds in zip(log.packets, log.picks, strict=True):
            if len(deal) != players or any(len(p) != packet_size for p in deal):
                raise ValueError(f"draft_log: every deal has {players} packets of {packet_size} cards")
            if any(len(rnd) != players for rnd in rounds):
                raise ValueError("draft_log: every round has one list of picks per seat")
        return log

    def content(self, deal: int, packet: int, before_round: int) -> list[int]:
        """What packet `packet` held at the start of round `before_round`."""
        players = len(self.packets[deal])
        taken: set[int] = set()
        for round_no in range(before_round):
            taken.update(self.picks[deal][round_no][holder(packet, round_no, players)])
        return [c for c in self.packets[deal][packet] if c not in taken]

    def memory(self, seat: int) -> list[HeldPacket]:
        """Every packet `seat` held, as it was when handed to it, and what it took from it."""
        players = len(self.packets[0]) if self.packets else 0
        out: list[HeldPacket] = []
        for deal, rounds in enumerate(self.picks):
            for round_no in range(len(rounds)):
                packet = packet_held(seat, round_no, players)
                out.append({"deal": deal, "round": round_no,
                            "cards": sorted(self.content(deal, packet, round_no)),
                            "picked": list(rounds[round_no][seat])})
        return out
