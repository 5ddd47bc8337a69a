"""Game records: JSON Lines, the save file and the replay file in one.

    {"format": "kartentisch-record", "format_version": 2, "app": "kartentisch 0.2.0", "game": ...,
     "version": ..., "players": ...,
     "seed": ..., "options": {...}, "seats": [{"name", "kind", "bot"}, ...]}
     (and "continues": {"record": <header hash>, "move": N} in a game played on from another's position)
    {"seat": 0, "action": "play Zauberer/red"}
    {"seat": 1, "action": "play 2x5", "hint": true}   (a person's move made after asking for a hint)
    ...
    {"footer": true, "actions": N, "terminal": false, "scores": [...], "winners": [...], "result": "...",
     "state_hash": "...", "header_hash": "..."}

Every write ends with the footer, so a file cut short is recognised. The footer's state hash is the
state after the last action, so a changed action or seed is recognised on replay; its header hash
covers the whole header, so changed seats (names, kinds, bot levels) or options are recognised too.

Reading trusts nothing in the file: `read_record` returns a Record whose every field has the type and
shape written above, or raises RecordError naming the file and the line, whatever the file holds.
Lines end at "\\n" only: a line or paragraph separator inside a name (U+2028, U+0085) is text.
A seat's name is cleaned where it is read (game.core.datafile.clean_name: control characters shown as
escapes, a length limit), so no screen meets a NUL or a name of a megabyte; the record keeps the file's
own name for its header, so its hash and the file written back stay as they were.
"""

from __future__ import annotations

import codecs
import contextlib
import hashlib
import json
import math
import os
import stat
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.datafile import DataFileError, brief, clean_name, decode_utf8, os_reason, read_limited
from game.core.errors import IllegalAction, KartentischError, RecordError
from game.core.state import VARIANT, State
from game.core.variant import OPTION_SHAPE, text_hash
from game.i18n import N_, Message, Text, context_message, english, is_unicode, message
from game.version import __version__

FORMAT = "kartentisch-record"
#: 2: the footer's header_hash covers the header. Format 1 records (no header check) are refused.
FORMAT_VERSION = 2
APP = f"kartentisch {__version__}"
#: Far beyond the longest game (a few hundred lines of a few dozen bytes); a larger file is not read.
MAX_BYTES = 16 * 1024 * 1024
SEAT_KINDS = ("human", "bot")  # game.match.HUMAN and BOT: the engine core does not import the match

_HEADER_KEYS = ("format", "format_version", "app", "game", "version", "players", "seed", "options", "seats",
                "continues")
