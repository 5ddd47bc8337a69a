"""Palace's moments on the table, each started by the engine's events of a seeded game of bots: a burn
flares over the pile with sparks and its sound before the cards fly to the burned cards (PA-R9), a player
going out gets their place stamped on their plate, which keeps it (PA-R12), and the last player left is
stamped the loser and named in a banner that waits for a click (PA-R12). A click or Enter skips a moment
to the end it reaches by itself; with reduced motion nothing flashes and no spark is drawn."""

from __future__ import annotations

import pygame
import pytest
from test_table_support import click, click_on, close_app, frames_until, make_app, waiting_banner

from game.core import CardMoved, Event, GameEnded
from game.i18n import message, ordinal
from game.match import Match, Seat
from game.palace.cards import rank_param
from game.palace.events import PileBurned, PlayerOut
from scenes.table import open_table
from scenes.table.kit.moments import RESTLESS_KINDS, Sparks, Stamp
from scenes.table.kit.paint import GOLD
from scenes.table.palace.panels import LOSER_RED, TAG_FONT
from scenes.table.palace.table import PalaceTable

GAME = "palace"
NAMES = ("Anna", "Ben", "Cleo")
SEED = 5  # three heuristic players: a burn early on, one player out well before the end
FRAME = 1 / 60


@pytest.fixture
def app():
    app = make_app((1280, 720), "normal")
    yield app
    close_app(app)


def new_match() -> Match:
    return Match(GAME, [Seat.ai(name, "heuristic") for name in NAMES], SEED)


def actions_before(kind: type[Event]) -> int:
    """How many actions of the seeded game come before the first whose events hold a `kind`."""
    probe = new_match()
    while not probe.is_over():
        if any(isinstance(event, kind) for event in probe.step_bot() or []):
            return len(probe.actions) - 1
    raise AssertionError(f"the seeded game has no {kind.__name__}")


def table_before(app, kind: type[Event]) -> tuple[PalaceTable, Match]:
    """A spectator's table of the seeded game, settled just before the action that brings a `kind`
    (the bots move only when the test says so)."""
    match = new_match()
    for _ in range(actions_before(kind)):
        match.step_bot()
    table = open_table(app, match, follow=False, to_results=False, bots=False)
    assert isinstance(table, PalaceTable)
    app.push(table)
    frames_until(app, lambda: table.caught_up, 600)
    return table, match


def next_action(match: Match, kind: type[Event]) -> list[Event]:
    """The bot's next action, which brings a `kind` (the table plays its events back from the next frame)."""
    events = match.step_bot() or []
    assert any(isinstance(event, kind) for event in events)
    return events


def first(events: list[Event], kind: type[Event]):
    return next(event for event in events if isinstance(event, kind))


def stamp_at(table: PalaceTable, seat: int) -> Stamp | None:
    """The stamp coming down on the seat's plate, if one plays now."""
    plate = table.areas[seat].plate
    return next((e for e in table.moments.effects if isinstance(e, Stamp) and not e.done
                 and plate.inflate(plate.width, plate.height).collidepoint(e.center)), None)


def tag_pixels(app, table: PalaceTable, seat: int, text: str, colour: tuple[int, int, int]) -> int:
    """How many pixels of the plate's tag place are in the tag's colour on the screen."""
    pill = table.tag_picture(text, colour, table.scale.font(TAG_FONT))
    spot = pill.get_rect(center=[round(v) for v in table.tag_center(seat, text, colour)])
    return pygame.mask.from_threshold(app.screen.subsurface(spot), colour, (24, 24, 24, 255)).count()


EndState = tuple[list[str], dict[int, int], int | None, list[tuple[str, str, int, int]]]


def end_state(table: PalaceTable) -> EndState:
    """What the table shows once it has caught up: the log, the plates' places and loser (its memory),
    and where every card lies."""
    cards = sorted((s.zone, str(s.card), round(s.center[0]), round(s.center[1])) for s in table.layer)
    return list(table.log_lines), dict(table.places), table.loser, cards


