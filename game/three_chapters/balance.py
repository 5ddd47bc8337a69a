"""How the balance lab reads this game (game.balance.cards): 3 Chapters counts each card (by its value). A
seat holds a card once it drafted it (a card that only passed through its packet was seen, not held) and
plays it into a trick.
"""

from __future__ import annotations

from game.balance.cards import CardTable


def label(card: str) -> str:
    """A card by its value and its name in the chosen language ("3 Gretel")."""
    from game.three_chapters.cards import card_label

    return f"{card} {card_label(card)}"


def cards() -> list[str]:
    from game.three_chapters.cards import NUM_CARDS

    return [str(value) for value in range(1, NUM_CARDS + 1)]


CARD_TABLE = CardTable(
    counted="card", held_zones=frozenset({"picks"}), played_moves=frozenset({("hand", "trick")}),
    held_at_start=lambda obs, seat: (),  # the first hand is a draft packet: seen, not yet held
    kind_of=lambda card: card if card.isdigit() else None, standing_text="the points so far",
    lengths={"tricks": "TrickWon", "chapters ended": "ChapterEnded"}, label=label,
    cards=cards,
    bias="In 3 Chapters 'held' means drafted (a card only passed on in a packet was seen, not held), and "
         "half of a game's actions is the end of the draft, before any point is scored.")
