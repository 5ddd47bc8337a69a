"""3 Chapters' moments: its scoring as small events on the table, each driven by the engine event it shows
(scenes/table/kit/moments.py), with its sound.

- A trick is won (`TrickWon`, TC-R6): the trick gathers to its highest card, whose owner's star flies from
  it to their plate (a chime as it lands); then every card's chapter-II rewards, as they were checked, fly
  from that card to its owner's plate, one after another (a blocked reward fades where it was lost), and
  each plate that gained counts up to its new points. What the rewards are comes from the observation's
  ledger: the gains of that trick's number.
- Chapter II ends (`ChapterEnded` of chapter 2, TC-R7): the chapter-III sheet counts the cards one by one,
  every column's running count going up with each row, then the most-crystals bonus comes down as a stamp,
  then the totals and the winner. The sheet then waits for a click (its banner).
- The game ends (`GameEnded`, TC-R8): confetti falls over the table and a stamp with each winner's name
  comes down on their plate, to a fanfare.

Each reward lands on the plate when its flight ends (or is skipped): the plate shows it from then on, as
the observation will once the events have played. Every picture is made when the moment starts, never
while it plays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import pygame

from game.core import Event, GameEnded
from game.i18n import Card, message, tr
from game.three_chapters.abilities import TOKEN_INDEX, TRICK_WIN
from game.three_chapters.events import ChapterEnded, TrickWon
from game.three_chapters.state import position_words
from game.three_chapters.view import GainView
from scenes.table.kit.moments import (
    GOLD,
    CountUp,
    Cue,
    Effect,
    Fade,
    Flight,
    Pulse,
    Stamp,
    finale,
    token,
)
from scenes.table.three_chapters.layout import GATHER_OVERLAP
from scenes.table.three_chapters.panels import TablePanels, TrickResult
from scenes.table.three_chapters.pieces import CRYSTAL_BLUE, HEART_RED, STAR_GOLD, TOKEN_GLYPHS
from scenes.table.three_chapters.sheet import SCORE_ROW_SECONDS, ScoreSheet, SheetPicture, score_sheet

Colour = tuple[int, int, int]
Point = tuple[float, float]

TOKEN_COLOURS: dict[str, Colour] = {"stars": STAR_GOLD, "hearts": HEART_RED, "crystals": CRYSTAL_BLUE}
LOST: Colour = (150, 150, 158)  # a blocked reward's grey
CONFETTI: tuple[Colour, ...] = (STAR_GOLD, HEART_RED, CRYSTAL_BLUE, (255, 255, 255), (150, 220, 130))

# seconds at normal speed (each is scaled by the table's speed: with animations off a moment takes none)
GATHER_SECONDS = 0.45  # the trick closes up to its winning card
STAR_AT = 0.35  # the star leaves the winning card as the trick has nearly gathered
FLIGHT_SECONDS = 0.7
REWARD_GAP = 0.42  # between two rewards leaving their cards: each is checked in turn
CARD_PULSE = 0.55
COUNT_SECONDS = 0.75  # a plate's counter, its last value staying COUNT_LINGER of it
COUNT_LINGER = 0.35
BONUS_SECONDS = 1.1  # the most-crystals stamp's stage of the sheet
SHEET_LINGER = 1.0  # the totals and the winner, before the sheet waits for a click




@dataclass(eq=False)
class Reward(Flight):
    """One reward flying from the card that gave it to its owner's plate: `label` is what its token says
    ("♥+2"), `seat` whose plate it lands on."""

    label: str = ""
    seat: int = -1


@dataclass(eq=False)
class SheetReveal(Effect):
    """The chapter-III sheet counted in stages: stage k's rows show from `starts[k]` seconds on."""

    paint: Callable[[pygame.Surface, int], None] | None = None  # the sheet up to a stage
    starts: Sequence[float] = ()
    kind = "sheet"

    @property
    def stage(self) -> int:
        running = self.elapsed - self.delay
        return max((k for k, start in enumerate(self.starts) if start <= running), default=0)

    def draw(self, surface: pygame.Surface) -> None:
        if self.paint is not None and self.started and not self.ended:
            self.paint(surface, self.stage)


