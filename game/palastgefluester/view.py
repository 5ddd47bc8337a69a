"""What one seat sees: the observation of a Palastgeflüster state (`PalastgefluesterObservation`, built
by `observation(state, seat)`), and the prompt: what the deciding seat does now.

Schema (JSON but for its messages); seat None is a spectator:

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
    legal_hint: the action kind the phase asks for ("play", "target", ...) or null when over,
    options {name: value}: the game's options (a variant travels as the option "variant"),
    data: the game's card data as JSON (`state.data.json`, data.py: the hand size, the points that
        win, each person's cards; a variant's or the shipped one). The bots and hints reckon with it
        (`data.observed(obs)` gives it back as the frozen value).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from game.core import Observation
from game.i18n import Card, Seat, Text, message, plural_message
from game.palastgefluester.cards import COLOURS
from game.palastgefluester.events import RoundEnd
from game.palastgefluester.state import (
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
    from game.palastgefluester.state import PalastState


class LastPlayed(TypedDict):
    """The card played last this round, and by whom."""

    seat: int
    card: str


class ZaubererView(TypedDict):
    """A Zauberer swap in progress, as the seat may see it (`chosen`: its own chosen cards only)."""

    initiator: int
    target: int | None
    count: int | None
    chosen: list[str]
    chosen_count: int
    answer_count: int


class MundschenkFirst(TypedDict):
    """The first card of a Mundschenk swap: its display and person."""

    seat: int
    person: str


class MundschenkView(TypedDict):
    """A Mundschenk swap in progress (`first`: None until its first card is chosen)."""

    first: MundschenkFirst | None


class LastRound(TypedDict):
    """How the last round ended (PG-R5) and who scored."""

    reason: RoundEnd
    seat: int
    text: Text
    scorers: list[int]


class PalastgefluesterObservation(Observation):
    """What one seat of a Palastgeflüster game may know (the schema above)."""

    colours: list[str]
    turn_player: int | None
    round: int
    plays_this_round: int
    points: list[int]
    target: int
    noted: list[int]
    scoring: str
    displays: list[list[str]]
    hand: list[str] | None
    hand_counts: list[int]
    known_cards: dict[str, list[str]]
    draw_count: int
    discard_count: int
    king_stack_count: int
    king_revealed: list[str]
    king_current: str | None
    blocked: str | None
    last_played: LastPlayed | None
    next_reason: Text
    zauberer: ZaubererView | None
    mundschenk: MundschenkView | None
    tie: list[int] | None
    last_round: LastRound | None
    known_discards: list[str]
    public_known: dict[str, list[str]]
    known_by_others: dict[str, list[str]]
    legal_hint: str | None
    options: dict[str, Any]
    data: dict[str, Any]


def observation(state: PalastState, seat: int | None) -> PalastgefluesterObservation:
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
        "mundschenk": _mundschenk(state) if state.phase in (MUNDSCHENK_FIRST, MUNDSCHENK_SECOND) else None,
        "tie": list(state.tie) if state.tie is not None else None,
        "last_round": _last_round(state),
        "known_discards": sorted(state.known_discards[seat]) if seat is not None else [],
        "public_known": _by_seat(state.public_known, skip=None),
        "known_by_others": _by_seat([row[seat] for row in state.known], skip=seat)
        if seat is not None else {},
        "legal_hint": PHASE_ACTION.get(state.phase),
        "options": dict(state.options),
        "data": state.data.json,
    }


def _last_round(state: PalastState) -> LastRound | None:
    last = state.last_round
    if last is None:
        return None
    return {"reason": last["reason"], "seat": last["seat"], "text": last["text"],
            "scorers": list(last["scorers"])}


def _by_seat(rows: list[list[str]], skip: int | None) -> dict[str, list[str]]:
    return {str(s): sorted(cards) for s, cards in enumerate(rows) if cards and s != skip}


def _zauberer(state: PalastState, seat: int | None) -> ZaubererView:
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


def _mundschenk(state: PalastState) -> MundschenkView:
    first = state.mundschenk_first
    return {"first": {"seat": first[0], "person": first[1]} if first is not None else None}


def _person(person: str) -> Card:
    return Card(GAME_ID, person)


def prompt(state: PalastState, seat: int | None) -> Text:
    """One line for `seat`: what to do now if it decides, else whom the table is waiting for."""
    decider = state.current_player
    if state.phase == OVER:
        return state.result_text()
    assert decider is not None
    mine = seat == decider
    who = Seat(decider)
    z = state.zauberer
    phase = state.phase
    if phase == PLAY:
        return message("Play a card from your hand") if mine else message("{seat} plays a card", seat=who)
    if phase == ZAUBERER_TARGET:
        return (message("{card}: choose who swaps cards with you", card=_person("Zauberer")) if mine
                else message("{seat} chooses who swaps cards", seat=who))
    if phase == ZAUBERER_COUNT:
        assert z is not None and z.target is not None
        top = state.zauberer_max_count()
        other = Seat(z.target)
        return (message("{card}: choose how many cards to swap with {other} (1 to {top})",
                        card=_person("Zauberer"), other=other, top=top) if mine
                else message("{seat} chooses how many cards to swap with {other}", seat=who, other=other))
    if phase in (ZAUBERER_GIVE, ZAUBERER_ANSWER):
        assert z is not None and z.target is not None and z.count is not None
        done = len(z.given if phase == ZAUBERER_GIVE else z.answer)
        params = {"card": _person("Zauberer"), "number": done + 1, "count": z.count}
        if phase == ZAUBERER_GIVE:
            other = Seat(z.target)
            return (message("{card}: choose card {number} of {count} to give {other}", other=other, **params)
                    if mine else plural_message("{seat} chooses {n} card to give {other}",
                                                "{seat} chooses {n} cards to give {other}",
                                                n=z.count, seat=who, other=other))
        other = Seat(z.initiator)
        return (message("{card}: choose card {number} of {count} to give back to {other}", other=other,
                        **params)
                if mine else plural_message("{seat} chooses {n} card to give back to {other}",
                                            "{seat} chooses {n} cards to give back to {other}",
                                            n=z.count, seat=who, other=other))
    if phase == ZOFE_DISCARD:
        return (message("{card}: discard a hand card face down, then draw one", card=_person("Zofe")) if mine
                else message("{seat} discards a card with {card:dat}", seat=who, card=_person("Zofe")))
    if phase == MUNDSCHENK_FIRST:
        mundschenk = _person("Mundschenk")
        return (message("{card}: choose the first card of the swap (in any display)", card=mundschenk)
                if mine else message("{seat} chooses two cards to swap with {card:dat}", seat=who,
                                     card=mundschenk))
    if phase == MUNDSCHENK_SECOND:
        assert state.mundschenk_first is not None
        first_seat, person = state.mundschenk_first
        params = {"owner": Seat(first_seat), "first": _person(person)}
        return (message("{card}: choose a card in another display to swap with {owner}'s {first}",
                        card=_person("Mundschenk"), **params)
                if mine else message("{seat} chooses the card to swap with {owner}'s {first}", seat=who,
                                     **params))
    if phase == WAECHTER_TAKE:
        waechter = _person("Waechter")
        return (message("{card}: take another card of your display back into your hand", card=waechter)
                if mine else message("{seat} takes a card back with {card:dat}", seat=who, card=waechter))
    if phase == CHOOSE_NEXT:
        return (message("Brown card: choose who plays next (tied for the fewest cards)") if mine
                else message("{seat} chooses who plays next", seat=who))
    raise AssertionError(f"unknown phase {phase}")
