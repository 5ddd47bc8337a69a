"""The Palastgeflüster position and its moves (rulings PG-R1..PG-R12).

A turn is one `play`; the played card's action then asks for small decisions (phases) until the next
player is known. Knowledge of other hands is tracked per observer as multisets (see `knowledge.py`),
so observations and determinization never claim more than a seat could know.

Why one long module: a turn's phases lead into one another (a play into its person's action, a Zauberer's
target into its count and the exchange, the last card into the round's end and the next deal) and share
every field of the position; the rules that need no position live apart (rules.py, explain.py, view.py,
determinize.py, serialize.py), and what is left reads as one turn, top to bottom.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from game.core import (
    Action,
    CardMoved,
    CardsRevealed,
    Event,
    GameEnded,
    Rng,
    RoundEnded,
    ScoreChanged,
    Shuffled,
    State,
    TurnChanged,
)
from game.i18n import Card, Message, Seat, Text, listing, message, plural_message
from game.palastgefluester import knowledge
from game.palastgefluester.cards import (
    BROWN,
    KING_PERSONS,
    PERSON_BY_ID,
    card_colour,
    card_person,
    colour_word,
)
from game.palastgefluester.data import DEFAULT_DATA, PalastData
from game.palastgefluester.events import (
    ActionBlocked,
    ActionLapsed,
    KingRevealed,
    Noted,
    RoundEnd,
    ZaubererCount,
    ZaubererPartner,
)
from game.palastgefluester.multiset import without
from game.palastgefluester.rules import (
    DOUBLE,
    HOFNARR,
    SIX,
    WHISPERS,
    colour_seat,
    fewest_display,
    mundschenk_pairs,
    round_end,
)

if TYPE_CHECKING:
    from game.palastgefluester.view import PalastgefluesterObservation

GAME_ID = "palastgefluester"

PLAY = "play"
ZAUBERER_TARGET = "zauberer_target"
ZAUBERER_COUNT = "zauberer_count"
ZAUBERER_GIVE = "zauberer_give"
ZAUBERER_ANSWER = "zauberer_answer"
ZOFE_DISCARD = "zofe_discard"
MUNDSCHENK_FIRST = "mundschenk_first"
MUNDSCHENK_SECOND = "mundschenk_second"
WAECHTER_TAKE = "waechter_take"
CHOOSE_NEXT = "choose_next"
OVER = "over"
PHASES = (PLAY, ZAUBERER_TARGET, ZAUBERER_COUNT, ZAUBERER_GIVE, ZAUBERER_ANSWER, ZOFE_DISCARD,
          MUNDSCHENK_FIRST, MUNDSCHENK_SECOND, WAECHTER_TAKE, CHOOSE_NEXT, OVER)

#: the action kind each phase asks for
PHASE_ACTION = {
    PLAY: "play",
    ZAUBERER_TARGET: "target",
    ZAUBERER_COUNT: "count",
    ZAUBERER_GIVE: "give",
    ZAUBERER_ANSWER: "give",
    ZOFE_DISCARD: "discard",
    MUNDSCHENK_FIRST: "pick",
    MUNDSCHENK_SECOND: "swap",
    WAECHTER_TAKE: "take",
    CHOOSE_NEXT: "next",
}


@lru_cache(maxsize=4096)
def act(kind: str, *args: str | int) -> Action:
    """Actions are immutable: the few hundred this game uses are built once (building one checks its text)."""
    return Action(kind, args)


@dataclass
class ZaubererSwap:
    """A Zauberer exchange in progress: the initiator's and the target's chosen cards (still in hand)."""

    initiator: int
    target: int | None = None
    count: int | None = None
    given: list[str] = field(default_factory=list)
    answer: list[str] = field(default_factory=list)

    def copy(self) -> ZaubererSwap:
        return ZaubererSwap(self.initiator, self.target, self.count, list(self.given), list(self.answer))

    def to_dict(self) -> dict[str, Any]:
        return {"initiator": self.initiator, "target": self.target, "count": self.count,
                "given": list(self.given), "answer": list(self.answer)}


class PalastState(State):
    game_id = GAME_ID

    data: PalastData  # the card data (a variant's or the shipped one): shared by clones, never changed
    hands: list[list[str]]
    displays: list[list[str]]
    draw: list[str]  # face down, top card last
    discard: list[str]  # face down, top card last
    king_stack: list[str]  # face down, top card last
    king_revealed: list[str]  # oldest first, since the last reshuffle
    points: list[int]
    noted: list[int]
    round: int
    plays: int  # cards played this round, all players
    phase: str
    turn: int | None  # whose turn it is / whose played card is being resolved
    last_played: tuple[int, str] | None
    next_reason: Text  # why the player of this turn plays it (a message; "" in a hand-made position)
    zauberer: ZaubererSwap | None
    mundschenk_first: tuple[int, str] | None
    tie: list[int] | None
    last_round: dict[str, Any] | None  # never mutated once set
    known: list[list[list[str]]]  # known[observer][owner]: cards of owner's hand observer knows
    public_known: list[list[str]]  # what every seat knows of each hand (public events only)
    known_discards: list[list[str]]  # each seat's own Zofe discards still in the discard pile
    final_winners: list[int]
    result: Text

    # -- set-up ----------------------------------------------------------------------------------
    @classmethod
    def fresh(cls, players: int, rng: Rng, options: dict[str, Any]) -> PalastState:
        """PG-R2, PG-R3: King cards shuffled once, 6 cards each (the data's hand size), a random first
        player."""
        state = cls(players, rng, options)
        state.king_stack = list(KING_PERSONS)
        rng.shuffle(state.king_stack)
        state.king_revealed = []
        state.points = [0] * players
        state.noted = [0] * players
        state.round = 0
        state.last_round = None
        state.final_winners = []
        state.result = ""
        state.draw = state.data.deck(players)
        state.discard = []
        state.hands = [[] for _ in range(players)]
        state.displays = [[] for _ in range(players)]
        state._start_round(rng.randbelow(players), collect=False)
        return state

    # -- the contract ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == ZAUBERER_ANSWER:
            assert self.zauberer is not None
            return self.zauberer.target
        return self.turn

    @property
    def target_points(self) -> int:
        return self.data.target(self.num_players)

    @property
    def king_current(self) -> str | None:
        """PG-R6: the last revealed King card; its person's action is skipped."""
        return self.king_revealed[-1] if self.king_revealed else None

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return list(self.points)

    def winners(self) -> list[int]:
        return list(self.final_winners)

    def result_text(self) -> Text:
        return self.result

    def _legal_actions(self) -> list[Action]:
        return _LEGAL[self.phase](self)

    def _apply(self, action: Action) -> list[Event]:
        before = self.current_player
        events = _APPLY[action.kind](self, *action.args)
        decider = self.current_player
        if decider is not None and decider != before:
            announced = [e for e in events if isinstance(e, TurnChanged)]
            if not announced or announced[-1].seat != decider:
                events.append(TurnChanged(seat=decider, reason=self.decider_reason()))
        return events

    def decider_reason(self) -> Text:
        """Why the deciding seat decides now (for the 'who acts and why' line)."""
        if self.phase == ZAUBERER_ANSWER:
            assert self.zauberer is not None
            return message("{seat}'s {card}: choose the cards to give back",
                           seat=Seat(self.zauberer.initiator), card=_person("Zauberer"))
        if self.phase == CHOOSE_NEXT:
            return message("brown card: choose who plays next among those tied")
        return self.next_reason

    # -- legal actions per phase -----------------------------------------------------------------
    def _legal_play(self) -> list[Action]:
        assert self.turn is not None
        return [act("play", c) for c in sorted(set(self.hands[self.turn]))]

    def _legal_target(self) -> list[Action]:
        return [act("target", s) for s in self.zauberer_targets()]

    def _legal_count(self) -> list[Action]:
        return [act("count", k) for k in range(1, self.zauberer_max_count() + 1)]

    def _legal_give(self) -> list[Action]:
        return [act("give", c) for c in sorted(set(self.giveable_cards()))]

    def _legal_discard(self) -> list[Action]:
        assert self.turn is not None
        return [act("discard", c) for c in sorted(set(self.hands[self.turn]))]

    def _legal_pick(self) -> list[Action]:
        firsts = {(a, card_person(self.displays[a][i])) for a, i, _, _ in self._pairs()}
        return [act("pick", seat, person) for seat, person in sorted(firsts)]

    def _legal_swap(self) -> list[Action]:
        return [act("swap", seat, person) for seat, person in sorted(self.mundschenk_seconds())]

    def _legal_take(self) -> list[Action]:
        return [act("take", p) for p in sorted(set(self.waechter_choices()))]

    def _legal_next(self) -> list[Action]:
        assert self.tie is not None
        return [act("next", s) for s in self.tie]

    # helpers shared with explain_illegal and the observation
    def zauberer_targets(self) -> list[int]:
        return [s for s in range(self.num_players) if s != self.turn and self.hands[s]]

    def zauberer_max_count(self) -> int:
        assert self.zauberer is not None and self.zauberer.target is not None and self.turn is not None
        return min(len(self.hands[self.turn]), len(self.hands[self.zauberer.target]))

    def giveable_cards(self) -> list[str]:
        """The chooser's hand cards not yet chosen for the Zauberer exchange."""
        z = self.zauberer
        assert z is not None and z.target is not None
        if self.phase == ZAUBERER_GIVE:
            return without(self.hands[z.initiator], z.given)
        return without(self.hands[z.target], z.answer)

    def _pairs(self) -> list[tuple[int, int, int, int]]:
        assert self.turn is not None
        return mundschenk_pairs(self.displays, self.turn)

    def mundschenk_seconds(self) -> set[tuple[int, str]]:
        assert self.mundschenk_first is not None
        seat, person = self.mundschenk_first
        return {
            (b, card_person(self.displays[b][j]))
            for a, i, b, j in self._pairs()
            if a == seat and card_person(self.displays[a][i]) == person
        }

    def waechter_choices(self) -> list[str]:
        """Persons the Wächter may take back: every other card of the display (the Wächter lies last)."""
        assert self.turn is not None
        return [card_person(c) for c in self.displays[self.turn][:-1]]

    # -- moves -----------------------------------------------------------------------------------
    def _do_play(self, card: str) -> list[Event]:
        seat = self.turn
        assert seat is not None
        self.hands[seat].remove(card)
        self.displays[seat].append(card)
        self.plays += 1
        self.last_played = (seat, card)
        knowledge.card_played(self, seat, card)
        events: list[Event] = [CardMoved(card=card, src=f"hand:{seat}", dst=f"display:{seat}", face_up=True)]
        ending = round_end(self.displays[seat], card, self.king_current, self.data.hand_size)
        if ending is not None:
            return events + self._end_round(ending, seat)
        person = card_person(card)
        if person == self.king_current:
            text = message("The King card blocks {card:acc}: no action.", card=_person(person))
            events.append(ActionBlocked(text=text, seat=seat, person=person))
            return events + self._finish_turn()
        return events + _ACTIONS[person](self, seat)

    # Hofmarschall
    def _act_hofmarschall(self, seat: int) -> list[Event]:
        events: list[Event] = []
        if not self.king_stack:
            self.king_stack = self.king_revealed
            self.king_revealed = []
            self.rng.shuffle(self.king_stack)
            events.append(Shuffled(zone="king_stack", count=len(self.king_stack)))
        person = self.king_stack.pop()
        self.king_revealed.append(person)
        events.append(CardMoved(card=person, src="king_stack", dst="king_revealed", face_up=True))
        text = message("King card: {card:nom} has no action now.", card=_person(person))
        events.append(KingRevealed(text=text, seat=seat, person=person))
        return events + self._finish_turn()

    # Schatzmeister
    def _act_schatzmeister(self, seat: int) -> list[Event]:
        hand = tuple(sorted(self.hands[seat]))
        knowledge.hand_revealed(self, seat)
        return [CardsRevealed(seat=seat, zone=f"hand:{seat}", cards=hand)] + self._finish_turn()

    # Zauberer
    def _act_zauberer(self, seat: int) -> list[Event]:
        if not self.hands[seat] or not self.zauberer_targets():
            return [ActionLapsed(text=message("The {card} finds no one to swap with: no action.",
                                              card=_person("Zauberer")), seat=seat, person="Zauberer")] \
                + self._finish_turn()
        self.zauberer = ZaubererSwap(seat)
        self.phase = ZAUBERER_TARGET
        return []

    def _do_target(self, target: int) -> list[Event]:
        assert self.zauberer is not None
        self.zauberer.target = target
        self.phase = ZAUBERER_COUNT
        initiator = self.zauberer.initiator
        return [ZaubererPartner(text=message("{seat} swaps cards with {target}.", seat=Seat(initiator),
                                             target=Seat(target)), seat=initiator, initiator=initiator,
                                target=target)]

    def _do_count(self, count: int) -> list[Event]:
        assert self.zauberer is not None and self.zauberer.target is not None
        self.zauberer.count = count
        self.phase = ZAUBERER_GIVE
        text = plural_message("{seat} and {target} swap {n} card.", "{seat} and {target} swap {n} cards.",
                              n=count, seat=Seat(self.zauberer.initiator), target=Seat(self.zauberer.target))
        return [ZaubererCount(text=text, seat=self.zauberer.initiator, initiator=self.zauberer.initiator,
                              target=self.zauberer.target, count=count)]

    def _do_give(self, card: str) -> list[Event]:
        z = self.zauberer
        assert z is not None and z.target is not None and z.count is not None
        if self.phase == ZAUBERER_GIVE:
            z.given.append(card)
            if len(z.given) == z.count:
                self.phase = ZAUBERER_ANSWER
            return []
        z.answer.append(card)
        if len(z.answer) < z.count:
            return []
        return self._zauberer_exchange(z) + self._finish_turn()

    def _zauberer_exchange(self, z: ZaubererSwap) -> list[Event]:
        assert z.target is not None
        both = frozenset({z.initiator, z.target})
        events: list[Event] = []
        for card in z.given:
            self.hands[z.initiator].remove(card)
            self.hands[z.target].append(card)
            events.append(CardMoved(card=card, src=f"hand:{z.initiator}", dst=f"hand:{z.target}",
                                    face_up=False, visible_to=both))
        for card in z.answer:
            self.hands[z.target].remove(card)
            self.hands[z.initiator].append(card)
            events.append(CardMoved(card=card, src=f"hand:{z.target}", dst=f"hand:{z.initiator}",
                                    face_up=False, visible_to=both))
        knowledge.hands_swapped(self, z.initiator, z.given, z.target, z.answer)
        self.zauberer = None
        return events

    # Zofe
    def _act_zofe(self, seat: int) -> list[Event]:
        if not self.hands[seat]:
            return [ActionLapsed(text=message("The {card} has no hand card to discard: no action.",
                                              card=_person("Zofe")), seat=seat, person="Zofe")] \
                + self._finish_turn()
        self.phase = ZOFE_DISCARD
        return []

    def _do_discard(self, card: str) -> list[Event]:
        seat = self.turn
        assert seat is not None
        me = frozenset({seat})
        self.hands[seat].remove(card)
        self.discard.append(card)
        knowledge.card_discarded(self, seat, card)
        events: list[Event] = [CardMoved(card=card, src=f"hand:{seat}", dst="discard", face_up=False,
                                         visible_to=me)]
        if not self.draw:
            self.draw = self.discard
            self.discard = []
            self.rng.shuffle(self.draw)
            knowledge.discard_pile_gone(self)
            events.append(Shuffled(zone="draw", count=len(self.draw)))
        drawn = self.draw.pop()
        self.hands[seat].append(drawn)
        events.append(CardMoved(card=drawn, src="draw", dst=f"hand:{seat}", face_up=False, visible_to=me))
        return events + self._finish_turn()

    # Mundschenk
    def _act_mundschenk(self, seat: int) -> list[Event]:
        if self.plays <= self.data.mundschenk_quiet_plays:
            text = message("The {card} as card {number} of the round has no action.",
                           card=_person("Mundschenk"), number=self.plays)
            return [ActionLapsed(text=text, seat=seat, person="Mundschenk")] + self._finish_turn()
        if not self._pairs():
            return [ActionLapsed(text=message("The {card} finds no allowed swap: no action.",
                                              card=_person("Mundschenk")), seat=seat, person="Mundschenk")] \
                + self._finish_turn()
        self.phase = MUNDSCHENK_FIRST
        return []

    def _do_pick(self, seat: int, person: str) -> list[Event]:
        self.mundschenk_first = (seat, person)
        self.phase = MUNDSCHENK_SECOND
        return []

    def _do_swap(self, seat_b: int, person_b: str) -> list[Event]:
        assert self.mundschenk_first is not None
        seat_a, person_a = self.mundschenk_first
        i = _index_of(self.displays[seat_a], person_a)
        j = _index_of(self.displays[seat_b], person_b)
        card_a, card_b = self.displays[seat_a][i], self.displays[seat_b][j]
        self.displays[seat_a][i], self.displays[seat_b][j] = card_b, card_a
        self.mundschenk_first = None
        return [
            CardMoved(card=card_a, src=f"display:{seat_a}", dst=f"display:{seat_b}", face_up=True),
            CardMoved(card=card_b, src=f"display:{seat_b}", dst=f"display:{seat_a}", face_up=True),
        ] + self._finish_turn()

    # Wächter
    def _act_waechter(self, seat: int) -> list[Event]:
        if not self.waechter_choices():
            return [ActionLapsed(text=message("The {card} has no other card to take back: no action.",
                                              card=_person("Waechter")), seat=seat, person="Waechter")] \
                + self._finish_turn()
        self.phase = WAECHTER_TAKE
        return []

    def _do_take(self, person: str) -> list[Event]:
        seat = self.turn
        assert seat is not None
        display = self.displays[seat]
        card = display.pop(_index_of(display[:-1], person))
        self.hands[seat].append(card)
        knowledge.card_taken_back(self, seat, card)
        return [CardMoved(card=card, src=f"display:{seat}", dst=f"hand:{seat}", face_up=True)] \
            + self._finish_turn()

    # Hofnarr
    def _act_hofnarr(self, seat: int) -> list[Event]:
        return self._finish_turn()

    # -- who plays next (PG-R8) ------------------------------------------------------------------
    def _finish_turn(self) -> list[Event]:
        assert self.last_played is not None
        player, card = self.last_played
        self.zauberer = None
        self.mundschenk_first = None
        seat = colour_seat(card)
        if seat is not None:
            colour = colour_word(card_colour(card))
            if seat == player:
                return self._begin_turn(seat, message("{colour} card: {seat} plays again", colour=colour,
                                                      seat=Seat(seat)))
            return self._begin_turn(seat, message("{colour} card: {seat}'s colour", colour=colour,
                                                  seat=Seat(seat)))
        tied = fewest_display(self.displays)
        if len(tied) == 1:
            why = message("{colour} card: {seat} has the fewest cards in the display",
                          colour=colour_word(BROWN), seat=Seat(tied[0]))
            return self._begin_turn(tied[0], why)
        self.phase = CHOOSE_NEXT
        self.tie = tied
        self.next_reason = message("{colour} card: {seats} tie for the fewest cards; {seat} chooses",
                                   colour=colour_word(BROWN), seats=_seats(tied), seat=Seat(player))
        return [TurnChanged(seat=player, reason=self.next_reason)]

    def _do_next(self, seat: int) -> list[Event]:
        assert self.turn is not None
        chooser = self.turn
        self.tie = None
        return self._begin_turn(seat, message("{colour} card: tie for the fewest cards, {seat} chose",
                                              colour=colour_word(BROWN), seat=Seat(chooser)))

    def _begin_turn(self, seat: int, reason: Message) -> list[Event]:
        self.phase = PLAY
        self.turn = seat
        self.tie = None
        self.next_reason = reason
        return [TurnChanged(seat=seat, reason=reason)]

    # -- round and game end (PG-R5, PG-R10..PG-R12) ----------------------------------------------
    def _end_round(self, reason: RoundEnd, seat: int) -> list[Event]:
        scorers = [seat] if reason == SIX else [s for s in range(self.num_players) if s != seat]
        text = _round_text(reason, seat, self.data.hand_size)
        events: list[Event] = [RoundEnded(reason=reason, text=text, scorers=tuple(scorers))]
        for s in scorers:
            self.points[s] += 1
            events.append(ScoreChanged(seat=s, old=self.points[s] - 1, new=self.points[s], reason=text))
        if self.options.get("scoring") == "noted":
            counts = [0 if (reason in WHISPERS and s == seat) else len(d)
                      for s, d in enumerate(self.displays)]
            for s, count in enumerate(counts):
                self.noted[s] += count
            noted = listing(message("{seat} +{n}", seat=Seat(s), n=c) for s, c in enumerate(counts))
            events.append(Noted(text=message("Noted: {counts}", counts=noted), counts=tuple(counts)))
        self.last_round = {"reason": reason, "seat": seat, "text": text, "scorers": scorers}
        self.zauberer = None
        self.mundschenk_first = None
        self.tie = None
        reached = [s for s in range(self.num_players) if self.points[s] >= self.target_points]
        if reached:
            self._end_game(reached)
            return events + [GameEnded(winners=tuple(self.final_winners), text=self.result)]
        return events + self._start_round(seat, collect=True)

    def _end_game(self, reached: list[int]) -> None:
        self.phase = OVER
        self.turn = None
        target = self.target_points
        if len(reached) == 1:
            self.final_winners = reached
            self.result = message("{seat} reached {target} points and wins.", seat=Seat(reached[0]),
                                  target=target)
            return
        noted = self.options.get("scoring") == "noted"
        measure = self.noted if noted else [len(d) for d in self.displays]
        best = max(measure[s] for s in reached)
        self.final_winners = [s for s in reached if measure[s] == best]
        figures = ":".join(str(measure[s]) for s in sorted(reached, key=lambda s: -measure[s]))
        params = {"seats": _seats(reached), "target": target}
        if len(self.final_winners) == 1:
            winner = Seat(self.final_winners[0])
            if noted:
                self.result = message("{seats} reached {target} points at once; {seat} wins with the higher "
                                      "noted total ({figures}).", seat=winner, figures=figures, **params)
            else:
                self.result = message("{seats} reached {target} points at once; {seat} wins with more cards "
                                      "in the display ({figures}).", seat=winner, figures=figures, **params)
        elif noted:
            self.result = message("{seats} reached {target} points at once and are still tied on the noted "
                                  "total ({best} each): {winners} share the win.", best=best,
                                  winners=_seats(self.final_winners), **params)
        else:
            self.result = message("{seats} reached {target} points at once and are still tied on the cards "
                                  "in the display ({best} each): {winners} share the win.", best=best,
                                  winners=_seats(self.final_winners), **params)

    def _start_round(self, starter: int, *, collect: bool) -> list[Event]:
        """PG-R10: all person cards shuffled together, 6 to each (the data's hand size); the King cards
        stay."""
        if collect:
            pile = [c for hand in self.hands for c in hand] + [c for d in self.displays for c in d]
            self.draw = pile + self.discard + self.draw
            self.hands = [[] for _ in range(self.num_players)]
            self.displays = [[] for _ in range(self.num_players)]
            self.discard = []
        self.rng.shuffle(self.draw)
        events: list[Event] = [Shuffled(zone="draw", count=len(self.draw))]
        for _ in range(self.data.hand_size):
            for offset in range(self.num_players):
                seat = (starter + offset) % self.num_players
                card = self.draw.pop()
                self.hands[seat].append(card)
                events.append(CardMoved(card=card, src="draw", dst=f"hand:{seat}", face_up=False,
                                        visible_to=frozenset({seat})))
        self.round += 1
        self.plays = 0
        self.last_played = None
        self.zauberer = None
        self.mundschenk_first = None
        self.tie = None
        knowledge.reset(self)
        if self.round == 1:
            return events + self._begin_turn(starter, message("{seat} starts the game", seat=Seat(starter)))
        return events + self._begin_turn(starter, message("{seat} ended the last round and starts",
                                                          seat=Seat(starter)))

    # -- copies and data -------------------------------------------------------------------------
    def clone(self) -> PalastState:
        new = PalastState.__new__(PalastState)
        self._copy_base_into(new)
        new.hands = [list(h) for h in self.hands]
        new.displays = [list(d) for d in self.displays]
        new.draw = list(self.draw)
        new.discard = list(self.discard)
        new.king_stack = list(self.king_stack)
        new.king_revealed = list(self.king_revealed)
        new.points = list(self.points)
        new.noted = list(self.noted)
        new.round = self.round
        new.plays = self.plays
        new.phase = self.phase
        new.turn = self.turn
        new.last_played = self.last_played
        new.next_reason = self.next_reason
        new.zauberer = self.zauberer.copy() if self.zauberer is not None else None
        new.mundschenk_first = self.mundschenk_first
        new.tie = list(self.tie) if self.tie is not None else None
        new.last_round = self.last_round
        new.known = [[list(k) for k in row] for row in self.known]
        new.public_known = [list(k) for k in self.public_known]
        new.known_discards = [list(k) for k in self.known_discards]
        new.final_winners = list(self.final_winners)
        new.result = self.result
        return new

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "players": self.num_players,
            "options": dict(self.options),
            "rng": self.rng.state,
            "round": self.round,
            "plays": self.plays,
            "phase": self.phase,
            "turn": self.turn,
            "hands": [list(h) for h in self.hands],
            "displays": [list(d) for d in self.displays],
            "draw": list(self.draw),
            "discard": list(self.discard),
            "king_stack": list(self.king_stack),
            "king_revealed": list(self.king_revealed),
            "points": list(self.points),
            "noted": list(self.noted),
            "last_played": list(self.last_played) if self.last_played is not None else None,
            "next_reason": _text_data(self.next_reason),
            "zauberer": self.zauberer.to_dict() if self.zauberer is not None else None,
            "mundschenk_first": list(self.mundschenk_first) if self.mundschenk_first is not None else None,
            "tie": list(self.tie) if self.tie is not None else None,
            "last_round": _last_round_dict(self.last_round),
            "known": [[list(k) for k in row] for row in self.known],
            "public_known": [list(k) for k in self.public_known],
            "known_discards": [list(k) for k in self.known_discards],
            "winners": list(self.final_winners),
            "result": _text_data(self.result),
        }

    def observation(self, seat: int | None) -> PalastgefluesterObservation:
        from game.palastgefluester.view import observation

        return observation(self, seat)

    def determinize(self, seat: int, rng: Rng) -> PalastState:
        from game.palastgefluester.determinize import determinize

        return determinize(self, seat, rng)

    def explain_illegal(self, action: Action) -> Message:
        from game.palastgefluester.explain import explain_illegal

        return explain_illegal(self, action)


