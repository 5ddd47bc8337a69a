"""The client shell, headless: the app loop, the menus driven by mouse events, settings, resizing,
resuming, pausing and the results screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pygame_gui
import pytest
from saves_support import autosave_path

import game
from game.ai import make_bot
from game.core import UnknownGame
from game.match import Match, Seat
from kartentisch.launcher import make_app
from scenes import sound
from scenes.app import App
from scenes.menus import setup as setup_screen
from scenes.menus.choose import ChooseGameScene, game_entries
from scenes.menus.pause import PauseScene
from scenes.menus.results import ResultsScene, headline, rematch_options
from scenes.menus.rules import RulesScene, RulesViewScene
from scenes.menus.settings import SettingsScene
from scenes.menus.setup import SetupScene
from scenes.menus.title import TitleScene
from scenes.scene import Scene
from scenes.settings import Settings, config_dir, game_saves
from scenes.widgets import MessageScene, find_button

ROOT = Path(__file__).resolve().parent.parent


# -- helpers ---------------------------------------------------------------------------------------
@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    """Each test gets empty config and data dirs, and the setup screen forgets earlier choices."""
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(setup_screen, "_last_choices", {})


@pytest.fixture
def app():
    application = make_app(Settings(), size=(1280, 720))
    yield application
    application.stack.clear()


def frames(app: App, count: int = 3) -> None:
    for _ in range(count):
        assert app.step(1 / 60)


def click(app: App, button) -> None:
    assert button is not None and button.is_enabled
    pos = button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 3)


def key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    frames(app, 2)


def button(app: App, label: str):
    found = find_button(app.stack.top, label)
    assert found is not None, f"no button {label!r} on {type(app.stack.top).__name__}"
    return found


def buttons(scene: Scene) -> list[pygame_gui.elements.UIButton]:
    return [e for e in scene.ui.get_sprite_group().sprites()
            if isinstance(e, pygame_gui.elements.UIButton) and e.visible]


def scene_names(app: App) -> list[str]:
    return [type(s).__name__ for s in app.stack]


def playable_game() -> str:
    """A game with rules and a table (the flow tests need one)."""
    pytest.importorskip("scenes.table")
    for entry in game_entries():
        if entry.ready:
            return entry.game_id
    pytest.skip("no game has both rules and a table yet")


def bots_exist(game_id: str) -> bool:
    try:
        make_bot(game_id, "normal")
    except UnknownGame:
        return False
    return True


def finished_match(game_id: str, seed: int = 3) -> Match:
    rules = game.load(game_id)
    seats = [Seat.ai(f"Bot {i + 1}", "random") for i in range(rules.min_players)]
    match = Match(game_id, seats, seed)
    match.run_bots()
    assert match.is_over()
    return match


def human_match(game_id: str = "palace", players: int = 2) -> Match:
    return Match(game_id, [Seat(f"P{i + 1}") for i in range(players)], 11, autosave=game_saves())


class StandInTable(Scene):
    """An opaque scene under the pause menu, so the pause tests need no table."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((30, 90, 60))


# -- the flow through the menus --------------------------------------------------------------------
def test_title_to_table_by_mouse_clicks(app):
    game_id = playable_game()
    app.push(TitleScene(app))
    frames(app)
    click(app, button(app, "Play"))
    choose = app.stack.top
    assert isinstance(choose, ChooseGameScene)
    click(app, choose.play_buttons[game_id])
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.rules.id == game_id
    if not bots_exist(game_id):
        for seat in setup.choice.seats:
            seat.kind = "human"
    click(app, button(app, "Start"))
    frames(app, 5)
    names = scene_names(app)
    assert names[:2] == ["TitleScene", "ChooseGameScene"]
    assert any(type(s).__module__.startswith("scenes.table") for s in app.stack), names
    header = json.loads(autosave_path().read_text(encoding="utf-8").splitlines()[0])
    assert header["game"] == game_id and header["players"] == setup.choice.players


