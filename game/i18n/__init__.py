"""Words for people, in German and English.

The engine speaks in data: an event, a prompt or the reason a move is refused is a `Message`, a message
id (the English text, with `{named}` fields) and its parameters (seats, cards, counts, other messages).
The view turns a message into words in the chosen language (`Message.text(names)`), so a record stays
language-free and a game told in German can be told again in English.

Words the view writes itself go through `tr` (and `ntr` for plurals, `ptr` with a context); words in
data tables are marked with `N_` and translated where they are shown. All of them live in the gettext
catalogues (`game/i18n/po/<language>/<area>.po`, compiled by `python -m tools.catalogue compile` into
`game/i18n/locale/<language>/LC_MESSAGES/kartentisch.mo`).

One language is chosen at a time (`set_language`); whoever shows words and must follow a change live
registers with `add_listener`.
"""

from __future__ import annotations

import gettext
import importlib
import logging
import os
import re
import string
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

log = logging.getLogger(__name__)

#: language code -> the language's own name (what the settings screen offers)
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
DEFAULT_LANGUAGE = "en"
DOMAIN = "kartentisch"

_language = DEFAULT_LANGUAGE
#: who follows a change of language; kept weakly, so a screen that is gone stops listening by itself
_listeners: list[weakref.ReferenceType] = []
#: a language one thread speaks for a moment (`speaking`), whatever is chosen
_speaking = threading.local()


# -- the language ----------------------------------------------------------------------------------
def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system asks for, read as Python's gettext reads it (gettext.find): the first of
    LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set is a list of locales parted by ":", tried in
    order; an empty entry or a language without a catalogue here is passed over, "C" (or "POSIX") ends
    the search with the message ids, English, and so does the end of the list. So "LANGUAGE=:de" and
    "fr:de" give German, "C:de" English. Where none of the variables is set, the platform's locale."""
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if value:
            for entry in value.split(":"):
                if not entry:
                    continue
                code = _language_code(entry)
                if code in ("C", "POSIX"):
                    return DEFAULT_LANGUAGE
                if code.lower() in LANGUAGES:
                    return code.lower()
            return DEFAULT_LANGUAGE
    if environ is None:
        import locale

        try:
            code = locale.getlocale()[0] or ""
        except ValueError:
            code = ""
        if code.lower().startswith(("de", "german")):
            return "de"
    return DEFAULT_LANGUAGE


#: a locale as most systems spell it ("de", "de_DE.UTF-8", "en_GB@euro"): its language is read off it
_PLAIN_LOCALE = re.compile(r"([A-Za-z]{2,3})(?:_[A-Za-z]{2})?(?:\.[\w-]+)?(?:@\w+)?")


def _language_code(entry: str) -> str:
    """The language part of one locale name as gettext reads it (`locale.normalize` for the aliases,
    such as "deutsch"; the module loads only for those, as the title waits for it)."""
    plain = _PLAIN_LOCALE.fullmatch(entry)
    if plain is not None or entry in ("C", "POSIX"):
        return plain.group(1) if plain is not None else entry
    import locale

    return locale.normalize(entry).split(".")[0].split("@")[0].split("_")[0]


def language() -> str:
    return getattr(_speaking, "code", None) or _language


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Words in `code` within the block, in this thread only, whatever language is chosen; nobody is
    told (an exception's English text is written this way while the view speaks German)."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}: the languages are {', '.join(LANGUAGES)}")
    before = getattr(_speaking, "code", None)
    _speaking.code = code
    try:
        yield
    finally:
        _speaking.code = before


def set_language(code: str) -> None:
    """Choose the language (an unknown code is refused); the listeners hear of a change."""
    global _language
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}: the languages are {', '.join(LANGUAGES)}")
    if code == _language:
        return
    _language = code
    for ref in list(_listeners):
        listener = ref()
        if listener is None:
            _listeners.remove(ref)
        else:
            listener(code)


def add_listener(listener: Callable[[str], None]) -> None:
    """Call `listener(code)` after every change of language (a bound method is held weakly)."""
    ref = weakref.WeakMethod(listener) if hasattr(listener, "__self__") else weakref.ref(listener)
    if ref not in _listeners:
        _listeners.append(ref)


def remove_listener(listener: Callable[[str], None]) -> None:
    for ref in list(_listeners):
        if ref() == listener:
            _listeners.remove(ref)


