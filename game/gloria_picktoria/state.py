"""Gloria Picktoria's position and moves (rulings GP-R1..GP-R13).

Actions (one small decision each; `<c>` is a collection's index among its owner's collections, in the
order they were laid, starting at 0):

    treasure <card>        A, 1 AP: lay a hand card (or `treasure doubler`) face down as a new collection
    open <card> <c>        B, 1 AP: lay a hand card face up on own collection <c>
    doubler <c>            B, 1 AP: lay the doubler on own collection <c> (closes it, doubles its score)
    take <slot>            C, 1 AP: take open card 0, 1 or 2 from the display
    draw                   C, 2 AP: take the top card of the draw pile
    fox <seat> <c>         D, once a turn: move the fox from an own collection to collection <c> of <seat>
                           (own seat: 1 AP; the left neighbour, the next seat: 2 AP)
    pass_fox <c>           after the turn (free): put the fox on the left neighbour's collection <c>
    keep_fox               after the turn: leave the fox where it is

Zones of the events: "hand:<seat>", "offer:<slot>" (the open display), "draw", "middle" (the
Dschingis Hahn cards), "collection:<seat>:<c>", "doubler:<seat>" (a seat's unused doubler) and
"supply" (where the fox waits until the first open card calls it). The fox moves as a CardMoved of
the card "fox".
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from game.core import (
    Action,
    CardMoved,
    Event,
    GameEnded,
    Note,
    Rng,
    RoundEnded,
    ScoreChanged,
    State,
    TurnChanged,
)
from game.gloria_picktoria.cards import (
    AP_PER_TURN,
    DH,
    DH_CARDS,
    DISPLAY_SIZE,
    DOUBLER,
    FOX,
    JOKER,
    SCORING_AT,
    card_name,
)
from game.gloria_picktoria.collection import Collection
from game.gloria_picktoria.scoring import describe, penalty_text, scoring
from game.i18n import N_, Card, Message, Seat, Text, listing, message, plural_message

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


def card_param(card_id: str) -> Card:
    """A card of this game as a message parameter (written by cards.card_label)."""
    return Card("gloria_picktoria", card_id)


#: why the turn player still decides after the turn (TurnChanged.reason); the table tells it apart
MAY_PASS_FOX = message("may pass the fox to the left neighbour")
NEXT_IN_ORDER = message("next in seat order")


def collection_zone(seat: int, index: int) -> str:
    return f"collection:{seat}:{index}"


#: the words of the turn prompt, each with the action kinds that make it true
_PROMPT_CHOICES: tuple[tuple[Message, frozenset[str]], ...] = (
    (message("lay a treasure"), frozenset({"treasure"})),
    (message("open a card"), frozenset({"open", "doubler"})),
    (message("take a card"), frozenset({"take", "draw"})),
    (message("move the fox"), frozenset({"fox"})),
)
#: the turn prompt's choices, one to four, as one phrase ("a, b or c")
_ONE_OF: tuple[str, ...] = (N_("{a}"), N_("{a} or {b}"), N_("{a}, {b} or {c}"), N_("{a}, {b}, {c} or {d}"))


class GloriaState(State):
    """A position. Hands are lists of card strings; the draw pile's top is its last element.

    Observation schema (`observation(seat)`), besides the common keys:

        "turn": the seat whose turn it is, "ap": action points left, "fox_moved": the D action is used up,
        "left_neighbour": the seat the fox may go to,
        "hand": own hand cards, sorted (None for a spectator),
        "hand_sizes": [per seat], "doubler_in_hand": [per seat],
        "known_hand_cards": [per seat: cards everyone saw go into that hand (taken from the display)
                             and that are still there for sure],
        "display": the open cards by slot, "pile": cards in the draw pile,
        "dh": {"middle": DH cards in the middle, "total": 10, "next_scoring": 4 | 7 | 10 | None,
               "scorings_done": 0..3}   (GP-R13),
        "collections": [{"owner", "index", "motif", "name", "length", "treasure", "cards", "doubler",
                         "fox", "lone"}, ...] for every collection of every seat,
        "fox": [seat, index] or None before it first stands on a collection,
        "scorings": every scoring so far, each a breakdown as in scoring.py,
        "result_details": once the game is over, the last scoring's minus points seat by seat in words
                          (why a lone treasure under the fox cost nothing, GP-R10); [] before.
    """

    game_id: ClassVar[str] = "gloria_picktoria"

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
    scorings: list[dict[str, Any]]

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
        self.ap = AP_PER_TURN
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
            out = [_action("pass_fox", i) for i in range(len(self.collections[self.left_neighbour]))]
            out.append(_action("keep_fox"))
            return out
        hand = self.hands[seat]
        distinct = sorted(set(hand))
        own = self.collections[seat]
        out = [_action("treasure", card) for card in distinct]
        has_doubler = self.doublers[seat]
        if has_doubler:
            out.append(_action("treasure", DOUBLER))
        own_motifs = {c.motif for c in own}
        for index, coll in enumerate(own):
            if coll.closed:
                continue
            motif = coll.motif
            if motif is None:
                out.extend(_action("open", card, index) for card in distinct
                           if card != JOKER and card not in own_motifs)
            else:
                if motif in hand:
                    out.append(_action("open", motif, index))
                if JOKER in hand:
                    out.append(_action("open", JOKER, index))
            if has_doubler:
                out.append(_action("doubler", index))
        out.extend(_action("take", slot) for slot in range(len(self.display)))
        if self.ap >= DRAW_AP and self.pile:
            out.append(_action("draw"))
        fox = self.fox
        if fox is not None and fox[0] == seat and not self.fox_moved:
            out.extend(_action("fox", seat, i) for i in range(len(own)) if i != fox[1])
            if self.ap >= FOX_TO_NEIGHBOUR_AP:
                left = self.left_neighbour
                out.extend(_action("fox", left, i) for i in range(len(self.collections[left])))
        return out

    def explain_illegal(self, action: Action) -> Text:
        reason = self.refusal(action)
        return reason if reason is not None else message("'{action}' is not allowed now", action=str(action))

    def refusal(self, action: Action) -> Message | None:
        """Why `action` is not allowed now, as a message; None if it is legal."""
        if self.phase == OVER:
            return message("the game is over")
        kind, args = action.kind, action.args
        known = ("treasure", "open", "doubler", "take", "draw", "fox", "pass_fox", "keep_fox")
        if kind not in known:
            return message("'{kind}' is not an action of Gloria Picktoria (actions: {actions})", kind=kind,
                           actions=", ".join(known))
        seat = self.turn
        if self.phase == FOX_PASS:
            if kind not in ("pass_fox", "keep_fox"):
                return message("{seat}'s action points are spent: pass the fox to {left} (pass_fox "
                               "<collection>) or keep it (keep_fox)", seat=Seat(seat),
                               left=Seat(self.left_neighbour))
        elif kind in ("pass_fox", "keep_fox"):
            return message("the fox may be passed only after the turn, once all 3 action points are spent")
        shape = _SHAPES[kind]
        if len(args) != len(shape) or not all(isinstance(a, t) for a, t in zip(args, shape, strict=True)):
            return message("'{kind}' is written {usage}", kind=kind, usage=_USAGE[kind])
        return getattr(self, f"_refuse_{kind}")(seat, *args)

    def _refuse_treasure(self, seat: int, card_id: str) -> Message | None:
        if card_id == DOUBLER:
            return None if self.doublers[seat] else message("your doubler is already on the table")
        return None if card_id in self.hands[seat] else _not_in_hand(card_id)

    def _refuse_open(self, seat: int, card_id: str, index: int) -> Message | None:
        if card_id == DOUBLER:
            return message("the doubler is laid with 'doubler <collection>'")
        if card_id not in self.hands[seat]:
            return _not_in_hand(card_id)
        coll, why = self._own_collection(seat, index)
        if coll is None:
            return why
        if coll.closed:
            return message("your collection {index} is closed by a doubler", index=index + 1)
        if coll.motif is None:
            if card_id == JOKER:
                return message("a joker may never be the first open card of a collection")
            if any(c.motif == card_id for c in self.collections[seat]):
                return message("you already collect {card}: only one collection per motif",
                               card=card_param(card_id))
            return None
        if card_id not in (coll.motif, JOKER):
            return message("your collection {index} is a row of {motif}: {card} does not fit",
                           index=index + 1, motif=card_param(coll.motif), card=card_param(card_id))
        return None

    def _refuse_doubler(self, seat: int, index: int) -> Message | None:
        if not self.doublers[seat]:
            return message("your doubler is already on the table")
        coll, why = self._own_collection(seat, index)
        if coll is None:
            return why
        if coll.closed:
            return message("your collection {index} already has a doubler", index=index + 1)
        return None

    def _refuse_take(self, seat: int, slot: int) -> Message | None:
        if not 0 <= slot < len(self.display):
            return message("the display has open cards 0 to {last}, not {slot}", last=len(self.display) - 1,
                           slot=slot)
        return None

    def _refuse_draw(self, seat: int) -> Message | None:
        if self.ap < DRAW_AP:
            return plural_message("drawing from the pile costs {cost} action points and you have {n} left",
                                  "drawing from the pile costs {cost} action points and you have {n} left",
                                  n=self.ap, cost=DRAW_AP)
        return None

    def _refuse_fox(self, seat: int, target: int, index: int) -> Message | None:
        if self.fox_moved:
            return message("the fox may be moved only once a turn")
        if self.fox is None or self.fox[0] != seat:
            return message("the fox may be moved only while it stands on one of your collections")
        left = self.left_neighbour
        if target == seat:
            if index == self.fox[1]:
                return message("the fox already stands on your collection {index}", index=index + 1)
            coll, why = self._own_collection(seat, index)
            return None if coll is not None else why
        if target != left:
            return message("the fox goes to one of your own collections or to one of {left}'s (your left "
                           "neighbour), not to {seat}'s", left=Seat(left), seat=Seat(target))
        if self.ap < FOX_TO_NEIGHBOUR_AP:
            return plural_message("moving the fox to your left neighbour costs {cost} action points and you "
                                  "have {n} left",
                                  "moving the fox to your left neighbour costs {cost} action points and you "
                                  "have {n} left", n=self.ap, cost=FOX_TO_NEIGHBOUR_AP)
        if not 0 <= index < len(self.collections[left]):
            return self._no_collection(left, index)
        return None

    def _refuse_pass_fox(self, seat: int, index: int) -> Message | None:
        left = self.left_neighbour
        if not 0 <= index < len(self.collections[left]):
            return self._no_collection(left, index)
        return None

    def _refuse_keep_fox(self, seat: int) -> Message | None:
        return None

    def _own_collection(self, seat: int, index: int) -> tuple[Collection | None, Message | None]:
        own = self.collections[seat]
        if 0 <= index < len(own):
            return own[index], None
        return None, self._no_collection(seat, index)

    def _no_collection(self, seat: int, index: int) -> Message:
        count = len(self.collections[seat])
        if seat == self.turn:
            if count == 0:
                return message("you have no collection yet")
            return message("you have collections 0 to {last}, not {index}", last=count - 1, index=index)
        if count == 0:
            return message("{seat} has no collection yet", seat=Seat(seat))
        return message("{seat} has collections 0 to {last}, not {index}", seat=Seat(seat), last=count - 1,
                       index=index)

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
        events.append(Note(text=message("The fox goes to {seat}'s collection {index}: {why}.",
                                        seat=Seat(where[0]), index=where[1] + 1, why=why),
                           seat=where[0], detail={"fox": list(where)}))

    def _turn_up(self, events: list[Event]) -> str | None:
        """The next collection card from the pile; Dschingis Hahn cards on the way go to the middle at once,
        with their scorings (GP-R6, GP-R9). None when the 10th ended the game."""
        while True:
            card = self.pile.pop()
            if card != DH:
                return card
            self.middle += 1
            events.append(CardMoved(card=DH, src="draw", dst="middle"))
            events.append(Note(text=message("{card} number {number} goes to the middle.", card=card_param(DH),
                                            number=self.middle),
                               detail={"dh": self.middle}))
            if self.middle in SCORING_AT:
                self._score(events)
                if self.phase == OVER:
                    return None

    def _refill(self, events: list[Event], slot: int) -> None:
        while len(self.display) < DISPLAY_SIZE:
            card = self._turn_up(events)
            if card is None:
                return
            self.display.insert(slot, card)
            events.append(CardMoved(card=card, src="draw", dst=f"offer:{slot}"))

    def _score(self, events: list[Event]) -> None:
        final = self.middle == DH_CARDS
        breakdown = scoring(len(self.scorings) + 1, self.middle, final, self.collections, self.fox,
                            [len(h) for h in self.hands])
        self.scorings.append(breakdown)
        text = describe(breakdown)
        scorers = tuple(s for s, p in enumerate(breakdown["points"]) if p > 0)
        events.append(RoundEnded(reason="final_scoring" if final else "scoring", text=text, scorers=scorers))
        events.append(Note(text=text, detail=breakdown))
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
            events.append(TurnChanged(seat=self.turn, reason=MAY_PASS_FOX))
        else:
            self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        self.turn = self.left_neighbour
        self.ap = AP_PER_TURN
        self.fox_moved = False
        self.phase = TURN
        events.append(TurnChanged(seat=self.turn, reason=NEXT_IN_ORDER))

    # -- views ---------------------------------------------------------------------------------------
    def next_scoring(self) -> int | None:
        return next((t for t in SCORING_AT if t > self.middle), None)

    def observation(self, seat: int | None) -> dict[str, Any]:
        fox = self.fox
        colls = []
        for owner, own in enumerate(self.collections):
            for index, c in enumerate(own):
                colls.append({
                    "owner": owner, "index": index, "motif": c.motif,
                    "name": card_name(c.motif) if c.motif else "",
                    "length": c.length, "treasure": c.treasure, "cards": list(c.cards),
                    "doubler": c.doubler, "fox": fox == (owner, index), "lone": c.lone,
                })
        return {
            "game": self.game_id,
            "seat": seat,
            "players": self.num_players,
            "current_player": self.current_player,
            "phase": self.phase,
            "prompt": self._prompt(seat),
            "scores": list(self.points),
            "terminal": self.phase == OVER,
            "winners": self.winners(),
            "result": self.result_text(),
            "turn": self.turn,
            "ap": self.ap,
            "fox_moved": self.fox_moved,
            "left_neighbour": self.left_neighbour,
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "doubler_in_hand": list(self.doublers),
            "known_hand_cards": [sorted(k) for k in self.known],
            "display": list(self.display),
            "pile": len(self.pile),
            "dh": {"middle": self.middle, "total": DH_CARDS, "next_scoring": self.next_scoring(),
                   "scorings_done": len(self.scorings)},
            "collections": colls,
            "fox": list(fox) if fox is not None else None,
            "scorings": [_copy_breakdown(b) for b in self.scorings],
            "result_details": self.result_details(),
        }

    def result_details(self) -> list[Text]:
        """The final scoring's minus points, a line per seat, for the results screen."""
        if self.phase != OVER or not self.scorings:
            return []
        lines = [penalty_text(row) for row in self.scorings[-1]["penalties"]]
        return [message("Minus points of the last scoring:"), *lines]

    def _prompt(self, seat: int | None) -> Text:
        """One line for the deciding seat, naming only the kinds of action it has now."""
        if self.phase == OVER:
            return self.result_text()
        if seat != self.turn:
            return message("{seat} is playing", seat=Seat(self.turn))
        if self.phase == FOX_PASS:
            return message("Pass the fox to a collection of {seat}, or keep it",
                           seat=Seat(self.left_neighbour))
        kinds = {action.kind for action in self.legal_actions()}
        choices = [words for words, needs in _PROMPT_CHOICES if kinds & needs]
        if not choices:
            return plural_message("Spend {n} action point", "Spend {n} action points", n=self.ap)
        listed = message(_ONE_OF[len(choices) - 1], **dict(zip("abcd", choices, strict=False)))
        return plural_message("Spend {n} action point: {choices}", "Spend {n} action points: {choices}",
                              n=self.ap, choices=listed)

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
        """Re-deal what `seat` cannot know: the other hands' unseen cards and the draw pile's order.
        The unknown cards are sorted before the shuffle, so the result depends only on what they are."""
        new = self.clone()
        new.rng = rng.spawn()  # the true stream could be run back to the set-up shuffle
        unseen_counts: list[int] = []
        pool: list[str] = []
        for other in range(self.num_players):
            if other == seat:
                unseen_counts.append(0)
                continue
            hidden = Counter(self.hands[other])
            hidden.subtract(self.known[other])
            unseen = list(hidden.elements())
            unseen_counts.append(len(unseen))
            pool.extend(unseen)
        pool.extend(c for c in self.pile if c != DH)
        pool.sort()
        rng.shuffle(pool)
        for other, count in enumerate(unseen_counts):
            if other != seat:
                new.hands[other] = list(self.known[other]) + pool[:count]
                del pool[:count]
        for _ in range(DH_CARDS - self.middle):  # into a shuffled pile: as good as shuffling it again
            pool.insert(rng.randbelow(len(pool) + 1), DH)
        new.pile = pool
        return new

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
            "scorings": [_copy_breakdown(b) for b in self.scorings],
        }


