"""A player's name from a record never stops or freezes a screen: it is cleaned where the record is read
(control characters shown as escapes, bidi controls left out, a length limit), the file keeps the name
it held, no font refuses any text, and every text fitter does work in proportion to its text (counted
in font measurements, never timed)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game
from game.core.datafile import NAME_CHARS, clean_name, showable
from game.core.records import read_record, replay, write_record
from game.history import LONGEST_BYTES
from game.match import Match, Seat
from scenes import fonts
from scenes.look import fit_text


def examples(count: int) -> settings:
    return settings(max_examples=count, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])


def setup_module(module) -> None:
    pygame.font.init()


#: what a hostile name is made of: controls (NUL, escape, line breaks), bidi controls, separators,
#: lone surrogates (JSON's "\ud800"), zero-width characters, emoji and plain letters
NASTY = list("\x00\x1b\n\r\t\x7f\x85\u2028\u2029\u202e\u202d\u2066\u2069\u200f\u200b\u200d\ufeff\u00ad"
             "\ud800\udfff🃏ßWi ")
PIECES = st.text(alphabet=st.one_of(st.characters(), st.sampled_from(NASTY)), min_size=1, max_size=12)
LENGTHS = st.one_of(st.integers(0, 300),
                    st.sampled_from([NAME_CHARS, NAME_CHARS + 1, 10_000, 100_000, 10**6]))


@st.composite
def names(draw, lengths=LENGTHS) -> str:
    """A name of up to a million characters: a short piece repeated (cheap to make at any length)."""
    piece, length = draw(PIECES), draw(lengths)
    return (piece * (length // len(piece) + 1))[:length]


def write_hostile(path: Path, game_id: str, seat_names: list[str], *, finished: bool, seed: int = 3,
                  human: bool = True) -> Path:
    """A record of a game of `game_id` by bots (finished, or a few moves in) whose seats carry
    `seat_names`, written as JSON allows any text: escaped, so lone surrogates fit too."""
    match = Match(game_id, [Seat.ai(f"P{i}", "random") for i in range(len(seat_names))], seed)
    if finished:
        match.run_bots()
    else:
        while len(match.actions) < 6 and not match.is_over():
            match.step_bot()
    record = match.record()
    for seat, name in zip(record.seats, seat_names, strict=True):
        seat["name"] = name
    if human:
        record.seats[0].update(kind="human", bot=None)
    lines = [json.dumps(record.header(), ensure_ascii=True), *record.lines()[1:]]
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
    return path


# -- cleaned where a record is read ------------------------------------------------------------------
@examples(60)
@given(seat_names=st.lists(names(), min_size=2, max_size=2))
def test_names_are_cleaned_where_a_record_is_read_and_the_file_keeps_its_own(tmp_path, seat_names):
    path = write_hostile(tmp_path / "game.jsonl", "palace", seat_names, finished=False)
    record = read_record(path)
    shown = [seat["name"] for seat in record.seats]
    assert shown == [clean_name(name) for name in seat_names]
    assert all(showable(name) and len(name) <= NAME_CHARS for name in shown)
    assert [seat["name"] for seat in record.header()["seats"]] == seat_names  # the file's own
    replay(record, verify=True, path=str(path))  # the header hash is the file's
    again = tmp_path / "again.jsonl"
    write_record(again, record)
    assert read_record(again).header() == record.header()
    if path.stat().st_size > LONGEST_BYTES:  # longer than any game: resuming it is refused
        return
    resumed = Match.resume(path)
    assert [seat.name for seat in resumed.seats] == shown
    assert resumed.record().header() == record.header()  # saved back, the names stay the file's
    # "Play on from here": the new game (and so the history) gets the clean names
    going_on = Match.play_on(record, 2, [Seat.from_dict(seat) for seat in record.seats])
    assert [seat["name"] for seat in going_on.record().header()["seats"]] == shown


def test_clean_name_shows_controls_drops_bidi_cuts_long_names_and_leaves_a_clean_name_alone():
    assert clean_name("Anna") == "Anna"
    assert clean_name("Zoë 🃏") == "Zoë 🃏"
    assert clean_name("a\x00b") == "a\\x00b"
    assert clean_name("two\nlines") == "two\\nlines"
    assert clean_name("\u202eevil") == "evil"
    assert clean_name("\ud800x") == "\ufffdx"
    long = clean_name("x" * 10**6)
    assert len(long) == NAME_CHARS and long.endswith("…")
    for name in ("a\x00b", "\u202eevil", "x" * 10**6, "\ud800x"):
        assert clean_name(clean_name(name)) == clean_name(name)


# -- fonts refuse nothing ----------------------------------------------------------------------------
FACES = [lambda: fonts.font(16), lambda: fonts.font(16, True), lambda: fonts.display_font(16),
         lambda: fonts.text_font(16), lambda: fonts.widget_font(16)]


@examples(150)
@given(text=st.text(alphabet=st.one_of(st.characters(), st.sampled_from(NASTY)), max_size=60))
def test_no_font_of_the_app_refuses_any_text(text):
    for make in FACES:
        face = make()
        width, height = face.size(text)
        assert width >= 0 and height > 0
        face.render(text, True, (255, 255, 255))
        face.render(text, True, (255, 255, 255), (0, 0, 0))


def test_a_nul_and_a_lone_surrogate_are_drawn_as_signs():
    face = fonts.font(16)
    assert face.size("a\x00b") == face.size("a\u2400b")
    assert face.size("a\udc80b") == face.size("a\ufffdb")


# -- the fitters work in proportion to the text ------------------------------------------------------
class Counting:
    """A font that counts its measurements and the characters they cover."""

    def __init__(self, face: pygame.font.Font) -> None:
        self.face = face
        self.calls = 0
        self.chars = 0

    def size(self, text: str) -> tuple[int, int]:
        self.calls += 1
        self.chars += len(text)
        return self.face.size(text)

    def get_linesize(self) -> int:
        return self.face.get_linesize()


def near_linear(n: int) -> float:
    """A bound of n log n shape; quadratic work (n^2 / 2 characters) exceeds it from a few hundred on."""
    return (n + 16) * (math.log2(n + 2) + 1)


@examples(80)
@given(text=names(), width=st.integers(1, 1500))
def test_fit_text_measures_a_bounded_number_of_times_and_cuts_to_fit(text, width):
    face = Counting(fonts.font(18))
    fitted = fit_text(text, face, width)  # type: ignore[arg-type]
    assert face.calls <= 4 * math.log2(len(text) + 2) + 12
    assert face.chars <= 4 * near_linear(len(text))
    if fitted != text:
        assert fitted.endswith("…") and text.startswith(fitted[:-1])
        assert fitted == "…" or fonts.font(18).size(fitted)[0] <= width
        longer = text[:len(fitted)] + "…"  # one character more does not fit
        assert fonts.font(18).size(longer)[0] > width


def test_fit_text_of_a_name_of_a_million_characters_measures_only_what_shows():
    face = Counting(fonts.font(18))
    fitted = fit_text("W" * 10**6, face, 300)  # type: ignore[arg-type]
    assert 1 < len(fitted) < 40
    assert face.chars < 50 * len(fitted) * math.log2(len(fitted) + 2)


@examples(60)
@given(text=names(lengths=st.integers(0, 20_000)), width=st.integers(1, 1200))
def test_wrap_measures_in_proportion_to_the_text_and_keeps_every_character(text, width):
    face = Counting(fonts.text_font(14))
    lines = fonts.wrap(text, face, width)  # type: ignore[arg-type]
    assert face.chars <= 300 * near_linear(len(text))
    assert "".join("".join(lines).split()) == "".join(text.split())


def test_wrap_of_a_word_of_a_hundred_thousand_characters_is_near_linear():
    face = Counting(fonts.text_font(14))
    word = "abcdefghij" * 10_000
    lines = fonts.wrap(word, face, 200)  # type: ignore[arg-type]
    assert "".join(lines) == word and len(lines) > 100
    assert face.chars < 60 * len(word)
    assert all(fonts.text_font(14).size(line)[0] <= 200 for line in lines)


def test_a_pygame_gui_label_is_fitted_with_the_same_bounded_work():
    from scenes.gui import SharedFontsManager
    from scenes.widgets import fitted_label

    pygame.display.set_mode((800, 600))
    ui = SharedFontsManager((800, 600))
    label = fitted_label(ui, pygame.Rect(10, 10, 200, 30), "W" * 10**6)
    assert label.text.endswith("…") and len(label.text) < 60


@examples(40)
@given(text=st.text(alphabet=st.one_of(st.characters(), st.sampled_from(NASTY)), min_size=1, max_size=40))
def test_no_widget_refuses_any_text(text):
    from pygame_gui.elements import UIButton, UILabel, UITextBox

    from scenes.gui import SharedFontsManager

    screen = pygame.display.set_mode((500, 300))
    ui = SharedFontsManager((500, 300))
    UILabel(pygame.Rect(0, 0, 200, 30), text, manager=ui)
    UIButton(pygame.Rect(0, 40, 200, 30), text, manager=ui)
    UITextBox(text.replace("<", "&lt;"), pygame.Rect(0, 80, 300, 150), manager=ui)
    ui.update(0.1)
    ui.draw_ui(screen)


# -- every screen that draws a name ------------------------------------------------------------------
#: (a record of over game.history.LONGEST_BYTES is refused whole: the longest name here stays below it)
FIXED_NAMES = ["a\x00b", "\u202e\u2066evil\u2069", "\u200b\u200d\u200b", "x" * 200_000, "\ud800\udfff",
               "two\nlines\r\x1b[31m", "{seat}}{", "Zoë 🃏"]


@pytest.fixture
def app(tmp_path, monkeypatch):
    from kartentisch.launcher import make_app
    from scenes.menus.title import TitleScene
    from scenes.settings import Settings

    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))
    settings = Settings()
    settings.animation_speed = "off"
    application = make_app(settings, size=(1024, 640))
    application.push(TitleScene(application))
    yield application
    application.stack.clear()


@pytest.fixture
def measured(monkeypatch) -> list[int]:
    """The characters the app's fonts measure, per call."""
    calls: list[int] = []
    size = fonts.Font.size

    def counting(self, text, *args, **kwargs):
        calls.append(len(text))
        return size(self, text, *args, **kwargs)

    monkeypatch.setattr(fonts.Font, "size", counting)
    return calls


