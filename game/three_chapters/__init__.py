"""3 Chapters (Joe Hout, Amigo 2024): draft in chapter I, tricks in chapter II, scoring in chapter III.

The cards are our own design, kept as data in cards.toml (see cards.py for the ability forms).
"""

from __future__ import annotations

from game.three_chapters.state import ThreeChaptersGame, ThreeChaptersState

GAME = ThreeChaptersGame()

__all__ = ["GAME", "ThreeChaptersGame", "ThreeChaptersState"]
