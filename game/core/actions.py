"""Actions: small immutable values with a stable text form.

`str(action)` is the notation used in records and logs; `Action.parse` reads it back. The text is
the action's kind followed by its arguments, separated by single spaces, e.g. `play Zauberer/red`,
`target 2`, `count 3`. Ints print as ints and parse back as ints; anything else stays a string.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.core.errors import IllegalAction

Arg = str | int

#: Longer than any action of any game by far; a record or a caller may hand `parse` anything.
MAX_TEXT = 256
#: An argument reads as an int only in the form `str(int)` prints (ASCII digits, no leading zeros, no
#: "-0"), so every text maps to one action and back; other digits ("²", "٣", "007") stay text.
_INT = re.compile(r"(0|-?[1-9][0-9]*)\Z", re.ASCII)
MAX_DIGITS = 18  # far beyond any seat, count or index; keeps int() clear of its own length limit


@dataclass(frozen=True, slots=True, order=True)
class Action:
    kind: str
    args: tuple[Arg, ...] = ()

    def __post_init__(self) -> None:
        for part in (self.kind, *self.args):
            if isinstance(part, str) and (not part or any(c.isspace() for c in part)):
                raise ValueError(f"action parts must be non-empty and free of spaces: {part!r}")

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(str(a) for a in self.args)

    @property
    def text(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the text form back. Raises IllegalAction, and only that, on any text that is not an action."""
        if not isinstance(text, str):
            raise IllegalAction(f"an action is written as text, not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise IllegalAction(f"an action is at most {MAX_TEXT} characters long, not {len(text)}")
        parts = text.split()  # splits on exactly the characters __post_init__ refuses inside a part
        if not parts:
            raise IllegalAction("an empty text is not an action")
        return cls(parts[0], tuple(_arg(p) for p in parts[1:]))


def _arg(part: str) -> Arg:
    if not _INT.match(part):
        return part
    digits = len(part.lstrip("-"))
    if digits > MAX_DIGITS:
        raise IllegalAction(f"a number in an action has at most {MAX_DIGITS} digits, not {digits}")
    return int(part)


def act(kind: str, *args: Arg) -> Action:
    """Shorthand: act("play", "Zauberer/red")."""
    return Action(kind, tuple(args))
