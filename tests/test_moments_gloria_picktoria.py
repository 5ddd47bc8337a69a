"""Gloria Picktoria's moments, each started by its engine events in seeded games of bots: a Dschingis Hahn
card's number stamped on it (GP-R13), the counter's tension before a scoring (GP-R9), the points of every
collection flying to their plates with the doubler's x2 and the fox's row out of play (GP-R9), the last
scoring's minus points (GP-R10) and the game's finale; a click or Enter skips a moment to the end it
reaches by itself; the scoring and end banners wait for a click unless the player lets them go on; with
reduced motion nothing shakes, flashes or throws sparks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame
import pytest
from test_table_support import click, click_on, close_app, frames_until, make_app

from game.core import Event, GameEnded
from game.gloria_picktoria.cards import DH, DOUBLER, FOX, SCORING_AT
from game.gloria_picktoria.events import DHToMiddle, ScoringDone
from game.i18n import set_language
from game.match import Match, Seat
from scenes.table import open_table
from scenes.table.gloria_picktoria.moments import OutOfPlay, PlateCount, PointFlight, WordStamp
from scenes.table.gloria_picktoria.story import ScoringBanner
from scenes.table.kit.moments import RESTLESS_KINDS, Effect, Pulse, Sparks

GAME = "gloria_picktoria"
NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil"]
FRAME = 1 / 60

# seeded games of random bots (3 seats) and the action whose events start a moment
FIRST_ROOSTER = (1, 21)  # seed 1: the 1st Dschingis Hahn card turns up
THIRD_ROOSTER = (1, 54)  # seed 1: the 3rd, the one before the first scoring
SECOND_SCORING = (26, 232)  # seed 26: the 6th and 7th cards, the 2nd scoring, a doubler scored, the fox out
LAST_SCORING = (21, 273)  # seed 21: the 9th and 10th, the last scoring (doubler, fox, minus points), the end


def bots_match(seed: int) -> Match:
    return Match(GAME, [Seat.ai(name, "random") for name in NAMES[:3]], seed=seed)


@dataclass
class Watched:
    """A table of bots opened just before an action, with every moment it asked for and every sound."""

    match: Match
    table: object
    moments: list[tuple[Event, list[Effect]]] = field(default_factory=list)
    sounds: list[str] = field(default_factory=list)

    def of(self, kind: type[Event]) -> list[tuple[Event, list[Effect]]]:
        return [(event, effects) for event, effects in self.moments if isinstance(event, kind)]


def watch(app, monkeypatch, seed: int, action: int) -> Watched:
    """The game of `seed` played by its bots up to `action`, then on the table as seat 0 sees it."""
    match = bots_match(seed)
    while len(match.actions) < action:
        match.step_bot()
    match.drain_events(0)
    table = open_table(app, match, seat=0, follow=False, to_results=False)
    watched = Watched(match, table)
    asked = table.moment_for

    def moment_for(event: Event) -> Sequence[Effect] | None:
        effects = asked(event)
        if effects:
            watched.moments.append((event, list(effects)))
        return effects

    monkeypatch.setattr(table, "moment_for", moment_for)
    monkeypatch.setattr("scenes.sound.play", watched.sounds.append)
    app.push(table)
    return watched


def until(app, done: Callable[[], bool], limit: int = 3000) -> None:
    frames_until(app, done, limit=limit, dt=FRAME)


def effects_of(effects: list[Effect], kind: type) -> list:
    return [effect for effect in effects if isinstance(effect, kind)]


def inside(rect: pygame.Rect, point: tuple[float, float]) -> bool:
    return rect.inflate(2, 2).collidepoint(point)


@pytest.fixture
def app():
    set_language("en")
    app = make_app((1280, 720), "normal")
    yield app
    close_app(app)


# -- GP-R13: every Dschingis Hahn card on the counter ---------------------------------------------------
def test_gp_r13_a_rooster_card_lands_on_the_counter_with_its_number_stamped_on_it(app, monkeypatch):
    watched = watch(app, monkeypatch, *FIRST_ROOSTER)
    table = watched.table
    until(app, lambda: bool(watched.of(DHToMiddle)))
    event, effects = watched.of(DHToMiddle)[0]
    assert event.number == 1
    stamps = effects_of(effects, WordStamp)
    assert [stamp.words for stamp in stamps] == ["1"], "its number, and no warning: no scoring comes next"
    card = next(s for s in table.layer if s.zone == "middle" and s.card == DH)
    assert inside(card.rect, stamps[0].center), "stamped on the card that landed in the middle"
    assert not effects_of(effects, Pulse)
    assert "stamp" in watched.sounds and "tension" not in watched.sounds


def test_gp_r9_the_rooster_before_a_scoring_makes_the_counter_pulse_the_next_one_scores(app, monkeypatch):
    watched = watch(app, monkeypatch, *THIRD_ROOSTER)
    table = watched.table
    until(app, lambda: bool(watched.of(DHToMiddle)))
    event, effects = watched.of(DHToMiddle)[0]
    assert event.number == 3 and event.number + 1 == SCORING_AT[0]
    pulses = effects_of(effects, Pulse)
    assert [pulse.rect for pulse in pulses] == [table.counter_box], "the counter pulses"
    words = {stamp.words: stamp for stamp in effects_of(effects, WordStamp)}
    assert set(words) == {"3", "the next one scores!"}
    assert inside(table.counter_box.inflate(0, table.counter_box.height // 2),
                  words["the next one scores!"].center), "the warning stands by the counter"
    assert "tension" in watched.sounds
    # every card of the game: the warning with the 3rd, 6th and 9th alone, the ones before a scoring
    warned = [n for n in range(1, 11)
              if any(isinstance(e, Pulse) for e in table.moment_for(DHToMiddle(text="", number=n)))]
    assert warned == [n - 1 for n in SCORING_AT]


# -- GP-R9: a scoring ------------------------------------------------------------------------------------
def test_gp_r9_each_collections_points_fly_to_its_owners_plate_which_counts_up(app, monkeypatch):
    watched = watch(app, monkeypatch, *SECOND_SCORING)
    table, match = watched.table, watched.match
    before = list(match.state.points)
    until(app, lambda: isinstance(table.banner, ScoringBanner))
    event, effects = watched.of(ScoringDone)[0]
    breakdown = event.breakdown
    scored = [entry for motif in breakdown["motifs"] for entry in motif["entries"] if entry["points"] > 0]
    flights = effects_of(effects, PointFlight)
    assert Counter((f.zone, f.points) for f in flights) == Counter(
        (f"collection:{e['seat']}:{e['collection']}", e["points"]) for e in scored), "one per collection"
    for flight in flights:
        seat, index = map(int, flight.zone.split(":")[1:])
        assert flight.seat == seat and inside(table._cell(seat, index), flight.start), "from the collection"
        assert inside(table.areas[seat].plate, flight.end), "to the owner's plate"
    counts = {count.seat: (count.start, count.end) for count in effects_of(effects, PlateCount)}
    gains = enumerate(breakdown["points"])
    assert counts == {seat: (before[seat], before[seat] + gain) for seat, gain in gains if gain}, \
        "from the old score to the new"
    assert all(inside(table.areas[c.seat].plate, c.center) for c in effects_of(effects, PlateCount)), \
        "counted at the plate"
    doubled = [e for e in scored if e["doubler"]]
    stamps = [stamp for stamp in effects_of(effects, WordStamp) if stamp.words == "\u00d72"]
    assert doubled and len(stamps) == len(doubled), "x2 stamped on each doubled collection"
    for entry, stamp in zip(doubled, stamps, strict=True):
        doubler = next(s for s in table.layer
                       if s.zone == f"collection:{entry['seat']}:{entry['collection']}" and s.card == DOUBLER)
        assert inside(doubler.rect, stamp.center)
    foxed = [e for motif in breakdown["motifs"] for e in motif["entries"] if e["place"] == "fox"]
    shades = effects_of(effects, OutOfPlay)
    assert foxed and [(s.rect, s.words) for s in shades] == [
        (table._cell(e["seat"], e["collection"]), "out of play") for e in foxed], "the fox's row out of play"
    assert any(s.card == FOX and shades[0].rect.collidepoint(s.center) for s in table.layer)
    assert table.live_scores == list(match.state.points), "the plates show the new points"
    assert table.banner.waits, "the scoring's panel waits to be read"
    assert "whoosh" in watched.sounds


def test_gp_r10_the_last_scoring_flies_minus_points_from_lone_treasures_and_hand_cards(app, monkeypatch):
    watched = watch(app, monkeypatch, *LAST_SCORING)
    table, match = watched.table, watched.match
    before = list(match.state.points)
    until(app, lambda: isinstance(table.banner, ScoringBanner))
    event, effects = watched.of(ScoringDone)[0]
    breakdown = event.breakdown
    assert breakdown["final"]
    minus = [flight for flight in effects_of(effects, PointFlight) if flight.points < 0]
    for row in breakdown["penalties"]:
        seat = row["seat"]
        lone = [f for f in minus if f.seat == seat and f.zone.startswith("collection:")]
        hand = [f for f in minus if f.seat == seat and f.zone == f"hand:{seat}"]
        assert len(lone) == row["lone_treasures"] and {f.points for f in lone} <= {-2}, "-2 per lone treasure"
        assert len(hand) == row["hand_cards"] and {f.points for f in hand} <= {-1}, "-1 per hand card"
        for flight in lone:
            cards = [entry.card for entry in table.model.zones[flight.zone]]
            assert FOX not in cards and len([c for c in cards if c != DOUBLER]) == 1, "a lone one that pays"
    gained = Counter()
    for motif in breakdown["motifs"]:
        for entry in motif["entries"]:
            gained[entry["seat"]] += entry["points"]
    downs = {c.seat: (c.start, c.end) for c in effects_of(effects, PlateCount) if c.end < c.start}
    assert downs == {row["seat"]: (before[row["seat"]] + gained[row["seat"]],
                                   before[row["seat"]] + breakdown["points"][row["seat"]])
                     for row in breakdown["penalties"] if row["points"] < 0}, "the plates count down"
    assert table.live_scores == list(match.state.points)


def test_the_game_end_throws_confetti_with_a_fanfare_and_its_banner_waits(app, monkeypatch):
    watched = watch(app, monkeypatch, *LAST_SCORING)
    table, match = watched.table, watched.match
    until(app, lambda: isinstance(table.banner, ScoringBanner))
    for _ in range(30):  # the panel is read
        app.step(FRAME)
    click(app, (640, 360))
    until(app, lambda: bool(watched.of(GameEnded)) and table.moments.busy)
    event, effects = watched.of(GameEnded)[0]
    sparks = effects_of(effects, Sparks)
    assert len(sparks) == 1 and sparks[0].area == pygame.Rect(0, 0, 1280, 720), "confetti over the table"
    assert {pulse.rect.center for pulse in effects_of(effects, Pulse)} == {
        table.areas[seat].plate.center for seat in event.winners}, "the winners' plates glow"
    assert "fanfare" in watched.sounds
    until(app, lambda: table.banner is not None and not table.moments.busy)
    assert "particles" in table.moments.kinds_drawn
    banner = table.banner
    assert banner.title == "Game over" and banner.waits
    for _ in range(600):
        app.step(FRAME)
    assert table.banner is banner, "it waits for the player"
    click(app, (640, 360))
    app.step(FRAME)
    assert table.banner is None and match.is_over()


# -- a skipped moment ends where a watched one does --------------------------------------------------------
def what_the_table_keeps(table) -> tuple:
    """The log, the plates' points and every card's place."""
    cards = sorted((s.zone, s.card or "", round(s.center[0]), round(s.center[1])) for s in table.layer)
    return list(table.log_lines), list(table.live_scores), cards


def scoring_played(monkeypatch, skip: str | None) -> tuple[tuple, tuple]:
    """What the table keeps when the second scoring's panel shows, and once the table has caught up,
    the scoring moment skipped (by a "click" or "enter") or let run (None)."""
    app = make_app((1280, 720), "normal")
    try:
        watched = watch(app, monkeypatch, *SECOND_SCORING)
        table = watched.table
        until(app, lambda: bool(watched.of(ScoringDone)) and table.moments.busy)
        if skip == "click":
            click(app, (640, 360))
        elif skip == "enter":
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                                 scancode=0))
        if skip is not None:
            app.step(FRAME)
            assert not table.moments.busy and isinstance(table.banner, ScoringBanner), "skipped at once"
        until(app, lambda: isinstance(table.banner, ScoringBanner))
        at_banner = what_the_table_keeps(table)
        click_on(app, lambda: table.caught_up)
        return at_banner, what_the_table_keeps(table)
    finally:
        close_app(app)


@pytest.mark.parametrize("how", ["click", "enter"])
def test_a_click_or_enter_skips_the_gp_r9_scoring_moment_to_the_end_it_reaches_by_itself(monkeypatch, how):
    with monkeypatch.context() as patched:
        by_itself = scoring_played(patched, None)
    with monkeypatch.context() as patched:
        skipped = scoring_played(patched, how)
    assert skipped == by_itself
    assert by_itself[0][1] == by_itself[1][1], "the plates had their new points when the panel showed"


# -- banners that matter ----------------------------------------------------------------------------------
def scoring_banner_after(monkeypatch, continue_after: int) -> tuple[bool, int | None]:
    """Whether the second scoring's panel waits for a click, and how many frames it stayed (None: still
    there after 20 s), with "Continue by itself" at `continue_after` seconds (0: never)."""
    app = make_app((1280, 720), "normal")
    app.settings.continue_after = continue_after
    try:
        watched = watch(app, monkeypatch, *SECOND_SCORING)
        table = watched.table
        until(app, lambda: isinstance(table.banner, ScoringBanner))
        banner = table.banner
        for frame in range(20 * 60):
            if table.banner is not banner:
                return banner.waits, frame
            app.step(FRAME)
        return banner.waits, None
    finally:
        close_app(app)


@pytest.mark.parametrize("after", [0, 3])
def test_the_scoring_banner_waits_for_a_click_or_goes_on_by_itself_when_the_player_chose_so(monkeypatch,
                                                                                           after):
    waits, stayed = scoring_banner_after(monkeypatch, after)
    assert waits
    if after:
        assert stayed is not None and abs(stayed - after * 60) <= 3, "it went on by itself when asked"
    else:
        assert stayed is None, "it waits for the player"


# -- reduced motion ---------------------------------------------------------------------------------------
def test_with_reduced_motion_no_moment_of_the_game_shakes_flashes_or_throws_sparks(app, monkeypatch):
    app.settings.reduced_motion = True
    watched = watch(app, monkeypatch, *LAST_SCORING)
    table, match = watched.table, watched.match
    click_on(app, lambda: match.is_over() and table.caught_up, limit=6000)
    kinds = {type(effect) for _, effects in watched.moments for effect in effects}
    assert {WordStamp, Pulse, PointFlight, PlateCount, OutOfPlay, Sparks} <= kinds, "every moment asked for"
    assert "fade" in table.moments.kinds_drawn, "shown calmly"
    assert not table.moments.kinds_drawn & RESTLESS_KINDS
    assert table.live_scores == list(match.state.points)


def test_with_animations_off_a_scoring_takes_no_time_and_the_plates_show_the_new_points(monkeypatch):
    app = make_app((1280, 720), "off")
    try:
        watched = watch(app, monkeypatch, *SECOND_SCORING)
        table, match = watched.table, watched.match
        until(app, lambda: isinstance(table.banner, ScoringBanner), limit=60)
        assert watched.of(ScoringDone) and not table.moments.busy
        assert table.live_scores == list(match.state.points)
    finally:
        close_app(app)
