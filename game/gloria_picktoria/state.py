"""Gloria Picktoria's position and its moves (rulings GP-R1..GP-R13).

The actions and their texts are listed in game.py, where each kind has its constructor. Zones of the
events: "hand:<seat>", "offer:<slot>" (the open display), "draw", "middle" (the Dschingis Hahn cards),
"collection:<seat>:<c>", "doubler:<seat>" (a seat's unused doubler) and "supply" (where the fox waits until
the first open card calls it). The fox moves as a CardMoved of the card "fox", followed by a `FoxMoved`;
the event kinds of this game are declared in events.py. Why an action is refused is explain.py's, what a
seat sees view.py's, a re-deal for search determinize.py's and a position from data serialize.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from game.core import (
    Action,
    CardMoved,
    Event,
    GameEnded,
    Rng,
    RoundEnded,
    ScoreChanged,
    State,
    TurnChanged,
)
from game.gloria_picktoria import game as actions
from game.gloria_picktoria.cards import DH, DH_CARDS, DOUBLER, FOX, JOKER, card_param
from game.gloria_picktoria.collection import Collection
from game.gloria_picktoria.data import GloriaData
from game.gloria_picktoria.events import DHToMiddle, FoxMoved, FoxPassDue, RoundReason, ScoringDone
from game.gloria_picktoria.scoring import Breakdown, copy_breakdown, describe, scoring
from game.i18n import Message, Seat, Text, listing, message, plural_message

if TYPE_CHECKING:
    from game.gloria_picktoria.view import GloriaObservation

TURN = "turn"
FOX_PASS = "fox_pass"
OVER = "over"
PHASES = (TURN, FOX_PASS, OVER)

FOX_TO_OWN_AP = 1
FOX_TO_NEIGHBOUR_AP = 2
DRAW_AP = 2


def seat_name(seat: int) -> str:
    """A seat for tools and data (0-based, as in action texts); words for people name it by `Seat`."""
    return f"seat {seat}"


#: why the turn player still decides after the turn (the reason of a FoxPassDue), or why the next one does
MAY_PASS_FOX = message("may pass the fox to the left neighbour")
NEXT_IN_ORDER = message("next in seat order")


def collection_zone(seat: int, index: int) -> str:
    return f"collection:{seat}:{index}"


class GloriaState(State):
    """A position. Hands are lists of card strings; the draw pile's top is its last element. What a seat
    sees of it is `observation(seat)` (view.py declares its keys: GloriaObservation)."""

    game_id: ClassVar[str] = "gloria_picktoria"
    data: GloriaData

    hands: list[list[str]]
    doublers: list[bool]
    known: list[list[str]]
    display: list[str]
    pile: list[str]
    middle: int
    collections: list[list[Collection]]
    fox: tuple[int, int] | None
    turn: int
    ap: int
    fox_moved: bool
    phase: str
    points: list[int]
    scorings: list[Breakdown]

    def __init__(self, num_players: int, rng: Rng, options: dict[str, Any]) -> None:
        super().__init__(num_players, rng, options)
        self.hands = [[] for _ in range(num_players)]
        self.doublers = [True] * num_players
        self.known = [[] for _ in range(num_players)]
        self.display = []
        self.pile = []
        self.middle = 0
        self.collections = [[] for _ in range(num_players)]
        self.fox = None
        self.turn = 0
        self.ap = self.data.ap_per_turn
        self.fox_moved = False
        self.phase = TURN
        self.points = [0] * num_players
        self.scorings = []

    # -- the contract ------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return list(self.points)

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        best = max(self.points)
        return [s for s, p in enumerate(self.points) if p == best]

    def result_text(self) -> Text:
        if self.phase != OVER:
            return ""
        won = self.winners()
        best = self.points[won[0]]
        if self.data.dh_cards != DH_CARDS:  # a variant's count: its last card, not the 10th
            if len(won) == 1:
                return plural_message("The last {card} ended the game: {seat} wins with {n} point.",
                                      "The last {card} ended the game: {seat} wins with {n} points.",
                                      n=best, card=card_param(DH), seat=Seat(won[0]))
            return plural_message("The last {card} ended the game: {seats} share the win with {n} point.",
                                  "The last {card} ended the game: {seats} share the win with {n} points.",
                                  n=best, card=card_param(DH), seats=listing(Seat(s) for s in won))
        if len(won) == 1:
            return plural_message("The 10th {card} ended the game: {seat} wins with {n} point.",
                                  "The 10th {card} ended the game: {seat} wins with {n} points.",
                                  n=best, card=card_param(DH), seat=Seat(won[0]))
        return plural_message("The 10th {card} ended the game: {seats} share the win with {n} point.",
                              "The 10th {card} ended the game: {seats} share the win with {n} points.",
                              n=best, card=card_param(DH), seats=listing(Seat(s) for s in won))

    @property
    def left_neighbour(self) -> int:
        return (self.turn + 1) % self.num_players

    # -- legal actions -----------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        seat = self.turn
        if self.phase == FOX_PASS:
            out = [actions.pass_fox(i) for i in range(len(self.collections[self.left_neighbour]))]
            out.append(actions.keep_fox())
            return out
        hand = self.hands[seat]
        distinct = sorted(set(hand))
        own = self.collections[seat]
        out = [actions.treasure(card) for card in distinct]
        has_doubler = self.doublers[seat]
        if has_doubler:
            out.append(actions.treasure(DOUBLER))
        own_motifs = {c.motif for c in own}
        for index, coll in enumerate(own):
            if coll.closed:
                continue
            motif = coll.motif
            if motif is None:
                out.extend(actions.open_(card, index) for card in distinct
                           if card != JOKER and card not in own_motifs)
            else:
                if motif in hand:
                    out.append(actions.open_(motif, index))
                if JOKER in hand:
                    out.append(actions.open_(JOKER, index))
            if has_doubler:
                out.append(actions.doubler(index))
        out.extend(actions.take(slot) for slot in range(len(self.display)))
        if self.ap >= DRAW_AP and self.pile:
            out.append(actions.draw())
        fox = self.fox
        if fox is not None and fox[0] == seat and not self.fox_moved:
            out.extend(actions.fox(seat, i) for i in range(len(own)) if i != fox[1])
            if self.ap >= FOX_TO_NEIGHBOUR_AP:
                left = self.left_neighbour
                out.extend(actions.fox(left, i) for i in range(len(self.collections[left])))
        return out

    def explain_illegal(self, action: Action) -> Text:
        from game.gloria_picktoria.explain import explain_illegal

        return explain_illegal(self, action)

    # -- carrying out an action --------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        getattr(self, f"_do_{action.kind}")(events, *action.args)
        if self.phase == TURN and self.ap == 0:
            self._end_turn(events)
        return events

    def _do_treasure(self, events: list[Event], card: str) -> None:
        seat = self.turn
        self.ap -= 1
        if card == DOUBLER:
            self.doublers[seat] = False
            src = f"doubler:{seat}"
        else:
            self._leave_hand(seat, card)
            src = f"hand:{seat}"
        self.collections[seat].append(Collection(card))
        # Shown to all before it is laid face down: every seat knows it.
        dst = collection_zone(seat, len(self.collections[seat]) - 1)
        events.append(CardMoved(card=card, src=src, dst=dst, face_up=False))

    def _do_open(self, events: list[Event], card: str, index: int) -> None:
        seat = self.turn
        self.ap -= 1
        self._leave_hand(seat, card)
        coll = self.collections[seat][index]
        first = coll.lone
        coll.cards.append(card)
        events.append(CardMoved(card=card, src=f"hand:{seat}", dst=collection_zone(seat, index)))
        if first:
            self._move_fox(events, (seat, index),
                           message("the first open card on {seat}'s treasure", seat=Seat(seat)))

    def _do_doubler(self, events: list[Event], index: int) -> None:
        seat = self.turn
        self.ap -= 1
        self.doublers[seat] = False
        self.collections[seat][index].doubler = True
        events.append(CardMoved(card=DOUBLER, src=f"doubler:{seat}", dst=collection_zone(seat, index)))

    def _do_take(self, events: list[Event], slot: int) -> None:
        seat = self.turn
        self.ap -= 1
        card = self.display.pop(slot)
        self.hands[seat].append(card)
        self.known[seat].append(card)
        events.append(CardMoved(card=card, src=f"offer:{slot}", dst=f"hand:{seat}"))
        self._refill(events, slot)

    def _do_draw(self, events: list[Event]) -> None:
        seat = self.turn
        self.ap -= DRAW_AP
        card = self._turn_up(events)
        if card is None:
            return
        self.hands[seat].append(card)
        events.append(CardMoved(card=card, src="draw", dst=f"hand:{seat}", face_up=False,
                                visible_to=frozenset({seat})))

    def _do_fox(self, events: list[Event], target: int, index: int) -> None:
        self.ap -= FOX_TO_OWN_AP if target == self.turn else FOX_TO_NEIGHBOUR_AP
        self.fox_moved = True
        self._move_fox(events, (target, index), message("{seat} moved it", seat=Seat(self.turn)))

    def _do_pass_fox(self, events: list[Event], index: int) -> None:
        why = message("{seat} passed it after the turn", seat=Seat(self.turn))
        self._move_fox(events, (self.left_neighbour, index), why)
        self._next_turn(events)

    def _do_keep_fox(self, events: list[Event]) -> None:
        self._next_turn(events)

    # -- rule steps ----------------------------------------------------------------------------------
    def _leave_hand(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            # Which copy left is unknown to the others: one known copy fewer is all they can be sure of.
            self.known[seat].remove(card)

    def _move_fox(self, events: list[Event], where: tuple[int, int], why: Message) -> None:
        if self.fox == where:  # a first open card on the treasure the fox already guards
            return
        src = "supply" if self.fox is None else collection_zone(*self.fox)
        self.fox = where
        events.append(CardMoved(card=FOX, src=src, dst=collection_zone(*where)))
        events.append(FoxMoved(text=message("The fox goes to {seat}'s collection {index}: {why}.",
                                            seat=Seat(where[0]), index=where[1] + 1, why=why),
                               seat=where[0], owner=where[0], collection=where[1]))

    def _turn_up(self, events: list[Event]) -> str | None:
        """The next collection card from the pile; Dschingis Hahn cards on the way go to the middle at once,
        with their scorings (GP-R6, GP-R9). None when the 10th ended the game."""
        while True:
            card = self.pile.pop()
            if card != DH:
                return card
            self.middle += 1
            events.append(CardMoved(card=DH, src="draw", dst="middle"))
            events.append(DHToMiddle(text=message("{card} number {number} goes to the middle.",
                                                  card=card_param(DH), number=self.middle),
                                     number=self.middle))
            if self.middle in self.data.scoring_at:
                self._score(events)
                if self.phase == OVER:
                    return None

    def _refill(self, events: list[Event], slot: int) -> None:
        while len(self.display) < self.data.display_size:
            card = self._turn_up(events)
            if card is None:
                return
            self.display.insert(slot, card)
            events.append(CardMoved(card=card, src="draw", dst=f"offer:{slot}"))

    def _score(self, events: list[Event]) -> None:
        final = self.middle == self.data.dh_cards
        breakdown = scoring(len(self.scorings) + 1, self.middle, final, self.collections, self.fox,
                            [len(h) for h in self.hands], self.data)
        self.scorings.append(breakdown)
        text = describe(breakdown)
        scorers = tuple(s for s, p in enumerate(breakdown["points"]) if p > 0)
        reason = RoundReason.FINAL_SCORING if final else RoundReason.SCORING
        events.append(RoundEnded(reason=reason, text=text, scorers=scorers))
        events.append(ScoringDone(text=text, breakdown=breakdown))
        for seat, gained in enumerate(breakdown["points"]):
            if gained:
                old = self.points[seat]
                self.points[seat] = old + gained
                events.append(ScoreChanged(seat=seat, old=old, new=self.points[seat], reason=text))
        if final:
            self.phase = OVER
            events.append(GameEnded(winners=tuple(self.winners()), text=self.result_text()))

    def _end_turn(self, events: list[Event]) -> None:
        fox = self.fox
        if fox is not None and fox[0] == self.turn and self.collections[self.left_neighbour]:
            self.phase = FOX_PASS
            events.append(FoxPassDue(seat=self.turn, reason=MAY_PASS_FOX))
        else:
            self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        self.turn = self.left_neighbour
        self.ap = self.data.ap_per_turn
        self.fox_moved = False
        self.phase = TURN
        events.append(TurnChanged(seat=self.turn, reason=NEXT_IN_ORDER))

    # -- views (view.py) -----------------------------------------------------------------------------
    def next_scoring(self) -> int | None:
        return next((t for t in self.data.scoring_at if t > self.middle), None)

    def observation(self, seat: int | None) -> GloriaObservation:
        from game.gloria_picktoria.view import observation

        return observation(self, seat)

    # -- copies ----------------------------------------------------------------------------------------
    def clone(self) -> GloriaState:
        new = GloriaState.__new__(GloriaState)
        self._copy_base_into(new)
        new.hands = [list(h) for h in self.hands]
        new.doublers = list(self.doublers)
        new.known = [list(k) for k in self.known]
        new.display = list(self.display)
        new.pile = list(self.pile)
        new.middle = self.middle
        new.collections = [[c.copy() for c in own] for own in self.collections]
        new.fox = self.fox
        new.turn = self.turn
        new.ap = self.ap
        new.fox_moved = self.fox_moved
        new.phase = self.phase
        new.points = list(self.points)
        new.scorings = list(self.scorings)  # a breakdown is never changed once made
        return new

    def determinize(self, seat: int, rng: Rng) -> GloriaState:
        """Re-deal what `seat` cannot know (determinize.py)."""
        from game.gloria_picktoria.determinize import determinize

        return determinize(self, seat, rng)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "players": self.num_players,
            "options": dict(self.options),
            "rng": self.rng.state,
            "hands": [list(h) for h in self.hands],
            "doublers": list(self.doublers),
            "known": [list(k) for k in self.known],
            "display": list(self.display),
            "pile": list(self.pile),
            "middle": self.middle,
            "collections": [[c.to_dict() for c in own] for own in self.collections],
            "fox": list(self.fox) if self.fox is not None else None,
            "turn": self.turn,
            "ap": self.ap,
            "fox_moved": self.fox_moved,
            "phase": self.phase,
            "points": list(self.points),
            "scorings": [copy_breakdown(b) for b in self.scorings],
        }


__all__ = ["FOX_PASS", "OVER", "PHASES", "TURN", "GloriaState"]
