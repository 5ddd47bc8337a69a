"""Gloria Picktoria's moments: what the table celebrates, each from the engine event that calls for it.

- `DHToMiddle`: the Dschingis Hahn card that just landed in the middle gets its number stamped on it
  (GP-R6, GP-R13). The one before a scoring (the 3rd, 6th and 9th: the scorings come with the 4th, 7th and
  10th, GP-R9) builds tension: the counter pulses, "the next one scores!" is stamped by it, with the
  tension cue.
- `ScoringDone`: each scored collection's points fly from the collection to its owner's plate, motif by
  motif, and count up there from the old score to the new. A doubled collection gets ×2 stamped on it, and
  the collection the fox stands on is greyed out as out of play for the whole scoring (GP-R9). At the last
  scoring (GP-R10) the minus points then fly out, -2 from each lone treasure card that pays and -1 from each
  hand card, to the plate, which counts down to the final score.
- `GameEnded`: confetti over the whole table, a fanfare, and the winners' plates glowing.

What a moment shows comes from the event and what the table shows (the breakdown, the cards where they
lie, the plates' points as the events told them: `live_scores`). A count's end sets its seat's points on
the plate, so a skipped moment ends where a watched one does. Every picture is made when the moment starts:
nothing is rendered while it plays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import pygame

from game.core import Event, GameEnded
from game.gloria_picktoria.cards import (
    DOUBLER,
    FOX,
    MOTIF_IDS,
)
from game.gloria_picktoria.events import DHToMiddle, ScoringDone
from game.gloria_picktoria.scoring import Breakdown, PenaltyRow
from game.i18n import ntr, tr
from scenes.fonts import font
from scenes.table.gloria_picktoria.panels import (
    SCORING_HINT,
    GloriaPanels,
    motif_colour,
    scoring_box,
    scoring_panel,
    scoring_sheet,
)
from scenes.table.kit.moments import (
    GOLD,
    INK,
    MINUS,
    CountUp,
    Effect,
    Flight,
    Pulse,
    Shade,
    Sparks,
    Stamp,
    token,
)

Point = tuple[float, float]

# seconds at normal speed (scaled by the table's speed: 0 with animations off)
STAMP_SECONDS = 1.0  # a Dschingis Hahn card's number on it
TENSION_SECONDS = 1.8  # the counter's pulse before a scoring
FLIGHT_SECONDS = 0.75  # points from a collection (or a card) to a plate
MOTIF_GAP = 0.3  # between two motifs' flights ...
FLIGHTS_SPAN = 1.8  # ... at most: many motifs take off closer together
PENALTY_GAP = 0.12  # between two minus points of a seat ...
PENALTY_SPAN = 1.2  # ... at most
COUNT_SECONDS = 1.1  # a plate counting, its last value lingering included
COUNT_LINGER = 0.5
FINALE_SECONDS = 3.2

PAPER = (226, 222, 210)  # the pill of "out of play"
TENSION = (236, 120, 70)  # the counter's pulse and its warning
TIMES_TWO = "\u00d72"  # a doubled collection's stamp


@dataclass(eq=False)
class WordStamp(Stamp):
    """A stamp that knows its words (a number, ×2, a warning)."""

    words: str = ""


@dataclass(eq=False)
class PointFlight(Flight):
    """Points flying from `zone` (a collection, a hand) to `seat`'s plate (negative: minus points)."""

    seat: int = -1
    points: int = 0
    zone: str = ""


