"""The default-pack drawing tool: deterministic images, a manifest that matches the shipped pack, fonts."""

from __future__ import annotations

import tomllib

import pygame
import pytest

from game.i18n import LANGUAGES
from scenes import fonts
from scenes.art import ASSET_ART_DIR
from tools.artgen import game_art
from tools.artgen import palastgefluester as pg_art
from tools.draw_default_pack import language_file, manifest, png_bytes, toml_text


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def test_drawing_a_card_twice_gives_identical_bytes():
    first = png_bytes(pg_art.person_card("Mundschenk", "brown"))
    second = png_bytes(pg_art.person_card("Mundschenk", "brown"))
    assert first == second
    assert first.startswith(b"\x89PNG\r\n\x1a\n")


def test_png_bytes_round_trip_through_pygame(tmp_path):
    image = pygame.Surface((3, 2), pygame.SRCALPHA)
    image.fill((10, 20, 30, 40))
    image.set_at((2, 1), (250, 0, 5, 255))
    path = tmp_path / "x.png"
    path.write_bytes(png_bytes(image))
    back = pygame.image.load(str(path))
    assert back.get_size() == (3, 2)
    assert tuple(back.get_at((0, 0))) == (10, 20, 30, 40)
    assert tuple(back.get_at((2, 1))) == (250, 0, 5, 255)


def test_cards_of_different_colours_differ_in_their_frame():
    red = pg_art.person_card("Zofe", "red")
    brown = pg_art.person_card("Zofe", "brown")
    assert red.get_size() == (400, 560)
    assert red.get_at((8, 280)) != brown.get_at((8, 280))


def as_drawn(value, shipped):
    """The drawing's file name where the shipped pack names it, or its files by language."""
    if isinstance(shipped, dict) and isinstance(value, str):
        by_language = {code: language_file(value, code) for code in LANGUAGES}
        return by_language if shipped == by_language else value
    return value


def test_the_shipped_manifest_is_what_the_tool_writes():
    art = game_art("palastgefluester")
    shipped = tomllib.loads((ASSET_ART_DIR / "default" / "pack.toml").read_text(encoding="utf-8"))
    # a face with words on it is shipped once per language, named as { en = …, de = … }
    table = shipped["games"][art.game_id]
    section = {k: as_drawn(v, table.get(k)) for k, v in art.section.items()}
    section["cards"] = {c: as_drawn(f, table["cards"].get(c)) for c, f in art.section["cards"].items()}
    written = tomllib.loads(toml_text(manifest(ASSET_ART_DIR / "default", {art.game_id: section})))
    assert written == shipped
    assert set(art.images) == set(art.section["cards"].values()) | {
        art.section["back"],
        art.section["king_back"],
        art.section["table"],
    }


def test_toml_writer_quotes_card_ids_and_nests_tables():
    data = {
        "name": 'A "quoted" pack',
        "card_size": [4, 5],
        "games": {"g": {"back": "b.png", "cards": {"Zofe/red": "z.png", "king/Zofe": "k.png"}}},
    }
    assert tomllib.loads(toml_text(data)) == data


def test_unknown_game_is_a_clear_error():
    with pytest.raises(KeyError, match="no default art"):
        game_art("chess")


def test_fonts_are_cached_and_bundled():
    assert fonts.font(18) is fonts.font(18)
    assert fonts.font(18, bold=True) is not fonts.font(18)
    for face in fonts.FACES.values():
        assert (fonts.FONT_DIR / face).is_file()
    assert any(p.name.startswith("LICENSE") for p in fonts.FONT_DIR.iterdir())
    assert fonts.display_font(30).size("Wächter")[0] > 0


def test_a_missing_font_file_falls_back_to_pygames_font(monkeypatch, tmp_path):
    monkeypatch.setattr(fonts, "FONT_DIR", tmp_path)
    fonts._cached.cache_clear()
    try:
        f = fonts.font(23)
        assert f.render("Hofnarr", True, (0, 0, 0)).get_width() > 0
    finally:
        fonts._cached.cache_clear()


def test_fonts_survive_pygame_quit():
    fonts.font(17)
    pygame.quit()
    try:
        assert fonts.font(17).render("Zofe", True, (0, 0, 0)).get_width() > 0
    finally:
        pygame.init()


def test_redrawing_one_game_keeps_the_other_games_tables(tmp_path):
    (tmp_path / "pack.toml").write_text('[games.palace]\nback = "palace/back.png"\n', encoding="utf-8")
    art = game_art("palastgefluester")
    data = manifest(tmp_path, {art.game_id: art.section})
    assert data["games"]["palace"] == {"back": "palace/back.png"}
    assert data["games"]["palastgefluester"]["back"] == "palastgefluester/back.png"
