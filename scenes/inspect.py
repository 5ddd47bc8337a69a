"""Inspect any card: it shows large, with its name and its whole rule text as live text, and what
matters about it now. One component for every screen that shows cards (the tables, the gallery, the
draft and the reveal views).

Three ways open it: the pointer rests on a card for `HOVER_SECONDS` (it closes again when the pointer
leaves the card), a right click on a card, or a key on a focused card (I or Space). The last two pin it:
it stays until any key or click closes it, and that key or click does nothing else.

The view the pointer opens by resting is a smaller one beside the pointer (`peek_layout`), never modal: it
lies clear of the card under the pointer and, as far as the window allows, of where the next click is
likely to go (the card's `keep_clear`: the legal cards and targets, the buttons) and of the other cards
(`rather_clear`: the piles); a click goes through to the table and closes it.

A screen keeps an `Inspector`, tells it each frame what lies under the pointer (`point_at`), passes it
events first (`handle_event`) and draws it last (`draw`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from cards.card_text import describe_card
from game.i18n import tr
from scenes import fonts
from scenes.look import CREAM, GOLD, GOLD_DARK, MUTED, px, text_scale

if TYPE_CHECKING:
    from scenes.art import ArtLibrary

#: seconds the pointer rests on a card before it shows large: long enough that a player resting the
#: pointer while thinking is not interrupted
HOVER_SECONDS = 0.8
#: the view the pointer opens: its card picture's height as a share of the window's, and its text column
PEEK_SHARE = 0.3
PEEK_TEXT_PX = 300
#: how much more covering a place the next click may go to costs than covering any other card
CLICK_WEIGHT = 50
#: text sizes at 1280x720 (they follow `text_scale`): the name, the rule text, the notes, the hint
NAME_PX, RULE_PX, NOTE_PX, HINT_PX = 30, 21, 19, 16
#: the smallest the rule text gets in a small window before the card picture shrinks instead
SMALLEST_RULE_PX = 13
#: the card picture's height, as a share of the window's, at most
CARD_SHARE = 0.7
TABLE_ASPECT = 16 / 9
PANEL_FILL = (8, 30, 20)
NOTE_INK = (255, 214, 90)


@dataclass(frozen=True)
class Inspectable:
    """A card on screen that can be inspected."""

    key: Hashable  # what the pointer rests on: the same key on the next frame is the same card
    game_id: str
    art_id: str  # the card as the art pack names it ("Zofe/red", "king/Zofe", "10H")
    rect: pygame.Rect  # where the card lies on screen (a view opened by the pointer keeps clear of it)
    notes: tuple[str, ...] = ()  # what matters now: blocked by the King card, why it cannot be played
    title: str | None = None  # instead of the card's own name (a card id no game knows)
    lines: tuple[str, ...] | None = None  # instead of the card's own rule text and details
    largest: tuple[int, int] | None = None  # the picture never larger than this (the art's own pixels)
    section: str = "cards"  # or a back kind ("back", "king_back") or "table": what the picture shows
    pointer: tuple[int, int] | None = None  # where the pointer rested (a view it opens lies beside it)
    keep_clear: tuple[pygame.Rect, ...] = ()  # where the next click is likely to go: the view stays off it
    rather_clear: tuple[pygame.Rect, ...] = ()  # other things it covers only when it must (the piles)
    #: the options of the game the card is played in (None: the shipped cards, as the gallery shows them):
    #: a variant travels there, and the card is described as the variant has it
    options: Mapping[str, Any] | None = field(default=None, compare=False)

    def picture(self, art: ArtLibrary, size: tuple[int, int]) -> pygame.Surface:
        if self.section == "cards":
            return art.card(self.game_id, self.art_id, size)
        if self.section == "table":
            return art.table(self.game_id, size)
        return art.back(self.game_id, size, self.section)

    def aspect(self, art: ArtLibrary) -> float:
        """Width / height of the picture."""
        return TABLE_ASPECT if self.section == "table" else art.aspect(self.game_id)


@dataclass
class Layout:
    """Where the parts of the view go (for drawing, and for tests to measure)."""

    panel: pygame.Rect
    card: pygame.Rect
    text: pygame.Rect
    name_px: int
    rule_px: int
    note_px: int


class Inspector:
    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        #: the options of the game whose cards it shows (a table's match): each card it opens is
        #: described with the game's variant, if one is played
        self.options = options
        self.shown: Inspectable | None = None
        self.pinned = False
        self._under: Hashable | None = None
        self._rested = 0.0
        self._peek: tuple[tuple[Inspectable, tuple[int, int]], Layout] | None = None

    # -- opening and closing ----------------------------------------------------------------------
    def open(self, item: Inspectable, pinned: bool = True) -> None:
        if item.options is None and self.options is not None:
            item = dataclasses.replace(item, options=self.options)
        self.shown = item
        self.pinned = pinned

    def close(self) -> bool:
        """Close the view; True when one was shown."""
        was_open = self.shown is not None
        self.shown = None
        self.pinned = False
        self._rested = 0.0
        return was_open

    @property
    def is_open(self) -> bool:
        return self.shown is not None

    def showing(self) -> bool:
        """Whether a card is shown large (for a layer's `shown`)."""
        return self.shown is not None

    def modal(self) -> bool:
        """Whether the view takes every event: a card opened on purpose (a right click, I) until the next
        key or click; a view the pointer opened by resting lets everything through."""
        return self.shown is not None and self.pinned

    def point_at(self, key: Hashable | None, dt: float, make: Callable[[], Inspectable | None]) -> None:
        """The card under the pointer this frame (`key` None: nothing inspectable); `make` describes it
        when it is to be shown. After HOVER_SECONDS on the same card it shows; leaving the card closes
        a view the pointer opened."""
        if key != self._under:
            self._under = key
            self._rested = 0.0
            if self.shown is not None and not self.pinned:
                self.close()
            return
        if key is None:
            return
        self._rested += dt
        if self.shown is None and self._rested >= HOVER_SECONDS:
            item = make()
            if item is not None:
                self.open(item, pinned=False)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A pinned view takes the next key or click to close (True: the event is used up); a view the
        pointer opened closes on a click and lets it through to what lies under it."""
        if self.shown is None:
            return False
        if not self.pinned:
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.close()
            return False
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.close()
            return True
        return event.type == pygame.MOUSEBUTTONUP  # the release of the click that closed it

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, art: ArtLibrary) -> Layout | None:
        if self.shown is None:
            return None
        item = self.shown
        if self.pinned or item.pointer is None:
            return draw_inspect(surface, art, item, keep_clear=not self.pinned)
        size = surface.get_size()
        if self._peek is None or self._peek[0][0] is not item or self._peek[0][1] != size:
            self._peek = ((item, size), peek_layout(size, art, item))  # placed once: a search of the window
        return draw_inspect(surface, art, item, keep_clear=True, found=self._peek[1])


def texts_of(item: Inspectable) -> tuple[str, list[str], list[str]]:
    """The view's name, rule paragraphs and notes for `item`."""
    found = describe_card(item.game_id, item.art_id, item.options) if item.section == "cards" else None
    name = item.title or (found.name if found else item.art_id)
    if item.lines is not None:
        rules = list(item.lines)
    elif found is not None:
        rules = [*found.rules, *found.details]
    else:
        rules = [tr("No rule text is known for this card.")]
    return name, rules, list(item.notes)


def layout(size: tuple[int, int], art: ArtLibrary, item: Inspectable, keep_clear: bool,
           share: float = CARD_SHARE, text_px: int = 460) -> Layout:
    """The view's layout for a window of `size`: the card picture (`share` of the window's height at
    most) and a text column (`text_px` wide at 1280x720) beside it (under it in a narrow window), sized so
    that the whole text fits; the picture shrinks before the text."""
    w, h = size
    scale = text_scale(size)
    pad = px(18, size)
    name, rules, notes = texts_of(item)
    aspect = item.aspect(art)
    card_h = round(h * share)
    if item.largest is not None:
        card_h = min(card_h, item.largest[1])
    rule_px = max(SMALLEST_RULE_PX, round(RULE_PX * scale))
    while True:
        name_px = max(rule_px + 4, round(NAME_PX * scale * rule_px / max(1, round(RULE_PX * scale))))
        note_px = max(SMALLEST_RULE_PX, round(rule_px * NOTE_PX / RULE_PX))
        card_w = max(8, round(card_h * aspect))
        if card_w > w * 0.62:  # a wide picture (the table) keeps room for the text
            card_w = round(w * 0.62)
            card_h = max(8, round(card_w / aspect))
        text_w = min(px(text_px, size), w - card_w - 3 * pad)
        beside = text_w >= px(240, size) and w >= h  # a tall window puts the text under the card
        if not beside:
            text_w = min(w - 2 * pad, px(560, size))
        text_h = _text_height(name, rules, notes, text_w, name_px, rule_px, note_px)
        hint_h = fonts.font(_hint_px(size)).get_linesize()
        if beside:
            panel_w, panel_h = card_w + text_w + 3 * pad, max(card_h, text_h) + 3 * pad + hint_h
        else:
            panel_w, panel_h = max(card_w, text_w) + 2 * pad, card_h + text_h + 4 * pad + hint_h
        if panel_h <= h - 8 and panel_w <= w - 8:
            break
        if card_h > h * 0.22:
            card_h = round(card_h * 0.9)
        elif rule_px > SMALLEST_RULE_PX:
            rule_px -= 1
        else:
            break
    panel = pygame.Rect(0, 0, min(panel_w, w - 8), min(panel_h, h - 8))
    panel.center = (w // 2, h // 2)
    if keep_clear:
        _keep_clear(panel, item.rect, pygame.Rect(0, 0, w, h))
    card = pygame.Rect(panel.x + pad, panel.y + pad, card_w, card_h)
    if beside:
        card.centery = panel.y + pad + max(card_h, text_h) // 2
        text = pygame.Rect(card.right + pad, panel.y + pad, text_w, text_h)
    else:
        card.centerx = panel.centerx
        text = pygame.Rect(panel.centerx - text_w // 2, card.bottom + pad, text_w, text_h)
    return Layout(panel, card, text, name_px, rule_px, note_px)


def peek_layout(size: tuple[int, int], art: ArtLibrary, item: Inspectable) -> Layout:
    """The smaller view the pointer opens by resting: beside the pointer, off the card under it, and
    placed where it covers the least of where the next click may go (`keep_clear`), then of the other
    cards (`rather_clear`), the nearer the pointer the better."""
    found = layout(size, art, item, keep_clear=False, share=PEEK_SHARE, text_px=PEEK_TEXT_PX)
    spot = peek_spot(found.panel.size, item, pygame.Rect(0, 0, *size))
    dx, dy = spot.x - found.panel.x, spot.y - found.panel.y
    return Layout(found.panel.move(dx, dy), found.card.move(dx, dy), found.text.move(dx, dy), found.name_px,
                  found.rule_px, found.note_px)


def peek_spot(panel: tuple[int, int], item: Inspectable, window: pygame.Rect) -> pygame.Rect:
    """Where a view of size `panel` opened by the pointer lies: tried beside the card under the pointer
    on each side, slid along it, and the place that costs least wins (covering the card or the pointer
    costs most, then a place the next click may go, then another card, then the way from the pointer)."""
    w, h = panel
    card = item.rect
    pointer = item.pointer or card.center
    gap = px(12, window.size)
    places: list[pygame.Rect] = []
    for step in range(9):
        along_y = window.y + (window.height - h) * step / 8
        along_x = window.x + (window.width - w) * step / 8
        places += [pygame.Rect(card.right + gap, along_y, w, h),
                   pygame.Rect(card.left - gap - w, along_y, w, h),
                   pygame.Rect(along_x, card.top - gap - h, w, h),
                   pygame.Rect(along_x, card.bottom + gap, w, h)]
    for side in (pygame.Rect(card.right + gap, pointer[1] - h // 2, w, h),
                 pygame.Rect(card.left - gap - w, pointer[1] - h // 2, w, h),
                 pygame.Rect(pointer[0] - w // 2, card.top - gap - h, w, h),
                 pygame.Rect(pointer[0] - w // 2, card.bottom + gap, w, h)):
        places.insert(0, side)
    for place in places:
        place.clamp_ip(window)

    def cost(place: pygame.Rect) -> float:
        blocked = place.colliderect(card) or place.collidepoint(pointer)
        near = _distance(place, pointer)
        return ((1e12 if blocked else 0.0) + CLICK_WEIGHT * _covered(place, item.keep_clear)
                + _covered(place, item.rather_clear) + near * h * 0.25)

    return min(places, key=cost)


def _covered(place: pygame.Rect, rects: tuple[pygame.Rect, ...]) -> int:
    """The area of `rects` that `place` covers (each counted on its own)."""
    total = 0
    for rect in rects:
        clip = place.clip(rect)
        total += clip.width * clip.height
    return total


def _distance(rect: pygame.Rect, point: tuple[int, int]) -> float:
    dx = max(rect.left - point[0], 0, point[0] - rect.right)
    dy = max(rect.top - point[1], 0, point[1] - rect.bottom)
    return (dx * dx + dy * dy) ** 0.5


def _hint_px(size: tuple[int, int]) -> int:
    return max(11, round(HINT_PX * text_scale(size)))


def _keep_clear(panel: pygame.Rect, avoid: pygame.Rect, window: pygame.Rect) -> None:
    """Move `panel` off the card the pointer is on, to the side with more room (as far as it can)."""
    if not panel.colliderect(avoid):
        return
    right = window.right - avoid.right
    left = avoid.left - window.left
    if max(left, right) >= panel.width:
        if right >= left:
            panel.left = avoid.right
        else:
            panel.right = avoid.left
    else:
        below = window.bottom - avoid.bottom
        above = avoid.top - window.top
        if below >= above:
            panel.top = avoid.bottom
        else:
            panel.bottom = avoid.top
    panel.clamp_ip(window)


def _blocks(name: str, rules: list[str], notes: list[str], width: int, name_px: int, rule_px: int,
            note_px: int) -> list[tuple[list[str], pygame.font.Font, tuple[int, ...], int]]:
    """(lines, font, colour, space after) of each paragraph, wrapped to `width`."""
    out: list[tuple[list[str], pygame.font.Font, tuple[int, ...], int]] = []
    name_font = fonts.display_font(name_px)
    out.append((fonts.wrap(name, name_font, width), name_font, GOLD[:3], rule_px // 2))
    rule_font = fonts.font(rule_px)
    for text in rules:
        out.append((fonts.wrap(text, rule_font, width), rule_font, CREAM[:3], rule_px // 2))
    note_font = fonts.font(note_px, bold=True)
    for text in notes:
        out.append((fonts.wrap(text, note_font, width), note_font, NOTE_INK, note_px // 3))
    return out


def _text_height(name: str, rules: list[str], notes: list[str], width: int, name_px: int, rule_px: int,
                 note_px: int) -> int:
    return sum(len(lines) * face.get_linesize() + after
               for lines, face, _, after in _blocks(name, rules, notes, width, name_px, rule_px, note_px))


def draw_inspect(surface: pygame.Surface, art: ArtLibrary, item: Inspectable,
                 keep_clear: bool = False, found: Layout | None = None) -> Layout:
    """Draw the view of `item` over everything (where `found` says, else where `layout` puts it);
    returns where its parts went."""
    size = surface.get_size()
    if found is None:
        found = layout(size, art, item, keep_clear)
    radius = px(14, size)
    pygame.draw.rect(surface, PANEL_FILL, found.panel, border_radius=radius)
    pygame.draw.rect(surface, GOLD_DARK, found.panel, max(1, px(2, size)), border_radius=radius)
    surface.blit(item.picture(art, found.card.size), found.card)
    name, rules, notes = texts_of(item)
    y = found.text.y
    for lines, face, colour, after in _blocks(name, rules, notes, found.text.width, found.name_px,
                                              found.rule_px, found.note_px):
        for line in lines:
            surface.blit(face.render(line, True, colour), (found.text.x, y))
            y += face.get_linesize()
        y += after
    hint = tr("Esc, a key or a click closes") if not keep_clear else tr("A right click keeps it open")
    face = fonts.font(_hint_px(size))
    image = face.render(hint, True, MUTED[:3])
    surface.blit(image, image.get_rect(midbottom=(found.panel.centerx, found.panel.bottom - px(8, size))))
    return found
