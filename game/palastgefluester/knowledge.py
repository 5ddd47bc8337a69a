"""What each seat knows of the other hands (PG-R7 Schatzmeister; Zauberer, Wächter and Zofe moves).

`known[observer][owner]` is a multiset of cards the observer knows for certain to be in the owner's
hand: it never claims a card that might not be there. A card played from the hand drops one copy.
When cards leave the hand unseen by the observer (a face-down Zofe discard, a Zauberer exchange the
observer is not part of), any card of the hand may have gone, so each known card keeps only the
copies beyond the number that left: of two known brown Zofe cards, one discard leaves one known.
Cards that arrive unseen are known where they must have come (a Zauberer taking k cards from a hand
whose cards are known but for fewer than k of them). Not kept: what is certain only as a choice
("the Zofe or the Wächter is still there"), and what could only be worked out by elimination over
the whole game. `public_known[owner]` is what every seat knows from public events alone (the same
reasoning for an observer who saw no private card), always contained in each observer's knowledge.
Everything resets at a new round.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from game.palastgefluester.multiset import drop_one, without

if TYPE_CHECKING:
    from game.palastgefluester.state import PalastState


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
    """A Zofe discard: unseen by everyone else; the owner remembers it while it lies in the pile.

    The card drawn after it is unseen too and adds nothing: with the shipped deck the draw and discard
    piles always hold n + 14 cards, more than the n + 2 copies of any person, so no observer can be sure
    what it is. A variant's smaller piles may let an observer work out more than this tracks; what is
    tracked stays certain, so observations and determinization still never claim too much."""
    for observer, row in enumerate(state.known):
        if observer != owner:
            row[owner] = still_there(row[owner], left=1)
    state.public_known[owner] = still_there(state.public_known[owner], left=1)
    state.known_discards[owner].append(card)


def discard_pile_gone(state: PalastState) -> None:
    """The discard pile was shuffled into the draw pile: nobody knows where those cards are now."""
    state.known_discards = [[] for _ in range(state.num_players)]


def hands_swapped(state: PalastState, initiator: int, given: list[str], target: int,
                  answer: list[str]) -> None:
    """A Zauberer exchange (hands already swapped): each side sees what it gives and gets; everyone
    else saw only how many cards went each way."""
    count = len(given)
    sizes = {initiator: len(state.hands[initiator]), target: len(state.hands[target])}  # as before: 1:1

    def unseen(known_of: list[list[str]]) -> tuple[list[str], list[str]]:
        """What an observer who saw no card knows of both hands afterwards."""
        return (_after_unseen_swap(known_of[initiator], known_of[target], sizes[target], count),
                _after_unseen_swap(known_of[target], known_of[initiator], sizes[initiator], count))

    for observer, row in enumerate(state.known):
        if observer not in (initiator, target):
            row[initiator], row[target] = unseen(row)
    state.public_known[initiator], state.public_known[target] = unseen(state.public_known)
    state.known[initiator][target] = without(state.known[initiator][target], answer) + list(given)
    state.known[target][initiator] = without(state.known[target][initiator], given) + list(answer)


def _after_unseen_swap(known: list[str], other_known: list[str], other_size: int, count: int) -> list[str]:
    """One side of an exchange of `count` cards each way, for an observer who saw none of them: what
    must still be there, and what must have come from the other hand (`other_size` cards)."""
    return still_there(known, left=count) + surely_taken(other_known, other_size, taken=count)


def still_there(known: list[str], *, left: int) -> list[str]:
    """The known cards that must remain in a hand after any `left` of its cards went unseen: each
    card keeps the copies beyond `left` (the cards that went may all have been copies of it)."""
    seen: Counter[str] = Counter()
    kept = []
    for card in known:
        seen[card] += 1
        if seen[card] > left:
            kept.append(card)
    return kept


def surely_taken(known: list[str], size: int, *, taken: int) -> list[str]:
    """The cards that must be among any `taken` cards chosen from a hand of `size` cards of which
    `known` are known: a card of which fewer than `taken` other cards are in the hand is surely hit
    (taken - (size - copies)) times, however the rest of the hand looks."""
    counts = Counter(known)
    return [card for card in sorted(counts) for _ in range(max(0, taken - (size - counts[card])))]
