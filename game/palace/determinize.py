"""A full Palace state consistent with what one seat knows (for search bots): `determinize`."""

from __future__ import annotations

from game.core import Rng
from game.palace.cards import sorted_cards
from game.palace.state import REDRAW, PalaceState


def determinize(state: PalaceState, seat: int, rng: Rng) -> PalaceState:
    """Keep what `seat` knows, deal the rest anew: the draw pile's order, every face-down card and
    the other players' hand cards nobody saw go there.

    What everyone has seen stays: the pile, the burned cards, the face-up cards, and the hand cards
    picked up or swapped in. Another player's finishing step tells only how many cards they drew, not
    whether one matches the rank just played (PA-R14), so their fresh cards are dealt like any other
    hidden card.
    """
    new = state.clone()
    new.rng = rng.spawn()
    new._legal = None
    others = [s for s in range(state.num_players) if s != seat]
    hidden_hand = {s: [c for c in state.hands[s] if c not in state.known[s]] for s in others}
    pool = list(state.draw)
    pool.extend(c for row in state.down for c in row if c is not None)
    for s in others:
        pool.extend(hidden_hand[s])
    pool = sorted_cards(pool)  # the pool's order must not tell where the cards really were
    rng.shuffle(pool)

    if state.phase == REDRAW and state.turn != seat:
        owner = state.turn
        fresh = [pool.pop() for _ in state.fresh]
        rest = [pool.pop() for _ in range(len(hidden_hand[owner]) - len(state.fresh))]
        new.hands[owner] = sorted_cards(state.known[owner] + fresh + rest)
        new.fresh = sorted_cards(fresh)
        others.remove(owner)
    for s in others:
        new.hands[s] = sorted_cards(state.known[s] + [pool.pop() for _ in hidden_hand[s]])
    for row in new.down:
        for slot, card in enumerate(row):
            if card is not None:
                row[slot] = pool.pop()
    new.draw = [pool.pop() for _ in state.draw]
    assert not pool
    return new
