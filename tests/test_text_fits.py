"""Text that fits any window: at 1280x720, 1920x1080, a tall 900x1200 and a small 800x600 no text a table
writes is cut with an ellipsis (at 800x600 a crowded late Gloria Picktoria table may still cut a
collection's label rather than shrink its cards further); at those sizes no two of a table's panels
overlap, none leaves the window, and no card lies on a plate's text, the log or a button. A tall window's
cards grow with its height."""

from __future__ import annotations

import itertools

import pygame
import pytest
from test_table_support import close_app, make_app

import game
from game import i18n
from game.match import Match, Seat
from scenes.table import open_table
from scenes.table.kit import paint
from scenes.table.kit.layout import MIN_FONT_PX, Scale

WHOLE_TEXT_SIZES = [(1280, 720), (1920, 1080), (900, 1200), (800, 600)]
#: every size in English (800x600 among them: there, nothing overlaps either), and German (longer) at the
#: size the games are made for
WHOLE_TEXT_CASES = [(size, "en") for size in WHOLE_TEXT_SIZES] + [((1280, 720), "de")]
#: (game, seats, bot actions played before the picture): the fewest and the most seats, fresh and under way
POSITIONS = [(g, p, a) for g in game.GAME_IDS
             for p in sorted({game.load(g).min_players, game.load(g).max_players}) for a in (0, 25)]


@pytest.fixture
def written(monkeypatch):
    """Every line the tables write, as rendered."""
    lines: list[str] = []
    render = paint.TextCache.render

    def spy(self, text, size, colour=paint.INK, bold=False):
        lines.append(text)
        return render(self, text, size, colour, bold)

    monkeypatch.setattr(paint.TextCache, "render", spy)
    return lines


def table_at(game_id: str, players: int, actions: int, size: tuple[int, int], language: str = "en"):
    app = make_app(size)
    i18n.set_language(language)
    seats = [Seat.ai(name, "random") for name in ("Anna", "Benedikt", "Cleopatra", "Dorothea", "Emil",
                                                  "Friederike")[:players]]
    match = Match(game_id, seats, 17)
    for _ in range(actions):
        if match.is_over():
            break
        match.step_bot()
    table = open_table(app, match, seat=0, follow=False, to_results=False, bots=False)
    app.push(table)
    for _ in range(4):
        app.step(1 / 60)
    return app, table


def overlaps(table) -> list[str]:
    rects = table.panel_rects()
    window = pygame.Rect(0, 0, table.scale.width, table.scale.height)
    pairs = itertools.combinations(rects.items(), 2)
    found = [f"{a} and {b}" for (a, ra), (b, rb) in pairs if ra.colliderect(rb)]
    found += [f"{name} leaves the window" for name, rect in rects.items() if not window.contains(rect)]
    texty = {n: r for n, r in rects.items() if n.startswith(("log", "plate", "button"))}
    for sprite in table.layer:
        if sprite.shown:
            found += [f"a card of {sprite.zone} on {n}" for n, r in texty.items()
                      if pygame.Rect(sprite.rect).colliderect(r)]
    return sorted(set(found))


@pytest.mark.slow
@pytest.mark.parametrize(("size", "language"), WHOLE_TEXT_CASES)
@pytest.mark.parametrize(("game_id", "players", "actions"), POSITIONS)
def test_no_text_is_cut_and_no_panels_overlap(written, game_id, players, actions, size, language):
    app, table = table_at(game_id, players, actions, size, language)
    try:
        assert written, "the table wrote nothing"
        assert [line for line in written if "…" in line] == []
        assert overlaps(table) == []
    finally:
        close_app(app)


def test_text_follows_both_window_dimensions_with_a_floor():
    assert Scale(1920, 1080).font(24) == 24
    assert Scale(3840, 2160).font(24) == 48
    wide, tall = Scale(1280, 720), Scale(900, 1200)
    assert tall.font(18) > round(18 * tall.unit)  # a tall window's text is not held to its width alone
    assert wide.font(18) >= 13 and tall.font(18) >= 12
    assert Scale(320, 240).font(10) == MIN_FONT_PX


def card_cover(table) -> float:
    """The share of the window that the shown cards cover (each pixel once, however many cards lie on it)."""
    size = (table.scale.width, table.scale.height)
    canvas = pygame.Surface(size)
    canvas.fill((0, 0, 0))
    for sprite in table.layer:
        if sprite.shown:
            canvas.fill((255, 255, 255), pygame.Rect(sprite.rect))
    covered = pygame.mask.from_threshold(canvas, (255, 255, 255), (1, 1, 1, 255)).count()
    return covered / (size[0] * size[1])


def own_hand_height(table) -> int:
    heights = [pygame.Rect(s.rect).height for s in table.layer if s.shown and s.zone == table.hand_zone()]
    assert heights, "the seat on screen holds no cards"
    return max(heights)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", game.GAME_IDS)
def test_a_tall_window_uses_its_height(game_id):
    """Twice the height at the same width: the cards cover about as much of the window as before (so
    they grew with it), and the hand's cards are clearly taller, not held to the width alone."""
    shares, hands = [], []
    for _, players, actions in [p for p in POSITIONS if p[0] == game_id]:
        pair = []
        for size in ((900, 600), (900, 1200)):
            app, table = table_at(game_id, players, actions, size)
            try:
                pair.append(card_cover(table))
                if actions:
                    hands.append(own_hand_height(table))
            finally:
                close_app(app)
        shares.append(pair[1] / pair[0])
    assert sum(shares) / len(shares) >= 0.85, shares
    assert all(tall >= 1.3 * low for low, tall in zip(hands[::2], hands[1::2], strict=True)), hands
