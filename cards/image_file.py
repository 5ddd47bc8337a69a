"""Loading an image of an art pack without trusting it: its size is read from the file's header and
checked before anything is decoded.

A 20000x20000 PNG of one colour is about 1.6 MB on disk and 1.6 GB once decoded, so a decoder must not
see an image before its size is known: `image_size` reads the width and height from the header of a
PNG, JPEG, GIF, BMP, WebP, QOI, TIFF or TGA file. An image of any other kind is refused, because its size
cannot be known without decoding it (SVG, for one, is drawn at whatever size it declares); a card
designer saves it as PNG.

The kind is read from the content, never from the file's name (save for TGA, which has no
signature), and the decoder (SDL_image) does the
same, in its own order: it takes a file for SVG wherever "<svg" stands in its first kilobytes, so a WebP
header followed by SVG text would be drawn as SVG at any size it declares. `foreign_kind` therefore
looks for the signature of every kind the decoder knows and this module does not read (SVG, XPM, XCF,
PNM, XV, PCX, LBM, ICO, CUR, JXL, AVIF): a file that carries one is refused, whatever else its first
bytes say. The decoded picture's size is checked once more after decoding.

MAX_PIXELS is the limit: 16 megapixels (4096x4096) covers a card face for a 4K screen many times over
and a 4K table background (3840x2160 is 8.3 megapixels) with room.

`load_image` also refuses a file outside the pack folder (a symlink that leads out of it), an empty
file and a file over MAX_BYTES, and reads the file once, so the bytes decoded are the bytes checked.
"""

from __future__ import annotations

import io
import struct
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.core.datafile import open_regular, shown
from game.i18n import tr

MAX_PIXELS = 4096 * 4096
#: no image a table needs is this large on disk (a 16-megapixel PNG of noise is about 48 MB)
MAX_BYTES = 64 * 1024 * 1024
KINDS = "PNG, JPEG, GIF, BMP, WebP, QOI, TIFF or TGA"
#: JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic): they hold the size
_JPEG_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


#: the kinds SDL_image recognises that have no size this module can read before decoding, by how the
#: decoder tells them (IMG_is* of SDL_image 2.8): a file that looks like one of them is never decoded
_FOREIGN_PREFIXES: tuple[tuple[str, tuple[bytes, ...]], ...] = (
    ("XPM", (b"/* XPM */",)),
    ("XCF", (b"gimp xcf",)),
    ("XV", (b"P7 332",)),
    ("JXL", (b"\xff\x0a", b"\0\0\0\x0cJXL \r\n\x87\n")),
)
#: SDL_image reads this much of a file for "<svg" (up to the first NUL)
_SVG_LOOK = 4096


class ImageRefused(ValueError):
    """Why an image is not loaded; the message names the file."""


@dataclass(frozen=True)
class Header:
    kind: str
    size: tuple[int, int]


def image_size(data: bytes, name: str = "") -> Header | None:
    """The kind and (width, height) the file's header declares, or None when the header is not one of
    KINDS (or is cut short). `name` decides only for TGA, which has no signature."""
    try:
        if data.startswith(b"\x89PNG\r\n\x1a\n") and data[12:16] == b"IHDR":
            return Header("PNG", struct.unpack(">II", data[16:24]))
        if data.startswith(b"\xff\xd8"):
            size = _jpeg_size(data)
            return Header("JPEG", size) if size else None
        if data[:6] in (b"GIF87a", b"GIF89a"):
            return Header("GIF", _gif_size(data))
        if data.startswith(b"BM"):
            return Header("BMP", _bmp_size(data))
        if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
            size = _webp_size(data)
            return Header("WebP", size) if size else None
        if data.startswith(b"qoif"):
            return Header("QOI", struct.unpack(">II", data[4:12]))
        if data[:4] in (b"II*\0", b"MM\0*"):
            size = _tiff_size(data)
            return Header("TIFF", size) if size else None
        if name.lower().endswith(".tga") and len(data) >= 18:
            return Header("TGA", struct.unpack("<HH", data[12:16]))
    except (struct.error, IndexError):
        return None
    return None


