"""File locks shared by every copy of the app on one data folder.

Two copies of Kartentisch may run on the same folders (a second window opened to compare art packs, a
start clicked twice). Whatever one copy rewrites from what it read (the history's index, the settings)
or removes (a temp file an interrupted save left) it does holding the folder's lock, so the other copy
never reads half of it, never writes back what it read before the change, and never loses a file
under way. A game a copy plays is claimed by it for as long as it plays: another copy is told the game
is open elsewhere instead of playing a second branch of it.

The locks are the system's own (flock on POSIX, msvcrt.locking on Windows): a copy that is killed
releases them with its last file handle, so nothing stays locked after a crash. The standard library
serves here; no dependency is needed for it.

In one process a lock is reentrant for the thread that holds it (a history keeping a game writes its
index inside the same lock); other threads wait as other processes do.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

#: how long a short job (writing an index, the settings) waits for another copy's before giving up
WAIT_SECONDS = 10.0
_POLL_SECONDS = 0.01

if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


class LockTimeout(OSError):
    """Another copy of the app held the lock for longer than a short job may wait."""


@dataclass
class _Held:
    fd: int
    thread: int
    depth: int


_held: dict[str, _Held] = {}
_guard = threading.Lock()


def _key(path: Path) -> str:
    return os.path.abspath(path)


def _open_locked(path: Path) -> int | None:
    """The lock file at `path`, opened and locked; None when another holder has it. A lock file removed
    by its holder (`release(remove=True)`) between our open and our lock is opened again, so two
    holders never lock two different files of one name."""
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            if not _try_lock(fd):
                os.close(fd)
                return None
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(path))
            except FileNotFoundError:
                same = False
            if same:
                return fd
            _unlock(fd)
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)


def acquire(path: str | os.PathLike[str], timeout: float | None = None) -> bool:
    """Lock `path` (created if missing, its folder too); True once held, False when another holder kept
    it `timeout` seconds (0: tried once; None: WAIT_SECONDS)."""
    lock_path = Path(path)
    key = _key(lock_path)
    me = threading.get_ident()
    deadline = time.monotonic() + (WAIT_SECONDS if timeout is None else timeout)
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    while True:
        with _guard:
            held = _held.get(key)
            if held is None:
                fd = _open_locked(lock_path)
                if fd is not None:
                    _held[key] = _Held(fd, me, 1)
                    return True
            elif held.thread == me:
                held.depth += 1
                return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(_POLL_SECONDS)


def release(path: str | os.PathLike[str], *, remove: bool = False) -> None:
    """Give up one hold on `path`; the last one unlocks it (and with `remove` deletes the lock file
    first, so a claim leaves nothing behind once its game is done)."""
    key = _key(Path(path))
    with _guard:
        held = _held.get(key)
        if held is None:
            return
        held.depth -= 1
        if held.depth > 0:
            return
        del _held[key]
        if remove:
            with contextlib.suppress(OSError):
                os.unlink(path)
        _unlock(held.fd)
        os.close(held.fd)


def holds(path: str | os.PathLike[str]) -> bool:
    """Whether this process holds the lock on `path`."""
    with _guard:
        return _key(Path(path)) in _held


def held_elsewhere(path: str | os.PathLike[str]) -> bool:
    """Whether another process holds the lock on `path` now (this one holding it is not elsewhere)."""
    lock_path = Path(path)
    if holds(lock_path) or not lock_path.exists():
        return False
    try:
        fd = os.open(lock_path, os.O_RDWR)
    except OSError:
        return False
    try:
        if not _try_lock(fd):
            return True
        _unlock(fd)
        return False
    finally:
        os.close(fd)


@contextlib.contextmanager
def locked(path: str | os.PathLike[str], timeout: float | None = None) -> Iterator[None]:
    """Hold the lock on `path` for the block; LockTimeout when another copy holds it past `timeout`
    (None: WAIT_SECONDS)."""
    if not acquire(path, timeout):
        raise LockTimeout(f"another copy of Kartentisch holds {os.fspath(path)}")
    try:
        yield
    finally:
        release(path, remove=True)  # no lock file stays in a folder of records


def folder_lock(folder: str | os.PathLike[str]) -> Path:
    """The lock file of a folder whose files several copies write (`.lock` inside it, there only while a
    copy holds it)."""
    return Path(folder) / ".lock"
