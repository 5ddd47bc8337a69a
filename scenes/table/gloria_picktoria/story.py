"""What Gloria Picktoria's events say and show: a log line for each (`describe`), what the table keeps of
them (`remember`: whose turn it is and why, the points as the events told them), the scoring panel that a
scoring stops the table on until a click (and the Scorings button opens again), the banner at the game's
end, and the rounds of the history (a turn for everyone). What the events celebrate is moments.py's."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.core import CardMoved, Event, GameEnded, Note, RoundEnded, ScoreChanged, TurnChanged
from game.gloria_picktoria.cards import FOX, card_param
from game.gloria_picktoria.events import FoxMoved, FoxPassDue, ScoringDone
from game.gloria_picktoria.scoring import Breakdown
from game.i18n import N_, Message, Seat, Text, message, plural_message, tr
from scenes.table.gloria_picktoria.moments import GloriaMoments
from scenes.table.gloria_picktoria.panels import SCORING_HINT, scoring_title
from scenes.table.kit import Banner
from scenes.table.kit.animation import Hold
from scenes.table.kit.logbook import Fold

SCORING_SECONDS = 9.0  # a scoring panel stays this long at normal speed (a click closes it)


@dataclass
class ScoringBanner(Banner):
    """A scoring, motif by motif: after a scoring event, or opened again with the Scorings button."""

    breakdown: Breakdown
    hint: str = SCORING_HINT  # translated where it is drawn


class GloriaStory(GloriaMoments):
    """The events in words and what the table remembers of them; the scoring panel."""

    _after_lay: bool  # the event told last laid or took a card: a fox moving now moves because of it

    def names(self) -> list[str]:
        return [seat.name for seat in self.match.seats]

    def show_last_scoring(self) -> None:
        """The last scoring again, until a click closes it (the game goes on meanwhile)."""
        scorings = self.obs.get("scorings")
        if scorings:
            breakdown = scorings[-1]
            self.banner = ScoringBanner(scoring_title(breakdown, self.card_data()), [], Hold(math.inf),
                                        breakdown=breakdown, hint=N_("click to close"))

    def banner_for(self, event: Event) -> Banner | None:
        if isinstance(event, ScoringDone):
            return ScoringBanner(self.in_words(event.text), [], self.until_clicked(), event.breakdown)
        if isinstance(event, GameEnded):
            lines = [self.in_words(event.text)]
            return Banner(tr("Game over"), lines, self.until_clicked())
        return None

    def describe(self, event: Event) -> str | None:
        """One line per play: where the fox goes because of a card laid, who may pass it and whose turn
        comes join the line of the play."""
        line = self._event_line(event)
        if not line:
            return None
        words = self.in_words(line)
        if isinstance(event, (TurnChanged, FoxPassDue)):
            return Fold(words)
        if isinstance(event, FoxMoved) and self._after_lay:
            return Fold(words, " — ", alone=words)
        return words

    def remember(self, event: Event) -> None:
        if not (isinstance(event, CardMoved) and event.card == FOX):  # the fox's own move says nothing
            self._after_lay = isinstance(event, CardMoved)
        if isinstance(event, FoxPassDue):  # its reason is never told: the prompt says what is asked
            self.turn_reason = (event.seat, "")
            self.logbook.close()  # the pass is a decision of its own, told on a line of its own
        elif isinstance(event, TurnChanged):
            self.turn_reason = (event.seat, event.reason)
        elif isinstance(event, ScoreChanged) and 0 <= event.seat < len(self.live_scores):
            self.live_scores[event.seat] = int(event.new)

    def reset_memory(self) -> None:
        self.turn_reason = None
        self._after_lay = False

    def round_title(self, event: Event, previous: Event | None, rounds: int) -> str | None:
        """A round is a turn for everyone, from the seat that had the first turn."""
        if previous is None or self.turn_goes_round(event):
            return tr("Round {number}").format(number=rounds + 1)
        return None

    def _event_line(self, event: Event) -> Text | None:
        if isinstance(event, CardMoved):
            return self._describe_move(event)
        if isinstance(event, ScoringDone):
            return None  # the RoundEnded before it has the line; the panel shows the rest
        if isinstance(event, Note):
            return event.text
        if isinstance(event, FoxPassDue):
            return message("{seat} may pass the fox", seat=Seat(event.seat))
        if isinstance(event, TurnChanged):
            return message("{seat}'s turn", seat=Seat(event.seat))
        if isinstance(event, ScoreChanged):
            points = int(event.new)
            return plural_message("{seat} now has {n} point", "{seat} now has {n} points", n=points,
                                  seat=Seat(event.seat))
        if isinstance(event, (RoundEnded, GameEnded)):
            return event.text
        return None

    @staticmethod
    def _describe_move(event: CardMoved) -> Message | None:
        src_kind, _, src_rest = event.src.partition(":")
        dst_kind, _, dst_rest = event.dst.partition(":")
        if event.card == FOX:
            return None  # the FoxMoved after it says where and why
        card = card_param(event.card) if event.card else None
        if dst_kind == "collection":
            who = Seat(int(src_rest.split(":")[0]))
            index = int(dst_rest.partition(":")[2]) + 1  # people count collections from 1
            if src_kind == "doubler" and event.face_up:
                return message("{seat} closes collection {index} with the doubler (x2)", seat=who,
                               index=index)
            if card is None:
                return message("{seat} lays a card on collection {index}", seat=who, index=index)
            if not event.face_up:
                return message("{seat} lays {card:acc} as a treasure (collection {index})", seat=who,
                               card=card, index=index)
            return message("{seat} lays {card:a} on collection {index}", seat=who, card=card, index=index)
        if src_kind == "offer" and card is not None:
            return message("{seat} takes {card:a} from the display", seat=Seat(int(dst_rest)), card=card)
        if event.src == "draw" and dst_kind == "hand":
            if card is None:
                return message("{seat} draws a card from the pile (2 AP)", seat=Seat(int(dst_rest)))
            return message("{seat} draws {card:a} from the pile (2 AP)", seat=Seat(int(dst_rest)), card=card)
        return None

    def draw_banner(self, surface: pygame.Surface, banner: Banner) -> None:
        if isinstance(banner, ScoringBanner):
            sheet, at = self.scoring_picture(banner.breakdown, surface.get_size(), banner.hint)
            surface.blit(sheet, at)
            return
        super().draw_banner(surface, banner)


__all__ = ["SCORING_SECONDS", "GloriaStory", "ScoringBanner"]
