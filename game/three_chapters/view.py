"""What a seat sees (the observation), the score breakdown, and why an action is refused.

What is said to people (``prompt``, ``result``, a ledger line's ``text``, the reasons an action is
refused) is a message (game.i18n): the view puts it into words in the chosen language.

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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core import Action
from game.i18n import Seat, Text, message, plural_message
from game.three_chapters.abilities import CRYSTAL_BONUS, TOKEN_INDEX, TRICK_WIN, Gain, points, trick_winner
from game.three_chapters.cards import NUM_CARDS, card_param

if TYPE_CHECKING:
    from game.three_chapters.state import ThreeChaptersState


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


def gain_dict(state: ThreeChaptersState, gain: Gain) -> dict[str, Any]:
    return {"seat": gain.seat, "chapter": gain.chapter, "trick": gain.trick, "source": gain.source,
            "ability": gain.ability, "token": gain.token, "amount": gain.amount, "blocked": gain.blocked,
            "text": state.gain_text(gain)}


def observation(state: ThreeChaptersState, seat: int | None) -> dict[str, Any]:
    n = state.num_players
    own = seat is not None and 0 <= seat < n
    draft_phase = state.phase == "draft"
    from game.three_chapters.state import seat_name

    obs: dict[str, Any] = {
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
                    "points": points(t)} for s, t in enumerate(state.tokens)],
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
    }
    if own:
        assert seat is not None
        obs["hand"] = sorted(state.packets[seat] if draft_phase else state.hands[seat])
        obs["draft"]["picks"] = list(state.picks[seat])
        obs["draft"]["ghost_pile"] = sorted(state.ghosts[seat]) if state.shape.ghosts else None
        if state.draft_log is not None:
            obs["draft"]["memory"] = state.draft_log.memory(seat)
    return obs


def _last_trick(state: ThreeChaptersState) -> dict[str, Any] | None:
    last = state.last_trick
    if last is None:
        return None
    return {"trick": last["trick"], "winner": last["winner"],
            "plays": [{"position": p, "seat": state.owner(p), "card": v} for p, v in last["plays"]],
            "gains": [gain_dict(state, Gain.from_list(g)) for g in last["gains"]]}


def breakdown(state: ThreeChaptersState) -> list[dict[str, Any]]:
    """Per seat: every display card with the stars, hearts and crystals it brought in chapters II and III,
    the stars from trick wins, the most-crystals bonus, blocked rewards, and the points of each token."""
    out = []
    for seat in range(state.num_players):
        per_card: dict[int, dict[str, Any]] = {
            v: {"card": v, "name": state.cards.cards[v].name, "chapter2": [0, 0, 0], "chapter3": [0, 0, 0]}
            for v in state.displays[seat]}
        trick_stars = bonus = 0
        blocked: list[dict[str, Any]] = []
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
                entry[f"chapter{gain.chapter}"][TOKEN_INDEX[gain.token]] += gain.amount
        stars, hearts, crystals = state.tokens[seat]
        out.append({
            "seat": seat,
            "cards": list(per_card.values()),
            "trick_stars": trick_stars,
            "crystal_bonus": bonus,
            "blocked": blocked,
            "stars": stars, "hearts": hearts, "crystals": crystals,
            "points": {"stars": 2 * stars, "hearts": hearts, "crystals": crystals // 2,
                       "total": points(state.tokens[seat])},
            "highest_card": max(state.displays[seat], default=0),
        })
    return out


def explain_illegal(state: ThreeChaptersState, action: Action) -> Text:
    if state.is_terminal():
        return message("the game is over")
    seat = state.current_player
    assert seat is not None
    kinds = ("pick", "ghost", "play")
    if action.kind not in kinds:
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
        if action.kind == "play":
            return message("it is Chapter I, the draft: choose a card with 'pick <value>'")
        if state.shape.ghosts and state.picked_now[seat] == 0 and action.kind == "ghost":
            return message("{seat} first keeps a card with 'pick <value>', then chooses one for the ghost "
                           "pile", seat=who)
        if state.shape.ghosts and state.picked_now[seat] == 1 and action.kind == "pick":
            return message("{seat} has kept a card this round: now 'ghost <value>' for the ghost pile",
                           seat=who)
        if action.kind == "ghost" and not state.shape.ghosts:
            return message("only the 2-player game has ghost piles")
        return plural_message("{card:nom} ({value}) is not in the packet {seat} holds ({n} card left)",
                              "{card:nom} ({value}) is not in the packet {seat} holds ({n} cards left)",
                              n=len(state.packets[seat]), card=card, value=value, seat=who)
    if action.kind != "play":
        return message("it is Chapter II: play a card from your hand with 'play <value>'")
    return message("{seat} has no {card} ({value}) in hand", seat=who, card=card, value=value)
