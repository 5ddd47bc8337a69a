"""Palastgeflüster's moments (scenes/table/palastgefluester/moments.py), each started by the engine's event
it shows: a round's end (PG-R5) pulses the cards that ended it and flies a point to each plate that scores,
where the counter counts up; a King card turned by the Hofmarschall (PG-R7) gets a stamp and a pulse; the
game's end (PG-R11) throws confetti and stamps the winner's name at their plate. A click or Enter skips a
moment to the same end it reaches by itself; the banners that matter wait for a click; reduced motion
shows nothing restless."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from test_table_support import click, click_on, close_app, frames_until, make_app, waiting_banner

from game.core import CardMoved, Event, GameEnded, RoundEnded
from game.match import Match, Seat
from game.palastgefluester.events import RoundEnd
from game.palastgefluester.position import position
from scenes.table import open_table
from scenes.table.kit.moments import RESTLESS_KINDS, CountUp, Effect, Flight, Pulse, Sparks, Stamp

SEATS = ("Anna", "Ben", "Cleo")
FIVE = ["Hofmarschall/brown", "Schatzmeister/brown", "Zauberer/brown", "Zofe/brown", "Mundschenk/brown"]


def doubled():
    """Anna lays a second Zofe: a Palastgeflüster (PG-R5 (a)), Ben and Cleo score."""
    displays = [["Zofe/red", "Hofnarr/brown"], ["Zauberer/brown"], ["Waechter/brown"]]
    return position([["Zofe/brown"], [], []], displays, fill=True), "play Zofe/brown"


def six(points: list[int] | None = None):
    """Anna lays the sixth different person (PG-R5 (b)): she scores."""
    return position([["Waechter/brown"], [], []], [FIVE, ["Zauberer/red"], ["Zofe/red"]], fill=True,
                    points=points), "play Waechter/brown"


def jester():
    """Anna lays a Hofnarr under the Hofnarr King card (PG-R5 (c)): Ben and Cleo score."""
    return position([["Hofnarr/brown"], [], []], [["Zofe/red"], ["Zauberer/brown"], ["Waechter/brown"]],
                    fill=True, king_revealed=["Hofnarr"]), "play Hofnarr/brown"


def chamberlain():
    """Anna lays a Hofmarschall: the top King card is turned (PG-R7)."""
    return position([["Hofmarschall/red"], [], []], [["Zofe/red"], ["Zauberer/brown"], ["Waechter/brown"]],
                    fill=True), "play Hofmarschall/red"


class Seen:
    """The moments the table started, each with the event that called for it."""

    def __init__(self, table) -> None:
        self.moments: list[tuple[Event, list[Effect]]] = []
        asked = table.moment_for

        def moment_for(event: Event):
            effects = asked(event)
            if effects:
                self.moments.append((event, list(effects)))
            return effects

        table.moment_for = moment_for

    def of(self, kind: type[Event], test: Callable[[Event], bool] = lambda e: True) -> list[Effect]:
        found = [effects for event, effects in self.moments if isinstance(event, kind) and test(event)]
        assert found, f"no moment for {kind.__name__}"
        return found[-1]


@pytest.fixture
def app():
    app = make_app((1280, 720), "normal")
    yield app
    close_app(app)


def table_at(app, made):
    """The table of a hand-made position, Anna's view, everyone a person (nothing moves by itself), and
    the action that starts the moment (not played yet)."""
    state, action = made
    match = Match("palastgefluester", [Seat(name) for name in SEATS], 1)
    match.state = state
    table = open_table(app, match, seat=0, follow=False, to_results=False, bots=False)
    app.push(table)
    frames_until(app, lambda: table.caught_up)
    return table, Seen(table), action


def started(app, table, seen: Seen, kind: type[Event]) -> list[Effect]:
    """Step until the moment of an event of `kind` plays; its effects."""
    frames_until(app, lambda: table.moments.busy and any(isinstance(e, kind) for e, _ in seen.moments))
    return seen.of(kind)


def rect_of(table, zone: str, index: int) -> pygame.Rect:
    """Where a card of `zone` lies (whole pixels)."""
    rect = table.layer.sprites[table.model.zones[zone][index].uid].rect
    return pygame.Rect(round(rect.x), round(rect.y), round(rect.width), round(rect.height))


def same(a: pygame.Rect, b: pygame.Rect) -> bool:
    """The same place on the screen, give or take the rounding of a pixel."""
    return a.size == b.size and abs(a.centerx - b.centerx) <= 1 and abs(a.centery - b.centery) <= 1


def among(rect: pygame.Rect, rects: list[pygame.Rect]) -> bool:
    return any(same(rect, other) for other in rects)


def kinds(effects: list[Effect], kind: type[Effect]) -> list:
    return [e for e in effects if isinstance(e, kind)]


# -- a round's end (PG-R5) -----------------------------------------------------------------------------------
def test_pg_r5_palastgefluester_the_doubled_person_pulses_and_a_point_flies_to_every_other_plate(app, heard):
    table, seen, action = table_at(app, doubled())
    table.match.play(action, seat=0)
    effects = started(app, table, seen, RoundEnded)
    event = next(e for e, _ in seen.moments if isinstance(e, RoundEnded))
    assert event.reason == RoundEnd.DOUBLE and event.scorers == (1, 2)
    display = [entry.card for entry in table.model.zones["display:0"]]
    zofes = [i for i, card in enumerate(display) if card.startswith("Zofe/")]
    assert len(zofes) == 2
    pulsing = [p.rect for p in kinds(effects, Pulse)]
    assert len(pulsing) == 2 and all(among(rect_of(table, "display:0", i), pulsing) for i in zofes)
    flights = kinds(effects, Flight)
    assert [f.end for f in flights] == [table.score_spot(1), table.score_spot(2)]
    assert all(rect_of(table, "display:0", zofes[-1]).collidepoint(f.start) for f in flights)
    counts = kinds(effects, CountUp)
    assert [(c.center, c.start, c.end) for c in counts] == [(table.score_spot(s), 0, 1) for s in (1, 2)]
    assert table.live_points == [0, 0, 0], "the plates show the old points while the points fly"
    stamp = kinds(effects, Stamp)[0]
    assert not any(stamp.picture.get_rect(center=stamp.center).colliderect(r) for r in pulsing)
    frames_until(app, lambda: not table.moments.busy)
    assert table.live_points == [0, 1, 1], "each plate counted up to its new points"
    assert heard[heard.index("round_end"):] == ["round_end", "whoosh", "tick"], "end, flight, count"
    assert waiting_banner(app) and table.banner.title == "Round 1 over"
    assert "1 point for Ben and Cleo" in table.banner.lines


def test_pg_r5_six_different_persons_pulse_the_row_and_the_sixth_and_the_point_flies_to_its_own_plate(app):
    table, seen, action = table_at(app, six())
    table.match.play(action, seat=0)
    effects = started(app, table, seen, RoundEnded)
    row = [rect_of(table, "display:0", i) for i in range(6)]
    pulsing = [p.rect for p in kinds(effects, Pulse)]
    assert among(row[5], pulsing), "the sixth different person pulses"
    whole = next(r for r in pulsing if not same(r, row[5]))
    assert all(whole.contains(r) for r in row), "and the whole row of six with it"
    (flight,) = kinds(effects, Flight)
    assert row[5].collidepoint(flight.start) and flight.end == table.score_spot(0)
    (count,) = kinds(effects, CountUp)
    assert (count.start, count.end) == (0, 1)
    frames_until(app, lambda: not table.moments.busy)
    assert table.live_points == [1, 0, 0]


def test_pg_r5_a_jester_under_the_jester_king_card_pulses_with_the_king_card(app):
    table, seen, action = table_at(app, jester())
    table.match.play(action, seat=0)
    effects = started(app, table, seen, RoundEnded)
    pulsing = [p.rect for p in kinds(effects, Pulse)]
    jester_card = rect_of(table, "display:0", len(table.model.zones["display:0"]) - 1)
    king = rect_of(table, "king_revealed", 0)
    assert among(jester_card, pulsing) and among(king, pulsing) and len(pulsing) == 2
    assert [f.end for f in kinds(effects, Flight)] == [table.score_spot(1), table.score_spot(2)]


# -- a King card (PG-R7 Hofmarschall) ------------------------------------------------------------------------
def test_pg_r7_the_king_card_the_chamberlain_turns_lands_with_a_stamp_and_a_pulse(app, heard):
    table, seen, action = table_at(app, chamberlain())
    table.match.play(action, seat=0)
    effects = started(app, table, seen, CardMoved)
    event = next(e for e, _ in seen.moments if isinstance(e, CardMoved))
    assert (event.src, event.dst) == ("king_stack", "king_revealed")
    assert not table.layer.busy, "the moment follows the card's turn, once it lies face up"
    king = rect_of(table, "king_revealed", 0)
    (stamp,) = kinds(effects, Stamp)
    (pulse,) = kinds(effects, Pulse)
    assert same(pulse.rect, king) and king.collidepoint(stamp.center)
    frames_until(app, lambda: not table.moments.busy)
    assert "stamp" in heard and "place" in heard
    assert table.obs["blocked"] == event.card


# -- the game's end (PG-R11) ---------------------------------------------------------------------------------
def test_pg_r11_the_winner_gets_confetti_a_stamp_with_the_name_at_the_plate_and_a_fanfare(app, heard):
    table, seen, action = table_at(app, six(points=[5, 0, 0]))
    table.match.play(action, seat=0)
    click_on(app, lambda: any(isinstance(e, GameEnded) for e, _ in seen.moments) and table.moments.busy)
    effects = seen.of(GameEnded)
    (confetti,) = kinds(effects, Sparks)
    assert confetti.area is not None and confetti.area.size == app.screen.get_size()
    (stamp,) = kinds(effects, Stamp)
    assert table.areas[0].plate.inflate(stamp.picture.get_size()).collidepoint(stamp.center)
    frames_until(app, lambda: not table.moments.busy)
    assert heard[-2:] == ["fanfare", "stamp"], "the fanfare, then the winner's stamp coming down"
    assert waiting_banner(app) and table.banner.title == "Game over"
    assert "Anna" in " ".join(table.banner.lines)
    for _ in range(300):
        app.step(1 / 60)
    assert waiting_banner(app), "the game's end waits for a click"


# -- a click or Enter skips a moment to the same end ---------------------------------------------------------
def the_table_now(table) -> tuple:
    """What the table keeps and shows: its log, its plates' points and where every card lies."""
    cards = {zone: [(e.card, tuple(round(v) for v in table.layer.sprites[e.uid].center)) for e in entries]
             for zone, entries in table.model.zones.items()}
    return list(table.log_lines), list(table.live_points), cards


