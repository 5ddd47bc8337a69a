"""What a table offers to be clicked, and what a click or a drop on the table means.

A `Target` is a legal action (a card, a plate, a row, a labelled button) or a selection: a thing the
player picks up before saying what to do with it (Palace's cards of one rank, Gloria Picktoria's card or
egg in hand). A selection is the view's own business and never an engine action: the kit hands it to the
table's `on_select` hook.

A table answers a drop (`drop`) or a click on the bare table (`click_on_table`) with what it means, and
the kit does it: `Play(action)` plays the action when it is legal and says the engine's reason when it is
not, `Say(text)` tells the player something and plays nothing, `HANDLED` means the table took care of it
(it put a selection back), and None means the table makes nothing of it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import Text


@dataclass
class Target:
    """Something the player may click now: a legal action, or a selection (`select`)."""

    action: str = ""  # the engine's action text, made by the game's action constructors
    uid: int | None = None  # a card sprite
    rect: pygame.Rect | None = None  # a plate, a display row
    label: str | None = None  # a button (drawn by the table)
    draggable: bool = False  # a card that may be dragged somewhere to play it
    select: str | None = None  # not an action: the thing the click picks up or puts back (`on_select`)

    @property
    def key(self) -> str:
        """How the target is told apart from the others (what `click_points` names it by): the action,
        or `select <thing>` for a selection."""
        return self.action if self.select is None else f"select {self.select}"


@dataclass(frozen=True)
class Play:
    """A drop or a click means this engine action: played when legal, else the engine's reason is said."""

    action: str


@dataclass(frozen=True)
class Say:
    """A drop or a click means nothing to play: tell the player this (a message is put into words)."""

    text: Text


@dataclass(frozen=True)
class Handled:
    """A drop or a click the table took care of itself (a selection put back): nothing more to do."""


HANDLED = Handled()

#: What a table answers to a drop or a click on the bare table (None: it makes nothing of it).
Answer = Play | Say | Handled | None

__all__ = ["HANDLED", "Answer", "Handled", "Play", "Say", "Target"]
