"""Why an action is refused, in words a person understands."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core import Action
from game.i18n import N_, Card, Message, Seat, listing, message
from game.palastgefluester.cards import PERSON_BY_ID, card_person, card_words
from game.palastgefluester.multiset import without
from game.palastgefluester.state import GAME_ID, OVER, PHASE_ACTION, ZAUBERER_GIVE

if TYPE_CHECKING:
    from game.palastgefluester.state import PalastState

#: what each action kind is for (words for people, translated where shown), how it is written and an
#: example (the action's text, the same in every language)
USAGE = {
    "play": (N_("play a card"), "play <card>", "play Zofe/red"),
    "target": (N_("choose who swaps cards with the Wizard"), "target <seat>", "target 1"),
    "count": (N_("choose how many cards the Wizard swaps"), "count <number>", "count 2"),
    "give": (N_("choose a card to give in the Wizard's swap"), "give <card>", "give Hofnarr/brown"),
    "discard": (N_("discard a card with the Maid"), "discard <card>", "discard Zofe/red"),
    "pick": (N_("choose the first card of the Cupbearer's swap"), "pick <seat> <person>", "pick 1 Zofe"),
    "swap": (N_("choose the second card of the Cupbearer's swap"), "swap <seat> <person>", "swap 2 Hofnarr"),
    "take": (N_("take a card back with the Guard"), "take <person>", "take Zofe"),
    "next": (N_("choose who plays next after a brown card"), "next <seat>", "next 0"),
}
_ARG_TYPES = {"play": (str,), "target": (int,), "count": (int,), "give": (str,), "discard": (str,),
              "pick": (int, str), "swap": (int, str), "take": (str,), "next": (int,)}


def explain_illegal(state: PalastState, action: Action) -> Message:
    if state.phase == OVER:
        return message("the game is over")
    kind = action.kind
    if kind not in USAGE:
        return message("'{action}' is not a Palastgeflüster action; the actions are: {actions}",
                       action=str(action), actions=", ".join(USAGE))
    types = _ARG_TYPES[kind]
    if len(action.args) != len(types) or not all(isinstance(a, t) for a, t in zip(action.args, types,
                                                                                    strict=False)):
        _, syntax, example = USAGE[kind]
        return message("write {syntax}, for example '{example}'", syntax=syntax, example=example)
    wanted = PHASE_ACTION[state.phase]
    decider = state.current_player
    assert decider is not None
    if kind != wanted:
        return message("now {seat} must {wanted}, not {kind}", seat=Seat(decider),
                       wanted=_usage(wanted), kind=_usage(kind))
    return _REASONS[kind](state, decider, *action.args)


def _usage(kind: str) -> Message:
    return message(USAGE[kind][0])


def _card(card: str) -> Card:
    return Card(GAME_ID, card)


def _play(state: PalastState, seat: int, card: str) -> Message:
    return _not_in_hand(seat, card)


def _not_in_hand(seat: int, card: str) -> Message:
    if card_person(card) not in PERSON_BY_ID:
        return message("{seat} has no card '{card}' in hand", seat=Seat(seat), card=card)
    return message("{seat} has no {card} in hand", seat=Seat(seat), card=card_words(card))


def _target(state: PalastState, seat: int, target: int) -> Message:
    if not 0 <= target < state.num_players:
        return message("there is no seat {number}", number=target)
    if target == seat:
        return message("the {card} swaps with another player, not with oneself", card=_card("Zauberer"))
    return message("{seat} has no hand cards to swap", seat=Seat(target))


def _count(state: PalastState, seat: int, count: int) -> Message:
    top = state.zauberer_max_count()
    return message("the number of cards to swap must be from 1 to {top} (neither may give more than they "
                   "hold)", top=top)


def _give(state: PalastState, seat: int, card: str) -> Message:
    z = state.zauberer
    assert z is not None and z.target is not None
    hand = state.hands[z.initiator if state.phase == ZAUBERER_GIVE else z.target]
    chosen = z.given if state.phase == ZAUBERER_GIVE else z.answer
    if card in hand and card not in without(hand, chosen):
        return message("{card} is already chosen", card=card_words(card))
    return _not_in_hand(seat, card)


def _discard(state: PalastState, seat: int, card: str) -> Message:
    if card_person(card) not in PERSON_BY_ID:
        return _not_in_hand(seat, card)
    return message("{seat} has no {card} in hand to discard", seat=Seat(seat), card=card_words(card))


def _pick(state: PalastState, seat: int, owner: int, person: str) -> Message:
    return _swap_card_reason(state, seat, owner, person) or message(
        "no allowed swap starts with {owner}'s {card}: every swap with it would put a person twice into one "
        "display", owner=Seat(owner), card=_card(person))


def _swap(state: PalastState, seat: int, owner: int, person: str) -> Message:
    assert state.mundschenk_first is not None
    first_owner, first_person = state.mundschenk_first
    reason = _swap_card_reason(state, seat, owner, person)
    if reason:
        return reason
    if owner == first_owner:
        return message("the {card} swaps between two different displays", card=_card("Mundschenk"))
    return message("swapping {first_owner}'s {first} with {owner}'s {card} would put a person twice into one "
                   "display", first_owner=Seat(first_owner), first=_card(first_person), owner=Seat(owner),
                   card=_card(person))


def _swap_card_reason(state: PalastState, seat: int, owner: int, person: str) -> Message | None:
    if not 0 <= owner < state.num_players:
        return message("there is no seat {number}", number=owner)
    if person not in PERSON_BY_ID:
        return message("there is no person '{person}'", person=person)
    if all(card_person(c) != person for c in state.displays[owner]):
        return message("there is no {card} in {owner}'s display", card=_card(person), owner=Seat(owner))
    if owner == seat and person == "Mundschenk":
        return message("the {card} just played may not be swapped", card=_card("Mundschenk"))
    return None


def _take(state: PalastState, seat: int, person: str) -> Message:
    if person == "Waechter":
        return message("the {card} takes back another card, not itself", card=_card("Waechter"))
    if person not in PERSON_BY_ID:
        return message("there is no person '{person}'", person=person)
    return message("there is no {card} in {seat}'s display to take back", card=_card(person), seat=Seat(seat))


def _next(state: PalastState, seat: int, chosen: int) -> Message:
    assert state.tie is not None
    return message("only a player tied for the fewest display cards may be chosen ({seats})",
                   seats=listing(Seat(s) for s in state.tie))


_REASONS: dict[str, Callable[..., Message]] = {
    "play": _play, "target": _target, "count": _count, "give": _give, "discard": _discard,
    "pick": _pick, "swap": _swap, "take": _take, "next": _next}
assert set(_REASONS) == set(USAGE)
