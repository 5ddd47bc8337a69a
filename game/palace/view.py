"""What a seat may see of a Palace position: the observation (`PalaceObservation`) and its one-line prompt.

Observation schema (JSON data but for its messages; `seat` None is a spectator):

    game, seat, players, current_player, phase, prompt, scores, terminal, winners, result   (common keys)
                   scores are places: 1 = out first ... N = the loser, 0 while still playing (PA-R12)
    options        the game options
    data           the card data played with, shipped or a variant's (PalaceData.to_dict(): the deck's
                   copies per rank, the ranks' powers, the burn run); a bot gets the object itself from
                   the options (game.palace.data.observed)
    dealer, turn   seats; `turn` is the player whose turn it is (also while the game is over: the last one)
    hand           the seat's own hand, sorted ([] for a spectator)
    fresh          the seat's own cards it may add in its finishing step ([] otherwise, also when none of
                   the cards it drew has the rank just played)
    seats          per seat: {"hand": count, "known": hand cards everyone saw go there (picked up or swapped
                   in), "up": face-up card or None per slot, "down": True per slot still holding a face-down
                   card, "source": "hand" / "up" / "down" (None once out), "place": 1-based finishing
                   place or None, "ready": done swapping}
    draw           cards left in the draw pile
    pile           the pick-up pile, bottom first (everyone saw every card of it)
    burned         the cards removed from the game, in the order they left
    top            the rank the next play must meet, None when anything goes
    needs          that rule as a message ("a King or higher (or a 2 or a 10)")
    redraw         None, or {"rank", "drawn"} while the turn player finishes a turn in which they drew
                   cards: the rank just played and how many cards were drawn, both public. Every draw
                   (redraw option on) brings this step, so it says nothing of a redraw chance (PA-R14)
    out            the finishing order so far; loser: the seat left with cards, once the game is over

Face-down cards are never shown, not even to their owner; other players' hand cards only when known.
"""

from __future__ import annotations

from typing import Any, TypedDict

from game.core import Observation
from game.i18n import Message, Seat, Text, message, plural_message
from game.palace import rules
from game.palace.cards import rank_count, rank_of, rank_param
from game.palace.state import DOWN, OVER, REDRAW, SWAP, UP, PalaceState


class SeatView(TypedDict):
    """What everyone sees of one seat."""

    hand: int  # cards in the hand
    known: list[str]  # hand cards everyone saw go there (picked up or swapped in), sorted
    up: list[str | None]  # the face-up card of each slot, None where it was played
    down: list[bool]  # each slot still holds its face-down card
    source: str | None  # where the seat plays from now: "hand", "up" or "down"; None once out
    place: int | None  # 1-based finishing place, None while still in
    ready: bool  # done swapping (True after the swap phase)


class RedrawView(TypedDict):
    """The turn player's finishing step: the rank just played and how many cards were drawn."""

    rank: str | None
    drawn: int


class PalaceObservation(Observation):
    """What one seat may know of a Palace position (the schema above)."""

    options: dict[str, Any]
    data: dict[str, Any]
    dealer: int
    turn: int
    hand: list[str]
    fresh: list[str]
    seats: list[SeatView]
    draw: int
    pile: list[str]
    burned: list[str]
    top: str | None
    needs: Message
    redraw: RedrawView | None
    out: list[int]
    loser: int | None


def observation(state: PalaceState, seat: int | None) -> PalaceObservation:
    over = state.phase == OVER
    own = seat is not None and 0 <= seat < state.num_players
    redraw: RedrawView | None = None
    if state.phase == REDRAW:
        redraw = {"rank": state.redraw_rank, "drawn": len(state.fresh)}
    return {
        "game": state.game_id,
        "seat": seat,
        "players": state.num_players,
        "current_player": state.current_player,
        "phase": state.phase,
        "prompt": prompt(state, seat),
        "scores": state.scores(),
        "terminal": over,
        "winners": state.winners(),
        "result": state.result_text(),
        "options": dict(state.options),
        "data": state.data.to_dict(),
        "dealer": state.dealer,
        "turn": state.turn,
        "hand": list(state.hands[seat]) if own and seat is not None else [],
        "fresh": state.redraw_cards() if own and seat == state.turn and redraw else [],
        "seats": [
            {
                "hand": len(state.hands[s]),
                "known": list(state.known[s]),
                "up": list(state.up[s]),
                "down": [card is not None for card in state.down[s]],
                "source": None if s in state.out else state.source(s),
                "place": state.out.index(s) + 1 if s in state.out else None,
                "ready": state.phase != "swap" or _ready(state, s),
            }
            for s in range(state.num_players)
        ],
        "draw": len(state.draw),
        "pile": list(state.pile),
        "burned": list(state.burned),
        "top": rules.effective_top(state.pile, state.options, state.data),
        "needs": rules.requirement(state.pile, state.options, state.data),
        "redraw": redraw,
        "out": list(state.out),
        "loser": state.loser,
    }


def _ready(state: PalaceState, seat: int) -> bool:
    """In the swap phase the players go in turn from the dealer's left; those before the turn are done."""
    n = state.num_players
    return (seat - state.dealer - 1) % n < state.ready


def prompt(state: PalaceState, seat: int | None) -> Text:
    """The one line that says what `seat` is to do now, or whom it waits for."""
    if state.phase == OVER:
        return state.result_text()
    turn = state.turn
    who = Seat(turn)
    mine = seat == turn
    if state.phase == SWAP:
        if mine:
            return message("Swap hand cards with your face-up cards as you like, then say ready")
        return message("{seat} is choosing face-up cards", seat=who)
    if state.phase == REDRAW:
        rank = state.redraw_rank or ""
        count = len(state.redraw_cards())
        if not mine:
            return message("{seat} is finishing the turn", seat=who)
        if count == 0:
            return message("No {rank} came with the draw: your turn ends", rank=rank_param(rank))
        return plural_message("You drew {what} again: add it or keep it",
                              "You drew {what} again: add them or keep them", n=count,
                              what=rank_count(rank, count))
    source = state.source(turn)
    needs = rules.requirement(state.pile, state.options, state.data)
    if not mine:
        return message("{seat} to play ({needs})", seat=who, needs=needs)
    if source == DOWN:
        return message("Turn over a face-down card (the pile needs {needs})", needs=needs)
    up = source == UP
    if not state.pile:
        if up:
            return message("Play cards of one rank from your face-up cards: anything goes")
        return message("Play cards of one rank from your hand: anything goes")
    top = rules.effective_top(state.pile, state.options, state.data)
    playable = any(rules.beats(rank_of(c), top, state.options, state.data) for c in state.source_cards(turn))
    if not playable:
        if up:
            return message("Nothing among your face-up cards goes on the pile ({needs}): pick it up",
                           needs=needs)
        return message("Nothing in your hand goes on the pile ({needs}): pick it up", needs=needs)
    if up:
        return message("Play cards of one rank from your face-up cards: {needs}", needs=needs)
    return message("Play cards of one rank from your hand: {needs}", needs=needs)
