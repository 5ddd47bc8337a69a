"""Keyboard and game controller: a visible focus over buttons, cards and targets; Enter or Space acts,
Esc goes back, number keys pick the n-th legal card; a controller does the same and may come and go."""

from __future__ import annotations

import pygame
import pytest

from kartentisch.launcher import make_app
from scenes.app import App
from scenes.focus import DOWN, RIGHT, Focus, Focusable, focus_items, nearest
from scenes.menus import setup as setup_screen
from scenes.menus.choose import ChooseGameScene
from scenes.menus.setup import SetupScene
from scenes.menus.title import TitleScene
from scenes.settings import Settings


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(setup_screen, "_last_choices", {})


@pytest.fixture
def app():
    application = make_app(Settings(animation_speed="off"), size=(1280, 720))
    application.push(TitleScene(application))
    frames(application, 2)
    yield application
    application.stack.clear()


def frames(app: App, count: int = 2) -> None:
    for _ in range(count):
        assert app.step(1 / 60)


def key(app: App, code: int, mod: int = 0, count: int = 2, times: int = 1) -> None:
    """The key pressed `times` times, then `count` frames (all presses are taken by the first)."""
    for _ in range(times):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    frames(app, count)


def pad(app: App, button: int, count: int = 2, times: int = 1) -> None:
    for _ in range(times):
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0))
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=0))
    frames(app, count)


def focused(app: App) -> Focusable | None:
    scene = app.stack.top
    focus = app.navigator.focus.get(scene)
    return focus.current(focus_items(scene)) if focus is not None and focus.visible else None


def test_nearest_goes_the_way_of_the_arrow_and_prefers_what_is_in_line():
    items = [Focusable(k, pygame.Rect(x, y, 10, 10)) for k, x, y in
             (("a", 0, 0), ("right", 100, 0), ("diagonal", 60, 60), ("below", 0, 100))]
    assert nearest(items, items[0].rect, RIGHT).key == "right"
    assert nearest(items, items[0].rect, DOWN).key == "below"
    assert nearest(items, items[1].rect, RIGHT) is None


def test_tab_goes_round_and_shift_tab_back():
    items = [Focusable(k, pygame.Rect(0, 20 * i, 10, 10)) for i, k in enumerate("abc")]
    focus = Focus()
    focus.step(items, 1)
    assert focus.current(items).key == "a"
    focus.step(items, -1)
    assert focus.current(items).key == "c"
    focus.step(items, 1)
    assert focus.current(items).key == "a"


def test_the_menus_by_keys_alone(app):
    key(app, pygame.K_DOWN)  # the first arrow shows where the focus is
    assert focused(app).key == ("light", "Play")
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, ChooseGameScene)
    key(app, pygame.K_TAB)
    first = focused(app)
    assert first is not None and first.key[0] == "button"
    key(app, pygame.K_RETURN, count=4)
    assert isinstance(app.stack.top, SetupScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, ChooseGameScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def test_the_mouse_hides_the_ring_and_the_next_key_shows_it_where_it_was(app):
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    second = focused(app)
    assert second is not None and second.key != ("light", "Play")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    frames(app)
    assert focused(app) is None
    key(app, pygame.K_DOWN)
    assert focused(app).key == second.key


def test_the_controller_moves_acts_and_goes_back(app):
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert focused(app).key == ("light", "Play")
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.stack.top, ChooseGameScene)
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert isinstance(app.stack.top, TitleScene)


def test_a_controller_may_come_and_go_and_a_stick_steps_once_per_push(app):
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=97))  # no such device
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=97))
    frames(app)
    assert app.navigator.controllers == {}
    axis = pygame.CONTROLLER_AXIS_LEFTY

    def stick(value: int) -> None:
        motion = pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=axis, value=value, instance_id=0)
        pygame.event.post(motion)
        frames(app, 1)

    for value in (0, 30000, 31000, 0):
        stick(value)
    assert focused(app).key == ("light", "Play")  # shown by the first push, not moved by its wobble
    stick(30000)
    assert focused(app).key != ("light", "Play")


# -- whole games without a mouse ------------------------------------------------------------------
GAMES = [("palastgefluester", 3, 11), ("palace", 3, 12), ("gloria_picktoria", 2, 13),
         ("three_chapters", 3, 14)]


def _choices(items: list) -> list:
    """The focus stops that are choices of the game: legal cards and the table's other targets."""
    return [i for i in items if (i.card and i.legal) or i.key[0] == "target"]


def _tabs_to(app: App, table, items: list, chosen) -> tuple[str, int]:
    """The shorter way round the focus order to `chosen`: ("tab" or "back", how many presses). A press
    steps from the item the focus rests on, shown or not (none yet: Tab starts at the first item, Shift+Tab
    at the last), so a hidden focus on `chosen` itself is a whole round away."""
    keys = [i.key for i in items]
    count, target = len(keys), keys.index(chosen.key)
    focus = app.navigator.focus.get(table)
    now = focus.current(items) if focus is not None else None
    if now is None:
        ahead, behind = target + 1, count - target
    else:
        at = keys.index(now.key)
        ahead, behind = (target - at) % count, (at - target) % count
        if ahead == 0 and focused(app) is None:
            ahead = behind = count
    return ("tab", ahead) if ahead <= behind else ("back", behind)


