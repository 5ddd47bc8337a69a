"""The 3 Chapters registry entry: the Game (id, title, players, options, set-up, positions from data) and
the action constructors, one per kind of action.

The actions (their text is the notation of records and logs):

- ``pick <value>``: keep a card of the packet one holds (chapter I);
- ``ghost <value>``: with 2 players, the card for one's own ghost pile, after the round's pick;
- ``play <value>``: a card from the hand to the trick (chapter II).

Whoever builds an action (the view, the guide, a test) builds it here, never by writing its text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.core import Action, Game, Rng, act
from game.i18n import N_
from game.three_chapters.cards import NUM_CARDS
from game.three_chapters.data import ThreeChaptersData, read_data

if TYPE_CHECKING:
    from game.three_chapters.state import ThreeChaptersState

#: the kinds of action, as `Action.kind` names them
PICK, GHOST, PLAY = "pick", "ghost", "play"
KINDS: tuple[str, ...] = (PICK, GHOST, PLAY)


def pick(card: int) -> Action:
    """Keep `card` (its value) from the packet one holds."""
    return act(PICK, card)


def ghost(card: int) -> Action:
    """Give `card` (its value) from the packet to one's own ghost pile (2 players)."""
    return act(GHOST, card)


def play(card: int) -> Action:
    """Play `card` (its value) from the hand to the trick."""
    return act(PLAY, card)


#: the constructor of each kind
CONSTRUCTORS = {PICK: pick, GHOST: ghost, PLAY: play}


class ThreeChaptersGame(Game):
    id = "three_chapters"
    title = "3 Chapters"
    description = N_("Draft fairy-tale cards, play them to tricks, then score them all.")
    version = "1"
    min_players = 2
    max_players = 6
    options = {}

    def card_data(self, table: Mapping[str, Any] | None, text: str = "") -> ThreeChaptersData:
        """The cards and numbers a variant's table sets (data.py); None or {}: the shipped ones."""
        return read_data(table, text)

    def _new_state(self, players: int, rng: Rng, options: dict[str, Any]) -> ThreeChaptersState:
        from game.three_chapters.state import ThreeChaptersState

        state = ThreeChaptersState(players, rng, options)
        state.deck = list(range(1, NUM_CARDS + 1))
        rng.shuffle(state.deck)
        state._deal_packets()
        return state

    def state_from_dict(self, data: Mapping[str, Any]) -> ThreeChaptersState:
        from game.three_chapters.serialize import state_from_dict

        return state_from_dict(self, data)


__all__ = ["CONSTRUCTORS", "GHOST", "KINDS", "PICK", "PLAY", "ThreeChaptersGame", "ghost", "pick", "play"]
