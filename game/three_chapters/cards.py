"""The 3 Chapters card set: loaded from cards.toml, validated, and described in words.

Why one long module: the card designer's contract lives here whole (every field a card may use, each
checked with a message naming the card and the field, and the words each form reads as), so a change
to the card format is made, checked and described in one place.

The file is written by a card designer, so every fault is reported with the card and the field it is in
("card 17 'Troll': ability 1: unknown reward 'gold'"). A card is data only; the rules in abilities.py
read it. The ability forms a card may use:

An ability is a table with these keys:

- ``seal``: when it scores: ``"II"`` (once, when the card is played to a trick), ``"III"`` (in the final
  scoring, against all of its owner's face-up cards) or ``"both"``.
- ``reward`` and ``amount``: ``"stars"``, ``"hearts"`` or ``"crystals"``, a whole number >= 1.
- ``when`` (optional, default: always): one condition table, chosen by its ``kind``:
    - ``{kind = "own", attribute = A, count = N, other = B}``: its owner has at least N (default 1) cards
      with attribute A among their cards (in chapter II: the face-up cards in front of them plus the card
      just played; in chapter III: all face-up cards). ``other = true`` leaves this card itself out.
    - ``{kind = "own_card", card = NAME}``: its owner has the card called NAME.
    - ``{kind = "trick", attribute = A, count = N, other = B}``: the current trick holds at least N cards
      with attribute A (ghost cards included). Chapter II only.
    - ``{kind = "result", result = R}``: R is ``"won"`` (this card wins the trick), ``"lost"`` (it does
      not) or ``"lowest"`` (it is the lowest card of the trick). Chapter II only.
    - ``{kind = "position", position = P}``: this card was played ``"led"`` (first), ``"second"``,
      ``"middle"`` (neither first nor last) or ``"last"`` in the trick. Chapter II only.
    - ``{kind = "tricks_won", at_most = N}`` or ``{..., at_least = N}``: its owner won at most / at least N
      tricks in chapter II (stars from abilities are no tricks; checked in chapter II, the tricks so far,
      this one included).
    - ``{kind = "standing", token = T, standing = S}``: its owner has the ``"most"`` or ``"fewest"`` of
      token T of all players (ties included). Only on cards with ``evaluate_last = true``: a comparison
      with the others needs their rewards settled first.
- ``per`` (optional, default: once): a multiplier table, chosen by its ``kind``:
    - ``{kind = "own", attribute = A, other = B, group = G}``: per G (default 1) own cards with A.
    - ``{kind = "trick", attribute = A, other = B}``: per card with A in the trick. Chapter II only.
    - ``{kind = "tokens", token = T, group = G}``: per G tokens T its owner holds when the ability is
      checked (after all other abilities of that moment, see abilities.py).
    - ``{kind = "attributes", group = G}``: per G (default 1) different attributes among its owner's
      cards (a set builder).
    - ``{kind = "tricks_won"}``: per trick its owner won in chapter II.
- ``block = ["hearts", "crystals"]`` instead of a reward: while this card lies in a trick, nobody gets
  those tokens from that trick (stars still count). Chapter II only.
- ``text`` (optional): the English hover text (translated through the catalogue, context "ability");
  by default it is written from the data above, in the chosen language.

A card: ``value`` (1..50, each once), ``name`` (unique: its German name, as the German edition prints
it, and its identity), ``english`` (optional: its English name, default the name), ``attributes`` (a list
of attribute ids, or ``"all"``), ``abilities`` (a list of the tables above, may be empty) and
``evaluate_last`` (optional: its abilities are checked after every other player's).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeGuard

from game.core.datafile import DataFileError, brief, decode_utf8, parse_toml, read_limited
from game.i18n import Card as CardParam
from game.i18n import Message, context_message, language, message, plural_message, ptr, tr, words

CARDS_FILE = Path(__file__).with_name("cards.toml")
NUM_CARDS = 50

ATTRIBUTES: tuple[str, ...] = (
    "monster", "zauberer", "boesewicht", "tier", "kind", "zwerg", "wunderland", "krone",
)
TOKENS: tuple[str, ...] = ("stars", "hearts", "crystals")
SEALS: tuple[str, ...] = ("II", "III", "both")
RESULTS: tuple[str, ...] = ("won", "lost", "lowest")
POSITIONS: tuple[str, ...] = ("led", "second", "middle", "last")
STANDINGS: tuple[str, ...] = ("most", "fewest")
CONDITION_KINDS: tuple[str, ...] = (
    "own", "own_card", "trick", "result", "position", "tricks_won", "standing",
)
MULTIPLIER_KINDS: tuple[str, ...] = ("own", "trick", "tokens", "attributes", "tricks_won")
#: forms that only make sense while a trick lies on the table
TRICK_ONLY: frozenset[str] = frozenset({"trick", "result", "position"})


class CardDataError(ValueError):
    """A fault in the card file; the message names the card and the field. `value` and `field` say the
    same as data, for a reader that shows the fault's line (a variant, data.py): the card's value and the
    key in its entry, an ability as ("abilities", "<number from 1>"); None and () for a fault of the set
    as a whole."""

    def __init__(self, text: str, value: int | None = None, field: tuple[str, ...] = ()) -> None:
        super().__init__(text)
        self.value = value
        self.field = field


@dataclass(frozen=True, slots=True)
class Condition:
    kind: str
    attribute: str = ""
    count: int = 1
    other: bool = False
    card: str = ""
    result: str = ""
    position: str = ""
    at_most: int | None = None
    at_least: int | None = None
    token: str = ""
    standing: str = ""


@dataclass(frozen=True, slots=True)
class Multiplier:
    kind: str
    attribute: str = ""
    other: bool = False
    group: int = 1
    token: str = ""


@dataclass(frozen=True, slots=True)
class Ability:
    seal: str
    reward: str = ""  # "" for a blocking ability
    amount: int = 0
    when: Condition | None = None
    per: Multiplier | None = None
    block: frozenset[str] = frozenset()
    text: str = ""

    def in_chapter(self, chapter: int) -> bool:
        return self.seal == "both" or self.seal == ("II" if chapter == 2 else "III")

    @property
    def reads_own_tokens(self) -> bool:
        return self.per is not None and self.per.kind == "tokens"


@dataclass(frozen=True, slots=True)
class Card:
    value: int
    name: str
    attributes: frozenset[str]
    abilities: tuple[Ability, ...]
    evaluate_last: bool = False
    english: str = ""  # the English name ("": the name)

    @property
    def english_name(self) -> str:
        return self.english or self.name

    def has(self, attribute: str) -> bool:
        return attribute in self.attributes


@dataclass(frozen=True)
class CardSet:
    attribute_names: Mapping[str, str]
    cards: Mapping[int, Card]  # value -> card

    def by_name(self, name: str) -> Card | None:
        for card in self.cards.values():
            if card.name == name:
                return card
        return None

    def describe(self, value: int) -> dict[str, Any]:
        """What the table shows of a card, in the chosen language: value, name, attribute names and
        hover lines."""
        card = self.cards[value]
        return {"value": value, "name": self.name_of(value),
                "attributes": [self.attribute_label(a) for a in ATTRIBUTES if a in card.attributes],
                "text": card_text(card, self.attribute_names)}

    def name_of(self, value: int) -> str:
        """The card's name in the chosen language."""
        return ptr("card name", self.cards[value].english_name)

    def attribute_label(self, attribute: str) -> str:
        """An attribute's display name in the chosen language."""
        return ptr("attribute", self.attribute_names[attribute])


