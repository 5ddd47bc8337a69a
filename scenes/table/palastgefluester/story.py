"""What Palastgeflüster's events say and show: a log line for each (`describe`), what the table keeps of
them (`remember`: running points, who decides now and why, whether the next shuffle gathers every card for
a new round), the banners at a round's and the game's end, the rounds of the history, and how a shuffle
moves the cards on the table.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core import (
    CardMoved,
    CardsRevealed,
    Event,
    GameEnded,
    RoundEnded,
    ScoreChanged,
    Shuffled,
    TurnChanged,
)
from game.i18n import Message, Text, join_words, ntr, tr
from game.palastgefluester.cards import card_words, person_label
from game.palastgefluester.data import PalastData
from game.palastgefluester.view import PalastgefluesterObservation
from scenes.table.kit import Banner, TableScene
from scenes.table.kit.logbook import Fold


def card_label(card: str | None) -> str:
    """A person card with its colour in the chosen language ("Zofe (Rot)"), or "a card" for a hidden one."""
    if not card:
        return tr("a card")
    return card_words(card).text()


#: The reason a brown card's tie gives its chooser the decision (game/palastgefluester/state.py): the
#: decision that follows is told on the tie's line.
TIE_CHOICE = "{colour} card: {seats} tie for the fewest cards; {seat} chooses"


class PalastStory(TableScene[PalastgefluesterObservation]):
    """The events in words and what the table remembers of them."""

    live_points: list[int]  # each seat's points as the events told so far (the plates show them)
    decider_why: tuple[int, Text] | None  # the last TurnChanged: (seat, its reason)
    _collect_next_shuffle: bool  # a round ended: the next shuffle gathers every card
    _last_move: tuple[str, str]  # the kinds of zone (from, to) of the event told last, when a card move
    _swapping: frozenset[str]  # the two hands of the hand-to-hand swap told last
    _chose: bool  # the event told last gave a brown card's tie to its chooser
    card_data: Callable[[], PalastData]  # the game's card data (PalastLayout.card_data)

    def play_shuffle(self, event: Shuffled) -> None:
        if event.zone == "king_stack":
            self.model.gather(["king_revealed"], "king_stack")
        elif event.zone == "draw" and self._collect_next_shuffle:
            self.model.gather(
                [z for z in self.model.zones if z.startswith(("hand:", "display:"))] + ["discard"], "draw"
            )
        elif event.zone == "draw":
            self.model.gather(["discard"], "draw")

    def banner_for(self, event: Event) -> Banner | None:
        if isinstance(event, RoundEnded):
            lines = [self.in_words(event.text)]
            if event.scorers:
                names = join_words([self.seat_name(s) for s in event.scorers])
                lines.append(tr("1 point for {names}").format(names=names))
            title = tr("Round {number} over").format(number=self.obs.get("round", ""))
            # the round's sound opened its moment (moments.py), the fanfare the game's end
            return Banner(title, lines, self.until_clicked(), sound=None)
        if isinstance(event, GameEnded):
            lines = [self.in_words(event.text)]
            return Banner(tr("Game over"), lines, self.until_clicked(), sound=None)
        return None

    def describe(self, event: Event) -> str | None:
        return self._event_line(event)

    def remember(self, event: Event) -> None:
        self._last_move, self._swapping = ("", ""), frozenset()
        if isinstance(event, CardMoved):
            self._last_move = (event.src.partition(":")[0], event.dst.partition(":")[0])
            if self._last_move == ("hand", "hand"):
                self._swapping = frozenset((event.src, event.dst))
        # who decides after a tie is the chooser's own decision, told with the tie's line
        reason = event.reason if isinstance(event, TurnChanged) else None
        self._chose = isinstance(reason, Message) and reason.msgid == TIE_CHOICE
        if isinstance(event, ScoreChanged) and 0 <= event.seat < len(self.live_points):
            self.live_points[event.seat] = int(event.new)
        elif isinstance(event, TurnChanged):
            self.decider_why = (event.seat, event.reason)
        elif isinstance(event, (RoundEnded, GameEnded)):
            self.decider_why = None
            if isinstance(event, RoundEnded):
                self._collect_next_shuffle = True
        elif isinstance(event, Shuffled) and event.zone == "draw":
            self._collect_next_shuffle = False

    def reset_memory(self) -> None:
        self._collect_next_shuffle = False
        self.decider_why = None
        self._last_move = ("", "")
        self._swapping = frozenset()
        self._chose = False

    def why_line(self) -> str | None:
        """Why the seat deciding now decides, as the event that gave it the decision said (None when
        that seat is not the one the reason was given for: a reason never outlives its decision)."""
        why = self.decider_why
        decider = self.obs.get("current_player")
        if why is None or not why[1] or decider is None or why[0] != decider or self.obs.get("terminal"):
            return None
        return self.in_words(why[1])

    def round_title(self, event: Event, previous: Event | None, rounds: int) -> str | None:
        """A round begins with its deal: the points of the round before stay with it."""
        new_deal = isinstance(event, Shuffled) and event.zone == "draw" and self._collect_next_shuffle
        return tr("Round {number}").format(number=rounds + 1) if previous is None or new_deal else None

    def _event_line(self, event: Event) -> str | None:
        """One line per play: what only follows from it (the King card blocking, who decides next and
        why) joins the play's line (a Fold); an event of its own (a shown hand, a round's end, each
        seat's new points) has its own line."""
        if isinstance(event, ScoreChanged):
            points = int(event.new)
            template = ntr("{name} now has {n} point", "{name} now has {n} points", points)
            return template.format(name=self.seat_name(event.seat), n=points)
        if isinstance(event, CardMoved):
            return self._describe_move(event)
        if isinstance(event, CardsRevealed):
            return tr("{name} shows the hand: {cards}").format(
                name=self.seat_name(event.seat), cards=", ".join(card_label(c) for c in event.cards)
            )
        if isinstance(event, TurnChanged):
            if not event.reason:
                return None  # the turn passing on as usual: the plates show whose it is
            reason = self.in_words(event.reason)
            name = self.seat_name(event.seat)
            alone = tr("{name} decides ({reason})").format(name=name, reason=reason)
            if self._chose:  # a tie's chooser named the seat: that finishes the line of the tie
                return Fold(tr("{name} decides").format(name=name), " — ", alone=alone, late=True)
            return Fold(reason, " — ", alone=alone)
        if isinstance(event, Shuffled):
            if event.zone == "king_stack":
                return tr("All King cards are shuffled into a new stack")
            if self._collect_next_shuffle:
                hand = self.card_data().hand_size
                return ntr("New round: every card is shuffled and {n} is dealt to each player",
                           "New round: every card is shuffled and {n} are dealt to each player",
                           hand).format(n=hand)
            return tr("The discard pile is shuffled into a new draw pile")
        if isinstance(event, (RoundEnded, GameEnded)):
            return self.in_words(event.text)
        return None

    def _describe_move(self, event: CardMoved) -> str | None:
        src_kind, _, src_seat = event.src.partition(":")
        dst_kind, _, dst_seat = event.dst.partition(":")
        who = self.seat_name(int(src_seat)) if src_seat.isdigit() else ""
        card = card_label(event.card)
        if src_kind == "hand" and dst_kind == "display":
            return tr("{name} plays {card}").format(name=who, card=card)
        if src_kind == "display" and dst_kind == "hand":
            return tr("{name} takes {card} back into the hand").format(name=who, card=card)
        if src_kind == "display" and dst_kind == "display":
            to = self.seat_name(int(dst_seat))
            line = tr("{card} moves to {name}'s display").format(card=card, name=to)
            # the second card of a swap of displayed cards joins the first one's line
            return Fold(line, "; ", alone=line) if self._last_move == ("display", "display") else line
        if src_kind == "hand" and dst_kind == "hand":
            if self._swapping == {event.src, event.dst}:
                return None  # the same swap, its cards going the other way or one more of them
            return tr("{name} and {other} swap cards").format(name=who, other=self.seat_name(int(dst_seat)))
        if src_kind == "hand" and event.dst == "discard":
            return tr("{name} discards a card").format(name=who)
        if event.src == "king_stack":
            blocked = person_label(event.card or "", "nom")
            line = tr("King card: {card} has no action now").format(card=blocked)
            return Fold(line, " — ", alone=line)
        return None
