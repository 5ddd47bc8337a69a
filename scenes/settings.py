"""Player settings, kept between runs in the user config dir (platformdirs)."""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

log = logging.getLogger(__name__)

APP_NAME = "kartentisch"
ANIMATION_SPEEDS: tuple[str, ...] = ("off", "fast", "normal", "slow")
#: seconds a card move takes at each speed ("off": instant)
MOVE_SECONDS = {"off": 0.0, "fast": 0.18, "normal": 0.35, "slow": 0.7}
#: pause after a bot's move before the next bot moves, so a person can follow
BOT_PAUSE_SECONDS = {"off": 0.0, "fast": 0.25, "normal": 0.6, "slow": 1.2}


def config_dir() -> Path:
    return Path(os.environ.get("KARTENTISCH_CONFIG_DIR") or platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    return Path(os.environ.get("KARTENTISCH_DATA_DIR") or platformdirs.user_data_dir(APP_NAME))


def autosave_path() -> Path:
    return data_dir() / "autosave.jsonl"


@dataclass
class Settings:
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    animation_speed: str = "normal"
    volume: float = 0.7
    art_packs: dict[str, str] = field(default_factory=dict)  # game id -> pack name

    @property
    def move_seconds(self) -> float:
        return MOVE_SECONDS[self.animation_speed]

    @property
    def bot_pause_seconds(self) -> float:
        return BOT_PAUSE_SECONDS[self.animation_speed]

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Take what is valid, keep the default for anything missing or malformed."""
        s = cls()
        known = {f.name for f in fields(cls)}
        for key, value in data.items():
            if key not in known:
                continue
            try:
                if key == "fullscreen":
                    s.fullscreen = bool(value)
                elif key == "window_size":
                    w, h = (int(v) for v in value)
                    s.window_size = (max(320, min(w, 7680)), max(240, min(h, 4320)))
                elif key == "animation_speed" and value in ANIMATION_SPEEDS:
                    s.animation_speed = value
                elif key == "volume":
                    s.volume = max(0.0, min(1.0, float(value)))
                elif key == "art_packs" and isinstance(value, dict):
                    s.art_packs = {str(k): str(v) for k, v in value.items()}
            except (TypeError, ValueError):
                log.warning("settings: ignoring a bad value for %s: %r", key, value)
        return s

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        path = path or config_dir() / "settings.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return cls()
        except (OSError, ValueError) as exc:
            log.warning("settings: %s is unreadable (%s); using defaults", path, exc)
            return cls()
        return cls.from_dict(data) if isinstance(data, dict) else cls()

    def save(self, path: Path | None = None) -> None:
        path = path or config_dir() / "settings.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.to_dict(), indent=2), encoding="utf-8")
        os.replace(tmp, path)
