"""What one seat sees: the observation of a Palastgeflüster state.

Schema (JSON), for `observe(state, seat)`; seat None is a spectator:

    game "palastgefluester", seat int|null, players n, colours [colour per seat],
    current_player int|null (who decides now), turn_player int|null (whose card is being resolved),
    phase "play" | "zauberer_target" | "zauberer_count" | "zauberer_give" | "zauberer_answer"
          | "zofe_discard" | "mundschenk_first" | "mundschenk_second" | "waechter_take" | "choose_next"
          | "over",
    prompt one line: what the deciding seat does now (for others: what it is waiting for),
    round (1-based), plays_this_round, points / scores [per seat], target (points to win),
    noted [per seat] (zeros with scoring "base"), scoring "base"|"noted",
    terminal, winners [seats], result "" before the end,
    displays [[cards in laying order] per seat], hand [own cards, sorted] | null, hand_counts [per seat],
    known_cards {"<seat>": [cards]}: cards in OTHER hands this seat knows for certain (PG-R7; a spectator:
        what everyone knows),
    draw_count, discard_count, king_stack_count, king_revealed [oldest first, since the last reshuffle],
    king_current person|null, blocked person|null (whose action the King card skips),
    last_played {"seat", "card"}|null, next_reason (who plays next and why),
    zauberer null | {"initiator", "target", "count", "chosen" [own chosen cards: the initiator's, or the
        target's while it answers], "chosen_count", "answer_count"},
    mundschenk null | {"first": {"seat", "person"} | null}, tie [seats]|null (during choose_next),
    last_round null | {"reason": "double"|"six"|"hofnarr", "seat", "text", "scorers"}.

Added beyond the table's schema:
    known_discards [own Zofe discards still in the discard pile, sorted],
    public_known {"<seat>": [cards]}: what every seat knows of each hand (Schatzmeister, Wächter, and what
        stays or becomes certain when cards move unseen),
    known_by_others {"<seat>": [cards]}: which of this seat's own hand cards that other seat knows,
    legal_hint: the action kind the phase asks for ("play", "target", ...) or null when over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.words import count as counted
from .cards import COLOURS, PERSON_BY_ID
from .rules import seat_name
from .state import (
    CHOOSE_NEXT,
    GAME_ID,
    MUNDSCHENK_FIRST,
    MUNDSCHENK_SECOND,
    OVER,
    PHASE_ACTION,
    PLAY,
    WAECHTER_TAKE,
    ZAUBERER_ANSWER,
    ZAUBERER_COUNT,
    ZAUBERER_GIVE,
    ZAUBERER_TARGET,
    ZOFE_DISCARD,
)

if TYPE_CHECKING:
    from .state import PalastState


def observe(state: PalastState, seat: int | None) -> dict[str, Any]:
    n = state.num_players
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
        raise ValueError(f"there is no seat {seat!r} in a {n}-player game")
    king = state.king_current
    z = state.zauberer
    return {
        "game": GAME_ID,
        "seat": seat,
        "players": n,
        "colours": list(COLOURS[:n]),
        "current_player": state.current_player,
        "turn_player": state.turn,
        "phase": state.phase,
        "prompt": prompt(state, seat),
        "round": state.round,
        "plays_this_round": state.plays,
        "points": list(state.points),
        "scores": list(state.points),
        "target": state.target_points,
        "noted": list(state.noted),
        "scoring": state.options.get("scoring", "base"),
        "terminal": state.is_terminal(),
        "winners": state.winners(),
        "result": state.result_text(),
        "displays": [list(d) for d in state.displays],
        "hand": sorted(state.hands[seat]) if seat is not None else None,
        "hand_counts": [len(h) for h in state.hands],
        "known_cards": _by_seat(state.known[seat] if seat is not None else state.public_known, skip=seat),
        "draw_count": len(state.draw),
        "discard_count": len(state.discard),
        "king_stack_count": len(state.king_stack),
        "king_revealed": list(state.king_revealed),
        "king_current": king,
        "blocked": king,
        "last_played": {"seat": state.last_played[0], "card": state.last_played[1]}
        if state.last_played is not None else None,
        "next_reason": state.next_reason,
        "zauberer": _zauberer(state, seat) if z is not None else None,
        "mundschenk": {"first": {"seat": state.mundschenk_first[0], "person": state.mundschenk_first[1]}
                       if state.mundschenk_first is not None else None}
        if state.phase in (MUNDSCHENK_FIRST, MUNDSCHENK_SECOND) else None,
        "tie": list(state.tie) if state.tie is not None else None,
        "last_round": {**state.last_round, "scorers": list(state.last_round["scorers"])}
        if state.last_round is not None else None,
        "known_discards": sorted(state.known_discards[seat]) if seat is not None else [],
        "public_known": _by_seat(state.public_known, skip=None),
        "known_by_others": _by_seat([row[seat] for row in state.known], skip=seat)
        if seat is not None else {},
        "legal_hint": PHASE_ACTION.get(state.phase),
    }


def _by_seat(rows: list[list[str]], skip: int | None) -> dict[str, list[str]]:
    return {str(s): sorted(cards) for s, cards in enumerate(rows) if cards and s != skip}


def _zauberer(state: PalastState, seat: int | None) -> dict[str, Any]:
    z = state.zauberer
    assert z is not None
    if seat is not None and seat == z.initiator:
        chosen = sorted(z.given)
    elif seat is not None and seat == z.target and state.phase == ZAUBERER_ANSWER:
        chosen = sorted(z.answer)
    else:
        chosen = []
    return {"initiator": z.initiator, "target": z.target, "count": z.count, "chosen": chosen,
            "chosen_count": len(z.given), "answer_count": len(z.answer)}


def prompt(state: PalastState, seat: int | None) -> str:
    """One line for `seat`: what to do now if it decides, else whom the table is waiting for."""
    decider = state.current_player
    if state.phase == OVER:
        return state.result_text()
    assert decider is not None
    mine = seat == decider
    who = seat_name(decider)
    z = state.zauberer
    phase = state.phase
    if phase == PLAY:
        return "Play a card from your hand" if mine else f"{who} plays a card"
    if phase == ZAUBERER_TARGET:
        return "Zauberer: choose who swaps cards with you" if mine else f"{who} chooses who swaps cards"
    if phase == ZAUBERER_COUNT:
        assert z is not None and z.target is not None
        top = state.zauberer_max_count()
        return (f"Zauberer: choose how many cards to swap with {seat_name(z.target)} (1 to {top})" if mine
                else f"{who} chooses how many cards to swap with {seat_name(z.target)}")
    if phase in (ZAUBERER_GIVE, ZAUBERER_ANSWER):
        assert z is not None and z.target is not None and z.count is not None
        giving = phase == ZAUBERER_GIVE
        done = len(z.given if giving else z.answer)
        other = seat_name(z.target if giving else z.initiator)
        verb = "give" if giving else "give back to"
        return (f"Zauberer: choose card {done + 1} of {z.count} to {verb} {other}" if mine
                else f"{who} chooses {counted(z.count, 'card')} to {verb} {other}")
    if phase == ZOFE_DISCARD:
        return ("Zofe: discard a hand card face down, then draw one" if mine
                else f"{who} discards a card with the Zofe")
    if phase == MUNDSCHENK_FIRST:
        return ("Mundschenk: choose the first card of the swap (in any display)" if mine
                else f"{who} chooses two cards to swap with the Mundschenk")
    if phase == MUNDSCHENK_SECOND:
        assert state.mundschenk_first is not None
        first_seat, person = state.mundschenk_first
        name = PERSON_BY_ID[person].name
        return (f"Mundschenk: choose a card in another display to swap with {seat_name(first_seat)}'s {name}"
                if mine else f"{who} chooses the card to swap with {seat_name(first_seat)}'s {name}")
    if phase == WAECHTER_TAKE:
        return ("Wächter: take another card of your display back into your hand" if mine
                else f"{who} takes a card back with the Wächter")
    if phase == CHOOSE_NEXT:
        return ("Brown card: choose who plays next (tied for fewest cards)" if mine
                else f"{who} chooses who plays next")
    raise AssertionError(f"unknown phase {phase}")

