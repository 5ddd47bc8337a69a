"""Palastgeflüster as a Game: identity, options, set-up, positions from data, and the action constructors.

Every action of the game is built by one small function here, named after its kind: `play(card)`,
`target(seat)`, `count(number)`, `give(card)`, `discard(card)`, `pick(seat, person)`, `swap(seat, person)`,
`take(person)` and `next_player(seat)` (the kind "next"). `str()` of what they return is the action's text,
the one `parse_action` reads back; the tables build every action with them and never write the notation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import Action, Game, Option, Rng
from game.i18n import N_
from game.palastgefluester.data import PalastData, read_data
from game.palastgefluester.serialize import read_setup, state_from_dict
from game.palastgefluester.state import GAME_ID, PalastState, act

#: the words the setup screen shows for the options' text values (a value itself stays as it is)
VALUE_WORDS = (N_("Base"), N_("Noted"))


class Palastgefluester(Game):
    id = GAME_ID
    title = "Palastgeflüster"
    description = N_("Lay six different persons at court before anyone lays one twice.")
    version = "1"
    min_players = 3
    max_players = 5
    options = {
        "scoring": Option(
            "scoring",
            "base",
            ("base", "noted"),
            label=N_("Scoring"),
            help=N_("Base: when several players reach the winning points at once, more cards in the display "
                    "wins. Noted: after every round each display's card count is noted (whoever caused a "
                    "Palastgeflüster notes 0), and such a tie goes to the higher noted total."),
        ),
    }

    def card_data(self, table: Mapping[str, Any] | None, text: str = "") -> PalastData:
        """The deck and the numbers a variant's table sets (data.py); None or {}: the shipped ones."""
        return read_data(table, text)

    def _new_state(self, players: int, rng: Rng, options: dict[str, Any]) -> PalastState:
        return PalastState.fresh(players, rng, options)

    def state_from_dict(self, data: Mapping[str, Any]) -> PalastState:
        players, options = read_setup(data)
        return state_from_dict(data, players, self.check_setup(players, options))


GAME = Palastgefluester()


# -- the action constructors -----------------------------------------------------------------------
def play(card: str) -> Action:
    """Lay a hand card at the end of the own display: `play Zofe/red`."""
    return act("play", card)


def target(seat: int) -> Action:
    """Zauberer: the player to swap cards with: `target 1`."""
    return act("target", seat)


def count(number: int) -> Action:
    """Zauberer: how many cards each side gives: `count 2`."""
    return act("count", number)


def give(card: str) -> Action:
    """Zauberer: one card to give in the swap (the initiator's or the answer): `give Hofnarr/brown`."""
    return act("give", card)


def discard(card: str) -> Action:
    """Zofe: the hand card to discard face down: `discard Zofe/red`."""
    return act("discard", card)


def pick(seat: int, person: str) -> Action:
    """Mundschenk: the first card of the swap, by its display and person: `pick 1 Zofe`."""
    return act("pick", seat, person)


def swap(seat: int, person: str) -> Action:
    """Mundschenk: the second card of the swap, in another display: `swap 2 Hofnarr`."""
    return act("swap", seat, person)


def take(person: str) -> Action:
    """Wächter: the person of the own display to take back into the hand: `take Zofe`."""
    return act("take", person)


def next_player(seat: int) -> Action:
    """After a brown card and a tie for the fewest display cards: who plays next (`next 0`)."""
    return act("next", seat)


__all__ = ["GAME", "VALUE_WORDS", "Palastgefluester", "count", "discard", "give", "next_player", "pick",
           "play", "swap", "take", "target"]
