"""The history, statistics, replay, rules view, guided game and gallery in German and English: each
screen shows no word of the other language and follows a change of language live; their texts read
right in both (dates, plurals); tools.art speaks the language of the system."""

from __future__ import annotations

import time

import pytest
from language import TextSpy, foreign_words, give_aways, shown

from game.guide import GuidedGame, course
from game.i18n import set_language
from game.match import Match, Seat
from kartentisch.launcher import make_app as launch_app
from scenes.app import App
from scenes.keeping import history
from scenes.menus.gallery import GalleryScene
from scenes.menus.guided import GuideSummaryScene, LessonScene
from scenes.menus.history import HistoryScene, date_text, result_text
from scenes.menus.replay import ReplayScene, open_replay
from scenes.menus.rules import RulesViewScene
from scenes.menus.statistics import StatisticsScene, streak_text
from scenes.menus.title import TitleScene
from scenes.settings import Settings
from tools import art as art_tool

LANGUAGES = ("de", "en")
#: an art pack's keys for its backs and table, written as in pack.toml whatever the language
KEYS = ("back", "table")
SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def spy(monkeypatch) -> TextSpy:
    return TextSpy().install(monkeypatch)


_apps: list[App] = []


@pytest.fixture(autouse=True)
def _close_apps():
    yield
    while _apps:
        _apps.pop().stack.clear()


def make_app(language: str) -> App:
    settings = Settings(animation_speed="off")
    settings.language = language
    app = launch_app(settings, size=SIZE)
    _apps.append(app)
    app.push(TitleScene(app))
    return app


def frames(app: App, count: int = 3) -> None:
    for _ in range(count):
        assert app.step(1 / 60)






def finished(game_id: str, names=("Anna", "Ben", "Cleo")) -> Match:
    match = Match(game_id, [Seat.ai(name, "random") for name in names], 5)
    match.run_bots()
    assert match.is_over()
    return match


def keep(app: App, *matches: Match) -> None:
    store = history(app)
    for match in matches:
        store.keep(match.record())


# -- each screen in each language -------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGUAGES)
def test_history_in_one_language(language, spy):
    app = make_app(language)
    keep(app, finished("palace"), finished("three_chapters"))
    app.push(HistoryScene(app))
    texts = shown(app, spy)
    assert give_aways(texts, language) == {}
    expected = {"de": ("Wiederholung", "Datum", "Alle Spiele"), "en": ("Replay", "Date", "All games")}
    assert set(expected[language]) <= set(texts), texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_statistics_in_one_language(language, spy):
    app = make_app(language)
    keep(app, finished("three_chapters"), finished("three_chapters", ("Dora", "Emil", "Fritz")))
    app.push(StatisticsScene(app))
    app.stack.top.toggle_ai()  # the AI seats' rows and their levels too
    texts = shown(app, spy)
    assert give_aways(texts, language) == {}
    expected = {"de": ("Siegquote", "KI-Spieler: gezeigt"), "en": ("Win rate", "AI players: shown")}
    assert set(expected[language]) <= set(texts), texts
    assert any(text.startswith({"de": "Punkte in jedem", "en": "Points in each"}[language]) for text in texts)


@pytest.mark.parametrize("language", LANGUAGES)
def test_replay_bar_in_one_language(language, tmp_path):
    app = make_app(language)
    path = tmp_path / "game.jsonl"
    finished("three_chapters").save(path)
    assert open_replay(app, path) is None
    frames(app)
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    scene.seek(5)
    bar = [scene.position_text(), *(c.label for c in scene.choices)]
    bar += [t for b in scene.menu_buttons.buttons for t in (b.label, b.tooltip or "")]
    assert give_aways(bar, language) == {}
    expected = {"de": ("Ab hier weiterspielen", "Alle Hände offen", "Zuschauer"),
                "en": ("Play on from here", "Every hand open", "Spectator")}
    assert set(expected[language]) <= set(bar), bar
    assert scene.position_text().startswith({"de": "Zug 5 von", "en": "Move 5 of"}[language])


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_view_in_one_language(language, spy):
    app = make_app(language)
    app.push(RulesViewScene(app, "three_chapters"))
    texts = shown(app, spy)
    assert give_aways(texts, language) == {}
    expected = {"de": ("Weiter", "Ganzer Text", "Schließen"), "en": ("Next", "Full text", "Close")}
    assert set(expected[language]) <= set(texts), texts
    assert any({"de": "Seite 1 von", "en": "page 1 of"}[language] in text for text in texts)


class _Table:
    """What a lesson panel asks of its table when it points at nothing."""

    def pointed_rects(self) -> list:
        return []