def foreign_kind(data: bytes) -> str | None:
    """The kind the decoder could take `data` for whose size cannot be read before decoding (see the
    module's notes), or None. It errs on the side of refusing: "<svg" is looked for in either case."""
    if b"<svg" in data[:_SVG_LOOK].split(b"\0", 1)[0].lower():
        return "SVG"
    for kind, prefixes in _FOREIGN_PREFIXES:
        if data.startswith(prefixes):
            return kind
    if data[:2] == b"\0\0" and data[2:4] in (b"\1\0", b"\2\0") and data[4:6] not in (b"", b"\0\0"):
        return "ICO" if data[2] == 1 else "CUR"  # an icon directory with entries (a TGA header has none)
    if len(data) >= 3 and data[0] == ord("P") and data[1] in b"123456" and data[2] in b" \t\r\n":
        return "PNM"
    if len(data) >= 3 and data[0] == 0x0A and data[1] in (0, 2, 3, 4, 5) and data[2] == 1:
        return "PCX"
    if data[:4] == b"FORM" and data[8:12] in (b"ILBM", b"PBM "):
        return "LBM"
    if data[4:8] == b"ftyp" and data[8:12] in (b"avif", b"avis"):
        return "AVIF"
    return None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:  # no length
            i += 2
            continue
        (length,) = struct.unpack(">H", data[i + 2 : i + 4])
        if marker in _JPEG_SOF:
            height, width = struct.unpack(">HH", data[i + 5 : i + 9])
            return (width, height)
        if marker == 0xD9 or length < 2:
            return None
        i += 2 + length
    return None


def _gif_size(data: bytes) -> tuple[int, int]:
    """The larger of the logical screen and the first frame: a decoder may use either."""
    width, height = struct.unpack("<HH", data[6:10])
    i = 13
    if data[10] & 0x80:  # global colour table
        i += 3 << ((data[10] & 7) + 1)
    while i < len(data):
        if data[i] == 0x2C:  # image descriptor
            fw, fh = struct.unpack("<HH", data[i + 5 : i + 9])
            return (max(width, fw), max(height, fh))
        if data[i] != 0x21:  # neither an extension: stop at what we know
            break
        i += 2
        while i < len(data) and data[i]:  # sub-blocks
            i += data[i] + 1
        i += 1
    return (width, height)


def _bmp_size(data: bytes) -> tuple[int, int]:
    (header,) = struct.unpack("<I", data[14:18])
    if header == 12:  # OS/2 core header
        return struct.unpack("<HH", data[18:22])
    width, height = struct.unpack("<ii", data[18:26])
    return (abs(width), abs(height))  # a negative height: rows stored top-down


def _webp_size(data: bytes) -> tuple[int, int] | None:
    chunk = data[12:16]
    if chunk == b"VP8X":
        width = int.from_bytes(data[24:27], "little") + 1
        height = int.from_bytes(data[27:30], "little") + 1
        return (width, height)
    if chunk == b"VP8L" and data[20] == 0x2F:
        bits = int.from_bytes(data[21:25], "little")
        return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    if chunk == b"VP8 " and data[23:26] == b"\x9d\x01\x2a":
        width, height = struct.unpack("<HH", data[26:30])
        return (width & 0x3FFF, height & 0x3FFF)
    return None


def _tiff_size(data: bytes) -> tuple[int, int] | None:
    order = "<" if data[:2] == b"II" else ">"
    (offset,) = struct.unpack(order + "I", data[4:8])
    (count,) = struct.unpack(order + "H", data[offset : offset + 2])
    found: dict[int, int] = {}
    for n in range(count):
        entry = data[offset + 2 + 12 * n : offset + 14 + 12 * n]
        tag, kind = struct.unpack(order + "HH", entry[:4])
        if tag in (256, 257):  # ImageWidth, ImageLength: a SHORT (type 3) or a LONG
            value = entry[8:10] if kind == 3 else entry[8:12]
            found[tag] = struct.unpack(order + ("H" if kind == 3 else "I"), value)[0]
    if 256 in found and 257 in found:
        return (found[256], found[257])
    return None


