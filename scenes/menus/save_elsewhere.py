"""Another place for a game whose autosave cannot be written, offered when the player leaves it
(Save and leave in the pause menu, or closing the window).

One click saves it in the Documents folder (the home folder where there is none); the path field takes
any other file or folder. "Leave without saving" and "Back to the game" are always there, and closing
the window once more quits all the same: the app never holds a person in a dialog.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs
import pygame
import pygame_gui
from pygame_gui.elements import UILabel, UITextBox

from game.core import error_text
from game.i18n import tr
from game.logs import logger
from game.match import describe_os_error
from scenes.settings import history_dir
from scenes.widgets import (
    GOLD,
    MenuScene,
    Message,
    MessageScene,
    PlaceholderEntry,
    dim,
    draw_heading,
    draw_panel,
    oid,
    px,
    row,
    text_scale,
)

if TYPE_CHECKING:
    from game.match import Match
    from scenes.scene import Host

log = logger(__name__)

SAVE_SUFFIX = ".jsonl"


def documents_dir() -> Path:
    """Where "Save in Documents" puts a game: the user's Documents folder, or the home folder."""
    try:
        documents = Path(platformdirs.user_documents_dir())
    except Exception:  # no home to speak of: the path field is still there
        return Path.home()
    return documents if documents.is_dir() else Path.home()


def suggested_path(match: Match, folder: Path) -> Path:
    """A file name in `folder` that names the game and the time, and no file has yet."""
    stem = f"kartentisch-{match.game.id}-{time.strftime('%Y%m%d-%H%M%S')}"
    path = folder / f"{stem}{SAVE_SUFFIX}"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}{SAVE_SUFFIX}"
        number += 1
    return path


def target_for(text: str, match: Match) -> Path:
    """The file a typed path stands for: a folder gets a new file name; a bare name lands in the home
    folder; ValueError (with the reason) for an empty path or one naming a file that exists already."""
    text = text.strip()
    if not text:
        raise ValueError(tr("Type where the game should go: a folder or a file name"))
    path = Path(text).expanduser()
    if not path.is_absolute():
        path = Path.home() / path
    if path.is_dir():
        return suggested_path(match, path)
    if path.exists() or path.is_symlink():
        raise ValueError(tr("There is a file of that name already, and it is kept: {path}").format(
            path=path))
    return path if path.suffix else path.with_name(path.name + SAVE_SUFFIX)


