"""The App: the window, the clock, the settings and the scene stack, and the frame loop that drives them.

One frame (`step`): every pygame event goes to the top scene, its pygame-gui manager first (when it
has one); the app itself takes the window events (quit, resize, F11), and its navigator the keys and
game controller input that move the focus (scenes/focus.py). Then the top scene and its
widgets advance by dt seconds, and the visible scenes are drawn bottom-up, each with its widgets over it.

The title is drawn without pygame-gui, so the menu is up before pygame-gui is imported; a few frames
later a background thread imports it, and the next screen opens without that pause.
"""

from __future__ import annotations

import gc
import importlib
import sys
import time
import warnings
from typing import TYPE_CHECKING

import pygame

from game import __version__, i18n
from game.logs import logger
from scenes.cache import map_large_blocks, release_memory
from scenes.focus import Navigator
from scenes.look import app_icon
from scenes.scene import Exits, Scene, SceneStack
from scenes.settings import Settings, data_dir, history_dir

if TYPE_CHECKING:
    import threading

    from scenes.art import ArtLibrary

log = logger(__name__)

FPS = 60
MIN_WINDOW = (320, 240)
#: the longest step a frame may take: after a stall the game slows down instead of jumping
MAX_DT = 0.1
CAPTION = "Kartentisch"
#: the frame after which sounds are made in the background (start-up first, sound second)
WARM_UP_FRAME = 20
#: the frame after which the widget toolkit is imported in the background (the menu is up by then)
PRELOAD_FRAME = 4
#: what the background import loads: the widgets of every screen after the title, pygame-gui with them
PRELOADED_MODULE = "scenes.widgets"
#: the frame after which what interrupted saves left behind is removed, in the background
CLEANUP_FRAME = 12