def inside(folder: Path, path: Path) -> bool:
    """Whether `path`, with every symlink followed, lies in `folder` (itself resolved)."""
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError, ValueError):  # a symlink loop, a NUL in the name
        return False


def load_image(path: Path, folder: Path, name: str | None = None) -> pygame.Surface:
    """The image at `path`, which must lie in `folder`; ImageRefused says why it cannot be used, naming
    the file as `name` (default: its path)."""
    name = shown(path if name is None else name)
    if not inside(folder, path):
        raise ImageRefused(tr("{file} leads outside the pack folder {folder} (a symlink?): not loaded")
                           .format(file=name, folder=shown(folder)))
    try:
        with open_regular(path) as fh:
            data = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise ImageRefused(tr("{file} is missing").format(file=name)) from None
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise ImageRefused(tr("{file} cannot be read ({reason})").format(file=name, reason=reason)) from None
    if not data:
        raise ImageRefused(tr("{file} is empty (0 bytes)").format(file=name))
    if len(data) > MAX_BYTES:
        raise ImageRefused(tr("{file} is larger than {size} MiB: not loaded").format(file=name,
                                                                                    size=MAX_BYTES // 2**20))
    header = check_header(data, path.name, name)
    try:  # the name hint is the kind read from the header, not the file's (maybe unprintable) name
        image = pygame.image.load(io.BytesIO(data), f"image.{header.kind.lower()}")
    except (pygame.error, OSError, ValueError, MemoryError) as exc:
        reason = shown(exc)
        raise ImageRefused(tr("{file} is not a readable image ({reason})").format(file=name, reason=reason)) \
            from None
    if image.get_width() == 0 or image.get_height() == 0:
        raise ImageRefused(tr("{file} is an empty image").format(file=name))
    w, h = image.get_size()
    if w * h > MAX_PIXELS or w > header.size[0] or h > header.size[1]:  # the decoder saw another picture
        raise ImageRefused(tr(
            "{file} decoded as {width}x{height}, not the {declared} its {kind} header declares: not "
            "loaded (a damaged or disguised file)").format(
                file=name, width=w, height=h, declared="{}x{}".format(*header.size), kind=header.kind))
    return image


def check_header(data: bytes, file_name: str, name: str) -> Header:
    """The header, or ImageRefused when its kind is unknown, the content could be taken for a kind whose
    size is unknown (see `foreign_kind`), or its size is empty or over MAX_PIXELS."""
    foreign = foreign_kind(data)
    if foreign is not None:
        raise ImageRefused(tr(
            "{file} holds {kind} content, whose size cannot be read before the picture is decoded: not "
            "loaded (whatever its name or first bytes say; save it as PNG)").format(file=name, kind=foreign))
    header = image_size(data, file_name)
    if header is None:
        raise ImageRefused(tr(
            "{file} is not a readable image: it has no {kinds} header that gives its size (a damaged "
            "file, or another kind: only these are loaded, as only their size can be read before the "
            "picture is decoded; save it as PNG)").format(file=name, kinds=KINDS))
    w, h = header.size
    if w == 0 or h == 0:
        raise ImageRefused(tr("{file} is an empty image ({kind} header: {width}x{height})").format(
            file=name, kind=header.kind, width=w, height=h))
    if w * h > MAX_PIXELS:
        raise ImageRefused(tr(
            "{file} is {width}x{height} ({kind}), over the limit of {megapixels} megapixels "
            "({side}x{side}): not loaded; scale it down").format(
                file=name, width=w, height=h, kind=header.kind, megapixels=MAX_PIXELS // 1_000_000,
                side=_side(MAX_PIXELS)))
    return header


def _side(pixels: int) -> int:
    return round(pixels**0.5)
