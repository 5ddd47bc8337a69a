"""The chunk file of a long run (tools.tournament, tools.balance): JSON Lines, one finished chunk a line,
appended and flushed as each chunk finishes, so a run that is stopped keeps what it played and a run
started again plays only the chunks whose `key` is missing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TextIO


def load_done(path: Path, prog: str, cut_tail: bool = False) -> dict[str, dict[str, Any]]:
    """The chunks finished so far by key ({} when there is no file yet). A file that cannot be read or
    holds a line that is no chunk stops the tool with one line (`prog: why`), never a traceback. With
    `cut_tail`, a last line cut off mid-way (the run was killed while writing it) is dropped: its chunk
    is played again (`open_for_append` removes it before the next line is written)."""
    done: dict[str, dict[str, Any]] = {}
    if not path.exists():
        return done
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise SystemExit(f"{prog}: cannot read {path}: {reason}") from None
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            done[row["key"]] = row
        except (json.JSONDecodeError, KeyError, TypeError):
            if cut_tail and number == len(lines) and not text.endswith("\n"):
                break  # the line being written when the run stopped
            raise SystemExit(f"{prog}: {path}:{number} is not a chunk result; move the file aside") from None
    return done


def append_row(sink: TextIO, row: dict[str, Any]) -> None:
    """Write one finished chunk as a line and flush it, so it survives the run being stopped."""
    sink.write(json.dumps(row) + "\n")
    sink.flush()


def open_for_append(path: Path) -> TextIO:
    """The chunk file opened to append, a cut-off last line (no newline at its end) removed first."""
    if path.exists():
        with path.open("rb+") as raw:
            data = raw.read()
            if data and not data.endswith(b"\n"):
                raw.truncate(data.rfind(b"\n") + 1)
    return path.open("a", encoding="utf-8")
