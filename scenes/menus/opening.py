"""Opening a game's table from a menu: the table for a match, or the reason it cannot open, told on the
menu that asked (a missing or failing table leaves the menus working)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.i18n import tr
from game.logs import logger
from scenes.look import Message
from scenes.scene import Host, Scene

log = logger(__name__)


class ShowsMessages(Protocol):
    """A screen that can tell the player something (a menu scene, or the title)."""

    app: Host

    def show_message(self, message: Message, on_answer: Callable[[str], None] | None = None) -> None: ...


def open_table_or_explain(scene: ShowsMessages, match) -> Scene | None:
    """The table scene for `match`, or None after telling the player in `scene` why it cannot open."""
    try:
        from scenes.table import open_table

        return open_table(scene.app, match)
    except Exception as exc:  # a missing or failing table must leave the menus working
        log.exception("opening the table for %s failed", match.game.id)
        scene.show_message(Message(tr("The table cannot open"), f"{type(exc).__name__}: {exc}"))
        return None


__all__ = ["ShowsMessages", "open_table_or_explain"]
