"""The default art pack's drawings, one module (or package) per game: tools/artgen/<game id>.py.

A game module offers `art() -> GameArt`: the images it draws (file name -> drawing function) and its
`[games.<id>]` table for pack.toml. tools/draw_default_pack.py runs every game module it finds here;
adding a game's faces means adding its module, nothing else. paint.py (supersampled canvas, text) and
felt.py (table backgrounds) are shared.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game import GAME_IDS

#: game id -> module that draws its art, for every game that has one, in menu order
GAME_MODULES: dict[str, str] = {
    game_id: module
    for game_id in GAME_IDS
    if importlib.util.find_spec(module := f"{__name__}.{game_id}") is not None
}


@dataclass
class GameArt:
    game_id: str
    #: file name relative to the pack -> function that draws it
    images: dict[str, Callable[[], pygame.Surface]]
    #: the manifest's [games.<id>] table: back, king_back, table, cards, text
    section: dict[str, Any] = field(default_factory=dict)


def game_art(game_id: str) -> GameArt:
    if game_id not in GAME_MODULES:
        known = ", ".join(GAME_MODULES)
        raise KeyError(f"no default art is drawn for {game_id!r}; drawn games: {known}")
    return importlib.import_module(GAME_MODULES[game_id]).art()
