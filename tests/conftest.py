"""Tests run headless: SDL gets dummy video and audio drivers before anything imports pygame,
and the app's config and data dirs point into a temp folder so no test touches the player's files."""

from __future__ import annotations

import os
import tempfile

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
_home = tempfile.mkdtemp(prefix="kartentisch-tests-")
os.environ.setdefault("KARTENTISCH_CONFIG_DIR", os.path.join(_home, "config"))
os.environ.setdefault("KARTENTISCH_DATA_DIR", os.path.join(_home, "data"))


def pytest_collection_modifyitems(config, items):
    """The long random-play runs and the release checks go last, so a quick test that fails shows early."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is not None)


# Words are English unless a test chooses German: the machine's own locale must not change what the
# tests read, and a test that chose German (and failed) must not leave it chosen for the next one.
os.environ["LANGUAGE"] = "en"


@pytest.fixture(autouse=True)
def _english_unless_chosen(tmp_path, monkeypatch):
    # a test that chooses a language in the settings keeps that choice in its own config dir
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    yield
    from game import i18n

    i18n.set_language("en")


@pytest.fixture
def heard(monkeypatch) -> list[str]:
    """The table's sounds, in order, instead of played."""
    from scenes import sound

    played: list[str] = []
    monkeypatch.setattr(sound, "play", played.append)
    return played
