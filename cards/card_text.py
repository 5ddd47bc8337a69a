"""What a card is and does, in words, from each game's card data: its name, its rule text and the
details that go with it (colour, attributes, value). The inspect view, the gallery and the tables read
cards through `describe_card`; `card_text` is the same in one paragraph. Each game's own words are in
its words module (cards/words/<game id>.py).

A card is named by its art id, the id the art packs use ("Zofe/red", "king/Zofe", "10H", "egg", "17").
A game played with a variant (the game option `variant`, game.core.variant) has the variant's card data:
given the game's options, a card is described as the variant has it (its abilities, its numbers); without
them, as the game ships it (the gallery).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cards.words import CardText, words_of
from game.core.variant import OPTION, state_data


def describe_card(game_id: str, card_id: str, options: Mapping[str, Any] | None = None) -> CardText | None:
    """The card `card_id` of `game_id` in words (None for an unknown game or card); with the options of
    a game played with a variant, as that variant has it."""
    try:
        words = words_of(game_id)
        if words is None:
            return None
        data = state_data(game_id, options) if options and options.get(OPTION) is not None else None
        found: CardText | None = words.describe(card_id) if data is None else words.describe(card_id, data)
        return found
    except ImportError:  # a game whose rules are not built yet
        return None


def card_text(game_id: str, card_id: str, options: Mapping[str, Any] | None = None) -> str:
    """What a card does in one paragraph: name, rule text and details ("" for an unknown card)."""
    found = describe_card(game_id, card_id, options)
    if found is None:
        return ""
    return f"{found.name}: " + " ".join((*found.rules, *found.details))


__all__ = ["CardText", "card_text", "describe_card"]
