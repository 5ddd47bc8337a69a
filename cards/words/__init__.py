"""Each game's words, one module per game (named by the game's registry entry, `game.REGISTRY`): its line
in the game menu (`INFO`), its rules summary (`SUMMARY`), its rules pages (`pages()`) and what each of its
cards does (`describe(card_id, data=None)`: `data` is a variant's card data, for a game played with
one). The forms they share are here; card_text.py, rules_text.py and rules_pages.py find a game's module
through the registry, so a new game brings its own words.

A card is named by its art id, the id the art packs use ("Zofe/red", "king/Zofe", "10H", "egg", "17").
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType

import game


@dataclass(frozen=True)
class GameInfo:
    """A game in the menus before its rules load: its name, player range and one line about it."""

    title: str
    min_players: int
    max_players: int
    blurb: str


@dataclass(frozen=True)
class CardText:
    name: str
    rules: tuple[str, ...]  # what the card does, whole sentences
    details: tuple[str, ...] = ()  # what else it carries: colour, attributes, value


@dataclass(frozen=True)
class CardNote:
    """A card drawn on a rules page, with its name and what it does."""

    card: str  # the card id in the art pack (see ArtLibrary.card_ids)
    name: str
    text: str


@dataclass(frozen=True)
class RulesPage:
    title: str
    paragraphs: tuple[str, ...] = ()
    cards: tuple[CardNote, ...] = field(default_factory=tuple)


def words_of(game_id: str) -> ModuleType | None:
    """The words module of `game_id` (None for a game the registry does not know)."""
    entry = game.ENTRIES.get(game_id)
    return importlib.import_module(entry.words) if entry is not None else None


def option_label(game_id: str, name: str) -> str:
    """A game option's label in quotation marks of the chosen language („…“ in German), as the game's
    options give it (the name itself for an option without a label)."""
    from game.i18n import tr

    option = game.load(game_id).options.get(name)
    return tr("“{option}”").format(option=tr(option.label)) if option is not None and option.label else name


__all__ = ["CardNote", "CardText", "GameInfo", "RulesPage", "option_label", "words_of"]