def test_choose_shows_every_game_and_disables_the_unbuilt(app, monkeypatch):
    real_load = game.load

    def load_without_palace(game_id):
        if game_id == "palace":
            raise UnknownGame("the game 'palace' is not built yet")
        return real_load(game_id)

    monkeypatch.setattr(game, "load", load_without_palace)
    app.push(ChooseGameScene(app))
    frames(app)
    scene = app.stack.top
    assert set(scene.play_buttons) == set(game.GAME_IDS)
    palace = scene.play_buttons["palace"]
    assert palace.text == "Coming soon" and not palace.is_enabled
    pos = palace.rect.center  # a click on the disabled button does nothing
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app)
    assert app.stack.top is scene


def test_setup_player_count_stepper_adds_a_seat_row(app):
    app.push(SetupScene(app, "palace"))
    frames(app)
    scene = app.stack.top
    before = scene.choice.players
    entries = [e for e in scene.entries if e.placeholder_text.startswith("Player")]
    assert len(entries) == before
    more = [b for b in buttons(scene) if b.text == "›"][0]  # the first stepper is the player count
    click(app, more)
    assert scene.choice.players == before + 1
    entries = [e for e in scene.entries if e.placeholder_text.startswith("Player")]
    assert len(entries) == before + 1


def test_setup_refuses_duplicate_names_and_bad_seeds_and_stays(app):
    app.push(SetupScene(app, "palace"))
    frames(app)
    scene = app.stack.top
    scene.choice.seats[1].name = scene.choice.seats[0].name
    click(app, button(app, "Start"))
    assert app.stack.top is scene
    assert "Two seats are called" in scene.error
    scene.choice.seats[1].name = "Someone else"
    scene.choice.seed_text = "12a"
    click(app, button(app, "Start"))
    assert app.stack.top is scene and "seed" in scene.error
    assert not autosave_path().exists()  # nothing was started, nothing overwritten


def test_starting_a_game_leaves_an_unfinished_one_in_its_own_save(app):
    from game.history import History
    from scenes.settings import history_dir

    saved = human_match()
    saved.play(saved.state.legal_actions()[0])
    before = saved.autosave.read_bytes()
    app.push(SetupScene(app, "palace"))
    frames(app)
    click(app, button(app, "Start"))
    assert app.stack.top.__class__.__name__.endswith("Table")
    new = app.stack.top.match
    assert new.autosave != saved.autosave and saved.autosave.read_bytes() == before
    assert {e.key for e in History(history_dir()).unfinished()} == {saved.record().header_hash(),
                                                                    new.record().header_hash()}


# -- settings --------------------------------------------------------------------------------------
def test_a_settings_change_is_saved_at_once_and_read_by_a_new_app(app):
    app.push(SettingsScene(app))
    frames(app)
    click(app, button(app, "Slow"))
    scene = app.stack.top
    scene.set_volume(25)
    assert (config_dir() / "settings.json").exists()
    fresh = make_app()
    assert fresh.settings.animation_speed == "slow"
    assert fresh.settings.volume == pytest.approx(0.25)
    assert sound.volume() == pytest.approx(0.25)


def test_settings_window_size_choice_resizes_the_window(app):
    app.set_window_size((800, 600))
    app.push(SettingsScene(app))
    frames(app)
    scene = app.stack.top
    assert "1280 × 720" in str(scene.size_menu.options_list)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="1280 × 720",
                                         ui_element=scene.size_menu))
    frames(app)
    assert app.size == (1280, 720)
    assert Settings.load().window_size == (1280, 720)


# -- window sizes ----------------------------------------------------------------------------------
def _inside(app: App, scene: Scene) -> None:
    window = pygame.Rect((0, 0), app.size)
    placed = list(scene.menu_buttons.buttons) if isinstance(scene, TitleScene) else []
    if scene.has_ui:
        root = scene.ui.get_root_container()
        elements = pygame_gui.elements
        placed += [e for e in scene.ui.get_sprite_group().sprites()
                   if e.visible and (isinstance(e, elements.UIScrollingContainer)
                                     or (isinstance(e, elements.UIButton) and e.ui_container is root))]
    assert placed
    for b in placed:
        assert window.contains(b.rect), f"{b} at {b.rect} is outside {app.size} on {type(scene).__name__}"


