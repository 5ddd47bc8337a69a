"""The game so far as one seat knows it: the record's actions replayed from the start on a fresh state,
each action's events redacted for that seat (`Event.seen_by`).

This is what a table builds its log and its memory of the game from when the screen is handed to
another person in hot-seat, after an undo, and when a saved game is resumed: each person is told the
whole game as they know it, and nothing more (ALL-R2). The replay runs once; telling the game to
another seat costs only the redaction, and later actions are replayed on from where it stopped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.core import Event, Game, KartentischError, State
from game.logs import logger

log = logger(__name__)


@dataclass(frozen=True)
class Step:
    """One recorded action as a seat knows it: who acted, the action's text, and what it did as that
    seat may be shown it."""

    seat: int
    action: str
    events: tuple[Event, ...]


class Retelling:
    """Replays a match's actions on a fresh state of the same deal and keeps each action's events."""

    def __init__(self, game: Game, players: int, seed: int, options: Mapping[str, Any]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = dict(options)
        self._told: list[tuple[int, str]] = []  # the actions replayed so far
        self._events: list[tuple[Event, ...]] = []  # each one's events, as the engine made them
        self._state: State | None = None  # the state after them

    def steps(self, actions: Sequence[tuple[int, str]], seat: int | None) -> list[Step]:
        """`actions` (seat, action text), each with its events as `seat` may see them (None: a spectator).
        Should the deal not lead to them (a state set up by hand), only the actions it leads to."""
        self._catch_up(actions)
        return [
            Step(who, text, tuple(event.seen_by(seat) for event in events))
            for (who, text), events in zip(self._told, self._events, strict=True)
        ]

    def _catch_up(self, actions: Sequence[tuple[int, str]]) -> None:
        done = len(self._told)
        if self._state is None or len(actions) < done or list(actions[:done]) != self._told:
            # the first telling, or an undo took back actions already told: from the deal again
            self._state = self.game.new_state(self.players, self.seed, self.options)
            self._told, self._events, done = [], [], 0
        state = self._state
        for who, text in actions[done:]:
            try:
                events = state.apply(self.game.parse_action(state, text))
            except KartentischError as exc:  # a match whose state was set up by hand (a test, a tool)
                log.warning("the game cannot be told past action %d (%s): %s", len(self._told), text, exc)
                return
            self._events.append(tuple(events))
            self._told.append((who, text))


__all__ = ["Retelling", "Step"]
