"""The keyboard and controller focus brings what it lands on into view: Tab through every widget of every
setup screen, at a wide and a small window, and each one the focus rests on lies inside the visible part
of its scroll area."""

from __future__ import annotations

import pygame
import pytest

import game
from kartentisch.launcher import make_app
from scenes.focus import focus_items, scroll_area_of, visible_rect
from scenes.menus import setup as setup_screen
from scenes.menus.setup import SetupScene
from scenes.settings import Settings


@pytest.fixture(autouse=True)
def fresh_choices(monkeypatch):
    monkeypatch.setattr(setup_screen, "_last_choices", {})


def frames(app, count: int = 2) -> None:
    for _ in range(count):
        assert app.step(1 / 60)


def tab(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0))
    frames(app)


def focused_element(scene, key):
    """The pygame-gui widget the focus key names (found by its place in the Tab order)."""
    items = focus_items(scene)
    index = next(i for i, item in enumerate(items) if item.key == key)
    rect = items[index].rect
    return next(e for e in scene.ui.get_sprite_group().sprites() if e.visible and e.rect == rect)


def scroll_areas(scene) -> set:
    return {area for e in scene.ui.get_sprite_group().sprites() if (area := scroll_area_of(e)) is not None}


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
@pytest.mark.parametrize("game_id", game.GAME_IDS)
def test_tab_brings_every_widget_of_the_setup_into_view(game_id, size):
    app = make_app(Settings(animation_speed="off"), size=size)
    try:
        scene = SetupScene(app, game_id)
        scene.choice.players = scene.rules.max_players  # the most rows: the most to scroll
        app.push(scene)
        frames(app)
        stops = len(focus_items(scene))
        seen_in_areas = 0
        scrolled = False
        for _ in range(stops):
            tab(app)
            focus = app.navigator.focus[scene]
            element = focused_element(scene, focus.key)
            area = scroll_area_of(element)
            if area is None:
                continue
            seen_in_areas += 1
            view = visible_rect(area)
            assert view.contains(element.rect), (focus.key, element.rect, view)
            scrolled = scrolled or area.get_container().rect.top < view.top
        assert seen_in_areas > 0 and scroll_areas(scene)
        if size == (1280, 720) and game_id == "palace":
            assert scrolled  # the case that was reported: its seed field lies below the fold
    finally:
        app.stack.clear()


def test_shift_tab_back_to_the_top_scrolls_up_again():
    app = make_app(Settings(animation_speed="off"), size=(800, 600))
    try:
        scene = SetupScene(app, "palace")
        app.push(scene)
        frames(app)
        stops = len(focus_items(scene))
        for _ in range(stops):
            tab(app)
        areas = scroll_areas(scene)
        assert any(a.get_container().rect.top < visible_rect(a).top for a in areas)  # scrolled down
        for _ in range(stops):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT,
                                                 unicode="", scancode=0))
            frames(app)
            element = focused_element(scene, app.navigator.focus[scene].key)
            area = scroll_area_of(element)
            if area is not None:
                assert visible_rect(area).contains(element.rect)
    finally:
        app.stack.clear()


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_tab_brings_every_picture_of_the_gallery_into_its_view(size):
    from scenes.menus.gallery import GalleryScene

    app = make_app(Settings(animation_speed="off"), size=size)
    try:
        gallery = GalleryScene(app, "palastgefluester")
        app.push(gallery)
        frames(app)
        landed = 0
        for _ in range(len(focus_items(gallery))):
            tab(app)
            key = app.navigator.focus[gallery].key
            tile = next((t for t in gallery.tiles if ("tile", t.section, t.key) == key), None)
            if tile is not None:
                landed += 1
                assert gallery.view.contains(gallery.screen_rect(tile)), key
        assert landed == len(gallery.tiles) and gallery.scroll > 0
    finally:
        app.stack.clear()
