"""What the menus say about each game: its name and player range while its rules are not built yet, and a
concise rules summary for the pause menu (from the short rules and docs/rulings.md), from each game's
words module (cards/words/<game id>.py).

The summaries use the few tags pygame-gui's text box knows (<b>, <i>, <br>).
"""

from __future__ import annotations

from cards.words import GameInfo, words_of
from game import GAME_IDS
from game.i18n import tr

#: Shown for a game whose rules are not built yet; a built game's own title and description win.
GAME_INFO: dict[str, GameInfo] = {game_id: words.INFO for game_id in GAME_IDS if (words := words_of(game_id))}


def summary(game_id: str) -> str:
    """The rules summary of a game (a short note for a game without one)."""
    words = words_of(game_id)
    text = tr(words.SUMMARY) if words is not None else tr("There is no rules summary for this game yet.")
    return text.replace("\n", "")  # the source lines are for reading here; <br> breaks the lines on screen


def title(game_id: str) -> str:
    """The game's name as the menus show it, without loading its rules."""
    info = GAME_INFO.get(game_id)
    return info.title if info is not None else game_id
