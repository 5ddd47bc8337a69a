"""The line finder of a pack.toml: the one every TOML data file uses (game.core.toml_lines), under the
name the art-pack readers know."""

from __future__ import annotations

from game.core.toml_lines import TomlLines as ManifestLines

__all__ = ["ManifestLines"]
