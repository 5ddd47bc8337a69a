"""The number keys and Enter play a card in every game, as the README says: the n-th card you may play is
picked (or played) by its number, and Enter on it plays it; in Palace, where a click picks a card first,
the number key picks it and Enter (or the number again) plays it, never putting it back."""

from __future__ import annotations

import pygame
import pytest
from test_table_support import close_app, frames_until, make_app

from game.core import Action
from game.match import Match, Seat
from game.palace.cards import rank_of
from game.palace.game import play
from scenes.table import open_table


@pytest.fixture
def app():
    app = make_app((1280, 720), "off")
    yield app
    close_app(app)


def key(app, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    app.step(1 / 60)


def table_for(app, game_id: str, players: int, seed: int):
    seats = [Seat("Anna")] + [Seat.ai(n, "random") for n in ("Ben", "Cleo", "Dora")[: players - 1]]
    match = Match(game_id, seats, seed)
    table = open_table(app, match)
    app.push(table)
    return match, table


def anna_decides(table, match) -> bool:
    return table.caught_up and table.settled and bool(table.legal) and match.human_to_act() == 0


def palace_play_phase(app, match, table) -> None:
    """On to Anna's first play: she says ready at once in the swap phase."""
    for _ in range(40):
        frames_until(app, lambda: anna_decides(table, match), limit=3000)
        if table.obs.get("phase") == "play" and any(t.select for t in table.targets):
            return
        table.act(next(a for a in table.legal if Action.parse(a).kind in ("ready", "pickup", "flip", "play")))
    raise AssertionError("Anna never came to play a card from her hand")


@pytest.mark.parametrize("second", [pygame.K_RETURN, pygame.K_1])
def test_palace_number_key_picks_and_enter_plays(app, second):
    match, table = table_for(app, "palace", 2, 5)
    palace_play_phase(app, match, table)
    before = len(match.actions)
    key(app, pygame.K_1)
    picked = [s for s in table.layer if s.selected]
    assert len(picked) == 1, "the number key picks the first card Anna may play"
    assert len(match.actions) == before
    for _ in range(60):  # a player looks before pressing on: no double-click of the two keys
        app.step(1 / 60)
    key(app, second)
    assert len(match.actions) > before, "Enter (or the number again) plays the picked card"
    assert match.actions[before] == (0, str(play(1, rank_of(picked[0].card))))


@pytest.mark.parametrize(("game_id", "players"), [("palastgefluester", 3), ("three_chapters", 2)])
def test_number_key_then_enter_plays_in_the_other_games(app, game_id, players):
    """A game where a card is its action: the number key plays it (Enter on a card acts too)."""
    match, table = table_for(app, game_id, players, 4)
    frames_until(app, lambda: anna_decides(table, match), limit=3000)
    before = len(match.actions)
    key(app, pygame.K_1)
    if len(match.actions) == before:  # the key only showed where the focus is, or picked: Enter plays
        key(app, pygame.K_RETURN)
    assert len(match.actions) > before
    assert match.actions[before][0] == 0