def test_burn_pa_r9_the_pile_flares_with_sparks_and_its_sound_before_its_cards_fly_to_the_burned(app, heard):
    table, match = table_before(app, PileBurned)
    events = next_action(match, PileBurned)
    burned = [e.card for e in events if isinstance(e, CardMoved) and e.dst == "burned"]
    burn = first(events, PileBurned)
    frames_until(app, lambda: table.flash is not None and table.flash.title == "Burned!", 600)

    expected = "Burned by a 10" if burn.rank == "10" else message(
        "Burned by four {rank:pl}", rank=rank_param(burn.rank)).text()
    assert table.flash.line == expected and table.flash.leads
    assert "burn" in heard
    assert sorted(str(e.card) for e in table.model.zones["pile"]) == sorted(burned), \
        "the whole pile lies there while it flares"
    kinds = {effect.kind for effect in table.moments.effects}
    assert {"flash", "particles", "pulse"} <= kinds
    flare = next(e for e in table.moments.effects if e.kind == "flash")
    sparks = next(e for e in table.moments.effects if isinstance(e, Sparks))
    assert table.pile_rect.colliderect(flare.rect) and table.pile_rect.collidepoint(sparks.center)

    before = len(table.model.zones.get("burned", []))
    while table.moments.busy:  # no card leaves the pile before the flare is over
        assert len(table.model.zones["pile"]) == len(burned)
        assert len(table.model.zones.get("burned", [])) == before
        app.step(FRAME)
    frames_until(app, lambda: table.caught_up, 600)
    assert not table.model.zones["pile"]
    landed = [s for s in table.layer if s.zone == "burned" and s.card in burned]
    assert len(landed) == len(burned)
    assert all(s.center[0] == pytest.approx(table.burned_at[0], abs=table.pile_card[0]) for s in landed)


def test_out_pa_r12_a_player_out_gets_their_place_stamped_on_their_plate_which_keeps_it(app, heard):
    table, match = table_before(app, PlayerOut)
    out = first(next_action(match, PlayerOut), PlayerOut)
    seat, place = out.seat, out.place
    assert seat is not None
    tag = f"{ordinal(place)} place"
    assert tag_pixels(app, table, seat, tag, GOLD) < 20, "no place on the plate before"
    frames_until(app, lambda: stamp_at(table, seat) is not None, 600)

    assert seat not in table.places and table.plate_tag(seat) is None, "the plate shows it once stamped"
    caption = table.caption
    assert caption is not None and (caption.title, caption.line) == (f"{NAMES[seat]} is out", tag)
    pulses = [e for e in table.moments.effects if e.kind == "pulse"]
    assert any(p.rect == table.areas[seat].plate for p in pulses)
    frames_until(app, lambda: "stamp" in heard, 30)

    frames_until(app, lambda: not table.moments.busy, 600)
    assert table.places == {seat: place} and table.plate_tag(seat) == (tag, GOLD)
    app.step(FRAME)
    assert tag_pixels(app, table, seat, tag, GOLD) > 40, "the place is drawn on the plate"

    app.settings.animation_speed = "off"  # the rest of the game: the plate keeps the place
    while not match.is_over():
        match.step_bot()
    click_on(app, lambda: table.caught_up, 600)
    assert table.places[seat] == place and table.plate_tag(seat) == (tag, GOLD)
    table.retell()  # told again from the record (another person, an undo, a language)
    assert table.places[seat] == place


