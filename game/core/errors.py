"""Errors of the engine contract. Each carries a message a person understands."""

from __future__ import annotations

from game.core.datafile import shown
from game.i18n import DEFAULT_LANGUAGE, Text, speaking, tr, words


class KartentischError(Exception):
    """Base of every error the engine raises on purpose."""

    def text(self) -> str:
        """The error in words for a person, in the chosen language (a refusal the engine explains
        with a message is written in it; a developer's text stays as it is)."""
        return words(self.args[0]) if len(self.args) == 1 else str(self)


def error_text(exc: BaseException) -> str:
    """An error for a person, in the chosen language: an engine error in its own words (`text`), any
    other as it says itself."""
    return exc.text() if isinstance(exc, KartentischError) else str(exc)


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
    printable whatever the file's name or content holds, and short whatever a quoted value holds.

    `reason` is kept as said (a message, game.i18n): `text()` writes the whole in the chosen language,
    for the screen; `str()` (and `args`) is the English text, for logs, tools and tests."""

    MAX_MESSAGE = 600  # characters after the file and line: room for any reason, not for a quoted file

    def __init__(self, reason: Text, *, path: str | None = None, line: int | None = None) -> None:
        self.reason = reason
        self.path = path
        self.line = line
        with speaking(DEFAULT_LANGUAGE):
            english = self.text()
        super().__init__(english)

    def text(self) -> str:
        """Where and why, in the chosen language: "<file>, line N: <reason>"."""
        reason = words(self.reason)
        if len(reason) > self.MAX_MESSAGE:
            reason = reason[:self.MAX_MESSAGE - 1] + "…"
        if self.path is not None and self.line is not None:
            said = tr("{path}, line {line}: {problem}").format(path=self.path, line=self.line, problem=reason)
        elif self.path is not None:
            said = f"{self.path}: {reason}"
        elif self.line is not None:
            said = tr("line {line}: {problem}").format(line=self.line, problem=reason)
        else:
            said = reason
        return shown(said)
