"""The table remembers: a resumed game is told as if the person had watched it (the log and the
table's memory of the game), the log keeps every line whole and scrolls back with the mouse wheel,
the history panel lists the whole game by round, and undo in hot-seat respects each person on the
table and in the pause menu (ALL-R2)."""

from __future__ import annotations

import random

import pygame
import pytest
from test_table_support import click, close_app, frames_until, make_app

from game.match import Match, Seat
from scenes.menus.pause import PauseScene
from scenes.table import open_table
from scenes.table.kit.handoff import HandoffScene
from scenes.table.kit.log_panel import LogPanel
from scenes.table.kit.paint import TextCache
from scenes.widgets import find_button

GAMES = [("palastgefluester", 3), ("palace", 3), ("gloria_picktoria", 3), ("three_chapters", 3)]


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def app():
    app = make_app((1280, 720), "off")
    yield app
    close_app(app)


def watched(app, game_id: str, players: int, path, actions: int = 15):
    """A game of bots watched live from seat 0's chair until at least `actions` moves are played."""
    match = Match(game_id, [Seat.ai(f"Bot {i + 1}", "random") for i in range(players)], 7, autosave=path)
    table = open_table(app, match, seat=0, follow=False, to_results=False)
    app.push(table)
    frames_until(app, lambda: len(match.actions) >= actions and table.caught_up, 20000)
    table.bots = False
    frames_until(app, lambda: table.caught_up)
    app.pop()
    return match, table


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_resumed_game_is_told_as_if_the_person_had_watched_it(app, tmp_path, game_id, players):
    match, live = watched(app, game_id, players, tmp_path / "auto.jsonl")
    resumed = Match.resume(tmp_path / "auto.jsonl")
    table = open_table(app, resumed, seat=0, follow=False, to_results=False, bots=False)
    app.push(table)
    frames_until(app, lambda: table.caught_up)
    assert len(resumed.actions) >= 15
    assert live.log_lines and table.log_lines == live.log_lines
    assert table.logbook.rounds == live.logbook.rounds
    assert table.prompt_text() == live.prompt_text()


