"""Game records: JSON Lines, the save file and the replay file in one.

    {"format": "kartentisch-record", "format_version": 1, "game": ..., "version": ..., "players": ...,
     "seed": ..., "options": {...}, "seats": [{"name", "kind", "bot"}, ...]}
    {"seat": 0, "action": "play Zauberer/red"}
    ...
    {"footer": true, "actions": N, "terminal": false, "scores": [...], "winners": [...], "result": "...",
     "state_hash": "..."}

Every write ends with the footer, so a file cut short is recognised; the footer's hash is the state
after the last action, so a changed action or seed is recognised on replay.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import IllegalAction, KartentischError, RecordError
from .state import State

FORMAT = "kartentisch-record"
FORMAT_VERSION = 1


@dataclass
class Record:
    game: str
    version: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    actions: list[tuple[int, str]] = field(default_factory=list)
    footer: dict[str, Any] | None = None

    def header(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "version": self.version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "seats": self.seats,
        }

    def lines(self) -> list[str]:
        out = [_dumps(self.header())]
        out.extend(_dumps({"seat": seat, "action": text}) for seat, text in self.actions)
        if self.footer is not None:
            out.append(_dumps(self.footer))
        return out


def footer_for(state: State, actions: int) -> dict[str, Any]:
    return {
        "footer": True,
        "actions": actions,
        "terminal": state.is_terminal(),
        "scores": state.scores(),
        "winners": state.winners(),
        "result": state.result_text(),
        "state_hash": state.state_hash(),
    }


def _dumps(obj: Mapping[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


def write_record(path: str | os.PathLike[str], record: Record) -> None:
    """Write atomically: a temp file in the same folder, flushed, then renamed over the target."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = "\n".join(record.lines()) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def read_record(path: str | os.PathLike[str]) -> Record:
    """Read and check the shape of a record; RecordError names the file and line of any fault."""
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read the file ({exc.strerror or exc})", path=name) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("not a Kartentisch record (the file is not UTF-8 text)", path=name) from None
    return parse_record(text, path=name)


def parse_record(text: str, *, path: str | None = None) -> Record:
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise RecordError("the file is empty, not a Kartentisch record", path=path, line=1)

    def load_line(number: int) -> dict[str, Any]:
        try:
            obj = json.loads(lines[number - 1])
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON ({exc.msg})", path=path, line=number) from None
        if not isinstance(obj, dict):
            raise RecordError("each line must be a JSON object", path=path, line=number)
        return obj

    head = load_line(1)
    if head.get("format") != FORMAT:
        raise RecordError("not a Kartentisch record (the header has no 'format': "
                          f"'{FORMAT}')", path=path, line=1)
    if head.get("format_version") != FORMAT_VERSION:
        raise RecordError(f"record format version {head.get('format_version')!r} is not supported "
                          f"(this build reads {FORMAT_VERSION})", path=path, line=1)
    record = _header_to_record(head, path)

    footer_line = None
    for number in range(2, len(lines) + 1):
        if not lines[number - 1].strip():
            raise RecordError("an empty line inside the record", path=path, line=number)
        obj = load_line(number)
        if footer_line is not None:
            raise RecordError(f"a line after the footer (line {footer_line})", path=path, line=number)
        if obj.get("footer") is True:
            footer_line = number
            record.footer = obj
            continue
        seat, action = obj.get("seat"), obj.get("action")
        if set(obj) != {"seat", "action"} or not isinstance(seat, int) or isinstance(seat, bool) \
                or not isinstance(action, str):
            raise RecordError("an action line must be {\"seat\": <int>, \"action\": <text>}",
                              path=path, line=number)
        if not 0 <= seat < record.players:
            raise RecordError(f"seat {seat} does not exist in a {record.players}-player game",
                              path=path, line=number)
        record.actions.append((seat, action))

    if record.footer is None:
        raise RecordError(f"the record is cut short: no footer after line {len(lines)}", path=path,
                          line=len(lines))
    if record.footer.get("actions") != len(record.actions):
        raise RecordError(f"the footer counts {record.footer.get('actions')!r} actions but the record "
                          f"holds {len(record.actions)}: lines were added or removed",
                          path=path, line=footer_line)
    if not isinstance(record.footer.get("state_hash"), str):
        raise RecordError("the footer has no state_hash", path=path, line=footer_line)
    return record


def _header_to_record(head: dict[str, Any], path: str | None) -> Record:
    def need(key: str, kind: type | tuple[type, ...]) -> Any:
        value = head.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise RecordError(f"the header's {key!r} is missing or not a {_kind_name(kind)}",
                              path=path, line=1)
        return value

    record = Record(
        game=need("game", str),
        version=str(need("version", (str, int))),
        players=need("players", int),
        seed=need("seed", int),
        options=need("options", dict),
        seats=need("seats", list),
    )
    if len(record.seats) != record.players:
        raise RecordError(f"the header names {len(record.seats)} seats for {record.players} players",
                          path=path, line=1)
    for seat in record.seats:
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            raise RecordError("each seat in the header needs a 'name'", path=path, line=1)
    return record


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {str: "text", int: "whole number", dict: "JSON object", list: "list"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def replay(record: Record, *, verify: bool = True, path: str | None = None) -> State:
    """Re-apply a record from its seed. With `verify`, the final hash must match the footer's."""
    from .. import load  # the registry lives in the package root

    try:
        game = load(record.game)
    except KartentischError as exc:
        raise RecordError(str(exc), path=path, line=1) from None
    if str(game.version) != record.version:
        raise RecordError(f"recorded with {game.title} rules version {record.version}; this build has "
                          f"version {game.version}", path=path, line=1)
    try:
        state = game.new_state(record.players, record.seed, record.options)
    except KartentischError as exc:
        raise RecordError(str(exc), path=path, line=1) from None
    for index, (seat, text) in enumerate(record.actions):
        number = index + 2
        if state.is_terminal():
            raise RecordError("an action after the game ended", path=path, line=number)
        if seat != state.current_player:
            raise RecordError(f"seat {seat} acts, but it is seat {state.current_player}'s decision",
                              path=path, line=number)
        try:
            state.apply(game.parse_action(state, text))
        except IllegalAction as exc:
            raise RecordError(f"'{text}' cannot be played here: {exc}", path=path, line=number) from None
    if verify and record.footer is not None:
        footer_line = len(record.actions) + 2
        if record.footer.get("state_hash") != state.state_hash():
            raise RecordError("the replayed game does not match the recorded final position "
                              "(state hash differs): the file was changed", path=path, line=footer_line)
        replayed = footer_for(state, len(record.actions))
        for key in ("scores", "winners", "terminal"):
            if key in record.footer and record.footer[key] != replayed[key]:
                raise RecordError(f"the footer's {key} do not match the replayed game", path=path,
                                  line=footer_line)
    return state
