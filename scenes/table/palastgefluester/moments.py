"""Palastgeflüster's moments: its scoring events as small events on the table, each driven by the engine's
event that it shows (scenes/table/kit/moments.py), with its sound.

- A round ends (`RoundEnded`, PG-R5): the cards that ended it pulse in their display (the person laid a
  second time, the Palastgeflüster; the Hofnarr under the Hofnarr King card; or the sixth different
  person, with the whole row), a stamp says how it ended, a point marker flies from there to each plate
  that scores, and each plate's counter counts up to its new points. The round's banner follows and waits
  for a click.
- A King card is turned from the stack (`CardMoved` king_stack -> king_revealed, PG-R7 Hofmarschall): once
  it lies face up, a stamp comes down on it and it pulses: this person has no action now.
- The game ends (`GameEnded`, PG-R11): confetti falls over the table and a stamp with each winner's name
  comes down at their plate, to a fanfare; the "Game over" banner waits for a click.

Every picture is made when the moment starts, never while it plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import pygame

from game.core import CardMoved, Event, GameEnded, RoundEnded
from game.i18n import ntr, tr
from game.palastgefluester.cards import card_person
from game.palastgefluester.events import RoundEnd
from scenes.fonts import font
from scenes.table.kit.moments import (
    GOLD,
    CountUp,
    Cue,
    Effect,
    Flight,
    Pulse,
    Stamp,
    finale,
    inside_window,
    token,
)
from scenes.table.palastgefluester.panels import PalastPanels

Colour = tuple[int, int, int]

ROUND_POINTS = 1  # PG-R5: each player who scores at a round's end gets one point
WHISPER: Colour = (226, 84, 72)  # a Palastgeflüster: the red of a secret let out
KING_RED: Colour = (200, 40, 48)  # the King card's stamp, the red of its mark on a blocked person
AMBER: Colour = (150, 110, 20)  # six different persons: a gold that reads on the stamp's paper
PAPER: tuple[int, int, int, int] = (252, 246, 230, 225)
CONFETTI: tuple[Colour, ...] = (GOLD, (255, 255, 255), (236, 92, 84), (92, 168, 236), (120, 204, 120))

# seconds at normal speed (each is scaled by the table's speed: with animations off a moment takes none)
PULSE_SECONDS = 1.3
FLIGHT_DELAY = 0.55  # the pulse shows what ended the round before the points leave it
FLIGHT_SECONDS = 0.7
FLIGHT_STAGGER = 0.12
COUNT_SECONDS = 0.95
COUNT_LINGER = 0.55
KING_SECONDS = 1.1
STAMP_LANDS = 0.25  # the share of a stamp's time it takes to come down (kit's Stamp)




def stamp_picture(text: str, size: int, colour: Colour) -> pygame.Surface:
    """A rubber stamp: `text` in `colour` on paper, framed in the same colour."""
    face = font(max(8, size), True).render(text, True, colour)
    pad_x, pad_y = max(4, size // 2), max(2, size // 4)
    w, h = face.get_width() + 2 * pad_x, face.get_height() + 2 * pad_y
    picture = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, size // 4)
    pygame.draw.rect(picture, PAPER, picture.get_rect(), border_radius=radius)
    pygame.draw.rect(picture, colour, picture.get_rect(), width=max(2, size // 9), border_radius=radius)
    picture.blit(face, ((w - face.get_width()) // 2, (h - face.get_height()) // 2))
    return picture


def _stamp_width(text: str, size: int) -> int:
    """The width of `stamp_picture(text, size)`, without drawing it."""
    return font(max(8, size), True).size(text)[0] + 2 * max(4, size // 2)


def ending_seat(event: RoundEnded, players: int) -> int | None:
    """The seat whose card ended the round (PG-R5): the one who scores for six different persons, the one
    who does not for a Palastgeflüster (every other player scores)."""
    if event.reason == RoundEnd.SIX:
        return event.scorers[0] if event.scorers else None
    left = [seat for seat in range(players) if seat not in event.scorers]
    return left[0] if len(left) == 1 else None


def different_persons(count: int) -> str:
    """The stamp on a row that ended the round with `count` (the hand size) different persons."""
    if count == 6:
        return tr("Six different persons!")
    return ntr("{n} different person!", "{n} different persons!", count).format(n=count)


class PalastMoments(PalastPanels):
    """The moments the table's events call for (`moment_for`)."""

    def moment_for(self, event: Event) -> Sequence[Effect] | None:
        if isinstance(event, RoundEnded):
            return self._round_moment(event)
        if isinstance(event, CardMoved) and event.src == "king_stack" and event.dst == "king_revealed":
            return self._king_moment()
        if isinstance(event, GameEnded):
            return self._finale(event)
        return None

    # -- a round's end -----------------------------------------------------------------------------
    def _round_moment(self, event: RoundEnded) -> list[Effect]:
        s = self.speed
        seat = ending_seat(event, self.players)
        row = self._card_rects(f"display:{seat}") if seat is not None else []
        whisper = event.reason != RoundEnd.SIX
        colour = WHISPER if whisper else GOLD
        effects: list[Effect] = [self._cue("round_end")]
        pulsing = self._ending_cards(event.reason, row)
        if event.reason == RoundEnd.HOFNARR and self.model.zones.get("king_revealed"):
            pulsing.append(self._king_card())  # the Hofnarr King card the Hofnarr was laid under
        for rect in pulsing:
            effects.append(Pulse(PULSE_SECONDS * s, rect=rect, colour=colour, beats=2))
        if row and seat is not None and seat in self.areas:
            words = tr("Palastgeflüster!") if whisper else different_persons(self.card_data().hand_size)
            effects.append(self._row_stamp(seat, row, words, WHISPER if whisper else AMBER))
        source = row[-1][1].center if row else self.centre_box.center
        marker = token(f"+{ROUND_POINTS}", self.scale.font(30))
        effects.append(self._cue("whoosh", FLIGHT_DELAY))
        for i, scorer in enumerate(event.scorers):
            spot = self.score_spot(scorer)
            if spot is None or not 0 <= scorer < len(self.live_points):
                continue
            start = (FLIGHT_DELAY + FLIGHT_STAGGER * i) * s
            effects.append(Flight(FLIGHT_SECONDS * s, delay=start, picture=marker, start=source, end=spot))
            effects.append(self._count(scorer, spot, start + FLIGHT_SECONDS * s))
        if event.scorers:
            effects.append(self._cue("tick", FLIGHT_DELAY + FLIGHT_SECONDS))
        return effects

    def _count(self, seat: int, spot: tuple[float, float], delay: float) -> CountUp:
        """A plate's counter from its points to the points it scored; the plate shows them once it ends."""
        old = self.live_points[seat]
        new = old + ROUND_POINTS
        count = CountUp(COUNT_SECONDS * self.speed, delay=delay, start=old, end=new, center=spot,
                        size=self.scale.font(30), linger=COUNT_LINGER * self.speed,
                        on_end=partial(self._show_points, seat, new))
        for value in range(old, new + 1):
            count.face(value)  # its faces are drawn now, not while it counts
        return count

    def _show_points(self, seat: int, points: int) -> None:
        """What the counter counted to is the plate's value from now on (the ScoreChanged that follows
        tells the same)."""
        if 0 <= seat < len(self.live_points):
            self.live_points[seat] = points
        self.refresh_underlay()

    @staticmethod
    def _ending_cards(reason: str, row: list[tuple[str | None, pygame.Rect]]) -> list[pygame.Rect]:
        """What pulses (PG-R5): both cards of the doubled person; the Hofnarr just laid; the sixth different
        person and the whole row of six."""
        if not row:
            return []
        last_card, last = row[-1]
        if reason == RoundEnd.DOUBLE and last_card is not None:
            person = card_person(last_card)
            return [rect for card, rect in row if card is not None and card_person(card) == person]
        if reason == RoundEnd.SIX:
            whole = row[0][1].unionall([rect for _, rect in row[1:]])
            return [whole.inflate(rect_pad(whole), rect_pad(whole)), last]
        return [last]

    # -- a King card ---------------------------------------------------------------------------------
    def _king_moment(self) -> list[Effect]:
        """The King card just turned (PG-R7 Hofmarschall) lands with weight: a stamp, a pulse."""
        s = self.speed
        card = self._king_card()
        picture = stamp_picture(tr("Blocked"), self.scale.font(30), KING_RED)
        return [
            self._cue("stamp", KING_SECONDS * STAMP_LANDS),
            Stamp(KING_SECONDS * s, picture=picture, tilt=-12.0,
                  center=inside_window(picture, card.center, self.scale.size)),
            Pulse(KING_SECONDS * s, rect=card, colour=KING_RED, beats=2),
        ]

    # -- the game's end ------------------------------------------------------------------------------
    def _wins(self, seat: int) -> str:
        return tr("{name} wins!").format(name=self.seat_name(seat))

    def _finale(self, event: GameEnded) -> list[Effect]:
        winners = [(self.areas[seat].plate, stamp_picture(self._wins(seat), self.scale.font(40), AMBER))
                   for seat in event.winners if seat in self.areas]
        colours = [self.seat_colour(seat)[1] for seat in event.winners] + list(CONFETTI)
        return finale(winners=winners, window=self.scale.size, speed=self.speed, colours=colours,
                      reach=self.scale.px(260, 40), seed=len(self.match.actions), sound=self.sound)

    # -- parts -----------------------------------------------------------------------------------------
    def _cue(self, name: str, at: float = 0.0) -> Cue:
        """The sound `name`, `at` seconds (at normal speed) into the moment."""
        return Cue(0.0, delay=at * self.speed, play=partial(self.sound, name))

    def _king_card(self) -> pygame.Rect:
        """Where the current King card lies."""
        card = pygame.Rect(0, 0, *self.pile_card)
        card.center = (round(self.king_current_at[0]), round(self.king_current_at[1]))
        return card

    def _card_rects(self, zone: str) -> list[tuple[str | None, pygame.Rect]]:
        """Each card of `zone` with where the layout lays it (where it lands, even if it is still on its
        way there)."""
        entries = self.model.zones.get(zone, [])
        out = []
        for entry, placement in zip(entries, self.place_zone(zone, entries), strict=True):
            rect = pygame.Rect(0, 0, *placement.size)
            rect.center = (round(placement.center[0]), round(placement.center[1]))
            out.append((entry.card, rect))
        return out

    def _row_stamp(self, seat: int, row: list[tuple[str | None, pygame.Rect]], words: str,
                   colour: Colour) -> Stamp:
        """How a round ended, stamped in the row's panel beside its cards, on the side with more room, so
        it hides none of the cards that pulse (a size smaller if need be); over the middle of the table
        when neither side holds it."""
        panel = self.areas[seat].row
        cards = row[0][1].unionall([rect for _, rect in row[1:]])
        left, right = cards.left - panel.left - self.strip_w, panel.right - cards.right
        room = max(left, right)
        size = self.scale.font(34)
        wide = _stamp_width(words, size) * 1.1
        if wide > room:  # the width grows with the size: one step down to what fits (at most to 22)
            size = max(self.scale.font(22), int(size * room / wide))
        picture = stamp_picture(words, size, colour)
        if picture.get_width() * 1.1 <= room:
            inner = panel.left + self.strip_w
            center = ((cards.right + panel.right) / 2 if right >= left else (inner + cards.left) / 2,
                      panel.centery)
        else:
            picture = stamp_picture(words, self.scale.font(34), colour)
            center = self.centre_box.center
        return Stamp(PULSE_SECONDS * 1.5 * self.speed, picture=picture, tilt=-5.0,
                     center=inside_window(picture, center, self.scale.size))



def rect_pad(rect: pygame.Rect) -> int:
    """The room around a row of cards that pulses: a ring that does not hide the cards' edges."""
    return max(4, rect.height // 10)


__all__ = ["Cue", "PalastMoments", "ending_seat", "stamp_picture"]
