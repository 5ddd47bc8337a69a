"""Every file the app and the art tool read, whatever it holds: settings.json, an art pack's pack.toml
and images, the 3 Chapters card data. Generated hostile content (hypothesis) goes through the same
readers the app uses (Settings.load, the art library the table and the gallery ask, load_cards, the art
tool's check), and the app is started headless on a hostile settings file and a hostile user pack."""

from __future__ import annotations

import io
import json
import logging
import os
import struct
import tempfile
import tomllib
import zlib
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards import image_file
from cards.image_file import MAX_PIXELS, ImageRefused, image_size, load_image
from cards.manifest import CARD_ASPECTS, CARD_SIDES, DEFAULT_CARD_SIZE, read_pack
from game import GAME_IDS
from game.core.datafile import set_aside, showable, shown
from game.three_chapters.cards import CARDS_FILE, CardDataError, CardSet, load_cards
from kartentisch.launcher import make_app
from scenes.app import App
from scenes.art import ASSET_ART_DIR, ArtLibrary
from scenes.menus import setup as setup_screen
from scenes.menus.gallery import GalleryScene
from scenes.menus.settings import SettingsScene
from scenes.menus.title import TitleScene
from scenes.settings import ANIMATION_SPEEDS, WINDOW_LIMITS, Settings, config_dir, data_dir
from scenes.table.kit.scene import TableScene
from tools.arttool.check import check_pack

#: a pack example reads the default pack's images behind it (about half a second): fewer of those
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SOME = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(autouse=True)
def _pygame(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))
    pygame.init()


# -- hostile content ---------------------------------------------------------------------------------
#: characters that break naive readers: NUL and other controls, line and paragraph separators (a line
#: break to str.splitlines, not to JSON or TOML), NEL, a lone surrogate, Unicode digits, a BOM, bidi
SPECIAL = ["\x00", "\x1b", "\x7f", "\r", "\u2028", "\u2029", "\x85", "\x0c", "١٢٨٠", "𝟙𝟚", "\ufeff", "\u202e"]
hostile_text = st.lists(st.one_of(st.sampled_from(SPECIAL), st.characters()), max_size=10).map("".join)
hostile_number = st.one_of(
    st.integers(),
    st.sampled_from([0, -5, 10, 100_000, 2**63, -(2**64), 10**400, 10**4000]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1e308, -1e308, 1e-320, 0.5]),
)
hostile_scalar = st.one_of(st.none(), st.booleans(), hostile_number, hostile_text)
hostile_value = st.recursive(
    hostile_scalar,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(hostile_text, inner, max_size=4)),
    max_leaves=10,
)
#: raw pieces no writer produces: a number too long for Python, nesting deeper than its readers
#: follow, bytes that are not UTF-8, a lone surrogate escape, non-finite numbers
RAW_JSON = [b"1" * 5000, b"-" + b"9" * 4400, b"[" * 50_000 + b"]" * 50_000, b'"\xff\xfe"', b'"\\ud800"',
            b"NaN", b"-Infinity", b"1e400", b'"\x00"', b'{"a": ' * 3000 + b"1" + b"}" * 3000]
RAW_TOML = [b"1" * 5000, b"[" * 3000 + b"]" * 3000, b"{a=" * 2000 + b"1" + b"}" * 2000, b'"\xff\xfe"',
            b"nan", b"-inf", b'"\\ud800"', b'"\x00"', b"\xc3\x28", b"1e999999"]


