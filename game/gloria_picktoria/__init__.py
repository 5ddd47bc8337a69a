"""Gloria Picktoria (Alan R. Moon & Mick Ado, Zoch 2007) for 2 to 5 players: rules GP-R1..GP-R13.

`GAME` is what the registry loads; the rules live in state.py, the cards in cards.py, the scorings in
scoring.py and the rule-of-thumb player in bot.py.
"""

from __future__ import annotations

from game.gloria_picktoria.game import GloriaPicktoria
from game.gloria_picktoria.state import GloriaState

GAME = GloriaPicktoria()

__all__ = ["GAME", "GloriaPicktoria", "GloriaState"]
