"""The legibility lint of `check PACK` (tools/arttool/legibility.py): the words on a face measured at the
size the table draws a card in the own hand, on 1280x720 and 1920x1080."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_table_support import click_on, close_app, make_app

from cards.image_file import load_image
from cards.manifest import DEFAULT_PACK, image_files, read_pack
from game.match import Match, Seat
from scenes.art import ASSET_ART_DIR
from scenes.table import TABLES, open_table
from tools.artgen.palace import INDEX_BOX
from tools.arttool.check import check_pack
from tools.arttool.layouts import LAYOUT_MODULES, game_layout
from tools.arttool.legibility import (
    MIN_CONTRAST,
    MIN_TEXT_PX,
    SCREENS,
    TEXT_REGIONS,
    hand_card_height,
    measure_face,
)
from tools.arttool.report import LEGIBILITY

DEFAULT = ASSET_ART_DIR / DEFAULT_PACK


def default_face(game_id: str, art_id: str) -> pygame.Surface:
    pack = read_pack(DEFAULT)
    entry = pack.games[game_id]["cards"].get(art_id) or pack.games[game_id][art_id]
    file = image_files(entry)[0]
    return load_image(pack.folder / file, pack.folder, file)


@pytest.mark.parametrize("screen", SCREENS)
def test_the_hand_card_height_is_the_one_the_tables_draw(screen):
    """Each layout's hand_card_share in step with the tables: each table opened headless with a bot match,
    the cards of the own hand measured."""
    for game_id in sorted(TABLES):
        app = make_app(screen)
        try:
            seats = [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")]
            table = open_table(app, Match(game_id, seats, seed=3), seat=0, follow=False, bots=False)
            app.push(table)
            click_on(app, lambda t=table: t.settled and not t.playing_back)
            zone = table.hand_zone()
            heights = {sprite.size[1] for sprite in table.layer.sprites.values() if sprite.zone == zone}
            assert heights, game_id
            assert all(abs(h - hand_card_height(game_id, screen)) <= 1 for h in heights), (game_id, heights)
        finally:
            close_app(app)


def test_every_text_region_is_a_region_of_a_layout():
    labels = {region.label for game_id in LAYOUT_MODULES for kind in game_layout(game_id).kinds
              for region in kind.regions}
    assert labels >= TEXT_REGIONS, TEXT_REGIONS - labels
    for game_id in LAYOUT_MODULES:  # every game's cards have words the hand shows
        kinds = [kind for kind in game_layout(game_id).kinds if kind.section == "cards"]
        assert any(region.label in TEXT_REGIONS for kind in kinds for region in kind.regions), game_id


@pytest.mark.slow
def test_the_figures_of_the_default_pack():
    black, red = measure_face("palace", "7S", default_face("palace", "7S")), \
        measure_face("palace", "7H", default_face("palace", "7H"))
    assert [m.region for m in black] == ["index"] == [m.region for m in red]
    # the index: "7" over a pip, some 40 px of a 560 px face; black on paper, red on paper
    assert 30 <= black[0].face_height_px <= 50
    assert black[0].contrast > 12 and 4 < red[0].contrast < 8
    small, large = (black[0].heights[screen] for screen in SCREENS)
    assert small == pytest.approx(black[0].face_height_px * hand_card_height("palace", SCREENS[0]) / 560)
    assert large == pytest.approx(small * 1.5, rel=0.02)
    king = measure_face("palastgefluester", "king/Zofe", default_face("palastgefluester", "king/Zofe"))
    assert {m.region for m in king} == {"crown, KING CARD", "name"}
    story = measure_face("three_chapters", "17", default_face("three_chapters", "17"))
    assert {m.region for m in story} == {"value", "name"}
    assert all(m.contrast > MIN_CONTRAST for m in story)
    # the report sums each game's regions up in a note with the figures at both screens (one check of
    # the whole pack answers every question below: it is most of this test's work)
    report = check_pack(DEFAULT)
    findings = report.findings
    notes = [f.message for f in findings if f.level == "note" and "legibility" in f.message]
    for game_id in LAYOUT_MODULES:
        assert any(note.startswith(f"{game_id} ") and "1280x720" in note and "1920x1080" in note
                   for note in notes), game_id
    # the shipped art's hand lettering is under 9 px at 1280x720 (the Palace index about 8 px): said as
    # warnings of this lint, each marked so, with its manifest line
    shortfalls = [f for f in findings if f.level == "warning" and "below 9 px" in f.message]
    assert shortfalls and all(f.lint == LEGIBILITY and f.line for f in shortfalls)
    # counted on their own: the pack itself still checks clean (tests/test_art_cli.py)
    assert report.count("warning") == 0 and report.count("warning", LEGIBILITY) == len(
        [f for f in report.findings if f.level == "warning"])
    assert report.as_json()["legibility_warnings"] == report.count("warning", LEGIBILITY) > 0
    assert "legibility: " in report.text().splitlines()[-1]


def face_with_index(colour: tuple[int, int, int], glyph_height: int) -> pygame.Surface:
    """A paper face with one glyph (a bar) of `colour`, `glyph_height` px tall, in the index box."""
    face = pygame.Surface((400, 560))
    face.fill((250, 248, 240))
    x, y, _, _ = INDEX_BOX
    pygame.draw.rect(face, colour, (round(x) + 6, round(y) + 6, 8, glyph_height))
    pygame.draw.rect(face, colour, (round(x) + 20, round(y) + 6, 8, glyph_height))
    return face


def write_pack(root: Path, faces: dict[str, pygame.Surface], text: str = "") -> tuple[Path, str]:
    folder = root / "lint"
    folder.mkdir()
    lines = ["[games.palace.cards]"]
    for card_id, face in faces.items():
        pygame.image.save(face, str(folder / f"{card_id}.png"))
        lines.append(f'{card_id} = "{card_id}.png"')
    manifest = "\n".join(lines) + "\n" + text
    (folder / "pack.toml").write_text(manifest, encoding="utf-8")
    return folder, manifest


def line_of(manifest: str, text: str) -> int:
    return next(i for i, line in enumerate(manifest.splitlines(), start=1) if line.startswith(text))


def test_a_pack_made_to_fail_gets_the_warnings_with_their_lines(tmp_path):
    faces = {
        "7S": face_with_index((20, 20, 20), 60),  # big and dark: fine
        "8S": face_with_index((20, 20, 20), 12),  # tiny: 2.4 px on the hand card at 1280x720
        "9S": face_with_index((205, 205, 200), 60),  # pale grey on paper: about 1.5:1
    }
    folder, manifest = write_pack(tmp_path, faces,
                                  '[games.palace.text]\n"7S" = { colour = [240, 240, 236] }\n')
    warnings = [f for f in check_pack(folder).findings if f.level == "warning"]
    small = [f for f in warnings if f"below {MIN_TEXT_PX:g} px" in f.message]
    assert len(small) == 1 and small[0].art_id == "8S" and small[0].line == line_of(manifest, "8S")
    assert "7S" not in small[0].message and "9S" not in small[0].message
    low = {f.message.split(":")[0]: f for f in warnings if f"below {MIN_CONTRAST:g}:1" in f.message}
    assert set(low) == {"palace index", "palace text colour"}
    assert low["palace index"].art_id == "9S" and low["palace index"].line == line_of(manifest, "9S")
    assert low["palace text colour"].line == line_of(manifest, '"7S"')  # the colour's own line


def test_a_clean_face_gets_no_legibility_warning(tmp_path):
    folder, _ = write_pack(tmp_path, {"7S": face_with_index((20, 20, 20), 60)})
    found = [f for f in check_pack(folder).findings if f.game == "palace" and "palace index" in f.message]
    assert [f.level for f in found] == ["note"]
