"""Keyboard and game controller: the whole app without a mouse.

A visible focus moves over what the screen on top offers: Tab and Shift+Tab in the screen's order, the
arrow keys (a controller's d-pad or left stick) to the nearest thing in that direction. Enter or Space
(the controller's A) acts on it; I, or Space on a card, shows the card large (the controller's Y); the
number keys pick the n-th legal card; Esc goes back (B); the controller's Start pauses a game.

What a screen offers is `focus_items(scene)`: the screen's own `focus_items()` when it has one (the
tables, the gallery), else every pygame-gui button, text field and slider it shows, or its light
buttons (the title). A screen that uses some of these keys itself (the arrows to turn a page or to
step through a list) names them in `own_keys`: they go to it, and Tab still moves the focus. Moving
the mouse hides the focus ring; the next key shows it where it was.

Whatever the focus lands on is brought into view (`Focusable.reveal`): a widget in a pygame-gui scroll area
scrolls its area, a screen that scrolls by itself (the gallery) gives its own. Tab goes through a scroll
area's widgets in their area's order, wherever it is scrolled to.

The `Navigator` belongs to the App, which hands it every event first and lets it draw last.
Controllers may come and go while the app runs (CONTROLLERDEVICEADDED / REMOVED).
"""

from __future__ import annotations

import contextlib
import math
import weakref
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.logs import logger

if TYPE_CHECKING:
    import pygame_gui

log = logger(__name__)


class Screen(Protocol):
    """What the focus asks of a scene (every Scene is one); the rest it looks up by name when a scene has
    it: `focus_items`, `menu_buttons`, `open_menu` or `open_pause`, `closes_on_start`."""

    @property
    def has_ui(self) -> bool: ...

    @property
    def ui(self) -> pygame_gui.UIManager: ...

#: a stick pushed this far (of 1.0) is a step in its direction
STICK_THRESHOLD = 0.55
#: a stick held over: the first repeat after this many seconds, then one every STICK_REPEAT
STICK_DELAY, STICK_REPEAT = 0.4, 0.16
RING = (255, 214, 90)
RING_EDGE = (10, 12, 14)

Direction = tuple[int, int]
LEFT, RIGHT, UP, DOWN = (-1, 0), (1, 0), (0, -1), (0, 1)
ARROWS: dict[int, Direction] = {
    pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT, pygame.K_UP: UP, pygame.K_DOWN: DOWN}
NUMBER_KEYS: dict[int, int] = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)})


@dataclass
class Focusable:
    """One thing the focus can rest on."""

    key: Hashable  # the same thing after the screen is built again (a resize) has the same key
    rect: pygame.Rect
    act: Callable[[], None] | None = None  # Enter, Space, A
    inspect: Callable[[], None] | None = None  # I (and Space, on a card), Y: show the card large
    adjust: Callable[[int], None] | None = None  # ← and → change a value (a slider) instead of moving
    card: bool = False  # a card: Space shows it large (elsewhere Space acts)
    legal: bool = False  # one of the choices now: the number keys count the legal cards, in order
    typing: bool = False  # a text field: while it has the focus, keys other than Tab and Esc go to it
    leave: Callable[[], None] | None = None  # the focus moves away (a text field stops taking keys)
    reveal: Callable[[], None] | None = None  # the focus lands here: scroll it into view (in a scroll area)


# -- what a screen offers --------------------------------------------------------------------------
def focus_items(scene: Screen) -> list[Focusable]:
    """What the focus can rest on in `scene`, in Tab order."""
    own = getattr(scene, "focus_items", None)
    if callable(own):
        return list(own())
    return widget_items(scene)


def widget_items(scene: Screen) -> list[Focusable]:
    """The light buttons of a screen drawn in plain pygame, or the visible pygame-gui buttons, text
    fields and sliders of `scene`, top to bottom and left to right (only a message box's own while one
    is open)."""
    from scenes.menu_buttons import MenuButtons

    light = getattr(scene, "menu_buttons", None)
    if isinstance(light, MenuButtons):
        return [Focusable(("light", b.label), b.hit_area(light.factor), b.action)
                for b in light.buttons if b.enabled]
    if not scene.has_ui:
        return []
    return _gui_items(scene)