def frames(app, count: int = 4) -> None:
    for _ in range(count):
        assert app.step(1 / 60)


def seat_names(game_id: str, pool: list[str]) -> list[str]:
    players = game.load(game_id).min_players
    return [pool[i % len(pool)] for i in range(players)]


def open_every_screen(app, path: Path) -> None:
    """The table (resumed), the replay viewer, the results and their charts, the history list and the
    statistics: each drawn a few frames with the record at `path`, and the record dropped on the title."""
    from scenes.keeping import history
    from scenes.menus.history import HistoryScene
    from scenes.menus.replay import ReplayScene, open_replay
    from scenes.menus.results import ResultsScene
    from scenes.menus.statistics import StatisticsScene
    from scenes.table import open_table

    bottom = len(app.stack)
    match = Match.resume(path)
    app.push(open_table(app, match, seat=0, follow=False, to_results=False))
    frames(app)
    app.push(ResultsScene(app, Match.resume(path)))
    frames(app)
    assert open_replay(app, path) is None
    frames(app)
    replay_scene = app.stack.top
    assert isinstance(replay_scene, ReplayScene)
    while len(app.stack) > bottom:
        app.pop()
    history(app).keep(read_record(path))
    app.push(HistoryScene(app))
    frames(app)
    app.pop()
    app.push(StatisticsScene(app))
    frames(app)
    app.pop()
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    frames(app)
    assert isinstance(app.stack.top, ReplayScene)
    app.pop()


@pytest.mark.parametrize("game_id", game.available())
def test_every_screen_draws_hostile_names_of_each_game(app, measured, tmp_path, game_id):
    path = write_hostile(tmp_path / f"{game_id}.jsonl", game_id, seat_names(game_id, FIXED_NAMES),
                         finished=True)
    open_every_screen(app, path)
    # a name of a million characters reached no font: each measurement covers a line, not a name
    assert measured and max(measured) < 5000


@pytest.mark.slow
@examples(4)
@given(pool=st.lists(names(lengths=st.sampled_from([0, 1, 7, 65, 300, 30_000])), min_size=5, max_size=5),
       game_index=st.integers(0, 3))
def test_every_screen_draws_any_generated_names(app, measured, tmp_path, pool, game_index):
    game_id = game.available()[game_index % len(game.available())]
    path = write_hostile(tmp_path / "generated.jsonl", game_id, seat_names(game_id, pool), finished=True)
    measured.clear()
    open_every_screen(app, path)
    assert max(measured, default=0) < 5000
