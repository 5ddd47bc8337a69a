"""Readable: labels fit their rects, a placeholder looks like one, message boxes are opaque, counts
read right."""

from __future__ import annotations

import warnings

import pygame
import pytest
from test_table_support import close_app, make_app

from scenes.menus import setup as setup_screen
from scenes.menus.gallery import GalleryScene
from scenes.menus.settings import SettingsScene
from scenes.menus.setup import SetupScene
from scenes.widgets import PLACEHOLDER_INK, Message, MessageScene, PlaceholderEntry


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(setup_screen, "_last_choices", {})


def frames(app, count: int = 2) -> None:
    for _ in range(count):
        app.step(1 / 60)


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (900, 1200), (1920, 1080), (640, 480)])
@pytest.mark.parametrize("make", [SettingsScene, GalleryScene, lambda app: SetupScene(app, "palace")],
                         ids=["settings", "gallery", "setup"])
def test_no_label_is_too_small_for_its_text(size, make):
    app = make_app(size)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            app.push(make(app))
            frames(app)
        small = [str(w.message) for w in caught if "too small for text" in str(w.message)]
        assert small == []
    finally:
        close_app(app)


def test_the_seed_field_shows_its_placeholder_muted_and_typed_text_in_the_text_colour():
    app = make_app((1280, 720))
    try:
        setup = SetupScene(app, "palace")
        app.push(setup)
        frames(app)
        fields = [e for e in setup.entries if isinstance(e, PlaceholderEntry)]
        seed = next(e for e in fields if e.placeholder_text.startswith("random"))
        assert seed.text == "" and seed.text_colour == pygame.Color(PLACEHOLDER_INK)
        seed.set_text("42")
        frames(app)
        assert seed.text_colour != pygame.Color(PLACEHOLDER_INK)
        seed.set_text("")
        frames(app)
        assert seed.text_colour == pygame.Color(PLACEHOLDER_INK)
    finally:
        close_app(app)


def test_a_message_box_is_opaque():
    from scenes.widgets import MESSAGE_BG

    app = make_app((1280, 720))
    try:
        scene = MessageScene(app, Message("A title", "Some text that must be read."))
        app.push(scene)
        frames(app)
        assert scene._box is not None
        rect = scene._box.panel.get_abs_rect()
        # what lies under the box never shows through: every pixel inside its rim is the board's
        inside = ((rect.centerx, rect.bottom - 8), (rect.left + 12, rect.centery),
                  (rect.right - 12, rect.top + 12))
        for x, y in inside:
            assert app.screen.get_at((x, y))[:3] == MESSAGE_BG, (x, y)
    finally:
        close_app(app)


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_palace_results_say_what_their_places_mean(size):
    from game.match import Match, Seat
    from scenes.menus.results import PLACES_NOTE, ResultsScene

    match = Match("palace", [Seat.ai(f"Bot {i + 1}", "random") for i in range(3)], 5)
    match.run_bots()
    app = make_app(size)
    try:
        results = ResultsScene(app, match)
        app.push(results)
        frames(app)
        assert results.details[-1] == PLACES_NOTE
        assert [results.standing(seat, place) for place, seat in enumerate(results.order)] == [
            "out 1st", "out 2nd", "loser"]
        rect, _ = results.board
        assert app.screen.get_rect().contains(rect)
    finally:
        close_app(app)


def test_the_why_line_speaks_only_of_the_seat_deciding_now():
    from test_table_support import click_on

    from game.match import Match, Seat
    from scenes.table import open_table

    app = make_app((1280, 720))
    try:
        match = Match("palastgefluester", [Seat.ai(n, "random") for n in ("Anna", "Ben", "Cleo")], 8)
        table = open_table(app, match, seat=0, follow=False, to_results=False)
        app.push(table)
        told = 0
        for _ in range(400):
            click_on(app, lambda: table.caught_up, limit=4000)  # a round's end is clicked, as a person does
            obs = table.obs
            why = table.why_line()
            if why is not None:
                told += 1
                assert table.decider_why is not None and table.decider_why[0] == obs["current_player"]
            if obs.get("terminal"):
                assert why is None
                break
            app.step(1 / 60)
        assert told > 10
    finally:
        close_app(app)
