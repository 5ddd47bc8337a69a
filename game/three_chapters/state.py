"""3 Chapters: the state of one game and its moves (TC-R1..TC-R9).

Phases: ``draft`` (chapter I), ``play`` (chapter II), ``end`` (chapter III has been scored).
Actions (made by the constructors of game.py): ``pick <value>`` (keep a card from the packet),
``ghost <value>`` (2 players: the card for one's ghost pile, after the pick), ``play <value>`` (a card from
the hand to the trick).

Positions in a trick are seats 0..n-1; with 2 players the ghosts sit at positions 2 (ghost of seat 0) and
3 (ghost of seat 1), and the trick goes round 0, 2, 1, 3 (start player, ghost 1, second player, ghost 2).
Ghosts decide nothing: whenever a ghost is to play, its top card goes to the trick at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import (
    Action,
    CardMoved,
    Event,
    GameEnded,
    Note,
    Rng,
    ScoreChanged,
    Shuffled,
    State,
    TurnChanged,
)
from game.i18n import Message, Seat, Text, listing, message, plural_message
from game.three_chapters.abilities import (
    CRYSTAL_BONUS,
    TRICK_WIN,
    Gain,
    Trick,
    resolve_trick,
    score_chapter_three,
)
from game.three_chapters.cards import NUM_CARDS, CardSet, card_param, card_text, token_message
from game.three_chapters.data import ThreeChaptersData
from game.three_chapters.draft import DraftLog
from game.three_chapters.events import CHAPTER, ChapterEnded, NewDeal, TrickWon
from game.three_chapters.game import CONSTRUCTORS, GHOST, PICK
from game.three_chapters.game import PLAY as PLAY_CARD
from game.three_chapters.view import ThreeChaptersObservation

DRAFT, PLAY, END = "draft", "play", "end"
PHASES = (DRAFT, PLAY, END)
#: every action there can be, made once (actions are immutable values)
ACTIONS: dict[str, dict[int, Action]] = {
    kind: {v: made(v) for v in range(1, NUM_CARDS + 1)} for kind, made in CONSTRUCTORS.items()
}

#: with ghosts, who plays after whom: 0, ghost of 0 (2), 1, ghost of 1 (3)
_GHOST_NEXT = {0: 2, 2: 1, 1: 3, 3: 0}


def seat_name(seat: int) -> str:
    """A seat's name for tools and data (the screens name seats by `Seat` in messages)."""
    return f"Player {seat + 1}"


def position_words(position: int, players: int) -> Seat | Message:
    """A place in a trick as a message parameter: its seat, or (2 players) the ghost of seat
    `position - players`."""
    if position < players:
        return Seat(position)
    return message("Ghost of {seat}", seat=Seat(position - players))


