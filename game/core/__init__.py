"""The engine contract shared by every game: see docs/design.md, 'The engine contract'.

Its names load with the first that is used (`from game.core import Action` imports game.core.actions and
no more): the title screen reads its settings through game.core.datafile without loading the whole
contract, which the first game then brings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.lazy import lazy_names

#: name -> the module of game.core that defines it
_HOME: dict[str, str] = {
    **dict.fromkeys(("Action", "act"), "actions"),
    **dict.fromkeys(("BadSetup", "IllegalAction", "KartentischError", "RecordError", "UnknownGame",
                     "error_text"), "errors"),
    **dict.fromkeys(("CardMoved", "CardsRevealed", "Event", "GameEnded", "Note", "RoundEnded", "ScoreChanged",
                     "Shuffled", "TurnChanged"), "events"),
    **dict.fromkeys(("Observation", "observation_data"), "observation"),
    **dict.fromkeys(("Rng", "bot_rng", "fresh_seed"), "rng"),
    **dict.fromkeys(("Game", "Option", "State"), "state"),
}


__getattr__ = lazy_names(__name__, _HOME)


if TYPE_CHECKING:
    from game.core.actions import Action, act
    from game.core.errors import (
        BadSetup,
        IllegalAction,
        KartentischError,
        RecordError,
        UnknownGame,
        error_text,
    )
    from game.core.events import (
        CardMoved,
        CardsRevealed,
        Event,
        GameEnded,
        Note,
        RoundEnded,
        ScoreChanged,
        Shuffled,
        TurnChanged,
    )
    from game.core.observation import Observation, observation_data
    from game.core.rng import Rng, bot_rng, fresh_seed
    from game.core.state import Game, Option, State

__all__ = [
    "Action",
    "BadSetup",
    "CardMoved",
    "CardsRevealed",
    "Event",
    "Game",
    "GameEnded",
    "IllegalAction",
    "KartentischError",
    "Note",
    "Observation",
    "Option",
    "RecordError",
    "Rng",
    "RoundEnded",
    "ScoreChanged",
    "Shuffled",
    "State",
    "TurnChanged",
    "UnknownGame",
    "act",
    "bot_rng",
    "error_text",
    "fresh_seed",
    "observation_data",
]
