"""What a seat sees: the observation (`ThreeChaptersObservation`, every key declared), its prompt, and the
score breakdown at the end.

What is said to people (``prompt``, ``result``, a ledger line's ``text``) is a message (game.i18n): the view
puts it into words in the chosen language. Why an action is refused is explain.py's.

Observation schema (JSON data; `seat` None is a spectator):

- common keys: ``game``, ``seat``, ``players``, ``current_player``, ``phase`` (draft / play / end),
  ``prompt``, ``scores`` (points per seat), ``terminal``, ``winners``, ``result``.
- ``chapter``: 1, 2 or 3; ``seat_names``; ``attributes``: attribute id -> display name.
- ``tokens``: per seat ``{stars, hearts, crystals, tricks_won, points}`` (TC-R9: always public).
- ``displays``: per seat, the face-up cards in front of it (card values, in the order they came).
- ``hand``: the seat's own cards (in chapter I the packet it holds now), None for a spectator;
  ``hand_counts``: per seat how many cards that is.
- ``draft``: ``{deal, deals, round, rounds, picks_per_round, picked_now (per seat, how many picks made
  this round), pick_counts (per seat), picks (own face-down picks), ghost_pile (own ghost cards, sorted: the
  order is hidden), memory}``; ``memory`` lists every packet the seat held as it was handed over
  (``{deal, round, cards, picked}``): cards seen earlier stay known.
- ``order``: the positions of a trick in clockwise order; ``start_player``; ``ghosts``: with 2 players,
  per ghost ``{owner, position, pile (count), aside (its played cards)}``, else [].
- ``trick``: ``{number, leader, plays: [{position, seat (None for a ghost), card}], winning (position
  of the highest card so far, or None), to_play}``; ``last_trick``: the trick just scored
  ``{trick, plays (as in trick), winner (a position), gains (as in ledger)}`` or None.
- ``ledger``: every token gained so far ``{seat, chapter, trick, source, ability, token, amount, blocked,
  text}`` (source: a card value, "trick" or "bonus").
- ``breakdown``: once the game is over, per seat where every point came from (see `breakdown`), else None.
- ``deck_count``, ``out_count``: cards never dealt / out of the game (face down).
- ``options``: the game's options (a variant travels as the option ``variant``); ``data``: the game's card
  data as JSON (`state.data.json`, data.py: chapter I's shape, the scoring, the cards a variant
  changed). The bots and hints reckon with the whole of it, cards and abilities included:
  `data.observed(obs)` gives it back as the frozen value.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from game.core import Observation
from game.i18n import Seat, Text, message
from game.three_chapters.abilities import CRYSTAL_BONUS, TOKEN_INDEX, TRICK_WIN, Gain, trick_winner
from game.three_chapters.draft import HeldPacket

if TYPE_CHECKING:
    from game.three_chapters.state import ThreeChaptersState


class SeatTokens(TypedDict):
    """One seat's tokens and points (TC-R9: always public)."""

    stars: int
    hearts: int
    crystals: int
    tricks_won: int
    points: int


class DraftView(TypedDict):
    """Chapter I as the seat sees it; `picks`, `ghost_pile` and `memory` are its own (None, None and []
    for a spectator)."""

    deal: int
    deals: int
    round: int
    rounds: int
    picks_per_round: int
    picked_now: list[int]
    pick_counts: list[int]
    picks: list[int] | None
    ghost_pile: list[int] | None
    memory: list[HeldPacket]


class GhostView(TypedDict):
    """A ghost (2 players): whose it is, its place in a trick, its pile's size, its played cards."""

    owner: int
    position: int
    pile: int
    aside: list[int]


class TrickPlay(TypedDict):
    """One card of a trick: the place that played it (a position), its seat (None: a ghost), the card."""

    position: int
    seat: int | None
    card: int


class TrickView(TypedDict):
    number: int
    leader: int | None
    plays: list[TrickPlay]
    winning: int | None
    to_play: int | None


class GainView(TypedDict):
    """One line of the ledger (source: a card value as text, "trick" or "bonus")."""

    seat: int
    chapter: int
    trick: int
    source: str
    ability: int
    token: str
    amount: int
    blocked: bool
    text: Text


class LastTrick(TypedDict):
    trick: int
    winner: int
    plays: list[TrickPlay]
    gains: list[GainView]


class CardBreakdown(TypedDict):
    """What one display card brought: [stars, hearts, crystals] in chapter II and in chapter III."""

    card: int
    name: str
    chapter2: list[int]
    chapter3: list[int]


class PointsView(TypedDict):
    stars: int
    hearts: int
    crystals: int
    total: int


class SeatBreakdown(TypedDict):
    """Where every point of one seat came from, once the game is over."""

    seat: int
    cards: list[CardBreakdown]
    trick_stars: int
    crystal_bonus: int
    blocked: list[GainView]
    stars: int
    hearts: int
    crystals: int
    points: PointsView
    highest_card: int


class ThreeChaptersObservation(Observation):
    """What one seat of 3 Chapters may know (the keys are described at the top of this module)."""

    chapter: int
    seat_names: list[str]
    attributes: dict[str, str]
    tokens: list[SeatTokens]
    displays: list[list[int]]
    hand: list[int] | None
    hand_counts: list[int]
    draft: DraftView
    order: list[int]
    start_player: int | None
    ghosts: list[GhostView]
    trick: TrickView
    last_trick: LastTrick | None
    ledger: list[GainView]
    breakdown: list[SeatBreakdown] | None
    deck_count: int
    out_count: int
    options: dict[str, Any]
    data: dict[str, Any]


