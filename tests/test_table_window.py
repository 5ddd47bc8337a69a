"""The table at any window size: resizing and full screen mid-animation, tiny windows, screenshots,
and missing art that falls back to drawn faces."""

from __future__ import annotations

import pygame
import pytest
from test_table_support import close_app, frames_until, make_app

from game.match import Match, Seat
from scenes.table import open_table
from tools import screenshot

GAME = "palastgefluester"


def bots_match(players: int = 4, seed: int = 1) -> Match:
    names = ["Anna", "Ben", "Cleo", "Dora", "Emil"]
    return Match(GAME, [Seat.ai(names[i], "random") for i in range(players)], seed)


def on_screen(table, size: tuple[int, int]) -> bool:
    window = pygame.Rect(0, 0, *size)
    return all(window.contains(s.rect) for s in table.layer if s.shown)


def test_resize_and_full_screen_while_cards_fly():
    app = make_app((1280, 720), "slow")
    try:
        table = open_table(app, bots_match())
        app.push(table)
        frames_until(app, lambda: table.layer.busy, 3000)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=600, size=(800, 600)))
        app.step(1 / 60)
        assert app.size == (800, 600)
        assert (table.scale.width, table.scale.height) == (800, 600)
        frames_until(app, lambda: table.layer.busy, 3000)
        app.toggle_fullscreen()
        app.step(1 / 60)
        assert (table.scale.width, table.scale.height) == app.size
        app.toggle_fullscreen()
        app.step(1 / 60)
        assert app.size == (800, 600)
        actions = len(table.match.actions)
        frames_until(app, lambda: len(table.match.actions) > actions + 3 and table.settled, 5000)
        assert on_screen(table, app.size)
    finally:
        close_app(app)


@pytest.mark.parametrize("size", [(320, 240), (800, 600), (3840, 2160)])
def test_every_size_lays_out_and_plays(size):
    app = make_app(size, "off")
    try:
        table = open_table(app, bots_match(5, seed=size[0]))
        app.push(table)
        frames_until(app, lambda: len(table.match.actions) >= 6 and table.settled, 5000)
        assert app.screen.get_size() == size
        assert on_screen(table, size)
        hand = [s for s in table.layer if s.zone == "hand:0"]
        assert hand and all(s.size[0] >= 4 and s.size[1] >= 6 for s in hand)
    finally:
        close_app(app)


def test_cards_of_the_seat_on_screen_do_not_cover_each_other_at_1280x720():
    app = make_app((1280, 720), "off")
    try:
        match = Match(GAME, [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], 3)
        table = open_table(app, match)
        app.push(table)
        frames_until(app, lambda: table.settled and bool(table.targets))
        own_row = table.areas[0].row
        for sprite in table.layer:
            if sprite.zone == "hand:0":
                assert not sprite.rect.colliderect(table.areas[1].row)
                assert sprite.rect.top >= own_row.top
        prompt_y = table.prompt_y
        assert all(
            not s.rect.collidepoint(s.rect.centerx, prompt_y)
            for s in table.layer
            if s.zone.startswith("hand:0")
        )
    finally:
        close_app(app)


def test_screenshot_writes_a_png_of_the_asked_size(tmp_path):
    out = tmp_path / "table.png"
    code = screenshot.main(
        [
            "--game",
            GAME,
            "--players",
            "4",
            "--seed",
            "2",
            "--after",
            "12",
            "--size",
            "640x400",
            "--bots",
            "random",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (640, 400)


def test_screenshot_refuses_a_bad_size_and_an_unknown_game(tmp_path, capsys):
    for argv in (["--game", GAME, "--players", "4", "--size", "big", "--out", str(tmp_path / "x.png")],
                 ["--game", "chess", "--players", "2", "--out", str(tmp_path / "y.png")]):
        with pytest.raises(SystemExit) as stop:  # a usage error, as argparse reports it
            screenshot.main(argv)
        assert stop.value.code == 2
    assert "chess" in capsys.readouterr().err
    assert not (tmp_path / "y.png").exists()


def test_a_missing_art_file_falls_back_and_is_listed(tmp_path, monkeypatch):
    pack = tmp_path / "art" / "broken"
    pack.mkdir(parents=True)
    (pack / "pack.toml").write_text(
        'name = "Broken"\nauthor = "Test"\ncard_size = [400, 560]\n\n'
        '[games.palastgefluester]\nback = "no_such_back.png"\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path))
    app = make_app((1280, 720), "off")
    try:
        app.settings.art_packs = {GAME: "broken"}
        table = open_table(app, bots_match())
        app.push(table)
        frames_until(app, lambda: len(table.match.actions) >= 3 and table.settled, 3000)
        assert any("no_such_back" in problem for problem in app.art.problems)
        assert table.layer.drawn_last_frame > 10
    finally:
        close_app(app)
