"""The UI monkey, and what it found: each fault a long run found has its own test here, through the
scene it broke.

A frame that hangs is turned into a failure by the monkey's watchdog (a guard against a test that never
ends, not a measure of speed: a frame takes milliseconds, the guard allows a minute).
"""

from __future__ import annotations

import pygame
import pytest

import game
from game.match import Match, Seat
from scenes.app import App
from scenes.choose import ChooseGameScene
from scenes.look import fitting_font, heading_font
from scenes.results import ResultsScene
from scenes.settings import Settings
from tools.monkey import HungFrame, Monkey, watchdog

HANG_GUARD = 60.0


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))


def make_app(size: tuple[int, int]) -> App:
    return App(Settings(animation_speed="off"), size=size)


def finished_match(game_id: str = "palastgefluester") -> Match:
    rules = game.load(game_id)
    seats = [Seat.ai(f"Somebody with a long name {i}", "random") for i in range(rules.max_players)]
    match = Match(game_id, seats, 3)
    match.run_bots()
    return match


# -- the monkey itself -------------------------------------------------------------------------------
def test_the_monkey_records_an_exception_and_goes_on(monkeypatch):
    def broken_draw(self):
        raise RuntimeError("a broken frame")

    monkeypatch.setattr(App, "_draw", broken_draw)
    report = Monkey(seed=1).run(12)
    assert report.frames == 12
    broken = [f for f in report.faults if f.kind == "RuntimeError"]
    assert [f.frame for f in broken] == list(range(1, 13))  # every frame, each recorded
    assert broken[0].message == "a broken frame" and broken[0].scene == "TitleScene"
    assert "tests/test_monkey.py" in broken[0].trace
    assert report.restarts == 3  # stuck on it: started again after every three in a row (frames 4, 7, 10)
    assert "12 x RuntimeError raised at tests/test_monkey.py" in report.text()


def test_the_watchdog_turns_a_hang_into_an_exception():
    with pytest.raises(HungFrame), watchdog(0.2):
        while True:
            pass


# -- what long runs found ------------------------------------------------------------------------------
def test_a_title_shrinks_by_point_size_and_the_search_always_ends():
    """The choose screen and the results hung for good when a title did not fit at 12 points: they
    shrank the font by its own height, and at 12 points the height (15) shrinks back to 12."""
    made: list[int] = []

    def make(size: int) -> pygame.font.Font:
        made.append(size)
        return heading_font(size)

    pygame.font.init()
    fitting_font("Palastgeflüster", 1, 26, make, smallest=8)  # never fits
    assert made[-1] == 8 and made == sorted(set(made), reverse=True)
    made.clear()
    width = heading_font(20).size("Palace")[0]
    font = fitting_font("Palace", width, 40, make)
    assert font.size("Palace")[0] <= width
    assert heading_font(made[-2]).size("Palace")[0] > width  # the size before did not fit


@pytest.mark.parametrize("size", [(400, 700), (320, 240), (321, 1000), (2000, 240)])
def test_the_choose_screen_opens_in_narrow_and_flat_windows(size):
    app = make_app(size)
    try:
        with watchdog(HANG_GUARD):
            app.push(ChooseGameScene(app))
            app.step(1 / 60)
        assert isinstance(app.stack.top, ChooseGameScene)
    finally:
        app.stack.clear()


def test_the_results_show_a_headline_too_long_for_a_small_window(monkeypatch):
    app = make_app((320, 240))
    try:
        scene = ResultsScene(app, finished_match())
        monkeypatch.setattr(scene, "title", lambda: "A headline far too long for a window of this size " * 2)
        with watchdog(HANG_GUARD):
            app.push(scene)
            app.step(1 / 60)
        assert app.stack.top is scene
    finally:
        app.stack.clear()
