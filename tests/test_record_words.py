"""Why a record cannot be read, written or replayed, in German and English: a RecordError keeps its
reason as a message, `text()` writes it (with the file and the line) in the language chosen when it is
shown, and `str()` stays the English text that tools print and logs keep."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from game.core import RecordError
from game.core.records import read_record, replay
from game.history import History
from game.i18n import add_listener, language, remove_listener, set_language, speaking, tr
from game.match import Match, Seat
from tests.language import foreign_words


@pytest.fixture(scope="module")
def lines(tmp_path_factory) -> list[str]:
    """The lines of a finished game's record."""
    match = Match("palace", [Seat.ai(name, "random") for name in ("Anna", "Ben", "Cleo")], 5)
    match.run_bots()
    path = tmp_path_factory.mktemp("kept") / "game.jsonl"
    match.save(path)
    return path.read_text(encoding="utf-8").splitlines()


def written(folder: Path, name: str, lines: list[str]) -> Path:
    path = folder / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def refusal(path: Path) -> RecordError:
    with pytest.raises(RecordError) as caught:
        replay(read_record(path), path=str(path))
    return caught.value


def reason_words(exc: RecordError, path: Path) -> str:
    """exc.text() without the file's name (a temp folder's name is no word of either language)."""
    said = exc.text()
    assert said.startswith(f"{path}, ")
    return said[len(f"{path}, "):]


def test_a_cut_record_is_told_in_german_with_its_line_and_stays_english_in_str(tmp_path, lines):
    path = written(tmp_path, "cut.jsonl", lines[:-1])
    last = len(lines) - 1
    set_language("de")
    exc = refusal(path)  # raised while German is chosen
    english = f"{path}, line {last}: the record is cut short: no footer after line {last}"
    assert str(exc) == english and exc.args == (english,)
    said = reason_words(exc, path)
    assert said == (f"Zeile {last}: die Spieldatei ist abgeschnitten: nach Zeile {last} fehlt die "
                    "Abschlusszeile")
    assert foreign_words(said, "de") == []
    set_language("en")  # the same error, shown after a change of language
    assert exc.text() == english


def test_a_changed_header_is_told_in_german_with_the_footers_line(tmp_path, lines):
    head = json.loads(lines[0])
    head["seed"] += 1
    path = written(tmp_path, "changed.jsonl", [json.dumps(head), *lines[1:]])
    exc = refusal(path)  # raised in English, shown in German
    assert str(exc) == (f"{path}, line 1: the header (seed, options or seats) does not match the footer's "
                        f"check (line {len(lines)}): the file was changed")
    set_language("de")
    said = reason_words(exc, path)
    assert said == (f"Zeile 1: der Kopf (Startwert, Optionen oder Plätze) passt nicht zur Prüfsumme der "
                    f"Abschlusszeile (Zeile {len(lines)}): die Datei wurde verändert")
    assert foreign_words(said, "de") == []
    assert str(exc).startswith(f"{path}, line 1: the header")  # str() stays English while German is chosen


def test_a_line_that_is_not_json_is_told_in_german_with_its_line(tmp_path, lines):
    path = written(tmp_path, "broken.jsonl", [lines[0], "{oops", *lines[1:]])
    set_language("de")
    exc = refusal(path)
    # the JSON reader's own words are quoted as it wrote them; ours around them are German
    assert reason_words(exc, path) == ("Zeile 2: kein gültiges JSON: Expecting property name enclosed in "
                                       "double quotes (Spalte 2)")
    assert str(exc) == (f"{path}, line 2: not valid JSON: Expecting property name enclosed in double quotes "
                        "(column 2)")


def test_a_header_field_of_the_wrong_kind_reads_as_german_grammar_wants(tmp_path, lines):
    head = json.loads(lines[0])
    head["players"] = "drei"
    head["seats"][0]["kind"] = "robot"
    path = written(tmp_path, "kind.jsonl", [json.dumps(head), *lines[1:]])
    set_language("de")
    exc = refusal(path)
    assert reason_words(exc, path) == "Zeile 1: 'players' im Kopf fehlt oder ist keine ganze Zahl"
    assert str(exc) == f"{path}, line 1: the header's 'players' is missing or not a whole number"
    head["players"] = 3
    path = written(tmp_path, "seat.jsonl", [json.dumps(head), *lines[1:]])
    exc = refusal(path)
    assert reason_words(exc, path) == ("Zeile 1: Platz 0 im Kopf: 'kind' ist 'robot', erlaubt sind nur "
                                       "'human', 'bot'")


def test_a_record_error_without_a_file_names_its_line_in_either_language():
    from game.i18n import message

    exc = RecordError(message("an action after the game ended"), line=7)
    assert str(exc) == "line 7: an action after the game ended"
    set_language("de")
    assert exc.text() == "Zeile 7: ein Zug nach dem Ende des Spiels"
    assert RecordError("plain words", path="a.jsonl").text() == "a.jsonl: plain words"


def test_the_history_and_the_replay_viewer_say_it_in_the_language_chosen(tmp_path, lines):
    from scenes.menus.replay import open_replay

    folder = tmp_path / "history"
    folder.mkdir()
    path = written(folder, "cut.jsonl", lines[:-1])
    set_language("de")
    problem = History(folder).entries()[0].problem
    assert "die Spieldatei ist abgeschnitten" in problem and "Zeile" in problem
    said = open_replay(None, path)  # the viewer is not opened: it says why (the app is never asked)
    assert said is not None and "die Spieldatei ist abgeschnitten" in said
    set_language("en")
    assert "the record is cut short" in History(folder).entries()[0].problem  # the index noted German
    said = open_replay(None, path)
    assert said is not None and "the record is cut short" in said


def test_speaking_english_for_a_moment_changes_nothing_chosen():
    heard: list[str] = []

    def hear(code: str) -> None:
        heard.append(code)

    set_language("de")
    add_listener(hear)
    other: list[str] = []
    try:
        with speaking("en"):
            assert tr("line {line}: {problem}") == "line {line}: {problem}"
            thread = threading.Thread(target=lambda: other.append(tr("line {line}: {problem}")))
            thread.start()
            thread.join()
        assert tr("line {line}: {problem}") == "Zeile {line}: {problem}" and language() == "de"
    finally:
        remove_listener(hear)
    assert other == ["Zeile {line}: {problem}"]  # another thread still speaks the chosen language
    assert heard == []
