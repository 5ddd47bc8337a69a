"""Errors of the engine contract. Each carries a message a person understands."""

from __future__ import annotations

from .datafile import shown


class KartentischError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(KartentischError, ValueError):
    """An action that is not allowed now. The state it was tried on is unchanged."""


class UnknownGame(KartentischError, LookupError):
    """A game id that the registry does not know."""

    def __str__(self) -> str:  # LookupError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class BadSetup(KartentischError, ValueError):
    """A player count or option that the game does not allow."""


class RecordError(KartentischError, ValueError):
    """A record that cannot be read, written or replayed; names the file and line. The message is
    printable whatever the file's name or content holds, and short whatever a quoted value holds."""

    MAX_MESSAGE = 600  # characters after the file and line: room for any reason, not for a quoted file

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None) -> None:
        self.path = path
        self.line = line
        where = ""
        if path is not None:
            where = f"{path}"
            if line is not None:
                where += f", line {line}"
            where += ": "
        elif line is not None:
            where = f"line {line}: "
        if len(message) > self.MAX_MESSAGE:
            message = message[:self.MAX_MESSAGE - 1] + "…"
        super().__init__(shown(where + message))
