"""The art tool's `tts` (a deck for Tabletop Simulator) and `import-sheet` (a grid sheet cut into a pack)."""

from __future__ import annotations

import contextlib
import io
import json
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pygame
import pytest

from game.palastgefluester.cards import KING_PERSONS, deck
from scenes.art import ASSET_ART_DIR
from tools import art
from tools.arttool import tts
from tools.arttool.check import check_pack
from tools.arttool.import_sheet import nearest_grid
from tools.arttool.packs import art_ids, library_for

DEFAULT = ASSET_ART_DIR / "default"

#: the fields of a TTS saved object that these files use, with their JSON types
TRANSFORM = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
DECK_ENTRY = {"FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int, "BackIsHidden": bool,
              "UniqueBack": bool, "Type": int}
OBJECT = {"GUID": str, "Name": str, "Transform": dict, "Nickname": str, "Description": str,
          "ColorDiffuse": dict, "Locked": bool, "Grid": bool, "Snap": bool, "Autoraise": bool,
          "Sticky": bool, "Tooltip": bool, "SidewaysCard": bool, "CustomDeck": dict}


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def run(capsys, *argv: str) -> tuple[int, str]:
    code = art.main(list(argv))
    printed = capsys.readouterr()
    return code, printed.out + printed.err


def export(capsys, out: Path, game: str = "palace", *more: str) -> dict[str, Any]:
    code, printed = run(capsys, "tts", str(DEFAULT), "--game", game, "--out", str(out), *more)
    assert code == 0, printed
    return json.loads((out / f"{game}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def palace_export(tmp_path_factory) -> tuple[Path, dict[str, Any]]:
    """The default pack's Palace deck exported once (its folder, its saved object), for the tests that
    only read the export: drawing the sheet is most of an export's work."""
    pygame.init()
    out = tmp_path_factory.mktemp("tts")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        code = art.main(["tts", str(DEFAULT), "--game", "palace", "--out", str(out)])
    assert code == 0, printed.getvalue()
    return out, json.loads((out / "palace.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def palastgefluester_export(tmp_path_factory) -> tuple[Path, dict[str, Any]]:
    """The default pack's Palastgeflüster decks exported once with the default player count (the game's
    most, 5), for the tests that only read the export."""
    pygame.init()
    out = tmp_path_factory.mktemp("tts")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        code = art.main(["tts", str(DEFAULT), "--game", "palastgefluester", "--out", str(out)])
    assert code == 0, printed.getvalue()
    return out, json.loads((out / "palastgefluester.json").read_text(encoding="utf-8"))


def has_fields(value: dict[str, Any], fields: dict[str, type]) -> None:
    for name, kind in fields.items():
        assert isinstance(value.get(name), kind), (name, value.get(name))


def local_file(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file"
    return Path(unquote(parsed.path))


def validate(saved: dict[str, Any]) -> list[dict[str, Any]]:
    """Check the saved object as TTS reads one; its deck objects."""
    assert isinstance(saved["SaveName"], str) and isinstance(saved["ObjectStates"], list)
    decks = saved["ObjectStates"]
    assert decks
    for deck_object in decks:
        has_fields(deck_object, OBJECT)
        assert deck_object["Name"] == "Deck"
        assert set(deck_object["Transform"]) == TRANSFORM
        assert deck_object["CustomDeck"] and all(key.isdigit() for key in deck_object["CustomDeck"])
        for entry in deck_object["CustomDeck"].values():
            has_fields(entry, DECK_ENTRY)
            assert 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7
            assert entry["BackIsHidden"] is True
        cards = deck_object["ContainedObjects"]
        assert deck_object["DeckIDs"] == [card["CardID"] for card in cards]
        assert len({card["GUID"] for card in cards}) == len(cards)
        for card in cards:
            has_fields(card, OBJECT)
            assert card["Name"] == "Card" and isinstance(card["CardID"], int)
            key, cell = divmod(card["CardID"], 100)
            assert list(card["CustomDeck"]) == [str(key)]
            entry = deck_object["CustomDeck"][str(key)]
            assert card["CustomDeck"][str(key)] == entry
            assert cell < entry["NumWidth"] * entry["NumHeight"] - 1  # never the hidden cell
    return decks


def test_a_palace_export_is_one_deck_of_52_on_one_sheet_with_the_back_in_the_hidden_cell(palace_export):
    out, saved = palace_export
    (deck_object,) = validate(saved)
    names = Counter(card["Nickname"] for card in deck_object["ContainedObjects"])
    ids = art_ids("palace")
    assert ids is not None
    assert names == Counter(ids.cards) and len(deck_object["DeckIDs"]) == 52
    (entry,) = deck_object["CustomDeck"].values()
    sheet_file = local_file(entry["FaceURL"])
    back_file = local_file(entry["BackURL"])
    assert sheet_file == (out / "palace_faces_1.png").resolve()
    assert back_file == (out / "palace_back.png").resolve()
    data = sheet_file.read_bytes()
    assert data[25] == 2  # PNG colour type 2: RGB, no alpha
    sheet = pygame.image.load(str(sheet_file))
    cell = (sheet.get_width() // entry["NumWidth"], sheet.get_height() // entry["NumHeight"])
    assert sheet.get_size() == (entry["NumWidth"] * cell[0], entry["NumHeight"] * cell[1])
    assert max(sheet.get_size()) <= 4096 and cell == (400, 560)  # the default pack's card_size
    # the hidden cell (the last) holds the back, as the back image does
    hidden = sheet.subsurface(((entry["NumWidth"] - 1) * cell[0], (entry["NumHeight"] - 1) * cell[1], *cell))
    back = pygame.image.load(str(back_file))
    assert back.get_size() == cell
    assert pygame.image.tobytes(hidden.copy(), "RGB") == pygame.image.tobytes(back, "RGB")
    # each card's cell shows its face as the table draws it
    lib, _ = library_for(DEFAULT, "palace")
    for card in deck_object["ContainedObjects"][:5]:
        index = card["CardID"] % 100
        x, y = index % entry["NumWidth"] * cell[0], index // entry["NumWidth"] * cell[1]
        face = lib.card("palace", card["Nickname"], cell)
        flat = pygame.Surface(cell)
        flat.blit(face, (0, 0))
        shown_cell = sheet.subsurface((x, y, *cell)).copy()
        assert pygame.image.tobytes(shown_cell, "RGB") == pygame.image.tobytes(flat, "RGB")


@pytest.mark.parametrize("players", [3, None])  # None: as many as the default, the game's most (5)
def test_palastgefluester_exports_its_set_for_n_players_and_the_king_cards_with_their_own_back(
        capsys, tmp_path, request, players):
    if players is None:
        _, saved = request.getfixturevalue("palastgefluester_export")
        players = 5
    else:
        saved = export(capsys, tmp_path, "palastgefluester", "--players", str(players))
    persons, kings = validate(saved)
    assert Counter(c["Nickname"] for c in persons["ContainedObjects"]) == Counter(deck(players))
    assert Counter(c["Nickname"] for c in kings["ContainedObjects"]) == Counter(
        f"king/{p}" for p in KING_PERSONS)
    assert len(persons["DeckIDs"]) == 7 * players + 14
    person_entry, king_entry = (next(iter(d["CustomDeck"].values())) for d in (persons, kings))
    assert local_file(king_entry["BackURL"]).name == "palastgefluester_king_back.png"
    assert local_file(person_entry["BackURL"]).name == "palastgefluester_back.png"
    for entry in (person_entry, king_entry):
        sheet = pygame.image.load(str(local_file(entry["FaceURL"])))
        assert sheet.get_width() % entry["NumWidth"] == 0 and sheet.get_height() % entry["NumHeight"] == 0


def test_url_base_replaces_the_file_paths(capsys, tmp_path):
    saved = export(capsys, tmp_path, "palace", "--url-base", "https://example.org/decks")
    entry = next(iter(saved["ObjectStates"][0]["CustomDeck"].values()))
    assert entry["FaceURL"] == "https://example.org/decks/palace_faces_1.png"
    assert entry["BackURL"] == "https://example.org/decks/palace_back.png"


def test_sheets_keep_to_ttss_limits():
    assert tts.grid_for(70) == (10, 7)
    assert tts.grid_for(53) == (10, 6)
    assert tts.grid_for(3) == (3, 2)
    with pytest.raises(ValueError):
        tts.grid_for(71)
    # a large card is made smaller so the sheet stays within 4096 px a side, with its aspect kept
    w, h = tts.cell_size((1000, 1400), 10, 7)
    assert 10 * w <= 4096 and 7 * h <= 4096 and abs(w / h - 1000 / 1400) < 0.01
    assert tts.cell_size((200, 280), 10, 7) == (200, 280)  # never larger


def test_a_deck_of_more_faces_than_a_sheet_holds_gets_more_sheets(monkeypatch):
    faces = {f"c{i}": 2 for i in range(100)}
    monkeypatch.setattr(tts, "deck_counts", lambda game_id, players: faces)
    (only,) = tts.plan_decks("three_chapters", 3, (400, 560), ("back", "table"))
    assert [len(s.faces) for s in only.sheets] == [69, 31]
    assert [(s.columns, s.rows) for s in only.sheets] == [(10, 7), (10, 4)]
    assert len({s.name for s in only.sheets}) == 2


def test_a_pack_with_errors_is_named_with_its_line_and_nothing_is_written(capsys, tmp_path):
    pack = tmp_path / "broken"
    pack.mkdir()
    (pack / "pack.toml").write_text('name = "Broken"\n\n[games.palace.cards]\n2C = "missing.png"\n',
                                    encoding="utf-8")
    out = tmp_path / "out"
    code, printed = run(capsys, "tts", str(pack), "--game", "palace", "--out", str(out))
    assert code == 1
    assert "pack.toml:4:" in printed and "nothing is written" in printed
    assert list(out.iterdir()) == []


def test_bad_players_are_a_usage_error(capsys, tmp_path):
    with pytest.raises(SystemExit) as exit_:
        art.main(["tts", "default", "--game", "palace", "--out", str(tmp_path), "--players", "0"])
    assert exit_.value.code == 2


# -- import-sheet -------------------------------------------------------------------------------------
def import_sheet(capsys, sheet: Path, grid: str, game: str, order: Path, out: Path,
                 *more: str) -> tuple[int, str]:
    return run(capsys, "import-sheet", str(sheet), "--grid", grid, "--game", game, "--order", str(order),
               "--out", str(out), *more)


def test_import_sheet_of_the_tts_output_gives_back_the_same_faces_and_checks_clean(capsys, tmp_path,
                                                                                    palace_export):
    _, saved = palace_export
    entry = next(iter(saved["ObjectStates"][0]["CustomDeck"].values()))
    grid = f"{entry['NumWidth']}x{entry['NumHeight']}"
    sheet_file = local_file(entry["FaceURL"])
    pack = tmp_path / "imported"
    code, printed = import_sheet(capsys, sheet_file, grid, "palace", sheet_file.with_suffix(".txt"), pack,
                                 "--table", str(DEFAULT / "palace" / "table.png"))
    assert code == 0, printed
    report = check_pack(pack)
    assert report.count("error") == 0 and report.count("warning") == 0, report.text()
    # every face comes back as the default pack has it, within the resampling of drawing it at a size
    lib, _ = library_for(pack, "palace")
    default_lib, _ = library_for(DEFAULT, "palace")
    ids = art_ids("palace")
    assert ids is not None
    for card_id in ids.cards:
        assert lib.origin("palace", "cards", card_id) == "imported"
        got = pygame.image.tobytes(flat(lib.card("palace", card_id, (400, 560))), "RGB")
        want = pygame.image.tobytes(flat(default_lib.card("palace", card_id, (400, 560))), "RGB")
        assert mean_difference(got, want) < 1.0, card_id
    assert lib.origin("palace", "back", None) == "imported"


def flat(surface: pygame.Surface) -> pygame.Surface:
    """The surface on black, as a sheet holds it (a face's transparent corners become black)."""
    out = pygame.Surface(surface.get_size())
    out.blit(surface, (0, 0))
    return out


def mean_difference(a: bytes, b: bytes) -> float:
    assert len(a) == len(b)
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a)


def test_import_of_the_king_sheet_names_the_king_cards_and_their_back(capsys, tmp_path,
                                                                      palastgefluester_export):
    out, _ = palastgefluester_export
    sheet = out / "palastgefluester_king_back_faces_1.png"
    pack = tmp_path / "kings"
    code, printed = import_sheet(capsys, sheet, "7x2", "palastgefluester", sheet.with_suffix(".txt"), pack)
    assert code == 0, printed
    text = (pack / "pack.toml").read_text(encoding="utf-8")
    assert '"king_back" = ' in text and '"king/Zofe" = ' in text
    assert check_pack(pack).count("error") == 0


def order_file(path: Path, words: list[str]) -> Path:
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return path


def small_sheet(path: Path, size: tuple[int, int]) -> Path:
    image = pygame.Surface(size)
    image.fill((120, 30, 40))
    pygame.image.save(image, str(path))
    return path


def test_a_grid_that_does_not_divide_the_sheet_is_refused_with_its_size_and_the_nearest(capsys, tmp_path):
    sheet = small_sheet(tmp_path / "s.png", (1200, 1120))  # 3x2 cells of 400x560
    order = order_file(tmp_path / "o.txt", ["2C", "3C", "4C", "5C", "6C", "back"])
    code, printed = import_sheet(capsys, sheet, "7x2", "palace", order, tmp_path / "p")  # 1200 px / 7
    assert code == 2
    nearest = nearest_grid((1200, 1120), (7, 2))
    assert nearest is not None and 1200 % nearest[0] == 0 and 1120 % nearest[1] == 0
    assert abs(nearest[0] - 7) + abs(nearest[1] - 2) == 1  # 6x2 or 8x2: one column off
    assert "1200x1120" in printed and f"{nearest[0]}x{nearest[1]}" in printed and "usage:" in printed
    assert not (tmp_path / "p").exists()
    assert nearest_grid((1200, 1120), (3, 2)) == (3, 2)
    assert nearest_grid((15, 15), (2, 2)) is None  # no cell of 16 px or more divides 15 px


def test_an_order_file_with_an_unknown_id_or_the_wrong_count_is_refused(capsys, tmp_path):
    sheet = small_sheet(tmp_path / "s.png", (1200, 1120))
    bad_id = order_file(tmp_path / "o.txt", ["2C", "3C", "# a comment", "Zofe/red", "5C", "6C", "-"])
    code, printed = import_sheet(capsys, sheet, "3x2", "palace", bad_id, tmp_path / "p")
    assert code == 1 and "line 4" in printed and "Zofe/red" in printed
    twice = order_file(tmp_path / "t.txt", ["2C", "3C", "2C", "5C", "6C", "-"])
    code, printed = import_sheet(capsys, sheet, "3x2", "palace", twice, tmp_path / "p")
    assert code == 1 and "line 3" in printed and "line 1" in printed
    short = order_file(tmp_path / "s.txt", ["2C", "3C"])
    code, printed = import_sheet(capsys, sheet, "3x2", "palace", short, tmp_path / "p")
    assert code == 1 and "2 cells" in printed and "6" in printed
    assert not (tmp_path / "p").exists() and not list(tmp_path.glob(".p.*"))


def test_a_bad_grid_or_a_full_output_folder_is_a_usage_error(capsys, tmp_path):
    sheet = small_sheet(tmp_path / "s.png", (1200, 1120))
    order = order_file(tmp_path / "o.txt", ["2C", "3C", "4C", "5C", "6C", "back"])
    for bad in ("0x7", "10", "41x2", "axb"):
        with pytest.raises(SystemExit) as exit_:
            art.main(["import-sheet", str(sheet), "--grid", bad, "--game", "palace", "--order", str(order),
                      "--out", str(tmp_path / "p")])
        assert exit_.value.code == 2
    full = tmp_path / "full"
    full.mkdir()
    (full / "mine.txt").write_text("keep me", encoding="utf-8")
    code, printed = import_sheet(capsys, sheet, "3x2", "palace", order, full)
    assert code == 2 and "already holds files" in printed
    assert [p.name for p in full.iterdir()] == ["mine.txt"]


def test_a_small_sheet_makes_a_pack_with_its_cell_size(capsys, tmp_path):
    sheet = small_sheet(tmp_path / "s.png", (1200, 1120))
    order = order_file(tmp_path / "o.txt", ["2C", "3C", "-", "5C", "6C", "back"])
    pack = tmp_path / "p"
    pack.mkdir()  # an empty folder is fine
    code, printed = import_sheet(capsys, sheet, "3x2", "palace", order, pack)
    assert code == 0, printed
    text = (pack / "pack.toml").read_text(encoding="utf-8")
    assert "card_size = [400, 560]" in text and '"4C"' not in text
    assert sorted(p.name for p in (pack / "palace").iterdir()) == ["2C.png", "3C.png", "5C.png", "6C.png",
                                                                   "back.png"]
    assert check_pack(pack).count("error") == 0
