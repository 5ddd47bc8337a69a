"""The balance lab screen, headless: opened from the gallery, a study played in a worker thread while the
frames keep coming, its charts and its cards sorted by contribution shown, Cancel stopping it within a
game, leaving the screen ending the worker, and Esc closing only the chart shown large."""

from __future__ import annotations

import threading

import pygame
import pytest
from test_table_support import close_app, make_app

from scenes.menus import lab_engine
from scenes.menus.gallery import GalleryScene
from scenes.menus.lab import LabScene, card_name, rate_text
from scenes.menus.lab_engine import CANCELLED, StudyRequest, StudyRun
from scenes.menus.title import TitleScene
from scenes.widgets import find_button


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def app():
    application = make_app()
    application.push(TitleScene(application))
    yield application
    close_app(application)


def frames(app, count: int = 2) -> None:
    for _ in range(count):
        assert app.step(1 / 60)


def press(app, label: str) -> None:
    button = find_button(app.stack.top, label)
    assert button is not None and button.is_enabled, f"no enabled button {label!r}"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
    frames(app)


def key(app, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    frames(app)


def open_lab(app, game_id: str = "palace", deals: int = 2) -> LabScene:
    lab = LabScene(app, game_id)
    app.push(lab)
    frames(app)
    lab.deals = deals  # the screen offers 10, 25 and 50; a test plays fewer
    return lab


def frames_while(app, going, limit: int = 20_000) -> int:
    """Frames stepped while `going()`; how many."""
    count = 0
    while going():
        assert count < limit, "the study did not end"
        frames(app, 1)
        count += 1
    return count


def test_the_gallery_opens_the_lab_on_its_game(app):
    app.push(GalleryScene(app, "gloria_picktoria"))
    frames(app)
    press(app, "Balance lab")
    lab = app.stack.top
    assert isinstance(lab, LabScene) and lab.game_id == "gloria_picktoria"


def test_a_study_runs_while_the_frames_keep_coming_and_shows_its_charts_and_sorted_cards(app):
    lab = open_lab(app)
    lab.variant_key = "shipped:palace-no-tens.toml"
    lab.on_resize(app.size)  # lay out again with the choice
    press(app, "Start")
    run = lab.run
    assert run is not None and run.thread.is_alive()
    assert find_button(lab, "Start") is not None and not find_button(lab, "Start").is_enabled
    during = frames_while(app, lambda: lab.run is not None)
    assert during > 5  # the frame loop went on while the worker played and drew
    assert not run.thread.is_alive() and not run.folder.exists()  # the files were read, then removed
    result = lab.result
    assert result is not None and lab.status.startswith("2 games, 2 finished")
    assert result.data["study"]["variant"] == "No tens"
    assert lab.chart_names == ["seats.png", "length.png", "cards.png"]
    chart = lab.chart_image(lab.chart_area.size)
    assert chart is not None and chart.get_width() <= lab.chart_area.width
    assert lab.chart_image(lab.chart_area.size) is chart  # scaled once per size
    cards = result.cards
    assert "10" not in [c["card"] for c in cards]  # no ten was dealt
    differences = [c["improvement_held"]["difference"] for c in cards]
    known = [d for d in differences if d is not None]
    assert known == sorted(known, reverse=True) and differences[:len(known)] == known
    listed = lab.card_list(400)
    assert listed.get_height() == (len(cards) + 2) * lab.row_height()


def test_a_chart_shown_large_closes_with_esc_and_leaves_the_lab_open(app):
    lab = open_lab(app, "three_chapters")
    press(app, "Start")
    frames_while(app, lambda: lab.run is not None)
    assert lab.result is not None
    cards = len(lab.result.cards)
    assert cards > lab.visible_rows()  # 3 Chapters lists more cards than fit: the list scrolls
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-100, flipped=False, precise_x=0.0,
                                         precise_y=-100.0))
    frames(app)
    assert lab.scroll == cards - lab.visible_rows()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=lab.chart_area.center, button=1))
    frames(app)
    assert lab.enlarged
    key(app, pygame.K_ESCAPE)
    assert not lab.enlarged and app.stack.top is lab
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not lab


def test_cancel_stops_the_study_within_a_game(app):
    lab = open_lab(app, deals=2000)
    press(app, "Start")
    run = lab.run
    assert run is not None
    frames_while(app, lambda: run.progress.done < 1)
    press(app, "Cancel")
    frames_while(app, lambda: lab.run is not None)
    run.thread.join(10)
    assert run.outcome == CANCELLED and not run.thread.is_alive()
    assert run.progress.done < 2000 and lab.result is None
    assert lab.status.startswith("Cancelled after")
    assert find_button(lab, "Start").is_enabled


def test_leaving_the_lab_mid_study_ends_the_worker(app):
    lab = open_lab(app, deals=2000)
    press(app, "Start")
    run = lab.run
    assert run is not None
    frames_while(app, lambda: run.progress.done < 1)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not lab
    run.thread.join(10)
    assert not run.thread.is_alive() and run.outcome == CANCELLED and not run.folder.exists()
    assert not [t for t in threading.enumerate() if t.name == "balance-lab"]


def test_a_set_up_the_engine_refuses_is_said_and_the_worker_ends():
    run = StudyRun(StudyRequest("palace", 9, 2)).start()
    run.thread.join(30)
    assert run.outcome == lab_engine.FAILED and "players" in run.problem


def test_cards_are_named_in_the_chosen_language(app):
    assert card_name("palace", "K") == "King"
    assert card_name("palastgefluester", "Zofe/red") == "Maid, red"
    assert card_name("gloria_picktoria", "egg") == "Golden Egg"
    assert card_name("three_chapters", "6") == "6 Greedy Dwarf"
    app.set_language("de")
    assert card_name("palace", "K") == "König"
    assert card_name("gloria_picktoria", "egg") == "Goldenes Ei"
    assert rate_text({"n": 10, "rate": 0.5, "ci95": [0.237, 0.763]}) == "50% (24–76)"
    assert rate_text({"n": 0, "rate": 0.0, "ci95": [0.0, 1.0]}) == "–"