# -- loading -------------------------------------------------------------------------------------------
@cache
def default_cards() -> CardSet:
    return load_cards(CARDS_FILE)


def load_cards(path: str | Path) -> CardSet:
    """The card set in the file; CardDataError (and nothing else) for any fault, with its line where the
    fault is in the file's syntax or encoding."""
    try:
        text = decode_utf8(read_limited(Path(path)))
    except DataFileError as exc:
        raise CardDataError(f"the card file {path}: {exc}") from None
    return parse_cards(text, source=str(path))


def parse_cards(text: str, source: str = "cards.toml") -> CardSet:
    try:
        data = parse_toml(text)
    except DataFileError as exc:
        where = f"line {exc.line}: " if exc.line is not None else ""
        raise CardDataError(f"{source}: {where}{exc.message}") from None
    return cards_from_data(data)


def cards_from_data(data: Mapping[str, Any]) -> CardSet:
    names = data.get("attributes")
    if not isinstance(names, dict):
        raise CardDataError("the card file needs an [attributes] table: attribute id -> display name")
    unknown = sorted(set(names) - set(ATTRIBUTES))
    if unknown:
        raise CardDataError(f"attributes: unknown attribute {brief(unknown[0])} "
                            f"(the attributes are: {', '.join(ATTRIBUTES)})")
    for attr in ATTRIBUTES:
        if not isinstance(names.get(attr), str) or not names[attr].strip():
            raise CardDataError(f"attributes: {brief(attr)} needs a display name")
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list):
        raise CardDataError("the card file needs [[card]] entries")

    values: dict[int, str] = {}
    for index, raw in enumerate(raw_cards, 1):
        where = f"card #{index}"
        if not isinstance(raw, dict):
            raise CardDataError(f"{where}: must be a table")
        value, name = raw.get("value"), raw.get("name")
        if not _is_int(value) or not 1 <= value <= NUM_CARDS:
            raise CardDataError(f"{where} {brief(name)}: value: must be a whole number 1..{NUM_CARDS}, "
                                f"not {brief(value)}")
        if not isinstance(name, str) or not name.strip():
            raise CardDataError(f"card {value}: name: must be a non-empty text, not {brief(name)}", value,
                                ("name",))
        if value in values:
            raise CardDataError(f"card {value} {brief(name)}: value: {value} is already used by "
                                f"{brief(values[value])}")
        same = next((v for v, n in values.items() if n == name), None)
        if same is not None:
            raise CardDataError(f"card {value} {brief(name)}: name: {brief(name)} is already the name of "
                                f"card {same}", value, ("name",))
        values[value] = name
    missing = sorted(set(range(1, NUM_CARDS + 1)) - set(values))
    if missing:
        raise CardDataError(f"the card file has no card with value {missing[0]} "
                            f"(every value 1..{NUM_CARDS} needs one card)")

    cards: dict[int, Card] = {}
    all_names = set(values.values())
    for raw in raw_cards:
        try:
            card = _card(raw, all_names)
        except CardDataError as exc:
            exc.value = raw["value"]
            raise
        cards[card.value] = card
    return CardSet(dict(names), dict(sorted(cards.items())))


