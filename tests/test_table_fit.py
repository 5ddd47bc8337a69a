"""Every table fits every window, for every number of players: from 800x600 to 3840x2160 no two of a
table's regions overlap and none leaves the window (`test_text_fits.overlaps`), no card lies on another
seat's region (Palace's top row with five players laid the slots over the neighbour's backs), every card
with the frame round it lies inside the window, the own hand a margin clear of its edge (its bottom edge
was cut at 1280x720 and 1600x900) and opened under the pointer too,
and the count of a hand's cards is never covered by a card nor cut by the window."""

from __future__ import annotations

import re

import pygame
import pytest
from test_table_support import close_app
from test_text_fits import overlaps, table_at

import game
from scenes.table.kit.sprite import outline_width

SIZES = [(800, 600), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160)]
SEATINGS = [(g, p) for g in game.GAME_IDS
            for p in range(game.load(g).min_players, game.load(g).max_players + 1)]


def seat_of_region(name: str) -> int | None:
    found = re.fullmatch(r"(?:plate|hand|slots|row) (\d+)", name)
    return int(found.group(1)) if found else None


def seat_of_zone(table, zone: str) -> int | None:
    """The place at the table a zone belongs to: its seat (3 Chapters' two ghosts, and what they put
    aside, sit at places of their own after the seats)."""
    found = re.match(r"([a-z_]+):(\d+)", zone)
    if found is None:
        return None
    number = int(found.group(2))
    if table.game_id == "three_chapters" and found.group(1) in ("ghost", "aside"):
        return table.players + number
    return number


def drawn(sprite) -> pygame.Rect:
    """Where a card at rest is drawn, with the frame round it."""
    width = outline_width(sprite.size[0])
    return pygame.Rect(sprite.rect).inflate(width * 2, width * 2)


def misfits(table) -> list[str]:
    window = pygame.Rect(0, 0, table.scale.width, table.scale.height)
    inner = window.inflate(-2 * table.margin, -2 * table.margin)
    regions = table.panel_rects()
    found = list(overlaps(table))
    for sprite in table.layer:
        if not sprite.shown or sprite.flying:
            continue
        if not window.contains(drawn(sprite)):
            found.append(f"a card of {sprite.zone} leaves the window")
        if sprite.zone == table.hand_zone() and not inner.contains(drawn(sprite)):
            found.append("the own hand reaches into the window's margin")
        seat = seat_of_zone(table, sprite.zone)
        for name, rect in regions.items():
            other = seat_of_region(name)
            if seat is not None and other is not None and other != seat and rect.colliderect(sprite.rect):
                found.append(f"a card of {sprite.zone} lies on {name}")
    for seat, spot in count_pills(table).items():
        if not window.contains(spot):
            found.append(f"the count of seat {seat} leaves the window")
        found += [f"a card of {s.zone} covers the count of seat {seat}" for s in table.layer
                  if s.shown and pygame.Rect(s.rect).colliderect(spot)]
    found += opened_hand_misfits(table)
    return sorted(set(found))


def opened_hand_misfits(table) -> list[str]:
    """The own hand opened under the pointer at each of its cards (the card there risen, the others moved
    aside): no card leaves the window or lies on a plate's text, the log or a button."""
    zone = table.hand_zone()
    hand = [s for s in table.layer if s.shown and s.zone == zone]
    window = pygame.Rect(0, 0, table.scale.width, table.scale.height)
    texty = {n: r for n, r in table.panel_rects().items() if n.startswith(("plate", "log", "button"))}
    found = []
    for pointed in hand:
        table.layer.point_at(pygame.Rect(pointed.rest_rect).center, zone)
        for _ in range(3):
            table.layer.update(1.0)
        for sprite in hand:
            if not window.contains(drawn(sprite)):
                found.append(f"the opened hand puts a card of {sprite.zone} out of the window")
            found += [f"the opened hand puts a card on {n}" for n, r in texty.items()
                      if pygame.Rect(sprite.rect).colliderect(r)]
    table.layer.point_at(None, None)
    table.layer.update(1.0)
    return found


def count_pills(table) -> dict[int, pygame.Rect]:
    """Where a table shows the count of a seat's hand under its cards (Palace draws it below them)."""
    areas = getattr(table, "areas", {})
    return {seat: area.count for seat, area in areas.items() if getattr(area, "count", None) is not None}


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game_id", "players"), SEATINGS)
def test_every_table_fits_every_window(game_id, players, size):
    app, table = table_at(game_id, players, 12, size)
    try:
        assert misfits(table) == []
    finally:
        close_app(app)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_palace_with_five_players_fits(size):
    app, table = table_at("palace", 5, 12, size)
    try:
        assert misfits(table) == []
        assert len(count_pills(table)) == 4
    finally:
        close_app(app)


@pytest.mark.parametrize("game_id", game.GAME_IDS)
def test_the_own_hand_is_scaled_ahead_at_the_size_its_fan_draws(game_id):
    """The fan draws its cards a little smaller where the box is low: that size is scaled ahead too
    (`art_sizes`), so no frame waits for it."""
    app, table = table_at(game_id, 3, 12, (1280, 720))
    try:
        sizes = {size for _, _, size in table.art_sizes()}
        hand = {tuple(s.size) for s in table.layer if s.shown and s.zone == table.hand_zone()}
        assert hand and hand <= sizes
    finally:
        close_app(app)
