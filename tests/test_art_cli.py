"""The art tool: `check` finds what is wrong in a pack and where; `sheet` and `template` draw PNGs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from cards.manifest_lines import ManifestLines
from scenes.art import ASSET_ART_DIR, read_pack
from scenes.settings import data_dir
from scenes.table.kit.layout import Scale
from scenes.table.kit.scene import TableScene
from tools import art
from tools.artgen.palastgefluester import PLAYER_COLOURS
from tools.arttool import check, sheet, template
from tools.arttool.layouts import game_layout
from tools.arttool.layouts import palastgefluester as pg_layout
from tools.arttool.packs import art_ids, library_for, resolve_pack

GAME = "palastgefluester"
ROOT = Path(__file__).resolve().parent.parent

FAULTY = """\
name = "Faulty court"
card_size = [400, 560]

[games.palastgefluester]
back = "pg/back.png"

[games.palastgefluester.cards]
"Zofe/red" = "pg/zofe_red.png"
"Zauberer/red" = "pg/zauberer_red.png"
"Mundschenk/red" = "pg/mundschenk_red.png"
"Wachter/red" = "pg/zofe_red.png"
"""

GOOD_PARTIAL = """\
name = "Two cards"
author = "Anna"
card_size = [400, 560]

[games.palastgefluester]
back = "pg/back.png"

