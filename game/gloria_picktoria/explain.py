"""Why a Gloria Picktoria action is refused, in words a person understands (State.explain_illegal): the
kind, its arguments' shape, the phase, and then the rule that forbids it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core import Action
from game.gloria_picktoria.cards import DOUBLER, JOKER, card_param
from game.gloria_picktoria.collection import Collection
from game.gloria_picktoria.state import DRAW_AP, FOX_PASS, FOX_TO_NEIGHBOUR_AP, OVER
from game.i18n import Message, Seat, Text, message, plural_message

if TYPE_CHECKING:
    from game.gloria_picktoria.state import GloriaState


def explain_illegal(state: GloriaState, action: Action) -> Text:
    """Why `action` is not allowed now, as a message (State.explain_illegal)."""
    reason = refusal(state, action)
    return reason if reason is not None else message("'{action}' is not allowed now", action=str(action))


def refusal(state: GloriaState, action: Action) -> Message | None:
    """Why `action` is not allowed now, as a message; None if it is legal."""
    if state.phase == OVER:
        return message("the game is over")
    kind, args = action.kind, action.args
    known = ("treasure", "open", "doubler", "take", "draw", "fox", "pass_fox", "keep_fox")
    if kind not in known:
        return message("'{kind}' is not an action of Gloria Picktoria (actions: {actions})", kind=kind,
                       actions=", ".join(known))
    seat = state.turn
    if state.phase == FOX_PASS:
        if kind not in ("pass_fox", "keep_fox"):
            return message("{seat}'s action points are spent: pass the fox to {left} (pass_fox "
                           "<collection>) or keep it (keep_fox)", seat=Seat(seat),
                           left=Seat(state.left_neighbour))
    elif kind in ("pass_fox", "keep_fox"):
        return message("the fox may be passed only after the turn, once all 3 action points are spent")
    shape = _SHAPES[kind]
    if len(args) != len(shape) or not all(isinstance(a, t) for a, t in zip(args, shape, strict=True)):
        return message("'{kind}' is written {usage}", kind=kind, usage=_USAGE[kind])
    return _REFUSALS[kind](state, seat, *args)


def _refuse_treasure(state: GloriaState, seat: int, card_id: str) -> Message | None:
    if card_id == DOUBLER:
        return None if state.doublers[seat] else message("your doubler is already on the table")
    return None if card_id in state.hands[seat] else _not_in_hand(card_id)


def _refuse_open(state: GloriaState, seat: int, card_id: str, index: int) -> Message | None:
    if card_id == DOUBLER:
        return message("the doubler is laid with 'doubler <collection>'")
    if card_id not in state.hands[seat]:
        return _not_in_hand(card_id)
    coll, why = _own_collection(state, seat, index)
    if coll is None:
        return why
    if coll.closed:
        return message("your collection {index} is closed by a doubler", index=index + 1)
    if coll.motif is None:
        if card_id == JOKER:
            return message("a joker may never be the first open card of a collection")
        if any(c.motif == card_id for c in state.collections[seat]):
            return message("you already collect {card}: only one collection per motif",
                           card=card_param(card_id))
        return None
    if card_id not in (coll.motif, JOKER):
        return message("your collection {index} is a row of {motif}: {card} does not fit",
                       index=index + 1, motif=card_param(coll.motif), card=card_param(card_id))
    return None


def _refuse_doubler(state: GloriaState, seat: int, index: int) -> Message | None:
    if not state.doublers[seat]:
        return message("your doubler is already on the table")
    coll, why = _own_collection(state, seat, index)
    if coll is None:
        return why
    if coll.closed:
        return message("your collection {index} already has a doubler", index=index + 1)
    return None


def _refuse_take(state: GloriaState, seat: int, slot: int) -> Message | None:
    if not 0 <= slot < len(state.display):
        return message("the display has open cards 0 to {last}, not {slot}", last=len(state.display) - 1,
                       slot=slot)
    return None


def _refuse_draw(state: GloriaState, seat: int) -> Message | None:
    if state.ap < DRAW_AP:
        return plural_message("drawing from the pile costs {cost} action points and you have {n} left",
                              "drawing from the pile costs {cost} action points and you have {n} left",
                              n=state.ap, cost=DRAW_AP)
    return None


def _refuse_fox(state: GloriaState, seat: int, target: int, index: int) -> Message | None:
    if state.fox_moved:
        return message("the fox may be moved only once a turn")
    if state.fox is None or state.fox[0] != seat:
        return message("the fox may be moved only while it stands on one of your collections")
    left = state.left_neighbour
    if target == seat:
        if index == state.fox[1]:
            return message("the fox already stands on your collection {index}", index=index + 1)
        coll, why = _own_collection(state, seat, index)
        return None if coll is not None else why
    if target != left:
        return message("the fox goes to one of your own collections or to one of {left}'s (your left "
                       "neighbour), not to {seat}'s", left=Seat(left), seat=Seat(target))
    if state.ap < FOX_TO_NEIGHBOUR_AP:
        return plural_message("moving the fox to your left neighbour costs {cost} action points and you "
                              "have {n} left",
                              "moving the fox to your left neighbour costs {cost} action points and you "
                              "have {n} left", n=state.ap, cost=FOX_TO_NEIGHBOUR_AP)
    if not 0 <= index < len(state.collections[left]):
        return _no_collection(state, left, index)
    return None


def _refuse_pass_fox(state: GloriaState, seat: int, index: int) -> Message | None:
    left = state.left_neighbour
    if not 0 <= index < len(state.collections[left]):
        return _no_collection(state, left, index)
    return None


def _refuse_keep_fox(state: GloriaState, seat: int) -> Message | None:
    return None


def _own_collection(state: GloriaState, seat: int, index: int) -> tuple[Collection | None, Message | None]:
    own = state.collections[seat]
    if 0 <= index < len(own):
        return own[index], None
    return None, _no_collection(state, seat, index)


def _no_collection(state: GloriaState, seat: int, index: int) -> Message:
    count = len(state.collections[seat])
    if seat == state.turn:
        if count == 0:
            return message("you have no collection yet")
        return message("you have collections 0 to {last}, not {index}", last=count - 1, index=index)
    if count == 0:
        return message("{seat} has no collection yet", seat=Seat(seat))
    return message("{seat} has collections 0 to {last}, not {index}", seat=Seat(seat), last=count - 1,
                   index=index)


_SHAPES: dict[str, tuple[type, ...]] = {
    "treasure": (str,), "open": (str, int), "doubler": (int,), "take": (int,), "draw": (),
    "fox": (int, int), "pass_fox": (int,), "keep_fox": (),
}
_USAGE: dict[str, str] = {
    "treasure": "'treasure <card>' (or 'treasure doubler')", "open": "'open <card> <collection>'",
    "doubler": "'doubler <collection>'", "take": "'take <slot 0-2>'", "draw": "'draw'",
    "fox": "'fox <seat> <collection>'", "pass_fox": "'pass_fox <collection>'", "keep_fox": "'keep_fox'",
}
#: the rule behind each kind, once the action's shape and the phase allow it
_REFUSALS: dict[str, Callable[..., Message | None]] = {
    "treasure": _refuse_treasure, "open": _refuse_open, "doubler": _refuse_doubler, "take": _refuse_take,
    "draw": _refuse_draw, "fox": _refuse_fox, "pass_fox": _refuse_pass_fox, "keep_fox": _refuse_keep_fox,
}


def _not_in_hand(card_id: str) -> Message:
    return message("you have no {card} in your hand", card=card_param(card_id))


__all__ = ["explain_illegal", "refusal"]
