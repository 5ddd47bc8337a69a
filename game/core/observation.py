"""What every observation holds, whatever the game: the keys the table framework, the bots and the
tools read without knowing the game. Each game's view declares its own keys on top (a TypedDict that
extends `Observation`), so a key read by the view is a key the engine declares.

An observation is JSON data but for the messages it holds (`prompt`, `result` and a game's own texts):
`observation_data` writes those as their JSON form, the one a record and a test compare.
"""

from __future__ import annotations

from typing import Any, TypedDict

from game.i18n import Message, Text


class Observation(TypedDict):
    """The common keys of every game's observation (`seat` None: a spectator)."""

    game: str
    seat: int | None
    players: int
    current_player: int | None
    phase: str
    prompt: Text
    scores: list[float]
    terminal: bool
    winners: list[int]
    result: Text


def observation_data(value: Any) -> Any:
    """`value` (an observation, or any part of one) as plain JSON data: every message as its dict."""
    if isinstance(value, Message):
        return value.to_dict()
    if isinstance(value, dict):
        return {key: observation_data(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [observation_data(item) for item in value]
    return value


__all__ = ["Observation", "observation_data"]
