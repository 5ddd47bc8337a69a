"""Proofing in the card gallery: print guides over the faces (key G and the "Guides" button), and the faces
as colour-weak eyes see them (key V and the vision button) with faces whose colours collapse flagged."""

from __future__ import annotations

import pygame
import pytest

from kartentisch.launcher import make_app
from scenes.menus import proofing
from scenes.menus import setup as setup_screen
from scenes.menus.gallery import COLLAPSED, GalleryScene
from scenes.menus.proofing import (
    BLEED_COLOUR,
    SAFE_COLOUR,
    TRIM_COLOUR,
    Proofer,
    collapses,
    distinguishing_colours,
    draw_guides,
    guides,
    simulate_surface,
)
from scenes.menus.title import TitleScene
from scenes.settings import Settings, data_dir
from scenes.widgets import find_button

GAME = "palastgefluester"
RED, GREEN, BLACK, WHITE = (200, 30, 30), (40, 150, 40), (0, 0, 0), (255, 255, 255)


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(setup_screen, "_last_choices", {})


@pytest.fixture
def app():
    application = make_app(Settings(), size=(1280, 720))
    application.push(TitleScene(application))
    frames(application, 2)
    yield application
    application.stack.clear()


def settled(app, gallery, limit: int = 600) -> None:
    """Frames until the gallery has converted every face it shows for the chosen eyes."""
    for _ in range(limit):
        app.step(1 / 60)
        if not gallery.proofer.pending:
            return
    raise AssertionError(f"the faces were still being converted after {limit} frames")


def frames(app, count: int = 3) -> None:
    for _ in range(count):
        assert app.step(1 / 60)


def post(event_type: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(event_type, **fields))


def click(app, label: str) -> None:
    button = find_button(app.stack.top, label)
    assert button is not None and button.is_enabled, f"no enabled button {label!r}"
    post(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)
    post(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1)
    frames(app, 2)


def key(app, code: int) -> None:
    post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    frames(app, 2)


def open_gallery(app) -> GalleryScene:
    click(app, "Gallery")
    gallery = app.stack.top
    assert isinstance(gallery, GalleryScene)
    return gallery