[games.palastgefluester.cards]
"Zofe/red" = "pg/zofe_red.png"
"Zofe/blue" = "pg/zofe_blue.png"
"""


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def save_png(path: Path, size: tuple[int, int], colour: tuple[int, int, int]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    image = pygame.Surface(size)
    image.fill(colour)
    pygame.image.save(image, str(path))


def make_pack(root: Path, name: str, manifest: str) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "pack.toml").write_text(manifest, encoding="utf-8")
    return folder


@pytest.fixture
def faulty(tmp_path: Path) -> Path:
    """Zofe/red is fine, the back is missing, Zauberer/red is corrupt, Mundschenk/red has the wrong
    aspect and "Wachter/red" is a misspelt card id."""
    folder = make_pack(tmp_path, "faulty", FAULTY)
    save_png(folder / "pg/zofe_red.png", (400, 560), (200, 30, 40))
    (folder / "pg/zauberer_red.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"no image here" * 10)
    save_png(folder / "pg/mundschenk_red.png", (560, 560), (30, 200, 40))
    return folder


@pytest.fixture
def partial(tmp_path: Path) -> Path:
    folder = make_pack(tmp_path, "partial", GOOD_PARTIAL)
    save_png(folder / "pg/zofe_red.png", (400, 560), (200, 30, 40))
    save_png(folder / "pg/zofe_blue.png", (400, 560), (30, 40, 200))
    save_png(folder / "pg/back.png", (400, 560), (90, 90, 90))
    return folder


def run(capsys, *argv: str) -> tuple[int, str]:
    """The exit code and everything printed (reports on stdout, a failed command's error on stderr)."""
    code = art.main(list(argv))
    printed = capsys.readouterr()
    return code, printed.out + printed.err


def line_of(manifest: str, text: str) -> int:
    return next(i for i, line in enumerate(manifest.splitlines(), start=1) if text in line)


# -- check --------------------------------------------------------------------------------------------
def test_check_names_each_fault_with_its_file_and_manifest_line_and_exits_1(capsys, faulty):
    code, out = run(capsys, "check", str(faulty))
    assert code == 1
    lines = out.splitlines()

    def reported(text: str, file: str, line: int) -> str:
        hits = [x for x in lines if x.startswith(f"pack.toml:{line}: error:") and text in x and file in x]
        assert hits, f"no error about {file} ({text}) on manifest line {line} in:\n{out}"
        return hits[0]

    reported("missing", "pg/back.png", line_of(FAULTY, "back ="))
    reported("not a readable image", "pg/zauberer_red.png", line_of(FAULTY, '"Zauberer/red"'))
    reported("560x560", "pg/mundschenk_red.png", line_of(FAULTY, '"Mundschenk/red"'))
    unknown = reported("unknown card id 'Wachter/red'", "", line_of(FAULTY, '"Wachter/red"'))
    assert "did you mean 'Waechter/red'" in unknown
    assert not any("zofe_red.png" in x and "error" in x for x in lines if "Wachter" not in x)
    assert out.rstrip().endswith("fix the errors")


def test_check_json_lists_the_same_findings_with_file_and_line(capsys, faulty):
    code, out = run(capsys, "check", str(faulty), "--json")
    assert code == 1
    report = json.loads(out)
    assert report["ok"] is False and report["errors"] == 4
    by_file = {f["file"]: f for f in report["findings"] if f["level"] == "error" and f["file"]}
    assert by_file["pg/back.png"]["line"] == line_of(FAULTY, "back =")
    assert by_file["pg/zauberer_red.png"]["art_id"] == "Zauberer/red"
    assert by_file["pg/mundschenk_red.png"]["game"] == GAME
    assert report["thresholds"]["min_face_height"] == check.min_face_height()


def test_a_toml_syntax_error_is_named_with_its_line(capsys, tmp_path):
    manifest = 'name = "Broken"\ncard_size = [400, 560]\n\n[games.palastgefluester]\nback = "pg/back.png\n'
    folder = make_pack(tmp_path, "broken", manifest)
    code, out = run(capsys, "check", str(folder))
    assert code == 1
    assert "pack.toml:5: error: not valid TOML" in out


def test_a_good_partial_pack_passes_with_warnings_for_what_it_leaves_out(capsys, partial):
    code, out = run(capsys, "check", str(partial), "--json")
    assert code == 0
    report = json.loads(out)
    assert report["errors"] == 0 and report["ok"] is True
    missing = [
        f
        for f in report["findings"]
        if f["level"] == "warning" and "come from the default pack" in f["message"]
    ]
    assert len(missing) == 1
    assert "Zauberer/red" in missing[0]["message"] and "king_back" in missing[0]["message"]
    assert "Zofe/red," not in missing[0]["message"]


def test_complete_makes_missing_ids_errors(capsys, partial):
    code, out = run(capsys, "check", str(partial), "--complete")
    assert code == 1
    assert "art ids are missing, so the table shows stand-ins" in out


def test_the_default_pack_checks_clean(capsys):
    code, out = run(capsys, "check", "default", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["complete"] is True
    assert (report["errors"], report["warnings"]) == (0, 0), report["findings"]


def test_warnings_for_size_resolution_table_and_stray_files(tmp_path):
    folder = make_pack(
        tmp_path,
        "small",
        'card_size = [200, 280]\n[games.palastgefluester]\ntable = "t.png"\n'
        '[games.palastgefluester.cards]\n"Zofe/red" = "a.png"\n"Zofe/blue" = "b.png"\n',
    )
    save_png(folder / "a.png", (200, 280), (1, 2, 3))
    save_png(folder / "b.png", (402, 560), (1, 2, 3))  # the same shape within the tolerance
    save_png(folder / "t.png", (800, 800), (1, 2, 3))
    save_png(folder / "stray.png", (10, 10), (1, 2, 3))
    report = check.check_pack(folder)
    assert report.exit_code == 0
    warnings = [f.message for f in report.findings if f.level == "warning"]

    def warned(*words: str) -> bool:
        return any(all(w in m for w in words) for m in warnings)

    assert warned("a.png is 280 px tall", str(check.min_face_height()))
    assert warned("b.png is 402x560, not the card_size 200x280")
    assert warned("2 sizes")
    assert warned("t.png is 800x800, smaller than 1920x1080")
    assert warned("t.png", "16:9")
    assert warned("stray.png", "no manifest line names it")


def test_manifest_mistakes_are_errors_on_their_lines(tmp_path):
    manifest = (
        "card_size = [400, 0]\n"  # 1
        "[games.palastgefluester]\n"  # 2
        'bak = "b.png"\n'  # 3
        'back = "../outside.png"\n'  # 4
        "[games.palastgefluester.text]\n"  # 5
        "default = { colour = [300, 0, 0], safe_area = [0, 0, 500, 10] }\n"  # 6
        "[games.chess]\n"  # 7
        'back = "b.png"\n'  # 8
    )
    folder = make_pack(tmp_path, "mistakes", manifest)
    save_png(folder / "b.png", (400, 560), (1, 2, 3))
    report = check.check_pack(folder)
    errors = {(f.line, f.message.split(":")[0]) for f in report.findings if f.level == "error"}
    lines = {line for line, _ in errors}
    assert {1, 3, 4, 6, 7} <= lines, errors
    messages = " | ".join(f.message for f in report.findings)
    assert "did you mean 'back'" in messages
    assert "colour must be [r, g, b]" in messages and "safe_area must be" in messages
    assert "unknown game 'chess'" in messages


def test_a_folder_without_a_manifest_is_not_a_pack(capsys, tmp_path):
    (tmp_path / "loose").mkdir()
    save_png(tmp_path / "loose" / "a.png", (400, 560), (1, 2, 3))
    code, out = run(capsys, "check", str(tmp_path / "loose"))
    assert code == 1
    assert "has no pack.toml, so it is not an art pack" in out


def without_art(monkeypatch, game_id: str) -> None:
    """As if the game had no default art (no tools/artgen/<game>) and no template layout yet."""
    from tools.artgen import GAME_MODULES
    from tools.arttool.layouts import LAYOUT_MODULES

    monkeypatch.delitem(GAME_MODULES, game_id, raising=False)
    monkeypatch.delitem(LAYOUT_MODULES, game_id, raising=False)


def test_a_game_without_art_ids_is_reported_as_such(tmp_path, monkeypatch):
    without_art(monkeypatch, "palace")
    folder = make_pack(tmp_path, "other", '[games.palace]\nback = "b.png"\n')
    save_png(folder / "b.png", (400, 560), (1, 2, 3))
    assert art_ids("palace") is None
    report = check.check_pack(folder)
    assert report.exit_code == 0
    assert any(f.game == "palace" and "no art ids known yet" in f.message for f in report.findings)


def test_the_4k_threshold_is_the_largest_card_the_table_draws():
    stub = SimpleNamespace(
        scale=Scale(*check.FOUR_K),
        app=SimpleNamespace(art=SimpleNamespace(aspect=lambda game: 400 / 560)),
        game_id=GAME,
    )
    assert TableScene.reveal_card_size(stub)[1] == check.min_face_height()


def test_packs_are_found_by_name_in_the_user_data_dir(capsys, tmp_path):
    folder = data_dir() / "art" / "by-name"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.toml").write_text('name = "By name"\n', encoding="utf-8")
    assert resolve_pack("by-name") == folder
    assert resolve_pack("default") == ASSET_ART_DIR / "default"
    code = art.main(["check", "no-such-pack"])
    assert code == 2
    assert "no art pack 'no-such-pack'" in capsys.readouterr().err


# -- manifest lines -----------------------------------------------------------------------------------
def test_manifest_lines_follow_tables_quoted_and_dotted_keys_and_skip_multiline_values():
    text = (
        'name = "x"\n'  # 1
        "card_size = [\n"  # 2
        "  400,\n"  # 3
        "  560]\n"  # 4
        'note = """\n'  # 5
        "back = 1\n"  # 6: inside a string
        '"""\n'  # 7
        "[games.'palastgefluester']\n"  # 8
        'games.ignored = "no"\n'  # 9
        '[games."palastgefluester".cards]\n'  # 10
        '"Zofe/red" = "a.png"   # a comment = 3\n'  # 11
        "[games.palace]\n"  # 12
        "text.default = { colour = [1, 2, 3] }\n"  # 13
    )
    lines = ManifestLines(text)
    assert lines.line("card_size") == 2
    assert lines.line("note") == 5
    assert lines.line("back") is None
    assert lines.line("games", "palastgefluester") == 8
    assert lines.line("games", "palastgefluester", "cards", "Zofe/red") == 11
    assert (
        lines.line("games", "palastgefluester", "cards", "Hofnarr/red") == 10
    )  # the table that would hold it
    assert lines.line("games", "palace", "text", "default", "colour") == 13


# -- sheet --------------------------------------------------------------------------------------------
def test_sheet_draws_every_card_at_the_card_width_and_marks_fallbacks(capsys, partial, tmp_path):
    out = tmp_path / "sheet.png"
    code, text = run(
        capsys,
        "sheet",
        str(partial),
        "--game",
        GAME,
        "--out",
        str(out),
        "--card-width",
        "100",
        "--columns",
        "6",
    )
    assert code == 0, text
    image = pygame.image.load(str(out))
    assert image.get_width() == 2 * sheet.MARGIN + 6 * (100 + 2 * sheet.PAD)

    built, lib = sheet.build_sheet(partial, GAME, 100, 6)
    assert image.get_size() == built.size
    tiles = {t.label: t for t in built.tiles()}
    ids = art_ids(GAME)
    assert set(tiles) == set(ids.cards) | set(ids.images)
    assert tiles["Zofe/red"].rect.size == (100, 140)
    assert tiles["Zofe/red"].status == "" and tiles["back"].status == ""
    assert tiles["Hofnarr/red"].status == tiles["king_back"].status == "default pack"
    assert tuple(image.get_at(tiles["Zofe/blue"].rect.center))[:3] == (30, 40, 200)
    drawn = image.get_at(tiles["Hofnarr/red"].rect.center)
    fallback = lib.card(GAME, "Hofnarr/red", (100, 140)).get_at((50, 70))
    assert all(abs(a - b) <= 3 for a, b in zip(drawn[:3], fallback[:3], strict=True))  # blended on the sheet
    assert "from the default pack" in text


def test_sheet_marks_missing_art_and_unknown_ids(faulty):
    built, _ = sheet.build_sheet(faulty, GAME, 60, 8)
    tiles = {t.label: t for t in built.tiles()}
    assert tiles["Zauberer/red"].status == "NO ART"
    assert tiles["back"].status == "NO ART"
    assert tiles["Wachter/red"].status == "unknown id"
    assert tiles["Zofe/red"].status == ""


def test_sheet_of_a_game_without_art_is_a_clear_error(capsys, tmp_path, monkeypatch):
    without_art(monkeypatch, "palace")
    folder = make_pack(tmp_path, "pg-only", 'name = "pg only"\ncard_size = [400, 560]\n')
    code, out = run(capsys, "sheet", str(folder), "--game", "palace", "--out", str(tmp_path / "x.png"))
    assert code == 1
    assert "no art ids known yet for palace" in out
    assert not (tmp_path / "x.png").exists()


# -- template -----------------------------------------------------------------------------------------
def test_templates_come_at_the_packs_card_size_with_a_readme(capsys, tmp_path):
    folder = make_pack(tmp_path, "big", 'card_size = [500, 700]\n[games.palastgefluester]\nback = "b.png"\n')
    save_png(folder / "b.png", (500, 700), (1, 2, 3))
    out = tmp_path / "templates"
    code, _ = run(capsys, "template", str(folder), "--game", GAME, "--out", str(out))
    assert code == 0
    layout = game_layout(GAME)
    for kind in layout.kinds:
        size = pygame.image.load(str(out / f"{kind.file}.png")).get_size()
        assert size == ((1920, 1080) if kind.section == "table" else (500, 700)), kind.file
    readme = (out / "README.txt").read_text(encoding="utf-8")
    for kind in layout.kinds:
        assert f"{kind.file}.png" in readme
    assert "500 x 700" in readme and "blocked badge" in readme and str(check.min_face_height()) in readme


def test_template_regions_scale_and_the_badge_is_where_the_table_draws_it(tmp_path):
    layout = game_layout(GAME)
    lib, _ = library_for(ASSET_ART_DIR / "default", GAME)
    outlines = {o.label: o for o in template.card_outlines(layout, pg_layout.PERSON, (800, 1120), lib)}
    assert outlines["picture"].rect == pygame.Rect(60, 184, 680, 524)
    assert outlines["safe area"].rect == outlines["picture"].rect  # the default manifest's safe_area
    badge = outlines["blocked badge"].rect
    assert badge.size == (800 // 3, 800 // 3)
    assert badge.right == round(800 - 800 * 0.1) and badge.top == round(1120 * 0.17)


def test_the_layout_matches_the_shipped_faces():
    pack = read_pack(ASSET_ART_DIR / "default")
    face = pygame.image.load(str(pack.folder / pack.entry(GAME, "cards", "Zofe/red", "en")))
    red = PLAYER_COLOURS["red"][0]
    white = (255, 252, 244)
    regions = {r.label: r.box for r in pg_layout.PERSON.regions}

    def looks(point: tuple[float, float], colour: tuple[int, int, int]) -> bool:
        found = face.get_at((int(point[0]), int(point[1])))
        return all(abs(a - b) <= 6 for a, b in zip(found[:3], colour, strict=True))

    x, y, w, h = regions["name band"]
    assert looks((x + w - 30, y + h - 10), red)  # right of the name
    x, y, w, h = regions["colour band"]
    assert looks((x + 60, y + h / 2), red)  # left of the colour's name
    x, y, w, h = regions["colour badge"]
    assert looks((x + w / 2, y + 5), white) and looks((x + w / 2, y + 12), red)  # white ring, colour inside
    assert looks((x + w / 2, y + h / 2 + 6), white)  # the colour's shape (red: a triangle) on the colour
    assert not looks((x + w / 2, y + h + 30), red)  # below the name band: the picture


def test_a_game_without_a_layout_gets_no_templates(capsys, tmp_path, monkeypatch):
    without_art(monkeypatch, "palace")
    code, out = run(capsys, "template", "--game", "palace", "--out", str(tmp_path / "t"))
    assert code == 1
    assert "no card layout known yet for palace" in out


# -- the command as a designer runs it --------------------------------------------------------------
def test_the_command_runs_headless_by_itself(faulty):
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    done = subprocess.run(
        [sys.executable, "-m", "tools.art", "check", str(faulty)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert "pg/zauberer_red.png is not a readable image" in done.stdout
