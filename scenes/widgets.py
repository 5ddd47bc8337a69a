"""The pygame-gui side of the menu screens: the theme scaled to the window, menu scenes built from
pygame-gui widgets, and modal messages (a box inside a menu scene, or `MessageScene` over a screen
drawn without pygame-gui).

The look they share with the screens drawn in plain pygame lives in scenes/look.py; its names are
offered here too, so a menu scene imports everything from one place.
"""

from __future__ import annotations

import copy
import warnings
import weakref
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel, UITextBox, UITextEntryLine

from game.i18n import tr
from scenes.fonts import fitting_prefix, wrap
from scenes.look import (
    CREAM,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    MUTED,
    Message,
    base_theme,
    body_font,
    column,
    dim,
    draw_card_fan,
    draw_felt,
    draw_heading,
    draw_panel,
    draw_text,
    felt,
    fit_text,
    fitting_font,
    heading_font,
    px,
    row,
    scaled_length,
    text_scale,
    theme_factor,
    ui_scale,
)
from scenes.menu_buttons import MenuButton, MenuButtons
from scenes.scene import Scene

if TYPE_CHECKING:
    from scenes.scene import Host

__all__ = [
    "CREAM", "GOLD", "GOLD_DARK", "GOLD_LIGHT", "MUTED", "MenuButton", "MenuScene", "Message", "MessageBox",
    "MessageScene", "PlaceholderEntry", "apply_theme", "body_font", "button_at", "column", "dim",
    "draw_card_fan", "draw_heading", "ROW_BAND", "ROW_CONTRAST", "contrast_ratio", "draw_row_band",
    "relative_luminance",
    "draw_felt", "draw_panel", "draw_text", "felt", "find_button", "fit_text", "fitted_label", "fitting_font",
    "heading_font", "oid", "px", "row", "scaled_theme", "set_fitted_text",
    "text_scale", "ui_scale", "wrap",
]

# pygame-gui rounds corners to fit small widgets by itself; its note about it is only noise here
warnings.filterwarnings("ignore", message="Clamping shape_corner_radius", category=UserWarning)

#: misc keys of the theme that are lengths in pixels and grow with the window
_SCALED_MISC = ("border_width", "shadow_width", "shape_corner_radius", "sliding_button_width",
                "open_button_width", "list_item_height", "rect_width", "text_horiz_alignment_padding")


# -- theme -----------------------------------------------------------------------------------------
def _scale_number(text: str, factor: float) -> str:
    value = float(text)
    return text if value <= 0 else str(scaled_length(value, factor))


@lru_cache(maxsize=8)
def scaled_theme(factor: float) -> dict:
    """The theme with its font sizes and pixel lengths multiplied by `factor`."""
    theme = copy.deepcopy(base_theme())
    for block in theme.values():
        font = block.get("font")
        if isinstance(font, dict) and "size" in font:
            font["size"] = _scale_number(str(font["size"]), factor)
        misc = block.get("misc")
        if isinstance(misc, dict):
            for key in _SCALED_MISC:
                if key in misc:
                    misc[key] = _scale_number(str(misc[key]), factor)
            if "padding" in misc:
                misc["padding"] = ",".join(_scale_number(p, factor) for p in str(misc["padding"]).split(","))
    return theme


_theme_scales: weakref.WeakKeyDictionary[pygame_gui.UIManager, float] = weakref.WeakKeyDictionary()


def apply_theme(ui: pygame_gui.UIManager, size: tuple[int, int]) -> None:
    """Give `ui` the theme at the scale of a window of `size`. Call before creating widgets."""
    factor = theme_factor(size)
    ui.live_theme_updates = False  # the file's sizes are for 1280x720; a reload would undo the scaling
    if _theme_scales.get(ui, 1.0) != factor:  # a new manager holds the file's theme: scale 1
        ui.get_theme().load_theme(scaled_theme(factor))
        _theme_scales[ui] = factor
    body = max(8, round(17 * factor))  # the text boxes' <b> and <i> runs
    fonts = ui.get_theme().get_font_dictionary()
    wanted: list[dict[str, str | int | float]] = [{"name": "noto_sans", "point_size": body, "style": style}
              for style, bold, italic in (("bold", True, False), ("italic", False, True))
              if not fonts.check_font_preloaded(fonts.create_font_id(body, "noto_sans", bold, italic))]
    if wanted:
        ui.preload_fonts(wanted)


