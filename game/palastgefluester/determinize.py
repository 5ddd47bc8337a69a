"""A full state consistent with what one seat knows (for search bots).

Kept in place: everything public, the seat's own hand, the cards it knows for certain in other hands
(PG-R7, see `knowledge.py`) and its own Zofe discards still in the discard pile. Re-dealt with `rng`:
every other card in other hands, the draw pile, the rest of the discard pile, the order of the King
stack, and any Zauberer choice the seat has not seen. The result depends only on the seat's
observation and `rng`: hidden cards are pooled in sorted order before shuffling, and other seats'
private knowledge is replaced by what the seat can know of it (what everyone knows, and what others
know of the seat's own hand).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Rng
from game.palastgefluester.multiset import without

if TYPE_CHECKING:
    from game.palastgefluester.state import PalastState


def determinize(state: PalastState, seat: int, rng: Rng) -> PalastState:
    if not (isinstance(seat, int) and 0 <= seat < state.num_players):
        raise ValueError(f"there is no seat {seat!r} in a {state.num_players}-player game")
    new = state.clone()
    new.rng = rng.spawn()
    others = [s for s in range(state.num_players) if s != seat]
    known = state.known[seat]
    own_discards = state.known_discards[seat]

    pool = list(state.draw) + without(state.discard, own_discards)
    for owner in others:
        pool += without(state.hands[owner], known[owner])
    pool.sort()
    rng.shuffle(pool)

    for owner in others:
        unknown = len(state.hands[owner]) - len(known[owner])
        new.hands[owner] = list(known[owner]) + [pool.pop() for _ in range(unknown)]
    new.draw = [pool.pop() for _ in range(len(state.draw))]
    new.discard = list(own_discards) + pool
    new.king_stack = sorted(state.king_stack)
    rng.shuffle(new.king_stack)

    z = new.zauberer
    if z is not None:
        if seat != z.initiator and z.given:
            z.given = _sample(new.hands[z.initiator], len(z.given), rng)
        if seat != z.target and z.answer:
            assert z.target is not None
            z.answer = _sample(new.hands[z.target], len(z.answer), rng)

    for observer in others:
        new.known_discards[observer] = []
        for owner in others:
            new.known[observer][owner] = list(state.public_known[owner]) if owner != observer else []
    new._legal = None
    return new


def _sample(cards: list[str], k: int, rng: Rng) -> list[str]:
    picked = sorted(cards)
    rng.shuffle(picked)
    return picked[:k]
