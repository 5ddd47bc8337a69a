"""Counts in English words for developers and the command-line tools: "1 point", "3 points",
"1 problem", so none reads "1 points".

A text shown to a person counts through the catalogues instead, in the chosen language:
`ntr("{n} point", "{n} points", n)` where the view writes it, `plural_message(...)` where the engine
says it (game.i18n). `count` and `noun` stay for the texts that are English by design (logs, exception
messages for developers, the CLI tools)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from game.i18n import tr

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


def did_you_mean(word: str, choices: Iterable[str], quote: bool = True) -> str:
    """' (did you mean 'Zofe/red'?)' naming the choice `word` most likely misspells ("" when none is
    close): how a typo'd card id, key or file name is answered everywhere."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    if not close:
        return ""
    # in the chosen language: the gallery and tools.art show it to card designers
    return " " + tr("(did you mean {choice}?)").format(choice=repr(close[0]) if quote else close[0])
