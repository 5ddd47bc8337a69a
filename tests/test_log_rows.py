"""Every table's log box shows at least four rows of the log at 1280x720 and larger, whatever the number
of players (3 Chapters' showed one row at 1920x1080 beside an empty rewards box)."""

from __future__ import annotations

import pytest
from test_table_support import close_app
from test_text_fits import table_at

import game
from scenes.fonts import font
from scenes.table.kit.layout import LOG_ROWS
from scenes.table.kit.logbook import LogView

SIZES = [(1280, 720), (1600, 900), (1920, 1080), (3840, 2160)]
SEATINGS = [(g, p) for g in game.GAME_IDS
            for p in range(game.load(g).min_players, game.load(g).max_players + 1)]


@pytest.fixture
def shown_rows(monkeypatch):
    """How many rows each drawing of a log showed (what the log view makes room for)."""
    rows: list[int] = []
    draw = LogView.draw

    def spy(self, surface, box, book, texts, size):
        rows.append(box.height // font(size).get_linesize())
        return draw(self, surface, box, book, texts, size)

    monkeypatch.setattr(LogView, "draw", spy)
    return rows


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game_id", "players"), SEATINGS)
def test_the_log_shows_four_rows(shown_rows, game_id, players, size):
    app, table = table_at(game_id, players, 12, size)
    try:
        assert shown_rows, "the table drew no log"
        assert min(shown_rows) >= LOG_ROWS
    finally:
        close_app(app)


@pytest.mark.parametrize("players", [2, 6])
def test_three_chapters_log_at_1920x1080(shown_rows, players):
    app, table = table_at("three_chapters", players, 12, (1920, 1080))
    try:
        assert min(shown_rows) >= LOG_ROWS
    finally:
        close_app(app)
