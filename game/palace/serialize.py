"""Palace positions from data: `state_from_dict` builds a checked state from `PalaceState.to_dict()`
data (how tests and tools set up positions), and `check` says what is wrong with one (BadSetup)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.core import BadSetup, Rng
from game.palace.cards import RANKS, SLOTS, sorted_cards
from game.palace.state import OVER, PHASES, REDRAW, SWAP, PalaceState

if TYPE_CHECKING:
    from game.palace.game import PalaceGame


def state_from_dict(game: PalaceGame, data: Mapping[str, Any]) -> PalaceState:
    """The position of `data` (`PalaceState.to_dict()`), checked: BadSetup says what is wrong."""

    def need(key: str, kind: type | tuple[type, ...]) -> Any:
        if key not in data:
            raise BadSetup(f"the Palace position has no {key!r}")
        value = data[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise BadSetup(f"the Palace position's {key!r} has the wrong type: {value!r}")
        return value

    if data.get("game") != game.id:
        raise BadSetup(f"not a Palace position (game {data.get('game')!r})")
    players = need("players", int)
    options = game.check_setup(players, need("options", dict))
    state = PalaceState(players, Rng.from_state(need("rng", int)), options)

    def seat(key: str, value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
            raise BadSetup(f"{key!r} must be a seat from 0 to {players - 1}, not {value!r}")
        return value

    def card_list(key: str, value: Any, slots: bool = False) -> list[Any]:
        if not isinstance(value, list):
            raise BadSetup(f"{key!r} must be a list of cards")
        for card in value:
            if not (card in state.data.deck_set or (slots and card is None)):
                raise BadSetup(f"{key!r} holds {card!r}, which is not a card")
        return list(value)

    def per_seat(key: str, slots: bool = False) -> list[list[Any]]:
        rows = need(key, list)
        if len(rows) != players:
            raise BadSetup(f"{key!r} must have one entry per seat ({players})")
        out = [card_list(f"{key}[{i}]", row, slots) for i, row in enumerate(rows)]
        if slots and any(len(row) != SLOTS for row in out):
            raise BadSetup(f"every seat has {SLOTS} slots in {key!r}")
        return out

    state.dealer = seat("dealer", need("dealer", int))
    state.phase = need("phase", str)
    if state.phase not in PHASES:
        raise BadSetup(f"the phase must be one of {', '.join(PHASES)}, not {state.phase!r}")
    state.turn = seat("turn", need("turn", int))
    state.ready = need("ready", int)
    state.hands = [sorted_cards(h) for h in per_seat("hands")]
    state.known = [sorted_cards(k) for k in per_seat("known")]
    state.up = per_seat("up", slots=True)
    state.down = per_seat("down", slots=True)
    state.draw = card_list("draw", need("draw", list))
    state.pile = card_list("pile", need("pile", list))
    state.burned = card_list("burned", need("burned", list))
    state.out = [seat("out", s) for s in need("out", list)]
    loser = data.get("loser")
    state.loser = None if loser is None else seat("loser", loser)
    rank = data.get("redraw_rank")
    if rank is not None and rank not in RANKS:
        raise BadSetup(f"'redraw_rank' must be a rank, not {rank!r}")
    state.redraw_rank = rank
    state.fresh = sorted_cards(card_list("fresh", need("fresh", list)))
    state.skips = need("skips", int)
    check(state)
    return state


def check(state: PalaceState) -> None:
    """Cards conserved and the phase consistent, or BadSetup says what is wrong."""
    everything: list[str] = [*state.draw, *state.pile, *state.burned]
    for s in range(state.num_players):
        everything.extend(state.hands[s])
        everything.extend(c for c in state.up[s] if c is not None)
        everything.extend(c for c in state.down[s] if c is not None)
    if len(everything) != len(set(everything)):
        twice = sorted({c for c in everything if everything.count(c) > 1})
        raise BadSetup(f"cards in two places: {', '.join(twice)}")
    missing = state.data.deck_set - set(everything)
    if missing:
        raise BadSetup(f"cards missing (all {len(state.data.deck)} must be placed): "
                       f"{', '.join(sorted_cards(missing))}")
    n = state.num_players
    for s in range(n):
        if not set(state.known[s]) <= set(state.hands[s]):
            raise BadSetup(f"seat {s}'s known cards must be in that hand")
    if len(set(state.out)) != len(state.out):
        raise BadSetup("a seat is out twice")
    for s in state.out:
        if state.has_cards(s):
            raise BadSetup(f"seat {s} is out but still holds cards")
    if state.phase != SWAP:
        for s in state.active_seats():
            if not state.has_cards(s):
                raise BadSetup(f"seat {s} has no cards left but is not out")
            if not state.hands[s] and state.draw:
                raise BadSetup(f"seat {s}'s hand is empty while the draw pile lasts: it draws back up first")
    if state.phase == SWAP and (state.out or state.pile or state.burned or not 0 <= state.ready < n):
        raise BadSetup("in the swap phase nobody is out, nothing is played and fewer than all are ready")
    if state.phase == OVER:
        if state.loser is None or len(state.out) != n - 1 or state.loser in state.out:
            raise BadSetup("a finished game has everybody but the loser out")
    elif state.loser is not None or len(state.out) >= n - 1 or state.turn in state.out:
        raise BadSetup("a game in play has at least two players with cards, and the turn is with one of them")
    if state.phase == REDRAW:
        if not state.options["redraw"] or state.redraw_rank is None or not state.fresh \
                or not set(state.fresh) <= set(state.hands[state.turn]):
            raise BadSetup("a finishing step needs the redraw option, the rank just played and the cards "
                           "just drawn in the hand")
    elif state.redraw_rank is not None or state.fresh:
        raise BadSetup("'redraw_rank' and 'fresh' are set only in the redraw phase")
    if state.skips < 0:
        raise BadSetup("'skips' cannot be negative")
