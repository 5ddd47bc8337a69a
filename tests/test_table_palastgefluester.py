"""Palastgeflüster on the table: the "known:" cards beside another player's hand are exactly what the
viewing seat's observation knows for certain (PG-R7)."""

from __future__ import annotations

import pygame
import pytest
from test_table_support import close_app, frames_until, make_app

from game.match import Match, Seat
from game.palastgefluester.position import position
from scenes.table import open_table

SHOWN = ["Schatzmeister/red", "Zofe/red", "Waechter/brown", "Waechter/brown", "Hofnarr/red", "Zauberer/red"]


@pytest.fixture
def app():
    app = make_app((1280, 720), "off")
    yield app
    close_app(app)


def known_drawn(app, table, seat: int) -> list[str]:
    """The faces the table draws as `seat`'s known cards."""
    asked: list[str] = []
    real = app.art.card

    def spy(game_id, card_id, size):
        asked.append(card_id)
        return real(game_id, card_id, size)

    app.art.card = spy
    try:
        table._draw_known(pygame.Surface(app.screen.get_size()), seat, table.areas[seat])
    finally:
        app.art.card = real
    return asked


def test_pg_r7_the_table_keeps_showing_the_brown_copy_left_after_a_face_down_discard(app):
    match = Match("palastgefluester", [Seat("Anna"), Seat("Ben"), Seat.ai("Cleo", "random")], 1)
    match.state = position([SHOWN, [], []], fill=True)
    match.play("play Schatzmeister/red", seat=0)
    table = open_table(app, match, seat=1, follow=False, to_results=False, bots=False)
    app.push(table)
    frames_until(app, lambda: table.caught_up)
    assert sorted(known_drawn(app, table, 0)) == sorted(SHOWN[1:])

    match.play("play Zofe/red", seat=0)
    match.play("discard Waechter/brown", seat=0)  # face down: Ben cannot tell which card went
    frames_until(app, lambda: table.caught_up)
    assert app.stack.top is table
    assert match.observation(1)["known_cards"] == {"0": ["Waechter/brown"]}
    assert known_drawn(app, table, 0) == ["Waechter/brown"]