def oid(class_id: str | None = None, object_id: str | None = None) -> ObjectID:
    return ObjectID(object_id=object_id, class_id=class_id)


# -- text fields -----------------------------------------------------------------------------------
class _NoWidth:
    """What a text field refuses: the characters its own list forbids, and every character that takes
    no width in its font (a zero-width space, a joiner, a soft hyphen). pygame-gui cannot lay out a
    text made only of such characters and raises; refused wherever it would come in (typed, pasted
    or set), no text ever is, whatever is deleted later."""

    def __init__(self, entry: UITextEntryLine, forbidden=None) -> None:
        self.entry = entry
        self.forbidden = forbidden

    def __contains__(self, character: object) -> bool:
        if self.forbidden is not None and character in self.forbidden:
            return True
        font = self.entry.font
        try:
            return font is not None and font.size(str(character))[0] == 0
        except (pygame.error, ValueError):  # a character the font cannot even measure
            return True

    def copy(self) -> _NoWidth:
        return _NoWidth(self.entry, self.forbidden)


class PlaceholderEntry(UITextEntryLine):
    """A text field whose placeholder reads as one: pygame-gui writes it in the text's own colour, so
    here it is muted until the field has text or the focus. A character without width is refused
    (see _NoWidth)."""

    def set_forbidden_characters(self, forbidden_characters) -> None:
        super().set_forbidden_characters(forbidden_characters)
        # pygame-gui keeps a list here and only asks `in` of it: _NoWidth answers that for every character
        self.forbidden_characters = _NoWidth(self, self.forbidden_characters)  # type: ignore[assignment]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.forbidden_characters = _NoWidth(self)  # type: ignore[assignment]  # as above
        self._ink = self.text_colour
        self._hinting = False
        self._show_ink()

    def rebuild_from_changed_theme_data(self) -> None:
        super().rebuild_from_changed_theme_data()
        self._ink = self.text_colour  # the theme's colour of the text
        if getattr(self, "_hinting", False):  # and the placeholder muted again
            self._hinting = False
            self._show_ink()

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        self._show_ink()

    def _show_ink(self) -> None:
        hinting = not self.text and not self.is_focused and bool(self.placeholder_text)
        if hinting != self._hinting:
            self._hinting = hinting
            self.text_colour = pygame.Color(PLACEHOLDER_INK) if hinting else self._ink
            self.rebuild()


#: the colour of a text field's placeholder: between the field's background and its text
PLACEHOLDER_INK = "#7f8c7a"


