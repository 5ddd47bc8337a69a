"""Reading a data file a person may have edited (or broken on purpose): one error type that names the
line, whatever the file holds.

Python's readers fail in ways a caller does not expect from a "bad file": a number of more than 4300
digits raises a plain ValueError, deep nesting a RecursionError, bytes that are not UTF-8 a
UnicodeDecodeError. Here each of them becomes a DataFileError with the line where there is one, and a
file is read only up to a size limit (a manifest or a settings file is a few kilobytes; a file of
gigabytes is a mistake, not data). `shown` and `brief` make text from a file or a file name safe to
log, print and draw (lone surrogates from non-UTF-8 file names, control characters, a value of a
megabyte).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from game import i18n
from game.i18n import N_, tr

if TYPE_CHECKING:
    from game.i18n import Text

#: the largest text data file read: far more than any manifest, settings or card file needs
MAX_TEXT_BYTES = 4 * 1024 * 1024
#: a value shown in a message is cut to this many characters
BRIEF_CHARS = 80

_TOML_ERROR_LINE = r"at line (\d+)"  # patterns are compiled by re (and kept) when a file needs them
#: a run of digits longer than Python turns into an int (sys.get_int_max_str_digits: 4300)
_LONG_NUMBER = r"[0-9_]{4301,}"
#: characters that would break a log line, a terminal or a font: controls, separators, surrogates
_UNSHOWABLE = frozenset({"Cc", "Cs", "Zl", "Zp", "Co", "Cn"})
#: of those, the ones a name (of a pack, a game) must not hold to be shown and saved as it is
_NOT_IN_NAMES = frozenset({"Cc", "Cs", "Zl", "Zp"})


class DataFileError(ValueError):
    """What is wrong with a data file; `line` (1-based) where the fault has one. `reason` is kept as
    said (a message, game.i18n), so it is written in the language chosen when it is shown."""

    def __init__(self, reason: Text, line: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line

    @property
    def message(self) -> str:
        """The reason in the chosen language."""
        return i18n.words(self.reason)

    def __str__(self) -> str:
        if self.line is None:
            return self.message
        return tr("line {line}: {problem}").format(line=self.line, problem=self.message)


def read_limited(path: Path, max_bytes: int = MAX_TEXT_BYTES) -> bytes:
    """The file's bytes; DataFileError if it cannot be read or is larger than `max_bytes`."""
    try:
        with open_regular(path) as fh:
            raw = fh.read(max_bytes + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise DataFileError(i18n.message("cannot read it ({reason})", reason=os_reason(exc))) from None
    if len(raw) > max_bytes:
        raise DataFileError(i18n.message("it is larger than {size} KiB, far more than such a file needs",
                                    size=max_bytes // 1024))
    return raw


#: what `open_regular` says of a file it does not open (an OSError's strerror is text)
#: open_regular's own reasons, kept as the strerror of the OSError it raises
_A_FOLDER = N_("it is a folder")
_NOT_REGULAR = N_("it is a pipe or a device, not a regular file")


def os_reason(exc: BaseException) -> Text:
    """Why a file could not be opened: `open_regular`'s own reasons as messages, else the system's
    words (its strerror, which the system writes in its own language) or the error's text."""
    reason = getattr(exc, "strerror", None)
    if reason in (_A_FOLDER, _NOT_REGULAR):
        return i18n.message(reason)
    return shown(reason or exc)


def open_regular(path: Path) -> BinaryIO:
    """`path` opened for reading bytes, if it is a regular file: a pipe or a device in its place (which
    would block a reader forever, or never end) raises IsADirectoryError or OSError instead."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # opening a pipe must not wait
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, _A_FOLDER)
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, _NOT_REGULAR)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def decode_utf8(raw: bytes) -> str:
    """The text of UTF-8 bytes; DataFileError naming the line of the first byte that is not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = raw[exc.start : exc.start + 1].hex()
        raise DataFileError(i18n.message("it is not UTF-8 text (byte 0x{byte})", byte=bad),
                            line_at(raw, exc.start)) from None


def line_at(text: str | bytes, index: int) -> int:
    """The 1-based line of position `index`: lines end at "\\n" only, as in every reader here (a
    U+2028 or a form feed inside a string is no line break)."""
    newline: Any = b"\n" if isinstance(text, bytes) else "\n"
    return text.count(newline, 0, max(0, index)) + 1


def read_toml(path: Path, max_bytes: int = MAX_TEXT_BYTES) -> tuple[dict[str, Any], str]:
    """A TOML file's table and its text (for finding lines); DataFileError for any fault."""
    text = decode_utf8(read_limited(path, max_bytes))
    return parse_toml(text), text


def parse_toml(text: str) -> dict[str, Any]:
    """tomllib.loads, with every failure a DataFileError with its line where there is one."""
    import tomllib  # loaded with the first TOML file read: a start without one never waits for it

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(_TOML_ERROR_LINE, str(exc))
        said = re.sub(_TOML_ERROR_LINE, "", str(exc)).replace("(, column", "(column").strip()
        # tomllib's own words stay as they are (it speaks English only)
        raise DataFileError(i18n.message("not valid TOML: {problem}", problem=said),
                            int(found.group(1)) if found else None) from None
    except RecursionError:
        raise DataFileError(i18n.message("not valid TOML here: arrays or tables nested too deeply")) from None
    except ValueError as exc:  # an integer longer than Python converts
        long = re.search(_LONG_NUMBER, text)
        if long is None:
            raise DataFileError(i18n.message("not valid TOML here: {problem}", problem=str(exc))) from None
        raise DataFileError(i18n.message("a number of more than 4300 digits, too long to read"),
                            line_at(text, long.start())) from None


def shown(text: object) -> str:
    """`text` (a string, a path) as it can be logged, printed and drawn: lone surrogates (bytes of a
    non-UTF-8 file name) become U+FFFD, control characters and line separators become escapes."""
    out = []
    for ch in str(text):
        category = _category(ch)
        if category == "Cs":
            out.append("\ufffd")
        elif category in _UNSHOWABLE:
            out.append(ascii(ch)[1:-1])
        else:
            out.append(ch)
    return "".join(out)


#: the longest player's name a record's reader passes on (the name box of a new game takes 18): any
#: longer one is cut with an ellipsis, as no screen has room for more
NAME_CHARS = 64
#: characters that reorder the text around them (bidi embeddings, overrides, isolates, marks): in a
#: name they could turn the words after it around, so a name read from a file loses them
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean_name(name: str, limit: int = NAME_CHARS) -> str:
    """A player's name read from a file, made fit for every screen, log and record: control characters
    and line separators shown as escapes (as `shown` does), lone surrogates as U+FFFD, bidi controls
    left out, and at most `limit` characters (cut with "…"). A clean name comes back as it is, so
    cleaning twice changes nothing. Each caller keeps the original where the file needs it."""
    if len(name) > 4 * limit:  # only the start can be shown: escapes make it longer, never shorter
        name = name[: 4 * limit]
    if not name.isascii() or not name.isprintable():
        name = shown("".join(ch for ch in name if ch not in _BIDI_CONTROLS))
    return name if len(name) <= limit else name[: limit - 1] + "…"


def showable(text: str) -> bool:
    """Text a font can draw and a file (settings.json, a log) can hold as it is: no control characters,
    line separators or lone surrogates (the bytes of a file name that is not UTF-8)."""
    return all(_category(ch) not in _NOT_IN_NAMES for ch in text)


def set_aside(path: Path) -> Path:
    """Rename a file that cannot be used out of the way, so nothing is lost when a new one is written
    in its place; its new name. It never lands on another file: each file set aside gets a name of its
    own (<stem>-unreadable-<date>-<time>[-n]<suffix>), also within one second."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for number in range(1, 10_000):
        suffix = "" if number == 1 else f"-{number}"
        kept = path.with_name(f"{path.stem}-unreadable-{stamp}{suffix}{path.suffix}")
        try:  # claim the name first: os.replace alone would silently replace a file set aside before
            os.close(os.open(kept, os.O_WRONLY | os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            continue
        try:
            os.replace(path, kept)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(kept)
            raise
        return kept
    raise FileExistsError(f"every name for setting {path.name} aside is taken")


def brief(value: object, limit: int = BRIEF_CHARS) -> str:
    """repr(value) for a message, cut to `limit` characters (a hostile value may be megabytes)."""
    if isinstance(value, int) and value.bit_length() > 4 * limit:
        return tr("<a number of about {digits} digits>").format(digits=round(value.bit_length() * 0.30103))
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"<{type(value).__name__}>"
    text = shown(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _category(ch: str) -> str:
    """The Unicode category of `ch` (unicodedata, a library of its own, loads with the first text checked)."""
    import unicodedata

    return unicodedata.category(ch)
