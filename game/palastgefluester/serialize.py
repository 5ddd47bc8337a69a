"""Building a state from `to_dict()` data, with every check a hand-made position needs (BadSetup says why)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from game.core import BadSetup, Rng
from game.i18n import Text, text_from_data
from game.palastgefluester.cards import KING_PERSONS, card_person, is_card
from game.palastgefluester.events import RoundEnd
from game.palastgefluester.multiset import contains
from game.palastgefluester.rules import DOUBLE, HOFNARR, SIX, mundschenk_pairs, seat_name
from game.palastgefluester.state import (
    CHOOSE_NEXT,
    GAME_ID,
    MUNDSCHENK_FIRST,
    MUNDSCHENK_SECOND,
    OVER,
    PHASES,
    PLAY,
    WAECHTER_TAKE,
    ZAUBERER_ANSWER,
    ZAUBERER_COUNT,
    ZAUBERER_GIVE,
    ZAUBERER_TARGET,
    ZOFE_DISCARD,
    PalastState,
    ZaubererSwap,
)

_ZAUBERER_PHASES = (ZAUBERER_TARGET, ZAUBERER_COUNT, ZAUBERER_GIVE, ZAUBERER_ANSWER)
#: the person whose action each action phase resolves
_PHASE_PERSON = {ZAUBERER_TARGET: "Zauberer", ZAUBERER_COUNT: "Zauberer", ZAUBERER_GIVE: "Zauberer",
                 ZAUBERER_ANSWER: "Zauberer", ZOFE_DISCARD: "Zofe", MUNDSCHENK_FIRST: "Mundschenk",
                 MUNDSCHENK_SECOND: "Mundschenk", WAECHTER_TAKE: "Waechter"}


def read_setup(data: Any) -> tuple[int, Mapping[str, Any]]:
    """The player count and the options of position data, before the Game checks them (BadSetup when
    they are missing or of the wrong type)."""
    if not isinstance(data, Mapping):
        raise BadSetup(f"a position is a mapping of fields, not {type(data).__name__}")
    options = data.get("options")
    if not isinstance(options, Mapping):
        raise BadSetup("the position has no 'options' mapping")
    players = data.get("players")
    if isinstance(players, bool) or not isinstance(players, int):
        raise BadSetup(f"the position's 'players' must be a whole number, not {players!r}")
    return players, options


def state_from_dict(data: Mapping[str, Any], players: int, options: dict[str, Any]) -> PalastState:
    """A checked state from `to_dict()` data (its card data: the options' variant's, see State)."""
    r = _Reader(data)
    if r.get("game", str) != GAME_ID:
        raise BadSetup(f"this is not a {GAME_ID} position (game {data.get('game')!r})")
    n = players
    state = PalastState(n, Rng.from_state(r.get("rng", int)), options)
    state.round = r.get("round", int)
    state.plays = r.get("plays", int)
    state.phase = r.get("phase", str)
    if state.phase not in PHASES:
        raise BadSetup(f"unknown phase {state.phase!r}; the phases are: {', '.join(PHASES)}")
    state.turn = r.optional("turn", int)
    state.hands = r.card_lists("hands", n)
    state.displays = r.card_lists("displays", n)
    state.draw = r.cards("draw")
    state.discard = r.cards("discard")
    state.king_stack = r.strings("king_stack")
    state.king_revealed = r.strings("king_revealed")
    state.points = r.ints("points", n)
    state.noted = r.ints("noted", n)
    state.last_played = r.seat_and_text("last_played", n)
    state.next_reason = r.text("next_reason")
    state.zauberer = _zauberer(r.optional("zauberer", dict), n)
    state.mundschenk_first = r.seat_and_text("mundschenk_first", n)
    tie = r.optional("tie", list)
    state.tie = r.seats_of(tie, "tie", n) if tie is not None else None
    state.last_round = _last_round(r.optional("last_round", dict), n)
    state.known = [r.card_lists_of(row, f"known[{i}]", n) for i, row in enumerate(r.list_of("known", n))]
    state.public_known = r.card_lists("public_known", n)
    state.known_discards = r.card_lists("known_discards", n)
    state.final_winners = r.seats_of(r.get("winners", list), "winners", n)
    state.result = r.text("result")
    _check(state)
    if not state.is_terminal() and not state.legal_actions():
        raise BadSetup(f"no legal action in phase {state.phase!r} in this position")
    return state


def _check(state: PalastState) -> None:
    n = state.num_players
    everything = [c for h in state.hands for c in h] + [c for d in state.displays for c in d]
    everything += state.draw + state.discard
    for c in everything:
        if not is_card(c, n):
            raise BadSetup(f"{c!r} is not a card of a {n}-player game")
    deck = Counter(state.data.deck(n))
    missing = deck - Counter(everything)
    extra = Counter(everything) - deck
    if missing or extra:
        raise BadSetup(f"the cards are not conserved: missing {sorted(missing.elements())}, "
                       f"extra {sorted(extra.elements())}")
    if sorted(state.king_stack + state.king_revealed) != sorted(KING_PERSONS):
        raise BadSetup(f"the King stack and revealed King cards must be the six King cards "
                       f"{', '.join(KING_PERSONS)} once each (no Hofmarschall)")
    for seat in range(n):
        if len(state.hands[seat]) + len(state.displays[seat]) != state.data.hand_size:
            raise BadSetup(f"{seat_name(seat)} holds {len(state.hands[seat])} hand and "
                           f"{len(state.displays[seat])} display cards; PG-R9 needs {state.data.hand_size} "
                           "together")
    over = state.phase == OVER
    if over != (state.turn is None):
        raise BadSetup("the turn player is empty exactly when the game is over")
    if state.turn is not None and not 0 <= state.turn < n:
        raise BadSetup(f"there is no seat {state.turn}")
    if not over:
        for seat, display in enumerate(state.displays):
            persons = [card_person(c) for c in display]
            if len(set(persons)) != len(persons):
                raise BadSetup(f"{seat_name(seat)}'s display holds a person twice while the round goes on")
    if any(p < 0 for p in state.points + state.noted) or state.round < 1 or state.plays < 0:
        raise BadSetup("points, noted totals, round and plays cannot be negative (round starts at 1)")
    _check_last_played(state)
    _check_phase(state)
    _check_knowledge(state)


def _check_last_played(state: PalastState) -> None:
    if state.last_played is None:
        if state.phase not in (PLAY, OVER):
            raise BadSetup(f"phase {state.phase!r} resolves a played card, but no card was played")
        return
    seat, card = state.last_played
    if not (isinstance(seat, int) and 0 <= seat < state.num_players) or card not in state.displays[seat]:
        raise BadSetup(f"the last played card {card!r} is not in seat {seat}'s display")
    if state.phase in _PHASE_PERSON:
        person = _PHASE_PERSON[state.phase]
        if seat != state.turn or card_person(card) != person or state.displays[seat][-1] != card:
            raise BadSetup(f"phase {state.phase!r} needs a {person} just played by the turn player")
        if state.king_current == person:
            raise BadSetup(f"the King card blocks the {person}: phase {state.phase!r} cannot happen")


def _check_phase(state: PalastState) -> None:
    phase, z = state.phase, state.zauberer
    if (z is not None) != (phase in _ZAUBERER_PHASES):
        raise BadSetup("a Zauberer swap is in progress exactly in the Zauberer phases")
    if z is not None:
        if z.initiator != state.turn:
            raise BadSetup("the Zauberer's initiator must be the turn player")
        if phase != ZAUBERER_TARGET and (
                z.target is None or z.target == z.initiator or not 0 <= z.target < state.num_players):
            raise BadSetup("the Zauberer needs another player as target")
        if phase in (ZAUBERER_GIVE, ZAUBERER_ANSWER):
            if z.count is None or not 1 <= z.count <= state.zauberer_max_count():
                raise BadSetup("the Zauberer's count must be from 1 to the smaller hand")
            assert z.target is not None
            hands = state.hands
            chosen_held = contains(hands[z.initiator], z.given) and contains(hands[z.target], z.answer)
            if not chosen_held:
                raise BadSetup("the Zauberer's chosen cards must be in the choosers' hands")
            full = len(z.given) == z.count
            if full != (phase == ZAUBERER_ANSWER) or len(z.answer) >= z.count or (z.answer and not full):
                raise BadSetup("the Zauberer's chosen cards do not fit the phase")
        elif z.given or z.answer or (phase == ZAUBERER_TARGET and (z.target, z.count) != (None, None)):
            raise BadSetup("no Zauberer cards are chosen before the count")
    if (state.mundschenk_first is not None) != (phase == MUNDSCHENK_SECOND):
        raise BadSetup("the Mundschenk's first card is set exactly in phase 'mundschenk_second'")
    if phase == MUNDSCHENK_SECOND:
        assert state.mundschenk_first is not None and state.turn is not None
        seat, person = state.mundschenk_first
        firsts = {(a, card_person(state.displays[a][i])) for a, i, _, _ in
                  mundschenk_pairs(state.displays, state.turn)}
        if (seat, person) not in firsts:
            raise BadSetup(f"no allowed Mundschenk swap starts with seat {seat}'s {person}")
    if (state.tie is not None) != (phase == CHOOSE_NEXT):
        raise BadSetup("a tie for the next player exists exactly in phase 'choose_next'")
    seats = range(state.num_players)
    if state.tie is not None and (len(state.tie) < 2 or not all(isinstance(s, int) and s in seats
                                                                for s in state.tie)):
        raise BadSetup("the tie for the next player names at least two seats")
    if phase == OVER and not state.final_winners:
        raise BadSetup("a finished game has winners")
    if phase != OVER and (state.final_winners or state.result):
        raise BadSetup("winners and result are empty until the game is over")


def _check_knowledge(state: PalastState) -> None:
    n = state.num_players
    for observer in range(n):
        if state.known[observer][observer]:
            raise BadSetup("a seat's knowledge of its own hand is not tracked: known[s][s] must be empty")
        for owner in range(n):
            if not contains(state.hands[owner], state.known[observer][owner]):
                raise BadSetup(f"seat {observer} 'knows' cards that are not in seat {owner}'s hand")
            if observer != owner and not contains(state.known[observer][owner], state.public_known[owner]):
                raise BadSetup(f"seat {observer} must know what everyone knows of seat {owner}'s hand")
    if not contains(state.discard, [c for k in state.known_discards for c in k]):
        raise BadSetup("the known discards must lie in the discard pile")


def _zauberer(data: dict[str, Any] | None, players: int) -> ZaubererSwap | None:
    if data is None:
        return None
    r = _Reader(data)
    initiator = r.get("initiator", int)
    target, count = r.optional("target", int), r.optional("count", int)
    if not 0 <= initiator < players or (target is not None and not 0 <= target < players):
        raise BadSetup(f"the Zauberer swap names a seat that does not exist: {data!r}")
    return ZaubererSwap(initiator, target, count, r.strings("given"), r.strings("answer"))


def _last_round(data: dict[str, Any] | None, players: int) -> dict[str, Any] | None:
    if data is None:
        return None
    if set(data) != {"reason", "seat", "text", "scorers"}:
        raise BadSetup("'last_round' needs exactly reason, seat, text and scorers")
    r = _Reader(data)
    if r.get("reason", str) not in (DOUBLE, SIX, HOFNARR):
        raise BadSetup(f"a round ends by {DOUBLE!r}, {SIX!r} or {HOFNARR!r}, not {data['reason']!r}")
    seat = r.get("seat", int)
    if not 0 <= seat < players:
        raise BadSetup(f"there is no seat {seat}")
    return {"reason": RoundEnd(data["reason"]), "seat": seat, "text": r.text("text"),
            "scorers": r.seats_of(r.get("scorers", list), "scorers", players)}


class _Reader:
    """Typed access to the position data; a missing or mistyped field is a BadSetup naming it."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        if not isinstance(data, Mapping):
            raise BadSetup(f"a position is a mapping of fields, not {type(data).__name__}")
        self.data = data

    def get(self, key: str, kind: type) -> Any:
        if key not in self.data:
            raise BadSetup(f"the position has no {key!r}")
        value = self.data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise BadSetup(f"the position's {key!r} must be a {kind.__name__}, not {value!r}")
        return value

    def text(self, key: str) -> Text:
        """What the engine said, kept as data: a string or a message's data (game.i18n)."""
        if key not in self.data:
            raise BadSetup(f"the position has no {key!r}")
        try:
            return text_from_data(self.data[key])
        except ValueError as exc:
            raise BadSetup(f"the position's {key!r}: {exc}") from None

    def optional(self, key: str, kind: type) -> Any:
        if self.data.get(key) is None:
            return None
        return self.get(key, kind)

    def strings(self, key: str) -> list[str]:
        return self.strings_of(self.get(key, list), key)

    def cards(self, key: str) -> list[str]:
        return self.strings(key)

    @staticmethod
    def strings_of(value: Any, key: str) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise BadSetup(f"{key!r} must be a list of card texts")
        return list(value)

    def list_of(self, key: str, n: int) -> list[Any]:
        value = self.get(key, list)
        if len(value) != n:
            raise BadSetup(f"{key!r} needs one entry per seat ({n}), not {len(value)}")
        return value

    def card_lists(self, key: str, n: int) -> list[list[str]]:
        return self.card_lists_of(self.list_of(key, n), key, n)

    def card_lists_of(self, rows: Any, key: str, n: int) -> list[list[str]]:
        if not isinstance(rows, list) or len(rows) != n:
            raise BadSetup(f"{key!r} needs one list per seat ({n})")
        return [self.strings_of(row, f"{key}[{i}]") for i, row in enumerate(rows)]

    def seat_and_text(self, key: str, n: int) -> tuple[int, str] | None:
        value = self.optional(key, list)
        if value is None:
            return None
        if len(value) != 2 or not isinstance(value[1], str) or self.seats_of(value[:1], key, n) != value[:1]:
            raise BadSetup(f"{key!r} must be [seat, text], not {value!r}")
        return value[0], value[1]

    @staticmethod
    def seats_of(values: list[Any], key: str, n: int) -> list[int]:
        if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n for v in values):
            raise BadSetup(f"{key!r} must list seats from 0 to {n - 1}, not {values!r}")
        return list(values)

    def ints(self, key: str, n: int) -> list[int]:
        values = self.list_of(key, n)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise BadSetup(f"{key!r} must be whole numbers, one per seat")
        return list(values)

