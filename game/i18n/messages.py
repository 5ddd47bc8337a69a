"""Texts for people as data: a `Message` (a catalogue id with its parameters: seats, cards, counts, other
messages) and the words they are written in. Part of `game.i18n`, whose names these are: they load with the
first message made, so a screen that only translates (the title) starts without them.
"""

from __future__ import annotations

import importlib
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.i18n import N_, catalogue, language, log, ptr, speaking, tr


# -- what messages may carry -----------------------------------------------------------------------
@dataclass(frozen=True)
class Seat:
    """A seat, written as its player's name."""

    index: int


@dataclass(frozen=True)
class Card:
    """A card of a game, written by the game's `card_label(card_id, case)` in the chosen language.
    A template may ask for a German case with the article: `{card:acc}` ("den Zauberer"), `{card:dat}`,
    `{card:nom}`; `{card}` is the bare name."""

    game: str
    id: str


@dataclass(frozen=True)
class Listing:
    """Several values written as one ("Anna, Ben and Cleo")."""

    items: tuple[Any, ...]


def listing(items: Iterable[Any]) -> Listing:
    return Listing(tuple(items))


@dataclass(frozen=True)
class Message:
    """A text for people as data: the English text with `{named}` fields (the catalogue id), its
    plural where it has one (chosen by the parameter `n`), a context, and the parameters."""

    msgid: str
    params: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None
    context: str | None = None

    @property
    def args(self) -> dict[str, Any]:
        return dict(self.params)

    def template(self) -> str:
        """The text in the chosen language, fields not yet filled."""
        cat = catalogue(language())
        if self.plural is not None:
            n = int(self.args.get("n", 1))
            if self.context is not None:
                return cat.npgettext(self.context, self.msgid, self.plural, n)
            return cat.ngettext(self.msgid, self.plural, n)
        if self.context is not None:
            return cat.pgettext(self.context, self.msgid)
        return cat.gettext(self.msgid)

    def text(self, names: Sequence[str] | None = None) -> str:
        """The message in the chosen language; `names` are the seats' names (default: "Seat 1" …)."""
        values = {key: _word(value, names) for key, value in self.params}
        try:
            return _FORMATTER.vformat(self.template(), (), values)
        except (KeyError, IndexError, ValueError, AttributeError) as exc:
            # a catalogue entry that asks for a field the message lacks must not stop a screen
            log.warning("cannot fill %r: %s", self.msgid, exc)
        try:
            return _LENIENT.vformat(self.msgid, (), values)
        except (KeyError, IndexError, ValueError, AttributeError):  # a message id from a file: "{" alone
            return self.msgid

    def __str__(self) -> str:
        return self.text()

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"msgid": self.msgid, "params": {k: _param_data(v) for k, v in self.params}}
        if self.plural is not None:
            data["plural"] = self.plural
        if self.context is not None:
            data["context"] = self.context
        return data


#: what may say something to people: a message, or a string that needs no translation (a name)
Text = str | Message


def text_from_data(data: Any) -> Text:
    """A text kept as data (`Message.to_dict()`, or a plain string) back as a text: what a saved
    position holds. Data of another shape raises ValueError."""
    if isinstance(data, str):
        return data
    if not isinstance(data, Mapping) or not isinstance(data.get("msgid"), str):
        raise ValueError(f"a text is a string or a message's data, not {data!r}"[:200])
    params = data.get("params", {})
    plural, context = data.get("plural"), data.get("context")
    if not isinstance(params, Mapping) or not all(v is None or isinstance(v, str) for v in (plural, context)):
        raise ValueError("a message's params are a mapping, its plural and context text")
    return Message(data["msgid"], tuple((str(k), _param_from_data(v)) for k, v in params.items()),
                   plural=plural, context=context)


def _param_from_data(value: Any) -> Any:
    if isinstance(value, bool) or value is None:
        raise ValueError(f"no message parameter is {value!r}")
    if isinstance(value, (int, float, str)):
        return value
    if isinstance(value, list):
        return Listing(tuple(_param_from_data(v) for v in value))
    if isinstance(value, Mapping):
        if "msgid" in value:
            return text_from_data(value)
        if set(value) == {"seat"} and type(value["seat"]) is int:
            return Seat(value["seat"])
        if set(value) == {"game", "card"} and all(isinstance(v, str) for v in value.values()):
            return Card(value["game"], value["card"])
    raise ValueError(f"no message parameter is {value!r}"[:200])


def message(msgid: str, /, **params: Any) -> Message:
    """A message: `message("{seat} draws a card", seat=Seat(2))`."""
    return Message(msgid, tuple(params.items()))