class SaveElsewhereScene(MenuScene):
    """The offer over the table: `on_saved(path)` once the game is written there, `on_leave()` for
    leaving without saving; "Back to the game" (or Esc) closes the offer."""

    opaque = False

    def __init__(self, app: Host, match: Match, reason: str, *, on_saved: Callable[[Path], None],
                 on_leave: Callable[[], None]) -> None:
        super().__init__(app)
        self.match = match
        self.reason = reason
        self.on_saved = on_saved
        self.on_leave = on_leave
        self.path_text = str(suggested_path(match, documents_dir()))
        self.status = ""
        self.entry: PlaceholderEntry | None = None
        self.status_label: UILabel | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        self.panel_rect = pygame.Rect(0, 0, max(1, min(w - 16, px(640, size))),
                                      max(1, min(h - 16, px(470, size))))
        self.panel_rect.center = (w // 2, h // 2)
        pad = px(28, size)
        line_h = px(46, size)
        gap = px(12, size)
        inner = self.panel_rect.inflate(-2 * pad, 0)
        y = self.panel_rect.top + px(78, size)
        status_h = px(26, size)
        below = 3 * line_h + status_h + 3 * gap + gap // 2 + pad  # the buttons, the field and the status
        text_h = max(1, min(px(140, size), self.panel_rect.bottom - y - below - gap))
        UITextBox(_html(tr("The game cannot be saved in its usual place:")) + f"<br>{_html(self.reason)}"
                  + "<br><br>" + _html(tr("Save it elsewhere to keep it, or leave without saving.")),
                  pygame.Rect(inner.left, y, inner.width, text_h), manager=self.ui,
                  object_id=oid("@plain_text"))
        y += text_h + gap
        documents = documents_dir()
        where = tr("Save in Documents") if documents != Path.home() else tr("Save in the home folder")
        self.add_button(pygame.Rect(inner.left, y, inner.width, line_h), where,
                        self.save_in_documents, primary=True,
                        tooltip=tr("A new file in {folder}").format(folder=documents))
        y += line_h + gap
        field_w = round(inner.width * 0.7)
        self.entry = PlaceholderEntry(pygame.Rect(inner.left, y, field_w - gap, line_h), manager=self.ui,
                                      placeholder_text=tr("A folder or a file name"))
        self.entry.set_text(self.path_text)
        self.add_button(pygame.Rect(inner.left + field_w, y, inner.width - field_w, line_h), tr("Save here"),
                        self.save_at_typed_path, tooltip=tr("Save the game at the path in the field"))
        y += line_h + gap // 2
        self.status_label = UILabel(pygame.Rect(inner.left, y, inner.width, status_h), self.status,
                                    manager=self.ui, object_id=oid("@error"))
        if not self.status:
            self.status_label.hide()
        area = pygame.Rect(inner.left, self.panel_rect.bottom - pad - line_h, inner.width, line_h)
        leave, back = row(area, 2, line_h, gap)
        self.add_button(leave, tr("Leave without saving"), self.leave_without_saving,
                        tooltip=tr("The moves since the last save are lost"))
        self.add_button(back, tr("Back to the game"), self.back)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        size = surface.get_size()
        draw_panel(surface, self.panel_rect, size)
        top = (self.panel_rect.centerx, self.panel_rect.top + px(40, size))
        draw_heading(surface, tr("Save the game elsewhere"), top, round(30 * text_scale(size)), GOLD)

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.path_text = event.text  # kept across a resize, which builds the field anew
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.path_text = event.text
            self.save_at_typed_path()

    # -- actions ---------------------------------------------------------------------------------
    def save_in_documents(self) -> None:
        self._save_to(suggested_path(self.match, documents_dir()))

    def save_at_typed_path(self) -> None:
        if self.entry is not None:
            self.path_text = self.entry.get_text()
        try:
            path = target_for(self.path_text, self.match)
        except (ValueError, OSError) as exc:  # OSError: a path the system refuses even to look at
            self._show_status(str(exc))
            return
        self._save_to(path)

    def _save_to(self, path: Path) -> None:
        try:
            self.match.save(path)
        except (OSError, ValueError) as exc:  # ValueError: a path the system cannot take (a NUL byte)
            reason = describe_os_error(exc, path=True) if isinstance(exc, OSError) else error_text(exc)
            self._show_status(tr("Not saved there: {reason}").format(reason=reason))
            return
        log.info("the game was saved elsewhere: %s", path)
        self.on_saved(path)

    def leave_without_saving(self) -> None:
        self.on_leave()

    def _show_status(self, text: str) -> None:
        self.status = text
        if self.status_label is not None:
            self.status_label.set_text(text)
            self.status_label.show()


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# -- the two ways of leaving -----------------------------------------------------------------------
def offer_on_leaving(app: Host, match: Match, reason: str) -> None:
    """Save and leave found the usual place closed: offer another, then back to the title."""

    def saved(path: Path) -> None:
        leave()
        app.push(MessageScene(app, saved_message(path)))

    def leave() -> None:
        match.release_claim()  # left: another copy of the app may resume it
        app.pop_to_root()

    app.push(SaveElsewhereScene(app, match, reason, on_saved=saved, on_leave=leave))


def offer_before_quit(app: Host) -> bool:
    """The window is being closed. When a game in progress cannot be autosaved (tried once more now),
    offer another place and return True; else (or when the offer is up already) False: quit."""
    if isinstance(app.stack.top, SaveElsewhereScene):
        return False
    match = _game_in_progress(app)
    if match is None or match.retry_autosave():
        return False
    reason = describe_os_error(match.save_error, path=True) if match.save_error else tr("unknown")
    app.push(SaveElsewhereScene(app, match, reason, on_saved=lambda _: app.quit(), on_leave=app.quit))
    return True


def _game_in_progress(app: Host) -> Match | None:
    """The autosaved game of the topmost scene that holds one (table, pause menu, handoff), unless it
    is over (a gallery's preview game has no autosave: the table's game below it counts)."""
    for scene in reversed(list(app.stack)):
        match = getattr(scene, "match", None)
        if match is not None and match.autosave is not None:
            return None if match.is_over() else match
    return None


def saved_message(path: Path) -> Message:
    return Message(tr("Game saved"),
                   tr("The game is kept as\n{path}\n\nTo continue it, copy it into\n{folder}\nonce that "
                      "folder can be written again, and choose Resume last game.").format(
                       path=path, folder=history_dir()))
