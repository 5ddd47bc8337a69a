"""What the history keeps survives what a file or a clock may do to it (issue 27, items 4a, 5, 6, 7):
an index damaged in any field, a clock that was wrong when a game was kept, records of legal but
endless games, and the modes of the files kept and exported."""

from __future__ import annotations

import csv
import io
import json
import math
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import load
from game.core.records import Record, footer_for, write_record
from game.history import INDEX_NAME, LONGEST_ACTIONS, LONGEST_BYTES, QUICK_BYTES, History
from game.match import Match, Seat
from game.statistics import statistics, write_csv
from kartentisch.launcher import make_app
from scenes.keeping import history, keep_match
from scenes.menus.title import TitleScene
from scenes.settings import Settings, game_saves, history_dir


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


def frames(app, count: int = 3) -> None:
    for _ in range(count):
        assert app.step(1 / 60)


def finished(seed: int, names=("Anna", "Ben", "Cleo")) -> Match:
    match = Match("palastgefluester", [Seat.ai(name, "random") for name in names], seed)
    match.run_bots()
    return match


def open_history(app):
    from scenes.menus.history import HistoryScene

    app.push(HistoryScene(app))
    scene = app.stack.top
    for _ in range(2000):  # the records the index lacks are read a few per frame
        frames(app, 1)
        if not scene.pending:
            break
    return scene


# -- 4a: an index damaged in any field -------------------------------------------------------------
BAD_VALUES = [math.nan, math.inf, -math.inf, 1e300, 1e18, -1, -1e18, "text", None, True, [], {}, 2**70]
FIELDS = ["name", "played", "size", "mtime_ns", "problem", "game", "key", "seats", "actions", "finished",
          "scores", "winners", "places", "ordered", "result", "continues", "hints", "seq"]
INNER = {  # a value inside a list field
    "seats": [["Anna", "robot", None], ["Anna", "human"], "abc", ["Anna", "bot", 5]],
    "scores": [[math.nan, 1, 2], [1e300, 0, 0], ["1", 0, 0]],
    "winners": [[7], [-1], [1.0]],
    "places": [[0, 1, 2], [1, 2, 9], [1, 2]],
    "hints": [[-1, 0, 0], [0, 0, 10**9]],
    "continues": [["abc"], ["abc", -1], ["abc", 1.5], [1, 2]],
}


#: fields whose every text is a value they may hold (a reason, a result sentence, a game's id)
ANY_TEXT = {"problem", "result", "game"}
FLAGS = {"finished", "ordered"}  # true and false are both theirs


def damaged_indexes():
    for name in FIELDS:
        for value in [*BAD_VALUES, *INNER.get(name, [])]:
            if ((name == "seq" and value is None) or (name in ANY_TEXT and value == "text")
                    or (name in FLAGS and isinstance(value, bool))):
                continue
            yield name, value
        yield name, "missing"


def test_an_index_damaged_in_any_field_is_made_again_and_history_opens(app):
    kept = history(app).keep(finished(5).record())
    path = history_dir() / INDEX_NAME
    good = json.loads(path.read_text(encoding="utf-8"))
    cases = list(damaged_indexes())
    assert len(cases) > 200
    screened: set[str] = set()
    for field, value in cases:
        data = json.loads(json.dumps(good))
        entry = data["entries"][0]
        if value == "missing":
            if field == "seq":
                continue  # an index of an earlier version has none: 0 is its order
            del entry[field]
        else:
            entry[field] = value
        path.write_text(json.dumps(data), encoding="utf-8")  # NaN and Infinity as Python writes them
        if field not in screened:  # the first damage of each field through the screen: it opens and draws
            screened.add(field)
            scene = open_history(app)
            [listed] = scene.history.listed()
            app.pop()
        else:  # the rest through what the screen reads the index with, the same reader
            store = history(app)
            assert store.refresh() == 0
            [listed] = store.listed()
        assert listed.name == kept.name and listed.key == kept.key and listed.played == kept.played, \
            (field, value)
        again = json.loads(path.read_text(encoding="utf-8"))["entries"][0]
        if field == "seq":  # a place in the order that is no number is given a new one
            assert type(again["seq"]) is int and again["seq"] > 0, value
        else:
            assert again["played"] == kept.played, (field, value)
            assert again[field] == good["entries"][0][field], (field, value)
    assert screened == set(FIELDS)


