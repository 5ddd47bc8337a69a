"""A shape for every Palastgeflüster colour, so that no colour relies on its hue alone: as data, for the
card words ("Red (a triangle): …"), the default pack's faces and the table's marks (scenes/colour_marks.py
draws them)."""

from __future__ import annotations

#: colour name -> shape name
SHAPES: dict[str, str] = {
    "red": "triangle",
    "blue": "circle",
    "yellow": "star",
    "green": "diamond",
    "purple": "square",
    "brown": "cross",
}


def shape_of(colour_name: str) -> str | None:
    return SHAPES.get(colour_name)


__all__ = ["SHAPES", "shape_of"]
