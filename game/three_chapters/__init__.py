"""3 Chapters (Joe Hout, Amigo 2024): draft in chapter I, tricks in chapter II, scoring in chapter III.

The cards are our own design, kept as data in cards.toml (see cards.py for the ability forms). The modules:
`game` (the Game and the action constructors), `state` (a position and its moves), `cards` (the cards as
data, and their words), `data` (the cards and numbers a game is played with: a variant's or the shipped),
`view` (the observation), `explain` (why an action is refused), `events` (the event kinds), `determinize`,
`serialize` (a checked state from data), `bot`, `hints`; and the rule parts `abilities` (what a card's
abilities pay) and `draft` (chapter I's shape and log).
"""

from __future__ import annotations

from game.three_chapters.game import ThreeChaptersGame
from game.three_chapters.state import ThreeChaptersState

GAME = ThreeChaptersGame()

__all__ = ["GAME", "ThreeChaptersGame", "ThreeChaptersState"]
