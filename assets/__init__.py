"""The shipped assets: the default art pack, fonts, sounds and the pygame-gui theme.

They are package data, found through `importlib.resources`, so the table finds them the same way from the
source tree, an editable install, an installed wheel and the standalone build.
"""

from __future__ import annotations

import atexit
from contextlib import ExitStack
from functools import lru_cache
from pathlib import Path

from game.package_data import package_files


@lru_cache(maxsize=1)
def root() -> Path:
    """The assets folder on disk. A package imported from an archive is extracted once for the run,
    because pygame opens images, fonts and sounds by file name."""
    resource = package_files(__name__)
    if isinstance(resource, Path):
        return resource
    from importlib.resources import as_file

    stack = ExitStack()
    atexit.register(stack.close)
    return Path(stack.enter_context(as_file(resource)))


def asset_path(*parts: str) -> Path:
    """A path below the assets folder, e.g. `asset_path("fonts")`."""
    return root().joinpath(*parts)