@pytest.mark.parametrize("make", [
    TitleScene,
    ChooseGameScene,
    lambda app: SetupScene(app, "palace"),
    SettingsScene,
    lambda app: PauseScene(app, human_match()),
    lambda app: RulesScene(app, "palastgefluester"),
    lambda app: ResultsScene(app, finished_match("palace")),
], ids=["title", "choose", "setup", "settings", "pause", "rules", "results"])
def test_resizing_and_fullscreen_lay_every_screen_out_again(app, make):
    app.push(StandInTable(app))
    app.push(make(app))
    frames(app)
    scene = app.stack.top
    for size in ((800, 600), (320, 240), (1920, 1080)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        frames(app)
        assert app.size == size
        assert not scene.has_ui or scene.ui.window_resolution == size
        _inside(app, scene)
    key(app, pygame.K_F11)
    assert app.settings.fullscreen
    assert app.size == pygame.display.get_desktop_sizes()[0]
    assert not scene.has_ui or scene.ui.window_resolution == app.size
    _inside(app, scene)
    key(app, pygame.K_F11)
    assert not app.settings.fullscreen and app.size == app.settings.window_size
    assert Settings.load().fullscreen is False


def test_every_scene_in_the_stack_follows_a_resize(app):
    app.push(TitleScene(app))
    app.push(SettingsScene(app))
    frames(app)
    app.set_window_size((800, 600))
    frames(app)
    assert all(s.ui.window_resolution == (800, 600) for s in app.stack if s.has_ui)
    click(app, button(app, "Back"))
    assert isinstance(app.stack.top, TitleScene)
    _inside(app, app.stack.top)


# -- resuming --------------------------------------------------------------------------------------
def test_resume_from_a_corrupted_autosave_explains_and_keeps_the_title_usable(app):
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "kartentisch-record", "format_versi', encoding="utf-8")
    app.push(TitleScene(app))
    frames(app)
    title = app.stack.top
    click(app, button(app, "Resume last game"))
    assert title.message is not None and "cannot be resumed" in title.message.title
    assert str(path) in title.message.text  # it says which file and what is wrong
    click(app, button(app, "Keep"))
    assert title.message is None and path.exists()
    click(app, button(app, "Settings"))
    assert isinstance(app.stack.top, SettingsScene)


def test_setting_an_unreadable_save_aside_keeps_the_file(app):
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\xff\xfe not a record")
    app.push(TitleScene(app))
    frames(app)
    title = app.stack.top
    click(app, button(app, "Resume last game"))
    click(app, button(app, "Set aside"))
    kept = list((path.parent / "set-aside").glob("*.jsonl"))
    assert not path.exists() and len(kept) == 1
    assert kept[0].read_bytes() == b"\xff\xfe not a record"
    assert title.message is not None and str(kept[0]) in title.message.text
    click(app, button(app, "OK"))
    assert app.stack.top is title and title.message is None
    assert not button(app, "Resume last game").is_enabled


def test_a_save_whose_replay_fails_is_refused_with_the_reason(app):
    human_match()
    path = autosave_path()
    lines = path.read_text(encoding="utf-8").splitlines()
    footer = json.loads(lines[-1])
    footer["state_hash"] = "0" * 64
    path.write_text("\n".join([*lines[:-1], json.dumps(footer)]) + "\n", encoding="utf-8")
    app.push(TitleScene(app))
    frames(app)
    title = app.stack.top
    click(app, button(app, "Resume last game"))
    assert [type(s) for s in app.stack.visible()] == [TitleScene, MessageScene]  # the title stays in view
    assert title.message is not None and "state hash" in title.message.text


def test_resume_continues_the_saved_game_on_its_table(app):
    game_id = playable_game()
    rules = game.load(game_id)
    seats = [Seat(f"P{i + 1}") for i in range(rules.min_players)]
    match = Match(game_id, seats, 5, autosave=game_saves())
    match.play(match.state.legal_actions()[0])
    app.push(TitleScene(app))
    frames(app)
    click(app, button(app, "Resume last game"))
    tables = [s for s in app.stack if type(s).__module__.startswith("scenes.table")]
    assert tables, scene_names(app)
    assert tables[0].match.actions == match.actions


# -- pause -----------------------------------------------------------------------------------------
def test_pause_is_an_overlay_with_undo_and_save_and_leave(app):
    match = human_match()
    app.push(TitleScene(app))
    app.push(StandInTable(app))
    app.push(PauseScene(app, match))
    frames(app)
    assert [type(s).__name__ for s in app.stack.visible()] == ["StandInTable", "PauseScene"]
    assert not button(app, "Undo").is_enabled  # nothing played yet
    app.pop()
    match.confirm_handoff()  # the first person has the screen: their decision is theirs to take back
    match.play(match.state.legal_actions()[0])
    app.push(PauseScene(app, match))
    frames(app)
    click(app, button(app, "Undo"))
    assert match.actions == [] and isinstance(app.stack.top, StandInTable)

    match.play(match.state.legal_actions()[0])
    autosave_path().unlink()
    app.push(PauseScene(app, match))
    frames(app)
    click(app, button(app, "Save and leave"))
    assert scene_names(app)[-1] == "PauseScene", "leaving a game asks first"
    frames(app)
    click(app, button(app, "Stay"))
    frames(app)
    assert scene_names(app)[-1] == "PauseScene" and not autosave_path().exists(), "Stay stays, nothing saved"
    click(app, button(app, "Save and leave"))
    frames(app)
    click(app, button(app, "Leave"))
    assert scene_names(app) == ["TitleScene"]
    assert autosave_path().exists()
    assert button(app, "Resume last game").is_enabled


def test_pause_rules_summary_and_resume_with_escape(app):
    match = human_match()
    app.push(StandInTable(app))
    app.push(PauseScene(app, match))
    frames(app)
    click(app, button(app, "Rules summary"))
    assert isinstance(app.stack.top, RulesViewScene)
    click(app, button(app, "Full text"))
    assert isinstance(app.stack.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, RulesViewScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, StandInTable)


# -- results ---------------------------------------------------------------------------------------
def test_results_show_the_winner_of_a_finished_all_bot_match(app):
    try:
        game.load("palastgefluester")
        game_id = "palastgefluester"
    except UnknownGame:
        game_id = game.available()[0]
    match = finished_match(game_id)
    final = match.observation(None)
    app.push(TitleScene(app))
    app.push(ResultsScene(app, match))
    frames(app)
    scene = app.stack.top
    winners = [match.seats[i].name for i in final["winners"]]
    assert winners and all(name in headline(scene.names, scene.winners) for name in winners)
    from scenes.table import name_text

    assert scene.result == name_text(match, final["result"]) and scene.result  # seats named as players
    assert scene.scores == final["scores"]
    click(app, button(app, "Back to menu"))
    assert scene_names(app) == ["TitleScene"]


def test_rematch_keeps_seats_and_options_with_a_new_deal(app):
    game_id = playable_game()
    match = finished_match(game_id)
    app.push(TitleScene(app))
    app.push(ResultsScene(app, match))
    frames(app)
    click(app, button(app, "Rematch"))
    tables = [s for s in app.stack if type(s).__module__.startswith("scenes.table")]
    assert tables, scene_names(app)
    again = tables[0].match
    assert again is not match and again.seats == match.seats and again.options == match.options


def test_a_palace_rematch_is_dealt_by_the_previous_loser():
    match = finished_match("palace", seed=8)
    loser = match.observation(None)["loser"]
    assert loser is not None and rematch_options(match)["dealer"] == loser
    assert {k: v for k, v in rematch_options(match).items() if k != "dealer"} == \
        {k: v for k, v in match.options.items() if k != "dealer"}


def test_setup_offers_only_seated_players_as_dealer(app):
    app.push(SetupScene(app, "palace"))
    frames(app)
    scene = app.stack.top
    dealer = scene.rules.options["dealer"]
    choices = scene._choices(dealer)
    assert choices == ["random", *range(scene.choice.players)]
    assert scene._value_label(dealer, 0) == scene.choice.seats[0].name


def test_every_game_has_a_rules_summary_and_menu_entry():
    from cards import rules_text

    for game_id in game.GAME_IDS:
        text = rules_text.summary(game_id)
        assert "<b>Goal</b>" in text and "\n" not in text, game_id
        info = rules_text.GAME_INFO[game_id]
        assert info.min_players <= info.max_players


def test_headline_names_shared_winners():
    assert headline(["Anna", "Ben", "Clara"], [0, 2]) == "Anna and Clara share the win"
    assert headline(["Anna", "Ben"], [1]) == "Ben wins!"
    assert headline(["Anna"], []) == "Game over"


# -- the app itself --------------------------------------------------------------------------------
def test_quit_event_ends_the_loop(app):
    app.push(TitleScene(app))
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.step(1 / 60) is False


def test_the_title_quit_button_ends_the_loop(app):
    app.push(TitleScene(app))
    frames(app)
    b = button(app, "Quit")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b.rect.center, button=1))
    results = [app.step(1 / 60) for _ in range(3)]
    assert results[-1] is False


