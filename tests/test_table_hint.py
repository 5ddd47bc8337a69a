"""The Hint at the table: the key H asks the worker, the frames go on while it thinks, the table rings a
legal move, playing it marks the record, and a game whose hints are off has no Hint button."""

from __future__ import annotations

import pygame
import pytest

from game.ai.worker import BotWorker
from game.core.records import read_record
from game.match import Match, Seat
from kartentisch.launcher import make_app
from scenes.app import App
from scenes.settings import Settings
from scenes.table import open_table

GAMES = ("palastgefluester", "palace", "gloria_picktoria", "three_chapters")


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def worker():
    """A worker of the test's own (a hint costs up to the hard level's budget)."""
    made = BotWorker()
    yield made
    made.close()


def table_for(game_id: str, tmp_path, worker: BotWorker):
    app = make_app(Settings(), size=(1280, 720))
    app.settings.animation_speed = "off"
    seats = [Seat("Anna"), Seat.ai("Ben", "normal"), Seat.ai("Cleo", "normal")]
    match = Match(game_id, seats, 8, autosave=tmp_path / "save.jsonl")
    table = open_table(app, match)
    app.push(table)
    match.use_worker(worker)  # the table's shared worker would outlive the test
    for _ in range(200):
        app.step(1 / 30)
        if table.legal and table.caught_up:
            break
    assert table.legal, "the person must decide"
    return app, table


def press_key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_rings_a_legal_move_while_the_frames_go_on(game_id, tmp_path, worker):
    app, table = table_for(game_id, tmp_path, worker)
    try:
        hint_button = next(b for b in table.buttons if b.key == "hint")
        assert hint_button.visible
        press_key(app, pygame.K_h)
        frames = 0
        while table.hint.shown is None:
            assert app.step(1 / 30)  # a frame is drawn while the worker thinks
            frames += 1
            if not table.hint.thinking and table.hint.shown is None:
                pytest.fail(f"the hint failed: {table.match.drain_notices()}")
        assert frames > 1  # the answer came from the worker, frames later: no frame waited for it
        found = table.hint.shown.hint
        assert found.action in table.match.legal_actions()
        rings = table.hint.rects()
        assert rings and all(pygame.Rect(0, 0, 1280, 720).colliderect(r) for r in rings)
        assert table.hint.shown.title.startswith("Hint: ") and table.hint.shown.why
        app.step(1 / 30)  # the rings and the box are drawn
        box = table.hint.box
        own_plate = table.panel_rects()[f"plate {table.bottom_seat}"]
        assert box is not None and not box.colliderect(own_plate), "the box is read beside the own plate"
        assert not any(box.colliderect(r) for r in rings), "the box hides none of the hinted move"
        before = len(table.match.actions)
        table.act(str(found.action))
        assert before in table.match.hinted
        app.step(1 / 30)
        assert table.hint.shown is None  # the hint belonged to that decision
        assert before in read_record(tmp_path / "save.jsonl").hinted
    finally:
        app.stack.clear()


def test_a_spectators_table_has_no_hint_button_under_its_notes(tmp_path):
    """A table of bots watched (the gallery's preview) says how to go back where the Hint button would be:
    a hint is for a person's own decision, so there is none to print over."""
    app = make_app(Settings(), size=(1280, 720))
    try:
        match = Match("palace", [Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], 4)
        table = open_table(app, match, seat=None, follow=False, to_results=False, bots=False)
        app.push(table)
        for _ in range(5):
            app.step(1 / 30)
        assert not any(b.visible for b in table.buttons if b.key == "hint")
    finally:
        app.stack.clear()


def test_a_game_whose_hints_are_off_has_no_hint_button(tmp_path, worker):
    app, table = table_for("palace", tmp_path, worker)
    try:
        app.settings.set_hints("palace", False)
        app.step(1 / 30)
        assert not next(b for b in table.buttons if b.key == "hint").visible
        press_key(app, pygame.K_h)
        app.step(1 / 30)
        assert table.hint.asked_at is None and "off" in (table.toast or ("",))[0]
        assert table.match.hinted == set()
    finally:
        app.stack.clear()


def test_the_arrow_at_a_card_on_the_windows_top_edge_points_up_from_below():
    from scenes.table.kit.hint import HINT_BLUE, point_at
    from scenes.table.kit.layout import Scale

    def blue_rows(card: pygame.Rect) -> list[int]:
        surface = pygame.Surface((400, 400))
        surface.fill((0, 0, 0))
        point_at(surface, card, Scale(1280, 720), 0.0)
        return [y for y in range(400) if any(surface.get_at((x, y))[:3] == HINT_BLUE[:3] for x in range(400))]

    low = pygame.Rect(150, 200, 60, 90)
    assert min(blue_rows(low)) < low.top - 12  # the arrow above the ring
    top = pygame.Rect(150, 2, 60, 90)
    rows = blue_rows(top)
    assert min(rows) >= 0 and max(rows) > top.bottom + 12  # the whole arrow shows, below the card