_CONTINUES_KEYS = {"record", "move"}
_SEAT_KEYS = {"name", "kind", "bot"}


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
    app: str = APP  # the build that wrote the record, for a person reading it; replay does not depend on it
    #: a game played on from another record's position: {"record": that record's header hash, "move": the
    #: number of its actions this one starts with (they are this record's first actions, so it replays alone)}
    continues: dict[str, Any] | None = None
    #: the indexes (into `actions`) of the moves a person made after asking for a hint at that decision:
    #: marked on their lines, counted by the statistics, ignored by replay (a hint changes no move)
    hinted: set[int] = field(default_factory=set)
    #: seat -> the name the file holds, where the reader cleaned it for the screens (datafile.clean_name):
    #: `seats` hold the clean names everybody shows; the header (and its hash) keeps the file's own
    original_names: dict[int, str] = field(default_factory=dict, compare=False, repr=False)

    def header(self) -> dict[str, Any]:
        seats = self.seats
        if self.original_names:
            seats = [dict(seat, name=self.original_names[index]) if index in self.original_names else seat
                     for index, seat in enumerate(self.seats)]
        head = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "app": self.app,
            "game": self.game,
            "version": self.version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "seats": seats,
        }
        if self.continues is not None:  # absent otherwise: the header of every other record stays as it was
            head["continues"] = self.continues
        return head

    def header_hash(self) -> str:
        """A hex digest of the header's content, whatever its layout in the file (the footer carries it)."""
        text = json.dumps(self.header(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return hashlib.sha256(text.encode("ascii")).hexdigest()

    def lines(self) -> list[str]:
        # a name kept as the file held it may be no Unicode (a lone surrogate, written as a \u escape in
        # the JSON): such a header is written escaped, as the file had it, so the original stays
        escaped = any(not is_unicode(name) for name in self.original_names.values())
        out = [json.dumps(self.header(), ensure_ascii=escaped, separators=(", ", ": "))]
        out.extend(_dumps({"seat": seat, "action": text, **({"hint": True} if index in self.hinted else {})})
                   for index, (seat, text) in enumerate(self.actions))
        if self.footer is not None:
            out.append(_dumps({**self.footer, "header_hash": self.header_hash()}))
        return out


def footer_for(state: State, actions: int) -> dict[str, Any]:
    return {
        "footer": True,
        "actions": actions,
        "terminal": state.is_terminal(),
        "scores": state.scores(),
        "winners": state.winners(),
        "result": english(state.result_text()),  # a record holds no words of the language played in
        "state_hash": state.state_hash(),
    }


def _dumps(obj: Mapping[str, Any]) -> str:
    # JSON escapes every control character, so no line holds a "\n" of its own.
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


def write_record(path: str | os.PathLike[str], record: Record) -> None:
    """Write atomically: a temp file in the same folder, flushed, then renamed over the target.
    A record holding text that is not Unicode (a lone surrogate) is refused before the file is touched."""
    target = Path(path)
    text = "\n".join(record.lines()) + "\n"
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise RecordError(message("cannot be written: it holds {characters}, which is not Unicode text",
                                  characters=repr(text[exc.start:exc.end])),
                          path=os.fsdecode(target)) from None
    write_atomic(target, data)


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to `path` so that a reader sees the old file or the new one, never a part: a temp
    file in the same folder (named as game.match.INTERRUPTED_SAVE expects), flushed, then renamed over
    the target. Every file the app keeps (records, the history's index, exports) is written this way."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


# -- reading ---------------------------------------------------------------------------------------
def read_record(path: str | os.PathLike[str]) -> Record:
    """Read and check the shape of a record. Whatever the file holds, the only error is RecordError,
    naming the file and the line of the first fault."""
    name = os.fsdecode(path)
    try:
        info = os.stat(path)
    except (OSError, ValueError) as exc:  # ValueError: a NUL character in the path
        raise RecordError(message("cannot read the file ({reason})", reason=os_reason(exc)),
                          path=name) from None
    if stat.S_ISDIR(info.st_mode):
        raise RecordError(message("a folder, not a record file"), path=name)
    if not stat.S_ISREG(info.st_mode):  # a pipe or a device could block or never end
        raise RecordError(message("not a regular file, so not a record"), path=name)
    if info.st_size > MAX_BYTES:  # refused before a byte of it is read
        raise RecordError(message("the file is larger than any record ({size} MB at most)",
                                  size=MAX_BYTES // 2**20), path=name)
    try:
        raw = read_limited(Path(path), MAX_BYTES)
    except DataFileError as exc:  # it could not be read, or it grew since
        raise RecordError(exc.reason, path=name) from None
    if raw.startswith(codecs.BOM_UTF8):
        raw = raw[len(codecs.BOM_UTF8):]  # an editor's byte order mark is not content
    try:
        text = decode_utf8(raw)
    except DataFileError as exc:
        raise RecordError(message("not a Kartentisch record: {problem}", problem=exc.reason), path=name,
                          line=exc.line) from None
    return parse_record(text, path=name)


class _Refused(Exception):
    """A value that JSON allows but a record does not (raised from inside json.loads); its one
    argument is the reason (a message)."""


def _parse_int(digits: str) -> int:
    try:
        return int(digits)
    except ValueError:  # longer than Python converts (sys.get_int_max_str_digits), so never written
        raise _Refused(message("a number of {digits} digits is too long for a record",
                               digits=len(digits))) from None


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(message("the number {number} is too large", number=brief(text)))
    return value


def _refuse_constant(name: str) -> Any:
    raise _Refused(message("{name} is not a number a record may hold", name=name))


def _remember(seen: set[str], key: str) -> bool:
    """Add `key` to `seen`; False, so that a search for the first repeated key goes on."""
    seen.add(key)
    return False


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or _remember(seen, key))
        raise _Refused(message("the key {key} appears twice in one object", key=brief(twice)))
    return obj


def _load_line(text: str, number: int, path: str | None) -> dict[str, Any]:
    try:
        obj = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                         parse_constant=_refuse_constant, object_pairs_hook=_object)
    except _Refused as exc:
        raise RecordError(exc.args[0], path=path, line=number) from None
    except json.JSONDecodeError as exc:
        # the JSON reader's own words (it speaks English only) are quoted as they are
        raise RecordError(message("not valid JSON: {problem} (column {column})", problem=exc.msg,
                                  column=exc.colno), path=path, line=number) from None
    except RecursionError:
        raise RecordError(message("not a record line: its values are nested too deeply"), path=path,
                          line=number) from None
    if not isinstance(obj, dict):
        raise RecordError(message("each line must be a JSON object"), path=path, line=number)
    return obj


def parse_record(text: str, *, path: str | None = None) -> Record:
    lines = text.split("\n")  # not splitlines(): U+2028, U+0085, \x1c… may stand inside a name
    if lines[-1] == "":
        lines.pop()  # the newline that ends the last line
    if not lines or not lines[0].strip():
        raise RecordError(message("the file is empty, not a Kartentisch record"), path=path, line=1)

    head = _load_line(lines[0], 1, path)
    if head.get("format") != FORMAT:
        raise RecordError(message("not a Kartentisch record (the header has no 'format': {format})",
                                  format=repr(FORMAT)), path=path, line=1)
    version = head.get("format_version")
    if type(version) is int and version < FORMAT_VERSION:
        raise RecordError(message("written in record format {version} by an older Kartentisch, whose footer "
                                  "does not cover the seats and options; this build reads format {current}",
                                  version=version, current=FORMAT_VERSION), path=path, line=1)
    if type(version) is not int or version != FORMAT_VERSION:
        raise RecordError(message("record format version {version} is not supported (this build reads "
                                  "{current})", version=brief(version), current=FORMAT_VERSION),
                          path=path, line=1)
    record = _header_to_record(head, path)

    footer_line = None
    for number in range(2, len(lines) + 1):
        if not lines[number - 1].strip():
            raise RecordError(message("an empty line inside the record"), path=path, line=number)
        obj = _load_line(lines[number - 1], number, path)
        if footer_line is not None:
            raise RecordError(message("a line after the footer (line {footer})", footer=footer_line),
                              path=path, line=number)
        if "footer" in obj:
            footer_line = number
            record.footer = _check_footer(obj, number, path)
            continue
        seat, action = obj.get("seat"), obj.get("action")
        if set(obj) - {"hint"} != {"seat", "action"} or type(seat) is not int or not isinstance(action, str):
            raise RecordError(message("an action line must be {shape} (and {hint} after a hint)",
                                      shape='{"seat": <int>, "action": <text>}', hint='"hint": true'),
                              path=path, line=number)
        if not 0 <= seat < record.players:
            raise RecordError(message("seat {seat} does not exist in a {players}-player game",
                                      seat=brief(seat), players=record.players), path=path, line=number)
        if "hint" in obj:
            if obj["hint"] is not True:
                raise RecordError(message("an action line's 'hint' is true or absent, not {value}",
                                          value=brief(obj["hint"])), path=path, line=number)
            if record.seats[seat]["kind"] != "human":
                raise RecordError(message("seat {seat} is an AI: only a person's move follows a hint",
                                          seat=seat), path=path, line=number)
            record.hinted.add(len(record.actions))
        record.actions.append((seat, action))

    if record.footer is None:
        raise RecordError(message("the record is cut short: no footer after line {last}", last=len(lines)),
                          path=path, line=len(lines))
    if record.footer["actions"] != len(record.actions):
        raise RecordError(message("the footer's count of actions is {counted}, the record's is {held}: lines "
                                  "were added or removed", counted=brief(record.footer["actions"]),
                                  held=len(record.actions)), path=path, line=footer_line)
    if record.continues is not None and record.continues["move"] > len(record.actions):
        raise RecordError(message("the header says the game goes on after move {move} of another, but the "
                                  "record's actions end at move {held}", move=record.continues["move"],
                                  held=len(record.actions)), path=path, line=1)
    return record


def _header_to_record(head: dict[str, Any], path: str | None) -> Record:
    def refuse(reason: Text) -> RecordError:
        return RecordError(reason, path=path, line=1)

    unknown = [key for key in head if key not in _HEADER_KEYS]
    if unknown:
        raise refuse(message("the header has an unknown field {field}", field=brief(unknown[0])))

    def need(key: str, kind: type) -> Any:
        value = head.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise refuse(Message(_MISSING_OR_NOT[kind], (("key", repr(key)),)))
        return value

    record = Record(
        game=need("game", str),
        version=need("version", str),
        players=need("players", int),
        seed=need("seed", int),
        options=need("options", dict),
        seats=need("seats", list),
    )
    if "app" in head:
        record.app = need("app", str)
    if "continues" in head:
        record.continues = _checked_continues(head["continues"], refuse)
    for name, value in record.options.items():
        if name == VARIANT:
            _check_variant(value, refuse)
        elif not (value is None or isinstance(value, (str, int, float))):
            raise refuse(message("the header's option {option} must be one value (text, a number, true, "
                                 "false or null)", option=brief(name)))
    if len(record.seats) != record.players:
        raise refuse(message("the header names {seats} seats for {players} players", seats=len(record.seats),
                             players=brief(record.players)))
    for index, seat in enumerate(record.seats):
        problem = _seat_problem(seat)
        if problem is not None:
            raise refuse(message("seat {index} in the header: {problem}", index=index, problem=problem))
    record.seats = [dict(seat) for seat in record.seats]  # the header's own stay as read
    for index, seat in enumerate(record.seats):
        name = clean_name(seat["name"])
        if name != seat["name"]:
            record.original_names[index] = seat["name"]
            seat["name"] = name
    return record


def _checked_continues(value: Any, refuse: Callable[[Text], RecordError]) -> dict[str, Any]:
    """The header's 'continues': which record (its header hash) and after how many of its actions."""
    if not isinstance(value, dict) or set(value) != _CONTINUES_KEYS:
        raise refuse(message("the header's 'continues' is {shape}, not {value}",
                             shape='{"record": <text>, "move": <whole number>}', value=brief(value)))
    record, move = value["record"], value["move"]
    if not isinstance(record, str) or type(move) is not int or move < 0:
        raise refuse(message("the header's 'continues' names a record by text and a move by a whole number "
                             "from 0, not {value}", value=brief(value)))
    return {"record": record, "move": move}


def _check_variant(value: Any, refuse: Callable[[Text], RecordError]) -> None:
    """The header's option 'variant' (game.core.variant): a name, the variant file's text and its hash,
    each text; the text must match the hash (the game checks the text itself when it is replayed)."""
    if not isinstance(value, dict) or set(value) != {"name", "text", "sha256"} \
            or not all(type(value[key]) is str for key in ("name", "text", "sha256")):
        raise refuse(message("the header's option 'variant' is {shape}, not {value}",
                             shape=OPTION_SHAPE, value=brief(value)))
    if text_hash(value["text"]) != value["sha256"]:
        raise refuse(message("the text of the header's variant {name} does not match its sha256: the file "
                             "was changed", name=brief(value["name"])))


def _seat_problem(seat: Any) -> Message | None:
    """What is wrong with a seat of the header (None if nothing): how a Seat is written, nothing else."""
    if not isinstance(seat, dict):
        return message("a seat is a JSON object with 'name', 'kind' and 'bot'")
    unknown = sorted(set(seat) - _SEAT_KEYS)
    if unknown:
        return message("unknown field {field}", field=brief(unknown[0]))
    if not isinstance(seat.get("name"), str):
        return message("the 'name' is missing or not text")
    kind, bot = seat.get("kind"), seat.get("bot")
    if kind not in SEAT_KINDS or not isinstance(kind, str):
        return message("the 'kind' is {kind}, not one of {kinds}", kind=brief(kind),
                       kinds=", ".join(map(repr, SEAT_KINDS)))
    if kind == "bot" and not (isinstance(bot, str) and bot.strip()):
        return message("an AI seat's 'bot' names its level, not {value}", value=brief(bot))
    if kind == "human" and bot is not None:
        return message("a human seat has no 'bot', not {value}", value=brief(bot))
    return None


def _check_footer(footer: dict[str, Any], line: int, path: str | None) -> dict[str, Any]:
    for key, wanted in _FOOTER.items():
        if key not in footer:
            raise RecordError(message("the footer has no {key}", key=repr(key)), path=path, line=line)
        if not _is(footer[key], wanted):
            raise RecordError(message("the footer's {key} is not {shape}: {value}", key=repr(key),
                                      shape=_FOOTER_WORDS[key], value=brief(footer[key])),
                              path=path, line=line)
    unknown = sorted(set(footer) - set(_FOOTER))
    if unknown:
        raise RecordError(message("the footer has an unknown field {field}", field=brief(unknown[0])),
                          path=path, line=line)
    if footer["actions"] < 0:
        raise RecordError(message("the footer counts fewer than no actions"), path=path, line=line)
    return footer


_NUMBER = "number"
_FOOTER: dict[str, Any] = {"footer": True, "actions": int, "terminal": bool, "scores": [_NUMBER],
                           "winners": [int], "result": str, "state_hash": str, "header_hash": str}
#: what each field of the footer holds, as "is not {shape}" says it ("true" is JSON's word, kept as it is)
_FOOTER_WORDS: dict[str, Text] = {
    "footer": "true", "actions": context_message("footer field", "a whole number"),
    "terminal": context_message("footer field", "true or false"),
    "scores": context_message("footer field", "a list of numbers"),
    "winners": context_message("footer field", "a list of seats"),
    "result": context_message("footer field", "text"), "state_hash": context_message("footer field", "text"),
    "header_hash": context_message("footer field", "text")}
#: the header field of each kind that is missing or of another kind (a whole sentence each: German
#: needs "kein" or "keine" by the word that follows)
_MISSING_OR_NOT = {str: N_("the header's {key} is missing or not a text"),
                   int: N_("the header's {key} is missing or not a whole number"),
                   dict: N_("the header's {key} is missing or not a JSON object"),
                   list: N_("the header's {key} is missing or not a list")}


def _is(value: Any, wanted: Any) -> bool:
    """`value` has the shape `wanted`: a constant, a type (bool apart from int), [shape] or _NUMBER."""
    if isinstance(wanted, list):
        return isinstance(value, list) and all(_is(v, wanted[0]) for v in value)
    if wanted is _NUMBER:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(wanted, type):
        return isinstance(value, wanted) and (wanted is bool or not isinstance(value, bool))
    return value is wanted


# -- replaying -------------------------------------------------------------------------------------
def reason_of(exc: KartentischError) -> Text:
    """What an engine error says, as it said it (a message stays a message, to be written in the
    language of whoever shows it)."""
    if isinstance(exc, RecordError):
        return exc.reason
    said = exc.args[0] if len(exc.args) == 1 else None
    return said if isinstance(said, (str, Message)) else str(exc)


def replay(record: Record, *, verify: bool = True, path: str | None = None) -> State:
    """Re-apply a record from its seed. With `verify`, the footer's hashes must match the header and
    the final state, and its scores, winners and end the replayed game's."""
    from game import load  # the registry lives in the package root

    footer_line = len(record.actions) + 2
    try:
        game = load(record.game)
    except KartentischError as exc:
        raise RecordError(reason_of(exc), path=path, line=1) from None
    if str(game.version) != record.version:
        raise RecordError(message("recorded with {game} rules version {recorded}; this build has version "
                                  "{version}", game=game.title, recorded=brief(record.version),
                                  version=str(game.version)), path=path, line=1)
    # a footer read from a file always holds the header's check (parsing requires it); one made in
    # memory (`Match.record()`) has none until it is written, and its header is the one it was made with
    check = record.footer.get("header_hash") if record.footer is not None else None
    if verify and check is not None and check != record.header_hash():
        raise RecordError(message("the header (seed, options or seats) does not match the footer's check "
                                  "(line {footer}): the file was changed", footer=footer_line),
                          path=path, line=1)
    try:
        state = game.new_state(record.players, record.seed, record.options)
    except KartentischError as exc:
        raise RecordError(reason_of(exc), path=path, line=1) from None
    for index, (seat, text) in enumerate(record.actions):
        number = index + 2
        if state.is_terminal():
            raise RecordError(message("an action after the game ended"), path=path, line=number)
        if seat != state.current_player:
            raise RecordError(message("seat {seat} acts, but it is seat {current}'s decision", seat=seat,
                                      current=state.current_player), path=path, line=number)
        try:
            state.apply(game.parse_action(state, text))
        except IllegalAction as exc:
            raise RecordError(message("{action} cannot be played here: {problem}", action=brief(text),
                                      problem=reason_of(exc)), path=path, line=number) from None
    if verify and record.footer is not None:
        if record.footer.get("state_hash") != state.state_hash():
            raise RecordError(message("the replayed game does not match the recorded final position (state "
                                      "hash differs): the file was changed"), path=path, line=footer_line)
        replayed = footer_for(state, len(record.actions))
        for key in ("scores", "winners", "terminal"):
            if key in record.footer and record.footer[key] != replayed[key]:
                raise RecordError(message("the footer's {key} do not match the replayed game", key=key),
                                  path=path, line=footer_line)
    return state