_CARD_KEYS = {"value", "name", "english", "attributes", "abilities", "evaluate_last"}
_ABILITY_KEYS = {"seal", "reward", "amount", "when", "per", "block", "text"}


def _card(raw: dict[str, Any], all_names: set[str]) -> Card:
    value, name = raw["value"], raw["name"]
    where = f"card {value} {brief(name)}"
    extra = sorted(set(raw) - _CARD_KEYS)
    if extra:
        raise CardDataError(f"{where}: unknown field {brief(extra[0])}", field=(str(extra[0]),))
    attrs = raw.get("attributes")
    if attrs == "all":
        attributes = frozenset(ATTRIBUTES)
    elif isinstance(attrs, list) and attrs:
        for attr in attrs:
            if attr not in ATTRIBUTES:
                raise CardDataError(f"{where}: attributes: unknown attribute {brief(attr)}",
                                    field=("attributes",))
        attributes = frozenset(attrs)
    else:
        raise CardDataError(f"{where}: attributes: must be a non-empty list of attribute ids or \"all\"",
                            field=("attributes",))
    last = raw.get("evaluate_last", False)
    if not isinstance(last, bool):
        raise CardDataError(f"{where}: evaluate_last: must be true or false, not {brief(last)}",
                            field=("evaluate_last",))
    english = raw.get("english", "")
    if not isinstance(english, str):
        raise CardDataError(f"{where}: english: must be a text, not {brief(english)}", field=("english",))
    raw_abilities = raw.get("abilities", [])
    if not isinstance(raw_abilities, list):
        raise CardDataError(f"{where}: abilities: must be a list of tables", field=("abilities",))
    abilities = []
    for i, ability in enumerate(raw_abilities, 1):
        try:
            abilities.append(_ability(ability, f"{where}: ability {i}", name, all_names, last))
        except CardDataError as exc:
            exc.field = ("abilities", str(i))
            raise
    return Card(value, name, attributes, tuple(abilities), last, english.strip())


