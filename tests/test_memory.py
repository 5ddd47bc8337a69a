"""Memory stays flat (docs/design.md, Performance): every cache of drawn things is bounded by its bytes
and keeps the most recently used, a closed table goes with everything it drew, and the memory
benchmark reports its four figures. Behaviour only: nothing here is timed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import weakref
from pathlib import Path

import pygame
import pytest
from test_table_support import close_app, frames_until, make_app

from game.match import Match, Seat
from scenes import fonts, look
from scenes.art import ArtLibrary
from scenes.cache import MB, BoundedCache, cached, cached_bytes, font_bytes, surface_bytes
from scenes.scene import Scene
from scenes.settings import Settings
from scenes.table import open_table
from scenes.table.kit.cards import CardLayer
from scenes.table.kit.paint import PanelCache, TextCache
from scenes.table.kit.sprite import CardSprite

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("palastgefluester", "palace", "gloria_picktoria", "three_chapters")


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def square(side: int) -> pygame.Surface:
    return pygame.Surface((side, side), pygame.SRCALPHA)


# -- the cache ---------------------------------------------------------------------------------------
def test_a_surface_weighs_its_rows_of_pixels():
    assert surface_bytes(square(10)) == 10 * square(10).get_pitch()
    assert surface_bytes(pygame.Surface((100, 50), pygame.SRCALPHA)) == 100 * 50 * 4


def test_filled_past_its_budget_the_cache_keeps_the_most_recently_used():
    one = surface_bytes(square(32))
    cache: BoundedCache[int, pygame.Surface] = BoundedCache("test", 10 * one)
    for key in range(10):
        cache.put(key, square(32))
    assert cache.bytes == 10 * one and len(cache) == 10
    assert cache.get(0) is not None  # used again: now the most recent
    for key in range(10, 15):
        cache.put(key, square(32))
        assert cache.bytes <= cache.budget
    assert len(cache) == 10
    assert cache.keys() == [6, 7, 8, 9, 0, 10, 11, 12, 13, 14]
    assert cache.get(1) is None and cache.get(0) is not None


def test_the_cache_weighs_bytes_not_entries():
    small, large = square(8), square(100)
    budget = surface_bytes(large) + 20 * surface_bytes(small)
    cache: BoundedCache[str, pygame.Surface] = BoundedCache("test", budget)
    cache.put("large", large)
    for i in range(20):
        cache.put(f"small {i}", square(8))
    assert len(cache) == 21 and cache.bytes == cache.budget
    cache.put("another large", square(100))
    assert cache.bytes <= cache.budget
    assert "large" not in cache and "another large" in cache
    assert len(cache) == 21, "the one large picture made room: the twenty small ones stay"


def test_an_entry_larger_than_the_budget_is_kept_alone():
    cache: BoundedCache[str, pygame.Surface] = BoundedCache("test", surface_bytes(square(10)) * 3)
    cache.put("a", square(10))
    cache.put("huge", square(200))
    assert cache.keys() == ["huge"]
    cache.put("b", square(10))
    assert cache.keys() == ["b"] and cache.bytes <= cache.budget


def test_a_smaller_budget_and_an_entry_limit_let_the_oldest_go():
    cache: BoundedCache[int, pygame.Surface] = BoundedCache("test", 100 * MB, limit=3)
    for key in range(5):
        cache.put(key, square(4))
    assert cache.keys() == [2, 3, 4]
    cache.budget = surface_bytes(square(4))
    assert cache.keys() == [4]
    assert cache.discard(lambda key: key == 4) == 1 and len(cache) == 0 and cache.bytes == 0


def test_a_cached_function_is_bounded_by_bytes():
    made: list[int] = []

    @cached("test squares", surface_bytes(square(16)) * 4)
    def make(side: int) -> pygame.Surface:
        made.append(side)
        return square(side)

    first = make(16)
    assert make(16) is first and made == [16]
    for side in range(1, 16):
        make(side)
        make(16)  # used every time: it stays
        assert make.cache.bytes <= make.cache.budget
    assert make(16) is first and made.count(16) == 1
    make.cache_clear()
    assert len(make.cache) == 0


def test_the_caches_are_listed_with_their_bytes():
    cache: BoundedCache[int, pygame.Surface] = BoundedCache("listed test cache", MB)
    cache.put(1, square(16))
    assert cached_bytes()["listed test cache"] == (surface_bytes(square(16)), 1)


# -- the caches of the screens and the table ------------------------------------------------------------
def test_the_table_texts_stay_under_their_budget_and_keep_the_lines_in_use():
    texts = TextCache(budget=64 * 1024)
    kept = texts.render("the line drawn every frame", 18)
    for i in range(400):
        texts.render(f"line number {i} of a long log", 18)
        texts.fitted(f"a fitted line number {i}", 18, 120)
        assert texts.render("the line drawn every frame", 18) is kept
        assert texts._cache.bytes <= 64 * 1024 and texts._fitted.bytes <= 64 * 1024
    texts.drop_cached()
    assert texts._cache.bytes == 0 and texts._fitted.bytes == 0


def test_the_table_panels_stay_under_their_budget():
    panels = PanelCache(budget=MB)
    for width in range(100, 400, 5):
        panels.get((width, 200))
        assert panels._cache.bytes <= MB
    assert panels.get((395, 200)) is panels.get((395, 200))


def test_flip_frames_stay_under_their_budget(monkeypatch):
    monkeypatch.setattr("scenes.table.kit.cards.FLIP_BUDGET", 256 * 1024)
    layer = CardLayer("palace")
    for i in range(60):
        layer._narrowed(square(120), (f"card {i}", (120, 120)), 0.5)
        assert layer._narrow.bytes <= 256 * 1024


def test_the_art_library_stays_under_its_budgets_and_keeps_the_faces_in_use(monkeypatch):
    monkeypatch.setattr("scenes.art.SCALED_BUDGET", 2 * MB)
    monkeypatch.setattr("scenes.art.SCALED_SCREENS", 0)  # whatever window an earlier test left open
    monkeypatch.setattr("scenes.art.SOURCE_BUDGET", 4 * MB)
    art = ArtLibrary(Settings())
    in_use = art.card("palastgefluester", "Zofe/red", (100, 140))
    ids = art.card_ids("palastgefluester")
    for width in range(60, 200, 10):
        for card_id in ids[:12]:
            art.card("palastgefluester", card_id, (width, width * 7 // 5))
            assert art._scaled.bytes <= art._scaled.budget == 2 * MB
            assert art._sources.bytes <= 4 * MB
            assert art.card("palastgefluester", "Zofe/red", (100, 140)) is in_use


def test_the_art_of_a_closed_game_and_of_another_language_goes():
    from game.i18n import set_language

    art = ArtLibrary(Settings())
    for game_id in GAMES:
        art.back(game_id, (60, 84))
        art.card(game_id, art.card_ids(game_id)[0], (60, 84))
    art.forget_games(keep=["palace"])
    assert {key[1] for key in art._scaled} == {"palace"}
    assert art._sources.bytes <= 2 * surface_bytes(art._source("palace", "back", None))
    set_language("de")
    assert len(art._scaled) == 0, "the English faces went with the language"


def test_fonts_stay_under_their_budget():
    for size in range(6, 400, 3):
        fonts.font(size)
        assert fonts._cached.cache.bytes <= fonts.FONT_BUDGET
    face = fonts.font(399)
    assert fonts.font(399) is face
    assert font_bytes(face) > font_bytes(fonts.font(10))


def test_the_menu_screens_caches_stay_under_their_budgets():
    for w in range(400, 2000, 100):
        look.draw_felt(pygame.Surface((w, w // 2)))
        look.dim(pygame.Surface((w, w // 2)), 150)
        look.draw_text(pygame.Surface((200, 50)), f"heading {w}", look.heading_font(30), look.GOLD,
                       topleft=(0, 0))
        for function in (look._felt_light, look._rendered):
            assert function.cache.bytes <= function.cache.budget or len(function.cache) == 1
    light = look._felt_light((1280, 720))
    assert look._felt_light((1280, 720)) is light
    assert light.get_size() == (1280 // look.FELT_LIGHT_STEP, 720 // look.FELT_LIGHT_STEP)


def test_the_cloth_is_drawn_in_place_lighter_in_the_middle_than_at_the_edges():
    cloth = pygame.Surface((1280, 720))
    look.draw_felt(cloth)
    middle, corner = cloth.get_at((640, 360)), cloth.get_at((2, 2))
    assert middle.g > corner.g + 20
    assert look.felt((1280, 720)).get_size() == (1280, 720)


@pytest.mark.parametrize("alpha", [0, 90, 150, 200, 255])
def test_dimming_lays_the_shade_over_at_its_alpha_whatever_came_before(alpha):
    a = pygame.Surface((40, 30))
    a.fill((200, 100, 50))
    look.dim(pygame.Surface((40, 30)), 30)  # an earlier dim at another alpha changes nothing after it
    look.dim(a, alpha)
    reference = pygame.Surface((40, 30))
    reference.fill((200, 100, 50))
    shade = pygame.Surface((40, 30))
    shade.fill(look.SHADE)
    shade.set_alpha(alpha)
    reference.blit(shade, (0, 0))
    got, want = a.get_at((5, 5)), reference.get_at((5, 5))
    assert all(abs(g - w) <= 1 for g, w in zip(got[:3], want[:3], strict=True)), (got, want)


# -- a closed scene goes with what it made -----------------------------------------------------------------
class Root(Scene):
    """The scene at the bottom of the stack (popping the last scene would quit the app)."""


class Keeping(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.texts = TextCache()
        self.layer = CardLayer("palace")


def test_a_scene_that_leaves_the_stack_drops_its_caches():
    app = make_app()
    try:
        app.push(Root(app))
        scene = Keeping(app)
        app.push(scene)
        scene.texts.render("kept while shown", 20)
        sprite = scene.layer.add(CardSprite(uid=1, card=None, zone="deck", size=(60, 84)))
        scene.layer.surface_for(sprite, app.art)
        app.step(1 / 60)
        app.pop()
        assert scene.texts._cache.bytes == 0
        assert sprite.image is None and scene.layer.sprites, "the sprites stay, their pictures go"
    finally:
        close_app(app)


def played_table(app, game_id: str) -> list[weakref.ref]:
    """A table pushed and played a little: weak references to it, its texts and the pictures its cards
    show (nothing else of the test holds them)."""
    match = Match(game_id, [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], 4)
    table = open_table(app, match)
    app.push(table)
    frames_until(app, lambda: table.caught_up)
    for _ in range(10):
        app.step(1 / 60)
    drawn = [sprite.image for sprite in table.layer if sprite.image is not None]
    assert drawn
    return [weakref.ref(table), weakref.ref(table.texts), *(weakref.ref(surface) for surface in drawn)]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_closed_table_is_collected_with_what_it_drew(game_id):
    app = make_app()
    try:
        app.push(Root(app))
        refs = played_table(app, game_id)
        assert any(key[1] == game_id for key in app.art._scaled)
        app.pop()
        app.step(1 / 60)  # the frame after a scene left collects what it made
        assert refs[0]() is None, "the closed table is collected"
        assert all(ref() is None for ref in refs), "with its texts and every picture its cards showed"
        assert not any(key[1] == game_id for key in app.art._scaled), "the art keeps none of its sizes"
    finally:
        close_app(app)


# -- the benchmark ---------------------------------------------------------------------------------------
def test_the_memory_bench_ends_with_its_four_figures():
    done = subprocess.run([sys.executable, "-m", "tools.bench", "memory", "--frames", "200", "--json"],
                          cwd=ROOT, env=dict(os.environ), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(result) == {"frames", "rss_mb_2000", "rss_mb_end", "peak_mb"}
    assert result["frames"] == 200
    assert result["rss_mb_2000"] is None, "a run shorter than 2,000 frames has no figure at frame 2,000"
    assert 0 < result["rss_mb_end"] <= result["peak_mb"]


def test_the_memory_bench_refuses_a_bad_size():
    done = subprocess.run([sys.executable, "-m", "tools.bench", "memory", "--size", "huge"], cwd=ROOT,
                          env=dict(os.environ), capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_screens_lying_on_one_another_share_their_fonts():
    """Each pygame-gui manager would load its own faces (19 MB a screen at 2560x1080): the screens share
    one font dictionary, and what one loads the next finds."""
    from pygame_gui.elements import UIButton

    app = make_app((1280, 720))
    try:
        below, above = Scene(app), Scene(app)
        UIButton(pygame.Rect(10, 10, 200, 50), "Below", manager=below.ui)
        UIButton(pygame.Rect(10, 10, 200, 50), "Above", manager=above.ui)
        fonts_below = below.ui.get_theme().get_font_dictionary()
        assert fonts_below is above.ui.get_theme().get_font_dictionary()
        assert fonts_below.loaded_fonts
        assert below.ui.get_theme() is not above.ui.get_theme()  # colours and sizes stay each screen's
    finally:
        close_app(app)


def test_the_shared_faces_do_not_each_keep_a_copy_of_their_font_file():
    """pygame-gui reads a packaged face whole for every size it loads (600 kB each, 39 MB after an
    evening of window sizes): the shared faces are opened from their files, which costs a few kB."""
    import tracemalloc

    app = make_app((1280, 720))
    try:
        fonts = Scene(app).ui.get_theme().get_font_dictionary()
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            for size in range(30, 38):
                fonts.preload_font(size, "noto_sans", force_immediate_load=True)
            grown = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
        assert all(fonts.check_font_preloaded(fonts.create_font_id(size, "noto_sans", False, False))
                   for size in range(30, 38))
        assert grown < 8 * 200 * 1024, f"{grown / 1e6:.1f} MB for eight sizes of one face"
    finally:
        close_app(app)


def test_a_screen_made_after_pygame_quit_loads_its_fonts_afresh():
    """The shared faces die with pygame's font module: the next screen finds out and starts afresh."""
    from pygame_gui.elements import UIButton

    app = make_app((1280, 720))
    try:
        UIButton(pygame.Rect(10, 10, 200, 50), "Before", manager=Scene(app).ui)
    finally:
        close_app(app)
    pygame.font.quit()
    app = make_app((1280, 720))
    try:
        screen = Scene(app)
        UIButton(pygame.Rect(10, 10, 200, 50), "After", manager=screen.ui)
        screen.ui.update(0.01)
        screen.ui.draw_ui(app.screen)  # a dead face would raise here
    finally:
        close_app(app)


def test_a_table_keeps_one_window_sized_background_not_also_one_in_the_art_cache():
    from test_table_support import palastgefluester_table

    from scenes.cache import caches

    app = make_app()
    try:
        palastgefluester_table(app)
        app.step(1 / 60)
        window_sized = [cache.name for cache in caches() for value in cache.values()
                        if isinstance(value, pygame.Surface) and value.get_size() == app.size]
        assert window_sized == []
    finally:
        close_app(app)