def _index_of(display: list[str], person: str) -> int:
    for i, c in enumerate(display):
        if card_person(c) == person:
            return i
    raise ValueError(f"no {person} in the display")


def _seats(seats: list[int]) -> Any:
    """Several seats as one message parameter ("Anna, Ben and Cleo")."""
    return listing(Seat(s) for s in seats)


def _person(person: str) -> Card:
    """A person as a message parameter (its name in the chosen language)."""
    return Card(GAME_ID, person)


def _text_data(text: Text) -> Any:
    """What the engine said, as JSON data (language-free: a message's id and parameters)."""
    return text.to_dict() if isinstance(text, Message) else text


def _last_round_dict(last: dict[str, Any] | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {"reason": last["reason"], "seat": last["seat"], "text": _text_data(last["text"]),
            "scorers": list(last["scorers"])}


def _round_text(reason: RoundEnd, seat: int, different: int) -> Message:
    """PG-R5: how a round ended, in words (`different`: the persons a display shows to end it)."""
    if reason == DOUBLE:
        return message("Palastgeflüster! {seat} laid a person twice: every other player scores 1.",
                       seat=Seat(seat))
    if reason == HOFNARR:
        return message("Palastgeflüster! {seat} played {card:acc} while the King card shows {card:acc}: "
                       "every other player scores 1.", seat=Seat(seat), card=_person("Hofnarr"))
    if different != DEFAULT_DATA.hand_size:  # a variant's hand: the shipped game's words say six
        return message("{seat} shows {n} different persons and scores 1.", seat=Seat(seat), n=different)
    return message("{seat} shows six different persons and scores 1.", seat=Seat(seat))

_ACTIONS: dict[str, Callable[[PalastState, int], list[Event]]] = {
    "Hofmarschall": PalastState._act_hofmarschall,
    "Schatzmeister": PalastState._act_schatzmeister,
    "Zauberer": PalastState._act_zauberer,
    "Zofe": PalastState._act_zofe,
    "Mundschenk": PalastState._act_mundschenk,
    "Waechter": PalastState._act_waechter,
    "Hofnarr": PalastState._act_hofnarr,
}
assert set(_ACTIONS) == set(PERSON_BY_ID)

_LEGAL: dict[str, Callable[[PalastState], list[Action]]] = {
    PLAY: PalastState._legal_play,
    ZAUBERER_TARGET: PalastState._legal_target,
    ZAUBERER_COUNT: PalastState._legal_count,
    ZAUBERER_GIVE: PalastState._legal_give,
    ZAUBERER_ANSWER: PalastState._legal_give,
    ZOFE_DISCARD: PalastState._legal_discard,
    MUNDSCHENK_FIRST: PalastState._legal_pick,
    MUNDSCHENK_SECOND: PalastState._legal_swap,
    WAECHTER_TAKE: PalastState._legal_take,
    CHOOSE_NEXT: PalastState._legal_next,
    OVER: lambda state: [],
}

_APPLY: dict[str, Callable[..., list[Event]]] = {
    "play": PalastState._do_play,
    "target": PalastState._do_target,
    "count": PalastState._do_count,
    "give": PalastState._do_give,
    "discard": PalastState._do_discard,
    "pick": PalastState._do_pick,
    "swap": PalastState._do_swap,
    "take": PalastState._do_take,
    "next": PalastState._do_next,
}
