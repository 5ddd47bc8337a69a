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


def test_the_games_kept_stepper_sets_the_bound(app):
    from scenes.settings_scene import SettingsScene

    app.push(SettingsScene(app))
    frames(app)
    scene = app.stack.top
    scene.history_stepper.step(1)
    assert app.settings.history_limit == 1000 and Settings.load().history_limit == 1000
    scene.history_stepper.step(-1)
    scene.history_stepper.step(-1)
    assert app.settings.history_limit == 200


# -- statistics ------------------------------------------------------------------------------------
def keep_games(app, games):
    store = history(app)
    for match in games:
        store.keep(match.record())
    return store


def test_the_statistics_screen_shows_each_players_figures_and_filters_them(app):
    from scenes.statistics import StatisticsScene

    people = [Seat("Anna"), Seat("Ben"), Seat.ai("Cleo", "easy")]
    games = []
    for seed in range(3):
        match = Match("palastgefluester", people, seed + 40)
        while not match.is_over():
            if match.human_to_act() is not None:
                seat = match.human_to_act()
                if match.handoff_seat() is not None:
                    match.confirm_handoff()
                match.play(match.legal_actions(seat)[0], seat)
            else:
                match.step_bot()
        games.append(match)
    keep_games(app, [*games, finished("three_chapters", names=("Dora", "Emil", "Fritz"))])
    app.push(StatisticsScene(app))
    frames(app, 5)
    scene = app.stack.top
    assert scene.game == "palastgefluester"  # the game with the most games kept
    assert [s.name for s in scene.rows] == ["Anna", "Ben"]  # people only, until AI players are shown
    assert all(s.games == 3 for s in scene.rows)
    assert sum(s.wins for s in scene.rows) == sum(1 for m in games for w in m.state.winners() if w < 2)
    assert len(scene._charts) == 2
    scene.toggle_ai()
    assert [s.label for s in scene.rows][-1] == "Cleo (AI · easy)"
    scene.player_filter = "an"
    scene._figures()
    assert [s.name for s in scene.rows] == ["Anna"]
    frames(app)


def test_statistics_are_exported_as_csv_with_a_message_saying_where(app, tmp_path):
    from scenes.statistics import StatisticsScene

    keep_games(app, [finished(seed=s) for s in range(2)])
    app.push(StatisticsScene(app))
    frames(app)
    scene = app.stack.top
    scene.export()
    assert scene.message is not None and "exported" in scene.message.title
    [written] = list((tmp_path / "data" / "exports").iterdir())
    assert written.read_text(encoding="utf-8").startswith("game,player,")


@pytest.mark.parametrize("size", [(320, 240), (1280, 720), (1920, 1080)])
def test_the_statistics_screen_draws_at_any_size_even_empty(app, size):
    from scenes.statistics import StatisticsScene

    app.set_window_size(size)
    app.push(StatisticsScene(app))
    frames(app)
    keep_games(app, [finished()])
    app.pop()
    app.push(StatisticsScene(app))
    frames(app)
    assert app.stack.top.rows
