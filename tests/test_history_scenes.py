"""The history, statistics and results screens, headless: what they list, filter, keep and draw."""

from __future__ import annotations

import pytest

from game.match import Match, Seat
from kartentisch.launcher import make_app
from scenes.app import App
from scenes.keeping import history
from scenes.menus.results import ResultsScene
from scenes.menus.title import TitleScene
from scenes.settings import Settings, settings_path


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def app():
    application = make_app(Settings(), size=(1280, 720))
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
    from scenes.menus.settings import SettingsScene

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
    from scenes.menus.statistics import StatisticsScene

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
    from scenes.menus.statistics import StatisticsScene

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
    from scenes.menus.statistics import StatisticsScene

    app.set_window_size(size)
    app.push(StatisticsScene(app))
    frames(app)
    keep_games(app, [finished()])
    app.pop()
    app.push(StatisticsScene(app))
    frames(app)
    assert app.stack.top.rows


# -- the History screen ----------------------------------------------------------------------------
def history_scene(app):
    from scenes.menus.history import HistoryScene

    app.push(HistoryScene(app))
    frames(app, 4)
    scene = app.stack.top
    assert isinstance(scene, HistoryScene)
    return scene


def unfinished(seed: int, actions: int = 6, names=("Anna", "Ben", "Cleo")) -> Match:
    match = Match("palastgefluester", [Seat(names[0]), *(Seat.ai(n, "random") for n in names[1:])], seed)
    while len(match.actions) < actions:
        if match.human_to_act() is not None:
            match.play(match.legal_actions(0)[0])
        else:
            match.step_bot()
    return match


def test_the_history_lists_kept_games_and_filters_by_game_and_name(app):
    keep_games(app, [finished(seed=1), finished("palace", seed=2, names=("Dora", "Emil", "Anna")),
                     finished("gloria_picktoria", seed=3, names=("Fritz", "Greta"))])
    scene = history_scene(app)
    assert len(scene.filtered) == 3 and scene.selected == scene.filtered[0].name
    scene.game_filter = "palace"
    scene._apply_filters()
    assert [e.game for e in scene.filtered] == ["palace"]
    scene.game_filter = None
    scene.player_filter = "ann"
    scene._apply_filters()
    assert sorted(e.game for e in scene.filtered) == ["palace", "palastgefluester"]
    scene.player_filter = "nobody"
    scene._apply_filters()
    assert scene.filtered == [] and scene.current is None
    frames(app)  # the empty list draws its note


def test_the_history_lists_the_current_game_and_resumes_any_unfinished_one(app):
    from game.core.records import read_record
    from scenes.settings import history_dir

    older = unfinished(5)
    keep_games(app, [older])
    current = unfinished(6, actions=9)
    current.save(history_dir() / "current.jsonl")  # a game in play saves into the history's folder
    scene = history_scene(app)
    assert {e.key for e in scene.filtered} == {older.record().header_hash(), current.record().header_hash()}
    scene.select(next(e.name for e in scene.filtered if e.key == older.record().header_hash()))
    scene.resume()
    frames(app)
    assert app.stack.top.__class__.__name__.endswith("Table")
    assert app.stack.top.match.actions == older.actions
    assert read_record(app.stack.top.match.autosave).header_hash() == older.record().header_hash()
    assert len(history(app).unfinished()) == 2  # the other game is kept, resumable too


def test_an_unreadable_record_shows_as_such_and_can_be_set_aside_or_deleted(app, tmp_path):
    keep_games(app, [finished()])
    folder = tmp_path / "data" / "history"
    (folder / "broken.jsonl").write_text('{"format": "something else"}\n', encoding="utf-8")
    (folder / "gone.jsonl").write_bytes(b"\x00\x01")
    scene = history_scene(app)
    broken = next(e for e in scene.filtered if e.name == "broken.jsonl")
    assert not broken.readable
    scene.select("broken.jsonl")
    assert not scene.buttons["Replay"].is_enabled and scene.buttons["Set aside"].is_enabled
    scene.set_aside()
    assert (folder / "set-aside" / "broken.jsonl").exists() and scene.message is not None
    scene.close_message()
    scene.select("gone.jsonl")
    scene.ask_delete()
    assert scene.message is not None and "Delete" in scene.message.title
    scene._on_answer("delete")
    assert not (folder / "gone.jsonl").exists()
    assert [e.readable for e in scene.filtered] == [True]


