"""The project's loggers: `log = logger(__name__)` in every module that logs.

A logger here is the standard library's, made with the module's first record rather than at import: the
title is drawn before the logging module is loaded (it takes about a tenth of a start's own time), and a
start that logs nothing never loads it. `configure` sets what is shown; it is applied when logging loads.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    import logging

FORMAT = "%(levelname)s %(name)s: %(message)s"

_wanted: dict[str, Any] | None = None


class _Logger:
    """Stands for `logging.getLogger(name)` until its first use; its methods are then the logger's own."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        value = getattr(_logging().getLogger(self._name), attr)
        if callable(value):  # the logger lives as long as the process: its methods may be kept
            setattr(self, attr, value)
        return value

    def __repr__(self) -> str:
        return f"<logger {self._name}>"


def logger(name: str) -> logging.Logger:
    """The logger of the module `name`."""
    return cast("logging.Logger", _Logger(name))


def configure(verbose: bool = False) -> None:
    """Show warnings and errors on stderr (and what the table does, with `verbose`), from when logging
    loads; now, if it is loaded already."""
    global _wanted
    _wanted = {"level": 20 if verbose else 30, "format": FORMAT}  # logging.INFO, logging.WARNING
    if "logging" in sys.modules:
        _logging()


def _logging() -> Any:
    global _wanted
    import logging

    if _wanted is not None:
        wanted, _wanted = _wanted, None
        logging.basicConfig(**wanted)
    return logging
