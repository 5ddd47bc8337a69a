"""Gloria Picktoria positions from data: `state_from_dict` builds a checked state from
`GloriaState.to_dict()` data (how tests and tools set up positions); every check says what is wrong
(BadSetup), and `counts_of` gives a position's cards as a multiset (for conservation checks)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from game.core import BadSetup, Rng
from game.gloria_picktoria.cards import DH, DOUBLER, JOKER, is_motif
from game.gloria_picktoria.collection import Collection
from game.gloria_picktoria.scoring import Breakdown
from game.gloria_picktoria.state import FOX_PASS, OVER, PHASES, TURN, GloriaState

if TYPE_CHECKING:
    from game.gloria_picktoria.game import GloriaPicktoria


def state_from_dict(game: GloriaPicktoria, data: Mapping[str, Any]) -> GloriaState:
    """The position of `data` (`GloriaState.to_dict()`), checked: BadSetup says what is wrong."""
    try:
        return _build(game, data)
    except BadSetup:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise BadSetup(f"not a Gloria Picktoria position: {exc}") from None


_KEYS = {"game", "players", "options", "rng", "hands", "doublers", "known", "display", "pile", "middle",
         "collections", "fox", "turn", "ap", "fox_moved", "phase", "points", "scorings"}


def _build(game: GloriaPicktoria, data: Mapping[str, Any]) -> GloriaState:
    if not isinstance(data, Mapping):
        raise BadSetup("a position is a JSON object")
    missing = sorted(_KEYS - set(data))
    if missing:
        raise BadSetup(f"the position lacks {', '.join(missing)}")
    if data["game"] != GloriaState.game_id:
        raise BadSetup(f"this position is of the game {data['game']!r}, not gloria_picktoria")
    players = _int(data, "players")
    if not game.min_players <= players <= game.max_players:
        raise BadSetup(f"Gloria Picktoria is for 2 to 5 players, not {players}")
    options = game.check_setup(players, data["options"])
    state = GloriaState(players, Rng.from_state(_int(data, "rng")), options)

    state.hands = [_cards(h, f"hand {s}") for s, h in enumerate(_per_seat(data, "hands", players))]
    state.known = [_cards(k, f"known cards of hand {s}")
                   for s, k in enumerate(_per_seat(data, "known", players))]
    state.doublers = [_bool(d, "doublers") for d in _per_seat(data, "doublers", players)]
    state.display = _cards(data["display"], "display")
    state.pile = _cards(data["pile"], "pile")
    state.middle = _int(data, "middle")
    state.collections = [[Collection.from_dict(c) for c in own]
                         for own in _per_seat(data, "collections", players)]
    state.turn = _int(data, "turn")
    state.ap = _int(data, "ap")
    state.fox_moved = _bool(data["fox_moved"], "fox_moved")
    state.phase = data["phase"]
    state.points = list(_per_seat(data, "points", players))
    if not all(isinstance(p, int) and not isinstance(p, bool) for p in state.points):
        raise BadSetup("points are whole numbers, one per seat")
    scorings = data["scorings"]
    if not isinstance(scorings, list) or not all(_is_breakdown(b, players) for b in scorings):
        raise BadSetup("scorings is a list of scoring breakdowns (number, dh, final, motifs, penalties, "
                       "points per seat)")
    state.scorings = [cast(Breakdown, dict(b)) for b in scorings]
    fox = data["fox"]
    if fox is not None:
        if not (isinstance(fox, list) and len(fox) == 2 and all(isinstance(x, int) for x in fox)):
            raise BadSetup("the fox is [seat, collection] or null")
        fox = (fox[0], fox[1])
    state.fox = fox
    _check(state)
    return state


def _check(state: GloriaState) -> None:
    players, data = state.num_players, state.data
    if state.phase not in PHASES:
        raise BadSetup(f"the phase is one of {', '.join(PHASES)}, not {state.phase!r}")
    if not 0 <= state.turn < players:
        raise BadSetup(f"turn must be a seat from 0 to {players - 1}, not {state.turn}")
    if not 0 <= state.middle <= data.dh_cards:
        raise BadSetup(f"the middle holds 0 to {data.dh_cards} Dschingis Hahn cards, not {state.middle}")
    if (state.middle == data.dh_cards) != (state.phase == OVER):
        raise BadSetup(f"the game is over exactly when the last Dschingis Hahn card (the {data.dh_cards}th) "
                       "lies in the middle")
    done = sum(1 for t in data.scoring_at if t <= state.middle)
    if len(state.scorings) != done:
        raise BadSetup(f"{state.middle} Dschingis Hahn cards in the middle mean {done} scorings, "
                       f"but the position records {len(state.scorings)}")
    if state.phase == TURN and not 1 <= state.ap <= data.ap_per_turn:
        raise BadSetup(f"during a turn 1 to {data.ap_per_turn} action points are left, not {state.ap}")
    if state.phase == FOX_PASS and state.ap != 0:
        raise BadSetup("the fox is passed after the turn, when no action points are left")
    if state.phase != OVER:
        if len(state.display) != data.display_size:
            raise BadSetup(f"the display holds {data.display_size} open cards during the game, "
                           f"not {len(state.display)}")
        if DH not in state.pile:
            raise BadSetup("a Dschingis Hahn card must still be in the draw pile before the game ends")
    places = [("the display", state.display)] + [(f"hand {s}", h) for s, h in enumerate(state.hands)]
    for place, cards in places:
        for card in cards:
            if card in (DH, DOUBLER):
                raise BadSetup(f"{place} may not hold a {card} card")
    if DOUBLER in state.pile:
        raise BadSetup("the doublers are not in the draw pile")
    for seat in range(players):
        left = Counter(state.hands[seat])
        left.subtract(state.known[seat])
        if any(n < 0 for n in left.values()):
            raise BadSetup(f"the known cards of hand {seat} are not all in that hand")
        _check_collections(seat, state.collections[seat])
    if state.fox is not None:
        seat, index = state.fox
        if not (0 <= seat < players and 0 <= index < len(state.collections[seat])):
            raise BadSetup(f"the fox stands on seat {seat}'s collection {index}, which does not exist")
    if state.phase == FOX_PASS and (state.fox is None or state.fox[0] != state.turn
                                    or not state.collections[(state.turn + 1) % players]):
        raise BadSetup("the fox can be passed only from the turn player's collection to a neighbour's")
    _check_conservation(state)


def _check_collections(seat: int, own: list[Collection]) -> None:
    motifs = []
    for index, coll in enumerate(own):
        if coll.treasure == DH or not (is_motif(coll.treasure) or coll.treasure in (JOKER, DOUBLER)):
            raise BadSetup(f"seat {seat}'s collection {index} has a treasure card {coll.treasure!r}")
        if coll.cards:
            if not is_motif(coll.cards[0]):
                raise BadSetup(f"seat {seat}'s collection {index} starts with {coll.cards[0]!r}: "
                               "the first open card is a motif, never a joker")
            wrong = [c for c in coll.cards[1:] if c not in (coll.cards[0], JOKER)]
            if wrong:
                raise BadSetup(f"seat {seat}'s collection {index} is a row of {coll.cards[0]} "
                               f"but holds {wrong[0]!r}")
            motifs.append(coll.cards[0])
    if len(motifs) != len(set(motifs)):
        raise BadSetup(f"seat {seat} has two collections of one motif")


def _check_conservation(state: GloriaState) -> None:
    counts = counts_of(state)
    expected = state.data.full_deck_counts(state.num_players)
    if counts != expected:
        extra = counts - expected
        short = expected - counts
        parts = []
        if extra:
            parts.append("too many " + ", ".join(f"{c} x{n}" for c, n in sorted(extra.items())))
        if short:
            parts.append("missing " + ", ".join(f"{c} x{n}" for c, n in sorted(short.items())))
        raise BadSetup("the cards do not add up: " + "; ".join(parts))


def _per_seat(data: Mapping[str, Any], key: str, players: int) -> list[Any]:
    value = data[key]
    if not isinstance(value, list) or len(value) != players:
        raise BadSetup(f"{key} must be a list with one entry per seat ({players})")
    return value


def _cards(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise BadSetup(f"{what} must be a list of card strings")
    return list(value)


def _int(data: Mapping[str, Any], key: str) -> int:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadSetup(f"{key} must be a whole number, not {value!r}")
    return value


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise BadSetup(f"{what} must be true or false, not {value!r}")
    return value


_BREAKDOWN_KEYS = {"number", "dh", "final", "motifs", "penalties", "points"}


def _is_breakdown(value: Any, players: int) -> bool:
    if not isinstance(value, dict) or set(value) != _BREAKDOWN_KEYS:
        return False
    motifs, penalties, points = value["motifs"], value["penalties"], value["points"]
    return (isinstance(motifs, list) and all(isinstance(m, dict) and isinstance(m.get("entries"), list)
                                             for m in motifs)
            and isinstance(penalties, list) and all(isinstance(p, dict) for p in penalties)
            and isinstance(points, list) and len(points) == players
            and all(isinstance(p, int) and not isinstance(p, bool) for p in points))


def counts_of(state: GloriaState) -> Counter[str]:
    """Every card and token of a position as a multiset (for conservation checks)."""
    counts: Counter[str] = Counter()
    for hand in state.hands:
        counts.update(hand)
    counts.update(state.display)
    counts.update(state.pile)
    counts[DH] += state.middle
    counts[DOUBLER] += sum(state.doublers)
    for own in state.collections:
        for coll in own:
            counts.update(coll.all_cards())
    return counts
