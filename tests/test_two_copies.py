"""Two copies of the app on one data folder lose nothing (issue 27, item 1).

Each test starts real processes (the copies), each driven line by line through the paths the app uses
(scenes.settings.game_saves, game.match.Match, scenes.keeping.keep_match, Settings.load/save), so the
test decides exactly how their saves, closes and crashes interleave, and then reads what each kept.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.core.records import read_record
from game.history import History

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the copies are killed with SIGKILL")

COPY = r'''
import json, sys, types
from pathlib import Path
from game.match import Match, Seat
from scenes.settings import Settings, game_saves, history_dir
from scenes.keeping import keep_match

app = types.SimpleNamespace(settings=Settings.load())
match = None

def say(**data):
    print(json.dumps(data), flush=True)

def play(count):
    for _ in range(count):  # Palace's first choice is always a swap: a game that goes on as long as asked
        match.play(str(match.state.legal_actions()[0]))

say(ready=True)
for line in sys.stdin:
    word, _, rest = line.strip().partition(" ")
    try:
        if word == "new":
            match = Match("palace", [Seat("Anna"), Seat("Ben")], int(rest), autosave=game_saves())
            say(name=match.autosave.name)
        elif word == "resume":
            match = Match.resume(history_dir() / rest, autosave=game_saves())
            say(name=match.autosave.name, actions=len(match.actions))
        elif word == "play":
            play(int(rest))
            say(actions=len(match.actions))
        elif word == "leave":
            problem = keep_match(app, match)
            say(problem=problem)
        elif word == "set":
            key, value = rest.split(" ", 1)
            setattr(app.settings, key, json.loads(value))
            app.settings.save()
            say(ok=True)
        elif word == "limit":
            say(taken=app.settings.take_changes(), history_limit=app.settings.history_limit)
        elif word == "exit":
            app.settings.save()  # as the app does when its window closes
            say(bye=True)
            break
    except Exception as exc:
        say(error=type(exc).__name__, text=str(exc))
'''


class Copy:
    """One running copy of the app, driven a line at a time."""

    def __init__(self, env: dict[str, str]) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", COPY], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, env=env,
                                        cwd=Path(__file__).resolve().parents[1])
        assert self.read() == {"ready": True}

    def read(self) -> dict:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, "the copy ended without answering"
        return json.loads(line)

    def ask(self, command: str) -> dict:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.read()

    def close(self) -> None:
        assert self.ask("exit") == {"bye": True}
        self.process.wait(timeout=60)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=60)


@pytest.fixture
def folders(tmp_path, monkeypatch):
    data, config = tmp_path / "data", tmp_path / "config"
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(data))
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(config))
    env = {**os.environ, "KARTENTISCH_DATA_DIR": str(data), "KARTENTISCH_CONFIG_DIR": str(config),
           "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    copies: list[Copy] = []

    def start() -> Copy:
        copies.append(Copy(env))
        return copies[-1]

    yield start, data / "history", config / "settings.json"
    for copy in copies:
        if copy.process.poll() is None:
            copy.kill()


def actions_in(history: Path, name: str) -> int:
    return len(read_record(history / name).actions)


def test_two_copies_each_keep_their_own_game_through_interleaved_saves_and_closes(folders):
    start, history, _ = folders
    alice, bob = start(), start()
    mine = alice.ask("new 1")["name"]
    theirs = bob.ask("new 2")["name"]
    assert mine != theirs, "each unfinished game has a save of its own"
    for _ in range(6):  # saves interleaved action by action
        alice.ask("play 12")
        bob.ask("play 4")
    assert alice.ask("play 1") == {"actions": 73}
    bob.close()  # the copy closed first
    alice.close()
    assert actions_in(history, mine) == 73
    assert actions_in(history, theirs) == 24
    listed = {e.name: e for e in History(history).entries()}
    assert listed[mine].resumable and listed[theirs].resumable, "both are listed to resume"


def test_a_copy_killed_while_another_plays_keeps_its_whole_game(folders):
    start, history, _ = folders
    alice, bob = start(), start()
    mine = alice.ask("new 3")["name"]
    theirs = bob.ask("new 4")["name"]
    alice.ask("play 30")
    bob.ask("play 5")
    alice.kill()  # mid-game, as a crash
    bob.ask("play 20")
    bob.close()
    assert actions_in(history, mine) == 30, "every move saved before the crash is there"
    assert actions_in(history, theirs) == 25


def test_a_game_open_in_one_copy_is_not_resumed_in_another_until_it_lets_go(folders):
    start, history, _ = folders
    alice, bob = start(), start()
    name = alice.ask("new 5")["name"]
    alice.ask("play 10")
    refused = bob.ask(f"resume {name}")
    assert refused["error"] == "OpenElsewhere" and "another Kartentisch window" in refused["text"]
    alice.ask("play 5")
    assert actions_in(history, name) == 15, "the refused copy wrote nothing over it"
    alice.kill()  # a crashed copy lets go of its game
    assert bob.ask(f"resume {name}") == {"name": name, "actions": 15}
    bob.ask("play 2")
    assert bob.ask("leave") == {"problem": None}  # kept, and let go of
    carol = start()
    assert carol.ask(f"resume {name}") == {"name": name, "actions": 17}


def test_settings_merge_field_by_field_and_the_limit_of_the_other_copy_counts(folders):
    start, _, settings = folders
    alice, bob = start(), start()
    assert bob.ask('set language "de"') == {"ok": True}
    assert alice.ask("set volume 0.25") == {"ok": True}
    assert bob.ask("set history_limit 10") == {"ok": True}
    alice.close()  # closed last with what it read at the start: it writes back only its own change
    bob.close()
    saved = json.loads(settings.read_text(encoding="utf-8"))
    assert (saved["language"], saved["volume"], saved["history_limit"]) == ("de", 0.25, 10)
    carol, dave = start(), start()
    carol.ask("set history_limit 20")
    answer = dave.ask("limit")
    assert answer["history_limit"] == 20 and answer["taken"] == ["history_limit"]


def test_a_copy_with_a_stale_limit_does_not_trim_the_history_to_it(folders):
    start, history, _ = folders
    first = start()
    first.ask("set history_limit 10")
    first.close()
    alice, bob = start(), start()  # both read a limit of 10
    alice.ask("set history_limit 100")
    names = []
    for seed in range(12):  # twelve games kept by alice
        names.append(alice.ask(f"new {100 + seed}")["name"])
        alice.ask("play 1")
        assert alice.ask("leave") == {"problem": None}
    bob.ask("new 999")  # bob keeps a game: the limit is 100 now, not the 10 it read
    bob.ask("play 1")
    assert bob.ask("leave") == {"problem": None}
    assert all((history / name).exists() for name in names)


def test_settings_read_while_two_copies_save_them_are_never_empty_or_half_written(folders, tmp_path):
    _, _, settings = folders
    writer = r'''
import sys
from scenes.settings import Settings
for number in range(150):
    s = Settings.load()
    s.volume = round((number % 10) / 10, 1) if sys.argv[1] == "a" else s.volume
    s.animation_speed = ("fast", "slow")[number % 2] if sys.argv[1] == "b" else s.animation_speed
    s.save()
'''
    env = {**os.environ, "KARTENTISCH_CONFIG_DIR": str(settings.parent),
           "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    writers = [subprocess.Popen([sys.executable, "-c", writer, who], env=env) for who in "ab"]
    reads = bad = 0
    while any(w.poll() is None for w in writers):
        try:
            text = settings.read_text(encoding="utf-8")
        except FileNotFoundError:
            continue
        reads += 1
        try:
            json.loads(text)
        except ValueError:
            bad += 1
    assert all(w.wait() == 0 for w in writers)
    assert reads and bad == 0
    assert not [p for p in settings.parent.iterdir() if p.name.endswith(".tmp")], "no temp file left"


HOLD = r'''
import os, sys, time
from pathlib import Path
from game.locks import folder_lock, locked
folder = Path(sys.argv[1])
with locked(folder_lock(folder)):  # as a save under way holds it
    temp = folder / ".palace-x.jsonl.abcd1234.tmp"
    temp.write_text("half a save")
    os.utime(temp, (time.time() - 3600, time.time() - 3600))  # begun before the other copy started
    print("writing", flush=True)
    sys.stdin.readline()
    os.replace(temp, folder / "palace-x.jsonl")
print("done", flush=True)
'''


def test_a_starting_copys_clean_up_never_takes_another_copys_save_under_way(tmp_path, monkeypatch):
    from game import locks
    from game.match import remove_interrupted_saves

    monkeypatch.setattr(locks, "WAIT_SECONDS", 0.3)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    saving = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=env)
    assert saving.stdout is not None and saving.stdin is not None
    assert saving.stdout.readline().strip() == "writing"
    assert remove_interrupted_saves(tmp_path, before=time.time()) == []
    assert (tmp_path / ".palace-x.jsonl.abcd1234.tmp").exists()
    saving.stdin.write("\n")
    saving.stdin.flush()
    assert saving.stdout.readline().strip() == "done"
    saving.wait(timeout=60)
    assert (tmp_path / "palace-x.jsonl").read_text() == "half a save", "the save was finished"
    left = tmp_path / ".palace-y.jsonl.efgh5678.tmp"  # and what a crash left is still cleaned up
    left.write_text("cut short")
    os.utime(left, (time.time() - 3600, time.time() - 3600))
    assert remove_interrupted_saves(tmp_path, before=time.time()) == [left]


def test_the_title_says_the_unfinished_game_is_open_in_another_window(folders):
    from kartentisch.launcher import make_app
    from scenes.menus.title import TitleScene
    from scenes.settings import Settings
    from scenes.widgets import find_button

    start, _, _ = folders
    alice = start()
    alice.ask("new 7")
    alice.ask("play 3")
    app = make_app(Settings(), size=(1280, 720))
    try:
        app.push(TitleScene(app))
        app.step(1 / 60)
        resume = find_button(app.stack.top, "Resume last game")
        assert not resume.is_enabled, "it is not offered twice"
        assert "open in another Kartentisch window" in resume.tooltip
        alice.close()  # closed: the game is free to resume here
        app.stack.top.on_resume()
        resume = find_button(app.stack.top, "Resume last game")
        assert resume.is_enabled and "3 moves played" in resume.tooltip
    finally:
        app.stack.clear()


def test_an_earlier_versions_one_autosave_is_taken_into_the_history(folders):
    from game.match import Match, Seat
    from scenes.keeping import adopt_legacy_autosave
    from scenes.saved_game import last_game
    from scenes.settings import legacy_autosave_path

    _, history, _ = folders
    legacy = legacy_autosave_path()
    legacy.parent.mkdir(parents=True)
    match = Match("palace", [Seat("Anna"), Seat("Ben")], 8)
    match.play(str(match.state.legal_actions()[0]))
    match.save(legacy)
    adopt_legacy_autosave(500)
    assert not legacy.exists()
    last = last_game(history)
    assert last.saved is not None and last.saved.resumable
    assert read_record(last.saved.path).actions == match.actions
    legacy.write_text("not a record", encoding="utf-8")  # one that cannot be read stays where it is
    adopt_legacy_autosave(500)
    assert legacy.read_text(encoding="utf-8") == "not a record"