def ended_round(skip: Callable[[object], None] | None) -> tuple[tuple, tuple]:
    """A Palastgeflüster played out, or skipped as soon as its moment starts: the table at the round's
    banner, and once every banner is clicked through."""
    app = make_app((1280, 720), "normal")
    try:
        table, seen, action = table_at(app, doubled())
        table.match.play(action, seat=0)
        started(app, table, seen, RoundEnded)
        if skip is not None:
            skip(app)
            app.step(1 / 60)
            assert not table.moments.busy, "skipped at once"
        frames_until(app, lambda: waiting_banner(app))
        at_banner = the_table_now(table)
        click_on(app, lambda: table.caught_up)
        return at_banner, the_table_now(table)
    finally:
        close_app(app)


def press_enter(app) -> None:
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    pygame.event.post(enter)


@pytest.mark.parametrize("skip", [lambda app: click(app, (640, 300)), press_enter], ids=["click", "enter"])
def test_pg_r5_a_skipped_round_end_reaches_the_same_log_points_and_cards_as_one_played_out(skip):
    played = ended_round(None)
    skipped = ended_round(skip)
    assert skipped == played
    (log, points, _), _ = played
    assert points == [0, 1, 1] and "Anna plays Maid" in " ".join(log)


def test_pg_r7_a_skipped_king_card_moment_leaves_the_table_as_one_played_out(app):
    table, seen, action = table_at(app, chamberlain())
    table.match.play(action, seat=0)
    started(app, table, seen, CardMoved)
    click(app, (640, 300))
    app.step(1 / 60)
    assert not table.moments.busy
    frames_until(app, lambda: table.caught_up)
    assert any("King card" in line for line in table.log_lines)
    assert table.model.zones["king_revealed"][-1].card == table.obs["blocked"]


