"""Player settings, kept between runs in the user config dir (platformdirs).

Two copies of the app may run at once on the same settings. Each saves only the fields it changed,
merged into what the file holds now (holding the config folder's lock, through a temp file of its own),
so a copy closed last never writes back the other's choices as they were when it started; and a copy
takes in what the other changed (`take_changes`) before it acts on a setting both share (the history's
limit).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.datafile import (
    DataFileError,
    brief,
    decode_utf8,
    line_at,
    read_limited,
    set_aside,
    showable,
    shown,
)
from game.logs import logger

if TYPE_CHECKING:
    from game.match import SaveFolder

log = logger(__name__)

APP_NAME = "kartentisch"
ANIMATION_SPEEDS: tuple[str, ...] = ("off", "fast", "normal", "slow")
#: seconds a card move takes at each speed ("off": instant)
MOVE_SECONDS = {"off": 0.0, "fast": 0.18, "normal": 0.35, "slow": 0.7}
#: pause after a bot's move before the next bot moves, so a person can follow
BOT_PAUSE_SECONDS = {"off": 0.0, "fast": 0.25, "normal": 0.6, "slow": 1.2}


def _platform_dirs() -> Any:
    """platformdirs, loaded when a folder is first asked for (the tests and the tools name theirs)."""
    import platformdirs

    return platformdirs


def config_dir() -> Path:
    return Path(os.environ.get("KARTENTISCH_CONFIG_DIR") or _platform_dirs().user_config_dir(APP_NAME))


def data_dir() -> Path:
    return Path(os.environ.get("KARTENTISCH_DATA_DIR") or _platform_dirs().user_data_dir(APP_NAME))


def game_saves() -> SaveFolder:
    """Where each game in play autosaves: a file of its own in the history folder, claimed by the copy of
    the app that plays it (game.match.SaveFolder)."""
    from game.match import SaveFolder  # the engine loads when a game starts, not with the title

    return SaveFolder(history_dir())


def legacy_autosave_path() -> Path:
    """The one autosave of earlier versions, taken into the history when the app starts (scenes.keeping)."""
    return data_dir() / "autosave.jsonl"


def history_dir() -> Path:
    """Every finished and unfinished game kept (game.history)."""
    return data_dir() / "history"


def lessons_dir() -> Path:
    """The guided first games left midway, each kept at its step (game.guide)."""
    return data_dir() / "lessons"


def settings_path() -> Path:
    return config_dir() / "settings.json"


#: the fields kept in settings.json
SAVED_FIELDS = ("fullscreen", "window_size", "animation_speed", "volume", "art_packs", "compare_packs",
                "history_limit", "hints_off", "colour_vision", "language", "reduced_motion", "continue_after",
                "analyse_games")
#: how long a banner that matters (a round's end, a scoring, the game's end) may wait before the table
#: goes on by itself, in seconds; 0: it waits for a click
CONTINUE_AFTER_CHOICES: tuple[int, ...] = (0, 3, 5, 10, 20)
#: the palettes of seat colours (scenes/colour_vision.py names the same)
COLOUR_VISIONS: tuple[str, ...] = ("normal", "red-weak", "green-weak", "blue-weak")
#: how many games the history keeps at most, the oldest going first (game.history.DEFAULT_LIMIT: named
#: again here, as the title screen starts without loading the history), and the bounds a player may set
HISTORY_LIMIT = 500
HISTORY_LIMITS = (10, 100_000)
#: a settings file is a few hundred bytes; one over this is not read
MAX_SETTINGS_BYTES = 256 * 1024
WINDOW_LIMITS = ((320, 240), (7680, 4320))
#: a pack is named by its folder's name; one longer than this is no folder name
MAX_NAME_CHARS = 255
#: JSON numbers with more digits than this are not read as numbers (Python refuses over 4300)
MAX_DIGITS = 40


@dataclass
class Settings:
    """The player's choices. `load` takes whatever settings.json holds: each bad field gets its default
    (the good ones are kept) and is named, with its line, in the log and in `problems`. Such a file is
    left as it is until a setting changes; then `save` sets it aside (settings-unreadable-<time>.json)
    before writing the new one, so nothing the player had is lost."""

    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    animation_speed: str = "normal"
    volume: float = 0.7
    art_packs: dict[str, str] = field(default_factory=dict)  # game id -> pack name
    compare_packs: dict[str, str] = field(default_factory=dict)  # game id -> pack B of the table's A/B key
    history_limit: int = HISTORY_LIMIT  # games kept in the history at most (the oldest go first)
    #: the games whose table offers no hint (a setting of the game, not a rule: the setup screen's Hints)
    hints_off: list[str] = field(default_factory=list)
    colour_vision: str = "normal"  # which palette paints the seats (COLOUR_VISIONS)
    #: the language of every word shown ("en", "de"); "" until chosen: the system's language is used
    language: str = ""
    #: no shaking, flashing or particles, and short fades instead of flights (the speed stays as chosen)
    reduced_motion: bool = False
    #: seconds a banner that matters waits before the table goes on by itself (0: until a click)
    continue_after: int = 0
    #: a finished game is analysed in the background (who was winning, its key moments, each person's
    #: costliest choices: the results screen's "How the game went", scenes/menus/how_it_went.py)
    analyse_games: bool = True
    #: what was wrong with the file these settings were read from
    problems: list[str] = field(default_factory=list, repr=False, compare=False)
    #: the faulty file read, and the settings as read from it: kept until the settings differ
    _faulty_file: Path | None = field(default=None, init=False, repr=False, compare=False)
    _as_loaded: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False)
    #: the fields as the file held them when last read or written (a missing file holds the defaults):
    #: what differs from it is this copy's own change, the only thing `save` writes over what another
    #: copy saved meanwhile. Settings never read from a file have none: all of them are their own.
    _baseline: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def move_seconds(self) -> float:
        return MOVE_SECONDS[self.animation_speed]

    @property
    def bot_pause_seconds(self) -> float:
        return BOT_PAUSE_SECONDS[self.animation_speed]

    @property
    def shown_language(self) -> str:
        """The language words are shown in: the one chosen, else the system's."""
        from game.i18n import system_language

        return self.language or system_language()

    def hints_on(self, game_id: str) -> bool:
        return game_id not in self.hints_off

    def set_hints(self, game_id: str, on: bool) -> None:
        self.hints_off = sorted(set(self.hints_off) - {game_id} | (set() if on else {game_id}))

    def to_dict(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in SAVED_FIELDS}
        data["window_size"] = list(self.window_size)
        data["art_packs"] = dict(self.art_packs)
        data["compare_packs"] = dict(self.compare_packs)
        data["hints_off"] = list(self.hints_off)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], problems: list[str] | None = None, text: str = "") -> Settings:
        """Take what is valid, keep the default for anything missing or malformed. Each field refused is
        described in `problems` (with its line in `text`, the file it came from, when given)."""
        s = cls()
        found = problems if problems is not None else []
        for key in SAVED_FIELDS:
            if key not in data:
                continue
            value = data[key]
            reason = _apply(s, key, value, found, text)
            if reason is not None:
                found.append(f"{_at(text, key)}{key}: {reason}, not {brief(value)}; using the default "
                             f"{brief(getattr(s, key))}")
        return s

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """The settings in `path` (settings.json in the config dir); never raises."""
        path = path or settings_path()
        try:
            os.stat(path)
        except FileNotFoundError:
            fresh = cls()
            fresh._baseline = fresh.to_dict()
            return fresh
        except (OSError, ValueError):
            pass  # read_limited says what is wrong
        problems: list[str] = []
        data = _read_json(path, problems)
        settings = cls.from_dict(data, problems, _text_of(path)) if data is not None else cls()
        settings._baseline = settings.to_dict()
        settings.problems = problems
        if problems:
            for problem in problems:
                log.warning("settings: %s: %s", shown(path), problem)
            log.warning("settings: %s is kept as it is until a setting changes; then it is set aside",
                        shown(path))
            settings._faulty_file = path
            settings._as_loaded = settings.to_dict()
        return settings

    def save(self, path: Path | None = None) -> None:
        """Write the fields changed here to `path` (settings.json in the config dir), over what the file
        holds now: another copy's changes stay, and are taken in here. A file read with faults is left
        alone while the settings are as read from it, and set aside before it is replaced. OSError when
        it cannot be written (LockTimeout: another copy held the file too long)."""
        from game.core.records import write_atomic
        from game.locks import folder_lock, locked

        path = path or settings_path()
        if self._faulty_file == path and self.to_dict() == self._as_loaded:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        with locked(folder_lock(path.parent)):
            now = _on_disk(path)
            mine = {key: value for key, value in self.to_dict().items() if value != self._baseline.get(key)}
            merged = {**now.to_dict(), **mine}
            if self._faulty_file == path and os.path.lexists(path) and not os.path.isdir(path):
                kept = set_aside(path)
                log.warning("settings: the faulty %s is kept as %s", shown(path), shown(kept))
            write_atomic(path, json.dumps(merged, indent=2).encode("utf-8"))
        self._take(merged)
        self._faulty_file = self._as_loaded = None

    def take_changes(self, path: Path | None = None) -> list[str]:
        """Take in the fields another copy of the app saved since this one read or wrote the file, where
        this copy has not changed them itself; the names of the fields taken. Never raises."""
        theirs = _on_disk(path or settings_path()).to_dict()
        mine = self.to_dict()
        taken = [key for key, value in theirs.items()
                 if value != self._baseline.get(key) and mine[key] == self._baseline.get(key)]
        self._take({key: theirs[key] for key in taken}, baseline=theirs)
        return taken

    def _take(self, values: dict[str, Any], baseline: dict[str, Any] | None = None) -> None:
        """Set the fields in `values` (as to_dict writes them), and note the file as holding `baseline`
        (default: `values`)."""
        parsed = Settings.from_dict(values)
        for key in values:
            setattr(self, key, getattr(parsed, key))
        self._baseline.update(baseline if baseline is not None else values)


