"""The app's own screens in German and English: the title, the game choice, the setup of each game,
the settings, the pause menu and the results show no word of the other language; the settings switch
the language live (the settings screen and the table under it at once, no restart) and remember it;
the first start follows the system's locale; and the app's messages read right in both languages."""

from __future__ import annotations

import json

import pygame
import pytest
from language import TextSpy, give_aways, shown, widget_texts

import game
from game import i18n
from game.i18n import ordinal, set_language
from game.match import Match, Seat
from kartentisch.launcher import make_app as launch_app
from scenes.app import App
from scenes.menus import setup as setup_screen
from scenes.menus.choose import ChooseGameScene
from scenes.menus.pause import PauseScene
from scenes.menus.results import ResultsScene, headline
from scenes.menus.settings import SettingsScene
from scenes.menus.setup import SetupScene, kind_label, option_label
from scenes.menus.title import TitleScene
from scenes.saved_game import saved_summary
from scenes.settings import Settings, settings_path
from scenes.table import open_table
from scenes.table.kit.paint import TextCache

LANGUAGES = ("de", "en")
SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    """Empty config and data dirs for each test; the setup screen forgets earlier choices."""
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(setup_screen, "_last_choices", {})


@pytest.fixture
def spy(monkeypatch) -> TextSpy:
    return TextSpy().install(monkeypatch)


_apps: list[App] = []


@pytest.fixture(autouse=True)
def _close_apps():
    """Every app of a test closes its screens after it: a later change of language finds none left
    to write again."""
    yield
    while _apps:
        _apps.pop().stack.clear()


def make_app(language: str | None = None) -> App:
    settings = Settings(animation_speed="off")
    if language is not None:
        settings.language = language
    app = launch_app(settings, size=SIZE)
    _apps.append(app)
    return app


def frames(app: App, count: int = 3) -> None:
    for _ in range(count):
        assert app.step(1 / 60)






def bot_match(game_id: str, players: int = 3, *, human: bool = True, seed: int = 5) -> Match:
    seats = [Seat("Anna") if human else Seat.ai("Anna", "easy"),
             *(Seat.ai(name, "easy") for name in ("Ben", "Cleo", "Dora", "Emil")[:players - 1])]
    return Match(game_id, seats, seed)


def finished_match(game_id: str = "palace") -> Match:
    match = bot_match(game_id, 3, human=False)
    match.run_bots()
    assert match.is_over()
    return match


# -- each screen in each language -------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_title_speaks_one_language(language, spy):
    app = make_app(language)
    app.push(TitleScene(app))
    texts = shown(app, spy)
    assert texts and give_aways(texts, language) == {}
    expected = {"de": "Einstellungen", "en": "Settings"}[language]
    assert any(text == expected for text in texts), texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_game_choice_speaks_one_language(language, spy):
    app = make_app(language)
    app.push(TitleScene(app))
    app.push(ChooseGameScene(app))
    texts = shown(app, spy)
    assert give_aways(texts, language) == {}
    assert {"de": "Wähle ein Spiel", "en": "Choose a game"}[language] in texts


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", game.GAME_IDS)
def test_the_setup_of_every_game_speaks_one_language(language, game_id, spy):
    app = make_app(language)
    app.push(TitleScene(app))
    app.push(SetupScene(app, game_id))
    texts = shown(app, spy)
    assert give_aways(texts, language) == {}
    assert {"de": "Starten", "en": "Start"}[language] in texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_settings_speak_one_language(language, spy):
    app = make_app(language)
    app.push(TitleScene(app))
    app.push(SettingsScene(app))
    texts = shown(app, spy)
    assert give_aways(texts, language) == {}
    assert {"de": "Sprache", "en": "Language"}[language] in texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pause_menu_speaks_one_language(language, spy):
    app = make_app(language)
    app.push(TitleScene(app))
    app.push(PauseScene(app, bot_match("palace", 2)))
    texts = shown(app, spy)
    assert give_aways(texts, language) == {}
    # the line under Undo: why nothing can be taken back yet, a message of the match
    assert {"de": "Noch gibt es nichts zurückzunehmen",
            "en": "There is nothing to take back yet"}[language] in texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_results_speak_one_language(language, spy):
    app = make_app(language)
    app.push(TitleScene(app))
    scene = ResultsScene(app, finished_match("palace"))
    scene.figures = None  # the charts beside the scores are the charts' own (tests/test_charts.py)
    app.push(scene)
    # the result sentence and its lines are the game's own words (its table's tests read them)
    game_words = [scene.result, *scene.details[:-1]]
    texts = [text for text in shown(app, spy) if not any(text in said for said in game_words)]
    assert give_aways(texts, language) == {}
    assert {"de": "Revanche", "en": "Rematch"}[language] in texts
    loser = scene.order[-1]  # Palace keeps its finishing order: the loser is named last
    assert scene.standing(loser, len(scene.order) - 1) == {"de": "verloren", "en": "loser"}[language]
    assert scene.standing(scene.order[0], 0) == {"de": "als 1. raus", "en": "out 1st"}[language]


