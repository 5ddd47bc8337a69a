"""Palace (Shed): shed your cards onto a rising pile; 2 resets, 10 burns, the last with cards loses.

The rules are PA-R1..PA-R14 of RULINGS.md over the seed rules; `GAME` is what the registry loads.
"""

from __future__ import annotations

from game.palace.game import OPTIONS, PalaceGame
from game.palace.state import PalaceState

GAME = PalaceGame()

__all__ = ["GAME", "OPTIONS", "PalaceGame", "PalaceState"]
