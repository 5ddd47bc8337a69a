"""The source checkout that the developer tools write into.

The tools that make the shipped assets (the default art pack, the sounds) write into `assets/` of a
source checkout by default. In an installed copy there is no checkout: they must be given `--out`, so
that nothing ever writes into site-packages or the standalone build.
"""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def checkout() -> Path | None:
    """The checkout these tools run from (pyproject.toml beside the packages), or None when installed."""
    return ROOT if (ROOT / "pyproject.toml").is_file() and (ROOT / "assets").is_dir() else None


def default_out(parser: argparse.ArgumentParser, given: Path | None, *parts: str) -> Path:
    """`given`, or `assets/<parts>` of the checkout; in an installed copy without --out, a usage error."""
    if given is not None:
        return given
    root = checkout()
    if root is None:
        parser.error("this is an installed copy, not a source checkout: say where to write with --out")
    return root.joinpath("assets", *parts)