def test_a_record_is_exported_to_the_exports_folder(app, tmp_path):
    keep_games(app, [finished()])
    scene = history_scene(app)
    scene.export()
    assert scene.message is not None and "exported" in scene.message.title
    [copy] = list((tmp_path / "data" / "exports").iterdir())
    assert copy.read_bytes() == history(app).path(scene.current).read_bytes()


def test_a_record_from_elsewhere_opens_by_path_or_by_dropping_it(app, tmp_path):
    import pygame

    from scenes.menus.replay import ReplayScene

    outside = tmp_path / "from a friend.jsonl"
    finished("three_chapters").save(outside)
    scene = history_scene(app)
    scene.path_entry.set_text(str(outside))
    scene.open_typed_path()
    frames(app)
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.playback.game.id == "three_chapters"
    app.pop()
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(outside)))
    frames(app)
    assert isinstance(app.stack.top, ReplayScene)
    app.pop()
    frames(app)
    for bad in (tmp_path / "missing.jsonl", tmp_path):
        scene.open_path(bad)
        assert scene.message is not None and "cannot be opened" in scene.message.title
        scene.close_message()


# -- the replay viewer -----------------------------------------------------------------------------
def viewer(app, match: Match, tmp_path, watch=None):
    from scenes.menus.replay import ReplayScene, open_replay

    path = tmp_path / "game.jsonl"
    match.save(path)
    app.settings.animation_speed = "off"
    assert open_replay(app, path, watch) is None
    frames(app)
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    return scene


def test_the_viewer_shows_each_move_as_the_watching_seat_saw_it(app, tmp_path):
    from game import load

    match = finished("palastgefluester", seed=8)
    record = match.record()
    rules = load(record.game)
    states = [rules.new_state(record.players, record.seed, record.options)]
    for _, text in record.actions:
        state = states[-1].clone()
        state.apply(rules.parse_action(state, text))
        states.append(state)
    scene = viewer(app, match, tmp_path, watch=1)
    seen = []
    scene.table.observed = lambda seat, obs: seen.append((seat, obs))
    for _ in range(12):
        scene.step_forward()
        frames(app, 3)
        assert scene.table.obs == states[scene.playback.position].observation(1)
    scene.step_back()
    frames(app, 3)
    assert scene.playback.position == 11 and scene.table.obs == states[11].observation(1)
    scene.seek(60)
    frames(app, 3)
    assert scene.table.obs == states[60].observation(1)
    assert seen and all(seat == 1 for seat, _ in seen)  # no other seat's view ever reached the table


def test_the_viewer_plays_on_its_own_and_stops_at_the_end(app, tmp_path):
    scene = viewer(app, finished("three_chapters", seed=4), tmp_path)
    scene.set_speed(4.0)
    scene.toggle_play()
    for _ in range(400):
        app.step(0.1)
        if not scene.playing:
            break
    assert scene.playback.position == scene.playback.total and not scene.playing
    assert scene.position_text().endswith("game over")


def test_the_viewer_watches_through_any_eyes_and_opens_hands_only_of_a_finished_game(app, tmp_path):
    from scenes.menus.replay import OPEN, SPECTATOR

    scene = viewer(app, finished("gloria_picktoria", seed=6), tmp_path)
    assert scene.watching.key == OPEN and scene.hands_rect.height > 0
    scene.seek(20)
    scene.step_watch(1)
    frames(app)
    assert scene.watching.key == SPECTATOR and scene.table.viewer is None and scene.hands_rect.height == 0
    scene.step_watch(1)
    frames(app)
    assert scene.table.viewer == 0 and scene.table.obs == scene.playback.state.observation(0)
    app.pop()
    going = unfinished(7, actions=12)
    scene = viewer(app, going, tmp_path)
    assert OPEN not in [c.key for c in scene.choices] and scene.watching.key == 0  # the one person


def test_the_viewer_leaves_with_escape_and_never_touches_the_current_game(app, tmp_path):
    import pygame

    from scenes.settings import history_dir

    current = unfinished(9)
    current.save(history_dir() / "current.jsonl")
    before = (history_dir() / "current.jsonl").read_bytes()
    scene = viewer(app, finished(), tmp_path)
    scene.seek(30)
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(app)
    assert isinstance(app.stack.top, TitleScene) and (history_dir() / "current.jsonl").read_bytes() == before


