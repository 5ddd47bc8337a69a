"""The art loader: the default pack covers Palastgeflüster, broken packs fall back, faces are cached."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from cards.manifest import image_files
from game.palastgefluester.cards import BROWN, COLOURS, KING_PERSONS, PERSON_IDS
from scenes.art import ASSET_ART_DIR, ArtLibrary, read_pack
from scenes.settings import Settings
from scenes.stand_in import draw_stand_in

GAME = "palastgefluester"
TABLE_SIZE = (110, 154)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def all_card_ids() -> list[str]:
    ids = [f"{person}/{colour}" for colour in (*COLOURS, BROWN) for person in PERSON_IDS]
    return ids + [f"king/{person}" for person in KING_PERSONS]


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def write_pack(root: Path, name: str, manifest: str, files: dict[str, bytes] | None = None) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "pack.toml").write_text(manifest, encoding="utf-8")
    for file, data in (files or {}).items():
        (folder / file).write_bytes(data)
    return folder


def png_of(colour: tuple[int, int, int], tmp_path: Path, size=(40, 56)) -> bytes:
    image = pygame.Surface(size)
    image.fill(colour)
    path = tmp_path / "made.png"
    pygame.image.save(image, str(path))
    return path.read_bytes()


def test_default_pack_covers_every_palastgefluester_card_both_backs_and_the_table():
    lib = ArtLibrary(Settings())
    for card_id in all_card_ids():
        face = lib.card(GAME, card_id, TABLE_SIZE)
        assert face.get_size() == TABLE_SIZE
    assert lib.back(GAME, TABLE_SIZE).get_size() == TABLE_SIZE
    assert lib.back(GAME, TABLE_SIZE, kind="king_back").get_size() == TABLE_SIZE
    assert lib.table(GAME, (1280, 720)).get_size() == (1280, 720)
    # every stand-in face is reported, so no problem means every image came from the pack
    assert lib.problems == []
    assert lib.aspect(GAME) == pytest.approx(400 / 560)
    assert "default" in lib.packs(GAME)


def test_default_manifest_names_existing_files_only():
    problems: list[str] = []
    pack = read_pack(ASSET_ART_DIR / "default", problems)
    assert pack.error is None and problems == []
    game = pack.games[GAME]
    assert set(game["cards"]) == set(all_card_ids())
    for entry in [*game["cards"].values(), game["back"], game["king_back"], game["table"]]:
        for file in image_files(entry):  # one file, or one per language
            assert (pack.folder / file).is_file(), file


def test_a_faulty_pack_falls_back_per_image_and_lists_each_problem(tmp_path):
    good = png_of((10, 200, 10), tmp_path)
    write_pack(
        tmp_path / "art",
        "mine",
        """
name = "Mine"
card_size = [40, 56]
[games.palastgefluester]
back = "back.png"
[games.palastgefluester.cards]
"Zauberer/red" = "gone.png"
"Zofe/red" = "corrupt.png"
"Hofnarr/red" = "good.png"
""",
        {"corrupt.png": b"\x89PNG\r\n\x1a\nthis is no image", "good.png": good, "back.png": good},
    )
    settings = Settings(art_packs={GAME: "mine"})
    lib = ArtLibrary(settings, roots=[ASSET_ART_DIR, tmp_path / "art"])
    default = ArtLibrary(Settings())

    missing = lib.card(GAME, "Zauberer/red", TABLE_SIZE)
    corrupt = lib.card(GAME, "Zofe/red", TABLE_SIZE)
    own = lib.card(GAME, "Hofnarr/red", TABLE_SIZE)
    borrowed = lib.card(GAME, "Mundschenk/red", TABLE_SIZE)  # not in the pack: the default's

    assert any("missing" in p and "Zauberer/red" in p for p in lib.problems)
    assert any("cannot be used" in p and "Zofe/red" in p for p in lib.problems)
    assert len(lib.problems) == 2
    for stand_in in (missing, corrupt):
        assert stand_in.get_size() == TABLE_SIZE
        assert not same_pixels(stand_in, default.card(GAME, "Zauberer/red", TABLE_SIZE))
    assert own.get_at((55, 77))[:3] == (10, 200, 10)
    assert same_pixels(borrowed, default.card(GAME, "Mundschenk/red", TABLE_SIZE))
    assert lib.back(GAME, TABLE_SIZE).get_at((55, 77))[:3] == (10, 200, 10)
    assert lib.aspect(GAME) == pytest.approx(40 / 56)


def test_a_broken_manifest_gives_stand_ins_and_is_reported(tmp_path):
    write_pack(tmp_path, "broken", '[games.palastgefluester\ncards = "oops"\n')
    lib = ArtLibrary(Settings(art_packs={GAME: "broken"}), roots=[ASSET_ART_DIR, tmp_path])
    face = lib.card(GAME, "Zauberer/red", TABLE_SIZE)
    assert face.get_size() == TABLE_SIZE
    assert any("not valid TOML" in p for p in lib.problems)
    assert lib.back(GAME, TABLE_SIZE, kind="king_back").get_size() == TABLE_SIZE
    assert lib.table(GAME, (320, 240)).get_size() == (320, 240)


def test_bad_fields_are_dropped_and_reported_not_fatal(tmp_path):
    write_pack(
        tmp_path,
        "odd",
        """
