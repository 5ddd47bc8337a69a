"""What a seat of Gloria Picktoria may know: the observation (`GloriaObservation`, built by `observation`)
and the one line of the prompt that tells the deciding seat what it may do."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from game.core import Observation
from game.gloria_picktoria.cards import card_name
from game.gloria_picktoria.scoring import Breakdown, copy_breakdown, penalty_text
from game.gloria_picktoria.state import FOX_PASS, OVER
from game.i18n import N_, Message, Seat, Text, message, plural_message

if TYPE_CHECKING:
    from game.gloria_picktoria.state import GloriaState


class CollectionView(TypedDict):
    """One collection on the table, as every seat sees it."""

    owner: int
    index: int  # among its owner's collections, in the order they were laid, from 0
    motif: str | None  # None for a lone treasure card
    name: str  # the motif's English name ("" for a lone treasure card)
    length: int  # the treasure card and the open cards, jokers included, not the doubler (GP-R9)
    treasure: str  # the face-down card (everyone saw it laid), or "doubler"
    cards: list[str]  # the open cards in order
    doubler: bool
    fox: bool  # the fox stands on it
    lone: bool


class DHCounter(TypedDict):
    """The Dschingis Hahn counter (GP-R13)."""

    middle: int  # DH cards in the middle
    total: int  # 10 (the card data's dh_cards)
    next_scoring: int | None  # 4, 7 or 10 (the card data's scoring_at); None once all are done
    scorings_done: int  # 0..3


class GloriaObservation(Observation):
    """Gloria Picktoria's observation: the common keys and these."""

    #: the card data played with, shipped or a variant's (GloriaData.to_dict(): the deck, the sizes, the
    #: scoring's numbers): what the table reads those numbers from
    data: dict[str, Any]
    turn: int  # the seat whose turn it is
    ap: int  # action points left
    fox_moved: bool  # the D action is used up this turn
    left_neighbour: int  # the seat the fox may go to
    hand: list[str] | None  # own hand cards, sorted (None for a spectator)
    hand_sizes: list[int]  # per seat
    doubler_in_hand: list[bool]  # per seat
    #: per seat: cards everyone saw go into that hand (taken from the display) and that are still there
    known_hand_cards: list[list[str]]
    display: list[str]  # the open cards by slot
    pile: int  # cards in the draw pile
    dh: DHCounter
    collections: list[CollectionView]  # every collection of every seat
    fox: list[int] | None  # [seat, index], or None before it first stands on a collection
    scorings: list[Breakdown]  # every scoring so far
    #: once the game is over, the last scoring's minus points seat by seat in words (why a lone treasure
    #: under the fox cost nothing, GP-R10); [] before
    result_details: list[Text]


def observation(state: GloriaState, seat: int | None) -> GloriaObservation:
    fox = state.fox
    colls: list[CollectionView] = []
    for owner, own in enumerate(state.collections):
        for index, c in enumerate(own):
            colls.append({
                "owner": owner, "index": index, "motif": c.motif,
                "name": card_name(c.motif) if c.motif else "",
                "length": c.length, "treasure": c.treasure, "cards": list(c.cards),
                "doubler": c.doubler, "fox": fox == (owner, index), "lone": c.lone,
            })
    return {
        "game": state.game_id,
        "seat": seat,
        "players": state.num_players,
        "current_player": state.current_player,
        "phase": state.phase,
        "prompt": prompt(state, seat),
        "scores": list(state.points),
        "terminal": state.phase == OVER,
        "winners": state.winners(),
        "result": state.result_text(),
        "data": state.data.to_dict(),
        "turn": state.turn,
        "ap": state.ap,
        "fox_moved": state.fox_moved,
        "left_neighbour": state.left_neighbour,
        "hand": sorted(state.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "doubler_in_hand": list(state.doublers),
        "known_hand_cards": [sorted(k) for k in state.known],
        "display": list(state.display),
        "pile": len(state.pile),
        "dh": {"middle": state.middle, "total": state.data.dh_cards, "next_scoring": state.next_scoring(),
               "scorings_done": len(state.scorings)},
        "collections": colls,
        "fox": list(fox) if fox is not None else None,
        "scorings": [copy_breakdown(b) for b in state.scorings],
        "result_details": result_details(state),
    }


def result_details(state: GloriaState) -> list[Text]:
    """The final scoring's minus points, a line per seat, for the results screen."""
    if state.phase != OVER or not state.scorings:
        return []
    lines = [penalty_text(row, state.data) for row in state.scorings[-1]["penalties"]]
    return [message("Minus points of the last scoring:"), *lines]


#: the words of the turn prompt, each with the action kinds that make it true
_PROMPT_CHOICES: tuple[tuple[Message, frozenset[str]], ...] = (
    (message("lay a treasure"), frozenset({"treasure"})),
    (message("open a card"), frozenset({"open", "doubler"})),
    (message("take a card"), frozenset({"take", "draw"})),
    (message("move the fox"), frozenset({"fox"})),
)
#: the turn prompt's choices, one to four, as one phrase ("a, b or c")
_ONE_OF: tuple[str, ...] = (N_("{a}"), N_("{a} or {b}"), N_("{a}, {b} or {c}"), N_("{a}, {b}, {c} or {d}"))


def prompt(state: GloriaState, seat: int | None) -> Text:
    """One line for the deciding seat, naming only the kinds of action it has now."""
    if state.phase == OVER:
        return state.result_text()
    if seat != state.turn:
        return message("{seat} is playing", seat=Seat(state.turn))
    if state.phase == FOX_PASS:
        return message("Pass the fox to a collection of {seat}, or keep it",
                       seat=Seat(state.left_neighbour))
    kinds = {action.kind for action in state.legal_actions()}
    choices = [words for words, needs in _PROMPT_CHOICES if kinds & needs]
    if not choices:
        return plural_message("Spend {n} action point", "Spend {n} action points", n=state.ap)
    listed = message(_ONE_OF[len(choices) - 1], **dict(zip("abcd", choices, strict=False)))
    return plural_message("Spend {n} action point: {choices}", "Spend {n} action points: {choices}",
                          n=state.ap, choices=listed)


__all__ = ["CollectionView", "DHCounter", "GloriaObservation", "observation", "prompt", "result_details"]
