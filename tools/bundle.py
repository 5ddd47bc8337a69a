"""Make the standalone build: `python -m tools.bundle [--out DIR] [--name NAME]`.

A one-folder build made with PyInstaller (install it with `pip install -e ".[bundle]"`): the folder holds
the `kartentisch` executable, a Python runtime and every asset, and runs on a machine of the same kind
(Linux, Windows or macOS) without Python. Build on each system for that system.

- Every game, scene and tool module is collected (the games and tables are imported by name at run time);
  the assets and pygame-gui's own fonts and themes go in as data, found through `importlib.resources`
  like in an installed wheel.
- The AI worker process runs frozen: the executable starts it again, and `multiprocessing.freeze_support()`
  in `kartentisch.launcher.main` turns that start into the worker.
- Settings, saves and user art packs go to the same user folders as an installed copy (platformdirs).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "kartentisch"
#: the start script PyInstaller freezes: the installed `kartentisch` entry point, as a file
LAUNCHER = "from kartentisch.launcher import main\n\nraise SystemExit(main())\n"


def pyinstaller_args(out: Path, work: Path, launcher: Path, name: str) -> list[str]:
    sep = ";" if sys.platform == "win32" else ":"
    args = [
        str(launcher),
        "--name", name,
        "--onedir",
        "--noconfirm",
        "--clean",
        "--log-level", "WARN",
        "--distpath", str(out),
        "--workpath", str(work / "build"),
        "--specpath", str(work),
        "--paths", str(ROOT),
        # the games, their tables and bots are imported by name (game.load, scenes.table.table_class)
        "--collect-submodules", "game",
        "--collect-submodules", "cards",
        "--collect-submodules", "scenes",
        "--collect-submodules", "kartentisch",
        "--collect-submodules", "assets",
        "--collect-data", "game",
        "--collect-data", "pygame_gui",
        "--add-data", f"{ROOT / 'assets'}{sep}assets",
        "--exclude-module", "tests",
        "--exclude-module", "tkinter",
    ]
    if sys.platform in ("win32", "darwin"):
        args.append("--windowed")  # no console window next to the table
    return args


def build(out: Path, name: str = NAME) -> Path:
    """Build into `out/<name>/`; returns that folder."""
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        raise SystemExit("PyInstaller is not installed: pip install -e \".[bundle]\"") from None
    with tempfile.TemporaryDirectory(prefix="kartentisch-bundle-") as tmp:
        work = Path(tmp)
        launcher = work / f"{name}.py"
        launcher.write_text(LAUNCHER, encoding="utf-8")
        pyinstaller.run(pyinstaller_args(out, work, launcher, name))
    folder = out / name
    # the assets' own __pycache__ and stray build files have no place in the build
    for cache in (folder / "_internal" / "assets").rglob("__pycache__"):
        shutil.rmtree(cache, ignore_errors=True)
    return folder


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bundle", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist",
                        help="where the build folder goes (default: dist)")
    parser.add_argument("--name", default=NAME, help="the build folder's and executable's name")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        args.out.mkdir(parents=True, exist_ok=True)
        folder = build(args.out, args.name)
    except OSError as exc:
        print(f"bundle: cannot write to {args.out}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    size = folder_size(folder)
    print(f"built {folder} ({size / 1e6:.0f} MB) in {time.perf_counter() - started:.0f} s; "
          f"run {folder / (args.name + ('.exe' if sys.platform == 'win32' else ''))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
