"""Inspect any card: the inspect view shows a card large with its name and whole rule text as live
text (at least 18 px at 1280x720), fits small windows, and opens by resting the pointer, a right click
or a key."""

from __future__ import annotations

import pygame
import pytest

from cards.card_text import card_text, describe_card
from game.palastgefluester.cards import PERSON_BY_ID
from kartentisch.launcher import make_app
from scenes.inspect import HOVER_SECONDS, Inspectable, Inspector, draw_inspect, layout, texts_of
from scenes.settings import Settings

CARDS = [("palastgefluester", "Mundschenk/brown"), ("palastgefluester", "king/Hofnarr"), ("palace", "7S"),
         ("gloria_picktoria", "dh"), ("three_chapters", "2"), ("three_chapters", "37")]


@pytest.fixture(scope="module")
def app():
    application = make_app(Settings(), size=(1280, 720))
    yield application
    application.stack.clear()


def item(game_id: str, art_id: str, notes: tuple[str, ...] = ()) -> Inspectable:
    return Inspectable(("card", art_id), game_id, art_id, pygame.Rect(10, 500, 90, 130), notes)


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (1920, 1080), (900, 1200)])
@pytest.mark.parametrize(("game_id", "art_id"), CARDS)
def test_the_view_shows_the_whole_rule_text_inside_the_window(app, size, game_id, art_id):
    surface = pygame.Surface(size)
    note = "Blocked: the King card shows this person"
    shown = item(game_id, art_id, (note,))
    found = draw_inspect(surface, app.art, shown)
    window = surface.get_rect()
    assert window.contains(found.panel)
    assert found.panel.contains(found.card) and found.panel.contains(found.text)
    assert not found.card.colliderect(found.text)
    if size == (1280, 720):
        assert found.rule_px >= 18 and found.note_px >= 18 and found.name_px >= 18
    name, rules, notes = texts_of(shown)
    described = describe_card(game_id, art_id)
    assert described is not None and name == described.name
    assert rules == [*described.rules, *described.details] and notes == [note]
    assert found.text.height <= found.panel.height


def test_the_text_is_live_text_in_the_rule_size(app):
    """What the view draws is the rule text rendered at the rule size, not the card's printed lines."""
    surface = pygame.Surface((1280, 720))
    shown = item("palastgefluester", "Zofe/red")
    found = layout((1280, 720), app.art, shown, keep_clear=False)
    surface.fill((0, 0, 0))
    draw_inspect(surface, app.art, shown)
    text_area = surface.subsurface(found.text)
    assert pygame.transform.average_color(text_area)[:3] != (0, 0, 0)  # drawn
    assert PERSON_BY_ID["Zofe"].action in card_text("palastgefluester", "Zofe/red")


def test_resting_the_pointer_opens_and_leaving_closes():
    inspector = Inspector()
    card = item("palace", "10H")
    made: list[Inspectable] = []

    def make() -> Inspectable:
        made.append(card)
        return card

    inspector.point_at(card.key, 0.0, make)
    inspector.point_at(card.key, HOVER_SECONDS / 2, make)
    assert not inspector.is_open and not made  # described only when it shows
    inspector.point_at(card.key, HOVER_SECONDS / 2 + 0.01, make)
    assert inspector.is_open and not inspector.pinned and inspector.shown is card
    inspector.point_at(None, 0.016, make)
    assert not inspector.is_open


def test_a_pinned_view_takes_the_next_key_or_click():
    inspector = Inspector()
    inspector.open(item("palace", "10H"))
    assert inspector.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert not inspector.is_open
    assert not inspector.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    inspector.open(item("palace", "10H"))
    inspector.point_at(None, 1.0, lambda: None)  # the pointer moving away does not close a pinned view
    assert inspector.is_open
    assert inspector.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))
    assert not inspector.is_open


def test_the_view_opened_by_the_pointer_keeps_clear_of_the_card(app):
    card = item("palastgefluester", "Zofe/red")
    found = layout((1280, 720), app.art, card, keep_clear=True)
    assert not found.panel.colliderect(card.rect)


# -- at the table ----------------------------------------------------------------------------------
def _table(game_id: str, seed: int):
    from test_table_support import make_app

    from game.match import Match, Seat
    from scenes.table import open_table

    app = make_app((1280, 720))
    match = Match(game_id, [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], seed)
    table = open_table(app, match)
    app.push(table)
    return app, table, match


@pytest.mark.parametrize(("game_id", "seed"), [("palace", 3), ("palastgefluester", 4)])
def test_a_click_on_a_dimmed_card_says_why_it_cannot_be_played(game_id, seed):
    import random

    from test_table_support import click, close_app, frames_until

    app, table, match = _table(game_id, seed)
    rng = random.Random(seed)
    try:
        def deciding() -> bool:
            return match.is_over() or (table.caught_up and bool(table.targets))

        for _ in range(200):
            frames_until(app, deciding, limit=6000)
            if match.is_over():
                break
            dimmed = [s for s in table.layer if s.zone == table.hand_zone() and s.dim and s.card
                      and table.layer.hit(s.rect.center) is s]
            if dimmed:
                sprite = dimmed[0]
                click(app, tuple(round(v) for v in sprite.rect.center))
                app.step(1 / 60)
                assert table.toast is not None and table.toast[0].startswith("Not now: ")
                assert table.toast[0] == table.refusal(sprite)
                item = table.inspectable(sprite)
                assert item is not None and item.notes[-1] == table.refusal(sprite)
                return
            table.activate(rng.choice(table.targets))
        pytest.fail("no dimmed hand card came up")
    finally:
        close_app(app)


def test_a_right_click_on_a_table_card_shows_it_large_and_the_next_click_closes_it():
    from test_table_support import close_app, frames_until

    app, table, match = _table("palastgefluester", 6)
    try:
        frames_until(app, lambda: table.caught_up)
        sprite = next(s for s in table.layer if s.zone == table.hand_zone() and s.card)
        pos = tuple(round(v) for v in sprite.rect.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
        app.step(1 / 60)
        shown = table.inspector.shown
        assert shown is not None and table.inspector.pinned and shown.art_id == sprite.art_id
        before = len(match.actions)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        app.step(1 / 60)
        assert not table.inspector.is_open and len(match.actions) == before  # the click only closed it
    finally:
        close_app(app)
