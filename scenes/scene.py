"""Scenes and the scene stack.

The App (scenes/app.py) owns the window, the clock, the settings and the stack. Every frame it
hands each pygame event to the top scene (its pygame-gui manager first, if it has one), updates the
top scene with dt in seconds, and draws the stack from the highest opaque scene up (so an overlay
such as the pause menu is drawn over the table it pauses).

A scene's pygame-gui manager is made when the scene first uses `ui`: a screen drawn in plain pygame
(the title) never imports pygame-gui, which keeps the start-up short.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from scenes.cache import Droppable
from scenes.look import THEME_PATH

if TYPE_CHECKING:
    import pygame_gui

    from game.match import Match
    from scenes.art import ArtLibrary
    from scenes.focus import Navigator
    from scenes.settings import Settings

class Host(Protocol):
    """What a scene may ask of the app that shows it (scenes/app.py): the window, the settings, the art,
    the scene stack and the exits. A scene knows the app by this alone, so the app's module, which
    imports the shell, never sits in an import cycle with the scenes it shows."""

    settings: Settings
    stack: SceneStack
    navigator: Navigator
    exits: Exits
    time: float
    running: bool

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def art(self) -> ArtLibrary: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> Scene | None: ...

    def replace(self, scene: Scene) -> None: ...

    def let_go(self, scene: Scene) -> None: ...

    def pop_to_root(self) -> None: ...

    def quit(self) -> None: ...

    def settings_changed(self) -> None: ...

    def set_language(self, code: str) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def set_window_size(self, size: tuple[int, int]) -> None: ...


@dataclass
class Exits:
    """The screens a scene leads to but may not import, handed in by whoever builds the app (the
    launcher, kartentisch/launcher.py): a table never imports a menu, and the app never imports one.
    An exit left None is not taken (a table shown for a still picture has no pause menu)."""

    #: the pause menu over a game (Esc, the Menu button, the handoff screen's Menu)
    pause: Callable[[Host, Match], Scene] | None = None
    #: the results screen that follows a finished game
    results: Callable[[Host, Match], Scene] | None = None
    #: asked when the window is closed during a game: True when it offered another place to save the
    #: game first (the app then stays open)
    before_quit: Callable[[Host], bool] | None = None


class Scene:
    """A screen of the app. Subclasses override what they need; `ui` is this scene's pygame-gui manager."""

    opaque = True  # False for overlays: the scene below is drawn first

    def __init__(self, app: Host) -> None:
        self.app = app
        self._ui: pygame_gui.UIManager | None = None

    @property
    def ui(self) -> pygame_gui.UIManager:
        """This scene's pygame-gui manager, made (at the window's size) on first use."""
        if self._ui is None:
            from game.i18n import language
            from scenes.gui import SharedFontsManager

            theme = str(THEME_PATH) if THEME_PATH.exists() else None
            # pygame-gui's own words (its dialogs, its text entry's menu) in the app's language
            self._ui = SharedFontsManager(self.app.size, theme, starting_language=language())
        return self._ui

    @property
    def has_ui(self) -> bool:
        """Whether this scene has made its pygame-gui manager (a scene without widgets never does)."""
        return self._ui is not None

    # life cycle
    def on_enter(self) -> None:
        """Pushed onto the stack (build the widgets here)."""

    def on_exit(self) -> None:
        """Removed from the stack."""

    def drop_caches(self) -> None:
        """Off the stack (after `on_exit`): let go of what the scene's caches hold (each attribute that is
        a scenes.cache.Droppable: its texts, panels, card pictures), so that what it drew goes at once,
        before the scene itself is collected. Were it shown again, it would draw them again."""
        for value in list(vars(self).values()):
            if isinstance(value, Droppable):
                value.drop_cached()

    def on_resume(self) -> None:
        """On top again after the scene above it was popped."""

    def on_cover(self) -> None:
        """Another scene is about to be pushed over this one (an overlay, or a screen of its own)."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay out again (the default rebuilds the widgets)."""
        if self.has_ui:
            self.ui.set_window_resolution(size)
            self.ui.clear_and_reset()
        self.on_enter()

    def on_language_changed(self) -> None:
        """The language changed (game.i18n): write every word again in it (the default lays out again,
        which builds the widgets anew; a scene that keeps words of its own rewrites them too)."""
        if self.has_ui:
            from game.i18n import language

            self.ui.clear_and_reset()  # before the new locale: it would lay out every old widget anew
            self.ui.set_locale(language())
        self.on_resize(self.app.size)

    # frame
    def intercept(self, event: pygame.event.Event) -> bool:
        """Offered every event before the focus and the widgets: True takes it (a modal layer over the
        screen's widgets, such as a card shown large in the gallery)."""
        return False

    def handle_event(self, event: pygame.event.Event) -> None:
        """A pygame event the UI manager did not consume."""

    def update(self, dt: float) -> None:
        """Advance by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (its widgets are drawn after this by the app)."""

    def draw_above_widgets(self, surface: pygame.Surface) -> None:
        """Drawn after the scene's widgets (the layers that lie above them)."""


class SceneStack:
    def __init__(self, left: Callable[[Scene], None] | None = None) -> None:
        self._scenes: list[Scene] = []
        #: told of each scene that left the stack, after its `on_exit` (the app lets go of what it made)
        self.left = left

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):
        return iter(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].on_cover()
        self._scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        self._exit(scene)
        if self._scenes:
            self._scenes[-1].on_resume()
        return scene

    def replace(self, scene: Scene, between: Callable[[], None] | None = None) -> None:
        """Swap the top scene for another (the one below is not resumed in between); `between` runs when
        the old one has left and before the new one enters."""
        if self._scenes:
            self._exit(self._scenes.pop())
        if between is not None:
            between()
        self.push(scene)

    def clear(self) -> None:
        while self._scenes:
            self._exit(self._scenes.pop())

    def _exit(self, scene: Scene) -> None:
        """A scene leaves: it closes, lets go of its caches, and whoever keeps the stack is told."""
        try:
            scene.on_exit()
        finally:
            scene.drop_caches()
            if self.left is not None:
                self.left(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the highest opaque one up."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]
