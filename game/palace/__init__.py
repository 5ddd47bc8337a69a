"""Palace (Shed): shed your cards onto a rising pile; 2 resets, 10 burns, the last with cards loses.

The rules are PA-R1..PA-R14 of RULINGS.md over the seed rules; `GAME` is what the registry loads.

The modules, as in every game: `game` (the Game and the action constructors), `state` (a position and its
moves), `cards` (the deck as data, and its words), `view` (the observation and the prompt), `determinize`,
`explain` (why an action is refused), `bot` (the heuristic and the search plan), `hints`, `serialize` (a
checked state from data); and Palace's own: `rules` (what may go on the pile, when it burns) and `events`
(the kinds of events the table tells apart).
"""

from __future__ import annotations

from game.palace.game import OPTIONS, PalaceGame
from game.palace.state import PalaceState

GAME = PalaceGame()

__all__ = ["GAME", "OPTIONS", "PalaceGame", "PalaceState"]
