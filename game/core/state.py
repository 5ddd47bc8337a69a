"""The engine contract: Game (rules and set-up) and State (one position and its moves).

A game package subclasses both. The base classes own what is the same for every game: option and
player-count checks, action validation with a person-readable refusal, the cached legal-action list,
parsing, and the stable hash.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.actions import Action
from game.core.datafile import brief
from game.core.errors import BadSetup, IllegalAction
from game.core.events import Event
from game.core.observation import Observation
from game.core.rng import Rng
from game.core.variant import data_for, state_data, variant_from_option
from game.i18n import Text, message

#: the option every game takes: a variant of its card data (game.core.variant)
VARIANT = "variant"


@dataclass(frozen=True)
class Option:
    """A named game option: its default, the allowed values, and words for the setup screen."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    label: str = ""
    help: str = ""

    def check(self, value: Any) -> Any:
        """`value` if it is one of the choices, of the same type too: 3.0 is no hand size, true no
        seat (Python finds 3.0 == 3 and True == 1, but a game would then deal a float or a bool)."""
        if not any(type(value) is type(choice) and value == choice for choice in self.choices):
            allowed = ", ".join(str(c) for c in self.choices)
            raise BadSetup(f"option {self.name!r} cannot be {brief(value)}; allowed: {allowed}")
        return value


class State(ABC):
    """One position of one game. Mutable: `apply` changes it in place and returns the events."""

    game_id: ClassVar[str] = ""

    num_players: int
    rng: Rng
    options: dict[str, Any]
    #: the game's card data (Game.card_data): the shipped data, or a variant's (the option `variant`);
    #: one frozen object, shared by every clone. None for a game with no card data.
    data: Any

    def __init__(self, num_players: int, rng: Rng, options: Mapping[str, Any]) -> None:
        self.num_players = num_players
        self.rng = rng
        self.options = dict(options)
        self.data = state_data(self.game_id, self.options)
        self._legal: list[Action] | None = None

    # -- what a game implements ------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that must decide now; None when the game is over."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Every action allowed now (computed; the base class caches it)."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Carry out a legal action and return what happened."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[float]:
        """A number per seat (points so far; final once terminal)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats once terminal (several on a shared win); [] before."""

    @abstractmethod
    def result_text(self) -> Text:
        """Why the game ended and who won, as a message (game.i18n); '' before the end."""

    @abstractmethod
    def observation(self, seat: int | None) -> Observation:
        """What `seat` may know (the common keys and the game's own), JSON data but for its messages;
        seat None is a spectator."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (cheap: used by search)."""

    @abstractmethod
    def determinize(self, seat: int, rng: Rng) -> State:
        """A full state consistent with everything `seat` knows, hidden cards drawn with `rng`."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON data (RNG included): what the hash covers and positions are built from."""

    def automatic_action(self) -> Action | None:
        """The only choice of a step a game asks in every case so that nobody learns whether there was a
        real choice (Palace's finishing step after a draw with no card to add): the match controller
        takes it for a person at once. None (the default): the current player really decides."""
        return None

    def explain_illegal(self, action: Action) -> Text:
        """Why `action` is not allowed now, as a message; games override this with more specific ones."""
        if self.is_terminal():
            return message("the game is over")
        return message("'{action}' is not allowed now", action=str(action))

    # -- the shared part of the contract ---------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = [] if self.is_terminal() else self._legal_actions()
        return list(self._legal)

    def is_legal(self, action: Action) -> bool:
        if self._legal is None:
            self.legal_actions()
        assert self._legal is not None
        return action in self._legal

    def apply(self, action: Action | str) -> list[Event]:
        """Carry out `action` (an Action or its text). Illegal: IllegalAction, and nothing changes."""
        if isinstance(action, str):
            action = Action.parse(action)
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r}")
        if not self.is_legal(action):
            raise IllegalAction(self.explain_illegal(action))
        self._legal = None
        return self._apply(action)

    def state_hash(self) -> str:
        """A hex digest of the whole state, the same in every process and on every machine."""
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return hashlib.sha256(text.encode("ascii")).hexdigest()

    def _copy_base_into(self, other: State) -> None:
        """For clone(): copy the fields the base class owns."""
        other.num_players = self.num_players
        other.rng = self.rng.clone()
        other.options = self.options  # never mutated after set-up
        other.data = self.data  # frozen
        other._legal = self._legal  # a list replaced, never mutated in place


class Game(ABC):
    """A game's rules as a whole: its identity, set-up and options."""

    id: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str]  # one line for the game choice screen
    version: ClassVar[str] = "1"  # bump when rules change so old records are recognised
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[dict[str, Option]] = {}

    def card_data(self, table: Mapping[str, Any] | None, text: str = "") -> Any:
        """The game's card data (a frozen object) with a variant's overrides: `table` is the variant
        file's table without its own keys (game, name), `text` the file's text for finding lines. None
        or an empty table: the shipped data. A fault raises game.core.datafile.DataFileError naming its
        line. A game with no card data returns None."""
        return None

    def shipped_data(self) -> Any:
        """`card_data(None)`, made once: the data every game without a variant shares."""
        if "_shipped" not in self.__dict__:
            self.__dict__["_shipped"] = self.card_data(None)
        return self.__dict__["_shipped"]

    def data_for(self, options: Mapping[str, Any]) -> Any:
        """The card data a game with these (checked) options is played with."""
        return data_for(self, options)

    def check_setup(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Validate a player count and options; return the full option dict with defaults filled in.
        The option `variant` (game.core.variant), which every game takes, is kept only where given."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadSetup(f"the number of players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise BadSetup(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}"
            )
        given = dict(options or {})
        variant = given.pop(VARIANT, None)
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            known = ", ".join(self.options) or "none"
            raise BadSetup(f"{self.title} has no option {brief(unknown[0])} (options: {known})")
        full = {name: opt.check(given.get(name, opt.default)) for name, opt in self.options.items()}
        if variant is not None:
            full[VARIANT] = variant_from_option(variant, self).option()
        return full

    def new_state(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        full = self.check_setup(players, options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadSetup(f"the seed must be a whole number, not {seed!r}")
        return self._new_state(players, Rng(seed), full)

    @abstractmethod
    def _new_state(self, players: int, rng: Rng, options: dict[str, Any]) -> State: ...

    @abstractmethod
    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Build a state from `State.to_dict()` data (validated): how tests set up positions."""

    def parse_action(self, state: State, text: str) -> Action:
        """Read an action's text; it must be legal in `state` (IllegalAction says why not)."""
        action = Action.parse(text)
        if not state.is_legal(action):
            raise IllegalAction(state.explain_illegal(action))
        return action

    def __repr__(self) -> str:
        return f"<Game {self.id}>"