def _on_disk(path: Path) -> Settings:
    """The settings the file holds now, its faults left out quietly (Settings.load names them)."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return Settings()
    data = _read_json(path, [])
    return Settings.from_dict(data) if data is not None else Settings()


class _LongNumber:
    """A JSON number too long to be a setting (and, over 4300 digits, for Python to read)."""

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"<a number of {self.digits} digits>"


def _number(text: str) -> int | _LongNumber:
    digits = len(text.lstrip("-"))
    return _LongNumber(digits) if digits > MAX_DIGITS else int(text)


def _read_json(path: Path, problems: list[str]) -> Any:
    """The JSON value in the file, or None (and the reason in `problems`) when there is none to read.
    Bytes that are not UTF-8 are replaced (and named), so the fields around them still count."""
    try:
        raw = read_limited(path, MAX_SETTINGS_BYTES)
    except DataFileError as exc:
        problems.append(f"{exc}; using the defaults")
        return None
    try:
        text = decode_utf8(raw)
    except DataFileError as exc:
        problems.append(str(exc))
        text = raw.decode("utf-8", errors="replace")
    try:
        # strict=False: a control character inside a string spoils that field only, not the file
        data = json.loads(text, parse_int=_number, parse_constant=float, strict=False)
    except json.JSONDecodeError as exc:
        problems.append(f"line {exc.lineno}: not valid JSON ({exc.msg}); using the defaults")
        return None
    except RecursionError:
        problems.append("not valid JSON here: nested too deeply; using the defaults")
        return None
    if not isinstance(data, dict):
        problems.append(f"line 1: the settings must be a JSON object {{...}}, not {brief(data)}; "
                        "using the defaults")
        return None
    return data


def _text_of(path: Path) -> str:
    """The file's text again, only to find the line of a field (bad bytes replaced)."""
    try:
        return read_limited(path, MAX_SETTINGS_BYTES).decode("utf-8", errors="replace")
    except DataFileError:
        return ""


