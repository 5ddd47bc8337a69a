"""Palastgeflüster (Michael Rieneck, Adlung-Spiele 2007) for 3 to 5 players: rulings PG-R1..PG-R12.

`GAME` is what the registry loads. The modules, one job each: `game` (the Game and the action
constructors), `state` (the position and its moves), `rules` (rule functions without a state), `cards`
(the cards as data), `data` (the deck and the numbers a variant may change), `events` (the game's own
event kinds), `view` (the observation and the prompt), `knowledge` (what each seat knows of the other
hands), `determinize`, `explain` (why an action is refused), `bot` (the heuristic and the search plan),
`hints`, `serialize` (a checked state from data), `position` (hand-made positions) and `multiset`.
"""

from __future__ import annotations

from game.palastgefluester.game import GAME, VALUE_WORDS, Palastgefluester
from game.palastgefluester.state import PalastState

__all__ = ["GAME", "VALUE_WORDS", "PalastState", "Palastgefluester"]
