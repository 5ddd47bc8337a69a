"""Why a Palace move is good, in the heuristic's own terms (see bot.py), and the words for it.

The heuristic's ideas: strong cards face up, since they are played late with no hand behind them; the
lowest plain rank first with every copy; power cards (2, 10, an invisible 3) kept for when nothing else
goes, the 10 for a pile worth burning; a run of four completed, so the pile burns and you play again.
The aim is not to be the loser (PA-R12). The words are all in MESSAGES (ids "pa.*"), marked for the
catalogues and translated where a hint is shown; a card or rank parameter is written in the chosen language
with the case its template asks for ("{card:pl}": "7s" / "Siebenen").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.ai.base import Decision
from game.ai.hint import Reason
from game.core import Action, IllegalAction, Rng
from game.i18n import N_, join_words, tr
from game.palace import rules
from game.palace.bot import BIG_PILE, HeuristicBot, strength
from game.palace.cards import BURN, BURN_RUN, INVISIBLE, RESET, card_label, rank_word
from game.palace.data import observed
from game.palace.game import parse_play

MESSAGES: dict[str, str] = {
    "pa.swap_up": N_("it puts {card:acc} face up: strong cards are needed late, when you have no hand"),
    "pa.ready": N_("your face-up cards are already the strongest your hand can make them"),
    "pa.flip": N_("you have no hand or face-up cards left: turn a face-down card"),
    "pa.pickup": N_("nothing you hold goes on the pile now"),
    "pa.burns_run": N_("it makes four {card:pl} on the pile: the pile burns and you play again"),
    "pa.lowest": N_("{card:nom} is your lowest card that goes: your strong cards stay for later"),
    "pa.all_copies": N_("it sheds all {count} of them at once"),
    "pa.keeps_power": N_("it keeps your {card:pl} for when nothing else goes"),
    "pa.burn_big": N_("the 10 burns a pile of {count} cards"),
    "pa.reset": N_("the 2 goes on anything, and the next player must start again from the bottom"),
    "pa.invisible": N_("the 3 goes on anything and leaves the pile as it was"),
    # the same for a rank a variant gives a power (docs/variants.md), and a variant's shorter burning run
    "pa.burns_run_of": N_("it makes {count} {card:pl} in a row on the pile: the pile burns and you play "
                          "again"),
    "pa.burn_big_by": N_("{card:nom} burns a pile of {count} cards"),
    "pa.reset_by": N_("{card:nom} goes on anything, and the next player must start again from the bottom"),
    "pa.invisible_by": N_("{card:nom} goes on anything and leaves the pile as it was"),
    "pa.power_only": N_("only power cards go now, and this one is worth least to keep"),
    "pa.redraw_keep": N_("the drawn card is a power card: worth more kept than played now"),
    "pa.redraw_play": N_("it sheds the drawn card's twins while they go"),
    # Palace's simulated games count not being the loser (and a little the place), not winning (PA-R12).
    "search_won": N_("{won} of {games} simulated games went well with this (above all: not the loser), "
                     "{next_won} of {next_games} with {next}"),
    "search_alone": N_("{won} of {games} simulated games went well with this (above all: not the loser)"),
    "search_chance": N_("simulated play rates this {chance}% (above all: not being the loser), "
                        "{next_chance}% for {next}"),
    "search_chance_alone": N_("simulated play rates this {chance}% (above all: not being the loser)"),
}

#: the powers of the cards a plain play keeps for later (named by their ranks: a variant may give them others)
_KEPT_POWERS = (BURN, RESET, INVISIBLE)
#: the rank the seed gives each of those powers (the reasons "pa.burn_big", "pa.reset" and "pa.invisible"
#: name it)
_SEED_RANKS = {BURN: "10", RESET: "2", INVISIBLE: "3"}
#: what a move does, by its kind (the action's text stays as it is: it is the record's)
_ACTION_WORDS = {
    "play": N_("play {what}"),
    "swap": N_("swap {hand} from your hand with the face-up {up}"),
    "flip": N_("turn a face-down card"),
    "pickup": N_("pick up the pile"),
    "pass": N_("keep the drawn cards"),
    "ready": N_("keep your face-up cards and start"),
}


class CardWords:
    """A card or rank parameter ("AS", "7"; several ranks joined by "+": "2+10"), written in the chosen
    language with the case or plural the template asks for (`{card:pl}`)."""

    def __init__(self, ids: str) -> None:
        self.ids = ids

    def __format__(self, spec: str) -> str:
        return join_words([card_label(one, spec) for one in self.ids.split("+")])

    def __str__(self) -> str:
        return format(self, "")


def card_words(card: str) -> CardWords:
    return CardWords(card)


def action_words(text: str) -> str:
    """"play 2x4" -> "play two 4s", in the chosen language."""
    try:
        action = Action.parse(text)
    except IllegalAction:
        return text
    kind, args = action.kind, action.args
    if kind == "play":
        parsed = parse_play(args[0]) if len(args) == 1 else None
        if parsed is not None:
            count, rank = parsed
            template = _ACTION_WORDS[kind]
            return tr(template).format(what=rank_word(rank, count))
    if kind == "swap":
        hand_card, up_card = (str(args[i]) if i < len(args) else "" for i in (0, 1))
        template = _ACTION_WORDS[kind]
        return tr(template).format(hand=card_label(hand_card), up=card_label(up_card))
    if kind in ("flip", "pickup", "pass", "ready"):
        return tr(_ACTION_WORDS[kind])
    return text


def reasons(decision: Decision, action: Action, rng: Rng) -> list[Reason]:
    obs = decision.observation
    if action.kind == "swap":
        return [Reason("pa.swap_up", {"card": str(action.args[0])})]
    if action.kind == "ready":
        return [Reason("pa.ready")]
    if action.kind == "flip":
        return [Reason("pa.flip")]
    if action.kind == "pickup":
        return [Reason("pa.pickup")]
    if action.kind == "pass":
        return [Reason("pa.redraw_keep")] if obs.get("redraw") else []
    if action.kind != "play":
        return []
    parsed = parse_play(action.args[0])
    if parsed is None:
        return []
    count, rank = parsed
    if obs.get("redraw"):
        return [Reason("pa.redraw_play")]
    return _play(obs, decision.legal, count, rank)


def _play(obs: Mapping[str, Any], legal: list[Action], count: int, rank: str) -> list[Reason]:
    options, data = obs["options"], observed(obs)
    counts = _counts(legal)
    completing = HeuristicBot._completes_run(obs["pile"], counts, data.burn_run)
    if completing == (rank, count):
        if data.burn_run != BURN_RUN:
            return [Reason("pa.burns_run_of", {"card": rank, "count": data.burn_run})]
        return [Reason("pa.burns_run", {"card": rank})]
    out: list[Reason] = []
    if not rules.always_playable(rank, options, data):
        plain = sorted((r for r in counts if not rules.always_playable(r, options, data)),
                       key=lambda r: strength(r, options, data))
        if plain and plain[0] == rank:
            out.append(Reason("pa.lowest", {"card": rank}))
        if count > 1 and count == counts.get(rank):
            out.append(Reason("pa.all_copies", {"count": count}))
        kept = sorted({r for r in counts if rules.power(r, options, data) in _KEPT_POWERS})
        if kept:
            out.append(Reason("pa.keeps_power", {"card": "+".join(kept)}))
        return out
    power = rules.power(rank, options, data)
    seeds = rank == _SEED_RANKS.get(power)  # the seed's rank of this power: the words that name it
    if power == BURN and len(obs["pile"]) >= BIG_PILE:
        count = len(obs["pile"])
        out.append(Reason("pa.burn_big", {"count": count}) if seeds
                   else Reason("pa.burn_big_by", {"card": rank, "count": count}))
    elif power == RESET:
        out.append(Reason("pa.reset") if seeds else Reason("pa.reset_by", {"card": rank}))
    elif power == INVISIBLE:
        out.append(Reason("pa.invisible") if seeds else Reason("pa.invisible_by", {"card": rank}))
    if all(rules.always_playable(r, options, data) for r in counts):
        out.append(Reason("pa.power_only"))
    return out


def _counts(legal: list[Action]) -> dict[str, int]:
    """The most copies of each rank that may go on the pile now."""
    counts: dict[str, int] = {}
    for action in legal:
        parsed = parse_play(action.args[0]) if action.kind == "play" else None
        if parsed is not None:
            counts[parsed[1]] = max(counts.get(parsed[1], 0), parsed[0])
    return counts
