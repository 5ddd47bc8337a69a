"""Kartentisch's headless engine: four card games behind one contract (game.core).

`game.load(game_id)` gives a Game; `game.registry` lists the games and where each part of one lives. This
package never imports pygame or the scenes.

The registry loads with the first of its names that is used: the title screen, which needs only the
version and the words, starts without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.lazy import lazy_names
from game.version import __version__

_REGISTRY_NAMES = frozenset({"ENTRIES", "GAME_IDS", "REGISTRY", "GameEntry", "Moment", "available", "load",
                             "register"})


__getattr__ = lazy_names(__name__, dict.fromkeys(_REGISTRY_NAMES, "registry"))


if TYPE_CHECKING:
    from game.registry import ENTRIES, GAME_IDS, REGISTRY, GameEntry, Moment, available, load, register

__all__ = ["ENTRIES", "GAME_IDS", "REGISTRY", "GameEntry", "Moment", "__version__", "available", "load",
           "register"]