@pytest.mark.parametrize("language", LANGUAGES)
def test_guided_game_in_one_language(language, spy):
    app = make_app(language)
    guide = GuidedGame(course("three_chapters"))
    guide.taught.append(guide.course.lessons[0].id)
    lesson = guide.course.lessons[0]
    app.push(LessonScene(app, _Table(), lesson.title, lesson.text, ()))
    texts = shown(app, spy)
    assert give_aways(texts, language) == {}
    assert {"de": "Verstanden", "en": "Got it"}[language] in texts
    app.pop()
    app.push(GuideSummaryScene(app, guide, None))
    texts = shown(app, spy)
    assert give_aways(texts, language) == {}
    expected = {"de": ("Was vorkam", "Noch einmal lernen"), "en": ("What came up", "Learn again")}
    assert set(expected[language]) <= set(texts), texts
    assert {"de": "Dein erstes Spiel 3 Chapters", "en": "Your first game of 3 Chapters"}[language] in texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_gallery_in_one_language(language, spy):
    app = make_app(language)
    app.push(GalleryScene(app, "palace"))
    texts = shown(app, spy)
    scene = app.stack.top
    # the backs and the table lie below the view until scrolled to: their labels and headings as laid out
    texts += [heading for heading, _ in scene.headings] + [tile.label for tile in scene.tiles]
    assert give_aways(texts, language) == {}
    # a back's hover text names its key in pack.toml ("back"), which is no English word there
    notes = [line for tile in scene.tiles if tile.section != "cards" for line in scene.describe(tile)]
    assert [line for line in notes if foreign_words(line, language, allowed=KEYS)] == []
    texts += notes
    expected = {"de": ("Rückseiten und Tisch", "Am Tisch ansehen", "Tisch", "Kartenrückseite"),
                "en": ("Backs and table", "See at the table", "Table", "Card back")}
    assert set(expected[language]) <= set(texts), texts
    assert any(text.startswith({"de": "52 Karten", "en": "52 cards"}[language]) for text in texts), texts


# -- a change of language, live ---------------------------------------------------------------------
def test_history_gallery_follow_a_new_language_at_once(spy):
    app = make_app("en")
    keep(app, finished("palace"))
    app.push(HistoryScene(app))
    assert "Replay" in shown(app, spy)
    spy.take()
    app.set_language("de")
    texts = shown(app, spy)
    assert "Wiederholung" in texts and give_aways(texts, "de") == {}
    app.push(GalleryScene(app, "palace"))
    frames(app)
    spy.take()
    app.set_language("en")
    texts = shown(app, spy)
    assert "See at the table" in texts and give_aways(texts, "en") == {}


# -- texts ------------------------------------------------------------------------------------------
def test_dates_plurals_and_results_read_right_in_both_languages():
    when = time.mktime((2026, 3, 4, 9, 5, 0, 0, 0, -1))
    assert date_text(when) == "4 Mar 2026 09:05"
    set_language("de")
    assert date_text(when) == "4. März 2026 09:05"
    match = finished("palastgefluester")
    from game.history import Entry, summary

    entry = Entry(name="x", played=when, size=1, mtime_ns=1, **summary(match.record(), match.state))
    names = ", ".join(entry.names[seat] for seat in entry.winners)
    assert result_text(entry) == (f"{names} hat gewonnen" if len(entry.winners) == 1
                                  else f"{names} teilen sich den Sieg")
    from game.statistics import PlayerStats

    stats = PlayerStats("Anna", "palace")
    stats.results = [True, True, True, False, True, True]
    assert streak_text(stats) == "beste 3 · jetzt 2 gewonnen"
    set_language("en")
    assert streak_text(stats) == "best 3 · now 2 won"


def test_tools_art_in_german_on_a_german_system(tmp_path, monkeypatch, capsys):
    pack = tmp_path / "mine"
    pack.mkdir()
    (pack / "pack.toml").write_text('[games.palace.cards]\n"10H" = "fehlt.png"\n"1X" = "x.png"\n',
                                    encoding="utf-8")
    monkeypatch.setenv("LANGUAGE", "de")
    assert art_tool.main(["check", str(pack)]) == 1
    out = capsys.readouterr().out
    assert "Fehler: palace Karte '10H': fehlt.png fehlt" in out, out
    assert "unbekannte Karten-ID '1X'" in out and "behebe die Fehler" in out, out
    # the manifest's own keys (card_size) are no English sentence: they are written as in the file
    lines = [line.replace("card_size", "") for line in out.splitlines() if str(tmp_path) not in line]
    assert [line for line in lines if foreign_words(line, "de", allowed=KEYS)] == []
    monkeypatch.setenv("LANGUAGE", "en")
    assert art_tool.main(["check", str(pack)]) == 1
    out = capsys.readouterr().out
    assert "error: palace card '10H': fehlt.png is missing" in out and "fix the errors" in out, out


def test_why_a_record_cannot_be_read_is_told_again_in_a_new_language(tmp_path):
    from game.history import History

    folder = tmp_path / "kept"
    folder.mkdir()
    (folder / "bad.jsonl").write_bytes(b"\xff\xfe\n")
    kept = History(folder)
    assert "it is not UTF-8 text (byte 0xff)" in kept.entries()[0].problem
    set_language("de")
    kept.forget_problems()  # as the history screen does on a change of language
    assert "sie ist kein UTF-8-Text (Byte 0xff)" in kept.entries()[0].problem
    # the index notes its language: read in another, the reasons are found again in that one
    assert "sie ist kein UTF-8-Text" in History(folder).entries()[0].problem
    set_language("en")
    assert "it is not UTF-8 text" in History(folder).entries()[0].problem