def _at(text: str, key: str) -> str:
    """ "line N: " for the first line that holds `"key":`, or "" when there is none."""
    found = re.search(rf'"{re.escape(key)}"\s*:', text)
    return f"line {line_at(text, found.start())}: " if found else ""


def _apply(s: Settings, key: str, value: Any, problems: list[str], text: str) -> str | None:
    """Set one field of `s` from `value`; why it is refused (None: it was taken)."""
    if key == "fullscreen":
        if not isinstance(value, bool):
            return "must be true or false"
        s.fullscreen = value
    elif key == "window_size":
        (low_w, low_h), (high_w, high_h) = WINDOW_LIMITS
        if not (isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)):
            return "must be [width, height] in whole pixels"
        w, h = value
        if not (low_w <= w <= high_w and low_h <= h <= high_h):
            return f"must be from {low_w}x{low_h} to {high_w}x{high_h}"
        s.window_size = (w, h)
    elif key == "animation_speed":
        if not (isinstance(value, str) and value in ANIMATION_SPEEDS):
            return f"must be one of {', '.join(ANIMATION_SPEEDS)}"
        s.animation_speed = value
    elif key == "volume":
        if not (_is_int(value) or isinstance(value, float)) or not 0.0 <= value <= 1.0:
            return "must be a number from 0 to 1"  # NaN fails the comparison too
        s.volume = float(value)
    elif key in ("art_packs", "compare_packs"):
        if not isinstance(value, dict):
            return "must be an object of game id: pack name"
        packs = getattr(s, key)
        for game_id, pack in value.items():
            if _is_name(game_id) and _is_name(pack):
                packs[game_id] = pack
            else:
                problems.append(f"{_at(text, key)}{key}: {brief(game_id)}: {brief(pack)} is "
                                "not a game id and a pack name; left out")
    elif key == "hints_off":
        if not isinstance(value, list):
            return "must be a list of game ids"
        for game_id in value:
            if _is_name(game_id):
                s.hints_off.append(game_id)
            else:
                problems.append(f"{_at(text, 'hints_off')}hints_off: {brief(game_id)} is not a game id; "
                                "left out")
    elif key == "colour_vision":
        if not (isinstance(value, str) and value in COLOUR_VISIONS):
            return f"must be one of {', '.join(COLOUR_VISIONS)}"
        s.colour_vision = value
    elif key == "language":
        from game.i18n import LANGUAGES

        if not (isinstance(value, str) and (value in LANGUAGES or value == "")):
            return f"must be one of {', '.join(LANGUAGES)}"
        s.language = value
    elif key in ("reduced_motion", "analyse_games"):
        if not isinstance(value, bool):
            return "must be true or false"
        setattr(s, key, value)
    elif key == "continue_after":
        if not _is_int(value) or value not in CONTINUE_AFTER_CHOICES:
            choices = ", ".join(map(str, CONTINUE_AFTER_CHOICES))
            return f"must be one of {choices} (seconds; 0: wait for a click)"
        s.continue_after = value
    elif key == "history_limit":
        low, high = HISTORY_LIMITS
        if not _is_int(value) or not low <= value <= high:
            return f"must be a whole number of games from {low} to {high}"
        s.history_limit = value
    return None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_name(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_NAME_CHARS and showable(value)