# -- banners that matter -------------------------------------------------------------------------------------
def test_pg_r5_the_round_banner_waits_for_a_click_or_goes_on_by_itself_when_the_player_chose_so(app):
    table, seen, action = table_at(app, doubled())
    table.match.play(action, seat=0)
    frames_until(app, lambda: waiting_banner(app))
    assert table.banner.waits
    for _ in range(600):
        app.step(1 / 60)
    assert waiting_banner(app) and table.banner.title == "Round 1 over"
    click(app, (640, 300))
    app.step(1 / 60)
    assert table.banner is None or table.banner.title != "Round 1 over"

    app.stack.pop()
    app.settings.continue_after = 1
    by_itself, seen, action = table_at(app, doubled())
    by_itself.match.play(action, seat=0)
    frames_until(app, lambda: by_itself.banner is not None and by_itself.banner.title == "Round 1 over")
    frames_until(app, lambda: by_itself.caught_up, limit=600)  # no click: it goes on after a second


# -- reduced motion ------------------------------------------------------------------------------------------
def test_with_reduced_motion_the_round_end_king_card_and_finale_neither_flash_nor_throw_sparks(app):
    app.settings.reduced_motion = True
    drawn: set[str] = set()
    for made in (doubled(), jester(), chamberlain(), six(points=[5, 0, 0])):
        table, seen, action = table_at(app, made)
        table.match.play(action, seat=0)
        click_on(app, lambda table=table: table.caught_up)
        assert seen.moments, "each moment was asked for"
        drawn |= table.moments.kinds_drawn
        app.stack.pop()
    assert drawn and not drawn & RESTLESS_KINDS
    assert "fade" in drawn
