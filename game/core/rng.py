"""Seeded randomness owned by a state, and the random source a bot decides with.

SplitMix64 is small, fast to clone (one integer) and defined here, so the same seed gives
the same game on every machine and every Python version, unlike relying on `random`'s internals.
Its seeding is a bijection, so a stream seeded with anything computed from the match seed gives that
seed back: a bot's stream comes from `bot_rng` instead, a one-way hash (ALL-R1). A state sampled for a
search (`State.determinize`) takes its own stream from the bot's, never the true state's, so playing it
out foretells no shuffle of the real game.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """A deterministic random source. `Rng(seed)` for any int seed (negative or huge too)."""

    __slots__ = ("_state",)

    def __init__(self, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        # Fold any size of int into 64 bits, then mix so that nearby seeds diverge at once.
        folded = 0
        value = seed if seed >= 0 else (-seed << 1) | 1
        while True:
            folded = _mix((folded ^ (value & _MASK)) + _GOLDEN)
            value >>= 64
            if not value:
                break
        self._state = folded

    @classmethod
    def from_state(cls, state: int) -> Rng:
        rng = cls.__new__(cls)
        rng._state = state & _MASK
        return rng

    @property
    def state(self) -> int:
        return self._state

    def clone(self) -> Rng:
        return Rng.from_state(self._state)

    def next64(self) -> int:
        self._state = (self._state + _GOLDEN) & _MASK
        return _mix(self._state)

    def randbelow(self, n: int) -> int:
        """A uniform int in [0, n)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = ((1 << 64) // n) * n
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def randint(self, a: int, b: int) -> int:
        """A uniform int in [a, b], both included."""
        return a + self.randbelow(b - a + 1)

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def spawn(self) -> Rng:
        """An independent stream derived from this one (advances this one by one step)."""
        return Rng.from_state(_mix(self.next64() ^ 0xD1B54A32D192ED03))

    def __repr__(self) -> str:
        return f"Rng.from_state({self._state:#x})"


#: Keeps bot streams apart from any other use of the same hash on the same numbers.
_BOT_PERSON = b"kartentisch bot"


def bot_rng(match_seed: int, seat: int, decision: int) -> Rng:
    """The random source of the bot at `seat` deciding the match's action number `decision` (ALL-R1).

    Its state is a BLAKE2b hash of the match seed, the seat and the decision count: nothing computed
    from the stream leads back to the seed, and so to the deal, while the same match gives the same
    stream at the same decision (resume, undo, the worker process, replayed simulate runs)."""
    for name, value in (("match seed", match_seed), ("seat", seat), ("decision", decision)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"the {name} must be an int, not {type(value).__name__}")
    message = f"{match_seed}/{seat}/{decision}".encode("ascii")
    digest = hashlib.blake2b(message, digest_size=8, person=_BOT_PERSON).digest()
    return Rng.from_state(int.from_bytes(digest, "little"))


#: A drawn seed has up to this many digits: as many as the setup screen and the tools accept.
SEED_DIGITS = 18


def fresh_seed() -> int:
    """A seed for a new deal, drawn from the operating system's entropy over 10**18 values: too many to
    try every one against what a seat has seen (ALL-R1), few enough to type back in to replay the deal."""
    return secrets.randbelow(10**SEED_DIGITS)
