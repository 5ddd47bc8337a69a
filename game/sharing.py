"""Files a person exports are meant to be handed on; files the app keeps are its owner's alone.

Every file is written through a private temp file (game.core.records.write_atomic: readable by its owner
only, 0600), which is right for the saves, the history and the settings. A record or a table a person
exports on purpose goes to others, so it is given the mode any new file of that person gets: 0666 less
the umask (commonly 0644), as if it had been written by any other program.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from pathlib import Path


def ordinary_mode(folder: Path) -> int:
    """The mode a new file in `folder` gets from the system (0666 less the umask), found by making
    one: reading the umask would change it for every thread for a moment."""
    probe = folder / f".kartentisch-mode-{os.getpid()}-{secrets.token_hex(4)}"
    fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        return stat.S_IMODE(os.fstat(fd).st_mode)
    finally:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(probe)


def make_shareable(path: str | os.PathLike[str]) -> None:
    """Give an exported file the mode of an ordinary new file of its owner (OSError when it cannot)."""
    target = Path(path)
    os.chmod(target, ordinary_mode(target.parent))
