"""An image's kind is read from its content, never from its name, and a file the decoder could take for
a kind whose size cannot be read before decoding (SVG above all: drawn at any size it declares) is
refused, whatever its first bytes or its name say; the decoded picture's size is checked again. The
table (the art library), and `tools.art check` load images the same way."""

from __future__ import annotations

import io
import struct
import tempfile
import zlib
from functools import cache
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.image_file import MAX_PIXELS, ImageRefused, foreign_kind, load_image
from scenes.art import ASSET_ART_DIR, ArtLibrary
from scenes.settings import Settings
from tools.arttool.check import check_pack

#: SVG text declaring a 140-megapixel picture
SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" width="14000" height="10000">'
       b'<rect width="10" height="10" fill="red"/></svg>')
#: headers of the kinds this app reads, each followed by SVG text (no NUL before it: the decoder's
#: look for "<svg" stops at the first NUL)
DISGUISES = {
    "webp": b"RIFF\x7f\x7f\x7f\x7fWEBPVP8L\x7f\x7f\x7f\x7f\x2f\x01\x01\x01\x01",
    "qoi": b"qoif\x01\x01\x01\x01\x01\x01\x01\x01\x04\x01",
    "tif": b"II*\x01\x08\x01\x01\x01",
    "tga": b"\x01\x01\x02\x01\x01\x01\x01\x01\x01\x01\x01\x01\x10\x01\x10\x01\x20\x01",
}
#: the first bytes of the kinds the decoder knows whose size is not read here
FOREIGN = {
    "XPM": b"/* XPM */\nstatic char *x[] = {};",
    "XCF": b"gimp xcf file\x00" + bytes(20),
    "PNM": b"P6\n20000 20000\n255\n" + bytes(10),
    "XV": b"P7 332\n" + bytes(10),
    "PCX": b"\x0a\x05\x01\x08" + bytes(60),
    "LBM": b"FORM\x00\x00\x01\x00ILBMBMHD" + bytes(20),
    "ICO": b"\x00\x00\x01\x00\x01\x00" + bytes(20),
    "CUR": b"\x00\x00\x02\x00\x01\x00" + bytes(20),
    "AVIF": b"\x00\x00\x00\x1cftypavif" + bytes(20),
    "JXL": b"\xff\x0a" + bytes(20),
    "SVG": b"<?xml version='1.0'?>" + SVG,
}


def setup_module(module) -> None:
    pygame.init()


@cache
def picture(kind: str, size: tuple[int, int] = (30, 42)) -> bytes:
    """A real image file of `kind` (png, jpg, bmp, tga), as pygame writes it."""
    surface = pygame.Surface(size)
    surface.fill((200, 30, 40))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"picture.{kind}"
        pygame.image.save(surface, str(path))
        return path.read_bytes()


def png_with_text(text: bytes) -> bytes:
    """A PNG holding a tEXt chunk with `text`."""
    data = picture("png")
    chunk = b"tEXt" + b"Comment\x00" + text
    block = struct.pack(">I", len(chunk) - 4) + chunk + struct.pack(">I", zlib.crc32(chunk))
    return data[:33] + block + data[33:]  # after the signature and IHDR


@pytest.fixture
def folder(tmp_path) -> Path:
    return tmp_path


@pytest.mark.parametrize("kind", sorted(DISGUISES))
@pytest.mark.parametrize("name", ["face.png", "face.webp", "face.tga", "face.svg", "face"])
def test_a_header_of_a_known_kind_followed_by_svg_is_refused_before_decoding(folder, monkeypatch, kind, name):
    decoded: list[str] = []
    load = pygame.image.load
    monkeypatch.setattr(pygame.image, "load", lambda *a: decoded.append("decoded") or load(*a))
    (folder / name).write_bytes(DISGUISES[kind] + SVG)
    with pytest.raises(ImageRefused, match="SVG content"):
        load_image(folder / name, folder)
    assert decoded == []


@pytest.mark.parametrize("kind", sorted(FOREIGN))
def test_every_kind_whose_size_is_unknown_is_refused_under_any_name(folder, kind):
    assert foreign_kind(FOREIGN[kind]) == kind
    for name in ("face.png", f"face.{kind.lower()}", "face.tga"):
        (folder / name).write_bytes(FOREIGN[kind])
        with pytest.raises(ImageRefused, match=kind):
            load_image(folder / name, folder)


def test_svg_text_after_a_nul_is_no_svg_to_the_decoder_and_the_picture_loads(folder):
    (folder / "noted.png").write_bytes(png_with_text(SVG))
    assert load_image(folder / "noted.png", folder).get_size() == (30, 42)


@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(["png", "jpg", "bmp"]),
       extension=st.sampled_from(["png", "jpg", "jpeg", "bmp", "gif", "webp", "qoi", "tif", "svg", "txt",
                                  ""]))
def test_content_decides_the_kind_whatever_the_extension(folder, kind, extension):
    name = f"face.{extension}" if extension else "face"
    (folder / name).write_bytes(picture(kind))
    assert load_image(folder / name, folder).get_size() == (30, 42)


def test_a_tga_is_known_by_its_name_only_and_loads(folder):
    (folder / "face.tga").write_bytes(picture("tga"))
    assert load_image(folder / "face.tga", folder).get_size() == (30, 42)
    (folder / "face.png").write_bytes(picture("tga"))
    with pytest.raises(ImageRefused, match="header"):  # TGA has no signature: without its name it is nothing
        load_image(folder / "face.png", folder)


def test_a_picture_decoded_larger_than_its_header_declares_is_refused(folder, monkeypatch):
    (folder / "face.png").write_bytes(picture("png"))
    monkeypatch.setattr(pygame.image, "load", lambda *args: pygame.Surface((4000, 4100)))
    with pytest.raises(ImageRefused, match="decoded as 4000x4100"):
        load_image(folder / "face.png", folder)
    assert MAX_PIXELS >= 4000 * 4100  # refused for disagreeing with its header, not for its size alone


# -- through the table and the art tool ------------------------------------------------------------
def disguised_pack(root: Path) -> Path:
    pack = root / "disguised"
    pack.mkdir(parents=True)
    (pack / "pack.toml").write_text('name = "Disguised"\ncard_size = [400, 560]\n'
                                    '[games.palace.cards]\nQS = "qs.webp"\n', encoding="utf-8")
    (pack / "qs.webp").write_bytes(DISGUISES["webp"] + SVG)
    return pack


def test_the_table_shows_a_stand_in_for_a_disguised_face_and_decodes_nothing(tmp_path, monkeypatch):
    pack = disguised_pack(tmp_path / "art")
    decoded: list[bytes] = []
    load = pygame.image.load

    def loading(source, *rest):
        decoded.append(source.getvalue() if isinstance(source, io.BytesIO) else b"")
        return load(source, *rest)

    monkeypatch.setattr(pygame.image, "load", loading)
    art = ArtLibrary(Settings(art_packs={"palace": pack.name}), roots=[ASSET_ART_DIR, pack.parent])
    face = art.card("palace", "QS", (200, 280))
    assert face.get_size() == (200, 280)
    assert art.origin("palace", "cards", "QS") != "disguised"
    assert any("SVG content" in problem for problem in art.problems)
    assert not any(b"<svg" in data for data in decoded)


def test_the_art_tool_calls_a_disguised_face_an_error_not_usable(tmp_path):
    report = check_pack(disguised_pack(tmp_path))
    assert report.exit_code == 1
    assert any(f.level == "error" and "SVG content" in f.message and f.file == "qs.webp"
               for f in report.findings)
    assert not report.text().endswith("usable")
