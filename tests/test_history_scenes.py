"""The history, statistics and results screens, headless: what they list, filter, keep and draw."""

from __future__ import annotations

import pytest

from game.match import Match, Seat
from scenes.app import App
from scenes.keeping import history
from scenes.results import ResultsScene
from scenes.settings import Settings, settings_path
from scenes.title import TitleScene


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def app():
    application = App(Settings(), size=(1280, 720))
    application.push(TitleScene(application))
    yield application
    application.stack.clear()


def frames(app: App, count: int = 3) -> None:
    for _ in range(count):
        assert app.step(1 / 60)


def finished(game: str = "palastgefluester", seed: int = 5, names=("Anna", "Ben", "Cleo")) -> Match:
    match = Match(game, [Seat.ai(name, "random") for name in names], seed)
    match.run_bots()
    return match


# -- settings --------------------------------------------------------------------------------------
def test_the_history_bound_is_a_setting_kept_between_runs(tmp_path):
    settings = Settings()
    assert settings.history_limit == 500
    settings.history_limit = 50
    settings.save()
    assert Settings.load().history_limit == 50
    settings_path().write_text('{"history_limit": 3}', encoding="utf-8")
    loaded = Settings.load()
    assert loaded.history_limit == 500 and any("history_limit" in p for p in loaded.problems)


def test_the_settings_default_bound_is_the_historys():
    from game.history import DEFAULT_LIMIT

    assert Settings().history_limit == DEFAULT_LIMIT


# -- results ---------------------------------------------------------------------------------------
def test_the_results_screen_keeps_the_game_and_charts_how_it_went(app):
    match = finished()
    app.push(ResultsScene(app, match))
    frames(app)
    scene = app.stack.top
    assert isinstance(scene, ResultsScene) and scene.message is None
    assert scene.chart is not None and scene.board is not None
    chart, _ = scene.chart
    board, _ = scene.board
    assert not chart.colliderect(board) and chart.right <= 1280 and chart.bottom <= 720
    [entry] = history(app).entries()
    assert entry.finished and entry.actions == len(match.actions)
    frames(app)  # another frame keeps nothing twice
    assert len(history(app).entries()) == 1


def test_a_narrow_results_screen_shows_the_scores_without_the_chart(app):
    app.set_window_size((640, 700))
    app.push(ResultsScene(app, finished("gloria_picktoria")))
    frames(app)
    assert app.stack.top.chart is None and app.stack.top.board is not None


def test_a_game_that_cannot_be_kept_is_said_on_the_results_screen(app, tmp_path, monkeypatch):
    (tmp_path / "data").mkdir(parents=True, exist_ok=True)
    (tmp_path / "data" / "history").write_text("a file where the folder should be", encoding="utf-8")
    app.push(ResultsScene(app, finished()))
    frames(app)
    scene = app.stack.top
    assert scene.message is not None and "history" in scene.message.title