def toml_of(value: Any) -> str:
    """Any value of strings, numbers, booleans, lists and tables as TOML (tables inline, control
    characters escaped), so that what tomllib reads back is the hostile value itself."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)  # inf, -inf and nan are TOML too
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list):
        return "[" + ", ".join(toml_of(v) for v in value if v is not None) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k), ensure_ascii=False)} = {toml_of(v)}"
                               for k, v in value.items() if v is not None) + "}"
    return '""'


def toml_document(data: dict[str, Any]) -> bytes:
    return "\n".join(f"{json.dumps(k, ensure_ascii=False)} = {toml_of(v)}"
                     for k, v in data.items() if v is not None).encode("utf-8", "surrogatepass")


@st.composite
def corrupted(draw, text: bytes, raw: list[bytes]) -> bytes:
    """`text` with a raw hostile piece put in at some point (or in place of some bytes)."""
    at = draw(st.integers(0, len(text)))
    cut = draw(st.integers(0, 20))
    return text[:at] + draw(st.sampled_from(raw)) + text[at + cut:]


# -- images ------------------------------------------------------------------------------------------
def png_bytes(size: tuple[int, int] = (40, 56), colour=(10, 200, 10)) -> bytes:
    surface = pygame.Surface(size)
    surface.fill(colour)
    out = io.BytesIO()
    pygame.image.save(surface, out, "png")
    return out.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def huge_png(w: int = 20000, h: int = 20000) -> bytes:
    """A PNG header of w x h with one short (wrong) data chunk: what is refused before decoding."""
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + _chunk(b"IDAT", zlib.compress(b"\0" * 1000)) + _chunk(b"IEND", b""))


GIF_1X1 = bytes.fromhex("47494638396101000100800000ffffff00000021f904010000000"
                        "02c00000000010001000002024401003b")
WEBP_1X1 = bytes.fromhex("524946461a000000574542505650384c0d0000002f0000001007101111888806fe0700")
QOI_2X1 = (b"qoif" + struct.pack(">IIBB", 2, 1, 3, 0) + bytes([0xFE, 255, 0, 0, 0xFE, 0, 255, 0])
           + b"\0" * 7 + b"\1")


def tiff(w: int, h: int) -> bytes:
    """A little-endian TIFF header whose first directory gives w x h (as LONGs)."""
    entries = [(256, 4, 1, w), (257, 4, 1, h), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 1)]
    ifd = struct.pack("<H", len(entries)) + b"".join(struct.pack("<HHII", *e) for e in entries)
    return b"II*\0" + struct.pack("<I", 8) + ifd + b"\0\0\0\0"


#: a header declaring a huge picture, in every kind the size is read from
HUGE_HEADERS = {
    "png": huge_png(),
    "jpeg": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            + b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", 20000, 20000) + b"\x03" + b"\x00" * 9
            + b"\xff\xd9",
    "gif-screen": b"GIF89a" + struct.pack("<HH", 65535, 65535) + b"\x00\x00\x00" + b"\x3b",
    "gif-frame": b"GIF89a" + struct.pack("<HH", 1, 1) + b"\x00\x00\x00"
                 + b"\x2c" + struct.pack("<HHHH", 0, 0, 30000, 30000) + b"\x00" + b"\x02\x02\x44\x01\x00\x3b",
    "bmp": b"BM" + b"\0" * 12 + struct.pack("<Iii", 40, 20000, -20000) + b"\0" * 40,
    "webp-vp8x": b"RIFF\0\0\0\0WEBPVP8X" + b"\x0a\0\0\0" + b"\0\0\0\0" + (16383).to_bytes(3, "little") * 2,
    "webp-vp8l": b"RIFF\0\0\0\0WEBPVP8L\0\0\0\0\x2f" + ((16383 | 16383 << 14).to_bytes(4, "little")),
    "webp-vp8": b"RIFF\0\0\0\0WEBPVP8 \0\0\0\0\0\0\0\x9d\x01\x2a" + struct.pack("<HH", 16383, 16383),
    "qoi": b"qoif" + struct.pack(">IIBB", 20000, 20000, 4, 0),
    "tiff": tiff(20000, 20000),
}


def test_png_header_size_is_read_and_a_20000_square_is_refused_without_decoding(tmp_path, monkeypatch):
    (tmp_path / "huge.png").write_bytes(huge_png())
    monkeypatch.setattr(image_file.pygame.image, "load", _no_decoding)
    with pytest.raises(ImageRefused, match=r"20000x20000 \(PNG\), over the limit of 16 megapixels"):
        load_image(tmp_path / "huge.png", tmp_path)


def _no_decoding(*_args, **_kwargs):
    raise AssertionError("an image over the limit reached the decoder")


@pytest.mark.parametrize("kind", sorted(HUGE_HEADERS))
def test_a_huge_picture_of_every_kind_is_refused_from_its_header(kind, tmp_path, monkeypatch):
    path = tmp_path / f"huge.{kind.split('-')[0]}"
    path.write_bytes(HUGE_HEADERS[kind])
    header = image_size(HUGE_HEADERS[kind], path.name)
    assert header is not None and header.size[0] * header.size[1] > MAX_PIXELS
    monkeypatch.setattr(image_file.pygame.image, "load", _no_decoding)
    with pytest.raises(ImageRefused, match="over the limit"):
        load_image(path, tmp_path)


@pytest.mark.parametrize(("name", "data", "size"), [
    ("a.png", png_bytes((37, 23)), (37, 23)),
    ("a.gif", GIF_1X1, (1, 1)),
    ("a.webp", WEBP_1X1, (1, 1)),
    ("a.qoi", QOI_2X1, (2, 1)),
])
def test_small_images_of_each_kind_load_at_the_size_their_header_gives(name, data, size, tmp_path):
    (tmp_path / name).write_bytes(data)
    header = image_size(data, name)
    assert header is not None and header.size == size
    assert load_image(tmp_path / name, tmp_path).get_size() == size


@pytest.mark.parametrize("save_as", ["jpg", "bmp", "tga"])
def test_images_pygame_writes_are_read_by_their_header(save_as, tmp_path):
    path = tmp_path / f"a.{save_as}"
    surface = pygame.Surface((33, 21))
    pygame.image.save(surface, str(path))
    header = image_size(path.read_bytes(), path.name)
    assert header is not None and header.size == (33, 21)
    assert load_image(path, tmp_path).get_size() == (33, 21)


def test_a_tiff_header_gives_its_size():
    assert image_size(tiff(300, 200), "x.tif").size == (300, 200)


def test_an_unknown_kind_empty_files_and_links_out_of_the_pack_are_refused_with_a_reason(tmp_path):
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "drawing.svg").write_text('<svg width="100000" height="100000"/>', encoding="utf-8")
    (pack / "empty.png").write_bytes(b"")
    (tmp_path / "outside.png").write_bytes(png_bytes())
    (pack / "link.png").symlink_to(tmp_path / "outside.png")
    (pack / "inner.png").write_bytes(png_bytes())
    (pack / "link-inside.png").symlink_to(pack / "inner.png")
    with pytest.raises(ImageRefused, match="save it as PNG"):
        load_image(pack / "drawing.svg", pack)
    with pytest.raises(ImageRefused, match=r"empty \(0 bytes\)"):
        load_image(pack / "empty.png", pack)
    with pytest.raises(ImageRefused, match="leads outside the pack folder"):
        load_image(pack / "link.png", pack)
    assert load_image(pack / "link-inside.png", pack).get_size() == (40, 56)


@SOME
@given(kind=st.sampled_from([b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", b"\xff\xd8\xff", b"GIF89a", b"BM",
                             b"RIFF\0\0\0\0WEBPVP8X", b"qoif", b"II*\0", b"MM\0*", b""]),
       body=st.binary(max_size=200))
def test_any_bytes_under_any_signature_are_loaded_or_refused_never_more(kind, body):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "card.tga"
        path.write_bytes(kind + body)
        try:
            image = load_image(path, Path(folder))
        except ImageRefused as exc:
            assert showable(str(exc))
        else:
            assert image.get_width() * image.get_height() <= MAX_PIXELS


def test_memory_of_a_hostile_image_stays_small_in_a_fresh_process(tmp_path):
    """The 20000x20000 PNG costs no more than reading its bytes (it would cost 1.6 GB decoded)."""
    import subprocess
    import sys

    (tmp_path / "huge.png").write_bytes(huge_png())
    code = (
        "import resource, sys\n"
        "from pathlib import Path\n"
        "from cards.image_file import ImageRefused, load_image\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "try:\n"
        f"    load_image(Path({str(tmp_path / 'huge.png')!r}), Path({str(tmp_path)!r}))\n"
        "except ImageRefused:\n"
        "    pass\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)\n"
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.split()[-1]) < 64 * 1024  # KiB: far below the 1.6 GB the picture would take


# -- pack.toml, through the art library the table and the gallery use ---------------------------------
@pytest.mark.parametrize("size", [
    "[0, 0]", "[-5, 10]", "[100000, 100000]", "[1e308, 1]", '"big"', "[1, 100000]", "[400]",
    "[400, 560, 1]", "[nan, 560]", "[inf, 560]", "[true, 560]", "[16, 4097]", "[4096, 1000]",
])
def test_an_extreme_card_size_is_refused_with_its_line_and_the_default_size_is_used(size, tmp_path):
    folder = tmp_path / "art" / "odd"
    folder.mkdir(parents=True)
    (folder / "pack.toml").write_text(f'name = "Odd"\n\ncard_size = {size}\n[games.palace]\n'
                                      f"card_size = {size}\n", encoding="utf-8")
    problems: list[str] = []
    pack = read_pack(folder, problems)
    assert pack.card_size == DEFAULT_CARD_SIZE and pack.game_card_size("palace") == DEFAULT_CARD_SIZE
    assert any("pack.toml line 3: card_size" in p for p in problems)
    assert any("pack.toml line 5: card_size" in p for p in problems)
    lib = ArtLibrary(Settings(art_packs={"palace": "odd"}), roots=[ASSET_ART_DIR, tmp_path / "art"])
    assert lib.aspect("palace") == pytest.approx(400 / 560)
    assert lib.card("palace", "AS", (50, 70)).get_size() == (50, 70)


def test_the_widest_and_narrowest_card_sizes_allowed_are_taken():
    folder = Path(tempfile.mkdtemp()) / "edge"
    folder.mkdir()
    (folder / "pack.toml").write_text("card_size = [4096, 1024]\n[games.palace]\ncard_size = [16, 64]\n",
                                      encoding="utf-8")
    pack = read_pack(folder)
    assert pack.card_size == (4096, 1024) and pack.game_card_size("palace") == (16, 64)


def test_a_line_separator_in_a_string_does_not_shift_the_lines_named(tmp_path):
    folder = tmp_path / "sep"
    folder.mkdir()
    text = 'name = "a\u2028b\u2029c\x85d"\n# \u2028 \u2029 \x85\ncard_size = [0, 0]\n'
    (folder / "pack.toml").write_text(text, encoding="utf-8")
    problems: list[str] = []
    pack = read_pack(folder, problems)
    assert problems and "pack.toml line 3: card_size" in problems[0]
    assert showable(pack.title)


@pytest.mark.parametrize(("content", "says"), [
    (b"name = '\xff\xfe'\n", "line 1: it is not UTF-8 text"),
    (b"a = " + b"[" * 5000 + b"]" * 5000, "nested too deeply"),
    (b"\n\ncard_size = [" + b"1" * 5000 + b", 2]\n", "line 3: a number of more than 4300 digits"),
    (b"[games.palace\n", "line 1: not valid TOML"),
    (b"games = 5\n", "[games] in pack.toml (line 1) must be a table"),
])
def test_a_manifest_that_cannot_be_read_is_named_with_its_line(content, says, tmp_path):
    folder = tmp_path / "art" / "bad"
    folder.mkdir(parents=True)
    (folder / "pack.toml").write_bytes(content)
    lib = ArtLibrary(Settings(art_packs={"palace": "bad"}), roots=[ASSET_ART_DIR, tmp_path / "art"])
    assert lib.card("palace", "AS", (50, 70)).get_size() == (50, 70)
    assert any(says in p for p in lib.problems), lib.problems
    assert (folder / "pack.toml").read_bytes() == content  # never rewritten


def test_a_manifest_that_links_out_of_its_pack_is_not_read(tmp_path):
    folder = tmp_path / "art" / "linked"
    folder.mkdir(parents=True)
    (tmp_path / "elsewhere.toml").write_text('name = "Elsewhere"\n', encoding="utf-8")
    (folder / "pack.toml").symlink_to(tmp_path / "elsewhere.toml")
    pack = read_pack(folder)
    assert pack.error is not None and "leads outside the pack folder" in pack.error


def test_pack_folders_and_files_with_names_that_are_not_utf8_are_listed_and_reported(tmp_path):
    root = tmp_path / "art"
    root.mkdir()
    odd = os.fsdecode(os.fsencode(root) + b"/caf\xe9")  # Latin-1 bytes: not UTF-8
    Path(odd).mkdir()
    (Path(odd) / "pack.toml").write_text("[games.palace]\n", encoding="utf-8")
    good = root / "good"
    good.mkdir()
    (good / "pack.toml").write_text('[games.palace]\nback = "b.png"\n', encoding="utf-8")
    (good / "b.png").write_bytes(png_bytes())
    Path(os.fsdecode(os.fsencode(good) + b"/stray\xff.png")).write_bytes(png_bytes())
    lib = ArtLibrary(Settings(), roots=[ASSET_ART_DIR, root])
    assert lib.packs() == ["default", "good"]
    assert any("not UTF-8" in p for p in lib.problems)
    assert all(showable(p) for p in lib.problems)
    report = check_pack(good)
    assert any("stray\ufffd.png" in f.message for f in report.findings)
    json.dumps(report.as_json())
    report.text().encode("utf-8")  # printable as it is


@st.composite
def hostile_pack(draw) -> dict[str, Any]:
    """A manifest of good and hostile fields, naming files of every kind the pool has."""
    files = st.sampled_from(list(POOL) + ["missing.png", "../up.png", "/etc/passwd", "a\x00b.png", ""])
    field = st.one_of(files, hostile_value)
    game_table = st.fixed_dictionaries({}, optional={
        "back": field, "king_back": field, "table": field,
        "card_size": st.one_of(hostile_value, st.lists(st.integers(-5, 200_000), min_size=2, max_size=2)),
        "cards": st.one_of(hostile_value, st.dictionaries(
            st.one_of(st.sampled_from(["Zofe/red", "AS", "joker", "1", "back"]), hostile_text), field,
            max_size=5)),
        "text": st.one_of(hostile_value, st.dictionaries(
            st.sampled_from(["default", "Zofe/red", "AS"]),
            st.fixed_dictionaries({}, optional={"colour": hostile_value, "safe_area": hostile_value}),
            max_size=2)),
    })
    return draw(st.fixed_dictionaries({}, optional={
        "name": hostile_value, "author": hostile_value, "card_size": hostile_value,
        "games": st.one_of(hostile_value, st.dictionaries(
            st.one_of(st.sampled_from(GAME_IDS), hostile_text), st.one_of(game_table, hostile_value),
            max_size=4)),
    }))


POOL = {
    "good.png": png_bytes(),
    "wide.png": png_bytes((400, 100)),
    "empty.png": b"",
    "huge.png": huge_png(),
    "huge.gif": HUGE_HEADERS["gif-frame"],
    "junk.png": b"\x89PNG\r\n\x1a\nno picture",
    "drawing.svg": b"<svg/>",
}


def write_hostile_pack(root: Path, manifest: bytes) -> Path:
    folder = root / "hostile"
    folder.mkdir(parents=True)
    (folder / "pack.toml").write_bytes(manifest)
    for name, data in POOL.items():
        (folder / name).write_bytes(data)
    outside = root.parent / "outside.png"
    outside.write_bytes(png_bytes())
    (folder / "link.png").symlink_to(outside)
    return folder


def assert_library_holds(lib: ArtLibrary) -> None:
    """What the table and the gallery ask of a library, for every game: answers of the right form."""
    for game_id in GAME_IDS:
        w, h = lib.card_size(game_id)
        assert CARD_SIDES[0] <= w <= CARD_SIDES[1] and CARD_SIDES[0] <= h <= CARD_SIDES[1]
        assert CARD_ASPECTS[0] <= lib.aspect(game_id) <= CARD_ASPECTS[1]
        for card_id in [*lib.card_ids(game_id)[:2], *lib.unknown_ids(game_id)]:
            assert lib.card(game_id, card_id, (37, 52)).get_size() == (37, 52)
            style = lib.text_style(game_id, card_id)
            assert all(0.0 <= v <= 1.0 for v in style.safe_area)
        for kind in lib.back_kinds(game_id):
            assert lib.back(game_id, (37, 52), kind).get_size() == (37, 52)
        assert lib.table(game_id, (320, 240)).get_size() == (320, 240)
        for name in lib.pack_choices(game_id):
            assert showable(lib.pack_title(name))
    assert all(shown(p) == p for p in lib.problems)


@FEW
@given(data=hostile_pack(), raw=st.one_of(st.none(), st.sampled_from(RAW_TOML)), at=st.floats(0, 1))
def test_any_manifest_and_images_give_a_working_library_and_a_check_report(data, raw, at):
    manifest = toml_document(data)
    if raw is not None:  # a raw piece somewhere
        cut = round(len(manifest) * at)
        manifest = manifest[:cut] + raw + manifest[cut:]
    with tempfile.TemporaryDirectory() as home:
        root = Path(home) / "art"
        folder = write_hostile_pack(root, manifest)
        lib = ArtLibrary(Settings(art_packs=dict.fromkeys(GAME_IDS, "hostile")), roots=[ASSET_ART_DIR, root])
        assert_library_holds(lib)
        report = check_pack(folder)
        assert all(showable(f.message) for f in report.findings)
        json.dumps(report.as_json())
        assert (folder / "pack.toml").read_bytes() == manifest


# -- settings.json, through Settings.load ------------------------------------------------------------
GOOD_SETTINGS = {
    "fullscreen": st.booleans(),
    "window_size": st.tuples(st.integers(WINDOW_LIMITS[0][0], WINDOW_LIMITS[1][0]),
                             st.integers(WINDOW_LIMITS[0][1], WINDOW_LIMITS[1][1])).map(list),
    "animation_speed": st.sampled_from(ANIMATION_SPEEDS),
    "volume": st.floats(0.0, 1.0),
    "art_packs": st.dictionaries(st.sampled_from(GAME_IDS), st.sampled_from(["mine", "Hof", "café"]),
                                 max_size=3),
}


def acceptable(key: str, value: Any) -> bool:
    """Whether a field's value is one the settings take (for deciding what a test expects)."""
    if key == "fullscreen":
        return isinstance(value, bool)
    if key == "window_size":
        (lw, lh), (hw, hh) = WINDOW_LIMITS
        return (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)
                and lw <= value[0] <= hw and lh <= value[1] <= hh)
    if key == "animation_speed":
        return isinstance(value, str) and value in ANIMATION_SPEEDS
    if key == "volume":
        return type(value) in (int, float) and 0 <= value <= 1
    return isinstance(value, dict)


