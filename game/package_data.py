"""The one way to find a package's data: `importlib.resources`, or the folder itself where that is what
importlib.resources would give.

For a package of plain files (the source tree, an editable install, an installed wheel), the data is the
folder beside its `__init__`, which is what `importlib.resources.files` returns; finding it directly spares
loading the resource readers (and zipfile with them) before the title is drawn. A package from an archive
or a frozen build goes through importlib.resources.
"""

from __future__ import annotations

import importlib
import sys
from importlib.machinery import SourceFileLoader, SourcelessFileLoader
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


def package_files(package: str) -> Path | Traversable:
    """The data of `package` (a dotted name, imported if it is not yet)."""
    module = sys.modules.get(package) or importlib.import_module(package)
    spec = module.__spec__
    if (spec is not None and spec.origin and spec.submodule_search_locations is not None
            and isinstance(spec.loader, SourceFileLoader | SourcelessFileLoader)):
        return Path(spec.origin).parent
    from importlib import resources

    return resources.files(package)