class App:
    def __init__(self, settings: Settings | None = None, size: tuple[int, int] | None = None,
                 exits: Exits | None = None) -> None:
        pygame.display.init()
        pygame.font.init()  # the mixer starts later, in scenes.sound: a missing device costs nothing
        self.settings = settings if settings is not None else Settings.load()
        if size is not None:
            self.settings.window_size = _clamp_size(size)
        self.stack = SceneStack(left=self._scene_left)
        self.exits = exits if exits is not None else Exits()
        self.clock = pygame.time.Clock()
        self.time = 0.0
        self.frames = 0
        self.running = True
        self._art: ArtLibrary | None = None
        self._scenes_left = False  # a scene left the stack: what it made is collected after the frame
        self.preloading: threading.Thread | None = None
        self.cleaning: threading.Thread | None = None
        self.started = time.time()  # what an interrupted save left before this is removed (CLEANUP_FRAME)
        self._collector_waits = False  # the garbage collector is off until the first frame is drawn
        self.navigator = Navigator()  # keyboard focus and game controllers
        pygame.display.set_caption(CAPTION)
        pygame.display.set_icon(app_icon())  # before the window opens, which spares loading pygame's own
        self.screen = self._open_window()
        self._laid_out = self.size
        self._apply_volume()
        i18n.set_language(self.settings.shown_language)
        i18n.add_listener(self._language_changed)

    # -- window ----------------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.settings.window_size, pygame.RESIZABLE)
            _set_minimum_size(MIN_WINDOW)
        return screen

    def toggle_fullscreen(self) -> None:
        """Switch between full screen and a window of the chosen size; the choice is kept."""
        self.settings.fullscreen = not self.settings.fullscreen
        self._save_settings()
        self._reopen()

    def set_window_size(self, size: tuple[int, int]) -> None:
        """The window's size (kept for the next start); in full screen it applies on leaving it."""
        self.settings.window_size = _clamp_size(size)
        self._save_settings()
        if not self.settings.fullscreen:
            self._reopen()

    def _reopen(self) -> None:
        self.screen = self._open_window()
        self._resized()  # even at the same size: the scenes lay out for the new surface

    def _on_videoresize(self, size: tuple[int, int]) -> None:
        if self.settings.fullscreen:  # the screen's mode changed under us: follow it, keep the window size
            self.screen = pygame.display.get_surface() or self.screen
            if self.size != self._laid_out:
                self._resized()
            return
        size = (max(1, size[0]), max(1, size[1]))
        if self.screen.get_size() != size:
            # Drivers that do not resize the surface themselves (and synthetic events) need a new mode.
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        else:
            self.screen = pygame.display.get_surface() or self.screen
        self.settings.window_size = _clamp_size(self.size)
        if self.size != self._laid_out:  # window managers repeat the size they just confirmed
            self._resized()

    def _resized(self) -> None:
        size = self._laid_out = self.size
        for scene in list(self.stack):
            scene.on_resize(size)

    # -- scenes ----------------------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self._fit(scene)
        covered = self.stack.top
        self.stack.push(scene)
        if covered is not None and scene.opaque:
            covered.drop_caches()  # hidden until it comes back, when it draws them again

    def pop(self) -> Scene | None:
        scene = self.stack.pop()
        if not self.stack:
            self.quit()
        return scene

    def replace(self, scene: Scene) -> None:
        """The top scene makes way for `scene`: what it made is freed before the new one builds (a table
        at 2560x1080 beside the screen that opened it raised the peak by 35 MB)."""
        self._fit(scene)
        self.stack.replace(scene, between=self._collect_left)

    def let_go(self, scene: Scene) -> None:
        """A scene shown inside another (a replay's table, swapped for one through other eyes) is done:
        its caches go now, and what it made is collected after the frame, as for a scene that left."""
        scene.drop_caches()
        self._scenes_left = True

    def pop_to_root(self) -> None:
        """Back to the first scene (the title)."""
        while len(self.stack) > 1:
            self.stack.pop()

    def _scene_left(self, scene: Scene) -> None:
        """A scene left the stack (it has dropped its own caches): the art of games no scene shows any
        more goes too, and the rest of what it made once the frame is drawn (`_collect_left`)."""
        if self._art is not None:
            self._art.forget_games(self._games_shown())
        self._scenes_left = True

    def _games_shown(self) -> set[str]:
        """The games whose art a scene on the stack shows: a table's, the gallery's, a replay's table's."""
        shown: set[str] = set()
        for scene in self.stack:
            for holder in (scene, getattr(scene, "table", None)):
                game_id = getattr(holder, "game_id", None)
                if isinstance(game_id, str) and game_id:
                    shown.add(game_id)
        return shown

    def collect_after_first_frame(self) -> None:
        """Turn the garbage collector on once the next frame is drawn (it was turned off for the start)."""
        self._collector_waits = True

    def _collect_left(self) -> None:
        """What the scenes that left made goes: a scene, its widgets and its layers refer to one another,
        so only the collector frees them (left to itself, it runs seldom: measured, 14 closed screens
        and 200 MB waited for it after 3,000 frames of the monkey); then the memory freed returns to the
        system. Once a frame at most, after it is drawn."""
        self._scenes_left = False
        gc.collect()
        release_memory()

    def _fit(self, scene: Scene) -> None:
        """A scene made before the window changed size starts at the current size."""
        if scene.has_ui and scene.ui.window_resolution != self.size:
            scene.ui.set_window_resolution(self.size)

    @property
    def art(self) -> ArtLibrary:
        """The card art, loaded on first use (the title screen does not need it)."""
        if self._art is None:
            from scenes.art import ArtLibrary

            self._art = ArtLibrary(self.settings)
        return self._art

    def settings_changed(self) -> None:
        """Apply and keep the settings after a change in the settings screen."""
        self._apply_volume()
        self._save_settings()

    def set_language(self, code: str) -> None:
        """Show every word in another language from now on, and remember the choice."""
        self.settings.language = code
        self.settings_changed()
        i18n.set_language(code)

    def _language_changed(self, code: str) -> None:
        if not pygame.display.get_init() or pygame.display.get_surface() is not self.screen:
            return  # an app whose window is gone (another opened it anew) has nothing to write again
        for scene in list(self.stack):
            scene.on_language_changed()

    def _apply_volume(self) -> None:
        from scenes import sound

        sound.set_volume(self.settings.volume)

    def _save_settings(self) -> None:
        try:
            self.settings.save()
        except OSError as exc:  # a read-only config dir must not stop the game
            log.warning("could not save the settings: %s", exc)

    # -- the loop --------------------------------------------------------------------------------
    def quit(self) -> None:
        self.running = False

    def request_quit(self) -> None:
        """The window is being closed: quit, unless a game in progress cannot be autosaved; then another
        place for it is offered first (closing the window again quits all the same)."""
        offer = self.exits.before_quit
        in_game = any(getattr(scene, "match", None) is not None for scene in self.stack)
        if offer is not None and in_game and offer(self):
            return
        self.quit()

    def step(self, dt: float | None = None) -> bool:
        """One frame. `dt` in seconds; None: measured (capped at 60 FPS). False once the app quits."""
        if dt is None:
            dt = self.clock.tick(FPS) / 1000.0
        dt = max(0.0, min(dt, MAX_DT))
        for event in pygame.event.get():
            self._dispatch(event)
            if not self.running:
                return False
        scene = self.stack.top
        if scene is None:
            self.running = False
            return False
        scene.update(dt)
        self.navigator.update(dt, self.stack.top)
        top = self.stack.top  # update may have changed the scenes
        if top is not None and top.has_ui:
            top.ui.update(dt)
        self._draw()
        if self._scenes_left:
            self._collect_left()
        self.time += dt
        self.frames += 1
        if self._collector_waits:
            # What the start made lives as long as the app: frozen, no collection walks it again (one
            # runs whenever a screen closes, a hot-seat handoff too), only what was made since.
            self._collector_waits = False
            gc.freeze()
            gc.enable()
        if self.frames == 2:  # the title is up: what only later frames need is set up behind it
            map_large_blocks()
        if self.frames == PRELOAD_FRAME:
            self.preloading = preload(PRELOADED_MODULE)
        if self.frames == CLEANUP_FRAME:
            self.cleaning = remove_interrupted_saves(self.started)
        if self.frames == WARM_UP_FRAME:  # the menu is up: now the mixer may start, off the frame loop
            from scenes import sound

            sound.warm_up()
            self.navigator.start_controllers()
        return self.running

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.request_quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self._on_videoresize((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        scene = self.stack.top
        if scene is None:
            return
        if scene.intercept(event):
            return
        if self.navigator.handle(event, scene):
            return
        if scene.has_ui and scene.ui.process_events(event):
            return
        scene.handle_event(event)

    def _draw(self) -> None:
        visible = self.stack.visible()
        if not visible or not visible[0].opaque:
            self.screen.fill((0, 0, 0))
        for scene in visible:
            scene.draw(self.screen)
            if scene.has_ui:
                scene.ui.draw_ui(self.screen)
            scene.draw_above_widgets(self.screen)
        if visible:
            self.navigator.draw(self.screen, visible[-1])
        pygame.display.flip()

    def run(self) -> None:
        """Frames until quit; then the scenes are closed and the window size is kept for next time."""
        try:
            while self.step():
                pass
        except Exception:
            import traceback

            _write_crash_log(traceback.format_exc())
            raise
        finally:
            from scenes import sound

            self.stack.clear()
            self._save_settings()
            sound.shutdown()
            pygame.quit()


def preload(module: str) -> threading.Thread | None:
    """Import `module` in a background thread (None when it is loaded already). A failure is only
    logged: the screen that needs the module imports it again and shows the error there."""
    if module in sys.modules:
        return None

    def load() -> None:
        try:
            importlib.import_module(module)
        except Exception:
            log.exception("importing %s in the background failed", module)

    import threading

    thread = threading.Thread(target=load, name=f"preload {module}", daemon=True)
    thread.start()
    return thread


def remove_interrupted_saves(started: float) -> threading.Thread:
    """Remove the temp files that saves cut short (a crash mid-write) left in the data folder and in
    the history before the app `started`, in a background thread: the engine it imports for that is not
    needed before a game starts. A save this run makes meanwhile is newer than `started`, and one another
    copy makes holds the folder's lock, so neither is touched."""

    def clean() -> None:
        from game.match import remove_interrupted_saves

        for folder in (data_dir(), history_dir()):
            for path in remove_interrupted_saves(folder, before=started):
                log.info("removed %s, left by an interrupted save", path)

    import threading

    thread = threading.Thread(target=clean, name="remove interrupted saves", daemon=True)
    thread.start()
    return thread


def _clamp_size(size: tuple[int, int]) -> tuple[int, int]:
    w, h = (int(v) for v in size)
    return max(MIN_WINDOW[0], min(w, 7680)), max(MIN_WINDOW[1], min(h, 4320))


def _set_minimum_size(size: tuple[int, int]) -> None:
    """Ask the window manager not to make the window smaller than `size` (where it can)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = size
    except (AttributeError, pygame.error, ValueError):
        pass


def _write_crash_log(text: str) -> None:
    try:
        folder = data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "crash.log").write_text(f"kartentisch {__version__}\n{text}", encoding="utf-8")
        log.error("the app stopped on an error; details in %s", folder / "crash.log")
    except OSError:
        pass