def _is_pack_name(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 255 and showable(value)


def assert_settings_usable(s: Settings) -> None:
    assert isinstance(s.fullscreen, bool)
    (lw, lh), (hw, hh) = WINDOW_LIMITS
    assert lw <= s.window_size[0] <= hw and lh <= s.window_size[1] <= hh
    assert s.animation_speed in ANIMATION_SPEEDS and 0.0 <= s.volume <= 1.0
    assert all(showable(k) and showable(v) for k, v in s.art_packs.items())
    json.dumps(s.to_dict())


@st.composite
def settings_file(draw) -> tuple[bytes, dict[str, Any], set[str]]:
    """settings.json bytes; the good fields in it; the fields that hold something else."""
    good: dict[str, Any] = {}
    bad: set[str] = set()
    parts: list[bytes] = []
    for key, strategy in GOOD_SETTINGS.items():
        choice = draw(st.sampled_from(["good", "hostile", "raw", "absent"]))
        if choice == "absent":
            continue
        if choice == "good":
            value = draw(strategy)
            good[key] = value
            text = json.dumps(value).encode()
        elif choice == "raw":
            text = draw(st.sampled_from(RAW_JSON))
            bad.add(key)
        else:
            value = draw(hostile_value)
            text = json.dumps(value).encode()
            if acceptable(key, value):
                good[key] = value
            else:
                bad.add(key)
        sep = draw(st.sampled_from([b", ", b",\n", b",\r\n  ", b",\n\n"]))
        parts.append(json.dumps(key).encode() + b": " + text + sep)
    body = b"{" + b"".join(parts).rstrip(b", \r\n") + b"}"
    return body, good, bad


@SOME
@given(file=settings_file())
def test_settings_keep_every_good_field_name_each_bad_one_and_leave_the_file_alone(file):
    content, good, bad = file
    nested = any(piece in content for piece in (b"[" * 1000, b'{"a": ' * 1000))
    with tempfile.TemporaryDirectory() as home:
        path = Path(home) / "settings.json"
        path.write_bytes(content)
        loaded = Settings.load(path)
        assert_settings_usable(loaded)
        if not nested:  # a file too deep to read keeps nothing, and says so
            for key, value in good.items():
                want = tuple(value) if key == "window_size" else value
                if key == "art_packs":
                    names = {k: v for k, v in value.items() if _is_pack_name(k) and _is_pack_name(v)}
                    assert names.items() <= loaded.art_packs.items()
                else:
                    assert getattr(loaded, key) == want, key
            for key in bad:
                assert any(key in p for p in loaded.problems), (key, loaded.problems)
        else:
            assert loaded.problems
        loaded.save(path)  # as at quitting, with nothing changed
        if not loaded.problems:  # a good file is written again as it was read
            assert Settings.load(path).to_dict() == loaded.to_dict()
        else:  # a faulty one is left as it is
            assert path.read_bytes() == content
            loaded.volume = 0.5 if loaded.volume != 0.5 else 0.25  # the player changes a setting
            loaded.save(path)
            kept = [p for p in Path(home).iterdir() if p.name.startswith("settings-unreadable-")]
            assert len(kept) == 1 and kept[0].read_bytes() == content
            again = Settings.load(path)
            assert again.problems == [] and again.volume == loaded.volume


@SOME
@given(content=st.one_of(st.binary(max_size=300), corrupted(
    json.dumps({"fullscreen": True, "window_size": [800, 600], "volume": 0.3, "animation_speed": "slow",
                "art_packs": {"palace": "mine"}}, indent=2).encode(), RAW_JSON)))
def test_settings_load_takes_any_bytes(content):
    with tempfile.TemporaryDirectory() as home:
        path = Path(home) / "settings.json"
        path.write_bytes(content)
        assert_settings_usable(Settings.load(path))
        assert path.read_bytes() == content


def test_a_bad_setting_is_named_with_its_line_in_the_log(tmp_path, caplog):
    path = tmp_path / "settings.json"
    path.write_text('{\n  "volume": 0.2,\n  "window_size": [1e400, 5],\n  "fullscreen": "false"\n}',
                    encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="scenes.settings"):
        loaded = Settings.load(path)
    assert loaded.volume == 0.2 and loaded.window_size == (1280, 720) and loaded.fullscreen is False
    assert "line 3: window_size" in caplog.text and "line 4: fullscreen" in caplog.text


def test_files_set_aside_in_one_second_never_overwrite_each_other(tmp_path):
    path = tmp_path / "settings.json"
    kept = []
    for n in range(3):
        path.write_text(f"broken {n}", encoding="utf-8")
        kept.append(set_aside(path))
    assert len(set(kept)) == 3
    assert [k.read_text(encoding="utf-8") for k in kept] == ["broken 0", "broken 1", "broken 2"]


# -- the 3 Chapters card data, through load_cards -----------------------------------------------------
CARD_DATA = tomllib.loads(CARDS_FILE.read_text(encoding="utf-8"))
CARD_TEXT = CARDS_FILE.read_bytes()


@st.composite
def mutated_card_data(draw) -> dict[str, Any]:
    """The real card data with one part, somewhere inside it, replaced by a hostile value."""
    data = json.loads(json.dumps(CARD_DATA))
    node: Any = data
    for _ in range(draw(st.integers(1, 6))):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = draw(st.sampled_from(keys))
        if not isinstance(node[key], dict | list) or draw(st.booleans()):
            node[key] = draw(hostile_value)
            return data
        node = node[key]
    return data


def _load_cards_of(content: bytes) -> CardSet | None:
    with tempfile.TemporaryDirectory() as home:
        path = Path(home) / "cards.toml"
        path.write_bytes(content)
        try:
            return load_cards(path)
        except CardDataError as exc:
            assert str(exc)
            return None


@SOME
@given(data=mutated_card_data())
def test_card_data_with_any_field_replaced_loads_or_raises_card_data_error(data):
    content = b"\n".join(f"{json.dumps(k)} = {toml_of(v)}".encode("utf-8", "surrogatepass")
                         for k, v in data.items())
    _load_cards_of(content)


@SOME
@given(content=st.one_of(corrupted(CARD_TEXT, RAW_TOML), st.binary(max_size=200)))
def test_card_data_of_any_bytes_loads_or_raises_card_data_error(content):
    _load_cards_of(content)


def test_the_shipped_card_data_still_loads():
    assert len(_load_cards_of(CARD_TEXT).cards) == 50


# -- the app, headless, on hostile files -------------------------------------------------------------
HOSTILE_SETTINGS = (
    '{\n  "fullscreen": "yes",\n  "window_size": [1e400, -5],\n  "volume": NaN,\n'
    '  "animation_speed": ["slow"],\n  "unknown": ' + "9" * 5000 + ',\n  "name": "\xff\xfe",\n'
    '  "art_packs": {"palastgefluester": "hostile", "palace": "hostile", "gloria_picktoria": "hostile",\n'
    '                "three_chapters": "hostile", "x\\u0000": 5, "\\ud800": "\\u2028"}\n}'
).encode("latin-1")

HOSTILE_MANIFEST = b"""name = "Hostile \\u0000 \xe2\x80\xa8 pack"
card_size = [1e308, 1]
[games.palastgefluester]
card_size = [100000, 100000]
back = "link.png"
king_back = "empty.png"
table = "huge.png"
[games.palastgefluester.cards]
"Zofe/red" = "huge.gif"
"Zauberer/red" = "junk.png"
"Hofnarr/red" = "good.png"
"Mundschenk/red" = "../outside.png"
"\\u0007bell" = "good.png"
[games.palastgefluester.text]
default = { colour = [300, -1, 2], safe_area = [nan, inf, 1e308, -5] }
[games.palace]
card_size = [4096, 1024]
back = "wide.png"
[games.gloria_picktoria]
card_size = [16, 64]
back = "good.png"
[games.three_chapters]
card_size = "big"
cards = 5
"""


def test_the_app_starts_and_every_scene_opens_on_a_hostile_settings_file_and_user_pack(
        tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(setup_screen, "_last_choices", {})
    config_dir().mkdir(parents=True)
    settings_file_path = config_dir() / "settings.json"
    settings_file_path.write_bytes(HOSTILE_SETTINGS)
    art_root = data_dir() / "art"
    write_hostile_pack(art_root, HOSTILE_MANIFEST)
    deep = art_root / "deep"
    deep.mkdir()
    (deep / "pack.toml").write_bytes(b"a = " + b"[" * 5000 + b"]" * 5000)
    odd = Path(os.fsdecode(os.fsencode(art_root) + b"/\xff\xfe"))
    odd.mkdir()
    (odd / "pack.toml").write_bytes(b"name = '\xff'\n")

    with caplog.at_level(logging.WARNING):
        app = make_app()
    try:
        assert app.settings.art_packs.get("palastgefluester") == "hostile"
        assert "line 3: window_size" in caplog.text and "line 4: volume" in caplog.text
        app.push(TitleScene(app))
        _frames(app, 3)
        app.push(SettingsScene(app))
        _frames(app, 3)
        app.pop()
        _frames(app)
        gallery = GalleryScene(app)
        app.push(gallery)
        _frames(app, 3)
        problems = "\n".join(app.art.problems)
        assert "over the limit of 16 megapixels" in problems
        assert "leads outside the pack folder" in problems
        assert "empty (0 bytes)" in problems
        assert "pack.toml line 2: card_size" in problems and "pack.toml line 4: card_size" in problems
        assert "not UTF-8" in problems
        for game_id in gallery.games():
            gallery.set_game(game_id)
            _frames(app, 2)
            gallery.see_at_table()
            table = app.stack.top
            assert isinstance(table, TableScene), f"no table for {game_id}: {gallery.message}"
            _frames(app, 30)
            app.pop()
            _frames(app, 2)
        assert app.stack.top is gallery
        app.pop()
        _frames(app)

        app._save_settings()  # as at quitting, with no setting changed: the file is left as it was
        assert settings_file_path.read_bytes() == HOSTILE_SETTINGS
        app.settings.volume = 0.4
        app.settings_changed()  # the player changes a setting: the faulty file is set aside first
        kept = list(config_dir().glob("settings-unreadable-*.json"))
        assert len(kept) == 1 and kept[0].read_bytes() == HOSTILE_SETTINGS
        assert Settings.load().volume == 0.4 and Settings.load().problems == []
        assert (art_root / "hostile" / "pack.toml").read_bytes() == HOSTILE_MANIFEST
    finally:
        app.stack.clear()


def _frames(app: App, count: int = 1) -> None:
    for _ in range(count):
        assert app.step(1 / 60)



@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_in_place_of_a_file_is_refused_at_once_not_waited_on(tmp_path):
    os.mkfifo(tmp_path / "settings.json")
    loaded = Settings.load(tmp_path / "settings.json")
    assert loaded == Settings() and "a pipe or a device" in loaded.problems[0]
    os.mkfifo(tmp_path / "card.png")
    with pytest.raises(ImageRefused, match="a pipe or a device"):
        load_image(tmp_path / "card.png", tmp_path)
    with pytest.raises(CardDataError, match="a pipe or a device"):
        load_cards(tmp_path / "settings.json")