class ThreeChaptersState(State):
    game_id = "three_chapters"
    #: the card data (a variant's or the shipped one): the cards, chapter I's shape, the scoring
    data: ThreeChaptersData

    def __init__(self, num_players: int, rng: Rng, options: Mapping[str, Any]) -> None:
        super().__init__(num_players, rng, options)
        self.shape = self.data.shape(num_players)
        n = num_players
        self.phase = DRAFT
        self.deck: list[int] = []  # never dealt yet (the top is the end)
        self.out: list[int] = []  # left the game face down
        self.deal = 0
        self.round = 0
        self.packets: list[list[int]] = [[] for _ in range(n)]  # the packet each seat holds now
        self.picked_now = [0] * n  # picks made in this round
        self.picks: list[list[int]] = [[] for _ in range(n)]  # face-down own picks
        self.ghosts: list[list[int]] = [[] for _ in range(n)]  # ghost piles (top = end)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.displays: list[list[int]] = [[] for _ in range(n)]
        self.aside: list[list[int]] = [[] for _ in range(n)]  # played ghost cards, by ghost owner
        self.trick: list[tuple[int, int]] = []  # (position, card)
        self.leader = 0
        self.start_player = 0
        self.tricks_done = 0
        self.tokens: list[list[int]] = [[0, 0, 0] for _ in range(n)]  # stars, hearts, crystals
        self.tricks_won = [0] * n
        self.ledger: list[Gain] = []
        self.last_trick: dict[str, Any] | None = None
        self.draft_log: DraftLog | None = DraftLog([], [])

    @property
    def cards(self) -> CardSet:
        """The game's cards (`data.cards`)."""
        return self.data.cards

    # -- seats and positions --------------------------------------------------------------------------
    @property
    def order(self) -> list[int]:
        """The positions of a trick in clockwise order."""
        return [0, 2, 1, 3] if self.shape.ghosts else list(range(self.num_players))

    def owner(self, position: int) -> int | None:
        return position if position < self.num_players else None

    def ghost_owner(self, position: int) -> int:
        return position - self.num_players

    def position_name(self, position: int) -> Seat | Message:
        return position_words(position, self.num_players)

    def to_play(self) -> int | None:
        """The position that plays next to the trick (None outside chapter II)."""
        if self.phase != PLAY:
            return None
        if not self.trick:
            return self.leader
        last = self.trick[-1][0]
        if self.shape.ghosts:
            return _GHOST_NEXT[last]
        return (last + 1) % self.num_players

    @property
    def current_player(self) -> int | None:
        if self.phase == DRAFT:
            for seat in range(self.num_players):
                if self.picked_now[seat] < self.shape.picks_per_round:
                    return seat
            return None
        if self.phase == PLAY:
            position = self.to_play()
            return None if position is None else self.owner(position)
        return None

    # -- moves ----------------------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        seat = self.current_player
        if seat is None:
            return []
        if self.phase == DRAFT:
            made = ACTIONS[GHOST if self.picked_now[seat] == 1 else PICK]
            return [made[v] for v in sorted(self.packets[seat])]
        made = ACTIONS[PLAY_CARD]
        return [made[v] for v in sorted(self.hands[seat])]

    def _apply(self, action: Action) -> list[Event]:
        seat = self.current_player
        assert seat is not None
        value = int(action.args[0])
        if action.kind == PLAY_CARD:
            events = self._play(seat, value, f"hand:{seat}", self.hands[seat])
        else:
            events = self._pick(seat, action.kind, value)
        events.extend(self._advance())
        nxt = self.current_player
        if nxt is not None and nxt != seat:
            events.append(TurnChanged(seat=nxt, reason=self._turn_reason()))
        return events

    def _turn_reason(self) -> Message:
        if self.phase == DRAFT:
            return message("chooses a card from the packet")
        if not self.trick:
            if self.tricks_done:
                return message("won the last trick and leads")
            return message("is the start player and leads")
        return message("plays next to the trick")

    def _pick(self, seat: int, kind: str, value: int) -> list[Event]:
        self.packets[seat].remove(value)
        self.picked_now[seat] += 1
        if self.draft_log is not None:
            self.draft_log.picks[self.deal][self.round][seat].append(value)
        if kind == GHOST:
            self.ghosts[seat].append(value)
            dst = f"ghost:{seat}"
        else:
            self.picks[seat].append(value)
            dst = f"picks:{seat}"
        return [CardMoved(card=str(value), src=f"hand:{seat}", dst=dst, face_up=False,
                          visible_to=frozenset({seat}))]

    def _play(self, position: int, value: int, src: str, pile: list[int]) -> list[Event]:
        pile.remove(value)
        self.trick.append((position, value))
        return [CardMoved(card=str(value), src=src, dst="trick", face_up=True)]

    def _advance(self) -> list[Event]:
        """Everything that follows without a decision: passing packets, new deals, ghost plays, tricks."""
        events: list[Event] = []
        while True:
            if self.phase == DRAFT:
                if self.current_player is not None:
                    return events
                events.extend(self._end_draft_round())
                continue
            if self.phase != PLAY:
                return events
            if len(self.trick) == (4 if self.shape.ghosts else self.num_players):
                events.extend(self._finish_trick())
                continue
            position = self.to_play()
            assert position is not None
            if self.owner(position) is not None:
                return events
            ghost = self.ghost_owner(position)
            events.extend(self._play(position, self.ghosts[ghost][-1], f"ghost:{ghost}", self.ghosts[ghost]))

    # -- chapter I ------------------------------------------------------------------------------------
    def _deal_packets(self) -> list[Event]:
        events: list[Event] = []
        n = self.num_players
        for seat in range(n):
            self.packets[seat] = [self.deck.pop() for _ in range(self.data.packet_size)]
            for v in self.packets[seat]:
                events.append(CardMoved(card=str(v), src="deck", dst=f"hand:{seat}", face_up=False,
                                        visible_to=frozenset({seat})))
        if self.draft_log is not None:
            self.draft_log.packets.append([list(p) for p in self.packets])
            self.draft_log.picks.append([[[] for _ in range(n)]])
        self.round = 0
        self.picked_now = [0] * n
        return events

    def _end_draft_round(self) -> list[Event]:
        n = self.num_players
        events: list[Event] = []
        if self.round + 1 < self.shape.rounds:
            for seat in range(n):
                left = (seat + 1) % n
                for v in self.packets[seat]:
                    events.append(CardMoved(card=str(v), src=f"hand:{seat}", dst=f"hand:{left}",
                                            face_up=False, visible_to=frozenset({seat, left})))
            self.packets = [self.packets[(seat - 1) % n] for seat in range(n)]
            self.round += 1
            self.picked_now = [0] * n
            if self.draft_log is not None:
                self.draft_log.picks[self.deal].append([[] for _ in range(n)])
            return events
        for seat in range(n):
            for v in self.packets[seat]:
                events.append(CardMoved(card=str(v), src=f"hand:{seat}", dst="out", face_up=False,
                                        visible_to=frozenset({seat})))
            self.out.extend(self.packets[seat])
            self.packets[seat] = []
        if self.deal + 1 < self.shape.deals:
            self.deal += 1
            events.append(NewDeal(text=message("Chapter I: deal {deal} of {deals}", deal=self.deal + 1,
                                               deals=self.shape.deals),
                                  deal=self.deal + 1, deals=self.shape.deals))
            events.extend(self._deal_packets())
            return events
        return events + self._start_chapter_two()

    def _start_chapter_two(self) -> list[Event]:
        events: list[Event] = []
        n = self.num_players
        self.picked_now = [0] * n
        for seat in range(n):
            for v in self.picks[seat]:
                events.append(CardMoved(card=str(v), src=f"picks:{seat}", dst=f"hand:{seat}", face_up=False,
                                        visible_to=frozenset({seat})))
            self.hands[seat] = sorted(self.picks[seat])
            self.picks[seat] = []
            if self.shape.ghosts:
                self.rng.shuffle(self.ghosts[seat])
                events.append(Shuffled(zone=f"ghost:{seat}", count=len(self.ghosts[seat])))
        self.start_player = self.rng.randbelow(n)
        self.leader = self.start_player
        self.phase = PLAY
        events.append(ChapterEnded(reason=CHAPTER, text=message("Chapter I is over: Chapter II begins"),
                                   chapter=1))
        events.append(Note(text=message("{seat} is the start player", seat=Seat(self.start_player)),
                           seat=self.start_player))
        return events

    # -- chapter II -----------------------------------------------------------------------------------
    def _finish_trick(self) -> list[Event]:
        n = self.num_players
        trick = Trick(tuple(self.trick))
        winner = trick.winner
        self.tricks_done += 1
        before = [self.data.points(t) for t in self.tokens]
        owners = {pos: self.owner(pos) for pos, _ in self.trick}
        gains = resolve_trick(self.data, trick, owners, self.displays, self.tokens, self.tricks_won,
                              self.tricks_done)
        self.ledger.extend(gains)
        win_value = dict(self.trick)[winner]
        events: list[Event] = [TrickWon(
            text=message("Trick {number}: {winner} wins with {card:dat} ({value})", number=self.tricks_done,
                         winner=self.position_name(winner), card=card_param(win_value), value=win_value),
            seat=self.owner(winner), trick=self.tricks_done, winner=winner, card=win_value)]
        events.extend(self._gain_notes(gains))
        events.extend(self._score_events(before, message("trick {number}", number=self.tricks_done)))
        for pos, value in self.trick:
            seat = self.owner(pos)
            if seat is None:
                self.aside[self.ghost_owner(pos)].append(value)
                events.append(CardMoved(card=str(value), src="trick", dst="aside", face_up=True))
            else:
                self.displays[seat].append(value)
                events.append(CardMoved(card=str(value), src="trick", dst=f"display:{seat}", face_up=True))
        self.last_trick = {"trick": self.tricks_done, "plays": [list(p) for p in self.trick],
                           "winner": winner, "gains": [g.to_list() for g in gains]}
        self.trick = []
        self.leader = winner
        if all(not h for h in self.hands[:n]):
            events.extend(self._chapter_three())
        return events

    # -- chapter III ----------------------------------------------------------------------------------
    def _chapter_three(self) -> list[Event]:
        events: list[Event] = [ChapterEnded(reason=CHAPTER, chapter=2,
                                            text=message("Chapter II is over: Chapter III scores"))]
        before = [self.data.points(t) for t in self.tokens]
        gains = score_chapter_three(self.data, self.displays, self.tokens, self.tricks_won)
        self.ledger.extend(gains)
        events.extend(self._gain_notes(gains))
        events.extend(self._score_events(before, message("Chapter III")))
        self.phase = END
        events.append(GameEnded(winners=tuple(self.winners()), text=self.result_text()))
        return events

    def _gain_notes(self, gains: list[Gain]) -> list[Event]:
        return [Note(text=self.gain_text(g), seat=g.seat) for g in gains]

    def gain_text(self, gain: Gain) -> Message:
        seat, tokens = Seat(gain.seat), token_message(gain.token, gain.amount)
        if gain.source == TRICK_WIN:
            text = message("{seat}: {tokens} for winning the trick", seat=seat, tokens=tokens)
        elif gain.source == CRYSTAL_BONUS:
            text = message("{seat}: {tokens} for the most crystals", seat=seat, tokens=tokens)
        else:
            value = int(gain.source)
            text = message("{seat}: {tokens} from {card:dat} ({value})", seat=seat, tokens=tokens,
                           card=card_param(value), value=value)
        blocker = self._blocker()
        if gain.blocked and blocker is not None:
            return message("{gain} (blocked by {card:acc})", gain=text, card=card_param(blocker))
        if gain.blocked:
            return message("{gain} (blocked)", gain=text)
        return text

    def _blocker(self) -> int | None:
        """The card that blocks rewards in a trick (the Schneekönigin)."""
        return next((c.value for c in self.cards.cards.values() if any(a.block for a in c.abilities)), None)

    def _score_events(self, before: list[int], reason: Message) -> list[Event]:
        after = [self.data.points(t) for t in self.tokens]
        return [ScoreChanged(seat=s, old=before[s], new=after[s], reason=reason)
                for s in range(self.num_players) if after[s] != before[s]]

    # -- results --------------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == END

    def scores(self) -> list[float]:
        return [self.data.points(t) for t in self.tokens]

    def winners(self) -> list[int]:
        if self.phase != END:
            return []
        scores = self.scores()
        best = max(scores)
        tied = [s for s in range(self.num_players) if scores[s] == best]
        if len(tied) == 1:
            return tied
        top = max(max(self.displays[s], default=0) for s in tied)
        return [s for s in tied if max(self.displays[s], default=0) == top]

    def result_text(self) -> Text:
        if self.phase != END:
            return ""
        scores = self.scores()
        winners = self.winners()
        best = int(scores[winners[0]])
        tied = [s for s in range(self.num_players) if scores[s] == best]
        if len(winners) == 1:
            text = plural_message("{winner} wins with {n} point", "{winner} wins with {n} points", n=best,
                                  winner=Seat(winners[0]))
        else:
            text = plural_message("{winners} win with {n} point", "{winners} win with {n} points", n=best,
                                  winners=listing(Seat(s) for s in winners))
        if len(tied) > 1 and len(winners) == 1:
            top = max(self.displays[winners[0]])
            return message("{result} (tied on points; the highest card in the display, {card} ({value}), "
                           "decides)", result=text, card=card_param(top), value=top)
        return text

    # -- what a seat sees -----------------------------------------------------------------------------
    def observation(self, seat: int | None) -> ThreeChaptersObservation:
        from game.three_chapters.view import observation

        return observation(self, seat)

    def explain_illegal(self, action: Action) -> Text:
        from game.three_chapters.explain import explain_illegal

        return explain_illegal(self, action)

    # -- copies and data ------------------------------------------------------------------------------
    def clone(self) -> ThreeChaptersState:
        new = ThreeChaptersState.__new__(ThreeChaptersState)
        self._copy_base_into(new)
        new.shape = self.shape
        new.phase = self.phase
        new.deck = list(self.deck)
        new.out = list(self.out)
        new.deal = self.deal
        new.round = self.round
        new.packets = [list(p) for p in self.packets]
        new.picked_now = list(self.picked_now)
        new.picks = [list(p) for p in self.picks]
        new.ghosts = [list(p) for p in self.ghosts]
        new.hands = [list(p) for p in self.hands]
        new.displays = [list(p) for p in self.displays]
        new.aside = [list(p) for p in self.aside]
        new.trick = list(self.trick)
        new.leader = self.leader
        new.start_player = self.start_player
        new.tricks_done = self.tricks_done
        new.tokens = [list(t) for t in self.tokens]
        new.tricks_won = list(self.tricks_won)
        new.ledger = list(self.ledger)
        new.last_trick = self.last_trick  # replaced, never mutated
        new.draft_log = self.draft_log.copy() if self.draft_log is not None else None
        return new

    def determinize(self, seat: int, rng: Rng) -> ThreeChaptersState:
        from game.three_chapters.determinize import determinize

        return determinize(self, seat, rng)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "players": self.num_players,
            "options": dict(self.options),
            "rng": self.rng.state,
            "phase": self.phase,
            "deck": list(self.deck),
            "out": list(self.out),
            "deal": self.deal,
            "round": self.round,
            "packets": [list(p) for p in self.packets],
            "picked_now": list(self.picked_now),
            "picks": [list(p) for p in self.picks],
            "ghosts": [list(p) for p in self.ghosts],
            "hands": [list(p) for p in self.hands],
            "displays": [list(p) for p in self.displays],
            "aside": [list(p) for p in self.aside],
            "trick": [list(p) for p in self.trick],
            "leader": self.leader,
            "start_player": self.start_player,
            "tricks_done": self.tricks_done,
            "tokens": [list(t) for t in self.tokens],
            "tricks_won": list(self.tricks_won),
            "ledger": [g.to_list() for g in self.ledger],
            "last_trick": self.last_trick,
            "draft_log": self.draft_log.to_dict() if self.draft_log is not None else None,
        }

    def zones(self) -> dict[str, list[int]]:
        """Every place a card can be, by name (for conservation checks)."""
        out: dict[str, list[int]] = {"deck": self.deck, "out": self.out,
                                     "trick": [v for _, v in self.trick]}
        for seat in range(self.num_players):
            out[f"packet:{seat}"] = self.packets[seat]
            out[f"picks:{seat}"] = self.picks[seat]
            out[f"ghost:{seat}"] = self.ghosts[seat]
            out[f"hand:{seat}"] = self.hands[seat]
            out[f"display:{seat}"] = self.displays[seat]
            out[f"aside:{seat}"] = self.aside[seat]
        return out

    def card_lines(self, value: int) -> list[str]:
        return card_text(self.cards.cards[value], self.cards.attribute_names)


__all__ = ["DRAFT", "END", "PHASES", "PLAY", "ThreeChaptersState", "position_words", "seat_name"]
