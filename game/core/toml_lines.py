"""Line numbers of a TOML file's tables and keys (a pack.toml, a variant), so a message about a field can
name the line to fix.

tomllib gives values without positions; this reads the text line by line: table headers, `key =`
lines (bare, quoted and dotted keys), and skips the inside of multi-line arrays and strings. It only
runs on text tomllib has accepted, so it need not judge syntax. Lines end at "\n" alone, as tomllib
counts them: a U+2028 or a form feed inside a string or a comment starts no new line.
"""

from __future__ import annotations

import json
import re

Path_ = tuple[str, ...]

_BARE = re.compile(r"[A-Za-z0-9_-]+")


class TomlLines:
    def __init__(self, text: str) -> None:
        self._lines: dict[Path_, int] = {}
        self._read(text)

    def line(self, *path: str) -> int | None:
        """The line that defines `path` (e.g. "games", "palace", "cards", "Zofe/red"), or else the line
        of the nearest table or key that holds it."""
        for end in range(len(path), 0, -1):
            found = self._lines.get(tuple(path[:end]))
            if found is not None:
                return found
        return None

    def _read(self, text: str) -> None:
        table: Path_ = ()
        open_string: str | None = None  # the closing quotes of a multi-line string we are inside
        depth = 0  # open brackets of a multi-line array we are inside
        for number, line in enumerate(text.split("\n"), start=1):
            line = line.removesuffix("\r")
            if open_string is not None:
                if open_string in line:
                    open_string, depth = _scan(line[line.index(open_string) + 3 :], depth)
                continue
            if depth > 0:
                open_string, depth = _scan(line, depth)
                continue
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            if stripped.startswith("["):
                inner = stripped[2:] if stripped.startswith("[[") else stripped[1:]
                keys, _ = _keys(inner, 0)
                if keys:
                    table = tuple(keys)
                    self._lines.setdefault(table, number)
                continue
            keys, end = _keys(stripped, 0)
            if not keys or end >= len(stripped) or stripped[end] != "=":
                continue
            self._lines.setdefault((*table, *keys), number)
            open_string, depth = _scan(stripped[end + 1 :], 0)


def _keys(text: str, i: int) -> tuple[list[str], int]:
    """A dotted key at `i`: its parts and the index after it (and the spaces after it)."""
    parts: list[str] = []
    while True:
        i = _skip_spaces(text, i)
        if i >= len(text):
            return parts, i
        if text[i] == '"':
            end = _basic_string_end(text, i)
            if end < 0:
                return parts, len(text)
            parts.append(_unescape(text[i : end + 1]))
            i = end + 1
        elif text[i] == "'":
            end = text.find("'", i + 1)
            if end < 0:
                return parts, len(text)
            parts.append(text[i + 1 : end])
            i = end + 1
        else:
            bare = _BARE.match(text, i)
            if bare is None:
                return parts, i
            parts.append(bare.group())
            i = bare.end()
        i = _skip_spaces(text, i)
        if i < len(text) and text[i] == ".":
            i += 1
            continue
        return parts, i


def _scan(value: str, depth: int) -> tuple[str | None, int]:
    """Walk a value (or the rest of one): the multi-line string left open at its end, if any, and the
    bracket depth of a multi-line array."""
    i = 0
    while i < len(value):
        ch = value[i]
        if ch == "#":
            break
        if value.startswith(('"""', "'''"), i):
            quotes = value[i : i + 3]
            end = value.find(quotes, i + 3)
            if end < 0:
                return quotes, depth
            i = end + 3
            continue
        if ch == '"':
            end = _basic_string_end(value, i)
            i = len(value) if end < 0 else end + 1
            continue
        if ch == "'":
            end = value.find("'", i + 1)
            i = len(value) if end < 0 else end + 1
            continue
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth = max(0, depth - 1)
        i += 1
    return None, depth


def _basic_string_end(text: str, start: int) -> int:
    i = start + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == '"':
            return i
        i += 1
    return -1


def _unescape(quoted: str) -> str:
    try:
        return json.loads(quoted)
    except ValueError:  # a TOML escape JSON lacks (\U0001F600, \e): the raw text still finds most keys
        return quoted[1:-1]


def _skip_spaces(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \t":
        i += 1
    return i