@dataclass(eq=False)
class RunningCount(Effect):
    """A column's running count on the sheet: each value from its time on (seconds into the effect),
    popping a little as it changes. It stays to the end, where the sheet shows the same final value."""

    steps: Sequence[tuple[float, int]] = ()
    center: Point = (0.0, 0.0)
    size: int = 20
    colour: Colour = GOLD
    kind = "count"
    _tokens: dict[int, pygame.Surface] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for _, value in self.steps:  # every face now, none while it counts
            self.face(value)

    def face(self, value: int) -> pygame.Surface:
        if value not in self._tokens:
            self._tokens[value] = token(str(value), self.size, self.colour)
        return self._tokens[value]

    def _now(self) -> tuple[int, float]:
        """The value shown now and the seconds since it came."""
        running = self.elapsed - self.delay
        value, since = (self.steps[0][1], running) if self.steps else (0, running)
        for at, step in self.steps:
            if at <= running:
                value, since = step, running - at
        return value, since

    @property
    def value(self) -> int:
        return self._now()[0]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.ended or not self.steps:
            return
        value, since = self._now()
        picture = self.face(value)
        pop = 1.0 + 0.3 * max(0.0, 1.0 - since / 0.2)
        if pop > 1.01:
            w, h = picture.get_size()
            picture = pygame.transform.smoothscale(picture, (round(w * pop), round(h * pop)))
        surface.blit(picture, picture.get_rect(center=(round(self.center[0]), round(self.center[1]))))


