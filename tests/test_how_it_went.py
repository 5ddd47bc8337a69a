""""How the game went": a finished game's analysis on the results screen and in the replay viewer,
worked out in the background, kept beside the game's record, and never shown while a game runs."""

from __future__ import annotations

import json
import time

import pytest

from game.analysis import AnalysisError, load_analysis
from game.history import History, analysis_name, record_name
from game.match import Match, Seat
from scenes.keeping import history
from scenes.menus import analysis_run
from scenes.menus.analysis_run import CANCELLED, AnalysisRun
from scenes.menus.replay import ReplayScene, open_replay
from scenes.menus.results import ResultsScene
from scenes.settings import Settings, history_dir
from tests.test_table_support import click, close_app, make_app


@pytest.fixture(autouse=True)
def cheap_analysis(tmp_path, monkeypatch):
    """Each test its own data folder, and an analysis that takes a moment: the random level compared,
    one playout an estimate (the real ones are timed by `python -m tools.bench analyse`)."""
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(analysis_run, "LEVEL", "random")
    monkeypatch.setattr(analysis_run, "ANALYSIS_PLAYOUTS", 1)
    monkeypatch.setattr(analysis_run, "START_DELAY_S", 0.0)


@pytest.fixture
def app():
    application = make_app()
    yield application
    close_app(application)


def finished(game: str = "palastgefluester", seed: int = 7, people=(0, 1)) -> Match:
    """A finished game of three, the seats in `people` played by persons (each their own way), the
    others by random bots."""
    names = ("Anna", "Ben", "Cleo")
    match = Match(game, [Seat(n) if i in people else Seat.ai(n, "random") for i, n in enumerate(names)], seed)
    while not match.is_over():
        seat = match.human_to_act()
        if seat is None:
            match.step_bot()
            continue
        if match.handoff_seat() is not None:
            match.confirm_handoff()
        legal = match.legal_actions(seat)
        match.play(legal[len(match.actions) % len(legal)], seat)
    return match


def button_texts(scene) -> list[str]:
    return [button.text for button in scene.actions]


def press(scene, text: str, index: int = 0) -> None:
    """The `index`-th button labelled `text`, pressed (its action run, as a click runs it)."""
    actions = [action for button, action in scene.actions.items() if button.text == text]
    actions[index]()


def analysed(app, match: Match) -> ResultsScene:
    """The results screen of `match`, its analysis done (waited for, as no screen ever does)."""
    app.push(ResultsScene(app, match))
    app.step(1 / 60)
    scene = app.stack.top
    assert isinstance(scene, ResultsScene)
    if scene.run is not None:
        assert scene.run.join(60)
    app.step(1 / 60)
    assert scene.run is None and scene.analysis is not None
    return scene


def kept_path(match: Match):
    return history_dir() / analysis_name(record_name(match.record()))


