"""Kartentisch's headless engine: four card games behind one contract (game.core).

`game.load(game_id)` gives a Game. This package never imports pygame or the scenes.
"""

from __future__ import annotations

import importlib

from game.core import Game, UnknownGame
from game.version import __version__

#: Every game the table knows, in menu order.
GAME_IDS: tuple[str, ...] = ("palastgefluester", "palace", "gloria_picktoria", "three_chapters")

_loaded: dict[str, Game] = {}


def load(game_id: str) -> Game:
    """The Game for `game_id`; UnknownGame (with the known ids) for anything else."""
    if game_id in _loaded:
        return _loaded[game_id]
    if game_id not in GAME_IDS or not game_id.isidentifier():
        raise UnknownGame(f"there is no game {game_id!r}; the games are: {', '.join(GAME_IDS)}")
    try:
        module = importlib.import_module(f"game.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"game.{game_id}":
            raise
        raise UnknownGame(f"the game {game_id!r} is not built yet") from None
    game = getattr(module, "GAME", None)
    if game is None:
        raise UnknownGame(f"the game {game_id!r} is not built yet")
    _loaded[game_id] = game
    return game


def register(game: Game) -> None:
    """Make a Game loadable by its id (the built-in games register themselves on first load)."""
    _loaded[game.id] = game


def available() -> list[str]:
    """The game ids whose rules are built, in menu order."""
    found = []
    for game_id in GAME_IDS:
        try:
            load(game_id)
        except UnknownGame:
            continue
        found.append(game_id)
    return found


__all__ = ["GAME_IDS", "__version__", "available", "load", "register"]
