"""pygame-gui's manager as every screen makes it: with one font dictionary shared by all screens.

Each pygame-gui manager keeps its own theme, and each theme loads its own fonts: about 19 MB per screen at
2560x1080 (21 faces of Noto Sans in the sizes the theme names). Screens lie on one another (the history,
a replay, a game played on from it, the pause menu), so the fonts were loaded four and five times over.
The fonts are shared, per language, through `SharedFontsManager.create_new_theme`; everything else of a
theme (its colours, its scaled sizes, its shapes) stays each screen's own. A font of a new size is
loaded once, into the shared dictionary, by whichever screen asks first. Fonts made before pygame's font
module quit (a `pygame.quit()`) are dead: the next screen finds that out and starts a dictionary afresh.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIAppearanceTheme, gui_font_pygame
from pygame_gui.core.ui_font_dictionary import UIFontDictionary
from pygame_gui.core.utility import PackageResource

from game.package_data import package_files
from scenes.fonts import Font

_fonts: dict[str, UIFontDictionary] = {}
#: pygame-gui's faces are made of the app's font class, which refuses no text (a NUL, a lone surrogate):
#: a name, a pack's title or a word of a catalogue on a widget must not stop the screen
setattr(gui_font_pygame, "Font", Font)  # noqa: B010 - a module global, seen by mypy as a type


class SharedFontsManager(pygame_gui.UIManager):
    """A UIManager whose theme takes its fonts from the dictionary all screens share."""

    def create_new_theme(self, theme_path: str | os.PathLike | Any = None) -> UIAppearanceTheme:
        theme = UIAppearanceTheme(self.resource_loader, self._locale)
        shared = _fonts.get(self._locale)
        if shared is not None and not _alive(shared):
            _fonts.clear()  # pygame's fonts were quit since: every shared face is dead
            shared = None
        if shared is None:
            _read_from_files(theme.font_dict)
            _fonts[self._locale] = theme.font_dict  # the first screen's: its loader loads them at its start
        else:
            theme.font_dict = shared
        if theme_path is not None:
            theme.load_theme(theme_path)
        return theme


def _read_from_files(fonts: UIFontDictionary) -> None:
    """Have `fonts` open its faces from their files: pygame-gui reads a packaged face whole into memory
    for each size it loads (600 kB a size of Noto Sans, kept as long as the face), where a face opened
    from a file reads what it draws. Measured: 39 MB of such copies after 10,000 frames of the monkey,
    growing with each window size a session saw. A face packed where no file can be named stays as it is."""
    for name, locations in fonts.known_font_paths.items():
        fonts.known_font_paths[name] = [_as_file(location) for location in locations]


def _as_file(location: Any) -> Any:
    where, force_style = location
    if not isinstance(where, PackageResource):
        return location
    try:
        path = package_files(where.package) / where.resource
    except (ModuleNotFoundError, TypeError):
        return location
    if isinstance(path, Path) and path.is_file():
        return (str(path), force_style)
    return location


def _alive(fonts: UIFontDictionary) -> bool:
    """Whether the faces in `fonts` still work (none does after pygame's font module quit)."""
    if not pygame.font.get_init():
        return False
    for resource in fonts.loaded_fonts.values():
        face = getattr(resource, "loaded_font", None)
        if face is not None:
            try:
                face.size("a")
            except pygame.error:
                return False
            return True
    return True


__all__ = ["SharedFontsManager"]