class TableMoments(TablePanels):
    """The moments the table's events call for (`moment_for`; a mixin: `ThreeChaptersTable` puts the rooms
    together)."""

    def moment_for(self, event: Event) -> Sequence[Effect] | None:
        if isinstance(event, TrickWon):
            return self._trick_moment(event)
        if isinstance(event, ChapterEnded) and event.chapter == 2:
            return self._count_moment()
        if isinstance(event, GameEnded):
            return self._finale(event)
        return None

    # -- what the table knows of a trick ---------------------------------------------------------------
    def trick_gains(self, number: int) -> list[GainView]:
        """The rewards of chapter II's trick `number`, in the order they were checked (the ledger keeps
        every trick's, so the trick need not be the last one scored)."""
        ledger = self.latest_observation().get("ledger") or []
        return [gain for gain in ledger if gain["chapter"] == 2 and gain["trick"] == number]

    def trick_result_of(self, event: TrickWon) -> TrickResult:
        """The trick just won as the rewards panel beside it shows it."""
        card = str(event.card)
        title = message(
            "{winner} wins with {card:dat} ({value})",
            winner=position_words(event.winner, self.players),
            card=Card(self.game_id, card),
            value=card,
        )
        return TrickResult(event.trick, event.winner, title, self.trick_gains(event.trick))

    # -- a trick won (TC-R6) ---------------------------------------------------------------------------
    def _trick_moment(self, event: TrickWon) -> list[Effect]:
        s = self.speed
        winner = str(event.card)
        spots = self.gather_spots(winner)
        gains = self.trick_gains(event.trick)
        effects: list[Effect] = [
            Cue(0.0, on_end=partial(self._gather, spots, self.trick_result_of(event))),
        ]
        tally = [list(tokens) for tokens in self.live_tokens]
        landed: dict[int, float] = {}  # seat -> when its last reward lands
        pulsed: set[str] = set()
        leave = STAR_AT
        for gain in gains:
            source = winner if gain["source"] == TRICK_WIN else gain["source"]
            start, part = self._card_part(spots, source, winner)
            if source not in pulsed and part is not None:
                pulsed.add(source)
                effects.append(Pulse(CARD_PULSE * s, delay=leave * s, rect=part, colour=GOLD, beats=1))
            effects += self._reward(gain, start, leave, tally, landed)
            leave += REWARD_GAP
        effects.append(Cue(0.0, delay=(STAR_AT + FLIGHT_SECONDS) * s, play=partial(self.sound, "chime")))
        for seat, at in sorted(landed.items()):
            effects += self._count(seat, self.card_data().points(tally[seat][:3]), at)
        return effects

    def _gather(self, spots: dict[str, tuple[float, float, float]], result: TrickResult) -> None:
        """The trick closes up to its winning card, and its rewards panel shows beside it."""
        self.gathered = spots
        self.trick_result = result
        self.relayout(GATHER_SECONDS * self.speed)
        self.refresh_underlay()

    def _card_part(self, spots: dict[str, tuple[float, float, float]], card: str,
                   winner: str) -> tuple[Point, pygame.Rect | None]:
        """Where a reward of `card` leaves from once the trick has gathered: the part of the card still
        in view (the whole winning card on top); the middle of the trick when the card is not in it."""
        spot = spots.get(card)
        if spot is None:
            return (float(self.slots_box.centerx), float(self.trick_y)), None
        cw, ch = self.trick_card
        part = pygame.Rect(0, 0, cw, ch)
        part.center = (round(spot[0]), round(spot[1]))
        if card != winner:
            shown = max(1, round(cw * (1.0 - GATHER_OVERLAP)))
            left_of_winner = spot[0] < spots[winner][0]
            part = pygame.Rect(part.x if left_of_winner else part.right - shown, part.y, shown, ch)
        return (float(part.centerx), part.y + ch * 0.4), part

    def _reward(self, gain: GainView, start: Point, leave: float, tally: list[list[int]],
                landed: dict[int, float]) -> list[Effect]:
        """One reward: a token flying from its card to its owner's plate, which counts it on landing; a
        blocked one fades, grey, where it was lost."""
        s = self.speed
        seat, kind, amount = gain["seat"], gain["token"], gain["amount"]
        glyph = TOKEN_GLYPHS.get(kind, ("?", GOLD))[0]
        label = f"{glyph}+{amount}"
        size = self.scale.font(24)
        if gain["blocked"]:
            picture = token(tr("{reward} blocked").format(reward=label), size, LOST)
            return [Fade(FLIGHT_SECONDS * s, delay=leave * s, picture=picture, center=start)]
        end = self.token_spots(seat).get(kind)
        if end is None or not 0 <= seat < len(tally):
            return []
        index = TOKEN_INDEX[kind]
        tally[seat][index] += amount
        trick = gain["source"] == TRICK_WIN
        landed[seat] = leave + FLIGHT_SECONDS
        picture = token(label, size, TOKEN_COLOURS.get(kind, GOLD))
        return [Reward(FLIGHT_SECONDS * s, delay=leave * s, picture=picture, start=start, end=end,
                       label=label, seat=seat, on_end=partial(self._land, seat, index, amount, trick))]

    def _land(self, seat: int, index: int, amount: int, trick: bool) -> None:
        """A reward reached its plate: the plate shows it from now on (the observation will say the same
        once the events have played)."""
        if 0 <= seat < len(self.live_tokens):
            self.live_tokens[seat][index] += amount
            if trick:
                self.live_tokens[seat][3] += 1  # the star of a trick won: one more trick
        self.refresh_underlay()

    def _count(self, seat: int, new: int, at: float) -> list[Effect]:
        """The plate's counter from its points to `new`, where the points stand, once its rewards are in;
        the plate shows the new points when it ends."""
        spot = self.score_spot(seat)
        if spot is None or not 0 <= seat < len(self.live_points) or self.live_points[seat] == new:
            return []
        s = self.speed
        old = self.live_points[seat]
        count = CountUp(COUNT_SECONDS * s, delay=at * s, start=old, end=new, center=spot,
                        size=self.scale.font(24), linger=COUNT_LINGER * s,
                        on_end=partial(self._counted, seat, new))
        for value in range(min(old, new), max(old, new) + 1):
            count.face(value)  # its faces are drawn now, not while it counts
        return [Cue(0.0, delay=at * s, play=partial(self._counting, seat)), count]

    def _counting(self, seat: int) -> None:
        self.counting.add(seat)
        self.sound("tick")
        self.refresh_underlay()

    def _counted(self, seat: int, new: int) -> None:
        """What the counter counted to is the plate's value from now on (the ScoreChanged that follows
        tells the same)."""
        self.counting.discard(seat)
        if 0 <= seat < len(self.live_points):
            self.live_points[seat] = new
        self.refresh_underlay()

    # -- chapter III counted (TC-R7) -------------------------------------------------------------------
    def final_sheet(self) -> ScoreSheet:
        """The chapter-III sheet of the game just over: the moment counts it, its banner and the table
        after it show the same."""
        if self.sheet is None:
            self.sheet = score_sheet(self.latest_observation(), self.names, self.card_data())
        return self.sheet

    def _count_moment(self) -> list[Effect]:
        s = self.speed
        sheet = self.final_sheet()
        picture, rect = self.sheet_picture(sheet)
        starts = [k * SCORE_ROW_SECONDS for k in range(sheet.card_stages)]
        if sheet.bonus:
            starts.append(sheet.card_stages * SCORE_ROW_SECONDS)
        starts.append((starts[-1] if starts else 0.0) + (BONUS_SECONDS if sheet.bonus else SCORE_ROW_SECONDS))
        whole = starts[-1] + SHEET_LINGER
        scaled = [start * s for start in starts]
        effects: list[Effect] = [
            SheetReveal(whole * s, paint=partial(self._paint_sheet, picture, rect.topleft), starts=scaled,
                        on_end=partial(self._counted_sheet, sheet))
        ]
        for start in starts[1:sheet.card_stages]:
            effects.append(Cue(0.0, delay=start * s, play=partial(self.sound, "tick")))
        for column in range(len(sheet.columns)):
            effects.append(self._running_count(sheet, picture, rect, column, scaled, whole))
            effects += self._bonus_stamp(sheet, picture, rect, column, starts)
        return effects

    def _counted_sheet(self, sheet: ScoreSheet) -> None:
        """The count is over: the plates show the final tokens and points, and the table the whole sheet
        (under its banner, and after it while the game's end is celebrated)."""
        self.sheet_counted = True
        for entry in self.latest_observation().get("breakdown") or []:
            seat = entry["seat"]
            if 0 <= seat < len(self.live_tokens):
                self.live_tokens[seat][:3] = [entry["stars"], entry["hearts"], entry["crystals"]]
            if 0 <= seat < len(self.live_points):
                self.live_points[seat] = entry["points"]["total"]
        self.refresh_underlay()

    @staticmethod
    def _paint_sheet(picture: SheetPicture, topleft: tuple[int, int], surface: pygame.Surface,
                     stage: int) -> None:
        picture.draw(surface, topleft, stage)

    def _running_count(self, sheet: ScoreSheet, picture: SheetPicture, rect: pygame.Rect, column: int,
                       starts: Sequence[float], whole: float) -> RunningCount:
        """The column's points so far, going up as each of its rows is shown."""
        counts = sheet.counts[column]
        steps = [(starts[min(sheet.stage_of(column, i), len(starts) - 1)], value)
                 for i, value in enumerate(counts)]
        x, y = picture.count_spot(column)
        return RunningCount(whole * self.speed, steps=steps, center=(rect.x + x, rect.y + y),
                            size=picture.count_size)

    def _bonus_stamp(self, sheet: ScoreSheet, picture: SheetPicture, rect: pygame.Rect, column: int,
                     starts: Sequence[float]) -> list[Effect]:
        """The most-crystals bonus (TC-R7) stamped on its row, after every card was counted."""
        rows = sheet.columns[column]
        index = next((i for i, row in enumerate(rows) if row.bonus), None)
        if index is None:
            return []
        s = self.speed
        at = starts[sheet.card_stages]
        row = picture.row_rect(column, index).move(rect.topleft)
        glyph = TOKEN_GLYPHS["crystals"][0]
        label = token(f"{tr('Most crystals')}  {glyph}+{sheet.bonuses[column]}", picture.count_size,
                      CRYSTAL_BLUE)
        return [
            Stamp(BONUS_SECONDS * s, delay=at * s, picture=label, tilt=-6.0, center=row.center),
            Cue(0.0, delay=(at + BONUS_SECONDS * 0.25) * s, play=partial(self.sound, "stamp")),
        ]

    # -- the game's end (TC-R8) ------------------------------------------------------------------------
    def _wins(self, seat: int) -> str:
        return tr("{name} wins the game!").format(name=self.seat_name(seat))

    def _finale(self, event: GameEnded) -> list[Effect]:
        winners = [(self.places[seat].plate, token(self._wins(seat), self.scale.font(40), GOLD))
                   for seat in event.winners if seat in self.places]
        return finale(winners=winners, window=self.scale.size, speed=self.speed, colours=CONFETTI,
                      reach=self.scale.px(260, 40), seed=len(self.match.actions), sound=self.sound)



__all__ = ["Cue", "Reward", "RunningCount", "SheetReveal", "TableMoments"]