def _copy_breakdown(breakdown: dict[str, Any]) -> dict[str, Any]:
    return {
        **breakdown,
        "motifs": [{**m, "entries": [dict(e) for e in m["entries"]]} for m in breakdown["motifs"]],
        "penalties": [dict(p) for p in breakdown["penalties"]],
        "points": list(breakdown["points"]),
    }


_ACTIONS: dict[tuple[str, tuple[str | int, ...]], Action] = {}


def _action(kind: str, *args: str | int) -> Action:
    """The Action for kind and args, made once: legal-action lists are rebuilt after every move."""
    key = (kind, args)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(kind, args)
    return found


_SHAPES: dict[str, tuple[type, ...]] = {
    "treasure": (str,), "open": (str, int), "doubler": (int,), "take": (int,), "draw": (),
    "fox": (int, int), "pass_fox": (int,), "keep_fox": (),
}
_USAGE: dict[str, str] = {
    "treasure": "'treasure <card>' (or 'treasure doubler')", "open": "'open <card> <collection>'",
    "doubler": "'doubler <collection>'", "take": "'take <slot 0-2>'", "draw": "'draw'",
    "fox": "'fox <seat> <collection>'", "pass_fox": "'pass_fox <collection>'", "keep_fox": "'keep_fox'",
}

def _not_in_hand(card_id: str) -> Message:
    return message("you have no {card} in your hand", card=card_param(card_id))


__all__ = ["FOX_PASS", "OVER", "PHASES", "TURN", "GloriaState"]
