"""The save of the game a test plays. Each game in play autosaves into a file of its own in the history
folder (scenes.settings.game_saves); a test that plays one game at a time reads it here."""

from __future__ import annotations

from pathlib import Path

from scenes.settings import history_dir


def autosave_path() -> Path:
    """The file of the game saved last in the test's data folder; when there is none yet, a name in the
    history folder where a record written is a game to resume."""
    folder = history_dir()
    found = [p for p in folder.glob("*.jsonl") if p.is_file()] if folder.is_dir() else []
    if not found:
        return folder / "current.jsonl"
    return max(found, key=lambda p: (p.stat().st_mtime_ns, p.name))
