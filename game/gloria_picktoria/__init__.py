"""Gloria Picktoria (Alan R. Moon & Mick Ado, Zoch 2007) for 2 to 5 players: rules GP-R1..GP-R13.

`GAME` is what the registry loads. The modules, one job each: game.py (the Game and the action
constructors), state.py (the position and its moves), cards.py (the cards as data), view.py (the
observation and the prompt), determinize.py, explain.py (why an action is refused), bot.py (the
rule-of-thumb player and the search plan), hints.py, serialize.py (checked positions from data); and the
game's own parts: collection.py (one collection), scoring.py (the scorings) and events.py (its event
kinds).
"""

from __future__ import annotations

from game.gloria_picktoria.game import GloriaPicktoria
from game.gloria_picktoria.state import GloriaState

GAME = GloriaPicktoria()

__all__ = ["GAME", "GloriaPicktoria", "GloriaState"]