def test_the_statistics_and_the_title_take_a_damaged_index_too(app):
    from scenes.menus.statistics import StatisticsScene

    history(app).keep(finished(6).record())
    path = history_dir() / INDEX_NAME
    data = json.loads(path.read_text(encoding="utf-8"))
    data["entries"][0]["played"] = math.nan
    data["next_seq"] = "many"
    path.write_text(json.dumps(data), encoding="utf-8")
    app.push(StatisticsScene(app))
    frames(app, 10)
    app.pop()
    app.stack.top.on_resume()
    frames(app)


# -- 5: a wrong clock loses nothing ----------------------------------------------------------------
def set_clock_back(path: Path, year_2000: bool = True) -> None:
    when = 946_684_800.0 if year_2000 else time.time() - 10 * 86400
    os.utime(path, (when, when))


def test_trimming_goes_by_the_order_games_were_kept_not_by_a_wrong_clock(app, monkeypatch):
    app.settings.history_limit = 10
    store = history(app)
    older = []
    for seed in range(9):  # ten days old by their dates
        entry = store.keep(finished(10 + seed).record())
        set_clock_back(store.path(entry), year_2000=False)
        older.append(entry.name)
    match = Match("palace", [Seat("Anna"), Seat("Ben")], 77, autosave=game_saves())
    match.play(str(match.state.legal_actions()[0]))
    assert keep_match(app, match) is None
    just_played = Path(match.autosave)
    set_clock_back(just_played)  # it was saved while the clock read 2000
    assert keep_match(app, Match.resume(just_played)) is None  # kept again: its date stays 2000
    another = history(app).keep(finished(40).record())  # the eleventh game: one must go
    left = {e.name for e in history(app).entries()}
    assert just_played.name in left and another.name in left, "the game just played stays"
    assert older[0] not in left and set(older[1:]) <= left, "the first game kept went"
    assert [e.name for e in history(app).listed()][:2] == [another.name, just_played.name]


def test_a_game_another_copy_plays_is_never_trimmed(tmp_path):
    store = History(tmp_path, limit=2)
    first = store.keep(finished(1).record())
    claim = store.claim_path(first)
    holder = subprocess.Popen([sys.executable, "-c", f"""
import sys
from game.locks import acquire
assert acquire({str(claim)!r}, timeout=5)
print("held", flush=True)
sys.stdin.readline()
"""], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        cwd=Path(__file__).resolve().parents[1])
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        assert store.in_play_elsewhere(first)
        store.keep(finished(2).record())
        store.keep(finished(3).record())
        assert first.name in {e.name for e in store.entries()}
    finally:
        holder.communicate("\n", timeout=60)
    assert not store.in_play_elsewhere(first)


# -- 6: long legal records -------------------------------------------------------------------------
def endless_palace(actions: int, name: Path) -> Path:
    """A legal Palace record of `actions` swaps (the swap before play never has to end)."""
    game = load("palace")
    state = game.new_state(2, 1)
    played = []
    for _ in range(actions):
        action = next(a for a in state.legal_actions() if str(a).startswith("swap"))
        seat = state.current_player
        state.apply(action)
        played.append((seat, str(action)))
    record = Record(game="palace", version=str(game.version), players=2, seed=1, options=dict(state.options),
                    seats=[{"name": "Anna", "kind": "human", "bot": None},
                           {"name": "Ben", "kind": "human", "bot": None}],
                    actions=played, footer=footer_for(state, len(played)))
    write_record(name, record)
    return name