def plural_message(singular: str, plural: str, /, n: int, **params: Any) -> Message:
    """A message with a plural, chosen by `n` (also a field):
    `plural_message("{n} card", "{n} cards", n=3)`."""
    return Message(singular, (("n", n), *params.items()), plural=plural)


def context_message(context: str, msgid: str, /, **params: Any) -> Message:
    return Message(msgid, tuple(params.items()), context=context)


def english(value: Any) -> str:
    """A text in English words whatever language is chosen: what files keep (a record's result), so
    the same game makes the same file in either language."""
    with speaking("en"):
        return words(value)


def words(value: Any, names: Sequence[str] | None = None) -> str:
    """Any text for people in the chosen language: a message, or a string as it is."""
    if isinstance(value, Message):
        return value.text(names)
    return str(_word(value, names))


# -- writing parameters ----------------------------------------------------------------------------
def ordinal(place: int) -> str:
    """"1st", "2nd", … in the chosen language ("1.", "2.", … in German)."""
    return ordinal_message(place).text()


#: the English endings of an ordinal by its last digit (the rest, and 11 to 13, take "th")
_ORDINAL_ENDINGS = {1: N_("{n}st"), 2: N_("{n}nd"), 3: N_("{n}rd")}
_ORDINAL_TH = N_("{n}th")


def ordinal_message(place: int) -> Message:
    """"1st", "2nd", … as a message, written in the language of whoever reads it (an event's words)."""
    ending = _ORDINAL_TH if place % 100 in (11, 12, 13) else _ORDINAL_ENDINGS.get(place % 10, _ORDINAL_TH)
    return message(ending, n=place)


def seat_label(index: int, names: Sequence[str] | None = None) -> str:
    if names is not None and 0 <= index < len(names):
        return names[index]
    return ptr("seat", "Seat {number}").format(number=index + 1)


def card_label(game_id: str, card_id: str, case: str = "") -> str:
    """A card's name in the chosen language, by its game's `cards.card_label` (the id where the game
    has none)."""
    label = _card_labeller(game_id)
    return label(card_id, case) if label is not None else card_id


@cache
def _card_labeller(game_id: str) -> Callable[[str, str], str] | None:
    try:
        module = importlib.import_module(f"game.{game_id}.cards")
    except ImportError:
        return None
    return getattr(module, "card_label", None)


def join_words(items: Sequence[str]) -> str:
    """"a, b and c" in the chosen language."""
    if len(items) <= 1:
        return "".join(items)
    return tr("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


class _CardWords:
    def __init__(self, card: Card) -> None:
        self.card = card

    def __format__(self, spec: str) -> str:
        return card_label(self.card.game, self.card.id, spec)

    def __str__(self) -> str:
        return card_label(self.card.game, self.card.id)


def _word(value: Any, names: Sequence[str] | None) -> Any:
    if isinstance(value, Message):
        return value.text(names)
    if isinstance(value, Seat):
        return seat_label(value.index, names)
    if isinstance(value, Card):
        return _CardWords(value)
    if isinstance(value, Listing):
        return join_words([format(_word(item, names)) for item in value.items])
    return value


def _param_data(value: Any) -> Any:
    if isinstance(value, Message):
        return value.to_dict()
    if isinstance(value, Seat):
        return {"seat": value.index}
    if isinstance(value, Card):
        return {"game": value.game, "card": value.id}
    if isinstance(value, Listing):
        return [_param_data(item) for item in value.items]
    return value


class _Formatter(string.Formatter):
    """str.format, except that a card's case spec reaches the card (`{card:acc}`), a field a plain
    value does not understand is written plainly rather than raising, and a field is a name and nothing
    more: a template read from a file cannot reach into a parameter's attributes ("{seat.__class__}")."""

    def get_field(self, field_name: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        if not field_name.isidentifier():
            raise KeyError(field_name)
        return super().get_field(field_name, args, kwargs)

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, _CardWords):
            return format(value, format_spec)
        try:
            written = format(value, format_spec)
        except (TypeError, ValueError):
            return str(value)
        if isinstance(value, float) and language() == "de":
            return written.replace(".", ",")  # "2,5 Punkte"
        return written


class _Lenient(_Formatter):
    """The same, writing a field the message lacks as it stands ("{seat}")."""

    def get_field(self, field_name: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        try:
            return super().get_field(field_name, args, kwargs)
        except (KeyError, IndexError):
            return f"{{{field_name}}}", field_name


_FORMATTER = _Formatter()
_LENIENT = _Lenient()


def fields_of(template: str) -> set[str]:
    """The names of a template's fields ("{card:acc}" -> "card"): what a translation must keep."""
    found = set()
    for _literal, field, _spec, _conversion in string.Formatter().parse(template):
        if field is not None:
            found.add(field.split(".")[0].split("[")[0])
    return found
