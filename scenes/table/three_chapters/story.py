"""What events say and show on the 3 Chapters table: the log's lines (`describe`), what the table keeps of
the events (`remember`: who played which card of the trick, the trick just won, the running points), the
history's chapter titles, the banners (a new deal, chapter II begins, a trick won, the chapter-III sheet)
and how card moves fly (a deal or a pass together, a ghost's card to its own row, a ghost pile shuffled).
The moments the scoring events call for are moments.py's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from game.core import CardMoved, Event, GameEnded, Note, RoundEnded, ScoreChanged, Shuffled, TurnChanged
from game.i18n import N_, tr
from game.three_chapters.events import ChapterEnded, NewDeal, TrickWon
from scenes.table.kit import BANNER_SECONDS, Banner
from scenes.table.kit.animation import Hold
from scenes.table.kit.logbook import Fold
from scenes.table.three_chapters.moments import TableMoments
from scenes.table.three_chapters.pieces import card_label, ghost_name
from scenes.table.three_chapters.sheet import SheetBanner

BATCH_STAGGER = 0.05  # of a move's time between two cards of a deal or a pass: they fly together
TRICK_PAUSE = 0.9  # seconds at normal speed the trick won stays gathered, once its rewards flew
CHAPTER_TITLES = (N_("Chapter I: the draft"), N_("Chapter II: the tricks"), N_("Chapter III: the count"))


@dataclass
class TrickBanner(Banner):
    """The trick just won stays on the table a moment longer, gathered to its winner, once its rewards
    flew (the rewards panel beside the trick is drawn with the table)."""


class TableStory(TableMoments):
    """The story room of the 3 Chapters table (a mixin: `ThreeChaptersTable` puts the rooms together)."""

    def describe(self, event: Event) -> str | None:
        if isinstance(event, CardMoved):
            return self._describe_move(event)
        if isinstance(event, TurnChanged):  # who decides next joins the line of the play before
            if not event.reason:
                return None
            return Fold(tr("{name}: {reason}").format(name=self.seat_name(event.seat),
                                                     reason=self.in_words(event.reason)))
        if isinstance(event, Shuffled):
            if event.zone.startswith("ghost:"):
                return tr("The pile of {ghost} is shuffled").format(
                    ghost=ghost_name(int(event.zone[6:]), self.names)
                )
            return None
        if isinstance(event, (Note, RoundEnded, GameEnded)):
            return self.in_words(event.text) if event.text else None
        return None

    def _describe_move(self, event: CardMoved) -> str | None:
        src_kind, _, src_seat = event.src.partition(":")
        dst_kind, _, _ = event.dst.partition(":")
        who = self.seat_name(int(src_seat)) if src_seat.isdigit() else ""
        if event.dst == "trick":
            if src_kind == "ghost":
                ghost = ghost_name(int(src_seat), self.names)
                return tr("{ghost} plays {card}").format(ghost=ghost, card=card_label(event.card))
            return tr("{name} plays {card}").format(name=who, card=card_label(event.card))
        if src_kind == "hand" and dst_kind == "picks":
            if event.card:
                return tr("{name} keeps {card}").format(name=who, card=card_label(event.card))
            return tr("{name} keeps a card").format(name=who)
        if src_kind == "hand" and dst_kind == "ghost":
            if event.card:
                return tr("{name} gives the ghost {card}").format(name=who, card=card_label(event.card))
            return tr("{name} gives the ghost a card").format(name=who)
        if src_kind == "hand" and dst_kind == "hand":
            return tr("The packets are passed to the left")
        if event.src == "deck":
            return tr("{n} cards are dealt to everyone").format(n=self.card_data().packet_size)
        if dst_kind == "out":
            return tr("The last cards of the packets leave the game unseen")
        if src_kind == "picks":
            return tr("Everyone takes up their picks: Chapter II")
        return None

    def remember(self, event: Event) -> None:
        """Who played which card of the trick (the slots' names, the winner), the last trick's result,
        and the running points."""
        if isinstance(event, CardMoved) and event.dst == "trick":
            position = self.position_of_zone(event.src)
            if not self.trick_plays:
                self.trick_result = None  # a new trick begins
                self.gathered = None
            self.trick_plays.append((position if position is not None else -1, event.card or ""))
        elif isinstance(event, CardMoved) and event.src == "trick":
            self.trick_plays = [(p, c) for p, c in self.trick_plays if c != event.card]
        elif isinstance(event, TrickWon):
            self.trick_result = self.trick_result_of(event)
        elif isinstance(event, ScoreChanged) and 0 <= event.seat < len(self.live_points):
            self.live_points[event.seat] = int(event.new)

    def reset_memory(self) -> None:
        self.trick_plays = []
        self.trick_result = None
        self.gathered = None
        self.counting = set()
        self.sheet_counted = False

    def round_title(self, event: Event, previous: Event | None, rounds: int) -> str | None:
        if previous is None or isinstance(previous, RoundEnded):
            return tr(CHAPTER_TITLES[min(rounds, len(CHAPTER_TITLES) - 1)])
        return None

    def banner_for(self, event: Event) -> Banner | None:
        seconds = BANNER_SECONDS * self.speed
        if isinstance(event, TrickWon):  # the moment played its rewards: the chime was its sound
            return TrickBanner("", [], Hold(TRICK_PAUSE * self.speed), sound=None)
        if isinstance(event, ChapterEnded) and event.chapter == 2:  # the sheet the moment counted, whole
            title = self.in_words(event.text)
            return SheetBanner(title, [], self.until_clicked(), sheet=self.final_sheet(), sound=None)
        if isinstance(event, ChapterEnded):
            return Banner(
                tr("Chapter II: the tricks"),
                [
                    self.in_words(event.text),
                    tr("The highest card wins the trick and a star; then every card's II abilities score."),
                ],
                self.until_clicked(),
            )
        if isinstance(event, NewDeal):
            return Banner(
                tr("A new deal"),
                [
                    self.in_words(event.text),
                    self._new_deal_words(),
                ],
                Hold(seconds),
            )
        return None  # the end: the chapter-III sheet says who won and why

    def _new_deal_words(self) -> str:
        """What a new deal of chapter I brings, by the card data's draft for the players here."""
        data = self.card_data()
        rounds = data.shape(self.players).rounds
        if self.ghosts:
            words = tr("A new packet of {packet} each: keep {kept} more, and {kept} more for your ghost")
        else:
            words = tr("A new packet of {packet} each: keep {kept} more")
        return words.format(packet=data.packet_size, kept=rounds)

    def draw_banner(self, surface: pygame.Surface, banner: Banner) -> None:
        if isinstance(banner, SheetBanner) and banner.sheet is not None:
            self.draw_sheet(surface, banner.sheet, banner.sheet.stages)
        elif not isinstance(banner, TrickBanner):  # a won trick shows beside its cards (draw_over)
            super().draw_banner(surface, banner)

    def stagger(self, move: CardMoved) -> float | None:
        """Moves that happen to many cards at once (a deal, a pass, the picks taken up, leftovers going
        out of the game) fly together rather than one after another."""
        src, dst = move.src.partition(":")[0], move.dst.partition(":")[0]
        batched = {("deck", "hand"), ("hand", "hand"), ("picks", "hand"), ("hand", "out")}
        return BATCH_STAGGER if (src, dst) in batched else None

    def table_move(self, move: CardMoved) -> CardMoved:
        """A ghost's card leaves the trick for that ghost's own row of played cards."""
        if move.src == "trick" and move.dst == "aside":
            played = next((p for p, c in self.trick_plays if c == move.card), None)
            if played is not None and played >= self.players:
                return replace(move, dst=f"aside:{played - self.players}")
        return move

    def play_shuffle(self, event: Shuffled) -> None:
        """A ghost pile is shuffled: its cards fan out now and close up again after the move."""
        if not event.zone.startswith("ghost:") or self.move_seconds <= 0:
            return
        self._spread = event.zone
        self.timeline.steps.insert(0, self._close_spread)

    def _close_spread(self) -> Hold:
        self._spread = None
        self.relayout(self.move_seconds)
        return Hold(self.move_seconds)


__all__ = ["CHAPTER_TITLES", "TableStory", "TrickBanner"]