def halves(left: tuple[int, int, int], right: tuple[int, int, int], size=(40, 56)) -> pygame.Surface:
    face = pygame.Surface(size)
    face.fill(left)
    face.fill(right, pygame.Rect(size[0] // 2, 0, size[0] - size[0] // 2, size[1]))
    return face


def red_green_pack(card: str) -> None:
    """A user pack whose one card is half red, half green (the pair green-weak eyes confuse)."""
    folder = data_dir() / "art" / "proof"
    folder.mkdir(parents=True)
    pygame.image.save(halves(RED, GREEN), str(folder / "face.png"))
    (folder / "pack.toml").write_text(
        f'name = "Pack proof"\ncard_size = [40, 56]\n[games.{GAME}]\n'
        f'[games.{GAME}.cards]\n"{card}" = "face.png"\n',
        encoding="utf-8")


# -- guides ----------------------------------------------------------------------------------------
def test_guides_lie_at_print_size_bleed_outside_safe_area_inside():
    face = pygame.Rect(100, 100, 126, 176)  # 63 x 88 mm at 2 px per mm
    found = guides(face, "palace")
    assert found.trim == face
    assert found.bleed == face.inflate(12, 12)  # 3 mm on every side
    assert found.safe == face.inflate(-12, -12)  # 3 mm inside the trim
    surface = pygame.Surface((400, 400))
    draw_guides(surface, face, "palace")
    assert tuple(surface.get_at(found.bleed.topleft))[:3] == BLEED_COLOUR
    assert tuple(surface.get_at(face.midleft))[:3] == TRIM_COLOUR
    assert tuple(surface.get_at(found.safe.midtop))[:3] == SAFE_COLOUR


def test_g_and_the_guides_button_draw_the_guides_over_every_card(app):
    gallery = open_gallery(app)
    second = gallery.tiles[1]  # the first column's bleed lies at the view's edge, clipped
    bleed = guides(gallery.screen_rect(second), gallery.game_id or "").bleed
    assert tuple(app.screen.get_at(bleed.midtop))[:3] != BLEED_COLOUR
    key(app, pygame.K_g)
    assert gallery.show_guides
    assert tuple(app.screen.get_at(bleed.midtop))[:3] == BLEED_COLOUR
    click(app, "Guides")
    assert not gallery.show_guides
    assert tuple(app.screen.get_at(bleed.midtop))[:3] != BLEED_COLOUR


def test_the_guides_follow_the_packs_printed_card_size(app):
    """A pack printing mini cards ([print] card_mm = [44, 68]) gets guides for those: its 3 mm bleed and
    safe area are a larger share of the face than on a 63x88 mm card."""
    red_green_pack("Zofe/red")
    manifest = data_dir() / "art" / "proof" / "pack.toml"
    mini = "[print]\ncard_mm = [44, 68]\n"
    manifest.write_text(manifest.read_text(encoding="utf-8") + mini, encoding="utf-8")
    app.art.choose(GAME, "proof")
    gallery = open_gallery(app)
    assert gallery.print_mm == (44.0, 68.0)
    key(app, pygame.K_g)
    tile = gallery.tiles[1]
    rect = gallery.screen_rect(tile)
    bleed = guides(rect, GAME, (44.0, 68.0)).bleed
    assert bleed != guides(rect, GAME).bleed
    assert tuple(app.screen.get_at(bleed.midtop))[:3] == BLEED_COLOUR


# -- colour vision ---------------------------------------------------------------------------------
def test_a_face_is_converted_pixel_by_pixel_as_the_seat_colours_are():
    face = halves(RED, GREEN)
    seen = simulate_surface(face, "green-weak")
    assert seen.get_size() == face.get_size()
    assert tuple(seen.get_at((2, 2)))[:3] == proofing._seen_rgb(RED, "green-weak")
    assert tuple(seen.get_at((38, 2)))[:3] == proofing._seen_rgb(GREEN, "green-weak")
    assert tuple(seen.get_at((2, 2)))[:3] != RED
    assert tuple(simulate_surface(face, "normal").get_at((2, 2)))[:3] == RED


def test_each_face_is_converted_once_per_vision(monkeypatch):
    calls: list[str] = []
    real = proofing.simulate_surface
    monkeypatch.setattr(proofing, "simulate_surface",
                        lambda face, vision: calls.append(vision) or real(face, vision))
    proofer, face = Proofer(), halves(RED, GREEN)
    first = proofer.face("a", face, "red-weak")
    assert proofer.face("a", face, "red-weak") is first
    proofer.face("a", face, "blue-weak")
    assert proofer.face("a", face, "normal") is face
    assert calls == ["red-weak", "blue-weak"]


def test_colours_that_collapse_for_weak_eyes_are_flagged_and_others_not():
    colours = distinguishing_colours(halves(RED, GREEN))
    assert sorted(colours) == sorted([RED, GREEN])
    assert collapses(colours, "green-weak")
    assert not collapses(colours, "normal")
    assert not collapses(distinguishing_colours(halves(BLACK, WHITE)), "green-weak")
    assert not collapses([RED, (200, 40, 40)], "green-weak")  # alike to every eye: nothing told apart


def test_v_steps_the_views_and_a_red_green_card_is_flagged_for_green_weak_eyes(own_dirs):
    card = "Hofmarschall/red"
    red_green_pack(card)
    app = make_app(Settings(), size=(1280, 720))
    app.push(TitleScene(app))
    frames(app, 2)
    gallery = open_gallery(app)
    gallery.set_pack("proof")
    frames(app, 2)
    tile = next(t for t in gallery.tiles if t.key == card)
    assert tile.status == ""  # the pack's own face
    assert gallery.collapsed(tile) == []
    key(app, pygame.K_v)
    assert gallery.vision == "red-weak"
    assert find_button(gallery, "Red-weak eyes") is not None
    click(app, "Red-weak eyes")
    assert gallery.vision == "green-weak"
    settled(app, gallery)  # faces are converted a share of each frame at a time: a busy machine takes more
    tile = next(t for t in gallery.tiles if t.key == card)
    assert gallery.collapsed(tile)
    rect = gallery.screen_rect(tile)
    face = tile.image(gallery.art, GAME)
    assert tuple(app.screen.get_at((rect.left + 3, rect.centery)))[:3] == proofing._seen_rgb(
        tuple(face.get_at((3, rect.height // 2)))[:3], "green-weak")
    width = max(2, rect.width // 40)
    assert tuple(app.screen.get_at((rect.centerx, rect.top - width)))[:3] == COLLAPSED
    assert any("look alike" in line for line in gallery.describe(tile))
    key(app, pygame.K_v)
    key(app, pygame.K_v)
    assert gallery.vision == "normal"
    app.stack.clear()


# -- A/B -------------------------------------------------------------------------------------------
def plain_pack(name: str, card: str, colour: tuple[int, int, int]) -> None:
    folder = data_dir() / "art" / name
    folder.mkdir(parents=True)
    face = pygame.Surface((40, 56))
    face.fill(colour)
    pygame.image.save(face, str(folder / "face.png"))
    (folder / "pack.toml").write_text(
        f'name = "Pack {name}"\ncard_size = [40, 56]\n[games.{GAME}]\n'
        f'[games.{GAME}.cards]\n"{card}" = "face.png"\n', encoding="utf-8")


def test_a_b_shows_each_card_beside_pack_bs_and_keeps_pack_a_chosen(own_dirs):
    card = "Hofmarschall/red"
    plain_pack("first", card, (200, 30, 30))
    plain_pack("second", card, (30, 60, 200))
    settings = Settings()
    app = make_app(settings, size=(1280, 720))
    app.push(TitleScene(app))
    frames(app, 2)
    gallery = open_gallery(app)
    gallery.set_pack("first")
    frames(app, 2)
    key(app, pygame.K_a)  # no pack B chosen yet: a note says how, nothing changes
    assert not gallery.compare
    assert gallery.message is not None and "Compare with" in gallery.message.text
    gallery.close_message()
    settings.compare_packs[GAME] = "second"
    click(app, "A/B")
    assert gallery.compare
    tile = next(t for t in gallery.tiles if t.key == card)
    rect = gallery.screen_rect(tile)
    assert rect.width == 2 * tile.size[0] + gallery.pair_gap()
    frames(app, 3)
    first, second = gallery.face_rects(tile, rect)
    assert tuple(app.screen.get_at(first.center))[:3] == (200, 30, 30)
    assert tuple(app.screen.get_at(second.center))[:3] == (30, 60, 200)
    assert gallery.art.active_pack(GAME) == "first" and settings.art_packs[GAME] == "first"
    assert GAME not in gallery.art.shown_instead
    layout = gallery.tiles
    frames(app, 5)
    assert gallery.tiles is layout  # showing B for a moment is not taken for a change on disk
    key(app, pygame.K_g)  # guides over both faces
    bleed_b = guides(second, GAME).bleed
    assert tuple(app.screen.get_at(bleed_b.midtop))[:3] == BLEED_COLOUR
    key(app, pygame.K_a)
    assert not gallery.compare
    assert gallery.screen_rect(next(t for t in gallery.tiles if t.key == card)).width == tile.size[0]
    app.stack.clear()
