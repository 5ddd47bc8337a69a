"""What each seat knows of the other hands (PG-R7 Schatzmeister; Zauberer, Wächter and Zofe moves).

`known[observer][owner]` is a multiset of cards the observer knows to be in the owner's hand. It must
never claim more than the observer could know: when the owner plays a known card one copy is dropped;
when cards leave the owner's hand unseen by the observer, what would remain is a disjunction that we
do not represent, so the observer's knowledge of that owner is cleared. `public_known[owner]` is the
part every seat knows from public events alone (a Schatzmeister reveal, a Wächter take-back), always
contained in each observer's knowledge. Everything resets at a new round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .multiset import drop_one, without

if TYPE_CHECKING:
    from .state import PalastState


def reset(state: PalastState) -> None:
    n = state.num_players
    state.known = [[[] for _ in range(n)] for _ in range(n)]
    state.public_known = [[] for _ in range(n)]
    state.known_discards = [[] for _ in range(n)]


def card_played(state: PalastState, owner: int, card: str) -> None:
    for row in state.known:
        drop_one(row[owner], card)
    drop_one(state.public_known[owner], card)


def hand_revealed(state: PalastState, owner: int) -> None:
    hand = state.hands[owner]
    for observer, row in enumerate(state.known):
        if observer != owner:
            row[owner] = list(hand)
    state.public_known[owner] = list(hand)


def card_taken_back(state: PalastState, owner: int, card: str) -> None:
    for observer, row in enumerate(state.known):
        if observer != owner:
            row[owner].append(card)
    state.public_known[owner].append(card)


def card_discarded(state: PalastState, owner: int, card: str) -> None:
    """A Zofe discard: unseen by everyone else; the owner remembers it while it lies in the pile."""
    _left_unseen(state, owner, seen_by=owner)
    state.known_discards[owner].append(card)


def discard_pile_gone(state: PalastState) -> None:
    """The discard pile was shuffled into the draw pile: nobody knows where those cards are now."""
    state.known_discards = [[] for _ in range(state.num_players)]


def hands_swapped(state: PalastState, initiator: int, given: list[str], target: int,
                  answer: list[str]) -> None:
    """A Zauberer exchange: each side sees what it gives and gets; everyone else saw nothing."""
    for observer in range(state.num_players):
        if observer not in (initiator, target):
            state.known[observer][initiator] = []
            state.known[observer][target] = []
    state.known[initiator][target] = without(state.known[initiator][target], answer) + list(given)
    state.known[target][initiator] = without(state.known[target][initiator], given) + list(answer)
    state.public_known[initiator] = []
    state.public_known[target] = []


def _left_unseen(state: PalastState, owner: int, *, seen_by: int) -> None:
    for observer, row in enumerate(state.known):
        if observer not in (owner, seen_by):
            row[owner] = []
    state.public_known[owner] = []
