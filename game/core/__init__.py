"""The engine contract shared by every game: see docs/design.md, 'The engine contract'."""

from game.core.actions import Action, act
from game.core.errors import BadSetup, IllegalAction, KartentischError, RecordError, UnknownGame, error_text
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
    "observation_data",
    "bot_rng",
    "error_text",
    "fresh_seed",
]