def test_play_on_from_here_starts_a_new_game_at_that_move_with_seats_chosen_again(app, tmp_path):
    from game.core.records import read_record
    from scenes.menus.play_on import PlayOnScene

    source = finished("palastgefluester", seed=10)
    scene = viewer(app, source, tmp_path)
    scene.seek(25)
    scene.play_on()
    frames(app)
    choose = app.stack.top
    assert isinstance(choose, PlayOnScene) and choose.move == 25
    choose.steppers[0].step(-2)  # the first seat: from the normal AI level (a random bot's) to a person
    assert choose.choice.seats[0].kind == "human"
    choose.start()
    frames(app)
    table = app.stack.top
    assert table.__class__.__name__.endswith("Table")
    assert table.match.actions[:25] == source.actions[:25] and table.match.seats[0].is_human
    saved = read_record(table.match.autosave)
    assert saved.continues == {"record": source.record().header_hash(), "move": 25}
    scene.seek(scene.playback.total)
    assert not scene.can_play_on


def test_a_record_dropped_on_the_title_opens_in_the_viewer_and_a_bad_one_is_explained(app, tmp_path):
    import pygame

    from scenes.menus.replay import ReplayScene

    path = tmp_path / "dropped.jsonl"
    finished("palace").save(path)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    frames(app)
    assert isinstance(app.stack.top, ReplayScene)
    app.pop()
    (tmp_path / "notes.txt").write_text("shopping list", encoding="utf-8")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(tmp_path / "notes.txt")))
    frames(app)
    assert app.stack.top.__class__.__name__ == "MessageScene"
    assert "cannot be opened" in app.stack.top.message.title


def test_the_title_offers_history_and_statistics(app):
    from scenes.menus.history import HistoryScene
    from scenes.menus.statistics import StatisticsScene
    from scenes.widgets import find_button

    for label, kind in (("History", HistoryScene), ("Statistics", StatisticsScene)):
        button = find_button(app.stack.top, label)
        assert button is not None and button.is_enabled
        button.action()
        frames(app)
        assert isinstance(app.stack.top, kind)
        app.pop()
        frames(app)


def test_what_an_interrupted_save_left_in_the_history_is_removed_at_start(tmp_path):
    import os
    import time

    from scenes.app import remove_interrupted_saves

    folder = tmp_path / "data" / "history"
    folder.mkdir(parents=True)
    left = folder / ".palace-0123.jsonl.ab12cd34.tmp"
    left.write_text("half a record", encoding="utf-8")
    os.utime(left, (time.time() - 60, time.time() - 60))
    kept = folder / "palace-0123.jsonl"
    kept.write_text("a record", encoding="utf-8")
    remove_interrupted_saves(time.time()).join(timeout=30)
    assert not left.exists() and kept.exists()