def _play_without_mouse(game_id: str, players: int, seed: int, press, numbers: bool) -> None:
    """A whole game with one person at the table, every decision taken through the focus alone: a
    number key for the n-th legal card (with `numbers`), or Tab (or Shift+Tab) round to a target and
    Enter (`press` sends "tab", "back", "enter" or a number, as keys or as controller buttons); a banner
    that waits (a round's end, the game's end) is moved on by "enter" too."""
    import random

    from test_table_support import close_app, make_app, waiting_banner

    from game.match import Match, Seat
    from scenes.menus.results import ResultsScene
    from scenes.table import open_table

    app = make_app((1280, 720), "off")  # no animations, and bots move at once
    rng = random.Random(seed)
    seats = [Seat("Anna")] + [Seat.ai(f"Bot {i}", "random") for i in range(1, players)]
    match = Match(game_id, seats, seed)
    table = open_table(app, match)
    app.push(table)
    decisions = banners = 0
    try:
        for _ in range(60_000):
            if isinstance(app.stack.top, ResultsScene):
                break
            app.step(1 / 60)
            if app.stack.top is table and waiting_banner(app):
                press(app, "enter")  # a round's end waits: Enter (or A) moves it on
                banners += 1
                continue
            if app.stack.top is not table or not table.caught_up or not table.targets:
                continue
            items = focus_items(table)
            choices = _choices(items)
            if not choices:
                continue
            chosen = rng.choice(choices)
            legal_cards = [i for i in items if i.card and i.legal]
            if numbers and chosen in legal_cards and legal_cards.index(chosen) < 9 and rng.random() < 0.5:
                press(app, legal_cards.index(chosen) + 1)
            else:
                way, times = _tabs_to(app, table, items, chosen)
                if times:  # all Tabs in one frame: the focus steps once per press, as over many frames
                    press(app, way, times)
                assert focused(app).key == chosen.key
                press(app, "enter")
            decisions += 1
        assert match.is_over(), f"{game_id}: the game did not end ({decisions} decisions by keys)"
        assert isinstance(app.stack.top, ResultsScene)
        assert decisions > 3
        assert banners > 0, "the game's end waits for the player"
    finally:
        close_app(app)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players", "seed"), GAMES)
def test_a_whole_game_of_each_table_with_key_events_only(game_id, players, seed):
    codes = {"tab": pygame.K_TAB, "back": pygame.K_TAB, "enter": pygame.K_RETURN}

    def press(app: App, what, times: int = 1) -> None:
        code = codes[what] if isinstance(what, str) else getattr(pygame, f"K_{what}")
        key(app, code, mod=pygame.KMOD_SHIFT if what == "back" else 0, count=1, times=times)

    _play_without_mouse(game_id, players, seed, press, numbers=True)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players", "seed"), GAMES)
def test_a_whole_game_of_each_table_with_controller_events_only(game_id, players, seed):
    def press(app: App, what: str, times: int = 1) -> None:
        button = {"tab": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
                  "back": pygame.CONTROLLER_BUTTON_LEFTSHOULDER, "enter": pygame.CONTROLLER_BUTTON_A}[what]
        pad(app, button, count=1, times=times)

    _play_without_mouse(game_id, players, seed + 100, press, numbers=False)


def test_the_gallery_by_keys_shows_a_card_large_and_scrolls_to_the_focused_one(app):
    from scenes.menus.gallery import GalleryScene

    gallery = GalleryScene(app, "palastgefluester")
    app.push(gallery)
    frames(app)
    tiles = [i for i in focus_items(gallery) if i.key[0] == "tile"]
    assert len(tiles) == len(gallery.tiles)
    key(app, pygame.K_TAB)
    while focused(app).key[0] != "tile":
        key(app, pygame.K_TAB, count=1)
    key(app, pygame.K_i)
    assert gallery.zoomed is gallery.tiles[0] and gallery.inspector.pinned
    key(app, pygame.K_ESCAPE)
    assert gallery.zoomed is None
    for _ in range(len(gallery.tiles) - 1):  # Shift+Tab from the first picture: the last, far below
        key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT, count=1)
        if focused(app).key == ("tile", gallery.tiles[-1].section, gallery.tiles[-1].key):
            break
    frames(app)
    assert gallery.scroll > 0 and gallery.view.colliderect(gallery.screen_rect(gallery.tiles[-1]))


def test_a_screen_keeps_the_keys_it_uses_itself(app):
    from scenes.menus.rules import RulesViewScene

    rules = RulesViewScene(app, "palastgefluester")
    app.push(rules)
    frames(app)
    first = rules.page
    key(app, pygame.K_RIGHT)
    assert rules.page == first + 1  # the arrow turned the page
    key(app, pygame.K_TAB)
    assert focused(app) is not None  # Tab still moves the focus
