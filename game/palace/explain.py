"""Why a Palace action is refused, in words a person understands (`PalaceState.explain_illegal`)."""

from __future__ import annotations

from typing import Any

from game.core import Action
from game.i18n import Message, Seat, Text, message, plural_message
from game.palace import rules
from game.palace.cards import SLOTS, card_param, rank_count, rank_of, rank_param
from game.palace.game import parse_play
from game.palace.state import DOWN, HAND, OVER, REDRAW, SWAP, UP, PalaceState


def explain_illegal(state: PalaceState, action: Action) -> Text:
    """Why `action` is refused in `state`, in words a person understands."""
    if state.phase == OVER:
        return message("the game is over")
    kind, args = action.kind, action.args
    if kind not in ("swap", "ready", "play", "flip", "pickup", "pass"):
        return message("'{action}' is not a Palace action (they are swap, ready, play, flip, pickup and "
                       "pass)", action=str(action))
    if state.phase == SWAP:
        return _explain_swap(state, action)
    if kind in ("swap", "ready"):
        return message("cards are swapped only before the first play")
    if state.phase == REDRAW:
        return _explain_redraw(state, action)
    if kind == "pass":
        return message("pass only finishes a turn in which cards were drawn; now play, flip or pick up")
    if kind == "pickup":
        if not state.pile:
            return message("the pile is empty: there is nothing to pick up")
        return message("{seat} can play, so must play (picking up by choice is off)",
                       seat=Seat(state.turn))
    if kind == "flip":
        return _explain_flip(state, args)
    return _explain_play(state, args)


def _explain_swap(state: PalaceState, action: Action) -> Message:
    if action.kind != "swap":
        return message("before the first play, swap hand and face-up cards or say ready")
    if len(action.args) != 2:
        return message("write a swap as 'swap <hand card> <face-up card>', e.g. 'swap 4C AS'")
    hand_card, up_card = (str(a) for a in action.args)
    seat = Seat(state.turn)
    if hand_card not in state.hands[state.turn]:
        return message("{card} is not in the hand of {seat}", card=card_param(hand_card), seat=seat)
    if up_card not in state.up[state.turn]:
        return message("{card} is not among the face-up cards of {seat}", card=card_param(up_card),
                       seat=seat)
    return message("swapping {hand:a_acc} for {up:a_acc} changes nothing",
                   hand=rank_param(rank_of(hand_card)), up=rank_param(rank_of(up_card)))


def _explain_redraw(state: PalaceState, action: Action) -> Message:
    fresh = len(state.redraw_cards())
    rank = state.redraw_rank or ""
    if fresh == 0:
        return message("no {rank} came with the draw: 'pass' finishes the turn", rank=rank_param(rank))
    if action.kind == "play":
        parsed = parse_play(action.args[0] if len(action.args) == 1 else None)
        if parsed is not None and parsed[1] == rank:
            return plural_message("only {what} came with the draw", "only {what} came with the draw",
                                  n=fresh, what=rank_count(rank, fresh))
    if fresh == 1:
        return message("first decide on the {rank} just drawn: 'play 1x{id}' adds it to the pile, 'pass' "
                       "keeps it", rank=rank_param(rank), id=rank)
    return message("first decide on the {what} just drawn: 'play {n}x{id}' (or fewer) adds them to the "
                   "pile, 'pass' keeps them", what=rank_count(rank, fresh), n=fresh, id=rank)


def _explain_flip(state: PalaceState, args: tuple[Any, ...]) -> Message:
    seat = state.turn
    source = state.source(seat)
    if source == HAND:
        return message("face-down cards are turned only when the hand is empty and the draw pile is gone")
    if source == UP:
        return message("face-down cards are turned only after all face-up cards are played")
    if len(args) != 1 or not isinstance(args[0], int) or not 0 <= args[0] < SLOTS:
        return message("write a flip as 'flip <slot>', with a slot from 0 to {last}", last=SLOTS - 1)
    return message("there is no face-down card in slot {slot}", slot=args[0])


def _explain_play(state: PalaceState, args: tuple[Any, ...]) -> Message:
    seat = state.turn
    source = state.source(seat)
    parsed = parse_play(args[0] if len(args) == 1 else None)
    if parsed is None:
        return message("write a play as '<count>x<rank>', e.g. 'play 2x7' or 'play 1xK'")
    count, rank = parsed
    if source == DOWN:
        return message("only face-down cards are left: turn one over ('flip <slot>')")
    have = state.rank_counts(state.source_cards(seat)).get(rank, 0)
    who, card = Seat(seat), rank_param(rank)
    if have == 0:
        if source == HAND and rank in (rank_of(c) for c in state.up[seat] if c):
            return message("there is no {rank} in the hand of {seat} (face-up cards come only after the "
                           "hand)", rank=card, seat=who)
        if source == HAND:
            return message("there is no {rank} in the hand of {seat}", rank=card, seat=who)
        return message("there is no {rank} among the face-up cards of {seat}", rank=card, seat=who)
    if have < count:
        if source == HAND:
            return plural_message("there is only {n} of rank {rank} in the hand of {seat}",
                                  "there are only {n} of rank {rank} in the hand of {seat}", n=have,
                                  rank=card, seat=who)
        return plural_message("there is only {n} of rank {rank} among the face-up cards of {seat}",
                              "there are only {n} of rank {rank} among the face-up cards of {seat}",
                              n=have, rank=card, seat=who)
    return message("{rank:a_nom} cannot go on the pile now: it needs {needs}", rank=card,
                   needs=rules.requirement(state.pile, state.options, state.data))
