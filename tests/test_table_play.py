"""Whole Palastgeflüster games on the table, the human seats driven only by clicks on what the table
highlights; the hot-seat table never shows a seat's cards to anyone else."""

from __future__ import annotations

import random

import pygame
import pytest
from test_table_support import click, click_on, close_app, frames_until, make_app, waiting_banner

from game.match import Match, Seat
from scenes.table import open_table
from scenes.table.kit.handoff import HandoffScene
from scenes.table.palastgefluester.table import PalastgefluesterTable

GAME = "palastgefluester"


@pytest.fixture
def app():
    app = make_app((1280, 720), "off")
    yield app
    close_app(app)


def human_click(app, table, rng: random.Random) -> str:
    """Click one of the table's own click points at random; returns the action it stands for."""
    points = table.click_points()
    assert points, "a human decides but nothing is offered"
    pos, action = rng.choice(points)
    click(app, pos)
    return action


def clicked_through_banner(app) -> bool:
    """A banner that waits for a click (a round's end, the game's end) is clicked away, as a player
    would: True when there was one."""
    if not waiting_banner(app):
        return False
    click(app, (app.size[0] // 2, app.size[1] // 2))
    app.step(1 / 60)
    return True


def test_open_table_picks_the_palastgefluester_table(app):
    match = Match(GAME, [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], seed=1)
    assert isinstance(open_table(app, match), PalastgefluesterTable)


@pytest.mark.slow
def test_a_whole_game_played_by_clicks_on_highlighted_targets(app):
    match = Match(GAME, [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], seed=5)
    table = open_table(app, match)
    app.push(table)
    rng = random.Random(5)
    clicks = 0
    kinds: set[str] = set()
    for _ in range(40000):
        if match.is_over():
            break
        if clicked_through_banner(app):
            continue
        if app.stack.top is table and table.settled and table.targets and match.human_to_act() == 0:
            offered = {action for _, action in table.click_points()}
            assert offered == {str(a) for a in match.legal_actions()}, "every legal choice, and only those"
            before = len(match.actions)
            action = human_click(app, table, rng)
            app.step(1 / 60)
            assert match.actions[before] == (0, action), "the click played exactly the clicked choice"
            clicks += 1
            kinds.add(action.split()[0])
            continue
        app.step(1 / 60)
    assert match.is_over()
    assert clicks >= 5
    assert "play" in kinds
    click_on(app, lambda: app.stack.top is not table, limit=600)  # the game's end waits for a click
    from scenes.menus.results import ResultsScene

    assert isinstance(app.stack.top, ResultsScene)


def test_dragging_a_hand_card_onto_the_own_display_plays_it(app):
    match = Match(GAME, [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], seed=2)
    table = open_table(app, match)
    app.push(table)
    frames_until(app, lambda: match.human_to_act() == 0 and table.settled and bool(table.targets))
    plays = [t for t in table.targets if t.draggable]
    assert plays
    target = plays[0]
    start = table.layer.sprites[target.uid].rect.center
    drop = table.drop_rect().center
    before = len(match.actions)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=drop, rel=(0, 0), buttons=(1, 0, 0)))
    app.step(1 / 60)
    assert len(match.actions) == before, "nothing is played before the card is let go"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=drop, button=1))
    app.step(1 / 60)
    assert match.actions[before] == (0, target.action)


def test_a_card_dropped_outside_the_display_goes_back_to_the_hand(app):
    match = Match(GAME, [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], seed=2)
    table = open_table(app, match)
    app.push(table)
    frames_until(app, lambda: match.human_to_act() == 0 and table.settled and bool(table.targets))
    target = next(t for t in table.targets if t.draggable)
    start = table.layer.sprites[target.uid].rect.center
    corner = (5, app.size[1] // 2)
    before = len(match.actions)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=corner, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=corner, button=1))
    frames_until(app, lambda: table.settled and bool(table.targets), limit=60)
    assert len(match.actions) == before
    assert table.layer.sprites[target.uid].rect.collidepoint(start)


def test_a_click_while_cards_move_is_refused_politely():
    app = make_app((1280, 720), "slow")
    try:
        match = Match(GAME, [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], seed=3)
        table = open_table(app, match)
        app.push(table)
        rng = random.Random(3)
        for _ in range(5000):  # answer whatever comes first until it is a plain turn
            if table.settled and any(t.draggable for t in table.targets):
                break
            if table.settled and table.targets:
                human_click(app, table, rng)
            app.step(1 / 60)
        pos, action = next((p, a) for p, a in table.click_points() if a.startswith("play "))
        click(app, pos)
        app.step(1 / 60)
        assert match.actions[-1] == (0, action)
        app.step(1 / 60)
        assert table.layer.busy or not table.timeline.idle
        assert not table.targets
        before = len(match.actions)
        click(app, pos)
        app.step(1 / 60)
        assert len(match.actions) == before
        assert table.toast is not None and "moving" in table.toast[0]
    finally:
        close_app(app)