def test_the_title_screen_starts_without_the_engine_or_the_table():
    code = (
        "import sys\n"
        "from kartentisch.launcher import make_app\n"
        "from scenes.menus.title import TitleScene\n"
        "app = make_app(size=(640, 360))\n"
        "app.push(TitleScene(app))\n"
        "app.step(1 / 60)\n"
        "print(sorted(m for m in ('game.match', 'game.ai', 'scenes.table', 'scenes.art',"
        " 'scenes.menus.setup')"
        " if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=os.environ.copy(), capture_output=True,
                         text=True, timeout=60, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


# -- sound -----------------------------------------------------------------------------------------
def test_every_sound_plays_and_an_unknown_one_is_refused():
    sound.set_volume(0.5)
    for name in sound.SOUNDS:
        sound.play(name)
    with pytest.raises(ValueError, match="no sound 'boom'"):
        sound.play("boom")


def test_shipped_sounds_are_short_normalised_wav():
    from tools import make_sounds

    assert set(sound.SOUNDS) == set(make_sounds.SOUNDS)
    for name in sound.SOUNDS:
        with wave.open(str(sound.SOUND_DIR / f"{name}.wav")) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, make_sounds.RATE)
            assert 0 < w.getnframes() <= 2 * make_sounds.RATE, name
            pcm = w.readframes(w.getnframes())
        peak = max(abs(int.from_bytes(pcm[i:i + 2], "little", signed=True)) for i in range(0, len(pcm), 2))
        assert peak == pytest.approx(make_sounds.PEAK * 32767, abs=2), name


