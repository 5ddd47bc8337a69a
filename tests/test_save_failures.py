"""A save that cannot be written never stops the game: the player is told once (a note on the table),
play goes on in memory, every next action tries again (and says when it works again), and leaving the
game (Save and leave, or closing the window) offers another place. Temp files of an interrupted save
are removed at the next start, and nothing else is."""

from __future__ import annotations

import errno
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest
from saves_support import autosave_path
from test_table_support import click, click_banner, close_app, make_app, waiting_banner

from game.core.records import read_record
from game.match import INTERRUPTED_SAVE, Match, Seat, remove_interrupted_saves
from scenes.app import CLEANUP_FRAME
from scenes.menus import save_elsewhere
from scenes.menus.pause import PauseScene
from scenes.menus.save_elsewhere import SaveElsewhereScene, target_for
from scenes.menus.title import TitleScene
from scenes.settings import game_saves
from scenes.table import open_table
from scenes.widgets import MessageScene, find_button

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    """Each test gets empty config, data and Documents folders (never the player's own)."""
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "home" / "data"))
    documents = tmp_path / "Documents"
    documents.mkdir()
    monkeypatch.setattr(save_elsewhere, "documents_dir", lambda: documents)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


# -- the ways a save fails --------------------------------------------------------------------------
@dataclass
class Breakage:
    """One way the autosave's folder fails, switched on and off. `calls` counts the attempts the
    failure met (for those made by patching the system's calls)."""

    folder: Path
    monkeypatch: pytest.MonkeyPatch
    kind: str
    broken: bool = False
    calls: int = 0
    _aside: Path | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        real_replace, real_mkstemp, real_fsync = os.replace, tempfile.mkstemp, os.fsync

        def replace(src, dst, *args, **kwargs):
            if self.broken and self.kind == "disk full at the rename" and Path(dst).parent == self.folder:
                self.calls += 1
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(dst))
            return real_replace(src, dst, *args, **kwargs)

        def mkstemp(*args, dir=None, **kwargs):
            if self.broken and dir is not None and Path(dir) == self.folder:
                code = {"permission lost": errno.EACCES, "read-only file system": errno.EROFS}.get(self.kind)
                if code is not None:
                    self.calls += 1
                    raise OSError(code, os.strerror(code), str(Path(dir) / ".autosave.jsonl.x1y2z3w4.tmp"))
            return real_mkstemp(*args, dir=dir, **kwargs)

        def fsync(fd):
            if self.broken and self.kind == "disk full while writing":
                self.calls += 1
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real_fsync(fd)

        self.monkeypatch.setattr(os, "replace", replace)
        self.monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
        self.monkeypatch.setattr(os, "fsync", fsync)

    def on(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.broken = True
        if self.kind == "folder replaced by a file":
            self._aside = self.folder.with_name("data-aside")
            self.folder.rename(self._aside)
            self.folder.write_text("not a folder\n")
        elif self.kind == "folder removed, and its parent with it":
            self._aside = self.folder.parent.with_name("home-aside")
            self.folder.parent.rename(self._aside)
            self.folder.parent.write_text("the parent is a file now\n")
        elif self.kind == "read-only folder":
            self.folder.chmod(0o500)

    def off(self) -> None:
        self.broken = False
        if self.kind == "folder replaced by a file":
            self.folder.unlink()
            self._aside.rename(self.folder)
        elif self.kind == "folder removed, and its parent with it":
            self.folder.parent.unlink()
            self._aside.rename(self.folder.parent)
        elif self.kind == "read-only folder":
            self.folder.chmod(0o700)


PATCHED = ["disk full at the rename", "disk full while writing", "permission lost", "read-only file system"]
REAL = ["folder replaced by a file", "folder removed, and its parent with it",
        pytest.param("read-only folder", marks=pytest.mark.skipif(IS_ROOT, reason="root writes anyway"))]


@pytest.fixture
def breakage(monkeypatch, request) -> Callable[[str], Breakage]:
    made: list[Breakage] = []

    def make(kind: str) -> Breakage:
        made.append(Breakage(autosave_path().parent, monkeypatch, kind))
        return made[-1]

    yield make
    for broken in made:
        if broken.broken:
            broken.off()


def two_players() -> Match:
    return Match("palace", [Seat("Ann"), Seat("Ben")], 11, autosave=game_saves())


def play_one(match: Match) -> list[str]:
    """One move by whoever must decide; returns the notices it brought, in words."""
    match.play(match.state.legal_actions()[0])
    return [str(notice) for notice in match.drain_notices()]


def temp_files(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if INTERRUPTED_SAVE.fullmatch(p.name)] if folder.is_dir() else []


# -- the match goes on ------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", PATCHED + REAL)
def test_a_save_that_cannot_be_written_never_stops_the_game(breakage, kind):
    match = two_players()
    play_one(match)
    saved = autosave_path().read_text(encoding="utf-8")
    broken = breakage(kind)
    broken.on()
    told = play_one(match)
    assert len(told) == 1 and "cannot be saved" in told[0], "the player is told"
    assert match.save_error is not None
    assert play_one(match) == [] and play_one(match) == [], "told once, not at every move"
    assert len(match.actions) == 4, "play went on in memory"
    assert not temp_files(autosave_path().parent), "no half-written file is left behind"
    broken.off()
    assert autosave_path().read_text(encoding="utf-8") == saved, "the last good save is untouched"
    assert play_one(match) == ["The game is saved again."]
    assert match.save_error is None
    assert read_record(autosave_path()).actions == match.actions, "the next save holds every move"


@pytest.mark.parametrize("kind", PATCHED)
def test_every_action_tries_the_save_again(breakage, kind):
    match = two_players()
    broken = breakage(kind)
    broken.on()
    for _ in range(5):
        play_one(match)
    assert broken.calls == 5


def test_a_removed_folder_is_made_again_without_a_word():
    match = two_players()
    play_one(match)
    shutil.rmtree(autosave_path().parent)
    assert play_one(match) == []
    assert read_record(autosave_path()).actions == match.actions


def test_a_game_starts_even_when_its_first_save_fails(breakage):
    breakage("folder replaced by a file").on()
    match = two_players()
    assert len(match.drain_notices()) == 1
    play_one(match)
    assert len(match.actions) == 1


def test_the_reason_names_the_place_but_never_a_temp_file():
    from game.match import describe_os_error

    full = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "/data/.autosave.jsonl.ab12cd34.tmp")
    assert describe_os_error(full, path=True) == f"{os.strerror(errno.ENOSPC)}: /data"
    lost = OSError(errno.EACCES, os.strerror(errno.EACCES), "/data/kartentisch")
    assert describe_os_error(lost, path=True) == f"{os.strerror(errno.EACCES)}: /data/kartentisch"
    assert describe_os_error(lost) == os.strerror(errno.EACCES)