def test_end_pa_r12_the_last_player_left_is_stamped_the_loser_and_named_in_a_banner_that_waits(app, heard):
    table, match = table_before(app, GameEnded)
    ended = first(next_action(match, GameEnded), GameEnded)
    loser = match.state.loser
    assert loser is not None and loser not in ended.winners
    frames_until(app, lambda: stamp_at(table, loser) is not None, 900)

    assert table.loser is None and table.banner is None, "the stamp first, then the banner"
    assert any(p.kind == "pulse" and p.rect == table.areas[loser].plate for p in table.moments.effects)
    frames_until(app, lambda: "loser" in heard, 30)
    frames_until(app, lambda: table.banner is not None, 600)
    banner = table.banner
    assert banner.waits and banner.title == f"{NAMES[loser]} is the Palace loser"
    assert table.in_words(ended.text) in banner.lines
    assert table.loser == loser and table.plate_tag(loser) == ("loser", LOSER_RED)
    for _ in range(600):  # ten seconds: it stays until clicked
        app.step(FRAME)
    assert table.banner is banner and not table.caught_up
    click(app, (5, table.scale.height // 2))
    app.step(FRAME)
    frames_until(app, lambda: table.caught_up, 60)
    assert table.banner is None and table.loser == loser
    assert table.prompt_text()[0] == table.in_words(ended.text)


def test_end_pa_r12_the_loser_banner_goes_on_by_itself_when_the_player_chose_so(app):
    app.settings.continue_after = 2
    table, match = table_before(app, GameEnded)
    next_action(match, GameEnded)
    frames_until(app, lambda: table.banner is not None and table.banner.waits, 900)
    frames_until(app, lambda: table.banner is None, int(2.5 / FRAME))
    frames_until(app, lambda: table.caught_up, 60)


def enter() -> None:
    """Enter, as a player presses it."""
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    pygame.event.post(key)


def played(app, kind: type[Event], skip: str | None) -> EndState:
    """The end state of the table after the action that brings a `kind`, its moments run by themselves
    (`skip` None) or each skipped at once by a click or Enter; a waiting banner is clicked away."""
    table, match = table_before(app, kind)
    next_action(match, kind)
    skipped = 0
    for _ in range(1200):
        if table.caught_up:
            break
        if skip is not None and table.moments.busy:
            playing = list(table.moments.effects)
            if skip == "click":
                click(app, (5, table.scale.height // 2))
            else:
                enter()
            app.step(FRAME)
            assert all(effect.done for effect in playing), "skipped at once (the next moment may begin)"
            skipped += 1
            continue
        if waiting_banner(app):
            enter()
        app.step(FRAME)
    assert table.caught_up and (skip is None or skipped)
    state = end_state(table)
    app.stack.clear()
    return state


@pytest.mark.parametrize("kind", [PileBurned, PlayerOut, GameEnded], ids=["burn", "out", "end"])
def test_burn_out_and_end_pa_r9_pa_r12_a_click_or_enter_skips_a_moment_to_the_end_it_reaches(app, kind):
    by_itself = played(app, kind, None)
    assert played(app, kind, "click") == by_itself
    assert played(app, kind, "enter") == by_itself


def test_burn_out_and_end_pa_r9_pa_r12_with_reduced_motion_nothing_flashes_and_no_spark_is_drawn(app):
    app.settings.reduced_motion = True
    table, match = table_before(app, PileBurned)
    next_action(match, PileBurned)
    frames_until(app, lambda: table.flash is not None and table.flash.title == "Burned!", 600)
    app.step(FRAME)
    assert table.flash is not None, "the burn is still announced, for as long"
    frames_until(app, lambda: table.caught_up, 900)
    app.settings.animation_speed = "off"
    for _ in range(actions_before(PlayerOut) - len(match.actions)):
        match.step_bot()
    frames_until(app, lambda: table.caught_up, 600)
    app.settings.animation_speed = "normal"
    seat = first(next_action(match, PlayerOut), PlayerOut).seat
    frames_until(app, lambda: table.caught_up, 900)
    assert seat in table.places
    app.settings.animation_speed = "off"
    for _ in range(actions_before(GameEnded) - len(match.actions)):
        match.step_bot()
    frames_until(app, lambda: table.caught_up, 600)
    app.settings.animation_speed = "normal"
    next_action(match, GameEnded)
    click_on(app, lambda: table.caught_up, 1200)
    assert table.loser == match.state.loser
    assert "fade" in table.moments.kinds_drawn, "the stamps fade in and out instead"
    assert not table.moments.kinds_drawn & RESTLESS_KINDS