def _ability(raw: Any, where: str, own_name: str, all_names: set[str], evaluate_last: bool) -> Ability:
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: must be a table")
    extra = sorted(set(raw) - _ABILITY_KEYS)
    if extra:
        raise CardDataError(f"{where}: unknown field {brief(extra[0])}")
    seal = raw.get("seal")
    if seal not in SEALS:
        raise CardDataError(f"{where}: unknown seal {brief(seal)} (seals: {', '.join(SEALS)})")
    text = raw.get("text", "")
    if not isinstance(text, str):
        raise CardDataError(f"{where}: text: must be a text")
    if "block" in raw:
        block = raw["block"]
        if not isinstance(block, list) or not block or any(t not in TOKENS for t in block):
            raise CardDataError(f"{where}: block: must be a list of tokens ({', '.join(TOKENS)}), "
                                f"not {brief(block)}")
        if set(raw) & {"reward", "amount", "when", "per"}:
            raise CardDataError(f"{where}: block: a blocking ability has no reward, amount, when or per")
        if seal != "II":
            raise CardDataError(f"{where}: seal: a blocking ability works in a trick, so its seal is \"II\"")
        return Ability(seal, block=frozenset(block), text=text)
    reward = raw.get("reward")
    if reward not in TOKENS:
        raise CardDataError(f"{where}: unknown reward {brief(reward)} (rewards: {', '.join(TOKENS)})")
    amount = raw.get("amount")
    if not _is_int(amount) or amount < 1:
        raise CardDataError(f"{where}: amount: must be a whole number >= 1, not {brief(amount)}")
    when = _condition(raw["when"], f"{where}: when", own_name, all_names) if "when" in raw else None
    per = _multiplier(raw["per"], f"{where}: per") if "per" in raw else None
    for part, label in ((when, "when"), (per, "per")):
        if part is not None and part.kind in TRICK_ONLY and seal != "II":
            raise CardDataError(f"{where}: {label}: {part.kind!r} needs a trick, so the seal must be \"II\"")
    if when is not None and when.kind == "standing" and not evaluate_last:
        raise CardDataError(f"{where}: when: 'standing' compares with the other players, so the card needs "
                            "evaluate_last = true")
    return Ability(seal, reward, amount, when, per, text=text)


