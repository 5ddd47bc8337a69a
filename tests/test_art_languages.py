"""Card faces in the chosen language: a pack's image may be one file or `{ en = …, de = … }`; the
library shows the chosen language's face and follows a change at once; the art tool checks the form;
the default pack is drawn in every language and keeps only the faces that differ as per-language files."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest

from cards.manifest import image_entry_problem, pick_image, read_pack
from game.i18n import language, set_language
from scenes.art import ArtLibrary
from scenes.settings import Settings
from tools import draw_default_pack
from tools.artgen import GameArt
from tools.arttool.check import check_pack

GAME = "palastgefluester"
RED, BLUE, GREEN = (200, 10, 10), (10, 10, 200), (10, 200, 10)
FACE = (400, 560)  # the source size: no scaling, the colours stay exact


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def png_of(colour: tuple[int, int, int], tmp_path: Path, size=(400, 560)) -> bytes:
    image = pygame.Surface(size)
    image.fill(colour)
    path = tmp_path / "made.png"
    pygame.image.save(image, str(path))
    return path.read_bytes()


def language_pack(tmp_path: Path, zofe: str) -> ArtLibrary:
    """A pack "mine" whose red Zofe is `zofe` (a TOML value), with an English, a German and a neutral face."""
    folder = tmp_path / "art" / "mine"
    (folder / "en").mkdir(parents=True)
    (folder / "de").mkdir()
    (folder / "en" / "zofe.png").write_bytes(png_of(RED, tmp_path))
    (folder / "de" / "zofe.png").write_bytes(png_of(BLUE, tmp_path))
    (folder / "any.png").write_bytes(png_of(GREEN, tmp_path))
    (folder / "pack.toml").write_text(
        f'card_size = [400, 560]\n[games.{GAME}.cards]\n"Zofe/red" = {zofe}\n"Zofe/blue" = "any.png"\n',
        encoding="utf-8",
    )
    return ArtLibrary(Settings(art_packs={GAME: "mine"}), roots=[tmp_path / "art"])


def centre(surface: pygame.Surface) -> tuple[int, int, int]:
    w, h = surface.get_size()
    return tuple(surface.get_at((w // 2, h // 2)))[:3]


def test_a_face_per_language_follows_the_chosen_language_live(tmp_path):
    lib = language_pack(tmp_path, '{ en = "en/zofe.png", de = "de/zofe.png" }')
    set_language("de")
    assert centre(lib.card(GAME, "Zofe/red", FACE)) == BLUE
    generation = lib.generation
    set_language("en")
    # whoever keeps surfaces (a table's sprites) learns that it must ask again
    assert lib.generation > generation
    assert centre(lib.card(GAME, "Zofe/red", FACE)) == RED
    set_language("de")
    assert centre(lib.card(GAME, "Zofe/red", FACE)) == BLUE
    # a language-neutral face is the same in both
    assert centre(lib.card(GAME, "Zofe/blue", FACE)) == GREEN
    assert lib.problems == []


def test_a_language_the_entry_lacks_shows_the_english_face_else_the_one_there_is(tmp_path):
    lib = language_pack(tmp_path, '{ en = "en/zofe.png" }')
    set_language("de")
    assert centre(lib.card(GAME, "Zofe/red", FACE)) == RED
    only_german = language_pack(tmp_path / "other", '{ de = "de/zofe.png" }')
    set_language("en")
    assert centre(only_german.card(GAME, "Zofe/red", FACE)) == BLUE
    assert pick_image({"de": "d.png", "en": "e.png"}, "de") == "d.png"
    assert pick_image({"de": "d.png", "en": "e.png"}, "en") == "e.png"
    assert pick_image("x.png", "de") == "x.png"


def test_a_bad_language_entry_is_named_with_its_line_and_the_good_part_kept(tmp_path):
    lib = language_pack(tmp_path, '{ en = "en/zofe.png", fr = "fr/zofe.png" }')
    set_language("de")
    assert centre(lib.card(GAME, "Zofe/red", FACE)) == RED
    (problem,) = [p for p in lib.problems if "'fr'" in p]
    assert "pack.toml Zeile 3" in problem and "Die Sprachen sind en, de" in problem
    set_language("en")  # the problem is told again in the new language as the card is asked for
    assert centre(lib.card(GAME, "Zofe/red", FACE)) == RED
    (problem,) = [p for p in lib.problems if "'fr'" in p]
    assert "pack.toml line 3" in problem and "the languages are en, de" in problem
    assert "not a usable image path" in image_entry_problem({"de": "../x.png"})
    assert "empty table" in image_entry_problem({})
    assert image_entry_problem({"en": "a.png", "de": "b.png"}) is None


def test_a_language_table_with_nothing_usable_falls_back_to_the_default_pack(tmp_path):
    problems: list[str] = []
    folder = language_pack(tmp_path, '{ de = 3 }').roots[0] / "mine"
    pack = read_pack(folder, problems)
    assert "Zofe/red" not in pack.games[GAME]["cards"]
    assert any("de = 3 is not a usable image path" in p for p in problems)


def test_the_art_check_reads_the_language_form_and_reports_bad_parts(tmp_path):
    lib = language_pack(tmp_path, '{ en = "en/zofe.png", de = "de/zofe.png" }')
    report = check_pack(lib.roots[0] / "mine")
    assert report.count("error") == 0, report.text()
    # each language's file counts as named: no "no manifest line names it"
    assert not any("no manifest line names" in f.message for f in report.findings)

    bad = language_pack(tmp_path / "bad", '{ en = "en/zofe.png", dee = "de/zofe.png", de = "nix.png" }')
    report = check_pack(bad.roots[0] / "mine")
    messages = [f.message for f in report.findings if f.level == "error"]
    assert any("'dee' is not a language" in m for m in messages), messages
    assert any("card 'Zofe/red' (de)" in m and "nix.png is missing" in m for m in messages), messages
    assert all(f.line == 3 for f in report.findings if f.level == "error" and "Zofe/red" in f.message)


def test_the_art_check_notes_a_language_left_out(tmp_path):
    lib = language_pack(tmp_path, '{ en = "en/zofe.png" }')
    report = check_pack(lib.roots[0] / "mine")
    assert report.count("error") == 0
    assert any(f.level == "note" and "no de image" in f.message for f in report.findings)


def worded_art() -> GameArt:
    """A game whose face has words on it (it differs by language) and whose back has none."""

    def face() -> pygame.Surface:
        image = pygame.Surface((4, 4))
        image.fill(BLUE if language() == "de" else RED)
        return image

    def back() -> pygame.Surface:
        image = pygame.Surface((4, 4))
        image.fill(GREEN)
        return image

    return GameArt(GAME, {f"{GAME}/zofe.png": face, f"{GAME}/back.png": back},
                   {"back": f"{GAME}/back.png", "cards": {"Zofe/red": f"{GAME}/zofe.png"}})


def test_the_default_pack_keeps_per_language_only_the_faces_that_differ(tmp_path, monkeypatch):
    monkeypatch.setattr(draw_default_pack, "game_art", lambda game_id: worded_art())
    out = tmp_path / "pack"
    out.mkdir()
    # an earlier drawing named a neutral face that is now drawn per language: it goes
    (out / GAME).mkdir()
    (out / GAME / "zofe.png").write_bytes(b"old")
    old = f'[games.{GAME}.cards]\n"Zofe/red" = "{GAME}/zofe.png"\n'
    (out / "pack.toml").write_text(old, encoding="utf-8")
    set_language("de")
    draw_default_pack.draw(out, [GAME], verbose=False)
    manifest = tomllib.loads((out / "pack.toml").read_text(encoding="utf-8"))
    game = manifest["games"][GAME]
    assert game["cards"]["Zofe/red"] == {"en": f"{GAME}/en/zofe.png", "de": f"{GAME}/de/zofe.png"}
    assert game["back"] == f"{GAME}/back.png"  # the same in both languages: one file
    assert not (out / GAME / "en" / "back.png").exists()
    assert not (out / GAME / "zofe.png").exists()
    assert language() == "de"  # the chosen language is given back after the drawing
    lib = ArtLibrary(Settings(art_packs={GAME: "pack"}), roots=[tmp_path])
    assert centre(lib.card(GAME, "Zofe/red", (4, 4))) == BLUE
    set_language("en")
    assert centre(lib.card(GAME, "Zofe/red", (4, 4))) == RED
