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
    """' (did you mean 'Zofe/red'?)' naming the choices `word` most likely misspells ("" when none is
    close; see `near_misses`): how a typo'd card id, key or file name is answered everywhere."""
    return suggestion(near_misses(word, choices), quote)


def suggestion(close: list[str], quote: bool = True) -> str:
    """' (did you mean 'QS'?)' or ' (did you mean one of 'QS', 'QC'?)' for near misses found ("" for
    none)."""
    if not close:
        return ""
    named = [repr(choice) if quote else choice for choice in close[:NEAR_MISSES]]
    # in the chosen language: the gallery and tools.art show it to card designers
    if len(named) == 1:
        return " " + tr("(did you mean {choice}?)").format(choice=named[0])
    return " " + tr("(did you mean one of {choices}?)").format(choices=", ".join(named))


#: at most this many near misses are named
NEAR_MISSES = 4
#: a word this short is compared by edits: one wrong letter of two is too much for a ratio to forgive
SHORT_WORD = 4


def near_misses(word: str, choices: Iterable[str]) -> list[str]:
    """The choices `word` most likely misspells: those it is in another case; else, for a short word
    ("QX"), every choice one edit away (a letter changed, added, dropped or two swapped; case aside),
    as difflib's ratio cannot tell "QS" from "KH" there; else the one difflib finds closest. In the
    order given, at most NEAR_MISSES of them."""
    options = list(dict.fromkeys(choices))
    folded = word.casefold()
    same = [choice for choice in options if choice != word and choice.casefold() == folded]
    if same:
        return same[:NEAR_MISSES]
    if len(word) <= SHORT_WORD:
        return [choice for choice in options if one_edit_apart(folded, choice.casefold())][:NEAR_MISSES]
    return difflib.get_close_matches(word, options, n=1, cutoff=0.6)


def one_edit_apart(a: str, b: str) -> bool:
    """Whether `a` becomes `b` by one letter changed, added or dropped, or two neighbours swapped (equal
    words are not)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        differ = [i for i in range(len(a)) if a[i] != b[i]]
        return len(differ) == 1 or (len(differ) == 2 and differ[1] == differ[0] + 1
                                    and a[differ[0]] == b[differ[1]] and a[differ[1]] == b[differ[0]])
    shorter, longer = (a, b) if len(a) < len(b) else (b, a)
    i = next((i for i in range(len(shorter)) if shorter[i] != longer[i]), len(shorter))
    return shorter[i:] == longer[i + 1:]
