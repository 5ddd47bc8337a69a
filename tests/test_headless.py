"""game/ is headless: importing it (and every module under it but __main__) never loads pygame."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import game

ROOT = Path(__file__).resolve().parent.parent


def engine_modules() -> list[str]:
    names = ["game"]
    for info in pkgutil.walk_packages(game.__path__, prefix="game."):
        names.append(info.name)
    return names


def test_engine_modules_leave_pygame_out():
    modules = engine_modules()
    assert "game.core.records" in modules and "game.match" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "leaked = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui', 'scenes'))\n"
        "print(','.join(leaked))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""
