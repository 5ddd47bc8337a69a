"""Each game's default card layout, for the templates: what the default design puts where.

A module here per game, tools/arttool/layouts/<game id>.py, offers `LAYOUT`: the game's kinds of card
(person card, King card, back…), each with the regions of the default design in the pixels of the
default card. What the table itself draws over a face (the blocked badge, the safe area for marks)
is not listed here: template.py takes it from the table's own code and the pack's manifest.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from game import REGISTRY

Size = tuple[int, int]
Box = tuple[float, float, float, float]  # x, y, w, h


@dataclass(frozen=True)
class Region:
    label: str
    box: Box
    note: str  # what goes there, for the README
    oval: bool = False  # a circle or ellipse filling `box`


@dataclass(frozen=True)
class CardKind:
    file: str  # the template's file name, without .png
    title: str
    manifest: str  # which manifest entries take images of this kind
    section: str  # "cards", a back kind ("back", "king_back"…) or "table"
    example: str | None = None  # an art id of this kind, for its text style
    marked: bool = False  # the table may put its blocked badge on cards of this kind
    regions: tuple[Region, ...] = ()


@dataclass(frozen=True)
class GameLayout:
    game_id: str
    size: Size  # the default card size, the unit of every region
    radius: float  # corner radius of the default cards
    frame: float  # width of the default frame: names and text stay inside it
    kinds: tuple[CardKind, ...]
    #: the game's deck as the art tools print and export it: players -> how many of each art id (None:
    #: every card once)
    deck: Callable[[int], Mapping[str, int]] | None = None
    #: the art ids whose cards show another back than "back", by that back's kind
    other_backs: Mapping[str, str] = field(default_factory=dict)  # art id prefix -> back kind
    #: the own hand's card height as a share of the window's (the size the table's fan draws it at:
    #: scenes/table/<game>/layout.py; tests/test_legibility.py opens each table and keeps them in step)
    hand_card_share: float = 0.154
    #: card ids (by prefix) whose kind is not the game's first card kind, by the kind's file name
    kind_by_prefix: tuple[tuple[str, str], ...] = ()


#: a hand card's share of the window for a game whose layout names none: the smallest any table draws
DEFAULT_HAND_CARD_SHARE = 0.154

#: game id -> module with its layout, for every game that has one
LAYOUT_MODULES: dict[str, str] = {
    entry.id: entry.art_layout
    for entry in REGISTRY
    if entry.art_layout is not None and importlib.util.find_spec(entry.art_layout) is not None
}


def game_layout(game_id: str) -> GameLayout | None:
    """The game's default layout, or None when none is known yet."""
    if game_id not in LAYOUT_MODULES:
        return None
    return importlib.import_module(LAYOUT_MODULES[game_id]).LAYOUT
