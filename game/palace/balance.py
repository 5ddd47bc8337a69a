"""How the balance lab reads this game (game.balance.cards): Palace counts ranks (`10`, `Q`); a seat holds
a card in its hand or face up on its table, and plays it from hand, face-up or face-down slots onto the
pile. Palace has no running score: a seat's standing is the cards it has left (hand and table), fewer
being better.
"""

from __future__ import annotations

from typing import Any

from game.balance.cards import CardTable
from game.core.state import State


def rank(card: str) -> str | None:
    return card[:-1] if len(card) >= 2 else None


def start(obs: dict[str, Any], seat: int) -> list[str]:
    table = obs.get("seats") or []
    up = [card for card in table[seat].get("up", []) if isinstance(card, str)] if seat < len(table) else []
    return [*(obs.get("hand") or []), *up]


def standing(state: State) -> list[float]:
    from game.palace.state import PalaceState

    assert isinstance(state, PalaceState)
    left = [len(hand) for hand in state.hands]
    for seat in range(state.num_players):
        left[seat] += sum(card is not None for card in (*state.up[seat], *state.down[seat]))
    return [-float(cards) for cards in left]


def label(rank: str) -> str:
    """A rank's name in the chosen language."""
    from game.palace.cards import rank_name

    return rank_name(rank)


def cards() -> list[str]:
    from game.palace.cards import RANK_NAMES

    return list(RANK_NAMES)


CARD_TABLE = CardTable(
    counted="rank", held_zones=frozenset({"hand", "up"}),
    played_moves=frozenset({("hand", "pile"), ("up", "pile"), ("down", "pile")}),
    kind_of=rank, held_at_start=start, standing=standing,
    standing_text="the cards left in hand and on the table (fewer is better)",
    lengths={"burns": "PileBurned"}, label=label, cards=cards,
    bias="In Palace a seat that picks up the pile holds many ranks at once and is often losing, so "
         "every rank's 'held' leans towards losing, most of all the low ranks.")
