"""What a bot is given and what it returns.

A bot never sees a State: it gets a Decision (its seat, its Observation, its legal actions) and a
seeded Rng. Search bots may ask the Decision for sampled states, each drawn by `determinize` from
what the seat knows, never the true position.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core import Action, Rng, State


@dataclass(frozen=True)
class Decision:
    game_id: str
    seat: int
    observation: Mapping[str, Any]
    legal: list[Action]
    _sampler: Callable[[Rng], State] = field(repr=False, compare=False)
    #: The actions since this seat's previous decision, when the seat saw every one of them (the match
    #: gives them where nothing but the seat's own answer came between); None: not known. A search may
    #: go on with what it found then (`ISMCTSBot(reuse=True)`).
    since: tuple[Action, ...] | None = field(default=None, compare=False)

    def sample(self, rng: Rng) -> State:
        """A full state consistent with this seat's knowledge, hidden cards drawn with `rng`."""
        return self._sampler(rng)

    @classmethod
    def of(cls, state: State, seat: int, since: tuple[Action, ...] | None = None) -> Decision:
        """The decision `seat` faces in `state` (the sampler closes over `state` but only determinizes)."""
        return cls(state.game_id, seat, state.observation(seat), state.legal_actions(),
                   lambda rng: state.determinize(seat, rng), since)


@dataclass(frozen=True)
class Figure:
    """What a search found for one move: the simulated games it was played in and its summed result
    there (each game's result from 0 to 1, a win's share by default: see `SearchPlan.result`)."""

    action: Action
    games: int
    result: float


class Bot:
    """A bot: `choose` picks one of the legal actions. `think` is the anytime form that the match
    controller steps a little per frame; a bot that answers at once needs only `choose`."""

    name: str = "bot"

    def choose(self, decision: Decision, rng: Rng) -> Action:
        raise NotImplementedError

    def think(self, decision: Decision, rng: Rng) -> Iterator[Action | None]:
        """Yield None while still working, then the chosen Action."""
        yield self.choose(decision, rng)

    def ranked(self, decision: Decision, rng: Rng) -> list[tuple[float, Action]]:
        """The legal actions with this bot's value of each, best first: only for bots that value their
        moves (a heuristic whose best moves a search compares, `improve.py`)."""
        raise NotImplementedError(f"the {self.name} bot does not value its moves")


class AnytimeBot(Bot):
    """A bot that does its work in `think`, in steps; `choose` runs those steps to the end."""

    def choose(self, decision: Decision, rng: Rng) -> Action:
        for action in self.think(decision, rng):
            if action is not None:
                return action
        raise RuntimeError(f"the {self.name} bot ended its thinking without an action")

    def think(self, decision: Decision, rng: Rng) -> Iterator[Action | None]:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, decision: Decision, rng: Rng) -> Action:
        return rng.choice(decision.legal)


class ErringBot(Bot):
    """Another bot that, with probability `mistake`, plays a random legal action instead: the easy level."""

    def __init__(self, inner: Bot, mistake: float) -> None:
        self.inner = inner
        self.mistake = mistake
        self.name = f"{inner.name}~{mistake:g}"

    def choose(self, decision: Decision, rng: Rng) -> Action:
        if len(decision.legal) > 1 and rng.random() < self.mistake:
            return rng.choice(decision.legal)
        return self.inner.choose(decision, rng)
