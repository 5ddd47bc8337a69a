"""Building a state from data (`Game.state_from_dict`), checked: how saved and hand-made positions load.

A hand-made position may set ``draft_log`` to None: the seats then remember nothing of the draft. With a
log, the zones must be exactly what the log says they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.core import BadSetup, Rng
from game.three_chapters.abilities import Gain
from game.three_chapters.cards import NUM_CARDS
from game.three_chapters.draft import DraftLog, holder

if TYPE_CHECKING:
    from game.three_chapters.game import ThreeChaptersGame
    from game.three_chapters.state import ThreeChaptersState


def _int_list(data: Mapping[str, Any], key: str) -> list[int]:
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise BadSetup(f"{key!r} must be a list of card values")
    return list(value)


def _per_seat(data: Mapping[str, Any], key: str, players: int) -> list[list[int]]:
    value = data.get(key)
    if not isinstance(value, list) or len(value) != players:
        raise BadSetup(f"{key!r} must hold one list per seat ({players})")
    return [_int_list({key: v}, key) for v in value]


def _int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadSetup(f"{key!r} must be a whole number from {low} to {high}, not {value!r}")
    return value


def state_from_dict(game: ThreeChaptersGame, data: Mapping[str, Any]) -> ThreeChaptersState:
    from game.three_chapters.state import PHASES, ThreeChaptersState

    if not isinstance(data, Mapping):
        raise BadSetup("a 3 Chapters position must be a JSON object")
    if data.get("game") != game.id:
        raise BadSetup(f"this is no 3 Chapters position (game {data.get('game')!r})")
    n = data.get("players")
    options = game.check_setup(n, data.get("options") or {})  # type: ignore[arg-type]
    rng_state = data.get("rng")
    if not isinstance(rng_state, int) or isinstance(rng_state, bool):
        raise BadSetup("'rng' must be the generator's state (a whole number)")
    assert isinstance(n, int)  # check_setup refused anything else
    state = ThreeChaptersState(n, Rng.from_state(rng_state), options)
    phase = data.get("phase")
    if phase not in PHASES:
        raise BadSetup(f"'phase' must be one of {', '.join(PHASES)}, not {phase!r}")
    state.phase = phase
    state.deck = _int_list(data, "deck")
    state.out = _int_list(data, "out")
    state.deal = _int(data, "deal", 0, state.shape.deals - 1)
    state.round = _int(data, "round", 0, state.shape.rounds - 1)
    for key in ("packets", "picks", "ghosts", "hands", "displays", "aside"):
        setattr(state, key, _per_seat(data, key, n))
    picked = data.get("picked_now")
    if not isinstance(picked, list) or len(picked) != n or \
            any(not isinstance(p, int) or not 0 <= p <= state.shape.picks_per_round for p in picked):
        raise BadSetup(f"'picked_now' must hold, per seat, 0 to {state.shape.picks_per_round} picks")
    state.picked_now = list(picked)
    trick = data.get("trick")
    positions = state.order
    if not isinstance(trick, list) or any(
            not isinstance(p, list) or len(p) != 2 or p[0] not in positions or not isinstance(p[1], int)
            for p in trick):
        raise BadSetup("'trick' must be a list of [position, card] pairs")
    state.trick = [(int(p), int(v)) for p, v in trick]
    state.leader = _int(data, "leader", 0, len(positions) - 1)
    state.start_player = _int(data, "start_player", 0, n - 1)
    state.tricks_done = _int(data, "tricks_done", 0, state.data.tricks(n))
    tokens = data.get("tokens")
    if not isinstance(tokens, list) or len(tokens) != n or any(
            not isinstance(t, list) or len(t) != 3 or any(not isinstance(x, int) or x < 0 for x in t)
            for t in tokens):
        raise BadSetup("'tokens' must hold [stars, hearts, crystals] per seat")
    state.tokens = [list(t) for t in tokens]
    won = data.get("tricks_won")
    if not isinstance(won, list) or len(won) != n or any(not isinstance(w, int) or w < 0 for w in won):
        raise BadSetup("'tricks_won' must hold a count per seat")
    state.tricks_won = list(won)
    try:
        state.ledger = [Gain.from_list(g) for g in data.get("ledger") or []]
    except (TypeError, ValueError):
        raise BadSetup("'ledger' must be a list of gains") from None
    last = data.get("last_trick")
    if last is not None and not isinstance(last, dict):
        raise BadSetup("'last_trick' must be an object or null")
    state.last_trick = last
    log = data.get("draft_log")
    try:
        state.draft_log = None if log is None else DraftLog.from_dict(log, n, state.data.packet_size)
    except (TypeError, ValueError) as exc:
        raise BadSetup(str(exc)) from None
    _check(state)
    return state


def _check(state: ThreeChaptersState) -> None:
    n = state.num_players
    seen: dict[int, str] = {}
    for zone, cards in state.zones().items():
        for v in cards:
            if not 1 <= v <= NUM_CARDS:
                raise BadSetup(f"{zone}: there is no card {v} (the cards are 1 to {NUM_CARDS})")
            if v in seen:
                raise BadSetup(f"card {v} lies twice: in {seen[v]} and in {zone}")
            seen[v] = zone
    if len(seen) != NUM_CARDS:
        missing = sorted(set(range(1, NUM_CARDS + 1)) - set(seen))
        raise BadSetup(f"cards are missing: {', '.join(map(str, missing[:8]))} "
                       f"(all {NUM_CARDS} must be placed)")
    if state.phase == "draft":
        if any(state.hands) or any(state.displays) or state.trick:
            raise BadSetup("during the draft no card is in a hand, a display or a trick")
        sizes = {len(p) + state.picked_now[s] for s, p in enumerate(state.packets)}
        if len(sizes) != 1:
            raise BadSetup("during the draft every packet holds the same number of cards "
                           "(before this round's picks)")
        if not state.shape.ghosts and any(state.ghosts):
            raise BadSetup("only the 2-player game has ghost piles")
        if state.current_player is None:
            raise BadSetup("a draft round in which everyone has picked must already be passed on")
    else:
        if any(state.packets) or any(state.picks) or any(state.picked_now):
            raise BadSetup("after the draft no packet or face-down pick is left")
        if state.phase == "play":
            in_trick = {p for p, _ in state.trick}
            sizes = {len(state.hands[s]) + (s in in_trick) for s in range(n)}
            if len(sizes) != 1 or sizes == {0}:
                raise BadSetup("in chapter II every seat holds as many cards as the others "
                               "(counting the trick)")
            if len(state.trick) >= len(state.order):
                raise BadSetup("a complete trick is scored at once, it cannot lie on the table")
            if state.owner(state.to_play() or 0) is None:
                raise BadSetup("a ghost is to play, but a ghost's top card goes to the trick at once")
            for p, _ in state.trick:
                if state.owner(p) is None and not state.shape.ghosts:
                    raise BadSetup(f"position {p} does not exist")
        elif any(state.hands) or state.trick:
            raise BadSetup("at the end of the game no card is in a hand or a trick")
    if state.draft_log is not None:
        _check_log(state)


def _check_log(state: ThreeChaptersState) -> None:
    """With a log, the zones must follow from it."""
    n = state.num_players
    log = state.draft_log
    assert log is not None
    dealt = len(log.packets)
    expected_deals = state.deal + 1 if state.phase == "draft" else state.shape.deals
    if dealt != expected_deals:
        raise BadSetup(f"draft_log: {dealt} deals logged, the position has had {expected_deals}")
    kept: list[list[int]] = [[] for _ in range(n)]
    ghost: list[list[int]] = [[] for _ in range(n)]
    out: list[int] = []
    for deal in range(dealt):
        rounds = len(log.picks[deal])
        last_deal = deal == dealt - 1 and state.phase == "draft"
        if rounds != (state.round + 1 if last_deal else state.shape.rounds):
            raise BadSetup(f"draft_log: deal {deal + 1} has {rounds} rounds logged")
        for round_no in range(rounds):
            for seat in range(n):
                chosen = log.picks[deal][round_no][seat]
                for packet in range(n):
                    if holder(packet, round_no, n) == seat:
                        content = log.content(deal, packet, round_no)
                if any(c not in content for c in chosen):
                    raise BadSetup(f"draft_log: seat {seat} picked a card it did not hold (deal {deal + 1})")
                if chosen:
                    kept[seat].append(chosen[0])
                ghost[seat].extend(chosen[1:])
        if not last_deal:
            for packet in range(n):
                out.extend(log.content(deal, packet, rounds))
    if state.phase == "draft":
        for seat in range(n):
            if len(log.picks[state.deal][state.round][seat]) != state.picked_now[seat]:
                raise BadSetup(f"draft_log: seat {seat}'s picks this round differ from 'picked_now'")
            packet = (seat - state.round) % n
            if sorted(log.content(state.deal, packet, state.round + 1)) != sorted(state.packets[seat]):
                raise BadSetup(f"draft_log: seat {seat}'s packet is not what the log says")
    for seat in range(n):
        played = set(state.displays[seat]) | {v for p, v in state.trick if p == seat}
        if state.phase == "draft":
            if kept[seat] != state.picks[seat] or sorted(ghost[seat]) != sorted(state.ghosts[seat]):
                raise BadSetup(f"draft_log: seat {seat}'s picks are not what the log says")
        else:
            if set(kept[seat]) != set(state.hands[seat]) | played:
                raise BadSetup(f"draft_log: seat {seat}'s hand and played cards are not its picks")
            ghost_played = set(state.aside[seat]) | {v for p, v in state.trick if p == n + seat}
            if set(ghost[seat]) != set(state.ghosts[seat]) | ghost_played:
                raise BadSetup(f"draft_log: ghost {seat}'s cards are not its owner's ghost picks")
    if sorted(out) != sorted(state.out):
        raise BadSetup("draft_log: the cards out of the game are not what the log says")

