"""Actions: small immutable values with a stable text form.

`str(action)` is the notation used in records and logs; `Action.parse` reads it back. The text is
the action's kind followed by its arguments, separated by single spaces, e.g. `play Zauberer/red`,
`target 2`, `count 3`. Ints print as ints and parse back as ints; anything else stays a string.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import IllegalAction

Arg = str | int


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
        """Read the text form back. Raises IllegalAction on text that is not an action at all."""
        if not isinstance(text, str):
            raise IllegalAction(f"an action is written as text, not {type(text).__name__}")
        parts = text.split()
        if not parts:
            raise IllegalAction("an empty text is not an action")
        return cls(parts[0], tuple(_arg(p) for p in parts[1:]))


def _arg(part: str) -> Arg:
    if part.lstrip("-").isdigit() and part not in ("-",):
        return int(part)
    return part


def act(kind: str, *args: Arg) -> Action:
    """Shorthand: act("play", "Zauberer/red")."""
    return Action(kind, tuple(args))