card_size = "big"
[games.palastgefluester]
back = 7
[games.palastgefluester.cards]
"Zofe/red" = "/etc/passwd"
"Zofe/blue" = "../outside.png"
""",
    )
    problems: list[str] = []
    pack = read_pack(tmp_path / "odd", problems)
    assert pack.error is None
    assert pack.card_size == (400, 560)
    assert pack.games[GAME]["cards"] == {}
    assert "back" not in pack.games[GAME]
    assert len(problems) == 4


def test_an_unknown_pack_name_falls_back_to_the_default_pack():
    lib = ArtLibrary(Settings(art_packs={GAME: "nowhere"}))
    face = lib.card(GAME, "Zofe/green", TABLE_SIZE)
    assert same_pixels(face, ArtLibrary(Settings()).card(GAME, "Zofe/green", TABLE_SIZE))
    assert any("'nowhere'" in p and "not installed" in p for p in lib.problems)


def test_user_packs_are_found_in_the_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path))
    write_pack(tmp_path / "art", "court", "[games.palastgefluester]\n")
    lib = ArtLibrary(Settings())
    assert lib.packs() == ["default", "court"]
    assert lib.packs(GAME) == ["default", "court"]


def test_a_game_without_art_gets_stand_ins_and_says_so():
    lib = ArtLibrary(Settings())
    face = lib.card("palace", "hearts/Q", TABLE_SIZE)
    assert face.get_size() == TABLE_SIZE
    assert any("palace card 'hearts/Q'" in p for p in lib.problems)


def test_scaled_surfaces_are_cached_per_size():
    lib = ArtLibrary(Settings())
    a = lib.card(GAME, "Hofnarr/blue", (110, 154))
    assert lib.card(GAME, "Hofnarr/blue", (110, 154)) is a
    b = lib.card(GAME, "Hofnarr/blue", (220, 308))
    assert b is not a and b.get_size() == (220, 308)
    assert lib.back(GAME, (110, 154)) is lib.back(GAME, (110, 154))
    assert lib.table(GAME, (800, 600)) is lib.table(GAME, (800, 600))


def test_the_cache_is_bounded(monkeypatch):
    monkeypatch.setattr("scenes.art.MAX_SCALED", 5)
    lib = ArtLibrary(Settings())
    first = lib.card(GAME, "Zofe/red", (50, 70))
    for width in range(60, 120, 10):
        lib.card(GAME, "Zofe/red", (width, 70))
    assert len(lib._scaled) == 5
    assert lib.card(GAME, "Zofe/red", (50, 70)) is not first


def test_surfaces_are_converted_once_a_display_exists():
    screen = pygame.display.get_surface()
    opened = screen is None
    if opened:
        screen = pygame.display.set_mode((64, 64))
    try:
        lib = ArtLibrary(Settings())
        face = lib.card(GAME, "Zofe/red", TABLE_SIZE)
        display_format = pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha().get_masks()
        assert face.get_masks() == display_format
        assert face.get_flags() & pygame.SRCALPHA
    finally:
        if opened:
            pygame.display.quit()
            pygame.display.init()


def test_text_style_reads_the_safe_area_as_fractions():
    lib = ArtLibrary(Settings())
    style = lib.text_style(GAME, "Zofe/red")
    x, y, w, h = style.safe_area
    assert 0 < x < 0.2 and 0.1 < y < 0.3 and 0.5 < w < 1 and 0.3 < h < 0.6
    assert style.colour == (52, 38, 32)


def test_reload_changed_notices_an_edited_image(tmp_path):
    good = png_of((200, 10, 10), tmp_path)
    folder = write_pack(
        tmp_path / "art",
        "mine",
        """
[games.palastgefluester.cards]
"Zofe/red" = "zofe.png"
""",
        {"zofe.png": good},
    )
    lib = ArtLibrary(Settings(art_packs={GAME: "mine"}), roots=[ASSET_ART_DIR, tmp_path / "art"])
    assert lib.card(GAME, "Zofe/red", (40, 56)).get_at((20, 28))[:3] == (200, 10, 10)
    assert lib.reload_changed() is False
    (folder / "zofe.png").write_bytes(png_of((10, 10, 200), tmp_path))
    os.utime(folder / "zofe.png", (1, 1))  # a new mtime even on a coarse clock
    assert lib.reload_changed() is True
    assert lib.card(GAME, "Zofe/red", (40, 56)).get_at((20, 28))[:3] == (10, 10, 200)


def test_stand_in_face_names_the_card_and_is_marked():
    face = draw_stand_in((200, 280), GAME, "Waechter/brown")
    assert face.get_size() == (200, 280)
    # the colour band is the card's colour, the "no art" stamp is red
    assert face.get_at((5, 140))[:3] == (124, 78, 40)
    assert (180, 36, 44) in {tuple(face.get_at((x, 168)))[:3] for x in range(200)}
