"""Why a Gloria Picktoria move is good, in the heuristic's own terms (see bot.py), and the words for it.

The heuristic values a move by the expected lead in points it leaves (rows scored at every scoring left,
the fox's reach, the doubler's timing, the cost of lone treasure cards and hand cards at the end), so a
hint names what the move does to the rows and how much more the heuristic thinks it is worth than the
next best move. The words are all in MESSAGES (ids "gp.*"), marked for the catalogues and translated where
a hint is shown; a reason carries card ids (the key "card"), which are put into words in the chosen
language only then.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.ai.base import Decision
from game.ai.hint import Reason
from game.core import Action, Rng
from game.gloria_picktoria.bot import HeuristicBot
from game.gloria_picktoria.cards import DOUBLER, JOKER, MOTIF_BY_ID, card_label
from game.i18n import N_, seat_label, tr

#: what a lone treasure card costs at the end in the seed (GP-R10): the words of "gp.opens_treasure"
_SEED_LONE_COST = 2
#: A lead smaller than this (in points) is not worth a sentence.
WORTH_SAYING = 0.1

MESSAGES: dict[str, str] = {
    # {card} is a motif where the words speak of a row
    "gp.extends_row": N_("it adds to your {card} row, which scores at every scoring left"),
    "gp.alone_motif": N_("nobody else collects {card}, so your row of them scores the most"),
    "gp.opens_treasure": N_("it opens your {card} treasure card, which would cost 2 points at the end if "
                            "left alone"),
    "gp.opens_treasure_costs": N_("it opens your {card} treasure card, which would cost {points} points at "
                                  "the end if left alone"),  # a variant's penalty (docs/variants.md)
    "gp.joker": N_("the joker fits any row: it lengthens your {card} row"),
    "gp.new_treasure": N_("it starts a new collection with a {card} treasure card"),
    "gp.doubler_treasure": N_("the doubler as a treasure card starts a new collection"),
    "gp.doubler": N_("the doubler doubles your {card} row, and a scoring may come before your next turn"),
    "gp.take_fits": N_("the {card} on offer fits your row of them"),
    "gp.take_joker": N_("the joker on offer fits your {card} row"),
    "gp.take": N_("the {card} on offer is the most useful card to hold"),
    "gp.draw": N_("nothing on offer helps you: a drawn card may"),
    "gp.fox_away": N_("the fox leaves your own {card} row, so that row counts at the next scoring"),
    "gp.fox_on": N_("the fox takes {seat}'s {card} row out of the next scoring"),
    "gp.keep_fox": N_("no row of your neighbour's is worth sending the fox to"),
    "gp.value": N_("by the rule of thumb's count it leaves you {points} points better placed than the next "
                   "best move ({next})"),
    # Its playouts end with the turn and guess the rest from the evaluation: no chance to win worth a number.
    "search_chance": N_("the search tried it against {next} on {games} possible deals, to the end of your "
                        "turn"),
    "search_chance_alone": N_("the search tried it on {games} possible deals, to the end of your turn"),
    "search_tie": N_("the search found it as good as {next} on {games} possible deals, to the end of your "
                     "turn"),
    "search_tie_plain": N_("the search found it as good as {next} on {games} possible deals, to the end of "
                           "your turn, so the rule of thumb's choice stands"),
    "search_noise": N_("the search found {next} a little better on {games} possible deals, within the "
                       "search's noise: the move it tried most stands"),
    "search_noise_plain": N_("the search found {next} a little better on {games} possible deals, within the "
                             "search's noise, so the plainer move (the rule of thumb's) stands"),
}
#: what a move does, by its kind (the action's text stays as it is: it is the record's); numbers count
#: from 1, as a person counts
_ACTION_WORDS: dict[str, str] = {
    "treasure": N_("lay {card} as a new treasure card"),
    "open": N_("lay {card} on your collection {number}"),
    "doubler": N_("lay the doubler on your collection {number}"),
    "take": N_("take card {number} on offer"),
    "draw": N_("draw from the pile"),
    "fox": N_("move the fox to collection {number} of {seat}"),
    "pass_fox": N_("pass the fox to your neighbour's collection {number}"),
    "keep_fox": N_("leave the fox where it is"),
}


def card_words(card: str) -> str:
    """A card's bare name in the chosen language, as a hint's words use it (an unknown id as it is)."""
    return card_label(card) if card in (*MOTIF_BY_ID, JOKER, DOUBLER) else card


def action_words(text: str) -> str:
    kind, _, rest = text.partition(" ")
    args = rest.split()
    template = _ACTION_WORDS.get(kind)
    if template is None:
        return text
    card = ""
    if kind in ("treasure", "open") and args:
        card = card_label(args[0], "acc" if args[0] in (JOKER, DOUBLER) else "a")
    numbers = [int(a) for a in args if a.isdigit()]
    number = numbers[-1] + 1 if numbers else ""
    seat = seat_label(numbers[0]) if kind == "fox" and len(numbers) == 2 else ""
    return tr(template).format(card=card, number=number, seat=seat)


def reasons(decision: Decision, action: Action, rng: Rng) -> list[Reason]:
    obs = decision.observation
    out = _what_it_does(obs, action)
    ranked = HeuristicBot().ranked(decision, rng)
    values = {a: v for v, a in ranked}
    others = [(v, a) for v, a in ranked if a != action]
    if action in values and others:
        lead = values[action] - others[0][0]
        if lead >= WORTH_SAYING:
            out.append(Reason("gp.value", {"points": round(lead, 1), "next": str(others[0][1])}))
    return out


def _collection(obs: Mapping[str, Any], owner: int, index: int) -> Mapping[str, Any] | None:
    return next((c for c in obs["collections"] if c["owner"] == owner and c["index"] == index), None)


def _collectors(obs: Mapping[str, Any], motif: str) -> set[int]:
    return {c["owner"] for c in obs["collections"] if c["motif"] == motif or c["treasure"] == motif}


def _what_it_does(obs: Mapping[str, Any], action: Action) -> list[Reason]:
    me = obs["seat"]
    if action.kind == "open":
        card, index = str(action.args[0]), int(action.args[1])
        coll = _collection(obs, me, index) or {}
        motif = coll.get("motif") or coll.get("treasure")
        out = []
        if coll.get("lone"):
            cost = -obs["data"]["lone_treasure_penalty"]
            out.append(Reason("gp.opens_treasure", {"card": motif}) if cost == _SEED_LONE_COST
                       else Reason("gp.opens_treasure_costs", {"card": motif, "points": cost}))
        elif card == JOKER:
            out.append(Reason("gp.joker", {"card": motif}))
        else:
            out.append(Reason("gp.extends_row", {"card": motif}))
        if motif and _collectors(obs, motif) <= {me}:
            out.append(Reason("gp.alone_motif", {"card": motif}))
        return out
    if action.kind == "treasure":
        card = str(action.args[0])
        if card == DOUBLER:
            return [Reason("gp.doubler_treasure")]
        return [Reason("gp.new_treasure", {"card": card})]
    if action.kind == "doubler":
        coll = _collection(obs, me, int(action.args[0])) or {}
        return [Reason("gp.doubler", {"card": coll.get("motif") or ""})]
    if action.kind == "take":
        slot = int(action.args[0])
        card = obs["display"][slot] if slot < len(obs["display"]) else ""
        rows = [c for c in obs["collections"] if c["owner"] == me and not c["doubler"]]
        fits = next((c for c in rows if card in (c["motif"], c["treasure"]) or card == JOKER), None)
        if fits is not None and card == JOKER:
            return [Reason("gp.take_joker", {"card": fits["motif"] or fits["treasure"]})]
        if fits is not None:
            return [Reason("gp.take_fits", {"card": card})]
        return [Reason("gp.take", {"card": card})]
    if action.kind == "draw":
        return [Reason("gp.draw")]
    if action.kind in ("fox", "pass_fox"):
        seat = int(action.args[0]) if action.kind == "fox" else int(obs["left_neighbour"])
        index = int(action.args[-1])
        coll = _collection(obs, seat, index) or {}
        fox = obs.get("fox")
        out = []
        if fox is not None and fox[0] == me and seat != me:
            old = _collection(obs, me, fox[1]) or {}
            if old.get("motif"):
                out.append(Reason("gp.fox_away", {"card": old["motif"]}))
        if seat != me and coll.get("motif"):
            out.append(Reason("gp.fox_on", {"seat": seat, "card": coll["motif"]}))
        return out
    if action.kind == "keep_fox":
        return [Reason("gp.keep_fox")]
    return []
