"""Names a package gives from its submodules, loaded with their first use (PEP 562): what the title does
not need (the game contract, the registry of games, the message classes) waits until something asks."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """The `__getattr__` of `package`: a name of `homes` (name -> submodule) is imported from
    `package.<submodule>` the first time it is asked for, then kept as a plain attribute."""
    namespace = sys.modules[package].__dict__

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        namespace[name] = value  # found once: the next use is a plain attribute
        return value

    return __getattr__
