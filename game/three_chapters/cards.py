"""The 3 Chapters card set: loaded from cards.toml, validated, and described in words.

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
- ``text`` (optional): the English hover text; by default it is written from the data above.

A card: ``value`` (1..50, each once), ``name`` (unique), ``attributes`` (a list of attribute ids, or
``"all"``), ``abilities`` (a list of the tables above, may be empty) and ``evaluate_last`` (optional:
its abilities are checked after every other player's).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeGuard

from game.core.datafile import DataFileError, brief, decode_utf8, parse_toml, read_limited

from ..core.words import count as counted
from ..core.words import noun

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
    """A fault in the card file; the message names the card and the field."""


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

    def label(self, value: int) -> str:
        return f"{value} {self.cards[value].name}"

    def describe(self, value: int) -> dict[str, Any]:
        """What the table shows of a card: value, name, attribute display names and hover lines."""
        card = self.cards[value]
        return {"value": value, "name": card.name,
                "attributes": [self.attribute_names[a] for a in ATTRIBUTES if a in card.attributes],
                "text": card_text(card, self.attribute_names)}


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
            raise CardDataError(f"card {value}: name: must be a non-empty text, not {brief(name)}")
        if value in values:
            raise CardDataError(f"card {value} {brief(name)}: value: {value} is already used by "
                                f"{brief(values[value])}")
        same = next((v for v, n in values.items() if n == name), None)
        if same is not None:
            raise CardDataError(f"card {value} {brief(name)}: name: {brief(name)} is already the name of "
                                f"card {same}")
        values[value] = name
    missing = sorted(set(range(1, NUM_CARDS + 1)) - set(values))
    if missing:
        raise CardDataError(f"the card file has no card with value {missing[0]} "
                            f"(every value 1..{NUM_CARDS} needs one card)")

    cards: dict[int, Card] = {}
    all_names = set(values.values())
    for raw in raw_cards:
        card = _card(raw, all_names)
        cards[card.value] = card
    return CardSet(dict(names), dict(sorted(cards.items())))


_CARD_KEYS = {"value", "name", "attributes", "abilities", "evaluate_last"}
_ABILITY_KEYS = {"seal", "reward", "amount", "when", "per", "block", "text"}


def _card(raw: dict[str, Any], all_names: set[str]) -> Card:
    value, name = raw["value"], raw["name"]
    where = f"card {value} {brief(name)}"
    extra = sorted(set(raw) - _CARD_KEYS)
    if extra:
        raise CardDataError(f"{where}: unknown field {brief(extra[0])}")
    attrs = raw.get("attributes")
    if attrs == "all":
        attributes = frozenset(ATTRIBUTES)
    elif isinstance(attrs, list) and attrs:
        for attr in attrs:
            if attr not in ATTRIBUTES:
                raise CardDataError(f"{where}: attributes: unknown attribute {brief(attr)}")
        attributes = frozenset(attrs)
    else:
        raise CardDataError(f"{where}: attributes: must be a non-empty list of attribute ids or \"all\"")
    last = raw.get("evaluate_last", False)
    if not isinstance(last, bool):
        raise CardDataError(f"{where}: evaluate_last: must be true or false, not {brief(last)}")
    raw_abilities = raw.get("abilities", [])
    if not isinstance(raw_abilities, list):
        raise CardDataError(f"{where}: abilities: must be a list of tables")
    abilities = tuple(
        _ability(a, f"{where}: ability {i}", name, all_names, last) for i, a in enumerate(raw_abilities, 1)
    )
    return Card(value, name, attributes, abilities, last)


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
_SEAL_WORDS = {"II": "Chapter II", "III": "Chapter III", "both": "Chapters II and III"}


def ability_text(ability: Ability, names: Mapping[str, str]) -> str:
    """The hover text of an ability: the file's own text, else one written from its data."""
    if ability.text:
        return ability.text
    head = _SEAL_WORDS[ability.seal] + ": "
    if ability.block:
        return head + "nobody gets " + " or ".join(sorted(ability.block)) + " from this trick."
    noun = ability.reward if ability.amount != 1 else ability.reward[:-1]
    text = f"+{ability.amount} {noun}"
    if ability.per is not None:
        text += " " + _per_words(ability.per, names)
    if ability.when is not None:
        text += " " + _when_words(ability.when, names)
    return head + text + "."


def card_text(card: Card, names: Mapping[str, str]) -> list[str]:
    lines = [ability_text(a, names) for a in card.abilities]
    if card.evaluate_last:
        lines.append("Checked after every other player's abilities.")
    return lines


def _cards_with(attribute: str, names: Mapping[str, str], count: int, other: bool) -> str:
    return f"{count} {'other ' if other else ''}{names[attribute]} {noun('card', count)}"


def _when_words(cond: Condition, names: Mapping[str, str]) -> str:
    if cond.kind == "own":
        return f"if you have at least {_cards_with(cond.attribute, names, cond.count, cond.other)}"
    if cond.kind == "own_card":
        return f"if you have {cond.card}"
    if cond.kind == "trick":
        return f"if the trick holds at least {_cards_with(cond.attribute, names, cond.count, cond.other)}"
    if cond.kind == "result":
        return {"won": "if this card wins the trick", "lost": "if this card loses the trick",
                "lowest": "if this is the lowest card of the trick"}[cond.result]
    if cond.kind == "position":
        return {"led": "if you lead the trick", "second": "if you play second to the trick",
                "middle": "if you play neither first nor last to the trick",
                "last": "if you play last to the trick"}[cond.position]
    if cond.kind == "tricks_won":
        if cond.at_most == 0:
            return "if you won no trick in Chapter II"
        if cond.at_most is not None:
            return f"if you won at most {_tricks(cond.at_most)} in Chapter II"
        return f"if you won at least {_tricks(cond.at_least or 0)} in Chapter II"
    return f"if you have the {cond.standing} {cond.token} (ties count)"


def _tricks(count: int) -> str:
    return counted(count, "trick")


def _per_words(per: Multiplier, names: Mapping[str, str]) -> str:
    if per.kind == "own":
        group = "" if per.group == 1 else f"{per.group} "
        thing = f"{'other ' if per.other else ''}{names[per.attribute]} cards" if per.group > 1 else \
            f"{'other ' if per.other else ''}{names[per.attribute]} card"
        return f"per {group}{thing} you have"
    if per.kind == "trick":
        return f"per {'other ' if per.other else ''}{names[per.attribute]} card in the trick"
    if per.kind == "tokens":
        if per.group == 1:
            return f"per {per.token[:-1]} you have"
        return f"per {per.group} {per.token} you have"
    if per.kind == "attributes":
        if per.group == 1:
            return "per different attribute among your cards"
        return f"per {per.group} different attributes among your cards"
    return "per trick you won in Chapter II"
