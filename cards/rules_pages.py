"""The rules of each game as pages for the rules view: a few paragraphs, and cards with what each does.

Pages are data: `pages(game_id)` gives them, each with its title, its paragraphs in plain words, and the
cards to draw (an art pack's card id, a name and the card's action beside it). The card actions come from
the games' own card data where the game has it (Palastgeflüster's persons, Gloria Picktoria's motifs,
3 Chapters' abilities), so the rules view says what the engine does. Every word of it is in the game's
words module (cards/words/<game id>.py), for translation. The rulings that matter to a player
(docs/rulings.md) are put in plain words, without their ids (the code cites them in comments).
"""

from __future__ import annotations

from cards.words import CardNote, RulesPage, words_of


def pages(game_id: str) -> list[RulesPage]:
    """The game's rules pages (one page saying there are none for a game without them)."""
    words = words_of(game_id)
    if words is None:
        return [RulesPage("Rules", ("There are no rules pages for this game yet.",))]
    made: list[RulesPage] = words.pages()
    return made


__all__ = ["CardNote", "RulesPage", "pages"]