def _gui_items(scene: Screen) -> list[Focusable]:
    from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine

    ui = scene.ui
    elements = [e for e in ui.get_sprite_group().sprites() if e.visible and _shown(e)]
    modal = [e for e in elements if "#message_panel" in getattr(e, "most_specific_combined_id", "")]
    if modal:
        panel = modal[-1]
        elements = [e for e in elements if _inside(e, panel)]
    items: list[Focusable] = []
    seen: dict[Hashable, int] = {}

    def key_for(kind: str, text: str) -> tuple[str, str, int]:
        n = seen.get((kind, text), 0)
        seen[(kind, text)] = n + 1
        return (kind, text, n)

    # In the order they are laid out: a widget scrolled out of view sorts by where it lies in its scroll
    # area, so Tab still goes down the rows of a scroll area wherever it is scrolled to.
    areas = _scroll_areas(ui)
    placed = sorted(((e, _area_in(e, areas)) for e in elements), key=lambda pair: _reading_order(*pair))
    for element, area in placed:
        if _inside_kind(element, (UIDropDownMenu, UIHorizontalSlider)):
            continue  # the parts of a composite widget: the widget itself is the stop
        reveal = _revealer(element, area)
        if isinstance(element, UIButton) and element.is_enabled:
            items.append(Focusable(key_for("button", element.text), element.rect.copy(), _press(ui, element),
                                   reveal=reveal))
        elif isinstance(element, UITextEntryLine) and element.is_enabled:
            items.append(Focusable(key_for("entry", ""), element.rect.copy(), _type_into(ui, element),
                                   typing=True, leave=element.unfocus, reveal=reveal))
        elif isinstance(element, UIHorizontalSlider) and element.is_enabled:
            items.append(Focusable(key_for("slider", ""), element.rect.copy(), None,
                                   adjust=_slide(ui, element), reveal=reveal))
        elif isinstance(element, UIDropDownMenu) and element.is_enabled:
            items.append(Focusable(key_for("menu", ""), element.rect.copy(), _next_option(ui, element),
                                   adjust=_next_option_by(ui, element), reveal=reveal))
    return items


def _scroll_areas(ui: Any) -> dict[int, Any]:
    """The scroll areas (UIScrollingContainer) of `ui`, by the id of the container that scrolls in each."""
    from pygame_gui.elements import UIScrollingContainer

    return {id(area.get_container()): area for area in ui.get_sprite_group().sprites()
            if isinstance(area, UIScrollingContainer)}


def _area_in(element: Any, areas: dict[int, Any]) -> Any | None:
    return next((areas[id(c)] for c in _containers(element) if id(c) in areas), None)


def scroll_area_of(element: Any) -> Any | None:
    """The pygame-gui scroll area (UIScrollingContainer) `element` sits in, innermost (None: in none)."""
    return _area_in(element, _scroll_areas(element.ui_manager))


def _reading_order(element: Any, area: Any | None) -> tuple[int, int, int, int]:
    """Top to bottom, left to right; the widgets of one scroll area together, in their area's order."""
    if area is None:
        return (element.rect.top // 8, element.rect.left, 0, 0)
    content = area.get_container().rect  # the scrolled area: its top moves as it scrolls
    inside = element.rect.move(-content.left, -content.top)
    return (area.rect.top // 8, area.rect.left, inside.top // 8, inside.left)


def visible_rect(scroller: Any) -> pygame.Rect:
    """The part of the window where a scroll area shows its content (without its scroll bars)."""
    view = getattr(scroller, "_view_container", None)  # pygame-gui keeps the shown part in this container
    return (view.rect if view is not None else scroller.rect).copy()


def _revealer(element: Any, area: Any | None) -> Callable[[], None] | None:
    """What scrolls `element` into view when the focus lands on it (None outside a scroll area)."""
    if area is None:
        return None
    return lambda: reveal_in(area, element.rect)


def reveal_in(scroller: Any, rect: pygame.Rect) -> None:
    """Scroll `scroller` (a UIScrollingContainer) the least that shows all of `rect` (its top, if it is
    taller than the view), both the content and the scroll bar."""
    view, content = visible_rect(scroller), scroller.get_container()
    offset = view.top - content.rect.top  # how far it is scrolled now
    if rect.top < view.top or rect.height > view.height:
        offset -= view.top - rect.top
    elif rect.bottom > view.bottom:
        offset += rect.bottom - view.bottom
    else:
        return
    offset = max(0, min(offset, content.rect.height - view.height))
    content.set_relative_position((content.relative_rect.x, -offset))
    bar = getattr(scroller, "vert_scroll_bar", None)
    if bar is not None and bar.sliding_button is not None and content.rect.height > 0:
        bar.set_scroll_from_start_percentage(offset / content.rect.height)
        # the content is placed already: the bar's move must not place it again by its rounded percentage
        bar.has_moved_recently = False


def _containers(element: Any) -> list[Any]:
    """The containers `element` sits in, innermost first (the root container is its own container)."""
    chain: list[Any] = []
    container = getattr(element, "ui_container", None)
    while container is not None and container is not element and all(c is not container for c in chain):
        chain.append(container)
        element, container = container, getattr(container, "ui_container", None)
    return chain


def _shown(element: Any) -> bool:
    """Visible, and so is every container it is in."""
    return all(getattr(c, "visible", True) for c in _containers(element))


def _inside(element: Any, panel: Any) -> bool:
    return any(c is panel or getattr(c, "parent_element", None) is panel for c in _containers(element))


def _inside_kind(element: Any, kinds: tuple[type, ...]) -> bool:
    parent, seen = getattr(element, "parent_element", None), 0
    while parent is not None and seen < 16:  # composite widgets nest a few levels at most
        if isinstance(parent, kinds):
            return True
        parent, seen = getattr(parent, "parent_element", None), seen + 1
    return False


def _press(ui: Any, button: Any) -> Callable[[], None]:
    """Press a pygame-gui button as a click would: the screen hears the same UI_BUTTON_PRESSED."""
    import pygame_gui

    def press() -> None:
        pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button,
                                             ui_object_id=button.most_specific_combined_id, mouse_button=1))
    return press


