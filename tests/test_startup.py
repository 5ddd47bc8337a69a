"""The title screen starts without pygame-gui: it is drawn in plain pygame, answers the mouse at once,
and pygame-gui comes in through a background import a few frames later. Its light buttons hover,
press, click and show tooltips as the themed buttons do."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from kartentisch.launcher import make_app
from scenes.app import App
from scenes.menu_buttons import TOOLTIP_DELAY
from scenes.menus.title import TitleScene
from scenes.settings import Settings

ROOT = Path(__file__).resolve().parent.parent

def run_fresh(then: str) -> dict:
    """Start the app on the title in a new interpreter, draw one frame, run `then`; its `out` dict."""
    code = (
        "import json, sys\n"
        "import pygame\n"
        "from kartentisch.launcher import make_app\n"
        "from scenes.app import PRELOAD_FRAME\n"
        "from scenes.menus.title import TitleScene\n"
        "app = make_app(size=(1280, 720))\n"
        "app.push(TitleScene(app))\n"
        "app.step(1 / 60)\n"
        "out = {'gui_after_first_frame': 'pygame_gui' in sys.modules}\n"
        "def click(label):\n"
        "    pos = app.stack.top.menu_buttons.find(label).rect.center\n"
        "    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))\n"
        "    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))\n"
        f"{then}\n"
        "out['top'] = type(app.stack.top).__name__\n"
        "print(json.dumps(out))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=os.environ.copy(), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_title_is_up_without_pygame_gui_which_then_loads_in_the_background():
    out = run_fresh(
        "for _ in range(PRELOAD_FRAME + 1):\n"
        "    app.step(1 / 60)\n"
        "app.preloading.join(60)\n"
        "out['preload_done'] = not app.preloading.is_alive()\n"
        "out['gui_before_click'] = 'pygame_gui' in sys.modules\n"
        "click('Play')\n"
        "for _ in range(3):\n"
        "    app.step(1 / 60)\n"
    )
    assert out["gui_after_first_frame"] is False
    assert out["preload_done"] and out["gui_before_click"]  # loaded by the background thread, not the click
    assert out["top"] == "ChooseGameScene"


def test_play_clicked_on_the_first_frames_opens_the_game_choice_before_the_background_import():
    out = run_fresh(
        "click('Play')\n"
        "app.step(1 / 60)\n"
        "out['preload_started_before_click'] = app.preloading is not None\n"
        "for _ in range(3):\n"
        "    app.step(1 / 60)\n"
    )
    assert out["gui_after_first_frame"] is False
    assert out["preload_started_before_click"] is False
    assert out["top"] == "ChooseGameScene"


#: modules the title's first frame does without: loading any of them is start-up time nobody sees
NOT_AT_THE_TITLE = ("pygame_gui", "logging", "multiprocessing", "zipfile", "game.registry",
                    "game.i18n.messages", "game.core.state", "game.match", "scenes.widgets")


def test_the_launcher_draws_the_title_without_what_the_title_does_not_draw_nor_collects(tmp_path):
    code = (
        "import gc, json, sys\n"
        "from kartentisch.launcher import start\n"
        "app = start(['--windowed', '--size', '1280x720'])\n"
        "collecting_before = gc.isenabled()\n"
        "frozen_before = gc.get_freeze_count()\n"
        "app.step(1 / 60)\n"
        f"print(json.dumps({{'top': type(app.stack.top).__name__, 'loaded': [m for m in {NOT_AT_THE_TITLE!r} "
        "if m in sys.modules], 'collecting': [collecting_before, gc.isenabled()], "
        "'frozen': frozen_before == 0 and gc.get_freeze_count() > 1000}))\n"
    )
    env = dict(os.environ, KARTENTISCH_CONFIG_DIR=str(tmp_path / "config"),
               KARTENTISCH_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    # the garbage collector waits for the first frame, and works from then on
    # and what the start made is frozen: the collections when screens close never walk it
    assert out == {"top": "TitleScene", "loaded": [], "collecting": [False, True], "frozen": True}


def test_a_record_logged_before_logging_loaded_is_shown_as_configured(tmp_path):
    code = (
        "import sys\n"
        "from game import logs\n"
        "log = logs.logger('kartentisch.example')\n"
        "logs.configure(verbose=True)\n"
        "assert 'logging' not in sys.modules\n"
        "log.info('the table does %s', 'this')\n"
        "log.debug('not shown')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "INFO kartentisch.example: the table does this"


# -- the light buttons -----------------------------------------------------------------------------
@pytest.fixture
def title(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))
    app = make_app(Settings(), size=(1280, 720))
    scene = TitleScene(app)
    app.push(scene)
    app.step(1 / 60)
    yield scene
    app.stack.clear()


def post(event_type: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(event_type, **fields))


def frames(app: App, count: int = 2, dt: float = 1 / 60) -> None:
    for _ in range(count):
        app.step(dt)


def test_a_press_released_off_the_button_does_not_click(title):
    app = title.app
    play = title.menu_buttons.find("Play")
    post(pygame.MOUSEBUTTONDOWN, pos=play.rect.center, button=1)
    frames(app)
    assert title.menu_buttons.state(play) == "active"
    post(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)
    frames(app)
    assert app.stack.top is title
    assert title.menu_buttons.state(play) == "normal"


def test_a_disabled_button_neither_lights_up_nor_clicks(title):
    app = title.app
    resume = title.menu_buttons.find("Resume last game")
    assert not resume.is_enabled  # no saved game
    post(pygame.MOUSEMOTION, pos=resume.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=resume.rect.center, button=1)
    post(pygame.MOUSEBUTTONUP, pos=resume.rect.center, button=1)
    frames(app)
    assert app.stack.top is title and title.message is None
    assert title.menu_buttons.state(resume) == "disabled"


def test_hovering_lights_a_button_and_resting_shows_its_tooltip(title):
    app = title.app
    gallery = title.menu_buttons.find("Gallery")
    before = app.screen.get_at(gallery.rect.move(8, 0).midleft)
    post(pygame.MOUSEMOTION, pos=gallery.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    frames(app)
    assert title.menu_buttons.state(gallery) == "hovered"
    assert app.screen.get_at(gallery.rect.move(8, 0).midleft) != before  # drawn lighter
    assert title.menu_buttons.tooltip_shown is None
    frames(app, round(TOOLTIP_DELAY * 60) + 5)
    assert title.menu_buttons.tooltip_shown is gallery
    post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    frames(app)
    assert title.menu_buttons.tooltip_shown is None and title.menu_buttons.state(gallery) == "normal"


def test_the_title_buttons_follow_a_resize_and_stay_in_the_window(title):
    app = title.app
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=600, size=(800, 600)))
    frames(app)
    window = pygame.Rect((0, 0), app.size)
    assert app.size == (800, 600)
    assert [b.label for b in title.menu_buttons.buttons] == \
        ["Play", "Resume last game", "History", "Statistics", "Gallery", "Settings", "Quit"]
    assert all(window.contains(b.rect) for b in title.menu_buttons.buttons)
    assert not title.has_ui  # the title never made a pygame-gui manager


def test_menu_fonts_survive_a_restart_of_pygame_font():
    """An app closed and opened again in one process (as tests do) must not draw with dead fonts."""
    import pygame

    from scenes import look

    pygame.font.init()
    assert look.widget_font(20).size("Play")[0] > 0
    pygame.font.quit()
    assert look.widget_font(20).size("Play")[0] > 0  # the same size again: not the dead cached face
    assert look.widget_font(20, bold=True).size("Play")[0] > 0
    assert look.body_font(14).size("Play")[0] > 0 and look.heading_font(30).size("Play")[0] > 0