# -- labels that fit -------------------------------------------------------------------------------
def fitted_label(ui: pygame_gui.UIManager, rect: pygame.Rect, text: str, *, container=None,
                 object_id: ObjectID | None = None) -> UILabel:
    """A label showing `text` whole when it fits `rect`, else cut with "…" and whole in its tooltip,
    measured with the label's own font (so pygame-gui never finds its rect too small)."""
    label = UILabel(rect, "", manager=ui, container=container, object_id=object_id)
    face = label.font
    assert face is not None  # a label has its theme's font once made
    tall = face.size(text or " ")[1]
    if tall > rect.height:  # a tiny window: the label grows to its text's height, centred where it was
        label.set_dimensions((rect.width, tall))
        label.set_relative_position((rect.x, rect.centery - tall // 2))
    set_fitted_text(label, text)
    return label


def set_fitted_text(label: UILabel, text: str) -> None:
    """Show `text` on `label` as `fitted_label` does."""
    width = max(1, label.relative_rect.width)
    shown = text
    face = label.font
    assert face is not None  # a label has its theme's font once made
    if fitting_prefix(text, face, width) < len(text):
        shown = text[:fitting_prefix(text, face, width, "…")]
        shown = shown.rstrip() + "…" if shown else ""
        label.set_tooltip(text)
    else:
        label.set_tooltip(None)
    label.set_text(shown)


# -- message box -----------------------------------------------------------------------------------
#: the band under a selected or highlighted row of a list (History, a winner on the results): deep enough
#: that the words on it, in cream, gold or muted green, keep a contrast of at least ROW_CONTRAST
ROW_BAND = (20, 58, 40)
ROW_CONTRAST = 4.5  # WCAG's minimum for text


def relative_luminance(colour: pygame.Color | tuple[int, ...]) -> float:
    """A colour's relative luminance (WCAG 2), 0 for black to 1 for white."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = tuple(colour)[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast_ratio(one: pygame.Color | tuple[int, ...], other: pygame.Color | tuple[int, ...]) -> float:
    """How far apart two colours read (WCAG 2): 1 for the same, 21 for black on white."""
    light, dark = sorted((relative_luminance(one), relative_luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def draw_row_band(surface: pygame.Surface, band: pygame.Rect, size: tuple[int, int],
                  rim: pygame.Color | tuple[int, ...] = GOLD) -> None:
    """The band under a selected row: opaque (a colour with alpha would not blend on the screen and
    paints a solid light gold, under gold words), with a rim that marks it without colouring the words."""
    radius = px(6, size)
    pygame.draw.rect(surface, ROW_BAND, band, border_radius=radius)
    pygame.draw.rect(surface, rim, band, max(1, px(2, size)), border_radius=radius)


MESSAGE_BG = (11, 34, 24)
MESSAGE_RIM = (184, 148, 67)


def message_board(size: tuple[int, int], window: tuple[int, int]) -> pygame.Surface:
    """The message box's board: opaque, rounded, with a gold rim."""
    board = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
    radius, rim = px(10, window), max(1, px(2, window))
    pygame.draw.rect(board, MESSAGE_BG, board.get_rect(), border_radius=radius)
    pygame.draw.rect(board, MESSAGE_RIM, board.get_rect(), rim, border_radius=radius)
    return board.convert_alpha() if pygame.display.get_surface() is not None else board


class MessageBox:
    """A modal panel over the scene: while it is open the scene ignores its other widgets."""

    def __init__(self, ui: pygame_gui.UIManager, size: tuple[int, int], message: Message) -> None:
        self.message = message
        width = min(size[0] - 16, px(560, size))
        pad = px(16, size)
        button_h = px(44, size)
        # tall enough for the whole text (measured with a font of the theme's text size), within the window
        font = body_font(max(8, round(16 * text_scale(size))))
        lines = 2 + sum(len(wrap(part, font, max(1, width - 4 * pad))) or 1
                        for part in message.text.split("\n"))
        wanted = round(lines * font.get_linesize() * 1.5) + 5 * pad + button_h  # the text box's own spacing
        height = min(size[1] - 16, max(px(260, size), wanted))
        button_h = min(button_h, max(1, height // 4))
        rect = pygame.Rect(0, 0, max(1, width), max(1, height))
        rect.center = (size[0] // 2, size[1] // 2)
        self.panel = UIPanel(rect, starting_height=50, manager=ui, object_id=oid(None, "#message_panel"))
        # the board itself is drawn once here: pygame-gui draws a rounded shape four times over in memory
        UIImage(pygame.Rect(0, 0, rect.width, rect.height), message_board(rect.size, size), manager=ui,
                container=self.panel)
        inner_w = max(1, rect.width - 2 * pad)
        html = f"<b>{_escape(message.title)}</b><br><br>{_escape(message.text)}"
        text_h = max(1, rect.height - 3 * pad - button_h)
        self.text = UITextBox(html, pygame.Rect(pad, pad, inner_w, text_h), manager=ui,
                              container=self.panel, object_id=oid("@plain_text"))
        area = pygame.Rect(pad, rect.height - pad - button_h - 4, inner_w, button_h)
        rects = row(area, len(message.answers), button_h, pad, width=px(170, size))
        self.buttons: dict[UIButton, str] = {}
        for (key, label), r in zip(message.answers, rects, strict=True):
            button = UIButton(r, tr(label), manager=ui, container=self.panel,
                              object_id=oid("@primary" if key == message.answers[-1][0] else None))
            self.buttons[button] = key

    def answer(self, event: pygame.event.Event) -> str | None:
        """The key of the answer that `event` picked, if it pressed one of this box's buttons."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.buttons.get(event.ui_element)
        return None

    def kill(self) -> None:
        self.panel.kill()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\n", "<br>")


def set_enabled(button: UIButton, enabled: bool) -> None:
    """Enable or disable a pygame-gui button (it has two methods for the one switch)."""
    if enabled:
        button.enable()
    else:
        button.disable()


def button_at(ui: pygame_gui.UIManager, label: str) -> UIButton | None:
    """The visible button showing `label` (for keyboard shortcuts and tests)."""
    for element in ui.get_sprite_group().sprites():
        if isinstance(element, UIButton) and element.text == label and element.visible:
            return element
    return None


def find_button(scene: Scene, label: str) -> UIButton | MenuButton | None:
    """The button showing `label` on `scene`, a light one (kept as `scene.menu_buttons`) or a
    pygame-gui one; both kinds answer `rect` and `is_enabled`."""
    light = getattr(scene, "menu_buttons", None)
    if isinstance(light, MenuButtons):
        found = light.find(label)
        if found is not None:
            return found
    return button_at(scene.ui, label) if scene.has_ui else None


# -- menu scenes -----------------------------------------------------------------------------------
class MenuScene(Scene):
    """A menu screen on the felt: widgets built by `build()` from the window size, buttons bound to
    callbacks, Esc for `back()`, and one optional modal message. `title` is written in the chosen
    language when drawn (a class's title is marked with N_)."""

    title = ""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.actions: dict[UIButton, Callable[[], None]] = {}
        self.message: Message | None = None
        self._on_answer: Callable[[str], None] | None = None
        self._box: MessageBox | None = None

    # life cycle
    def on_enter(self) -> None:
        size = self.app.size
        apply_theme(self.ui, size)
        self.actions.clear()
        self.build(size)
        if self.message is not None:
            self._box = MessageBox(self.ui, size, self.message)

    def build(self, size: tuple[int, int]) -> None:
        """Create the widgets for a window of `size`."""

    def back(self) -> None:
        """Esc: leave this screen."""
        self.app.pop()

    # widgets
    def add_button(self, rect: pygame.Rect, text: str, action: Callable[[], None], *, primary: bool = False,
                   enabled: bool = True, tooltip: str | None = None, class_id: str | None = None,
                   container=None) -> UIButton:
        button = UIButton(rect, text, manager=self.ui, container=container, tool_tip_text=tooltip,
                          object_id=oid("@primary" if primary else class_id))
        if not enabled:
            button.disable()
        self.actions[button] = action
        return button

    def show_message(self, message: Message, on_answer: Callable[[str], None] | None = None) -> None:
        self.close_message()
        self.message = message
        self._on_answer = on_answer
        self._box = MessageBox(self.ui, self.app.size, message)

    def close_message(self) -> None:
        if self._box is not None:
            self._box.kill()
        self._box = None
        self.message = None

    # frame
    def handle_event(self, event: pygame.event.Event) -> None:
        if self._box is not None:
            answer = self._box.answer(event)
            escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
            if answer is not None or escape:
                callback = self._on_answer
                self.close_message()
                self._on_answer = None
                if callback is not None:
                    callback(answer or "cancel")
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self.actions.get(event.ui_element)
            if action is not None:
                action()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        else:
            self.handle_other(event)

    def handle_other(self, event: pygame.event.Event) -> None:
        """Events other than button presses and Esc (sliders, drop-downs, text entries)."""

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        self.draw_decor(surface)

    def draw_decor(self, surface: pygame.Surface) -> None:
        """Headings and drawings under the widgets."""
        if self.title:
            w, h = surface.get_size()
            draw_heading(surface, tr(self.title), (w // 2, px(58, (w, h))), round(44 * text_scale((w, h))))


class MessageScene(MenuScene):
    """A modal message over a screen drawn without pygame-gui (the title): that screen stays in view,
    dimmed, and `on_answer` gets the key of the answer (or "cancel" for Esc) once this has closed."""

    opaque = False

    def __init__(self, app: Host, message: Message, on_answer: Callable[[str], None] | None = None) -> None:
        super().__init__(app)
        self.message = message
        self._on_answer = on_answer

    def handle_event(self, event: pygame.event.Event) -> None:
        answer = self._box.answer(event) if self._box is not None else None
        if answer is None and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            answer = "cancel"
        if answer is None:
            return
        callback, self._on_answer = self._on_answer, None
        self.close_message()
        if self.app.stack.top is self:
            self.app.pop()
        if callback is not None:
            callback(answer)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