def test_undo_takes_back_the_last_click(app):
    match = Match(GAME, [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], seed=4)
    table = open_table(app, match)
    app.push(table)
    frames_until(app, lambda: match.human_to_act() == 0 and table.settled and bool(table.targets))
    hand_before = list(table.obs["hand"])
    pos, _ = table.click_points()[0]
    click(app, pos)
    app.step(1 / 60)
    frames_until(app, lambda: table.settled and match.can_undo() and table.buttons[1].enabled, 2000)
    click(app, table.buttons[1].rect.center)
    frames_until(app, lambda: table.settled and bool(table.targets) and match.human_to_act() == 0)
    assert table.obs["hand"] == hand_before


@pytest.mark.slow
def test_hot_seat_shows_each_person_only_their_own_observation(app):
    seats = [Seat("Anna"), Seat("Ben"), Seat.ai("Cleo", "random")]
    match = Match(GAME, seats, seed=11)
    table = open_table(app, match)
    seen: list[tuple[int | None, int | None]] = []
    table.observed = lambda viewer, obs: seen.append((viewer, obs["seat"], match.view_seat))
    drawn: list[int | None] = []
    original_draw = table.draw

    def recording_draw(surface):
        drawn.append(table.obs.get("seat"))
        assert table.obs.get("seat") == match.view_seat or match.view_seat is None
        original_draw(surface)

    table.draw = recording_draw
    app.push(table)
    rng = random.Random(11)
    handoffs = decisions = 0
    for _ in range(40000):
        if match.is_over():
            break
        if clicked_through_banner(app):
            continue
        top = app.stack.top
        if isinstance(top, HandoffScene):
            assert app.stack.visible() == [top], "nothing of the table shows behind the handoff screen"
            assert table.obs.get("seat") != top.seat or match.view_seat is None
            handoffs += 1
            click(app, (10, 10))
            app.step(1 / 60)
            continue
        decider = match.human_to_act()
        if top is table and table.settled and table.targets and decider is not None:
            assert match.view_seat == decider
            assert table.obs["seat"] == decider, "the deciding person sees their own observation"
            assert table.obs["hand"] is not None
            assert table.bottom_seat == decider, "the deciding person sits at the bottom of the table"
            for sprite in table.layer:
                if sprite.zone == f"hand:{decider}":
                    assert sprite.card is not None and sprite.face_up
                elif sprite.zone.startswith("hand:"):
                    assert sprite.card is None, "no card of another hand is on the screen"
            decisions += 1
            human_click(app, table, rng)
        app.step(1 / 60)
    assert match.is_over()
    assert handoffs >= 2 and decisions > 10
    assert seen and all(viewer == seat == shown for viewer, seat, shown in seen if viewer is not None)
    assert {seat for _, seat, _ in seen} <= {0, 1, None}
    assert set(drawn) <= {0, 1, None}


def test_with_one_human_the_handoff_screen_never_appears(app):
    match = Match(GAME, [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], seed=6)
    table = open_table(app, match)
    app.push(table)
    rng = random.Random(6)
    for _ in range(3000):
        assert not isinstance(app.stack.top, HandoffScene)
        if match.is_over():
            break
        if clicked_through_banner(app):
            continue
        if table.settled and table.targets:
            human_click(app, table, rng)
        app.step(1 / 60)


def test_a_game_without_a_table_is_refused_with_a_clear_error(app, monkeypatch):
    from game.core import UnknownGame
    from scenes.table import TABLES

    monkeypatch.delitem(TABLES, "palace")  # as if Palace's table were not built
    match = Match("palace", [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], seed=1)
    with pytest.raises(UnknownGame, match="no table for the game 'palace'"):
        open_table(app, match)


def test_escape_opens_the_pause_menu_over_the_table(app):
    from scenes.menus.pause import PauseScene

    match = Match(GAME, [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], seed=1)
    table = open_table(app, match)
    app.push(table)
    app.step(1 / 60)
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41)
    )
    app.step(1 / 60)
    assert isinstance(app.stack.top, PauseScene)
    assert table in app.stack.visible(), "the paused table stays in view below the menu"