def _condition(raw: Any, where: str, own_name: str, all_names: set[str]) -> Condition:
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: must be a table such as {{kind = \"own\", attribute = \"tier\"}}")
    kind = raw.get("kind")
    if kind not in CONDITION_KINDS:
        raise CardDataError(f"{where}: unknown condition kind {brief(kind)} "
                            f"(kinds: {', '.join(CONDITION_KINDS)})")
    allowed = {
        "own": {"attribute", "count", "other"},
        "trick": {"attribute", "count", "other"},
        "own_card": {"card"},
        "result": {"result"},
        "position": {"position"},
        "tricks_won": {"at_most", "at_least"},
        "standing": {"token", "standing"},
    }[kind]
    _no_extra(raw, allowed, where)
    if kind in ("own", "trick"):
        return Condition(kind, attribute=_attribute(raw, where), count=_count(raw, "count", where, 1),
                         other=_flag(raw, "other", where))
    if kind == "own_card":
        card = raw.get("card")
        if not isinstance(card, str) or card not in all_names:
            raise CardDataError(f"{where}: card: there is no card called {brief(card)}")
        if card == own_name:
            raise CardDataError(f"{where}: card: a card cannot ask for itself")
        return Condition(kind, card=card)
    if kind == "result":
        return Condition(kind, result=_choice(raw, "result", RESULTS, where))
    if kind == "position":
        return Condition(kind, position=_choice(raw, "position", POSITIONS, where))
    if kind == "tricks_won":
        if ("at_most" in raw) == ("at_least" in raw):
            raise CardDataError(f"{where}: tricks_won needs exactly one of at_most, at_least")
        if "at_most" in raw:
            return Condition(kind, at_most=_count(raw, "at_most", where, 0, minimum=0))
        return Condition(kind, at_least=_count(raw, "at_least", where, 1))
    return Condition(kind, token=_choice(raw, "token", TOKENS, where),
                     standing=_choice(raw, "standing", STANDINGS, where))


def _multiplier(raw: Any, where: str) -> Multiplier:
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: must be a table such as {{kind = \"own\", attribute = \"zwerg\"}}")
    kind = raw.get("kind")
    if kind not in MULTIPLIER_KINDS:
        raise CardDataError(f"{where}: unknown multiplier kind {brief(kind)} "
                            f"(kinds: {', '.join(MULTIPLIER_KINDS)})")
    allowed = {
        "own": {"attribute", "other", "group"},
        "trick": {"attribute", "other"},
        "tokens": {"token", "group"},
        "attributes": {"group"},
        "tricks_won": set(),
    }[kind]
    _no_extra(raw, allowed, where)
    if kind == "own":
        return Multiplier(kind, attribute=_attribute(raw, where), other=_flag(raw, "other", where),
                          group=_count(raw, "group", where, 1))
    if kind == "trick":
        return Multiplier(kind, attribute=_attribute(raw, where), other=_flag(raw, "other", where))
    if kind == "tokens":
        return Multiplier(kind, token=_choice(raw, "token", TOKENS, where),
                          group=_count(raw, "group", where, 1))
    if kind == "attributes":
        return Multiplier(kind, group=_count(raw, "group", where, 1))
    return Multiplier(kind)


def _no_extra(raw: dict[str, Any], allowed: set[str], where: str) -> None:
    extra = sorted(set(raw) - allowed - {"kind"})
    if extra:
        raise CardDataError(f"{where}: {brief(raw['kind'])} has no field {brief(extra[0])}")


def _attribute(raw: dict[str, Any], where: str) -> str:
    attr = raw.get("attribute")
    if attr not in ATTRIBUTES:
        raise CardDataError(f"{where}: unknown attribute {brief(attr)}")
    return attr


def _choice(raw: dict[str, Any], key: str, choices: tuple[str, ...], where: str) -> str:
    value = raw.get(key)
    if value not in choices:
        raise CardDataError(f"{where}: {key}: {brief(value)} is not one of {', '.join(choices)}")
    return value


def _count(raw: dict[str, Any], key: str, where: str, default: int, minimum: int = 1) -> int:
    value = raw.get(key, default)
    if not _is_int(value) or value < minimum:
        raise CardDataError(f"{where}: {key}: must be a whole number >= {minimum}, not {brief(value)}")
    return value


def _flag(raw: dict[str, Any], key: str, where: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise CardDataError(f"{where}: {key}: must be true or false, not {brief(value)}")
    return value


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# -- words -----------------------------------------------------------------------------------------------
# Every text here is built when it is shown, in the chosen language (game.i18n): the names and the
# attributes' display names through the catalogue (see `catalogue_words`), the abilities as messages.

#: German names with an article in a sentence: the article's gender ("m", "f", "n", "pl"), or the three
#: forms (nominative, accusative, dative) where an adjective or a weak noun changes; a name that is not
#: listed is a proper name and takes no article ("wenn du Hänsel hast").
_GERMAN_FORMS: dict[str, str | tuple[str, str, str]] = {
    "Gestaltwandler": "m",
    "Weißer Hase": ("der Weiße Hase", "den Weißen Hasen", "dem Weißen Hasen"),
    "Gieriger Zwerg": ("der Gierige Zwerg", "den Gierigen Zwerg", "dem Gierigen Zwerg"),
    "Friedlicher Zwerg": ("der Friedliche Zwerg", "den Friedlichen Zwerg", "dem Friedlichen Zwerg"),
    "Zwerge der Freundschaft": ("die Zwerge der Freundschaft", "die Zwerge der Freundschaft",
                                "den Zwergen der Freundschaft"),
    "Haselmaus": "f",
    "Bremer Esel": "m",
    "Froschkönig": "m",
    "Grinsekatz": "f",
    "Hutmacher": "m",
    "Oger": "m",
    "Gestiefelter Kater": ("der Gestiefelte Kater", "den Gestiefelten Kater", "dem Gestiefelten Kater"),
    "Märchenprinz": ("der Märchenprinz", "den Märchenprinzen", "dem Märchenprinzen"),
    "Hexe": "f",
    "Greif": ("der Greif", "den Greifen", "dem Greifen"),
    "Raupe": "f",
    "Goldesel": "m",
    "Kobold": "m",
    "Zyklop": ("der Zyklop", "den Zyklopen", "dem Zyklopen"),
    "Rabe": ("der Rabe", "den Raben", "dem Raben"),
    "Zauberlehrling": "m",
    "Herzkönigin": "f",
    "Riese": ("der Riese", "den Riesen", "dem Riesen"),
    "Meerjungfrau": "f",
    "Eisriese": ("der Eisriese", "den Eisriesen", "dem Eisriesen"),
    "Schneekönigin": "f",
    "Einhorn": "n",
    "Großer Zauberer": ("der Große Zauberer", "den Großen Zauberer", "dem Großen Zauberer"),
    "Stiefmutter": "f",
    "Böser Wolf": ("der Böse Wolf", "den Bösen Wolf", "dem Bösen Wolf"),
    "Zwergenkönig": "m",
    "Hexenmeister": "m",
    "Krake": ("der Krake", "den Kraken", "dem Kraken"),
    "Böse Königin": ("die Böse Königin", "die Böse Königin", "der Bösen Königin"),
    "Troll": "m",
    "Vampir": "m",
    "Jabberwocky": "m",
    "Teufel": "m",
    "Phönix": "m",
    "Drache": ("der Drache", "den Drachen", "dem Drachen"),
}
_GERMAN_ARTICLES = {"m": ("der", "den", "dem"), "f": ("die", "die", "der"), "n": ("das", "das", "dem"),
                    "pl": ("die", "die", "den")}
_CASES = ("nom", "acc", "dat")
#: cards whose English name is a proper name, said without "the" (by the card's German name)
_ENGLISH_PROPER = frozenset({
    "Hänsel", "Gretel", "Rotkäppchen", "Pechmarie", "Aschenputtel", "Zwerg Nase", "Gestiefelter Kater",
    "Rumpelstilzchen", "Märchenprinz", "Schneewittchen", "Sterntaler", "König Drosselbart",
})


def catalogue_words() -> list[tuple[str | None, str]]:
    """The card data's texts for the catalogues: card names, attribute names, written-out abilities."""
    cards = default_cards()
    out: list[tuple[str | None, str]] = [("card name", c.english_name) for c in cards.cards.values()]
    out += [("attribute", cards.attribute_names[a]) for a in ATTRIBUTES]
    out += [("ability", a.text) for c in cards.cards.values() for a in c.abilities if a.text]
    return out


def _card_called(card_id: str) -> Card | None:
    """A card of the default set by its value ("17") or its name ("Troll")."""
    cards = default_cards()
    if card_id.isdigit():
        return cards.cards.get(int(card_id))
    return cards.by_name(card_id)


def card_label(card_id: str, case: str = "") -> str:
    """A card's name in the chosen language (by value or name). With a case ("nom", "acc", "dat") it
    comes with its article where the language needs one: "den Weißen Hasen", "the White Rabbit"."""
    card = _card_called(str(card_id))
    if card is None:
        return str(card_id)
    name = ptr("card name", card.english_name)
    if case not in _CASES:
        return name
    if language() == "de":
        form = _GERMAN_FORMS.get(card.name)
        if form is None:
            return name
        if isinstance(form, tuple):
            return form[_CASES.index(case)] if name == card.name else name
        return f"{_GERMAN_ARTICLES[form][_CASES.index(case)]} {name}"
    if language() == "en" and card.name not in _ENGLISH_PROPER:
        return f"the {name}"
    return name


def card_param(card: Card | int) -> CardParam:
    """A card as a message parameter."""
    value = card if isinstance(card, int) else card.value
    return CardParam("three_chapters", str(value))


def seal_message(seal: str) -> Message:
    if seal == "II":
        return message("Chapter II")
    if seal == "III":
        return message("Chapter III")
    return message("Chapters II and III")


def token_message(token: str, amount: int, signed: bool = True) -> Message:
    """'+2 hearts' (or '2 hearts' unsigned)."""
    if token == "stars":
        return (plural_message("+{n} star", "+{n} stars", n=amount) if signed
                else plural_message("{n} star", "{n} stars", n=amount))
    if token == "hearts":
        return (plural_message("+{n} heart", "+{n} hearts", n=amount) if signed
                else plural_message("{n} heart", "{n} hearts", n=amount))
    return (plural_message("+{n} crystal", "+{n} crystals", n=amount) if signed
            else plural_message("{n} crystal", "{n} crystals", n=amount))


def tokens_word(token: str) -> Message:
    """'hearts': a kind of token, in general."""
    if token == "stars":
        return context_message("tokens", "stars")
    if token == "hearts":
        return context_message("tokens", "hearts")
    return context_message("tokens", "crystals")


def _attribute_word(attribute: str, names: Mapping[str, str]) -> Message:
    return context_message("attribute", names[attribute])


def ability_message(ability: Ability, names: Mapping[str, str]) -> Message:
    """The hover text of an ability as a message: the file's own text, else one written from its data
    ("Chapter II: +2 hearts if you lead the trick.")."""
    if ability.text:
        return context_message("ability", ability.text)
    effect = ability_effect(ability, names)
    return message("{seal}: {effect}.", seal=seal_message(ability.seal), effect=effect)


def ability_effect(ability: Ability, names: Mapping[str, str]) -> Message:
    """What an ability pays and when, without its chapter ("+2 hearts if you lead the trick"): a card
    face says the chapter with its seal."""
    if ability.text:
        return context_message("ability", ability.text)
    if ability.block:
        blocked = [tokens_word(t) for t in TOKENS if t in ability.block]
        what: Message = blocked[0]
        for more in blocked[1:]:
            what = message("{first} or {second}", first=what, second=more)
        return message("nobody gets {tokens} from this trick", tokens=what)
    effect = token_message(ability.reward, ability.amount)
    per = _per_message(ability.per, names) if ability.per is not None else None
    when = _when_message(ability.when, names) if ability.when is not None else None
    if per is not None and when is not None:
        return message("{reward} {per} {when}", reward=effect, per=per, when=when)
    if per is not None:
        return message("{reward} {per}", reward=effect, per=per)
    if when is not None:
        return message("{reward} {when}", reward=effect, when=when)
    return effect


def ability_text(ability: Ability, names: Mapping[str, str]) -> str:
    """The hover text of an ability in the chosen language."""
    return words(ability_message(ability, names))


def card_text(card: Card, names: Mapping[str, str]) -> list[str]:
    lines = [ability_text(a, names) for a in card.abilities]
    if card.evaluate_last:
        lines.append(tr("Checked after every other player's abilities."))
    return lines


def _when_message(cond: Condition, names: Mapping[str, str]) -> Message:
    if cond.kind in ("own", "trick"):
        attribute = _attribute_word(cond.attribute, names)
        if cond.kind == "own" and cond.other:
            return plural_message("if you have at least {n} other {attribute} card",
                                  "if you have at least {n} other {attribute} cards",
                                  n=cond.count, attribute=attribute)
        if cond.kind == "own":
            return plural_message("if you have at least {n} {attribute} card",
                                  "if you have at least {n} {attribute} cards",
                                  n=cond.count, attribute=attribute)
        if cond.other:
            return plural_message("if the trick holds at least {n} other {attribute} card",
                                  "if the trick holds at least {n} other {attribute} cards",
                                  n=cond.count, attribute=attribute)
        return plural_message("if the trick holds at least {n} {attribute} card",
                              "if the trick holds at least {n} {attribute} cards",
                              n=cond.count, attribute=attribute)
    if cond.kind == "own_card":
        return message("if you have {card:acc}", card=CardParam("three_chapters", cond.card))
    if cond.kind == "result":
        if cond.result == "won":
            return message("if this card wins the trick")
        if cond.result == "lost":
            return message("if this card loses the trick")
        return message("if this is the lowest card of the trick")
    if cond.kind == "position":
        if cond.position == "led":
            return message("if you lead the trick")
        if cond.position == "second":
            return message("if you play second to the trick")
        if cond.position == "middle":
            return message("if you play neither first nor last to the trick")
        return message("if you play last to the trick")
    if cond.kind == "tricks_won":
        if cond.at_most == 0:
            return message("if you won no trick in Chapter II")
        if cond.at_most is not None:
            return plural_message("if you won at most {n} trick in Chapter II",
                                  "if you won at most {n} tricks in Chapter II", n=cond.at_most)
        return plural_message("if you won at least {n} trick in Chapter II",
                              "if you won at least {n} tricks in Chapter II", n=cond.at_least or 0)
    return _standing_message(cond.token, cond.standing)


def _standing_message(token: str, standing: str) -> Message:
    if standing == "most":
        if token == "stars":
            return message("if you have the most stars (ties count)")
        if token == "hearts":
            return message("if you have the most hearts (ties count)")
        return message("if you have the most crystals (ties count)")
    if token == "stars":
        return message("if you have the fewest stars (ties count)")
    if token == "hearts":
        return message("if you have the fewest hearts (ties count)")
    return message("if you have the fewest crystals (ties count)")


def _per_message(per: Multiplier, names: Mapping[str, str]) -> Message:
    if per.kind == "own":
        attribute = _attribute_word(per.attribute, names)
        if per.group > 1:
            if per.other:
                return message("per {n} other {attribute} cards you have", n=per.group, attribute=attribute)
            return message("per {n} {attribute} cards you have", n=per.group, attribute=attribute)
        if per.other:
            return message("per other {attribute} card you have", attribute=attribute)
        return message("per {attribute} card you have", attribute=attribute)
    if per.kind == "trick":
        attribute = _attribute_word(per.attribute, names)
        if per.other:
            return message("per other {attribute} card in the trick", attribute=attribute)
        return message("per {attribute} card in the trick", attribute=attribute)
    if per.kind == "tokens":
        if per.group > 1:
            if per.token == "stars":
                return message("per {n} stars you have", n=per.group)
            if per.token == "hearts":
                return message("per {n} hearts you have", n=per.group)
            return message("per {n} crystals you have", n=per.group)
        if per.token == "stars":
            return message("per star you have")
        if per.token == "hearts":
            return message("per heart you have")
        return message("per crystal you have")
    if per.kind == "attributes":
        if per.group == 1:
            return message("per different attribute among your cards")
        return message("per {n} different attributes among your cards", n=per.group)
    return message("per trick you won in Chapter II")
