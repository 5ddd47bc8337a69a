"""Gloria Picktoria as a Game: set-up (GP-R2), checked positions from data, and the action constructors.

Actions (one small decision each; their text is what records hold; `<c>` is a collection's index among its
owner's collections, in the order they were laid, starting at 0; each kind has its constructor below):

    treasure <card>        A, 1 AP: lay a hand card (or `treasure doubler`) face    `treasure(card)`
                           down as a new collection
    open <card> <c>        B, 1 AP: lay a hand card face up on own collection <c>   `open_(card, c)`
    doubler <c>            B, 1 AP: lay the doubler on own collection <c> (closes   `doubler(c)`
                           it, doubles its score)
    take <slot>            C, 1 AP: take open card 0, 1 or 2 from the display       `take(slot)`
    draw                   C, 2 AP: take the top card of the draw pile              `draw()`
    fox <seat> <c>         D, once a turn: move the fox from an own collection to   `fox(seat, c)`
                           collection <c> of <seat> (own seat: 1 AP; the left
                           neighbour, the next seat: 2 AP)
    pass_fox <c>           after the turn (free): put the fox on the left           `pass_fox(c)`
                           neighbour's collection <c>
    keep_fox               after the turn: leave the fox where it is                `keep_fox()`

The state module is imported only where a state is made, so that it may build its legal actions with
these constructors.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.core import Action, Game, Rng
from game.gloria_picktoria.cards import DH
from game.gloria_picktoria.data import GloriaData, card_data
from game.i18n import N_

if TYPE_CHECKING:
    from game.gloria_picktoria.state import GloriaState

# -- actions --------------------------------------------------------------------------------------------
_ACTIONS: dict[tuple[str, tuple[str | int, ...]], Action] = {}


def _action(kind: str, *args: str | int) -> Action:
    """The Action for kind and args, made once: legal-action lists are rebuilt after every move."""
    key = (kind, args)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(kind, args)
    return found


def treasure(card: str) -> Action:
    """`treasure <card>`: lay a hand card, or the doubler (`treasure doubler`), face down as a new
    collection."""
    return _action("treasure", card)


def open_(card: str, index: int) -> Action:
    """`open <card> <c>`: lay a hand card face up on the own collection `index` (`open` is Python's)."""
    return _action("open", card, index)


def doubler(index: int) -> Action:
    """`doubler <c>`: lay the doubler on the own collection `index`."""
    return _action("doubler", index)


def take(slot: int) -> Action:
    """`take <slot>`: take the open card in that slot (0..2) of the display."""
    return _action("take", slot)


def draw() -> Action:
    """`draw`: take the top card of the draw pile (2 AP)."""
    return _action("draw")


def fox(seat: int, index: int) -> Action:
    """`fox <seat> <c>`: move the fox to collection `index` of `seat` (an own one, or the left
    neighbour's)."""
    return _action("fox", seat, index)


def pass_fox(index: int) -> Action:
    """`pass_fox <c>`: after the turn, put the fox on the left neighbour's collection `index`."""
    return _action("pass_fox", index)


def keep_fox() -> Action:
    """`keep_fox`: after the turn, leave the fox where it is."""
    return _action("keep_fox")


# -- the game -------------------------------------------------------------------------------------------
class GloriaPicktoria(Game):
    id = "gloria_picktoria"
    title = "Gloria Picktoria"
    description = N_("Collect chicken treasures in long rows, dodge the fox, score when the Genghis "
                     "Rooster crows.")
    version = "1"
    min_players = 2
    max_players = 5
    options = {}

    def _new_state(self, players: int, rng: Rng, options: dict[str, Any]) -> GloriaState:
        from game.gloria_picktoria.state import GloriaState

        state = GloriaState(players, rng, options)
        data = state.data
        deck = data.collection_cards()
        rng.shuffle(deck)
        state.display = deck[:data.display_size]
        del deck[:data.display_size]
        for seat in range(players):
            state.hands[seat] = deck[:data.hand_size]
            del deck[:data.hand_size]
        deck.extend([DH] * data.dh_cards)
        rng.shuffle(deck)
        state.pile = deck
        state.turn = rng.randbelow(players)
        return state

    def card_data(self, table: Mapping[str, Any] | None, text: str = "") -> GloriaData:
        """The deck, the sizes and the scoring's numbers (game.gloria_picktoria.data)."""
        return card_data(table, text)

    def state_from_dict(self, data: Mapping[str, Any]) -> GloriaState:
        from game.gloria_picktoria.serialize import state_from_dict

        return state_from_dict(self, data)


__all__ = ["GloriaPicktoria", "doubler", "draw", "fox", "keep_fox", "open_", "pass_fox", "take", "treasure"]
