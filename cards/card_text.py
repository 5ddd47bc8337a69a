"""What a card is and does, in words, from each game's card data: its name, its rule text and the
details that go with it (colour, attributes, value). The inspect view, the gallery and the tables read
cards through `describe_card`; `card_text` is the same in one paragraph.

A card is named by its art id, the id the art packs use ("Zofe/red", "king/Zofe", "10H", "egg", "17").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import game
from game.i18n import N_


@dataclass(frozen=True)
class CardText:
    name: str
    rules: tuple[str, ...]  # what the card does, whole sentences
    details: tuple[str, ...] = ()  # what else it carries: colour, attributes, value


# -- Palastgeflüster -------------------------------------------------------------------------------
#: each colour's shape, as the card's detail line says it (colour_marks.SHAPES), with its article
_PG_SHAPES = {"triangle": N_("a triangle"), "circle": N_("a circle"), "star": N_("a star"),
              "diamond": N_("a diamond"), "square": N_("a square"), "cross": N_("a cross")}


def _palastgefluester(card_id: str) -> CardText | None:
    from cards.colour_shapes import shape_of
    from cards.rules_pages import PERSON_MORE  # what the rules view says of it beyond the card's own line
    from game.i18n import tr
    from game.palastgefluester.cards import (
        BROWN,
        COLOURS,
        PERSON_BY_ID,
        colour_label,
        king_text,
        person_action,
        person_label,
    )

    first, _, rest = card_id.partition("/")
    if first == "king":
        person = PERSON_BY_ID.get(rest)
        if person is None or not person.king_text:
            return None
        return CardText(tr("King card: {card}").format(card=person_label(person.id)),
                        (tr("{text}.").format(text=king_text(person.id)),),
                        (tr("The King card on top of the revealed ones blocks its person's action."),))
    person = PERSON_BY_ID.get(first)
    if person is None or rest not in (*COLOURS, BROWN):
        return None
    if rest == BROWN:
        who = tr("Brown (a cross): the player with the fewest cards in their row decides next; on a tie, "
                 "the one who played it chooses among them.")
    else:
        shape = shape_of(rest) or ""
        who = tr("{colour} ({shape}): that player decides next.").format(
            colour=colour_label(rest).capitalize(), shape=tr(_PG_SHAPES.get(shape, shape)))
    more = PERSON_MORE.get(person.id)
    rules = (tr("{text}.").format(text=person_action(person.id)), *((tr(more),) if more else ()))
    return CardText(person_label(person.id), rules, (who,))


# -- Palace ----------------------------------------------------------------------------------------
def _palace(card_id: str) -> CardText | None:
    from game.i18n import ptr, tr
    from game.palace.cards import PLAIN_TEXT, POWER_TEXTS, RANK_ORDER_TEXT, RANKS, SUIT_NAMES, card_label

    rank, suit = card_id[:-1], card_id[-1:]
    found = RANKS.get(rank)
    if found is None or suit not in SUIT_NAMES:
        return None
    if not found.power:
        rules = ptr("card rule", PLAIN_TEXT)
    elif found.option:
        rules = tr("With the option {option}: {rule}").format(
            option=_option_label("palace", found.option), rule=ptr("card rule", POWER_TEXTS[found.power]))
    else:
        rules = ptr("card rule", POWER_TEXTS[found.power])
    return CardText(card_label(card_id), (rules,), (ptr("card rule", RANK_ORDER_TEXT),))


# -- Gloria Picktoria ------------------------------------------------------------------------------
def _gloria_picktoria(card_id: str) -> CardText | None:
    from game.gloria_picktoria.cards import card_label, card_rule

    rules = card_rule(card_id)  # the card data's words, in the chosen language ("" for no card)
    return CardText(card_label(card_id), (rules,)) if rules else None


# -- 3 Chapters ------------------------------------------------------------------------------------
def _three_chapters(card_id: str) -> CardText | None:
    from game.three_chapters.cards import CardDataError, default_cards

    found = re.fullmatch(r"(?:.*\D)?(\d+)", card_id)
    if found is None:
        return None
    try:
        cards = default_cards()
    except CardDataError:
        return None
    value = int(found.group(1))
    if value not in cards.cards:
        return None
    from game.i18n import tr

    card = cards.describe(value)
    details = [tr("Value {value}").format(value=value)]
    if card["attributes"]:
        details.append(tr("Attributes: {attributes}").format(attributes=", ".join(card["attributes"])))
    rules = tuple(card["text"]) or (tr("No ability: it only counts by its value."),)
    return CardText(f"{value} {card['name']}", rules, tuple(details))


#: game id -> what a card id names (None when it names no card of the game)
DESCRIBERS: dict[str, Callable[[str], CardText | None]] = {
    "palastgefluester": _palastgefluester,
    "palace": _palace,
    "gloria_picktoria": _gloria_picktoria,
    "three_chapters": _three_chapters,
}


def describe_card(game_id: str, card_id: str) -> CardText | None:
    """The card `card_id` of `game_id` in words (None for an unknown game or card)."""
    describer = DESCRIBERS.get(game_id)
    if describer is None:
        return None
    try:
        return describer(card_id)
    except ImportError:  # a game whose rules are not built yet
        return None


def card_text(game_id: str, card_id: str) -> str:
    """What a card does in one paragraph: name, rule text and details ("" for an unknown card)."""
    found = describe_card(game_id, card_id)
    if found is None:
        return ""
    return f"{found.name}: " + " ".join((*found.rules, *found.details))


def _option_label(game_id: str, name: str) -> str:
    option = game.load(game_id).options.get(name)
    from game.i18n import tr

    # the quotation marks of the chosen language („…“ in German); the label as the game's options give it
    return tr("“{option}”").format(option=tr(option.label)) if option is not None and option.label else name
