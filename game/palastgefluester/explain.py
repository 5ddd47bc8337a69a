"""Why an action is refused, in words a person understands."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core import Action
from .cards import PERSON_BY_ID, card_person
from .multiset import without
from .rules import seat_name
from .state import OVER, PHASE_ACTION, ZAUBERER_GIVE

if TYPE_CHECKING:
    from .state import PalastState

#: what each action kind is for and how it is written
USAGE = {
    "play": ("play a card", "play <card>, e.g. 'play Zofe/red'"),
    "target": ("choose who swaps cards with the Zauberer", "target <seat>, e.g. 'target 1'"),
    "count": ("choose how many cards the Zauberer swaps", "count <number>, e.g. 'count 2'"),
    "give": ("choose a card to give in the Zauberer swap", "give <card>, e.g. 'give Hofnarr/brown'"),
    "discard": ("discard a card with the Zofe", "discard <card>, e.g. 'discard Zofe/red'"),
    "pick": ("choose the first card of the Mundschenk swap", "pick <seat> <person>, e.g. 'pick 1 Zofe'"),
    "swap": ("choose the second card of the Mundschenk swap", "swap <seat> <person>, e.g. 'swap 2 Hofnarr'"),
    "take": ("take a card back with the Wächter", "take <person>, e.g. 'take Zofe'"),
    "next": ("choose who plays next after a brown card", "next <seat>, e.g. 'next 0'"),
}
_ARG_TYPES = {"play": (str,), "target": (int,), "count": (int,), "give": (str,), "discard": (str,),
              "pick": (int, str), "swap": (int, str), "take": (str,), "next": (int,)}


def explain_illegal(state: PalastState, action: Action) -> str:
    if state.phase == OVER:
        return "the game is over"
    kind = action.kind
    if kind not in USAGE:
        return f"'{action}' is not a Palastgeflüster action; the actions are: {', '.join(USAGE)}"
    types = _ARG_TYPES[kind]
    if len(action.args) != len(types) or not all(isinstance(a, t) for a, t in zip(action.args, types,
                                                                                    strict=False)):
        return f"write {USAGE[kind][1]}"
    wanted = PHASE_ACTION[state.phase]
    decider = state.current_player
    assert decider is not None
    if kind != wanted:
        return f"now {seat_name(decider)} must {USAGE[wanted][0]}, not {USAGE[kind][0]}"
    return _REASONS[kind](state, decider, *action.args)


def _play(state: PalastState, seat: int, card: str) -> str:
    return f"{seat_name(seat)} has no {card} in hand"


def _target(state: PalastState, seat: int, target: int) -> str:
    if not 0 <= target < state.num_players:
        return f"there is no seat {target}"
    if target == seat:
        return "the Zauberer swaps with another player, not with oneself"
    return f"{seat_name(target)} has no hand cards to swap"


def _count(state: PalastState, seat: int, count: int) -> str:
    top = state.zauberer_max_count()
    return f"the number of cards to swap must be from 1 to {top} (neither may give more than they hold)"


def _give(state: PalastState, seat: int, card: str) -> str:
    z = state.zauberer
    assert z is not None and z.target is not None
    hand = state.hands[z.initiator if state.phase == ZAUBERER_GIVE else z.target]
    chosen = z.given if state.phase == ZAUBERER_GIVE else z.answer
    if card in hand and card not in without(hand, chosen):
        return f"{card} is already chosen"
    return f"{seat_name(seat)} has no {card} in hand"


def _discard(state: PalastState, seat: int, card: str) -> str:
    return f"{seat_name(seat)} has no {card} in hand to discard"


def _pick(state: PalastState, seat: int, owner: int, person: str) -> str:
    return _swap_card_reason(state, seat, owner, person) or (
        f"no allowed swap starts with {seat_name(owner)}'s {_name(person)}: every swap with it would put "
        "a person twice into one display")


def _swap(state: PalastState, seat: int, owner: int, person: str) -> str:
    assert state.mundschenk_first is not None
    first_owner, first_person = state.mundschenk_first
    reason = _swap_card_reason(state, seat, owner, person)
    if reason:
        return reason
    if owner == first_owner:
        return "the Mundschenk swaps between two different displays"
    return (f"swapping {seat_name(first_owner)}'s {_name(first_person)} with {seat_name(owner)}'s "
            f"{_name(person)} would put a person twice into one display")


def _swap_card_reason(state: PalastState, seat: int, owner: int, person: str) -> str:
    if not 0 <= owner < state.num_players:
        return f"there is no seat {owner}"
    if person not in PERSON_BY_ID:
        return f"there is no person {person!r}"
    if all(card_person(c) != person for c in state.displays[owner]):
        return f"there is no {_name(person)} in {seat_name(owner)}'s display"
    if owner == seat and person == "Mundschenk":
        return "the Mundschenk just played may not be swapped"
    return ""


def _take(state: PalastState, seat: int, person: str) -> str:
    if person == "Waechter":
        return "the Wächter takes back another card, not itself"
    return f"there is no {_name(person)} in {seat_name(seat)}'s display to take back"


def _next(state: PalastState, seat: int, chosen: int) -> str:
    assert state.tie is not None
    tied = ", ".join(seat_name(s) for s in state.tie)
    return f"only a player tied for the fewest display cards may be chosen ({tied})"


def _name(person: str) -> str:
    return PERSON_BY_ID[person].name if person in PERSON_BY_ID else person


_REASONS: dict[str, Callable[..., str]] = {
    "play": _play, "target": _target, "count": _count, "give": _give, "discard": _discard,
    "pick": _pick, "swap": _swap, "take": _take, "next": _next}
assert set(_REASONS) == set(USAGE)
