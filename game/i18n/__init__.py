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

import _thread
import gettext
import os
import re
import string
import weakref
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING, Any

from game.lazy import lazy_names
from game.logs import logger
from game.package_data import package_files

log = logger(__name__)

#: language code -> the language's own name (what the settings screen offers)
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
DEFAULT_LANGUAGE = "en"
DOMAIN = "kartentisch"

_language = DEFAULT_LANGUAGE
#: who follows a change of language; kept weakly, so a screen that is gone stops listening by itself
_listeners: list[weakref.ReferenceType] = []
#: a language one thread speaks for a moment (`speaking`), whatever is chosen
_speaking: threading.local | None = None  # made by the first `speaking` (threading loads with it)
_making_speaking = _thread.allocate_lock()


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
    if plain is not None:
        return plain.group(1)
    base = entry.partition(".")[0].partition("@")[0]
    if base in ("C", "POSIX"):  # "C.UTF-8" as gettext reads it: C after no catalogue for C.UTF-8
        return base
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
    local = _speaking if _speaking is not None else _speaking_local()
    before = getattr(local, "code", None)
    local.code = code
    try:
        yield
    finally:
        local.code = before


def _speaking_local() -> threading.local:
    """The per-thread language of `speaking`, made once (under a lock: two threads may ask first)."""
    global _speaking
    import threading

    with _making_speaking:
        if _speaking is None:
            _speaking = threading.local()
        return _speaking


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
    path = package_files(__name__).joinpath("locale", code, "LC_MESSAGES", f"{DOMAIN}.mo")
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




#: the names of game.i18n.messages, loaded with the first message made
_MESSAGE_NAMES = frozenset({
    "Seat",
    "Card",
    "Listing",
    "listing",
    "Message",
    "Text",
    "text_from_data",
    "message",
    "plural_message",
    "context_message",
    "english",
    "words",
    "ordinal",
    "ordinal_message",
    "seat_label",
    "card_label",
    "join_words",
    "fields_of",
})
__getattr__ = lazy_names(__name__, dict.fromkeys(_MESSAGE_NAMES, "messages"))

if TYPE_CHECKING:
    import threading

    from game.i18n.messages import (
        Card,
        Listing,
        Message,
        Seat,
        Text,
        card_label,
        context_message,
        english,
        fields_of,
        join_words,
        listing,
        message,
        ordinal,
        ordinal_message,
        plural_message,
        seat_label,
        text_from_data,
        words,
    )

__all__ = [
    "Card",
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "Listing",
    "Message",
    "N_",
    "Seat",
    "Text",
    "add_listener",
    "card_label",
    "catalogue",
    "context_message",
    "english",
    "fields_of",
    "is_unicode",
    "join_words",
    "language",
    "listing",
    "message",
    "nptr",
    "ntr",
    "ordinal",
    "ordinal_message",
    "plural_message",
    "ptr",
    "read_catalogue",
    "remove_listener",
    "seat_label",
    "set_language",
    "speaking",
    "system_language",
    "text_from_data",
    "tr",
    "words",
]