# -- on the table -----------------------------------------------------------------------------------
@pytest.fixture
def app():
    app = make_app((1280, 720), "off")
    yield app
    close_app(app)


def table_game(app):
    """Title, then a Palastgeflüster table: Anna at the screen against two quick bots."""
    app.push(TitleScene(app))
    match = Match("palastgefluester", [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], 5,
                  autosave=game_saves())
    table = open_table(app, match)
    app.push(table)
    return match, table


def anna_plays(app, match: Match, table, moves: int) -> None:
    """Frames, Anna clicking what the table offers, until she has made `moves` more moves."""
    rng = random.Random(moves)
    goal = sum(seat == 0 for seat, _ in match.actions) + moves
    for _ in range(20000):
        if sum(seat == 0 for seat, _ in match.actions) >= goal:
            app.step(1 / 60)  # the table takes the notices at the start of the next frame
            return
        assert not match.is_over()
        if app.stack.top is table and waiting_banner(app):
            click_banner(app)  # a round's end waits for Anna's click
        elif app.stack.top is table and table.settled and table.targets and match.human_to_act() == 0:
            click(app, rng.choice(table.click_points())[0])
        app.step(1 / 60)
    raise AssertionError("Anna never got to move")


def notes(table, words: str) -> list[str]:
    return [line for line in table.log_lines if words in line]


def press(app, label: str) -> None:
    found = find_button(app.stack.top, label)
    assert found is not None, f"no button {label!r} on {type(app.stack.top).__name__}"
    assert found.is_enabled
    pos = found.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(3):
        app.step(1 / 60)


def test_the_table_tells_once_plays_on_and_tells_when_it_saves_again(app, breakage):
    match, table = table_game(app)
    anna_plays(app, match, table, 1)
    broken = breakage("disk full at the rename")
    broken.on()
    anna_plays(app, match, table, 1)
    told = notes(table, "cannot be saved")
    assert len(told) == 1 and "No space left" in told[0]
    assert table.toast is not None and table.toast[0] == told[0], "a note over the table"
    assert app.stack.top is table, "not a screen that stops play"
    anna_plays(app, match, table, 2)
    assert len(notes(table, "cannot be saved")) == 1, "once"
    assert broken.calls >= 3, "each move tried again"
    broken.off()
    anna_plays(app, match, table, 1)
    assert notes(table, "saved again")
    assert read_record(autosave_path()).actions == match.actions


