"""Why a 3 Chapters action is refused, in words (`State.explain_illegal`): the reasons are messages
(game.i18n) the view puts into words in the chosen language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Action
from game.i18n import Seat, Text, message, plural_message
from game.three_chapters.cards import NUM_CARDS, card_param
from game.three_chapters.game import GHOST, KINDS, PICK, PLAY

if TYPE_CHECKING:
    from game.three_chapters.state import ThreeChaptersState


def explain_illegal(state: ThreeChaptersState, action: Action) -> Text:
    if state.is_terminal():
        return message("the game is over")
    seat = state.current_player
    assert seat is not None
    if action.kind not in KINDS:
        return message("'{action}' is no 3 Chapters move: the moves are 'pick <value>', 'ghost <value>' "
                       "and 'play <value>'", action=str(action))
    if len(action.args) != 1 or not isinstance(action.args[0], int):
        return message("write one card value after '{kind}', e.g. '{kind} 17'", kind=action.kind)
    value = action.args[0]
    if not 1 <= value <= NUM_CARDS:
        return message("there is no card {value}: the cards are 1 to {last}", value=value, last=NUM_CARDS)
    card = card_param(value)
    who = Seat(seat)
    if state.phase == "draft":
        if action.kind == PLAY:
            return message("it is Chapter I, the draft: choose a card with 'pick <value>'")
        if state.shape.ghosts and state.picked_now[seat] == 0 and action.kind == GHOST:
            return message("{seat} first keeps a card with 'pick <value>', then chooses one for the ghost "
                           "pile", seat=who)
        if state.shape.ghosts and state.picked_now[seat] == 1 and action.kind == PICK:
            return message("{seat} has kept a card this round: now 'ghost <value>' for the ghost pile",
                           seat=who)
        if action.kind == GHOST and not state.shape.ghosts:
            return message("only the 2-player game has ghost piles")
        return plural_message("{card:nom} ({value}) is not in the packet {seat} holds ({n} card left)",
                              "{card:nom} ({value}) is not in the packet {seat} holds ({n} cards left)",
                              n=len(state.packets[seat]), card=card, value=value, seat=who)
    if action.kind != PLAY:
        return message("it is Chapter II: play a card from your hand with 'play <value>'")
    return message("{seat} has no {card} ({value}) in hand", seat=who, card=card, value=value)
