"""Text that must stay readable is never hidden by a card in flight or dragged: 3 Chapters' phase header and
every plate are laid over the cards in flight again, so a packet passed on or a card picked up passes
beneath them."""

from __future__ import annotations

import pygame
import pytest
from test_table_support import close_app
from test_text_fits import table_at


def flown_over(table, rect: pygame.Rect) -> pygame.Surface:
    """The table drawn with one of its cards flying over the middle of `rect`."""
    size = (table.scale.width, table.scale.height)
    surface = pygame.Surface(size)
    table.draw_table(surface)
    sprite = next(s for s in table.layer if s.shown)
    sprite.center = rect.center
    sprite.flying = True
    table.draw_flights(surface)
    return surface


def same(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> bool:
    return pygame.image.tobytes(a.subsurface(rect), "RGB") == pygame.image.tobytes(b.subsurface(rect), "RGB")


@pytest.mark.parametrize("players", [3, 4])
def test_a_packet_flies_beneath_the_phase_header(players):
    app, table = table_at("three_chapters", players, 2, (1920, 1080))
    try:
        header = next(r for r in table._readable if r.colliderect(table.trick_box) and r.y < table.trick_box.y
                      + table.status_h)
        surface = flown_over(table, header)
        assert same(surface, table._underlay, header), "the header is drawn over the packet"
    finally:
        close_app(app)


@pytest.mark.parametrize("game_id", ["palace", "palastgefluester", "gloria_picktoria", "three_chapters"])
def test_a_card_flies_beneath_every_plate(game_id):
    app, table = table_at(game_id, 3, 6, (1280, 720))
    try:
        plates = {n: r for n, r in table.panel_rects().items() if n.startswith("plate")}
        assert plates
        for name, rect in plates.items():
            surface = flown_over(table, rect)
            assert same(surface, table._underlay, rect), f"a card in flight hides {name}"
    finally:
        close_app(app)