# -- switching live -------------------------------------------------------------------------------
def open_settings_over(app: App) -> None:
    """Open the pause menu's Settings over the table."""
    table = app.stack.top
    table.open_pause()
    frames(app)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause.settings()
    frames(app)


def table_texts(app: App, table, spy: TextSpy) -> list[str]:
    """Every text the table draws now (its kept renderings forgotten first, so each is drawn anew)."""
    table.texts = TextCache()
    table.refresh_underlay()
    spy.take()
    table.draw(app.screen)
    return spy.take()


def test_switching_to_german_rewrites_the_settings_and_the_table_below_at_once(spy):
    app = make_app("en")
    app.push(TitleScene(app))
    match = bot_match("palastgefluester", 3)
    app.push(open_table(app, match))
    frames(app, 60)
    table = app.stack.top
    before = table_texts(app, table, spy)
    assert "Log" in before and "Menu" in before
    open_settings_over(app)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene) and "Language" in widget_texts(settings)

    arrow = settings.language_stepper.right.rect.center  # English -> Deutsch: a click on the arrow
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=arrow, button=1))
    frames(app)
    assert i18n.language() == "de"
    assert app.stack.top is settings, "the settings stay open"
    now = widget_texts(settings)
    assert "Sprache" in now and "Deutsch" in now and "Zurück" in now
    assert give_aways(now, "de") == {}

    after = table_texts(app, table, spy)  # the table under the pause menu, as it is drawn now
    assert "Protokoll" in after and "Menü" in after and "Rückgängig" in after
    assert "Log" not in after and "Menu" not in after
    settings.back()
    frames(app)
    assert give_aways(widget_texts(app.stack.top), "de") == {}, "the pause menu below is German too"
    assert json.loads(settings_path().read_text(encoding="utf-8"))["language"] == "de", "remembered"
    app.stack.clear()

    _apps.append(launch_app(Settings.load(), size=SIZE))
    assert i18n.language() == "de", "the next start speaks German"


def test_the_first_start_follows_the_system_locale(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "de_DE:de")
    app = make_app()
    assert app.settings.language == "" and i18n.language() == "de"
    app.push(TitleScene(app))
    assert app.stack.top.menu_buttons.find("Spielen") is not None
    app.stack.clear()

    monkeypatch.setenv("LANGUAGE", "en_GB")
    app = make_app()
    assert i18n.language() == "en"
    app.stack.clear()


def test_a_chosen_language_wins_over_the_system_locale(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "de_DE")
    app = make_app("en")
    assert i18n.language() == "en"
    app.stack.clear()


def test_the_title_writes_its_buttons_again_when_the_language_changes():
    app = make_app("en")
    app.push(TitleScene(app))
    title = app.stack.top
    assert title.menu_buttons.find("Quit") is not None
    app.set_language("de")
    assert title.menu_buttons.find("Beenden") is not None and title.menu_buttons.find("Quit") is None
    app.stack.clear()


# -- the app's messages in both languages ---------------------------------------------------------------
def test_the_match_says_why_no_undo_in_either_language():
    match = Match("palace", [Seat("Ann"), Seat("Ben")], 11)
    refusal = match.undo_refusal()
    assert str(refusal) == "There is nothing to take back yet"
    set_language("de")
    assert str(refusal) == "Noch gibt es nichts zurückzunehmen", "the same message, told again in German"
    bots = Match("palace", [Seat.ai("Ann", "easy"), Seat.ai("Ben", "easy")], 11)
    assert str(bots.undo_refusal()) == "Nur Entscheidungen von Menschen lassen sich zurücknehmen"