def test_resume_after_15_actions_shows_the_earlier_moves_in_the_log(app, tmp_path):
    from scenes.menus.title import TitleScene
    from scenes.settings import game_saves
    from scenes.table.palastgefluester.story import card_label

    seats = [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")]
    match = Match("palastgefluester", seats, 3, autosave=game_saves())
    while len(match.actions) < 15:
        match.run_bots()
        match.play(match.legal_actions()[0])
    app.push(TitleScene(app))
    for _ in range(3):
        app.step(1 / 60)
    click(app, find_button(app.stack.top, "Resume last game").rect.center)
    for _ in range(3):
        app.step(1 / 60)
    table = app.stack.top
    assert table.match.actions == match.actions
    plays = [(seat, text.split()[1]) for seat, text in match.actions[:15] if text.startswith("play ")]
    assert plays
    for seat, card in plays:  # each play's line (who decides next and why may follow it on the line)
        said = f"{seats[seat].name} plays {card_label(card)}"
        assert any(line == said or line.startswith(f"{said} — ") for line in table.log_lines)


def test_the_log_keeps_every_line_whole_and_scrolls_back_with_the_wheel(monkeypatch):
    app = make_app((1920, 1080), "off")
    try:
        log_keeps_lines_whole(app, monkeypatch)
    finally:
        close_app(app)


def log_keeps_lines_whole(app, monkeypatch) -> None:
    match = Match("palace", [Seat("Anna"), Seat.ai("Ben", "random")], 4)
    table = open_table(app, match)
    app.push(table)
    frames_until(app, lambda: table.caught_up)
    long = "Anna " + " and ".join(f"plays a card with a long description, number {i}" for i in range(2))
    for i in range(30):
        table.logbook.add(f"line {i}: the quick move of the game")
    table.logbook.add(long)
    table.refresh_underlay()
    drawn: list[str] = []
    render = TextCache.render

    def catching(self, text, *args, **kwargs):
        drawn.append(text)
        return render(self, text, *args, **kwargs)

    monkeypatch.setattr(TextCache, "render", catching)
    app.step(1 / 60)
    assert not [text for text in drawn if text.endswith("…")]
    assert long in " ".join(drawn), "the newest line, wrapped over several rows, reads whole"
    assert "line 29: the quick move of the game" in drawn

    box = table.log_box
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(6):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    drawn.clear()
    app.step(1 / 60)
    assert table.log_view.scroll > 0
    assert long not in " ".join(drawn), "scrolled back: older lines instead of the newest"
    assert any(text.startswith("line ") for text in drawn)
    for _ in range(40):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.step(1 / 60)
    assert table.log_view.scroll == 0


def test_the_history_panel_lists_the_whole_game_by_round(app):
    match = Match("palastgefluester", [Seat.ai(n, "random") for n in ("Anna", "Ben", "Cleo")], 5)
    while len(match.actions) < 120 and not match.is_over():
        match.step_bot()
    table = open_table(app, match, seat=0, follow=False, to_results=False, bots=False)
    app.push(table)
    frames_until(app, lambda: table.caught_up)
    rounds = table.logbook.by_round()
    assert [title for title, _ in rounds][:2] == ["Round 1", "Round 2"]
    assert sum(len(lines) for _, lines in rounds) == len(table.log_lines)

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l"))
    app.step(1 / 60)
    panel = app.stack.top
    assert isinstance(panel, LogPanel)
    rows = [text for text, kind in panel.rows if kind == "round"]
    assert rows[:2] == ["Round 1", "Round 2"]
    assert panel.visible_rows()[1] == len(panel.rows), "it opens at the newest lines"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode=""))
    app.step(1 / 60)
    assert panel.visible_rows()[0] == 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l"))
    app.step(1 / 60)
    assert app.stack.top is table

    history = next(b for b in table.all_buttons() if b.key == "history")
    click(app, history.rect.center)
    app.step(1 / 60)
    assert isinstance(app.stack.top, LogPanel)


def test_undo_across_two_people_takes_back_only_ones_own_move(app):
    seats = [Seat("Anna"), Seat("Ben"), Seat.ai("Cleo", "random")]
    match = Match("palastgefluester", seats, 2)
    table = open_table(app, match)
    app.push(table)
    rng = random.Random(2)
    decided: list[int] = []
    ben_before: tuple[list, list[str]] | None = None
    refusals = 0
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            if decided[-1:] == [1] and top.seat == 0:
                break  # Ben decided, the bot moved, and Anna is called to the screen
            click(app, (10, 10))
        elif top is table and table.settled and table.targets and match.human_to_act() is not None:
            if match.view_seat == 1 and decided[-1:] == [0]:
                # Ben has the screen and Anna decided last: Undo is not his, the pause menu says why
                table.open_pause()
                app.step(1 / 60)
                pause = app.stack.top
                assert isinstance(pause, PauseScene)
                assert not find_button(pause, "Undo").is_enabled
                assert pause.undo_note() == "Anna decided last, so only Anna can take that back"
                refusals += 1
                pause.back()
                app.step(1 / 60)
            if match.view_seat == 1:
                ben_before = (list(match.actions), list(table.log_lines))  # before Ben's latest decision
            before = len(match.actions)
            click(app, rng.choice(table.click_points())[0])
            app.step(1 / 60)
            if len(match.actions) > before:
                decided.append(match.actions[before][0])
            continue
        app.step(1 / 60)
    else:
        pytest.fail("Anna was never called after a move of Ben's")
    assert ben_before is not None and refusals
    handoff = app.stack.top
    handoff.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and find_button(pause, "Undo").is_enabled
    pause.undo()
    frames_until(app, lambda: app.stack.top is table and table.caught_up)
    assert match.actions == ben_before[0], "Ben's move and the bot's after it are taken back"
    assert match.view_seat == 1 and match.human_to_act() == 1, "the screen stays Ben's"
    assert table.log_lines == ben_before[1], "the moves taken back leave the log"
