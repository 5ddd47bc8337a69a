"""The card tables: `open_table(app, match)` gives the table scene for the match's game."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from game import REGISTRY
from game.core import UnknownGame
from game.i18n import Text, words
from scenes.table.kit.scene import TableScene

if TYPE_CHECKING:
    from game.match import Match
    from scenes.scene import Host

#: game id -> "module:class" of its table scene (the registry's `table`)
TABLES: dict[str, str] = {entry.id: entry.table for entry in REGISTRY}


def table_class(game_id: str) -> type[TableScene]:
    where = TABLES.get(game_id)
    if where is None:
        raise UnknownGame(
            f"there is no table for the game {game_id!r} yet; tables exist for: " + ", ".join(TABLES)
        )
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)


def open_table(app: Host, match: Match, **kwargs) -> TableScene:
    """The table scene for `match.game.id` (keyword arguments go to the scene: seat, follow, to_results)."""
    return table_class(match.game.id)(app, match, **kwargs)


def name_text(match: Match, text: Text) -> str:
    """What the engine said (a message, or a plain text) in words in the chosen language, with the seats
    named as the players are (a table may name seats its own way)."""
    said = words(text, [seat.name for seat in match.seats])
    try:
        cls = table_class(match.game.id)
    except UnknownGame:
        return said
    rename = getattr(cls, "name_text", None)
    return rename(match, said) if rename is not None else said


__all__ = ["TABLES", "TableScene", "name_text", "open_table", "table_class"]
