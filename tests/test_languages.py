"""A game is the same game in either language: its record holds no words of either, a game saved while
German was chosen resumes in English (and the other way round), and a change of language mid-game tells
the whole log again in the new one."""

from __future__ import annotations

import pytest
from language import foreign_words
from test_table_support import close_app, make_app

import game
from game import i18n
from game.match import Match, Seat
from scenes.table import open_table

NAMES = ("Anna", "Ben", "Cleo", "Dora")


def played(game_id: str, path, actions: int = 30) -> Match:
    rules = game.load(game_id)
    seats = [Seat.ai(name, "random") for name in NAMES[: max(2, min(4, rules.max_players))]]
    match = Match(game_id, seats, 11, autosave=path)
    for _ in range(actions):
        if match.is_over():
            break
        match.step_bot()
    return match


def log_lines(game_id: str, match: Match, language: str) -> list[str]:
    app = make_app()
    i18n.set_language(language)  # the app starts in the system's language: choose after it
    try:
        table = open_table(app, match, seat=0, follow=False, to_results=False, bots=False)
        app.push(table)
        app.step(1 / 60)
        return list(table.logbook.lines)
    finally:
        close_app(app)


@pytest.mark.parametrize("game_id", game.GAME_IDS)
def test_a_record_holds_no_words_of_either_language(game_id, tmp_path):
    """Played to the end, so the footer holds the result too."""
    i18n.set_language("de")
    german = played(game_id, tmp_path / "de.jsonl", actions=5000)
    assert german.is_over()
    i18n.set_language("en")
    english = played(game_id, tmp_path / "en.jsonl", actions=5000)
    assert german.actions == english.actions
    assert (tmp_path / "de.jsonl").read_bytes() == (tmp_path / "en.jsonl").read_bytes()


@pytest.mark.parametrize("game_id", game.GAME_IDS)
@pytest.mark.parametrize(("saved_in", "resumed_in"), [("de", "en"), ("en", "de")])
def test_a_game_saved_in_one_language_resumes_in_the_other(game_id, saved_in, resumed_in, tmp_path):
    i18n.set_language(saved_in)
    path = tmp_path / "autosave.jsonl"
    before = played(game_id, path)
    i18n.set_language(resumed_in)
    resumed = Match.resume(path)
    assert resumed.actions == before.actions
    lines = log_lines(game_id, resumed, resumed_in)
    assert lines
    foreign = {line: found for line in lines if (found := foreign_words(line, resumed_in, NAMES))}
    assert not foreign, foreign


@pytest.mark.parametrize("game_id", game.GAME_IDS)
def test_a_change_of_language_mid_game_tells_the_log_again_in_the_new_one(game_id, tmp_path):
    match = played(game_id, tmp_path / "autosave.jsonl")
    app = make_app()
    try:
        table = open_table(app, match, seat=0, follow=False, to_results=False, bots=False)
        app.push(table)
        app.step(1 / 60)
        english = list(table.logbook.lines)
        app.set_language("de")
        app.step(1 / 60)
        german = list(table.logbook.lines)
        assert len(german) == len(english) and german != english
        foreign = {line: found for line in german if (found := foreign_words(line, "de", NAMES))}
        assert not foreign, foreign
        assert app.settings.language == "de"
    finally:
        close_app(app)
