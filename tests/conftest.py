"""Tests run headless: SDL gets dummy video and audio drivers before anything imports pygame,
and the app's config and data dirs point into a temp folder so no test touches the player's files."""

from __future__ import annotations

import gc
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
    """The long tests (marked slow) go first: pytest-xdist hands tests to its workers in this order, so
    the long ones start at once on every core and the many quick ones fill the gaps after them; a run
    never ends with one long test alone on one core while the others idle. The sort is stable: within
    each group the tests keep the order they were collected in."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_collection_finish(session):
    """Everything collection made (every module of the app and of the tests, the test items) lives as long
    as the run: the collector need not look at it again. The app collects whenever a screen closes (a
    hot-seat handoff, a table left), and each collection walked all of it: measured, half of a hot-seat
    game's time. It now walks only what the tests made since, and frees that as before."""
    gc.collect()
    gc.freeze()


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


@pytest.fixture(autouse=True)
def _no_analysis_behind_other_tests(monkeypatch):
    """A finished game's results screen starts analysing it in a process of its own after half a
    second; a test that plays to the end for another reason must not leave a hard-level analysis
    running behind the next tests on the same core. The tests of the analysis set their own delay."""
    from scenes.menus import analysis_run

    monkeypatch.setattr(analysis_run, "START_DELAY_S", 24 * 3600.0)


@pytest.fixture
def heard(monkeypatch) -> list[str]:
    """The table's sounds, in order, instead of played."""
    from scenes import sound

    played: list[str] = []
    monkeypatch.setattr(sound, "play", played.append)
    return played