# -- the screenshot tool's replay and screens ------------------------------------------------------
def test_screenshot_draws_the_replay_viewer_at_a_move(tmp_path):
    import pygame

    from tools import screenshot

    record = tmp_path / "game.jsonl"
    finished("gloria_picktoria", seed=12).save(record)
    out = tmp_path / "replay.png"
    assert screenshot.main(["--replay", str(record), "--at", "40", "--watch", "1", "--size", "800x450",
                            "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (800, 450)


@pytest.mark.parametrize("scene", ["history", "stats"])
def test_screenshot_draws_the_history_and_statistics_screens_from_a_copy(tmp_path, scene):
    import pygame

    from tools import screenshot

    folder = tmp_path / "records"
    folder.mkdir()
    finished(seed=1).save(folder / "one.jsonl")
    finished("palace", seed=2).save(folder / "two.jsonl")
    before = sorted(p.name for p in folder.iterdir())
    out = tmp_path / f"{scene}.png"
    assert screenshot.main(["--scene", scene, "--history", str(folder), "--size", "1280x720",
                            "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
    assert sorted(p.name for p in folder.iterdir()) == before  # no index, no kept game written there


def test_screenshot_refuses_a_bad_replay_or_screen_with_the_usage(tmp_path, capsys):
    from tools import screenshot

    done = tmp_path / "done.jsonl"
    finished(seed=3).save(done)
    going = tmp_path / "going.jsonl"
    unfinished(4).save(going)
    (tmp_path / "junk.jsonl").write_text("junk", encoding="utf-8")
    out = ["--out", str(tmp_path / "x.png")]
    cases = {
        "the record has moves": ["--replay", str(done), "--at", "100000", *out],
        "seats 0 to 2": ["--replay", str(done), "--watch", "5", *out],
        "still going on": ["--replay", str(going), "--watch", "open", *out],
        "not a seat number": ["--replay", str(done), "--watch", "everyone", *out],
        "--replay": ["--replay", str(tmp_path / "junk.jsonl"), *out],
        "--players goes with --game": ["--scene", "stats", "--players", "3", *out],
        "--at and --watch go with --replay": ["--scene", "history", "--at", "3", *out],
        "--history goes with --scene": ["--replay", str(done), "--history", str(tmp_path), *out],
        "is not a folder": ["--scene", "history", "--history", str(done), *out],
        "--game needs --players": ["--game", "palace", *out],
        "invalid choice": ["--scene", "gallery", *out],
        "not allowed with": ["--scene", "stats", "--replay", str(done), *out],
    }
    for expected, argv in cases.items():
        with pytest.raises(SystemExit) as stop:
            screenshot.main(argv)
        assert stop.value.code == 2
        assert expected in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_the_history_says_which_game_a_game_was_played_on_from(app):
    source = finished(seed=14)
    seats = [Seat("Zoe"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")]
    on = Match.play_on(source.record(), 12, seats)
    keep_games(app, [source, on])
    scene = history_scene(app)
    played_on = next(e for e in scene.filtered if e.continues is not None)
    assert scene.note(played_on).startswith("Played on from move 12 of the game of ")
    scene.delete(next(e for e in scene.filtered if e.continues is None))
    assert scene.note(played_on) == "Played on from move 12 of a game no longer kept"
    frames(app)


def test_save_and_leave_lists_the_game_in_the_history_at_once(app):
    from scenes.menus.pause import PauseScene
    from scenes.settings import game_saves

    match = Match("palace", [Seat("Anna"), Seat.ai("Ben", "random")], 15, autosave=game_saves())
    match.play(match.legal_actions(0)[0])
    app.push(PauseScene(app, match))
    frames(app)
    app.stack.top.leave()
    frames(app)
    [entry] = history(app).unfinished()
    assert entry.key == match.record().header_hash() and entry.actions == len(match.actions)


def test_the_viewer_by_keyboard_steps_plays_and_reaches_its_buttons(app, tmp_path):
    import pygame

    from scenes.focus import focus_items

    scene = viewer(app, finished(seed=16), tmp_path)
    scene.seek(10)

    def key(code: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
        frames(app, 2)

    key(pygame.K_PERIOD)
    key(pygame.K_PERIOD)
    assert scene.playback.position == 12
    key(pygame.K_COMMA)
    assert scene.playback.position == 11
    key(pygame.K_SPACE)
    assert scene.playing
    key(pygame.K_SPACE)
    assert not scene.playing
    labels = [item.key for item in focus_items(scene) if item.key[0] == "bar"]
    assert ("bar", "Play on from here") in labels and ("bar", "»") in labels
    key(pygame.K_END)
    assert scene.playback.position == scene.playback.total
    key(pygame.K_HOME)
    assert scene.playback.position == 0


def test_the_history_rows_are_reached_by_keyboard(app):
    import pygame

    keep_games(app, [finished(seed=s) for s in (20, 21, 22)])
    scene = history_scene(app)
    rows = [item for item in scene.focus_items() if item.key[0] == "row"]
    assert [item.key[1] for item in rows] == [e.name for e in scene.filtered]
    assert any(item.key[0] != "row" for item in scene.focus_items())  # the buttons and fields follow
    rows[2].act()
    assert scene.selected == scene.filtered[2].name
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DELETE, mod=0, unicode="", scancode=0))
    frames(app)
    assert scene.message is not None and "Delete" in scene.message.title


def test_a_lone_zero_width_character_typed_into_an_empty_field_is_refused(app):
    import pygame

    from scenes.menus.statistics import StatisticsScene

    app.push(StatisticsScene(app))
    frames(app)
    entry = app.stack.top.name_entry
    entry.focus()
    for text in ("\u200b", "\u2060", "\ufeff"):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        frames(app)
    assert entry.get_text() == ""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="A"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="\u200b"))
    frames(app)
    assert entry.get_text() == "A"  # refused after a letter too: deleting the letter would leave it alone