# -- the results screen ----------------------------------------------------------------------------
def test_the_results_screen_analyses_in_the_background_and_shows_how_the_game_went(app):
    match = finished()
    app.push(ResultsScene(app, match))
    assert app.step(1 / 60)
    scene = app.stack.top
    # the analysis runs in its own process: the frame that started it is over, and it is not
    assert scene.run is not None and scene.run.running
    assert "How the game went" in button_texts(scene) and "Rematch" in button_texts(scene)
    press(scene, "How the game went")  # the screen is usable meanwhile: the view shows how far it got
    assert app.step(1 / 60)
    assert scene.showing_analysis and scene.how is None and scene.progress_rect is not None
    assert scene.run.join(60)
    frames = 0
    while scene.taking_analysis:
        assert app.step(1 / 60)
        frames += 1
    assert frames == 2  # taken at the next frame: its picture then, its buttons in the one after
    analysis = scene.analysis
    assert analysis is not None and analysis.moves == len(match.actions) and analysis.humans == (0, 1)

    view = scene.how
    assert view is not None
    texts = [line.text for line in view.lines]
    assert "Key moments" in texts
    moments = [line for line in view.lines if line.text.startswith(("1. Move", "2. Move", "3. Move"))]
    assert len(moments) == len(analysis.key_moments) > 0
    assert [line.move for line in moments] == [m.move for m in analysis.key_moments]
    assert "chance" in moments[0].text and "%" in moments[0].text
    assert "Costliest choices of Anna" in texts and "Costliest choices of Ben" in texts
    assert "Costliest choices of Cleo" not in texts  # a bot's choices are not weighed
    costly = [line for line in view.lines if "better:" in line.text]
    assert costly and all(line.move is not None for line in costly)
    worst = [c for seat in analysis.humans for c in analysis.costliest(seat)]
    assert sorted(line.move for line in costly) == sorted(c.move for c in worst)
    # each moment and each choice has its two buttons
    assert button_texts(scene).count("Replay") == len(moments) + len(costly)
    assert button_texts(scene).count("Play on") == len(moments) + len(costly)

    # the chart: a line per seat in its table colour, the key moments marked
    from scenes.menus.how_it_went import chance_chart

    chart = chance_chart(analysis, scene.names, scene.looks, losing_game=False)
    assert [s.colour for s in chart.series] == [look.rgb for look in scene.looks]
    assert [len(s.values) for s in chart.series] == [len(match.actions) + 1] * 3
    assert len(chart.marks) == len(analysis.key_moments)

    # kept with the game in the history: the same analysis, read back whole
    assert load_analysis(kept_path(match)) == analysis
    press(scene, "Scores")
    app.step(1 / 60)
    assert scene.how is None and scene.board is not None


def test_a_kept_analysis_is_shown_again_without_working_it_out(app, monkeypatch):
    match = finished()
    first = analysed(app, match).analysis
    app.pop()

    def refuse(self):
        raise AssertionError("analysed twice")

    monkeypatch.setattr(AnalysisRun, "start", refuse)
    app.push(ResultsScene(app, match))
    app.step(1 / 60)
    scene = app.stack.top
    assert scene.run is None and scene.analysis == first


