"""Counts in words: "1 point", "3 points", "1 problem". The one plural rule of the project: every
text that shows a count of things goes through `count`, so none reads "1 points"."""

from __future__ import annotations

#: English nouns whose plural is not the singular plus "s"
IRREGULAR: dict[str, str] = {"match": "matches", "child": "children", "person": "persons", "box": "boxes"}


def noun(word: str, number: float) -> str:
    """`word` in the form that goes with `number`: singular for exactly one (or minus one), plural
    otherwise, zero included ("0 points")."""
    if abs(number) == 1:
        return word
    return IRREGULAR.get(word) or (word + "es" if word.endswith(("s", "sh", "ch", "x")) else word + "s")


def count(number: float, word: str) -> str:
    """`number` and `word` in the matching form: count(1, "point") is "1 point", count(3, "problem")
    "3 problems", count(2.5, "point") "2.5 points" (whole floats are written without ".0")."""
    shown = int(number) if float(number).is_integer() else number
    return f"{shown} {noun(word, number)}"
