"""What a user gets: the code is lint-clean and type-checked, and the wheel built from this tree plays when
installed into a fresh virtual environment and started from a folder outside the source tree."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(cmd: list[str], *, cwd: Path = ROOT, timeout: float = 600, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, **kwargs)


def test_ruff_finds_nothing():
    done = run([sys.executable, "-m", "ruff", "check", "."])
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_mypy_finds_nothing_in_the_engine_and_the_tools():
    done = run([sys.executable, "-m", "mypy"])  # what it checks, and how, is in pyproject.toml
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_one_version_everywhere():
    from game import __version__

    done = run([sys.executable, "-m", "kartentisch", "--version"])
    assert done.returncode == 0 and done.stdout.strip() == f"kartentisch {__version__}"
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {__version__}" in changelog


# A headless walk from the title to a table, run by the installed copy: every asset it draws must come
# from the installed package (no stand-in font, art or sound).
SMOKE = textwrap.dedent("""
    import json, os, sys
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame
    import assets, game
    from scenes import art, fonts, sound
    from kartentisch.launcher import make_app
    from scenes.menus.title import TitleScene
    from game.match import Match, Seat
    from scenes.table import open_table
    app = make_app(size=(1280, 720))
    app.push(TitleScene(app))
    for _ in range(5):
        app.step(1 / 60)
    out = {"assets": str(assets.root()), "title": type(app.stack.top).__name__}
    tables = []
    for game_id in game.GAME_IDS:
        seats = [Seat("Anna")] + [Seat.ai(f"Bot {i}", "normal") for i in range(1, 3)]
        match = Match(game_id, seats, 7, autosave=None)
        app.push(open_table(app, match))
        for _ in range(30):
            app.step(1 / 60)
        tables.append(type(app.stack.top).__name__)
        app.stack.pop()
    out["tables"] = tables
    out["fonts"] = all((fonts.FONT_DIR / face).is_file() for face in fonts.FACES.values())
    out["sounds"] = all((sound.SOUND_DIR / f"{name}.wav").is_file() for name in sound.SOUNDS)
    out["default_pack"] = (art.ASSET_ART_DIR / "default" / "pack.toml").is_file()
    print(json.dumps(out))
""")


@pytest.mark.slow
def test_the_wheel_installs_into_a_fresh_venv_and_plays_from_outside_the_source_tree(tmp_path):
    if shutil.which("git") is None:
        pytest.skip("git is needed to build from a clean copy")
    dist = tmp_path / "dist"
    built = run([sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(ROOT)])
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    wheel = next(dist.glob("kartentisch-*.whl"))

    venv = tmp_path / "venv"
    # A fresh venv without a copy of pip of its own (copying one in is most of what making a venv costs):
    # this pip installs into it (`--python`), the wheel and its dependencies, as a user's pip would. Their
    # modules are compiled when first imported, not all ahead (matplotlib's and numpy's take seconds).
    assert run([sys.executable, "-m", "venv", "--without-pip", str(venv)]).returncode == 0
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    installed = run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                     "--no-compile", str(wheel)])
    assert installed.returncode == 0, installed.stdout[-3000:] + installed.stderr[-3000:]

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    from game import __version__

    version = run([str(bin_dir / "kartentisch"), "--version"], cwd=elsewhere, env=env)
    assert version.returncode == 0 and version.stdout.strip() == f"kartentisch {__version__}"

    checked = run([str(bin_dir / "kartentisch-art"), "check", "default"], cwd=elsewhere, env=env)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "0 errors" in checked.stdout

    replay = run([str(bin_dir / "kartentisch-replay"), "--help"], cwd=elsewhere, env=env)
    assert replay.returncode == 0 and "kartentisch-replay" in replay.stdout

    for tool in ("tools.make_sounds", "tools.draw_default_pack"):  # they never write into an installed copy
        refused = run([str(python), "-m", tool], cwd=elsewhere, env=env)
        assert refused.returncode == 2 and "installed copy" in refused.stderr, refused.stderr
        assert "Traceback" not in refused.stderr

    smoke = run([str(python), "-c", SMOKE], cwd=elsewhere, env=env)
    assert smoke.returncode == 0, smoke.stderr[-4000:]
    out = json.loads(smoke.stdout.strip().splitlines()[-1])
    assert Path(out["assets"]).is_relative_to(venv), out["assets"]
    assert not Path(out["assets"]).is_relative_to(ROOT)
    assert out["title"] == "TitleScene"
    assert len(out["tables"]) == 4
    assert out["fonts"] and out["sounds"] and out["default_pack"]
