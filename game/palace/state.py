"""A Palace position and its moves (PA-R1..PA-R14 in RULINGS.md).

Phases: "swap" (each player in turn from the dealer's left swaps hand and face-up cards, then says
ready), "play" (the turn player plays, flips or picks up), "redraw" (the turn player finishes a turn in
which they drew cards: they may add drawn cards of the rank just played, PA-R7), "over".

The finishing step follows every play after which the player drew cards (option `redraw`, default on),
whether or not a drawn card matches: when none does, `pass` is the only choice. So the other seats
never learn whether a player had a redraw chance (PA-R14): the phase, the prompt, the events and the
turn change after a pass are the same either way; only the player sees which cards they may add.

Who wins (PA-R12): a player left without cards (hand, face-up, face-down; the draw pile is empty by
then) is out and is one of the winners; play goes on until one player is left, the loser. `winners()`
is every seat but the loser, in the order they went out. `scores()` is each seat's place: 1 for the
first out, 2 for the next, ..., N (the number of players) for the loser; 0 for a seat still playing.
A lower score is a better place.

The actions (swap, ready, play, flip, pickup, pass) and their constructors are in game.py; why one is
refused is explain.py's, what a seat sees view.py's, and a state sampled for search determinize.py's.

Suits never matter, so a play names a count and a rank and the engine moves canonical cards: from the
hand first the cards every player knows are there (picked up or swapped in: playing those keeps the
rest of the hand secret), then the others, each group in suit order C, D, H, S; face-up cards in slot
order.

Zones in events: "draw", "pile", "burned", "hand:<seat>", "up:<seat>:<slot>", "down:<seat>:<slot>".
The events the table tells apart are declared in events.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core import Action, CardMoved, Event, GameEnded, Rng, ScoreChanged, State
from game.i18n import Seat, Text, listing, message, plural_message
from game.palace import rules
from game.palace.cards import BURN, BURN_RUN, RANK_OF, SLOTS, rank_of, rank_param, sort_cards, sorted_cards
from game.palace.data import PalaceData
from game.palace.events import BlindMiss, PileBurned, PlayerOut, TurnCause, TurnPassed
from game.palace.game import flip, parse_play, pass_, pickup, play, ready, swap

if TYPE_CHECKING:
    from game.palace.view import PalaceObservation

SWAP, PLAY, REDRAW, OVER = "swap", "play", "redraw", "over"
PHASES: tuple[str, ...] = (SWAP, PLAY, REDRAW, OVER)
HAND, UP, DOWN = "hand", "up", "down"

# Why the turn moves on, as events say it (the table tells them apart by `TurnPassed.cause`)
NEXT = message("the next player")
SWAPS = message("swaps hand and face-up cards")
PICKED_UP = message("picked up the pile")
BURNED = message("burned the pile: plays again")


class PalaceState(State):
    game_id = "palace"
    data: PalaceData

    def __init__(self, num_players: int, rng: Rng, options: dict[str, Any]) -> None:
        super().__init__(num_players, rng, options)
        n = num_players
        self.dealer = 0
        self.phase = SWAP
        self.turn = 0
        self.ready = 0  # players who have finished swapping
        self.hands: list[list[str]] = [[] for _ in range(n)]  # kept sorted
        self.known: list[list[str]] = [[] for _ in range(n)]  # hand cards every seat saw go there, sorted
        self.up: list[list[str | None]] = [[None] * SLOTS for _ in range(n)]
        self.down: list[list[str | None]] = [[None] * SLOTS for _ in range(n)]
        self.draw: list[str] = []  # the top card is the last
        self.pile: list[str] = []  # the top card is the last
        self.burned: list[str] = []
        self.out: list[int] = []  # finishing order
        self.loser: int | None = None
        self.redraw_rank: str | None = None
        self.fresh: list[str] = []  # the cards of the last draw, while a redraw decision is open
        self.skips = 0  # players the 8s of this turn skip (option eight_skip)

    # -- set-up -----------------------------------------------------------------------------------
    def deal(self, dealer: int) -> None:
        """Shuffle and deal (PA-R2): 3 face-down, 3 face-up, then the hand cards, one at a time
        clockwise from the dealer's left."""
        deck = list(self.data.deck)
        self.rng.shuffle(deck)
        n = self.num_players
        order = [(dealer + 1 + i) % n for i in range(n)]
        for row in (self.down, self.up):
            for slot in range(SLOTS):
                for seat in order:
                    row[seat][slot] = deck.pop()
        for _ in range(self.options["hand_size"]):
            for seat in order:
                self.hands[seat].append(deck.pop())
        for hand in self.hands:
            sort_cards(hand)
        self.draw = deck
        self.dealer = dealer
        self.turn = order[0]
        self.phase = SWAP

    # -- questions --------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def active_seats(self) -> list[int]:
        return [s for s in range(self.num_players) if s not in self.out]

    def source(self, seat: int) -> str:
        """Where `seat` plays from now (PA-R10): the hand, else the face-up cards, else face-down.

        A hand is refilled after every play while the draw pile lasts, so an empty hand means the draw
        pile is gone too (state_from_dict checks that).
        """
        if self.hands[seat]:
            return HAND
        if any(self.up[seat]):
            return UP
        return DOWN

    def has_cards(self, seat: int) -> bool:
        return bool(self.hands[seat]) or any(self.up[seat]) or any(self.down[seat])

    def source_cards(self, seat: int) -> list[str]:
        if self.source(seat) == HAND:
            return self.hands[seat]
        if self.source(seat) == UP:
            return [c for c in self.up[seat] if c is not None]
        return []

    def automatic_action(self) -> Action | None:
        """A finishing step with no drawn card to add has one choice, the pass (PA-R14)."""
        return pass_() if self.phase == REDRAW and not self.redraw_cards() else None

    def redraw_cards(self) -> list[str]:
        return [c for c in self.fresh if rank_of(c) == self.redraw_rank]

    @staticmethod
    def rank_counts(cards: list[str]) -> dict[str, int]:
        """Cards per rank, ranks in the order of `cards` (hands are sorted, so low to high)."""
        counts: dict[str, int] = {}
        for card in cards:
            rank = RANK_OF[card]
            counts[rank] = counts.get(rank, 0) + 1
        return counts

    def scores(self) -> list[float]:
        """Each seat's place (PA-R12): 1 = out first ... N = the loser; 0 while the seat still plays."""
        result = [0.0] * self.num_players
        for place, seat in enumerate(self.finishing_order(), start=1):
            result[seat] = float(place)
        return result

    def winners(self) -> list[int]:
        """Every seat but the loser, in the order they went out (PA-R12); [] before the end."""
        return list(self.out) if self.phase == OVER else []

    def finishing_order(self) -> list[int]:
        """The seats out so far in order, and the loser last once the game is over."""
        return self.out + ([self.loser] if self.loser is not None else [])

    def result_text(self) -> Text:
        if self.phase != OVER or self.loser is None:
            return ""
        if len(self.out) == 1:
            return message("{winner} is out and wins. {loser} is left with cards: the Palace loser.",
                           winner=Seat(self.out[0]), loser=Seat(self.loser))
        return message("Out first to last, all winners: {order}. {loser} is left with cards: the Palace "
                       "loser.", order=listing(Seat(s) for s in self.out), loser=Seat(self.loser))

    # -- legal actions ----------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        seat = self.turn
        if self.phase == SWAP:
            hand, up = self.hands[seat], self.up[seat]
            swaps = [swap(h, u) for h in hand for u in up
                     if u is not None and rank_of(h) != rank_of(u)]
            return [*swaps, ready()]
        if self.phase == REDRAW:
            count = len(self.redraw_cards())
            return [*(play(k, self.redraw_rank or "") for k in range(1, count + 1)), pass_()]
        actions = self._play_actions(seat)
        may_pick_up = not actions or self.options["voluntary_pickup"]
        if may_pick_up and self.pile:
            actions.append(pickup())
        return actions

    def _play_actions(self, seat: int) -> list[Action]:
        if self.source(seat) == DOWN:
            return [flip(slot) for slot, card in enumerate(self.down[seat]) if card is not None]
        playable = rules.playable_ranks(self.pile, self.options, self.data)
        cards = self.hands[seat] or sorted_cards([c for c in self.up[seat] if c is not None])
        counts = self.rank_counts(cards)
        return [play(k, rank) for rank in counts if rank in playable for k in range(1, counts[rank] + 1)]

    def explain_illegal(self, action: Action) -> Text:
        from game.palace.explain import explain_illegal

        return explain_illegal(self, action)

    # -- moves ------------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = action.kind
        if kind == "swap":
            self._swap(str(action.args[0]), str(action.args[1]), events)
        elif kind == "ready":
            self._ready(events)
        elif kind == "play":
            count, rank = parse_play(action.args[0]) or (0, "")
            self._play(count, rank, events)
        elif kind == "flip":
            self._flip(int(action.args[0]), events)
        elif kind == "pickup":
            self._pick_up(self.turn, events)
            self._end_turn(events, PICKED_UP, TurnCause.PICKED_UP)
        elif kind == "pass":  # ends the turn as a play without a draw does: a pass tells nothing (PA-R14)
            self.phase, self.redraw_rank, self.fresh = PLAY, None, []
            self._close_turn(self.turn, events)
        return events

    def _swap(self, hand_card: str, up_card: str, events: list[Event]) -> None:
        seat = self.turn
        slot = self.up[seat].index(up_card)
        self.hands[seat].remove(hand_card)
        if hand_card in self.known[seat]:
            self.known[seat].remove(hand_card)
        self.up[seat][slot] = hand_card
        self.hands[seat].append(up_card)
        sort_cards(self.hands[seat])
        self.known[seat].append(up_card)  # it lay face up: everyone saw it go into the hand
        sort_cards(self.known[seat])
        events.append(CardMoved(card=hand_card, src=f"hand:{seat}", dst=f"up:{seat}:{slot}"))
        events.append(CardMoved(card=up_card, src=f"up:{seat}:{slot}", dst=f"hand:{seat}"))

    def _ready(self, events: list[Event]) -> None:
        self.ready += 1
        if self.ready < self.num_players:
            self.turn = (self.turn + 1) % self.num_players
            events.append(TurnPassed(seat=self.turn, reason=SWAPS, cause=TurnCause.SWAPS))
            return
        self.phase = PLAY
        self.turn = self.first_player()
        ranks = self.data.rank
        low = min(ranks[rank_of(c)].opening for c in self.up[self.turn] if c)
        rank = next(r for r in ranks.values() if r.opening == low).name
        reason = message("starts with the lowest face-up card, {rank:a_nom}", rank=rank_param(rank))
        events.append(TurnPassed(seat=self.turn, reason=reason, cause=TurnCause.OPENING))

    def first_player(self) -> int:
        """PA-R4: the lowest face-up card starts (RANKS' opening order); ties go clockwise from the dealer."""
        n = self.num_players
        order = [(self.dealer + 1 + i) % n for i in range(n)]

        def lowest(seat: int) -> int:
            return min((self.data.rank[rank_of(c)].opening for c in self.up[seat] if c), default=99)

        return min(order, key=lambda seat: (lowest(seat), order.index(seat)))

    def _take_cards(self, seat: int, count: int, rank: str) -> list[tuple[str, str]]:
        """Remove the canonical `count` cards of `rank` from where the seat plays now; return each card
        with the zone it left."""
        if self.phase != REDRAW and not self.hands[seat]:
            up = self.up[seat]
            taken: list[tuple[str, str]] = []
            for slot, card in enumerate(up):
                if card is not None and RANK_OF[card] == rank and len(taken) < count:
                    up[slot] = None
                    taken.append((card, f"up:{seat}:{slot}"))
            return taken
        hand, known = self.hands[seat], self.known[seat]
        if self.phase == REDRAW:
            cards = self.redraw_cards()[:count]
        else:
            seen = [c for c in known if RANK_OF[c] == rank]
            cards = (seen + [c for c in hand if RANK_OF[c] == rank and c not in seen])[:count]
        for card in cards:
            hand.remove(card)
            if card in known:
                known.remove(card)
        zone = f"hand:{seat}"
        return [(card, zone) for card in cards]

    def _play(self, count: int, rank: str, events: list[Event]) -> None:
        seat = self.turn
        for card, zone in self._take_cards(seat, count, rank):
            events.append(CardMoved(card=card, src=zone, dst="pile"))
            self.pile.append(card)
        self.phase, self.redraw_rank, self.fresh = PLAY, None, []
        self.skips += rules.skips(rank, count, self.options, self.data)
        if self._burn_if_due(seat, events):
            return
        drawn = self._draw_up(seat, events)
        if drawn and self.options["redraw"]:
            # The finishing step comes with every draw, a matching card or not, and adds no event of its
            # own: whether the player may add cards shows only in their own observation (PA-R14).
            self.phase, self.redraw_rank, self.fresh = REDRAW, rank, drawn
            return
        self._close_turn(seat, events)

    def _flip(self, slot: int, events: list[Event]) -> None:
        seat = self.turn
        card = self.down[seat][slot]
        assert card is not None
        self.down[seat][slot] = None
        rank = RANK_OF[card]
        playable = rules.can_play(rank, self.pile, self.options, self.data)
        self.pile.append(card)
        events.append(CardMoved(card=card, src=f"down:{seat}:{slot}", dst="pile"))
        if not playable:
            text = message("{seat} turned {rank:a_acc}, which does not go on the pile", seat=Seat(seat),
                           rank=rank_param(rank))
            events.append(BlindMiss(text=text, seat=seat, rank=rank))
            self._pick_up(seat, events)
            self._end_turn(events, PICKED_UP, TurnCause.PICKED_UP)
            return
        self.skips += rules.skips(rank, 1, self.options, self.data)
        if not self._burn_if_due(seat, events):
            self._close_turn(seat, events)

    def _close_turn(self, seat: int, events: list[Event]) -> None:
        """The turn is over: a player left without cards is out (PA-R12), then the next player is on."""
        if not self.has_cards(seat):
            self._finish(seat, events)
        self._end_turn(events)

    def _burn_if_due(self, seat: int, events: list[Event]) -> bool:
        """PA-R9: burn the pile; the burner plays again, or is out and the next player starts.

        No redraw decision follows a burn: the burner starts the new pile with any play anyway."""
        if not rules.burns(self.pile, self.options, self.data):
            return False
        top = rank_of(self.pile[-1])
        if rules.power(top, self.options, self.data) != BURN:
            if self.data.burn_run == BURN_RUN:
                text = message("{seat} burns the pile with four {rank:pl}", seat=Seat(seat),
                               rank=rank_param(top))
            else:  # a variant's shorter run
                text = message("{seat} burns the pile with {count} {rank:pl_dat}", seat=Seat(seat),
                               count=self.data.burn_run, rank=rank_param(top))
        elif top == "10":
            text = message("{seat} burns the pile with a 10", seat=Seat(seat))
        else:  # a variant's burning rank
            text = message("{seat} burns the pile with {rank:a_acc}", seat=Seat(seat), rank=rank_param(top))
        for card in self.pile:
            events.append(CardMoved(card=card, src="pile", dst="burned"))
        self.burned.extend(self.pile)
        self.pile = []
        self.skips = 0
        events.append(PileBurned(text=text, seat=seat, rank=top))
        self._draw_up(seat, events)
        if self.has_cards(seat):
            events.append(TurnPassed(seat=seat, reason=BURNED, cause=TurnCause.BURNED))
        else:
            self._close_turn(seat, events)
        return True

    def _draw_up(self, seat: int, events: list[Event]) -> list[str]:
        """PA-R6: draw back up to the hand size while the draw pile lasts."""
        drawn: list[str] = []
        hand = self.hands[seat]
        while self.draw and len(hand) < self.options["hand_size"]:
            card = self.draw.pop()
            hand.append(card)
            drawn.append(card)
            events.append(CardMoved(card=card, src="draw", dst=f"hand:{seat}", face_up=False,
                                    visible_to=frozenset({seat})))
        sort_cards(hand)
        sort_cards(drawn)
        return drawn

    def _pick_up(self, seat: int, events: list[Event]) -> None:
        for card in self.pile:
            events.append(CardMoved(card=card, src="pile", dst=f"hand:{seat}"))
        self.hands[seat].extend(self.pile)
        self.known[seat].extend(self.pile)
        sort_cards(self.hands[seat])
        sort_cards(self.known[seat])
        self.pile = []
        self.skips = 0

    def _finish(self, seat: int, events: list[Event]) -> None:
        """PA-R12: a player without cards is out, one of the winners; the last one left loses."""
        self.out.append(seat)
        place = len(self.out)
        events.append(ScoreChanged(seat=seat, old=0.0, new=float(place),
                                   reason=message("out in place {place}", place=place)))
        text = message("{seat} is out in place {place}", seat=Seat(seat), place=place)
        events.append(PlayerOut(text=text, seat=seat, place=place))
        left = self.active_seats()
        if len(left) > 1:
            return
        self.loser = left[0]
        self.phase, self.redraw_rank, self.fresh, self.skips = OVER, None, [], 0
        events.append(ScoreChanged(seat=self.loser, old=0.0, new=float(self.num_players),
                                   reason=message("left with cards: the loser")))
        events.append(GameEnded(winners=tuple(self.winners()), text=self.result_text()))

    def _end_turn(self, events: list[Event], reason: Text = "", cause: TurnCause = TurnCause.NEXT) -> None:
        """Pass the turn clockwise past the players who are out, and past one player per skipping 8.
        `reason` and its `cause` say why, when the turn ends otherwise than by a play (a pick-up)."""
        if self.phase == OVER:
            return
        n = self.num_players
        order = [(self.turn + i) % n for i in range(1, n + 1)]
        order = [s for s in order if s not in self.out]
        skipped = self.skips
        self.turn = order[skipped % len(order)]
        self.skips = 0
        skipping = plural_message("{n} skipped by the 8", "{n} skipped by the 8s", n=skipped)
        if not reason:
            reason, cause = (skipping, TurnCause.SKIPPED) if skipped else (NEXT, TurnCause.NEXT)
        events.append(TurnPassed(seat=self.turn, reason=reason, cause=cause))

    # -- views ------------------------------------------------------------------------------------
    def observation(self, seat: int | None) -> PalaceObservation:
        from game.palace.view import observation

        return observation(self, seat)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "players": self.num_players,
            "options": dict(self.options),
            "rng": self.rng.state,
            "dealer": self.dealer,
            "phase": self.phase,
            "turn": self.turn,
            "ready": self.ready,
            "hands": [list(h) for h in self.hands],
            "known": [list(k) for k in self.known],
            "up": [list(u) for u in self.up],
            "down": [list(d) for d in self.down],
            "draw": list(self.draw),
            "pile": list(self.pile),
            "burned": list(self.burned),
            "out": list(self.out),
            "loser": self.loser,
            "redraw_rank": self.redraw_rank,
            "fresh": list(self.fresh),
            "skips": self.skips,
        }

    def clone(self) -> PalaceState:
        new = PalaceState.__new__(PalaceState)
        self._copy_base_into(new)
        new.dealer = self.dealer
        new.phase = self.phase
        new.turn = self.turn
        new.ready = self.ready
        new.hands = [list(h) for h in self.hands]
        new.known = [list(k) for k in self.known]
        new.up = [list(u) for u in self.up]
        new.down = [list(d) for d in self.down]
        new.draw = list(self.draw)
        new.pile = list(self.pile)
        new.burned = list(self.burned)
        new.out = list(self.out)
        new.loser = self.loser
        new.redraw_rank = self.redraw_rank
        new.fresh = list(self.fresh)
        new.skips = self.skips
        return new

    def determinize(self, seat: int, rng: Rng) -> PalaceState:
        from game.palace.determinize import determinize

        return determinize(self, seat, rng)
