"""One layer stack per screen: what is drawn over what, and who gets a click or a key first.

A screen with overlays (a table, the gallery, a lesson's card) keeps its parts as layers, each at its
fixed `Place` in the order: the table itself, cards in flight, marks (hints, a lesson's pointers),
banners (announcements, a shown hand, a note), lesson cards, the inspect view, and overlays. Layers are
drawn bottom first, so nothing of a lower layer is ever drawn over a higher one; input goes top first.

A layer that is shown and `modal` takes every event (what it does not use goes nowhere else). Esc, and a
controller's B, which the focus turns into Esc, close the top layer that can close (`close`), and no
other: Esc on a card shown large closes that view and leaves the lesson or game under it alone. A layer
`above_widgets` is drawn after the screen's pygame-gui widgets (the app asks for it through
`Scene.draw_above_widgets`), so a card shown large in the gallery covers its header buttons too.

Screens that sit on the app's scene stack over this one (the pause menu, the History overlay, a question)
are the overlays: the app draws them after this screen, and gives them input first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum

import pygame


class Place(IntEnum):
    """Where a layer lies, bottom first."""

    TABLE = 0
    FLIGHT = 1
    MARKS = 2
    BANNERS = 3
    LESSON = 4
    INSPECT = 5
    OVERLAY = 6


def _never() -> bool:
    return False


def _always() -> bool:
    return True


def _ignore(event: pygame.event.Event) -> bool:
    return False


@dataclass(eq=False)
class Layer:
    """A part of a screen at its place in the order: how it is drawn, whether it shows now, what it does
    with an event (True: taken), and what Esc does to it (True: it closed, or did what Esc means there)."""

    place: Place
    draw: Callable[[pygame.Surface], None]
    shown: Callable[[], bool] = _always
    modal: Callable[[], bool] = _never
    handle: Callable[[pygame.event.Event], bool] = _ignore
    close: Callable[[], bool] | None = None
    above_widgets: bool = False
    name: str = ""


def is_escape(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE


@dataclass
class LayerStack:
    """The layers of one screen, kept in their places' order (layers of one place in the order added)."""

    layers: list[Layer] = field(default_factory=list)

    def add(self, layer: Layer) -> Layer:
        self.layers.append(layer)
        self.layers.sort(key=lambda each: each.place)  # stable: a place keeps the order of adding
        return layer

    def remove(self, layer: Layer) -> None:
        if layer in self.layers:
            self.layers.remove(layer)

    def shown(self) -> list[Layer]:
        """The layers shown now, bottom first."""
        return [layer for layer in self.layers if layer.shown()]

    def top(self) -> Layer | None:
        """The highest layer shown now."""
        shown = self.shown()
        return shown[-1] if shown else None

    def modal(self) -> Layer | None:
        """The highest shown layer that takes every event, if any."""
        return next((layer for layer in reversed(self.shown()) if layer.modal()), None)

    def draw(self, surface: pygame.Surface, *, above_widgets: bool = False) -> None:
        """Draw the shown layers bottom first: those below the screen's widgets, or those above them."""
        for layer in self.shown():
            if layer.above_widgets == above_widgets:
                layer.draw(surface)

    def handle_event(self, event: pygame.event.Event, *, modal_only: bool = False) -> bool:
        """Offer `event` to the layers, top first; True when one took it. Esc goes to the top layer that
        can close; a modal layer takes whatever it is offered. With `modal_only`, only layers at or
        above the highest modal layer are asked (what a screen's widgets may not see first)."""
        shown = self.shown()
        if modal_only:
            modal = self.modal()
            if modal is None:
                return False
            shown = shown[shown.index(modal):]
        for layer in reversed(shown):
            if is_escape(event) and layer.close is not None and layer.close():
                return True
            if layer.handle(event):
                return True
            if layer.modal():
                return True
        return False


__all__ = ["Layer", "LayerStack", "Place", "is_escape"]