@cache
def catalogue(code: str) -> gettext.NullTranslations:
    """The compiled catalogue of a language (a missing or damaged one leaves the English ids, logged
    once)."""
    path = resources.files(__name__).joinpath("locale", code, "LC_MESSAGES", f"{DOMAIN}.mo")
    return read_catalogue(path, code)


def read_catalogue(source: Any, code: str) -> gettext.NullTranslations:
    """The catalogue in the .mo file `source` (anything with `open("rb")`); whatever the file holds, a
    fault gives the English message ids with a logged warning, never an exception: a cut or damaged
    catalogue makes gettext raise struct.error, IndexError, UnicodeDecodeError and more."""
    try:
        with source.open("rb") as file:
            return _Catalogue(file)
    except Exception as exc:  # noqa: BLE001 - any fault of the file, as the docstring says
        log.warning("the %s catalogue cannot be used (%s: %s): showing the message ids", code,
                    type(exc).__name__, exc)
        return gettext.NullTranslations()


#: characters a translation may not carry to a screen: controls other than line break and tab (a
#: NUL stops a font), lone surrogates; each becomes U+FFFD
_UNDRAWABLE = {code: "\ufffd" for code in (*range(32), 0x7F) if chr(code) not in "\n\t"}


class _Catalogue(gettext.GNUTranslations):
    """gettext's catalogue, checked once when it is read: every translation made drawable, and one
    that is no template of its message id (a "{" alone, a field the English lacks) left out, so its
    English shows: the view fills translations with str.format, which would raise on them."""

    def _parse(self, fp: Any) -> None:
        super()._parse(fp)
        catalog: dict[Any, str] = self._catalog  # type: ignore[attr-defined]
        dropped = []
        for key, text in list(catalog.items()):
            if not isinstance(text, str):
                continue
            if not text.isprintable():
                text = text.translate(_UNDRAWABLE)
                if not is_unicode(text):
                    text = text.encode("utf-8", "replace").decode("utf-8")
                catalog[key] = text
            msgid = key[0] if isinstance(key, tuple) else key
            if msgid and not _fits_template(text, msgid, plural=isinstance(key, tuple)):
                del catalog[key]
                dropped.append(msgid)
        if dropped:
            log.warning("%d translations are no template of their English and are not used, the first %r",
                        len(dropped), dropped[0][:80])


def _template_fields(text: str) -> set[str] | None:
    """The field names of a str.format template, or None when it is none (a "{" or "}" alone)."""
    try:
        return {field for _literal, field, _spec, _conversion in string.Formatter().parse(text)
                if field is not None}
    except ValueError:
        return None


def _fits_template(text: str, msgid: str, plural: bool) -> bool:
    """Whether a translation may be filled as its message id is: it parses, and asks for no field the
    English lacks (a plural form may also ask for n, and the English plural is not at hand here)."""
    fields = _template_fields(text)
    if fields is None:
        return False
    english = _template_fields(msgid.split("\x04")[-1]) or set()
    allowed = english | {"n"} if plural else english
    return fields <= allowed or (plural and all(field.isidentifier() for field in fields))


def is_unicode(text: str) -> bool:
    """No lone surrogate in `text`: it can be written as UTF-8 (a record, a catalogue, a screen), where
    JSON would read a pair of them back as one character."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# -- words the view writes -------------------------------------------------------------------------
def tr(msgid: str) -> str:
    """`msgid` in the chosen language (an empty text stays empty: gettext would give the catalogue's
    header for it)."""
    return catalogue(language()).gettext(msgid) if msgid else msgid


def ntr(singular: str, plural: str, n: int) -> str:
    """The form for `n` of a text with a plural, in the chosen language (the text is not formatted)."""
    return catalogue(language()).ngettext(singular, plural, n)


def ptr(context: str, msgid: str) -> str:
    """`msgid` in the chosen language, where the same English word needs telling apart ("card name")."""
    return catalogue(language()).pgettext(context, msgid)


def nptr(context: str, singular: str, plural: str, n: int) -> str:
    return catalogue(language()).npgettext(context, singular, plural, n)


def N_(msgid: str) -> str:
    """Mark a text in a data table for the catalogues; it is translated where it is shown."""
    return msgid


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
    if place % 100 in (11, 12, 13):
        return tr("{n}th").format(n=place)
    ending = {1: tr("{n}st"), 2: tr("{n}nd"), 3: tr("{n}rd")}.get(place % 10, tr("{n}th"))
    return ending.format(n=place)


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
