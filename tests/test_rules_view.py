"""The rules view: every page of every game renders with its cards from the art pack, and it opens from
the setup screen and the pause menu."""

from __future__ import annotations

import pygame
import pytest

from cards.rules_pages import pages
from kartentisch.launcher import make_app
from scenes.app import App
from scenes.menus import setup as setup_screen
from scenes.menus.rules import RulesViewScene
from scenes.menus.setup import SetupScene
from scenes.settings import Settings
from scenes.widgets import find_button

GAMES = ("palastgefluester", "palace", "gloria_picktoria", "three_chapters")


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(setup_screen, "_last_choices", {})


def frames(app: App, count: int = 2) -> None:
    for _ in range(count):
        assert app.step(1 / 60)


def click(app: App, label: str) -> None:
    button = find_button(app.stack.top, label)
    assert button is not None and button.is_enabled, label
    pos = button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 3)


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    frames(app)


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_page_renders_with_its_cards_drawn_from_the_art_pack(game_id, size):
    app = make_app(Settings(), size=size)
    try:
        scene = RulesViewScene(app, game_id)
        app.push(scene)
        known = set(app.art.card_ids(game_id))
        window = pygame.Rect((0, 0), size)
        drawn_any = 0
        for number, page in enumerate(pages(game_id)):
            frames(app)
            assert scene.page == number
            assert [card for card, _ in scene.drawn_cards] == [note.card for note in page.cards]
            for card, rect in scene.drawn_cards:
                assert card in known
                assert window.contains(rect) and rect.height >= 24
                assert not app.art.problems_for(game_id, "cards", card)
            drawn_any += len(scene.drawn_cards)
            for label in ("Previous", "Next", "Close"):
                assert window.contains(find_button(scene, label).rect)
            click(app, "Next") if number < len(scene.pages) - 1 else None
        assert drawn_any >= 4
        assert not find_button(scene, "Next").is_enabled  # the last page
    finally:
        app.stack.clear()


def test_pages_turn_with_the_keys_and_escape_leaves():
    app = make_app(Settings(), size=(1280, 720))
    try:
        app.push(SetupScene(app, "palace"))
        frames(app)
        click(app, "Rules")
        scene = app.stack.top
        assert isinstance(scene, RulesViewScene) and scene.game_id == "palace"
        press(app, pygame.K_PAGEDOWN)
        assert scene.page == 1
        press(app, pygame.K_PAGEUP)
        press(app, pygame.K_PAGEUP)  # no page before the first
        assert scene.page == 0
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.stack.top, SetupScene)
    finally:
        app.stack.clear()


def test_every_card_note_names_a_card_of_the_game_and_says_what_it_does():
    app = make_app(Settings(), size=(800, 600))
    try:
        for game_id in GAMES:
            known = set(app.art.card_ids(game_id))
            notes = [note for page in pages(game_id) for note in page.cards]
            assert notes
            for note in notes:
                assert note.card in known and note.name and len(note.text) > 10
    finally:
        app.stack.clear()