def _prompt(state: ThreeChaptersState, seat: int | None) -> Text:
    current = state.current_player
    if current is None:
        return message("The game is over") if state.is_terminal() else ""
    if seat != current:
        return message("Waiting for {seat}", seat=Seat(current))
    if state.phase == "draft":
        if state.picked_now[current] == 1:
            return message("Choose a card for your ghost pile")
        return message("Choose a card to keep ({n} in the packet)", n=len(state.packets[current]))
    if not state.trick:
        return message("Lead a card to the trick")
    return message("Choose a card to play to the trick")


def gain_dict(state: ThreeChaptersState, gain: Gain) -> GainView:
    return {"seat": gain.seat, "chapter": gain.chapter, "trick": gain.trick, "source": gain.source,
            "ability": gain.ability, "token": gain.token, "amount": gain.amount, "blocked": gain.blocked,
            "text": state.gain_text(gain)}


def observation(state: ThreeChaptersState, seat: int | None) -> ThreeChaptersObservation:
    n = state.num_players
    own = seat is not None and 0 <= seat < n
    draft_phase = state.phase == "draft"
    from game.three_chapters.state import seat_name

    obs: ThreeChaptersObservation = {
        "game": state.game_id,
        "seat": seat,
        "players": n,
        "current_player": state.current_player,
        "phase": state.phase,
        "prompt": _prompt(state, seat),
        "scores": state.scores(),
        "terminal": state.is_terminal(),
        "winners": state.winners(),
        "result": state.result_text(),
        "chapter": 1 if draft_phase else (2 if state.phase == "play" else 3),
        "seat_names": [seat_name(s) for s in range(n)],
        "attributes": dict(state.cards.attribute_names),
        "tokens": [{"stars": t[0], "hearts": t[1], "crystals": t[2], "tricks_won": state.tricks_won[s],
                    "points": state.data.points(t)} for s, t in enumerate(state.tokens)],
        "displays": [list(d) for d in state.displays],
        "hand": None,
        "hand_counts": [len(p) for p in (state.packets if draft_phase else state.hands)],
        "draft": {
            "deal": state.deal, "deals": state.shape.deals,
            "round": state.round, "rounds": state.shape.rounds,
            "picks_per_round": state.shape.picks_per_round, "picked_now": list(state.picked_now),
            "pick_counts": [len(p) for p in state.picks], "picks": None, "ghost_pile": None, "memory": [],
        },
        "order": state.order,
        "start_player": state.start_player if state.phase != "draft" else None,
        "ghosts": [{"owner": g, "position": n + g, "pile": len(state.ghosts[g]),
                    "aside": list(state.aside[g])} for g in range(n)] if state.shape.ghosts else [],
        "trick": {
            "number": state.tricks_done + 1,
            "leader": state.leader if state.phase == "play" else None,
            "plays": [{"position": p, "seat": state.owner(p), "card": v} for p, v in state.trick],
            "winning": trick_winner(state.trick) if state.trick else None,
            "to_play": state.to_play(),
        },
        "last_trick": _last_trick(state),
        "ledger": [gain_dict(state, g) for g in state.ledger],
        "breakdown": breakdown(state) if state.is_terminal() else None,
        "deck_count": len(state.deck),
        "out_count": len(state.out),
        "options": dict(state.options),
        "data": state.data.json,
    }
    if own:
        assert seat is not None
        obs["hand"] = sorted(state.packets[seat] if draft_phase else state.hands[seat])
        obs["draft"]["picks"] = list(state.picks[seat])
        obs["draft"]["ghost_pile"] = sorted(state.ghosts[seat]) if state.shape.ghosts else None
        if state.draft_log is not None:
            obs["draft"]["memory"] = state.draft_log.memory(seat)
    return obs


def _last_trick(state: ThreeChaptersState) -> LastTrick | None:
    last = state.last_trick
    if last is None:
        return None
    return {"trick": last["trick"], "winner": last["winner"],
            "plays": [{"position": p, "seat": state.owner(p), "card": v} for p, v in last["plays"]],
            "gains": [gain_dict(state, Gain.from_list(g)) for g in last["gains"]]}


def breakdown(state: ThreeChaptersState) -> list[SeatBreakdown]:
    """Per seat: every display card with the stars, hearts and crystals it brought in chapters II and III,
    the stars from trick wins, the most-crystals bonus, blocked rewards, and the points of each token."""
    out: list[SeatBreakdown] = []
    for seat in range(state.num_players):
        per_card: dict[int, CardBreakdown] = {
            v: {"card": v, "name": state.cards.cards[v].name, "chapter2": [0, 0, 0], "chapter3": [0, 0, 0]}
            for v in state.displays[seat]}
        trick_stars = bonus = 0
        blocked: list[GainView] = []
        for gain in state.ledger:
            if gain.seat != seat:
                continue
            if gain.blocked:
                blocked.append(gain_dict(state, gain))
            elif gain.source == TRICK_WIN:
                trick_stars += gain.amount
            elif gain.source == CRYSTAL_BONUS:
                bonus += gain.amount
            else:
                entry = per_card[int(gain.source)]
                chapter = entry["chapter2"] if gain.chapter == 2 else entry["chapter3"]
                chapter[TOKEN_INDEX[gain.token]] += gain.amount
        stars, hearts, crystals = state.tokens[seat]
        data = state.data
        out.append({
            "seat": seat,
            "cards": list(per_card.values()),
            "trick_stars": trick_stars,
            "crystal_bonus": bonus,
            "blocked": blocked,
            "stars": stars, "hearts": hearts, "crystals": crystals,
            "points": {"stars": data.star_points * stars, "hearts": data.heart_points * hearts,
                       "crystals": crystals // data.crystals_per_point,
                       "total": data.points(state.tokens[seat])},
            "highest_card": max(state.displays[seat], default=0),
        })
    return out
