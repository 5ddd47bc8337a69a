"""The card the pointer rests on shows large beside the pointer after about 0.8 s (not at once while a
player thinks), clear of the card, of where the next click is likely to go and of the piles; it is not
modal: moving away closes it and a click goes through to the table."""

from __future__ import annotations

import pygame
import pytest
from test_table_support import close_app, frames_until, make_app

from game.match import Match, Seat
from scenes.inspect import HOVER_SECONDS, Inspectable, peek_spot
from scenes.table import open_table

SIZES = [(1280, 720), (1920, 1080)]


def move(app, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def rest(app, seconds: float) -> None:
    for _ in range(round(seconds * 60)):
        app.step(1 / 60)


def deciding_table(size, game_id="palastgefluester", players=3, seed=3):
    app = make_app(size, "off")
    seats = [Seat("Anna")] + [Seat.ai(n, "random") for n in ("Ben", "Cleo", "Dora")[: players - 1]]
    match = Match(game_id, seats, seed)
    table = open_table(app, match)
    app.push(table)
    frames_until(app, lambda: table.caught_up and table.settled and bool(table.legal)
                 and match.human_to_act() == 0, limit=3000)
    return app, table, match


def legal_card(table):
    uids = [t.uid for t in table.targets if t.uid is not None and t.select is None]
    sprite = table.layer.sprites[uids[0]]
    spot = table._visible_spot(sprite)
    return sprite, (round(spot[0]), round(spot[1]))


@pytest.mark.parametrize("size", SIZES)
def test_resting_opens_the_card_beside_the_pointer_after_a_while(size):
    app, table, match = deciding_table(size)
    try:
        sprite, pos = legal_card(table)
        move(app, pos)
        rest(app, 0.6)
        assert not table.inspector.is_open, "not while a player only rests the pointer to think"
        rest(app, 0.3)
        assert table.inspector.is_open and not table.inspector.pinned
        found = table.inspector.draw(pygame.Surface(size), app.art)
        assert found is not None
        panel = found.panel
        assert pygame.Rect(0, 0, *size).contains(panel)
        assert not panel.collidepoint(pos) and not panel.colliderect(pygame.Rect(sprite.rect))
        clicks = [r for r in table.next_click_rects() if panel.colliderect(r)]
        assert clicks == [], "the view covers a place the next click may go"
        assert panel.width < size[0] * 0.6 and panel.height < size[1] * 0.75, "a view beside, not over all"
        far = (size[0] - 5, size[1] // 2)
        move(app, far)
        app.step(1 / 60)
        assert not table.inspector.is_open, "moving away closes it"
    finally:
        close_app(app)


def test_a_click_goes_through_the_view_to_the_table():
    app, table, match = deciding_table((1280, 720))
    try:
        sprite, pos = legal_card(table)
        move(app, pos)
        rest(app, HOVER_SECONDS + 0.2)
        assert table.inspector.is_open
        before = len(match.actions)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.step(1 / 60)
        app.step(1 / 60)
        assert len(match.actions) > before and match.actions[before][0] == 0, "the click played the card"
        assert not table.inspector.is_open
    finally:
        close_app(app)


def test_a_right_click_still_opens_the_full_view_pinned():
    app, table, match = deciding_table((1280, 720))
    try:
        sprite, pos = legal_card(table)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
        app.step(1 / 60)
        assert table.inspector.is_open and table.inspector.pinned
        found = table.inspector.draw(pygame.Surface((1280, 720)), app.art)
        assert found is not None and found.panel.height > 720 * 0.6, "the full view, as before"
    finally:
        close_app(app)


def test_the_spot_avoids_targets_rather_than_other_cards():
    window = pygame.Rect(0, 0, 1000, 600)
    card = pygame.Rect(450, 250, 100, 140)
    right = pygame.Rect(560, 0, 440, 600)  # a place the next click may go: all right of the card
    left = pygame.Rect(0, 0, 440, 600)  # cards only
    item = Inspectable("k", "palace", "10H", card, pointer=(500, 320), keep_clear=(right,),
                       rather_clear=(left,))
    spot = peek_spot((300, 260), item, window)
    assert not spot.colliderect(right) and not spot.colliderect(card) and window.contains(spot)