def test_a_missing_sound_file_is_silent_not_fatal(monkeypatch, tmp_path):
    sound.shutdown()
    monkeypatch.setattr(sound, "SOUND_DIR", tmp_path)
    sound.set_volume(1.0)
    sound.play("place")  # no error, no sound
    assert not sound.available()
    monkeypatch.undo()
    sound.shutdown()
    assert sound.available()


def test_without_an_audio_device_sound_is_silent(monkeypatch):
    sound.shutdown()

    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sound.set_volume(1.0)
    sound.play("place")  # no error
    assert not sound.available()
    monkeypatch.undo()
    sound.shutdown()
    assert sound.available()


# -- the entry point -------------------------------------------------------------------------------
def test_main_parses_options_and_starts_on_the_title(monkeypatch):
    from kartentisch import launcher as entry

    started = []

    def one_frame(self):
        self.step(1 / 60)
        started.append((scene_names(self), self.size, self.settings.fullscreen))

    monkeypatch.setattr(App, "run", one_frame)
    assert entry.main(["--windowed", "--size", "800x600"]) == 0
    assert started == [(["TitleScene"], (800, 600), False)]


def test_an_empty_command_line_gives_what_the_parser_gives_for_it(monkeypatch):
    from kartentisch import launcher as entry

    expected = vars(entry.argument_parser().parse_args([]))
    assert vars(entry.parse_args([])) == expected
    monkeypatch.setattr(sys, "argv", ["kartentisch"])
    assert vars(entry.parse_args()) == expected
    monkeypatch.setattr(sys, "argv", ["kartentisch", "--verbose"])
    assert entry.parse_args().verbose is True


@pytest.mark.parametrize("argv", [["--size", "big"], ["--size", "10x10"], ["--windowed", "--fullscreen"]])
def test_main_refuses_bad_options_with_a_usage_error(argv, capsys):
    from kartentisch import launcher as entry

    with pytest.raises(SystemExit) as stop:
        entry.parse_args(argv)
    assert stop.value.code == 2
    assert "kartentisch" in capsys.readouterr().err
