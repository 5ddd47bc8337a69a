"""A full Gloria Picktoria state consistent with what one seat knows (for search bots).

Kept in place: everything public, the seat's own hand, and the cards everyone saw go into other hands
(taken from the display) that are still there for sure. Re-dealt with `rng`: every other card in other
hands and the draw pile's order, Dschingis Hahn cards included.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from game.core import Rng
from game.gloria_picktoria.cards import DH

if TYPE_CHECKING:
    from game.gloria_picktoria.state import GloriaState


def determinize(state: GloriaState, seat: int, rng: Rng) -> GloriaState:
    """Re-deal what `seat` cannot know: the other hands' unseen cards and the draw pile's order.
    The unknown cards are sorted before the shuffle, so the result depends only on what they are."""
    new = state.clone()
    new.rng = rng.spawn()  # the true stream could be run back to the set-up shuffle
    unseen_counts: list[int] = []
    pool: list[str] = []
    for other in range(state.num_players):
        if other == seat:
            unseen_counts.append(0)
            continue
        hidden = Counter(state.hands[other])
        hidden.subtract(state.known[other])
        unseen = list(hidden.elements())
        unseen_counts.append(len(unseen))
        pool.extend(unseen)
    pool.extend(c for c in state.pile if c != DH)
    pool.sort()
    rng.shuffle(pool)
    for other, count in enumerate(unseen_counts):
        if other != seat:
            new.hands[other] = list(state.known[other]) + pool[:count]
            del pool[:count]
    for _ in range(state.data.dh_cards - state.middle):  # into a shuffled pile: as good as shuffling it again
        pool.insert(rng.randbelow(len(pool) + 1), DH)
    new.pile = pool
    return new


__all__ = ["determinize"]