def _type_into(ui: Any, entry: Any) -> Callable[[], None]:
    def focus() -> None:
        ui.set_focus_set(entry)
    return focus


def _slide(ui: Any, slider: Any) -> Callable[[int], None]:
    import pygame_gui

    def slide(step: int) -> None:
        low, high = slider.value_range
        increment = getattr(slider, "click_increment", 1) or 1
        value = max(low, min(high, slider.get_current_value() + step * increment))
        slider.set_current_value(value)
        pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=slider,
                                             ui_object_id=slider.most_specific_combined_id,
                                             value=slider.get_current_value()))
    return slide


def _next_option_by(ui: Any, menu: Any) -> Callable[[int], None]:
    import pygame_gui

    def choose(step: int) -> None:
        options = [o[0] if isinstance(o, tuple) else o for o in menu.options_list]
        if not options:
            return
        current = menu.selected_option[0] if isinstance(menu.selected_option, tuple) else menu.selected_option
        index = (options.index(current) + step) % len(options) if current in options else 0
        pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu,
                                             ui_object_id=menu.most_specific_combined_id,
                                             text=options[index]))
    return choose


def _next_option(ui: Any, menu: Any) -> Callable[[], None]:
    step = _next_option_by(ui, menu)
    return lambda: step(1)


# -- moving --------------------------------------------------------------------------------------
def nearest(items: list[Focusable], origin: pygame.Rect, direction: Direction) -> Focusable | None:
    """The item nearest `origin` in `direction` (one whose centre lies that way), favouring those in
    line with it."""
    ox, oy = origin.center
    dx, dy = direction
    best: tuple[float, Focusable] | None = None
    for item in items:
        x, y = item.rect.center
        ahead = (x - ox) * dx + (y - oy) * dy
        if ahead <= 0 or item.rect == origin:
            continue
        aside = abs((x - ox) * dy) + abs((y - oy) * dx)
        score = ahead + 2.5 * aside
        if best is None or score < best[0]:
            best = (score, item)
    return best[1] if best is not None else None


class Focus:
    """Where the focus rests on one screen, and whether the ring shows."""

    def __init__(self) -> None:
        self.key: Hashable | None = None
        self.visible = False
        self._rect: pygame.Rect | None = None  # where the focused thing was: the nearest stands in

    def current(self, items: list[Focusable]) -> Focusable | None:
        found = next((i for i in items if i.key == self.key), None)
        if found is None and items and self._rect is not None:
            found = min(items, key=lambda i: math.dist(i.rect.center, self._rect.center))  # type: ignore[union-attr]
        return found

    def set(self, item: Focusable | None, items: list[Focusable] | None = None) -> None:
        old = self.current(items) if items is not None else None
        if old is not None and old is not item and old.leave is not None:
            old.leave()
        self.key = None if item is None else item.key
        self._rect = None if item is None else item.rect.copy()
        self.visible = item is not None
        if item is not None and item.reveal is not None:
            item.reveal()  # what the focus rests on is never scrolled out of sight

    def step(self, items: list[Focusable], delta: int) -> None:
        if not items:
            return
        current = self.current(items)
        if current is None:
            self.set(items[0] if delta > 0 else items[-1], items)
        else:
            self.set(items[(items.index(current) + delta) % len(items)], items)

    def move(self, items: list[Focusable], direction: Direction) -> None:
        current = self.current(items)
        if current is None:
            self.step(items, 1)
            return
        if current.adjust is not None and direction in (LEFT, RIGHT):
            current.adjust(direction[0])
            return
        target = nearest(items, current.rect, direction)
        if target is not None:
            self.set(target, items)
        else:
            self.set(current, items)

    def draw(self, surface: pygame.Surface, items: list[Focusable]) -> None:
        current = self.current(items) if self.visible else None
        if current is None:
            return
        w, h = surface.get_size()
        width = max(2, round(min(w / 1280, h / 720) * 3))
        ring = current.rect.inflate(3 * width, 3 * width)
        pygame.draw.rect(surface, RING_EDGE, ring.inflate(2 * width, 2 * width), width,
                         border_radius=3 * width)
        pygame.draw.rect(surface, RING, ring, width, border_radius=3 * width)


