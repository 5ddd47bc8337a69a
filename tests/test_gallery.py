"""The card gallery, art packs per game and live reload of changed art, headless: the gallery opened by
clicks, every card shown and marked by where its art comes from, edits on disk picked up while the
gallery or a table is open, and the pack chosen in setup reaching the table."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.palastgefluester.cards import BROWN, COLOURS, KING_PERSONS, PERSON_BY_ID, PERSON_IDS
from kartentisch.launcher import make_app
from scenes.app import App
from scenes.art import ASSET_ART_DIR, ArtLibrary
from scenes.menus import setup as setup_screen
from scenes.menus.gallery import GalleryScene, card_text
from scenes.menus.setup import SetupScene
from scenes.menus.title import TitleScene
from scenes.settings import Settings, config_dir, data_dir, history_dir
from scenes.table.kit.scene import TableScene
from scenes.widgets import button_at, find_button

GAME = "palastgefluester"
RED, BLUE, GREEN, ORANGE, CYAN = (200, 10, 10), (10, 10, 200), (10, 170, 30), (250, 120, 0), (0, 220, 220)


# -- helpers ---------------------------------------------------------------------------------------
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


def frames(app: App, count: int = 3) -> None:
    for _ in range(count):
        assert app.step(1 / 60)


def seconds(app: App, duration: float) -> None:
    frames(app, round(duration * 60))


def post(event_type: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(event_type, **fields))


def click_at(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frames(app, 2)


def click(app: App, label: str) -> None:
    button = find_button(app.stack.top, label)
    assert button is not None and button.is_enabled, f"no enabled button {label!r}"
    click_at(app, button.rect.center)


def key(app: App, code: int) -> None:
    post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    frames(app, 2)


def png(colour: tuple[int, int, int], size: tuple[int, int] = (40, 56)) -> bytes:
    image = pygame.Surface(size)
    image.fill(colour)
    path = data_dir() / "scratch.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(image, str(path))
    return path.read_bytes()


def write_later(path: Path, data: bytes) -> None:
    """Replace a file as an editor does, with an mtime that surely differs from the last one."""
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_bytes(data)
    os.utime(path, ns=(before + 2_000_000_000, before + 2_000_000_000))


def user_pack(name: str = "mine", cards: dict[str, tuple[int, int, int]] | None = None,
              back: tuple[int, int, int] | None = None) -> Path:
    """A pack in the user data dir covering some Palastgeflüster cards (each a plain colour)."""
    folder = data_dir() / "art" / name
    folder.mkdir(parents=True)
    lines = [f'name = "Pack {name}"', "card_size = [40, 56]", f"[games.{GAME}]"]
    if back is not None:
        (folder / "back.png").write_bytes(png(back))
        lines.append('back = "back.png"')
    lines.append(f"[games.{GAME}.cards]")
    for card, colour in (cards or {}).items():
        file = card.replace("/", "_") + ".png"
        (folder / file).write_bytes(png(colour))
        lines.append(f'"{card}" = "{file}"')
    (folder / "pack.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def centre_colour(surface: pygame.Surface) -> tuple[int, int, int]:
    return tuple(surface.get_at((surface.get_width() // 2, surface.get_height() // 2)))[:3]


def all_card_ids() -> set[str]:
    persons = {f"{p}/{c}" for p in PERSON_IDS for c in (*COLOURS, BROWN)}
    return persons | {f"king/{p}" for p in KING_PERSONS}


def open_gallery(app: App) -> GalleryScene:
    click(app, "Gallery")
    gallery = app.stack.top
    assert isinstance(gallery, GalleryScene)
    return gallery


def tile(gallery: GalleryScene, key: str):
    return next(t for t in gallery.tiles if t.key == key)


# -- the gallery -----------------------------------------------------------------------------------
def test_the_gallery_opens_from_the_title_and_shows_every_card_fronts_and_backs(app):
    gallery = open_gallery(app)
    assert gallery.game_id == GAME
    cards = [t.key for t in gallery.tiles if t.section == "cards"]
    assert sorted(cards) == sorted(all_card_ids())
    assert {t.section for t in gallery.tiles} >= {"back", "king_back", "table"}
    assert all(t.status == "" and t.origin == "default" for t in gallery.tiles)
    # at table size: as tall as a hand card of a 720-pixel table (18% of the window)
    assert tile(gallery, "Zofe/red").size[1] == round(720 * 0.18)


def test_the_wheel_scrolls_to_the_last_card_and_back(app):
    gallery = open_gallery(app)
    last = gallery.tiles[-1]
    assert not gallery.view.contains(gallery.screen_rect(last))  # 48 cards do not fit at 1280x720
    for _ in range(30):
        post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    frames(app, 2)
    assert gallery.scroll == gallery.content_height - gallery.view.height
    assert gallery.view.contains(gallery.screen_rect(last))
    for _ in range(30):
        post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    frames(app, 2)
    assert gallery.scroll == 0


def test_hover_shows_the_rule_text_a_click_the_full_size_card_and_esc_goes_back(app):
    gallery = open_gallery(app)
    zauberer = tile(gallery, "Zauberer/red")
    centre = gallery.screen_rect(zauberer).center
    post(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))
    frames(app, 1)
    assert gallery.hovered is zauberer
    assert any(PERSON_BY_ID["Zauberer"].action in line for line in gallery.describe(zauberer))
    king = tile(gallery, "king/Hofnarr")
    assert any(PERSON_BY_ID["Hofnarr"].king_text in line for line in gallery.describe(king))

    click_at(app, centre)
    assert gallery.zoomed is zauberer
    full = gallery.full_card_size(app.size)
    assert full[1] > zauberer.size[1]  # larger than at table size
    key(app, pygame.K_RIGHT)
    assert gallery.zoomed is gallery.tiles[gallery.tiles.index(zauberer) + 1]
    key(app, pygame.K_ESCAPE)
    assert gallery.zoomed is None and app.stack.top is gallery
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def test_a_resize_lays_the_cards_out_again(app):
    gallery = open_gallery(app)
    before = tile(gallery, "Zofe/red").size
    post(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080))
    frames(app, 2)
    assert tile(gallery, "Zofe/red").size[1] == round(1080 * 0.18) > before[1]
    post(pygame.VIDEORESIZE, w=320, h=240, size=(320, 240))
    frames(app, 2)
    assert gallery.view.width <= 320 and all(t.rect.right <= gallery.view.width for t in gallery.tiles)


def test_a_user_pack_for_two_cards_shows_those_and_marks_the_rest_as_default(app):
    user_pack(cards={"Zofe/red": RED, "king/Zofe": BLUE})
    gallery = open_gallery(app)
    assert gallery.pack_stepper is not None
    assert gallery.pack_stepper.labels == ["default", "Pack mine"]  # the names setup and settings show too
    click_at(app, gallery.pack_stepper.right.rect.center)
    assert app.settings.art_packs[GAME] == "mine"
    assert app.stack.top is gallery and gallery.game_id == GAME
    ours = {t.key for t in gallery.tiles if t.origin == "mine"}
    assert ours == {"Zofe/red", "king/Zofe"}
    assert all(t.status == "" for t in gallery.tiles if t.key in ours)
    others = [t for t in gallery.tiles if t.key not in ours]
    assert others and all(t.status == "default pack" and t.origin == "default" for t in others)
    assert centre_colour(tile(gallery, "Zofe/red").image(app.art, GAME)) == RED
    assert "mine" in (config_dir() / "settings.json").read_text(encoding="utf-8")  # kept


def test_the_preview_table_uses_the_pack_and_esc_returns_to_the_gallery(app):
    user_pack(back=ORANGE)
    app.settings.art_packs[GAME] = "mine"
    gallery = open_gallery(app)
    click(app, "See at the table")
    table = app.stack.top
    assert isinstance(table, TableScene) and table.viewer is None  # a spectator
    seconds(app, 0.5)
    backs = [s for s in table.layer if not s.shown_face and s.shown]
    assert backs and all(centre_colour(table.layer.surface_for(s, app.art)) == ORANGE
                         for s in backs if s.back_kind == "back")
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is gallery
    assert not list(history_dir().glob("*.jsonl"))  # the preview game is never saved


# -- live reload -----------------------------------------------------------------------------------
def test_an_edited_image_shows_within_a_second_a_broken_one_shows_the_stand_in_until_fixed(app):
    folder = user_pack(cards={"Zofe/red": RED})
    app.settings.art_packs[GAME] = "mine"
    gallery = open_gallery(app)
    zofe = tile(gallery, "Zofe/red")
    size = zofe.size
    assert centre_colour(app.art.card(GAME, "Zofe/red", size)) == RED

    write_later(folder / "Zofe_red.png", png(BLUE))
    seconds(app, 1.0)
    assert centre_colour(app.art.card(GAME, "Zofe/red", size)) == BLUE
    assert tile(gallery, "Zofe/red").status == ""

    write_later(folder / "Zofe_red.png", b"\x89PNG\r\n\x1a\n this is not an image any more")
    seconds(app, 1.0)
    assert tile(gallery, "Zofe/red").status == "NO ART"
    assert any("Zofe_red.png" in p and "not a readable image" in p for p in app.art.problems)
    assert any("not a readable image" in line for line in gallery.describe(tile(gallery, "Zofe/red")))
    assert centre_colour(app.art.card(GAME, "Zofe/red", size)) != BLUE

    write_later(folder / "Zofe_red.png", png(GREEN))
    seconds(app, 1.0)
    assert centre_colour(app.art.card(GAME, "Zofe/red", size)) == GREEN
    assert tile(gallery, "Zofe/red").status == ""
    assert not any("Zofe_red.png" in p for p in app.art.problems)


def test_a_changed_manifest_reloads_the_pack(app):
    folder = user_pack(cards={"Zofe/red": RED})
    (folder / "other.png").write_bytes(png(CYAN))
    app.settings.art_packs[GAME] = "mine"
    gallery = open_gallery(app)
    assert tile(gallery, "Zauberer/red").status == "default pack"
    manifest = (folder / "pack.toml").read_text(encoding="utf-8") + '"Zauberer/red" = "other.png"\n'
    write_later(folder / "pack.toml", manifest.encode())
    seconds(app, 1.0)
    assert tile(gallery, "Zauberer/red").status == ""
    assert centre_colour(app.art.card(GAME, "Zauberer/red", (40, 56))) == CYAN


def test_polling_looks_at_the_files_at_most_twice_a_second(tmp_path):
    folder = user_pack(cards={"Zofe/red": RED})
    lib = ArtLibrary(Settings(art_packs={GAME: "mine"}), roots=[ASSET_ART_DIR, folder.parent])
    lib.card(GAME, "Zofe/red", (40, 56))
    assert lib.poll(10.0) is False
    write_later(folder / "Zofe_red.png", png(BLUE))
    assert lib.poll(10.3) is False  # too soon after the last look
    assert centre_colour(lib.card(GAME, "Zofe/red", (40, 56))) == RED
    assert lib.poll(10.6) is True
    assert centre_colour(lib.card(GAME, "Zofe/red", (40, 56))) == BLUE


def test_only_the_surfaces_of_a_changed_file_are_dropped(tmp_path):
    folder = user_pack(cards={"Zofe/red": RED, "Zofe/blue": BLUE})
    lib = ArtLibrary(Settings(art_packs={GAME: "mine"}), roots=[ASSET_ART_DIR, folder.parent])
    kept = lib.card(GAME, "Zofe/blue", (40, 56))
    lib.card(GAME, "Zofe/red", (40, 56))
    generation = lib.generation
    write_later(folder / "Zofe_red.png", png(GREEN))
    assert lib.reload_changed() is True and lib.generation > generation
    assert lib.card(GAME, "Zofe/blue", (40, 56)) is kept
    assert centre_colour(lib.card(GAME, "Zofe/red", (40, 56))) == GREEN


def test_a_running_table_picks_up_reloaded_art(app):
    from game.match import Match, Seat
    from scenes.table import open_table

    folder = user_pack(back=ORANGE)
    app.settings.art_packs[GAME] = "mine"
    app.settings.animation_speed = "off"  # no deal to wait for
    match = Match(GAME, [Seat("Anna"), Seat("Ben"), Seat("Clara")], 7)
    table = open_table(app, match, seat=0, follow=False, to_results=False, bots=False)
    app.push(table)
    frames(app, 3)

    def back_colours() -> set[tuple[int, int, int]]:
        backs = [s for s in table.layer if s.shown and not s.shown_face and s.back_kind == "back"]
        assert backs
        return {centre_colour(table.layer.surface_for(s, app.art)) for s in backs}

    assert back_colours() == {ORANGE}
    write_later(folder / "back.png", png(CYAN))
    seconds(app, 1.0)
    assert back_colours() == {CYAN}


# -- setup -----------------------------------------------------------------------------------------
def test_the_art_pack_chosen_in_setup_reaches_the_table(app):
    app.art.card(GAME, "Zofe/red", (40, 56))  # the library has looked at the packs before this one is made
    user_pack(back=ORANGE)
    setup = SetupScene(app, GAME)
    app.push(setup)
    frames(app, 2)
    assert setup.art_stepper is not None and setup.art_stepper.labels == ["default", "Pack mine"]
    click_at(app, setup.art_stepper.right.rect.center)
    assert app.settings.art_packs[GAME] == "mine"
    click(app, "Start")
    table = app.stack.top
    assert isinstance(table, TableScene)
    seconds(app, 0.3)
    backs = [s for s in table.layer if s.shown and not s.shown_face and s.back_kind == "back"]
    assert backs and centre_colour(table.layer.surface_for(backs[0], app.art)) == ORANGE


# -- rule texts ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("game_id", "card_id", "words"),
    [
        (GAME, "Zofe/red", PERSON_BY_ID["Zofe"].action),
        (GAME, "king/Zofe", PERSON_BY_ID["Zofe"].king_text),
        ("palace", "10H", "burns the pile"),
        ("palace", "7S", "Seven or lower"),
        ("gloria_picktoria", "joker", "any motif"),
        ("three_chapters", "2", "Hansel"),
    ],
)
def test_each_game_gives_the_rule_text_of_its_cards(game_id, card_id, words):
    assert words in card_text(game_id, card_id)


@pytest.mark.parametrize(("game_id", "card_id"), [(GAME, "Zofe/pink"), (GAME, "back"), ("palace", "1X"),
                                                   ("gloria_picktoria", "cow"), ("three_chapters", "99"),
                                                   ("chess", "pawn")])
def test_an_unknown_card_has_no_rule_text(game_id, card_id):
    assert card_text(game_id, card_id) == ""


def test_long_words_such_as_file_paths_are_broken_to_fit():
    from scenes.fonts import font, wrap

    face = font(14)
    text = "unreadable: /home/anna/.local/share/kartentisch/art/mine/palastgefluester/Zofe_red.png (bad)"
    lines = wrap(text, face, 120)
    assert len(lines) > 3 and all(face.size(line)[0] <= 120 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_a_broken_manifest_shows_stand_ins_until_it_is_fixed(app):
    folder = user_pack(cards={"Zofe/red": RED})
    app.settings.art_packs[GAME] = "mine"
    gallery = open_gallery(app)
    good = (folder / "pack.toml").read_bytes()
    write_later(folder / "pack.toml", b"[games.palastgefluester\nthis is not TOML")
    seconds(app, 1.0)
    assert all(t.status == "NO ART" for t in gallery.tiles)
    assert any("not valid TOML" in p for p in app.art.problems)
    write_later(folder / "pack.toml", good)
    seconds(app, 1.0)
    assert tile(gallery, "Zofe/red").status == "" and tile(gallery, "Zofe/blue").status == "default pack"
    assert not any("not valid TOML" in p for p in app.art.problems)


def test_a_pack_added_while_the_gallery_is_open_can_be_chosen(app):
    gallery = open_gallery(app)
    assert gallery.pack_stepper is not None and len(gallery.pack_stepper.labels) == 1
    user_pack(cards={"Zofe/red": RED})
    seconds(app, 1.0)
    assert gallery.pack_stepper.labels == ["default", "Pack mine"]  # the names setup and settings show too


# -- the other ways in -----------------------------------------------------------------------------
def test_the_pause_menu_opens_the_gallery_of_the_game_being_played(app):
    from game.match import Match, Seat
    from scenes.table import open_table

    match = Match(GAME, [Seat("Anna"), Seat.ai("Ben", "heuristic"), Seat.ai("Clara", "heuristic")], 3)
    app.push(open_table(app, match, bots=False))
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    click(app, "Gallery")
    gallery = app.stack.top
    assert isinstance(gallery, GalleryScene) and gallery.game_id == GAME
    key(app, pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "PauseScene"


def test_the_settings_screen_chooses_the_pack_of_each_game(app):
    from scenes.menus.settings import SettingsScene

    user_pack(cards={"Zofe/red": RED})
    settings = SettingsScene(app)
    app.push(settings)
    frames(app, 2)
    rows = settings.art_steppers
    assert GAME in rows and rows[GAME].labels == ["default", "Pack mine"]
    click_at(app, rows[GAME].right.rect.center)
    assert app.settings.art_packs[GAME] == "mine"
    assert '"palastgefluester": "mine"' in (config_dir() / "settings.json").read_text(encoding="utf-8")


def test_a_resize_keeps_the_full_size_card_open_over_the_widgets(app):
    gallery = open_gallery(app)
    gallery.zoom(tile(gallery, "Zofe/red"))
    post(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900))
    frames(app, 2)
    assert gallery.zoomed is tile(gallery, "Zofe/red")  # the new layout's tile
    assert not gallery.ui.get_root_container().visible
    key(app, pygame.K_ESCAPE)
    assert gallery.zoomed is None and gallery.ui.get_root_container().visible
    assert button_at(gallery.ui, "Back") is not None


def test_without_the_default_pack_the_gallery_says_why_and_goes_back(app, tmp_path, monkeypatch):
    import scenes.art

    monkeypatch.setattr(scenes.art, "ASSET_ART_DIR", tmp_path / "no-art")
    gallery = open_gallery(app)
    assert gallery.game_id is None and gallery.tiles == []
    frames(app, 2)
    click(app, "Back")
    assert isinstance(app.stack.top, TitleScene)


def test_a_typo_d_card_id_is_named_with_its_likely_meaning(app):
    user_pack(cards={"Zofe/rde": RED, "Zauberer/red": BLUE})
    app.settings.art_packs[GAME] = "mine"
    gallery = open_gallery(app)
    typo = tile(gallery, "Zofe/rde")
    assert typo.status == "unknown id"
    assert "Zofe/rde (did you mean 'Zofe/red'?)" in gallery.describe(typo)
    gallery.zoom(typo)
    assert "Zofe/rde (did you mean 'Zofe/red'?)" in gallery.inspector.shown.notes