@pytest.mark.parametrize("damage", ["half", "another game"])
def test_a_damaged_kept_analysis_is_analysed_again(app, damage):
    match = finished()
    analysed(app, match)
    app.pop()
    path = kept_path(match)
    text = path.read_text(encoding="utf-8")
    if damage == "half":
        path.write_text(text[: len(text) // 2], encoding="utf-8")
        with pytest.raises(AnalysisError):
            load_analysis(path)
    else:  # whole, but of a game one move shorter: never trusted
        data = json.loads(text)
        data["chances"] = data["chances"][:-1]
        data["key_moments"] = [k for k in data["key_moments"] if k["move"] < len(data["chances"]) - 1]
        data["costly"] = [c for c in data["costly"] if c["move"] < len(data["chances"]) - 1]
        path.write_text(json.dumps(data), encoding="utf-8")
    app.push(ResultsScene(app, match))
    app.step(1 / 60)
    scene = app.stack.top
    assert scene.run is not None  # analysed again
    assert scene.run.join(60)
    app.step(1 / 60)
    assert scene.analysis is not None and load_analysis(path) == scene.analysis


def test_with_the_setting_off_no_game_is_analysed(app, monkeypatch):
    monkeypatch.setattr(AnalysisRun, "start", lambda self: pytest.fail("analysed with the setting off"))
    app.settings.analyse_games = False
    match = finished()
    app.push(ResultsScene(app, match))
    app.step(1 / 60)
    scene = app.stack.top
    assert scene.run is None and scene.analysis is None
    assert "How the game went" not in button_texts(scene)
    assert not kept_path(match).exists()


def test_the_setting_is_saved_and_offered_in_the_settings(app):
    from scenes.menus.settings import SettingsScene

    assert Settings().analyse_games
    app.push(SettingsScene(app))
    app.step(1 / 60)
    scene = app.stack.top
    scene.analyse_stepper.step(1)
    assert not app.settings.analyse_games and not Settings.load().analyse_games
    scene.analyse_stepper.step(1)
    assert app.settings.analyse_games and Settings.load().analyse_games
    assert Settings.from_dict({"analyse_games": "yes"}).analyse_games  # a bad value: the default


def test_leaving_the_results_screen_stops_the_analysis_and_keeps_nothing(app, monkeypatch):
    from scenes.menus.title import TitleScene

    monkeypatch.setattr(analysis_run, "ANALYSIS_PLAYOUTS", 200)  # long enough to be left midway
    match = finished()
    app.push(TitleScene(app))
    app.push(ResultsScene(app, match))
    app.step(1 / 60)
    run = app.stack.top.run
    assert run is not None
    deadline = time.monotonic() + 120
    while not run.progress.done and time.monotonic() < deadline:  # under way: some decisions analysed,
        app.step(1 / 60)  # many more to come
        time.sleep(0.005)
    assert run.running and 0 < run.progress.done < run.progress.total
    app.pop_to_root()
    assert run.cancel.is_set()
    assert run.join(60)
    assert run.outcome == CANCELLED and run.result is None
    assert not kept_path(match).exists()  # the next time it starts again


def test_a_moment_opens_the_replay_there_and_play_on_a_table_there(app):
    match = finished()
    scene = analysed(app, match)
    scene.toggle_analysis()
    app.step(1 / 60)
    moment = scene.analysis.key_moments[0]
    press(scene, "Replay", 0)  # the first line's: the first key moment
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    assert replay.playback.position == moment.move and replay.analysis == scene.analysis
    app.step(1 / 60)
    app.pop()
    assert app.stack.top is scene

    from scenes.menus.play_on import PlayOnScene

    choice = next(c for seat in scene.analysis.humans for c in scene.analysis.costliest(seat))
    line = next(n for n, line in enumerate(l for l in scene.how.lines if l.move is not None)
                if line.move == choice.move)
    press(scene, "Play on", line)
    play_on = app.stack.top
    assert isinstance(play_on, PlayOnScene) and play_on.move == choice.move
    app.step(1 / 60)
    play_on.start()
    table = app.stack.top
    from scenes.table import TableScene

    assert isinstance(table, TableScene)
    assert table.match.record().actions == match.actions[: choice.move]
    assert table.match.record().continues["move"] == choice.move


# -- the replay viewer -----------------------------------------------------------------------------
def test_the_replay_shows_the_chances_and_a_click_on_a_mark_goes_to_its_moment(app):
    match = finished()
    analysis = analysed(app, match).analysis
    app.pop_to_root()
    record_path = history_dir() / record_name(match.record())
    assert open_replay(app, record_path) is None
    scene = app.stack.top
    assert isinstance(scene, ReplayScene) and scene.analysis == analysis and scene.run is None
    app.step(1 / 60)
    strip = scene.chances_rect
    assert strip.height > 0 and strip.top >= scene.seek_rect.bottom  # under the seek bar
    marks = [scene.x_of(moment.move) for moment in analysis.key_moments]
    for moment, x in zip(analysis.key_moments, marks, strict=True):
        scene.seek(0)
        click(app, (x, strip.top + 4))  # on its numbered mark
        app.step(1 / 60)
        assert scene.playback.position == moment.move
        if all(abs(other - x) > 30 for other in marks if other != x):
            scene.seek(0)
            click(app, (x + 8, strip.top + 4))  # near it is enough, where no other mark is nearer
            app.step(1 / 60)
            assert scene.playback.position == moment.move


def test_a_finished_game_of_the_history_is_analysed_in_its_replay(app):
    match = finished(seed=9)
    store = history(app)
    store.keep(match.record())
    record_path = history_dir() / record_name(match.record())
    assert open_replay(app, record_path) is None
    scene = app.stack.top
    assert scene.analysis is None and scene.run is not None and scene.shows_chances
    assert scene.run.join(60)
    app.step(1 / 60)
    assert scene.run is None and scene.analysis is not None
    assert load_analysis(kept_path(match)) == scene.analysis


def test_an_unfinished_game_shows_no_chances_in_its_replay(app, monkeypatch):
    monkeypatch.setattr(AnalysisRun, "start", lambda self: pytest.fail("an unfinished game analysed"))
    match = Match("palastgefluester", [Seat.ai(n, "random") for n in ("Anna", "Ben", "Cleo")], 3)
    for _ in range(20):
        match.step_bot()
    history(app).keep(match.record())
    assert open_replay(app, history_dir() / record_name(match.record())) is None
    scene = app.stack.top
    app.step(1 / 60)
    assert not scene.shows_chances and scene.chances_rect.height == 0


# -- hot seat ----------------------------------------------------------------------------------------
def test_nothing_of_the_analysis_shows_during_a_hot_seat_game(app, monkeypatch):
    """While a game runs, no chance or costly choice is worked out or said: not on the table, not in
    the pause menu. Only the results of the finished game show them."""
    from scenes.menus import how_it_went
    from scenes.menus.pause import PauseScene
    from scenes.table import open_table

    said: list[str] = []
    monkeypatch.setattr(AnalysisRun, "start", lambda self: said.append("analysis started"))
    for name in ("moment_line", "choice_line", "chance_chart"):
        monkeypatch.setattr(how_it_went, name, lambda *a, _n=name, **k: said.append(_n))
    match = Match("palastgefluester", [Seat("Anna"), Seat("Ben"), Seat("Cleo")], 4)
    table = open_table(app, match)
    app.push(table)
    for _ in range(30):  # a few moves of each person, each handed over
        if match.handoff_seat() is not None:
            match.confirm_handoff()
        seat = match.human_to_act()
        if seat is None or match.is_over():
            break
        match.play(match.legal_actions(seat)[0], seat)
        app.step(1 / 60)
    app.push(PauseScene(app, match))
    app.step(1 / 60)
    pause = app.stack.top
    words = " ".join(button_texts(pause)).casefold()
    assert not any(part in words for part in ("chance", "costl", "how the game went"))
    assert said == []
    assert not any(path.name.endswith(".analysis.json") for path in history_dir().glob("*"))


# -- the history keeps the pair --------------------------------------------------------------------
def test_deleting_or_trimming_a_game_removes_its_analysis(tmp_path):
    store = History(tmp_path / "history", limit=2)
    games = [finished(seed=seed, people=()) for seed in (1, 2, 3)]
    entries = []
    for match in games[:2]:
        entries.append(store.keep(match.record()))
        store.analysis_path(entries[-1]).write_text("{}", encoding="utf-8")
    store.delete(entries[0])
    assert not store.analysis_path(entries[0]).exists() and store.analysis_path(entries[1]).exists()
    store.keep(games[2].record())
    store.keep(games[0].record())  # one over the limit: the one kept longest ago goes, with its analysis
    assert not store.path(entries[1]).exists() and not store.analysis_path(entries[1]).exists()
    kept = [record_name(games[0].record()), record_name(games[2].record())]
    assert [e.name for e in store.entries()] == kept


def test_a_replay_opened_while_the_results_analyse_shares_their_analysis(app, monkeypatch):
    monkeypatch.setattr(analysis_run, "ANALYSIS_PLAYOUTS", 200)  # still under way when the replay opens
    match = finished()
    app.push(ResultsScene(app, match))
    app.step(1 / 60)
    results = app.stack.top
    run = results.run
    assert run is not None
    started: list[AnalysisRun] = []
    monkeypatch.setattr(AnalysisRun, "start", lambda self: started.append(self) or self)
    results.replay_at(5)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.run is run and replay.shows_chances
    app.step(1 / 60)
    app.pop()  # back to the results: their analysis goes on
    assert started == [] and not run.cancel.is_set()
    app.pop()
    assert run.cancel.is_set() and run.join(60)