# -- the app's part ------------------------------------------------------------------------------
class Navigator:
    """Turns keys and controller input into focus moves, actions and the screen's own keys."""

    def __init__(self) -> None:
        self.focus: weakref.WeakKeyDictionary[Screen, Focus] = weakref.WeakKeyDictionary()
        self.controllers: dict[int, Any] = {}  # instance id -> pygame._sdl2.controller.Controller
        self._stick: Direction | None = None
        self._stick_wait = 0.0

    def focus_of(self, scene: Screen) -> Focus:
        found = self.focus.get(scene)
        if found is None:
            found = self.focus[scene] = Focus()
        return found

    # -- controllers --------------------------------------------------------------------------------
    @staticmethod
    def start_controllers() -> None:
        """Listen for game controllers (those already plugged in arrive as CONTROLLERDEVICEADDED)."""
        try:
            from pygame._sdl2 import controller

            if not controller.get_init():
                controller.init()
        except (ImportError, pygame.error) as exc:
            log.info("no game controller support: %s", exc)

    def _device(self, event: pygame.event.Event) -> None:
        if event.type == pygame.CONTROLLERDEVICEADDED:
            try:
                from pygame._sdl2 import controller

                pad = controller.Controller(event.device_index)
                self.controllers[pad.id] = pad
                log.info("game controller connected: %s", pad.name)
            except (ImportError, pygame.error, ValueError, TypeError) as exc:
                log.info("a game controller could not be opened: %s", exc)
        elif event.type == pygame.CONTROLLERDEVICEREMOVED:
            pad = self.controllers.pop(getattr(event, "instance_id", -1), None)
            if pad is not None:
                with contextlib.suppress(pygame.error):
                    pad.quit()
            self._stick = None

    # -- events ---------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, scene: Screen) -> bool:
        """Take `event` when it is navigation (True: the screen must not get it as well)."""
        kind = event.type
        if kind in (pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED):
            self._device(event)
            return True
        if kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            focus = self.focus.get(scene)
            if focus is not None and focus.visible:
                focus.visible = False
            return False
        if kind == pygame.CONTROLLERBUTTONDOWN:
            return self._button(event.button, scene)
        if kind == pygame.CONTROLLERBUTTONUP:
            return True
        if kind == pygame.CONTROLLERAXISMOTION:
            self._axis(event, scene)
            return True
        if kind == pygame.KEYDOWN:
            return self._key(event, scene)
        return False

    def _key(self, event: pygame.event.Event, scene: Screen) -> bool:
        items = focus_items(scene)
        focus = self.focus_of(scene)
        current = focus.current(items) if focus.visible else None
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if current is not None and current.typing and _typing(scene):
            if key == pygame.K_TAB:
                focus.step(items, -1 if shift else 1)
                return True
            if key in (pygame.K_UP, pygame.K_DOWN):
                focus.move(items, ARROWS[key])
                return True
            return False  # the text field takes it (Esc included: the screen sees it too)
        if not items:
            return False
        if key in getattr(scene, "own_keys", ()):  # a screen that turns pages or steps a list itself
            return False
        if key == pygame.K_TAB:
            focus.step(items, -1 if shift else 1)
            return True
        if current is None and key in ARROWS:
            self.show(focus, items)  # the first arrow shows where the focus is
            return True
        if key in ARROWS:
            focus.move(items, ARROWS[key])
            return True
        if key in NUMBER_KEYS and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return self.pick(items, focus, NUMBER_KEYS[key])
        if key == pygame.K_i and current is not None and current.inspect is not None:
            current.inspect()
            return True
        if key == pygame.K_SPACE and current is not None and current.card and current.inspect is not None:
            current.inspect()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and current is not None:
            if current.act is not None:
                current.act()
                return True
            if current.inspect is not None:
                current.inspect()
                return True
        return False

    @staticmethod
    def show(focus: Focus, items: list[Focusable]) -> None:
        """Show the focus ring where the focus was (or on the first item)."""
        focus.set(focus.current(items) or items[0], items)

    def pick(self, items: list[Focusable], focus: Focus, number: int) -> bool:
        """The number key `number`: act on the n-th legal card."""
        cards = [i for i in items if i.card and i.legal and i.act is not None]
        if not 1 <= number <= len(cards):
            return False
        chosen = cards[number - 1]
        focus.set(chosen, items)
        assert chosen.act is not None
        chosen.act()
        return True

    def _button(self, button: int, scene: Screen) -> bool:
        press = {
            pygame.CONTROLLER_BUTTON_DPAD_LEFT: pygame.K_LEFT,
            pygame.CONTROLLER_BUTTON_DPAD_RIGHT: pygame.K_RIGHT,
            pygame.CONTROLLER_BUTTON_DPAD_UP: pygame.K_UP,
            pygame.CONTROLLER_BUTTON_DPAD_DOWN: pygame.K_DOWN,
            pygame.CONTROLLER_BUTTON_A: pygame.K_RETURN,
            pygame.CONTROLLER_BUTTON_Y: pygame.K_i,
            pygame.CONTROLLER_BUTTON_LEFTSHOULDER: pygame.K_TAB,
            pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: pygame.K_TAB,
        }.get(button)
        if button == pygame.CONTROLLER_BUTTON_B:
            _post_key(pygame.K_ESCAPE)  # the screen's own way back, as the Esc key
            return True
        if button == pygame.CONTROLLER_BUTTON_START:
            self.pause(scene)
            return True
        if press is None:
            return True
        if press == pygame.K_RETURN:
            focus, items = self.focus_of(scene), focus_items(scene)
            if items and not focus.visible:  # A first shows where the focus is (Enter is the screen's own)
                self.show(focus, items)
                return True
        mod = pygame.KMOD_SHIFT if button == pygame.CONTROLLER_BUTTON_LEFTSHOULDER else 0
        event = pygame.event.Event(pygame.KEYDOWN, key=press, mod=mod, unicode="", scancode=0)
        if not self._key(event, scene) and press == pygame.K_RETURN:
            _post_key(pygame.K_RETURN)  # nothing to focus: the screen's own Enter (skip an animation)
        return True

    @staticmethod
    def pause(scene: Screen) -> None:
        """Start: a table opens its pause menu; the pause menu closes again."""
        opener = getattr(scene, "open_menu", None) or getattr(scene, "open_pause", None)
        if callable(opener):
            opener()
        elif getattr(scene, "closes_on_start", False):
            _post_key(pygame.K_ESCAPE)

    def _axis(self, event: pygame.event.Event, scene: Screen) -> None:
        if event.axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return
        value = event.value / 32767
        horizontal = event.axis == pygame.CONTROLLER_AXIS_LEFTX
        if abs(value) < STICK_THRESHOLD:
            if self._stick is not None and (self._stick[0] != 0) == horizontal:
                self._stick = None
            return
        direction = ((1 if value > 0 else -1), 0) if horizontal else (0, (1 if value > 0 else -1))
        if direction != self._stick:
            self._stick = direction
            self._stick_wait = STICK_DELAY
            self._arrow(direction, scene)

    def _arrow(self, direction: Direction, scene: Screen) -> None:
        key = next(k for k, d in ARROWS.items() if d == direction)
        self._key(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0), scene)

    def update(self, dt: float, scene: Screen | None) -> None:
        """A stick held over repeats its step."""
        if self._stick is None or scene is None:
            return
        self._stick_wait -= dt
        if self._stick_wait <= 0:
            self._stick_wait = STICK_REPEAT
            self._arrow(self._stick, scene)

    # -- drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, scene: Screen) -> None:
        focus = self.focus.get(scene)
        if focus is None or not focus.visible:
            return
        focus.draw(surface, focus_items(scene))


def _typing(scene: Screen) -> bool:
    """A text field of `scene` takes the keys now."""
    if not scene.has_ui:
        return False
    from pygame_gui.elements import UITextEntryLine

    return any(isinstance(e, UITextEntryLine) and e.is_focused for e in scene.ui.get_focus_set() or ())


def _post_key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
