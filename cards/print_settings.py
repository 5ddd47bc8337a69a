"""A pack's print settings: the `[print]` table of its manifest, which `kartentisch-art pnp` prints with
and the gallery's print guides follow.

    [print]
    card_mm = [63, 88]       # the printed card, width x height
    offset_mm = [0.5, -0.3]  # how far the printer shifts the back side (read off `pnp-calibrate`)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cards.manifest import MANIFEST
from cards.manifest_lines import ManifestLines
from game.core.datafile import DataFileError, brief, read_toml, shown
from game.i18n import tr

DEFAULT_CARD_MM = (63.0, 88.0)
#: a printed card's sides: from a mini card to a tarot card's twice
CARD_MM_RANGE = (20.0, 250.0)
#: no printer shifts its back side further; a larger figure is a misreading of the calibration sheet
OFFSET_MM_LIMIT = 10.0


class PrintRefused(ValueError):
    """Why the pack cannot be printed; the message names the pack, and its manifest line if any."""


@dataclass(frozen=True)
class PackPrint:
    """A pack's [print] table, as far as it is given."""

    card_mm: tuple[float, float] | None = None
    offset_mm: tuple[float, float] | None = None


def card_mm_problem(value: Any) -> str | None:
    low, high = CARD_MM_RANGE
    if not (isinstance(value, (list, tuple)) and len(value) == 2 and all(is_number(v) for v in value)):
        return tr("a card size is [width, height] in mm, not {value}").format(value=brief(value))
    if not all(low <= v <= high for v in value):
        return tr("a card size of {value} mm is out of range: each side is {low} to {high} mm").format(
            value=brief(list(value)), low=low, high=high)
    return None


def offset_mm_problem(value: Any) -> str | None:
    if not (isinstance(value, (list, tuple)) and len(value) == 2 and all(is_number(v) for v in value)):
        return tr("an offset is [dx, dy] in mm, not {value}").format(value=brief(value))
    if not all(abs(v) <= OFFSET_MM_LIMIT for v in value):
        return tr("an offset of {value} mm is out of range: each is -{limit} to {limit} mm").format(
            value=brief(list(value)), limit=OFFSET_MM_LIMIT)
    return None


def read_pack_print(folder: Path) -> PackPrint:
    """The pack's [print] table; PrintRefused names the manifest line of a bad entry."""
    path = folder / MANIFEST
    try:
        data, text = read_toml(path)
    except DataFileError as exc:
        raise PrintRefused(f"{shown(path)}: {exc}") from None
    table = data.get("print")
    if table is None:
        return PackPrint()
    lines = ManifestLines(text)

    def refuse(message: str, *where: str) -> PrintRefused:
        line = lines.line(*where)
        at = tr("{file} line {line}").format(file=MANIFEST, line=line) if line else MANIFEST
        return PrintRefused(f"{shown(folder)}: {at}: {message}")

    if not isinstance(table, dict):
        raise refuse(tr("[print] must be a table"), "print")
    found: dict[str, tuple[float, float]] = {}
    for key, check in (("card_mm", card_mm_problem), ("offset_mm", offset_mm_problem)):
        if key in table:
            problem = check(table[key])
            if problem is not None:
                raise refuse(f"[print] {key}: {problem}", "print", key)
            found[key] = (float(table[key][0]), float(table[key][1]))
    return PackPrint(found.get("card_mm"), found.get("offset_mm"))


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