@dataclass(eq=False)
class PlateCount(CountUp):
    """A plate counting from its old points to its new, in the plate's words ("12 pts") on a pill as wide
    as the widest of them, so that it covers the plate's own. The pills and the words are made when the
    count is made; a frame only puts them together."""

    seat: int = -1
    words: Callable[[int], str] = str
    _pills: dict[bool, pygame.Surface] = field(default_factory=dict, repr=False)
    _words: dict[int, pygame.Surface] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        low, high = sorted((self.start, self.end))
        face = font(max(8, self.size), True)
        for value in range(low, high + 1):
            self._words[value] = face.render(self.words(value), True, INK)
        w = max(f.get_width() for f in self._words.values()) + 2 * max(4, self.size // 2)
        h = max(f.get_height() for f in self._words.values()) + 2 * max(2, self.size // 5)
        self._pills = {True: pill((w, h), self.colour), False: pill((w, h), MINUS)}

    def face(self, value: int) -> pygame.Surface:
        """The value's words on its pill (made anew: for what reduced motion shows, once)."""
        words = self._words[value]
        made = self._pills[value >= self.start].copy()
        made.blit(words, words.get_rect(center=made.get_rect().center))
        return made

    def draw(self, surface: pygame.Surface) -> None:
        """As a count does, but it never fades out: the plate under it still shows the old points until
        the count's end sets the new ones."""
        if not self.started or self.ended:
            return
        value = self.value
        board, words = self._pills[value >= self.start], self._words[value]
        counting = max(0.01, self.duration - self.linger)
        running = self.elapsed - self.delay
        steps = max(1, abs(self.end - self.start))
        into_step = (running / counting * steps) % 1.0 if running < counting else 1.0
        pop = 1.0 + 0.25 * max(0.0, 1.0 - into_step * 3.0)  # each new value pops a little
        if pop > 1.01:
            w, h = words.get_size()
            words = pygame.transform.smoothscale(words, (round(w * pop), round(h * pop)))
        centre = (round(self.center[0]), round(self.center[1]))
        surface.blit(board, board.get_rect(center=centre))
        surface.blit(words, words.get_rect(center=centre))


@dataclass(eq=False)
class OutOfPlay(Shade):
    """A collection greyed out with its label ("out of play"), which it keeps in words too."""

    words: str = ""


@dataclass(eq=False)
class Prepare(Effect):
    """Work done ahead, at a quiet frame of the moment (its `on_end`): the picture of the banner that
    follows, made while the points are in the air. Nothing is drawn."""

    kind = "prepare"

    def draw(self, surface: pygame.Surface) -> None:
        return None


@dataclass
class Pictures:
    """The tokens of one moment, each text made once however many flights carry it."""

    size: int
    made: dict[tuple[str, tuple[int, int, int]], pygame.Surface] = field(default_factory=dict)

    def get(self, text: str, colour: tuple[int, int, int] = GOLD) -> pygame.Surface:
        key = (text, colour)
        if key not in self.made:
            self.made[key] = token(text, self.size, colour)
        return self.made[key]


def pill(size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
    """An empty rounded pill, drawn as the kit's tokens are."""
    w, h = size
    made = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(made, (*colour, 255), made.get_rect(), border_radius=h // 2)
    pygame.draw.rect(made, (*INK, 200), made.get_rect(), width=max(1, h // 24), border_radius=h // 2)
    return made


def light(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """A motif's colour made light enough for dark figures on it."""
    r, g, b = colour
    return (r + (255 - r) * 2 // 5, g + (255 - g) * 2 // 5, b + (255 - b) * 2 // 5)


def points_words(points: int) -> str:
    """Points as the plates say them."""
    return ntr("{n} pt", "{n} pts", points).format(n=points)


def minus(points: int) -> str:
    """-2 with a real minus sign."""
    return f"\u2212{abs(points)}"


class GloriaMoments(GloriaPanels):
    """The moments of the Gloria Picktoria table (`moment_for`), and the scoring panel's picture."""

    #: the scoring panel as last drawn: (its breakdown, hint, window size, names, picture, where it lies)
    _sheet: tuple[Breakdown, str, tuple[int, int], tuple[str, ...], pygame.Surface, pygame.Rect] | None

    def forget_words(self) -> None:
        self._sheet = None

    def scoring_picture(self, breakdown: Breakdown, window: tuple[int, int], hint: str = SCORING_HINT,
                        blank: pygame.Surface | None = None) -> tuple[pygame.Surface, pygame.Rect]:
        """The scoring panel's picture and where it lies: made once (on `blank`, when a copy of its board
        was made ahead), then only blitted."""
        names = tuple(seat.name for seat in self.match.seats)
        kept = self._sheet
        if kept is not None and kept[0] is breakdown and kept[1:4] == (hint, window, names):
            return kept[4], kept[5]
        sheet, at = scoring_sheet(window, breakdown, list(names), self.scale, self.texts, self.panels,
                                  self._panel_art, hint, blank, self.card_data())
        self._sheet = (breakdown, hint, window, names, sheet, at)
        return sheet, at

    def _panel_art(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        return self.app.art.card(self.game_id, card, size)

    def moment_for(self, event: Event) -> Sequence[Effect] | None:
        if isinstance(event, DHToMiddle) and event.number > 0:
            return self.rooster_moment(event.number)
        if isinstance(event, ScoringDone) and event.breakdown["points"]:
            return self.scoring_moment(event.breakdown)
        if isinstance(event, GameEnded):
            return self.finale(event.winners)
        return None

    # -- a Dschingis Hahn card in the middle ------------------------------------------------------
    def rooster_moment(self, number: int) -> list[Effect]:
        """Its number stamped on the card that landed; before a scoring, the counter's tension."""
        s = self.speed
        card = self._newest_rooster()
        centre = (float(card.centerx), float(card.centery)) if card is not None else \
            (float(self.counter_box.centerx), float(self.counter_box.centery))
        size = max(12, round(card.height * 0.34)) if card is not None else self.scale.font(40)
        scoring_at = self.card_data().scoring_at
        number_picture = token(str(number), size, TENSION if number in scoring_at else GOLD)
        effects: list[Effect] = [WordStamp(STAMP_SECONDS * s, picture=number_picture, center=centre,
                                           words=str(number))]
        if number + 1 not in scoring_at:
            self.sound("stamp")
            return effects
        words = tr("the next one scores!")
        warning = self._warning(words)
        box = self.counter_box
        half = warning.get_width() * 0.55 + self.margin  # a little more than half: the stamp is tilted
        x = min(max(float(box.centerx), half), self.scale.width - half)  # wider than the counter: on screen
        at = (x, float(box.bottom - warning.get_height() * 0.2))
        effects += [
            Pulse(TENSION_SECONDS * s, rect=box.copy(), colour=TENSION, beats=3),
            WordStamp(TENSION_SECONDS * s, picture=warning, center=at, tilt=-4.0, words=words),
        ]
        self.sound("tension")
        return effects

    def _warning(self, words: str) -> pygame.Surface:
        """The warning's stamp, as large as the window lets it be."""
        size = self.scale.font(30)
        warning = token(words, size, TENSION)
        room = self.scale.width * 0.9 - 2 * self.margin
        if warning.get_width() > room:
            warning = token(words, max(8, int(size * room / warning.get_width())), TENSION)
        return warning

    def _newest_rooster(self) -> pygame.Rect | None:
        """Where the last Dschingis Hahn card of the middle lies (the rightmost)."""
        cards = [s for s in self.layer if s.zone == "middle" and s.shown]
        if not cards:
            return None
        newest = max(cards, key=lambda sprite: (sprite.z, sprite.center[0]))
        return newest.rect.copy()

    # -- a scoring ----------------------------------------------------------------------------------
    def scoring_moment(self, breakdown: Breakdown) -> list[Effect]:
        """The points of each collection to its owner's plate, then the last scoring's minus points."""
        s = self.speed
        old = self._scores_told()
        pictures = Pictures(self.scale.font(26))
        effects: list[Effect] = []
        gained = [0] * len(old)
        landed: dict[int, float] = {}
        scored = [m for m in breakdown["motifs"] if any(e["points"] > 0 for e in m["entries"])]
        gap = min(MOTIF_GAP, FLIGHTS_SPAN / max(1, len(scored)))
        for k, motif in enumerate(scored):
            off = k * gap  # the motif's points take off together
            colour = light(motif_colour(motif["motif"]))
            for entry in motif["entries"]:
                points, seat, index = entry["points"], entry["seat"], entry["collection"]
                if points <= 0 or not 0 <= seat < len(old):
                    continue
                gained[seat] += points
                landed[seat] = max(landed.get(seat, 0.0), off + FLIGHT_SECONDS)
                effects.append(PointFlight(
                    FLIGHT_SECONDS * s, delay=off * s, picture=pictures.get(f"+{points}", colour),
                    start=self._row_spot(seat, index), end=self.score_spot(seat), seat=seat, points=points,
                    zone=f"collection:{seat}:{index}", on_end=partial(self.sound, "tick")))
                if entry["doubler"]:  # stamped as its points take off
                    effects.append(WordStamp(
                        STAMP_SECONDS * s, delay=max(0.0, off - 0.2) * s, picture=pictures.get(TIMES_TWO),
                        center=self._doubler_spot(seat, index), words=TIMES_TWO))
        counts: list[Effect] = []
        for seat, gain in enumerate(gained):
            if gain:
                counts.append(self._count(seat, old[seat], old[seat] + gain, landed[seat]))
        done = max((landed[seat] + COUNT_SECONDS for seat in landed), default=0.0)
        if breakdown["final"]:
            minus_flights, minus_counts, done = self._minus_points(breakdown["penalties"], old, gained, done,
                                                                    pictures)
            effects += minus_flights
            counts += minus_counts
        effects += self._out_of_play(breakdown, done)
        effects += self._prepare_panel(breakdown)
        self.sound("whoosh")
        return effects + counts  # the counts last: a skip sets the plates' points in the order they count

    def _minus_points(self, rows: Sequence[PenaltyRow], old: list[int], gained: list[int], begin: float,
                      pictures: Pictures) -> tuple[list[Effect], list[Effect], float]:
        """The last scoring's minus points flying from the cards that cost them (GP-R10), and the plates
        counting down: (flights, counts, when the last count ends)."""
        s = self.speed
        data = self.card_data()
        flights: list[Effect] = []
        counts: list[Effect] = []
        done = begin
        for row in rows:
            seat = row["seat"]
            if row["points"] >= 0 or not 0 <= seat < len(old):
                continue
            lone = self._lone_spots(seat)[: row["lone_treasures"]]
            hand = self._hand_spots(seat)[: row["hand_cards"]]
            sources = [(zone, at, data.lone_treasure_penalty) for zone, at in lone]
            sources += [(zone, at, data.hand_card_penalty) for zone, at in hand]
            gap = min(PENALTY_GAP, PENALTY_SPAN / max(1, len(sources)))
            for k, (zone, spot, points) in enumerate(sources):
                flights.append(PointFlight(FLIGHT_SECONDS * s, delay=(begin + k * gap) * s,
                                           picture=pictures.get(minus(points), MINUS), start=spot,
                                           end=self.score_spot(seat), seat=seat, points=points, zone=zone))
            landing = begin + max(0, len(sources) - 1) * gap + FLIGHT_SECONDS
            before = old[seat] + gained[seat]
            counts.append(self._count(seat, before, before + row["points"], landing))
            done = max(done, landing + COUNT_SECONDS)
        return flights, counts, done

    def _count(self, seat: int, start: int, end: int, delay: float) -> PlateCount:
        s = self.speed
        return PlateCount(COUNT_SECONDS * s, delay=delay * s, start=start, end=end,
                          center=self.score_spot(seat), size=self.scale.font(28), linger=COUNT_LINGER * s,
                          seat=seat, words=points_words, on_end=partial(self._show_points, seat, end))

    def _out_of_play(self, breakdown: Breakdown, until: float) -> list[Effect]:
        """The fox's collection greyed out with "out of play" for the whole scoring (GP-R9)."""
        foxed = {(e["seat"], e["collection"]) for m in breakdown["motifs"] for e in m["entries"]
                 if e["place"] == "fox"}
        if not foxed:
            return []
        words = tr("out of play")
        label = token(words, self.scale.font(22), PAPER)
        seconds = max(until, FLIGHT_SECONDS) * self.speed
        cells = [self._cell(seat, index) for seat, index in sorted(foxed)]
        return [OutOfPlay(seconds, rect=cell.copy(), label=label, words=words)
                for cell in cells if cell is not None]

    def _prepare_panel(self, breakdown: Breakdown) -> list[Effect]:
        """The scoring panel that follows the moment, made while the first points fly, in three frames
        (its board, a blank copy of it, its words on that copy): no frame makes all of it."""
        s = self.speed
        window = (self.scale.width, self.scale.height)
        box = scoring_box(window, breakdown, self.scale)
        blank: list[pygame.Surface] = []

        def board() -> None:
            scoring_panel(box, self.scale, self.panels)

        def copy() -> None:
            blank.append(scoring_panel(box, self.scale, self.panels).copy())

        def words() -> None:
            self.scoring_picture(breakdown, window, blank=blank[0] if blank else None)

        return [Prepare(0.0, delay=FLIGHT_SECONDS * k * s, on_end=step)
                for k, step in ((0.2, board), (0.4, copy), (0.6, words))]

    def _show_points(self, seat: int, points: int) -> None:
        """A plate's count ended: the plate shows the points it counted to."""
        if 0 <= seat < len(self.live_scores):
            self.live_scores[seat] = points
            self.refresh_underlay()

    def _scores_told(self) -> list[int]:
        """The points the plates show now (the events told so far)."""
        if len(self.live_scores) == self.players:
            return list(self.live_scores)
        return [int(points) for points in self.obs["scores"]]

    # -- where things lie -----------------------------------------------------------------------------
    def _zone_rects(self, zone: str, skip: tuple[str, ...] = (FOX,)) -> list[pygame.Rect]:
        return [s.rect.copy() for s in self.layer if s.zone == zone and s.shown and s.card not in skip]

    def _row_spot(self, seat: int, index: int) -> Point:
        """The middle of a collection's cards (its cell, or the plate, when none are shown)."""
        rects = self._zone_rects(f"collection:{seat}:{index}")
        if rects:
            row = rects[0].unionall(rects[1:])
            return float(row.centerx), float(row.centery)
        cell = self._cell(seat, index)
        if cell is not None:
            return float(cell.centerx), float(cell.centery)
        return self.score_spot(seat)

    def _doubler_spot(self, seat: int, index: int) -> Point:
        doubler = [s.rect for s in self.layer if s.zone == f"collection:{seat}:{index}" and s.card == DOUBLER]
        if doubler:
            return float(doubler[0].centerx), float(doubler[0].centery)
        return self._row_spot(seat, index)

    def _lone_spots(self, seat: int) -> list[tuple[str, Point]]:
        """(zone, where) of each lone treasure card of a seat that pays (GP-R10: none under the fox), in
        the rows' order. A doubler on one leaves it lone."""
        spots: list[tuple[str, Point]] = []
        indices = sorted(int(zone.rsplit(":", 1)[1]) for zone in self.model.zones
                         if zone.startswith(f"collection:{seat}:"))
        for index in indices:
            zone = f"collection:{seat}:{index}"
            cards = [entry.card for entry in self.model.zones[zone]]
            if FOX not in cards and len([card for card in cards if card != DOUBLER]) == 1:
                spots.append((zone, self._row_spot(seat, index)))
        return spots

    def _hand_spots(self, seat: int) -> list[tuple[str, Point]]:
        zone = f"hand:{seat}"
        cards = sorted(self._zone_rects(zone, ()), key=lambda rect: rect.centerx)
        return [(zone, (float(rect.centerx), float(rect.centery))) for rect in cards]

    # -- the game's end -----------------------------------------------------------------------------
    def finale(self, winners: Sequence[int]) -> list[Effect]:
        """Confetti over the table, a fanfare, and the winners' plates glowing."""
        s = self.speed
        whole = pygame.Rect(0, 0, self.scale.width, self.scale.height)
        colours = [GOLD, *(motif_colour(motif) for motif in MOTIF_IDS)]
        effects: list[Effect] = [Sparks(FINALE_SECONDS * s, area=whole, colours=colours, count=160,
                                        reach=float(self.scale.px(240, 60)), seed=len(self.match.actions))]
        plates = [self.areas[seat].plate.copy() for seat in winners if seat in self.areas]
        effects += [Pulse(FINALE_SECONDS * s, rect=plate, colour=GOLD, beats=4) for plate in plates]
        self.sound("fanfare")
        return effects


__all__ = ["GloriaMoments", "OutOfPlay", "PlateCount", "PointFlight", "Prepare", "WordStamp"]