def leave_through_the_pause_menu(app, match, table, why: int = errno.ENOSPC) -> SaveElsewhereScene:
    anna_plays(app, match, table, 1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    assert isinstance(app.stack.top, PauseScene)
    app.step(1 / 60)
    press(app, "Save and leave")
    press(app, "Leave")  # leaving a game asks first
    offer = app.stack.top
    assert isinstance(offer, SaveElsewhereScene), "leaving offers another place"
    assert offer.reason.startswith(os.strerror(why)), "the offer says why"
    return offer


def test_save_and_leave_offers_another_place_and_saves_there(app, breakage, tmp_path):
    match, table = table_game(app)
    breakage("disk full at the rename").on()
    offer = leave_through_the_pause_menu(app, match, table)
    elsewhere = tmp_path / "usb" / "my game.jsonl"
    offer.entry.set_text(str(elsewhere))
    press(app, "Save here")
    assert read_record(elsewhere).actions == match.actions
    assert [type(s) for s in app.stack] == [TitleScene, MessageScene]
    assert str(elsewhere) in app.stack.top.message.text
    resumed = Match.resume(elsewhere)
    assert resumed.actions == match.actions


def test_save_in_documents_takes_one_click(app, breakage, tmp_path):
    match, table = table_game(app)
    breakage("permission lost").on()
    leave_through_the_pause_menu(app, match, table, errno.EACCES)
    press(app, "Save in Documents")
    saved = list((tmp_path / "Documents").glob("kartentisch-palastgefluester-*.jsonl"))
    assert len(saved) == 1 and read_record(saved[0]).actions == match.actions
    assert isinstance(app.stack.top, MessageScene)


def test_a_place_that_fails_too_is_explained_and_the_offer_stays(app, breakage, tmp_path):
    match, table = table_game(app)
    breakage("disk full at the rename").on()
    offer = leave_through_the_pause_menu(app, match, table)
    blocker = tmp_path / "a file"
    blocker.write_text("x")
    offer.entry.set_text(str(blocker / "game.jsonl"))  # a folder that is a file
    press(app, "Save here")
    assert app.stack.top is offer and offer.status.startswith("Not saved there")
    offer.entry.set_text(str(blocker))  # a file that exists is never overwritten
    press(app, "Save here")
    assert app.stack.top is offer and "kept" in offer.status
    assert blocker.read_text() == "x"
    press(app, "Back to the game")
    assert isinstance(app.stack.top, PauseScene), "back where the player was"


def test_leave_without_saving_goes_to_the_title(app, breakage):
    match, table = table_game(app)
    breakage("read-only file system").on()
    leave_through_the_pause_menu(app, match, table, errno.EROFS)
    press(app, "Leave without saving")
    assert [type(s) for s in app.stack] == [TitleScene]


def test_save_and_leave_with_a_working_autosave_offers_nothing(app):
    match, table = table_game(app)
    anna_plays(app, match, table, 1)
    app.push(PauseScene(app, match))
    app.step(1 / 60)
    press(app, "Save and leave")
    assert isinstance(app.stack.top, PauseScene), "leaving a game asks first"
    press(app, "Leave")
    assert [type(s) for s in app.stack] == [TitleScene]


def close_window(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    if app.running:
        app.step(1 / 60)


def test_closing_the_window_offers_another_place_when_the_autosave_fails(app, breakage):
    match, table = table_game(app)
    breakage("disk full at the rename").on()
    anna_plays(app, match, table, 1)
    close_window(app)
    assert app.running and isinstance(app.stack.top, SaveElsewhereScene)
    press(app, "Save in Documents")
    assert not app.running
    assert len(list(Path(save_elsewhere.documents_dir()).glob("*.jsonl"))) == 1


def test_closing_the_window_twice_quits_all_the_same(app, breakage):
    match, table = table_game(app)
    breakage("disk full at the rename").on()
    anna_plays(app, match, table, 1)
    close_window(app)
    assert app.running
    close_window(app)
    assert not app.running


def test_closing_the_window_tries_the_autosave_once_more_first(app, breakage):
    match, table = table_game(app)
    broken = breakage("disk full at the rename")
    broken.on()
    anna_plays(app, match, table, 1)
    broken.off()  # space was freed meanwhile: the game is saved, and the window closes
    close_window(app)
    assert not app.running
    assert read_record(autosave_path()).actions == match.actions


def test_closing_the_window_of_a_saved_game_quits_at_once(app):
    match, table = table_game(app)
    anna_plays(app, match, table, 1)
    close_window(app)
    assert not app.running


# -- what an interrupted save leaves behind ---------------------------------------------------------
INTERRUPT = """
import os, sys
from game.core import records
from game.match import Match, Seat
match = Match("palace", [Seat("Ann"), Seat("Ben")], 11)
os.replace = lambda *a, **k: os._exit(9)  # the power goes out between writing and renaming
records.write_record(sys.argv[1], match.record())
"""


def interrupted_save(folder: Path) -> Path:
    """A save cut short for real: a process that dies inside write_record leaves its temp file."""
    before = set(folder.iterdir())
    done = subprocess.run([sys.executable, "-c", INTERRUPT, str(folder / "autosave.jsonl")],
                          cwd=Path(__file__).resolve().parent.parent, check=False)
    assert done.returncode == 9
    (left,) = set(folder.iterdir()) - before
    return left


def test_the_next_start_removes_what_an_interrupted_save_left_and_nothing_else(tmp_path):
    folder = autosave_path().parent
    folder.mkdir(parents=True)
    left = interrupted_save(folder)
    keep = {
        "autosave.jsonl": "a real save\n",
        "autosave-unreadable-20240101-120000.jsonl": "set aside\n",
        ".autosave.jsonl.tmp": "no random part\n",
        "autosave.jsonl.ab12cd34.tmp": "no leading dot\n",
        ".autosave.jsonl.AB12CD34.tmp": "not mkstemp's letters\n",
        ".autosave.jsonl.ab12cd34.tmp.jsonl": "another suffix\n",
    }
    for name, text in keep.items():
        (folder / name).write_text(text)
    (folder / ".pack.ab12cd34.tmp").mkdir()  # a folder, even named so, is not a save's temp file
    outside = tmp_path / "precious.txt"
    outside.write_text("kept\n")
    (folder / ".link.ab12cd34.tmp").symlink_to(outside)
    an_hour_ago = time.time() - 3600
    for path in [left, *(folder / name for name in keep)]:
        os.utime(path, (an_hour_ago, an_hour_ago))
    app = make_app()
    app.push(TitleScene(app))
    try:
        for _ in range(CLEANUP_FRAME + 1):
            assert app.step(1 / 60)
        assert app.cleaning is not None
        app.cleaning.join(timeout=60)
    finally:
        close_app(app)
    assert not left.exists()
    for name, text in keep.items():
        assert (folder / name).read_text() == text
    assert (folder / ".pack.ab12cd34.tmp").is_dir()
    assert (folder / ".link.ab12cd34.tmp").is_symlink() and outside.read_text() == "kept\n"


def test_a_save_under_way_since_the_start_is_never_touched(tmp_path):
    """The cleaning runs beside the game: a temp file written after the app started is a live save."""
    started = time.time()
    old, new = tmp_path / ".autosave.jsonl.aaaa1111.tmp", tmp_path / ".autosave.jsonl.bbbb2222.tmp"
    old.write_text("cut short\n")
    new.write_text("being written\n")
    os.utime(old, (started - 10, started - 10))
    os.utime(new, (started + 1, started + 1))
    assert remove_interrupted_saves(tmp_path, before=started) == [old]
    assert new.exists()


def test_cleaning_a_folder_that_is_missing_or_unreadable_is_quiet(tmp_path):
    assert remove_interrupted_saves(tmp_path / "nowhere", before=time.time()) == []
    (tmp_path / "file").write_text("x")
    assert remove_interrupted_saves(tmp_path / "file", before=time.time()) == []


# -- the path field -----------------------------------------------------------------------------------
def test_a_typed_path_becomes_a_new_file_and_never_an_existing_one(tmp_path):
    match = two_players()
    home = Path.home()
    assert target_for("  my game ", match) == home / "my game.jsonl", "a bare name lands in the home folder"
    assert target_for("~/games/x.jsonl", match) == home / "games" / "x.jsonl"
    folder_target = target_for(str(tmp_path), match)
    assert folder_target.parent == tmp_path and not folder_target.exists()
    existing = tmp_path / "existing.jsonl"
    existing.write_text("mine\n")
    with pytest.raises(ValueError, match="kept"):
        target_for(str(existing), match)
    with pytest.raises(ValueError, match="Type where"):
        target_for("   ", match)
