"""Palace as a Game: its options and set-up, and the action constructors.

Actions (their text is what records hold; each kind has its constructor below):

    swap <hand card> <face-up card>   swap phase: exchange the two cards ("swap 4C AS")   `swap(h, u)`
    ready                             swap phase: done swapping                           `ready()`
    play <count>x<rank>               play that many cards of one rank ("play 2x7") from  `play(n, r)`
                                      the source the rules allow now (hand, else face-up
                                      cards); in the redraw phase, add that many of the
                                      cards just drawn
    flip <slot>                       turn the face-down card in slot 0..2 blind          `flip(slot)`
    pickup                            take the whole pile into the hand                   `pickup()`
    pass                              redraw phase: keep the drawn cards, end the turn    `pass_()`

`parse_play` reads a play's argument back ("2x7" -> (2, "7")). The state module is imported only where a
state is made, so that it may build its legal actions with these constructors.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.core import Action, BadSetup, Game, Option, Rng, act
from game.i18n import N_
from game.palace.cards import RANKS, SLOTS, SUITS
from game.palace.data import PalaceData, card_data, check_deals

if TYPE_CHECKING:
    from game.palace.state import PalaceState

MAX_PLAYERS = 5


# -- actions --------------------------------------------------------------------------------------------
def parse_play(arg: object) -> tuple[int, str] | None:
    """'2x7' -> (2, '7'); None for anything that is not a count and a rank."""
    if not isinstance(arg, str) or "x" not in arg:
        return None
    count, _, rank = arg.partition("x")
    if not count.isdigit() or rank not in RANKS or int(count) < 1:
        return None
    return int(count), rank


# Actions are immutable values: the few a game uses are made once (search builds legal lists often).
_PLAYS: dict[tuple[int, str], Action] = {
    (count, rank): act("play", f"{count}x{rank}") for rank in RANKS for count in range(1, len(SUITS) + 1)
}
_FLIPS: tuple[Action, ...] = tuple(act("flip", slot) for slot in range(SLOTS))
_SWAPS: dict[tuple[str, str], Action] = {}
_PICKUP, _PASS, _READY = act("pickup"), act("pass"), act("ready")


def play(count: int, rank: str) -> Action:
    """`play <count>x<rank>`: that many cards of one rank onto the pile ("play 2x7")."""
    action = _PLAYS.get((count, rank))
    return action if action is not None else act("play", f"{count}x{rank}")


def swap(hand_card: str, up_card: str) -> Action:
    """`swap <hand card> <face-up card>`: exchange a hand card with a face-up card ("swap 4C AS")."""
    action = _SWAPS.get((hand_card, up_card))
    if action is None:
        action = _SWAPS[hand_card, up_card] = act("swap", hand_card, up_card)
    return action


def flip(slot: int) -> Action:
    """`flip <slot>`: turn the face-down card in that slot (0..2) blind."""
    return _FLIPS[slot] if 0 <= slot < SLOTS else act("flip", slot)


def ready() -> Action:
    """`ready`: done swapping."""
    return _READY


def pickup() -> Action:
    """`pickup`: take the whole pile into the hand."""
    return _PICKUP


def pass_() -> Action:
    """`pass`: keep the cards just drawn and end the turn (the keyword `pass` is Python's)."""
    return _PASS


#: the words the setup screen shows for the options' text values (a value itself stays as it is)
VALUE_WORDS = (N_("Random"),)

OPTIONS: dict[str, Option] = {
    option.name: option
    for option in (
        Option("redraw", True, (True, False), N_("Redraw"),
               N_("Cards drawn of the rank just played may be added to the pile at once.")),
        Option("voluntary_pickup", False, (False, True), N_("Pick up by choice"),
               N_("A player may pick up the pile even when they could play.")),
        Option("seven_lower", False, (False, True), N_("Seven or lower"),
               N_("After a 7, the next play must be a 7 or lower (a 2 or a 10 still goes).")),
        Option("eight_skip", False, (False, True), N_("Eight skips"),
               N_("Every 8 played skips the next player.")),
        Option("three_invisible", False, (False, True), N_("Invisible three"),
               N_("A 3 goes on anything and takes the rank of the card below it.")),
        Option("hand_size", 3, (3, 4, 5), N_("Hand size"),
               N_("Hand cards dealt, and drawn back up to while the draw pile lasts.")),
        Option("dealer", "random", ("random", 0, 1, 2, 3, 4), N_("Dealer"),
               N_("Who deals: drawn at random, or a seat (a rematch passes the previous loser).")),
    )
}


class PalaceGame(Game):
    id = "palace"
    title = "Palace"
    description = N_("Shed your cards onto a rising pile; 2 resets, 10 burns, the last one holding cards "
                     "loses.")
    version = "2"  # 2: PA-R4 seed order for the first player, PA-R12 places, PA-R14 finishing step
    min_players = 2
    max_players = MAX_PLAYERS
    options = OPTIONS

    def check_setup(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        full = super().check_setup(players, options)
        dealer = full["dealer"]
        if dealer != "random" and dealer >= players:
            raise BadSetup(f"the dealer must be one of the {players} seats, 0 to {players - 1}, not {dealer}")
        problem = check_deals(self.data_for(full), players, full["hand_size"])
        if problem is not None:
            raise BadSetup(problem)
        return full

    def card_data(self, table: Mapping[str, Any] | None, text: str = "") -> PalaceData:
        """The deck's copies per rank, the ranks' powers and the burn run (game.palace.data)."""
        return card_data(table, text)

    def _new_state(self, players: int, rng: Rng, options: dict[str, Any]) -> PalaceState:
        from game.palace.state import PalaceState

        state = PalaceState(players, rng, options)
        dealer = options["dealer"]
        state.deal(rng.randbelow(players) if dealer == "random" else dealer)
        return state

    def state_from_dict(self, data: Mapping[str, Any]) -> PalaceState:
        from game.palace.serialize import state_from_dict

        return state_from_dict(self, data)
