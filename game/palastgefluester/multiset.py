"""Multisets kept as plain lists: the two brown copies of a person are the same string."""

from __future__ import annotations

from collections.abc import Iterable


def without(cards: Iterable[str], removed: Iterable[str]) -> list[str]:
    """`cards` minus one copy of each card in `removed` (cards not present are ignored)."""
    rest = list(cards)
    for card in removed:
        if card in rest:
            rest.remove(card)
    return rest


def drop_one(cards: list[str], card: str) -> None:
    """Remove one copy of `card` from `cards` in place, if there is one."""
    if card in cards:
        cards.remove(card)


def contains(cards: Iterable[str], part: Iterable[str]) -> bool:
    """Whether every card of `part` is in `cards`, counting copies."""
    rest = list(cards)
    for card in part:
        if card not in rest:
            return False
        rest.remove(card)
    return True