def test_counts_read_right_in_both_languages():
    assert saved_summary("palace", 1, 1) == "Palace, 1 player, 1 move played"
    assert saved_summary("palace", 3, 12) == "Palace, 3 players, 12 moves played"
    set_language("de")
    assert saved_summary("palace", 1, 1) == "Palace, 1 Spieler, 1 Zug gespielt"
    assert saved_summary("palace", 3, 12) == "Palace, 3 Spieler, 12 Züge gespielt"


def test_places_and_headlines_read_right_in_both_languages():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "21st", "22nd"]
    assert headline(["Anna", "Ben", "Cleo"], [0, 1, 2]) == "Anna, Ben and Cleo share the win"
    set_language("de")
    assert [ordinal(n) for n in (1, 2, 11, 22)] == ["1.", "2.", "11.", "22."]
    assert headline(["Anna", "Ben", "Cleo"], [0, 1, 2]) == "Anna, Ben und Cleo teilen sich den Sieg"
    assert headline(["Anna"], [0]) == "Anna gewinnt!"


def test_the_setup_words_of_seats_and_options_in_german():
    set_language("de")
    assert kind_label("human") == "Mensch"
    assert kind_label("hard") == "KI · schwer"
    assert option_label(True) == "An" and option_label("random") == "Zufällig" and option_label(4) == "4"
    with pytest.raises(ValueError, match="eigenen Namen"):
        setup_screen.SetupChoice("palace", 2, [setup_screen.SeatChoice("Anna"),
                                               setup_screen.SeatChoice("anna")]).build_seats()


def test_the_hint_explains_the_search_in_german():
    from game.ai.hint import Reason, render

    reason = Reason("search_chance_alone", {"chance": 75})
    assert render("palastgefluester", reason) == "simulated play gives this a 75% chance to win"
    set_language("de")
    assert render("palastgefluester", reason) == ("in simulierten Partien gewinnt dieser Zug mit 75 % "
                                                  "Wahrscheinlichkeit")


def test_a_notice_of_the_match_is_told_again_in_the_new_language():
    app = make_app("en")
    app.push(TitleScene(app))
    match = bot_match("palastgefluester", 3)
    app.push(open_table(app, match))
    frames(app, 5)
    table = app.stack.top
    match._notices.append(i18n.message("The game is saved again."))
    frames(app, 2)
    assert "The game is saved again." in table.log_lines
    app.set_language("de")
    frames(app, 2)
    assert "Das Spiel wird wieder gespeichert." in table.log_lines
    assert "The game is saved again." not in table.log_lines
    app.stack.clear()


def test_an_empty_text_stays_empty_in_german():
    set_language("de")
    assert i18n.tr("") == "", "not the catalogue's header"


@pytest.mark.parametrize(("argv", "word"), [
    (["--scene", "title"], "Vier Kartenspiele an einem Tisch"),
    (["--scene", "setup", "--game", "palace"], "Palace: neues Spiel"),
    (["--scene", "pause", "--game", "palace", "--players", "2", "--after", "3"], "Pause"),
])
def test_the_screenshot_tool_draws_a_screen_in_german(tmp_path, argv, word, spy):
    from tools import screenshot

    out = tmp_path / "shot.png"
    assert screenshot.main([*argv, "--lang", "de", "--size", "800x450", "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (800, 450)
    assert word in spy.take() and i18n.language() == "de"


@pytest.mark.parametrize(("argv", "expected"), [
    (["--scene", "setup"], "--scene setup needs --game"),
    (["--scene", "title", "--game", "palace"], "--scene title does not go with --game"),
    (["--scene", "title", "--lang", "fr"], "invalid choice: 'fr'"),
])
def test_the_screenshot_tool_refuses_a_screen_without_what_it_needs(tmp_path, capsys, argv, expected):
    from tools import screenshot

    with pytest.raises(SystemExit) as stop:
        screenshot.main([*argv, "--out", str(tmp_path / "x.png")])
    assert stop.value.code == 2 and expected in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_an_app_whose_window_is_gone_lets_a_change_of_language_pass():
    """An app still alive after its window went (pygame quit, a newer app opened the window anew) must
    not stop a change of language for the one on screen: it has nothing to write again."""
    old = launch_app(Settings(), size=(640, 480))
    old.push(TitleScene(old))
    pygame.display.quit()
    new = launch_app(Settings(), size=(640, 480))
    new.push(TitleScene(new))
    try:
        set_language("de")  # the old app's screen is dead: it would raise "Surface is not initialized"
        new.step(1 / 60)
        assert old.stack.top is not None
    finally:
        set_language("en")
        old.stack.clear()
        new.stack.clear()