def test_a_record_over_the_limit_is_refused_by_resume_list_and_title_naming_the_limit(app):
    from game.core import RecordError
    from scenes.saved_game import read_saved_game

    folder = history_dir()
    folder.mkdir(parents=True)
    counted = endless_palace(LONGEST_ACTIONS + 1, folder / "palace-long.jsonl")
    assert counted.stat().st_size < LONGEST_BYTES  # counted, not only weighed
    huge = folder / "palace-huge.jsonl"
    with open(huge, "wb") as out:  # weighed: never read at all
        out.write(counted.read_bytes())
        out.truncate(LONGEST_BYTES + 1)
    limit = f"{LONGEST_ACTIONS}"
    for path in (counted, huge):
        with pytest.raises(RecordError) as refused:
            Match.resume(path, autosave=game_saves())
        assert limit in refused.value.text()
        saved = read_saved_game(path)
        assert saved is not None and limit in saved.problem
    scene = open_history(app)
    problems = {e.name: e.problem for e in scene.history.listed()}
    assert limit in problems[counted.name] and limit in problems[huge.name]
    assert str(LONGEST_ACTIONS + 1) in problems[counted.name]


def test_a_long_record_under_the_limit_is_read_beside_the_list_and_comes_when_read(tmp_path):
    path = endless_palace(3000, tmp_path / "palace-swaps.jsonl")
    assert QUICK_BYTES < path.stat().st_size <= LONGEST_BYTES
    quick = History(tmp_path).keep(finished(3).record())
    store = History(tmp_path)
    (tmp_path / INDEX_NAME).unlink()
    left = store.refresh(budget_s=0.0)
    assert left == 1 and [e.name for e in store.listed()] == [quick.name], "the list is drawn meanwhile"
    for _ in range(10_000):
        if store.refresh(budget_s=0.0) == 0:
            break
        time.sleep(0.01)
    long_one = next(e for e in store.listed() if e.name == path.name)
    assert long_one.readable and long_one.actions == 3000 and long_one.resumable
    assert len(Match.resume(path).actions) == 3000


# -- 7: file modes and the CSV -----------------------------------------------------------------------
def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.skipif(os.name != "posix", reason="modes are POSIX")
def test_kept_files_are_their_owners_and_exports_get_ordinary_modes(app, tmp_path):
    old = os.umask(0o022)
    try:
        match = Match("palace", [Seat("Anna"), Seat("Ben")], 3, autosave=game_saves())
        match.play(str(match.state.legal_actions()[0]))
        assert mode(match.autosave) == 0o600, "an autosave is private"
        keep_match(app, match)
        store = history(app)
        [entry] = store.entries()
        assert mode(store.path(entry)) == 0o600 and mode(history_dir() / INDEX_NAME) == 0o600
        exported = store.export(entry, tmp_path / "shared.jsonl")
        assert mode(exported) == 0o644, "an export is meant to be handed on"
        table = tmp_path / "stats.csv"
        write_csv(statistics(store.entries()), table)
        assert mode(table) == 0o644
        app.settings.volume = 0.5
        app.settings.save()
        from scenes.settings import settings_path

        assert mode(settings_path()) == 0o600
    finally:
        os.umask(old)
    assert not list(tmp_path.glob(".kartentisch-mode-*")), "the mode probe leaves nothing"


def test_the_statistics_csv_holds_no_raw_control_characters(tmp_path):
    names = ("A\x00nna", "=B\x1b[31men", "Cl\neo\u2028x")
    store = History(tmp_path / "history")
    store.keep(finished(8, names=names).record())
    out = tmp_path / "stats.csv"
    write_csv(statistics(store.entries()), out)
    text = out.read_text(encoding="utf-8")
    body = text.replace("\n", "")  # the rows' own line ends
    assert not any(ord(ch) < 32 or ord(ch) == 127 or ch in "\u2028\u2029" for ch in body)
    rows = list(csv.reader(io.StringIO(text)))
    players = {row[1] for row in rows[1:]}
    assert players == {"A\ufffdnna", "'=B\ufffd[31men", "Cl\ufffdeo\ufffdx"}
