"""How the balance lab reads this game (game.balance.cards): Gloria Picktoria counts each motif, the joker,
the doubler and the fox. A seat holds a card in its hand or collections (its doubler from the start, the
fox while it stands on its collection) and plays it onto a collection (the fox: moves it).
"""

from __future__ import annotations

from typing import Any

from game.balance.cards import CardTable


def kind(card: str) -> str | None:
    return None if card == "dh" else card  # Dschingis Hahn goes to the middle, never to a seat


def start(obs: dict[str, Any], seat: int) -> list[str]:
    doubler = obs.get("doubler_in_hand") or []
    return [*(obs.get("hand") or []), *(["doubler"] if seat < len(doubler) and doubler[seat] else [])]


def label(kind: str) -> str:
    """A motif, the joker, the doubler or the fox, named in the chosen language."""
    from game.gloria_picktoria.cards import card_label

    return card_label(kind)


def cards() -> list[str]:
    from game.gloria_picktoria.cards import DOUBLER, FOX, JOKER, MOTIF_IDS

    return [*MOTIF_IDS, JOKER, DOUBLER, FOX]


CARD_TABLE = CardTable(
    counted="motif, joker, doubler and fox", held_zones=frozenset({"hand", "collection", "doubler"}),
    played_moves=frozenset({("hand", "collection"), ("doubler", "collection"), ("supply", "collection"),
                            ("collection", "collection")}),
    kind_of=kind, held_at_start=start, standing_text="the points scored so far",
    lengths={"scorings": "ScoringDone"}, label=label, cards=cards,
    bias="In Gloria Picktoria every seat holds its doubler from the start, so the doubler has no "
         "never-held rate; the fox counts as held while it stands on a seat's collection.")
