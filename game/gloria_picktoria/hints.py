"""Why a Gloria Picktoria move is good, in the heuristic's own terms (see bot.py), and the words for it.

The heuristic values a move by the expected lead in points it leaves (rows scored at every scoring left,
the fox's reach, the doubler's timing, the cost of lone treasure cards and hand cards at the end), so a
hint names what the move does to the rows and how much more the heuristic thinks it is worth than the
next best move. The words are all in MESSAGES (ids "gp.*").
"""

from __future__ import annotations

from typing import Any

from ..ai.base import Decision
from ..ai.hint import Reason
from ..core import Action, Rng
from .bot import HeuristicBot
from .cards import DOUBLER, JOKER, MOTIF_BY_ID

#: A lead smaller than this (in points) is not worth a sentence.
WORTH_SAYING = 0.1

MESSAGES: dict[str, str] = {
    "gp.extends_row": "it adds to your {motif} row, which scores at every scoring left",
    "gp.alone_motif": "nobody else collects {motif}, so your row of them scores the most",
    "gp.opens_treasure": "it opens your {motif} treasure card, which would cost 2 points at the end if "
                         "left alone",
    "gp.joker": "the joker fits any row: it lengthens your {motif} row",
    "gp.new_treasure": "it starts a new collection with {card} as its treasure card",
    "gp.doubler_treasure": "the doubler as a treasure card starts a new collection",
    "gp.doubler": "the doubler doubles your {motif} row, and a scoring may come before your next turn",
    "gp.take_fits": "{card} on offer fits your {motif} row",
    "gp.take": "{card} on offer is the most useful card to hold",
    "gp.draw": "nothing on offer helps you: a drawn card may",
    "gp.fox_away": "the fox leaves your own {motif} row, so that row counts at the next scoring",
    "gp.fox_on": "the fox takes {seat}'s {motif} row out of the next scoring",
    "gp.keep_fox": "no row of your neighbour's is worth sending the fox to",
    "gp.value": "by the rule of thumb's count it leaves you {points} points better placed than the next best "
                "move ({next})",
    # Its playouts end with the turn and guess the rest from the evaluation: no chance to win worth a number.
    "search_chance": "the search tried it against {next} on {games} possible deals, to the end of your turn",
    "search_chance_alone": "the search tried it on {games} possible deals, to the end of your turn",
}


def motif_words(motif: str | None) -> str:
    found = MOTIF_BY_ID.get(motif or "")
    return found.name if found is not None else (motif or "")


def card_words(card: str) -> str:
    if card == JOKER:
        return "the joker"
    if card == DOUBLER:
        return "the doubler"
    return f"a {motif_words(card)}"


def action_words(text: str) -> str:
    kind, _, rest = text.partition(" ")
    args = rest.split()
    if kind == "treasure" and args:
        return f"lay {card_words(args[0])} as a new treasure card"
    if kind == "open" and len(args) == 2:
        return f"lay {card_words(args[0])} on your collection {int(args[1]) + 1}"
    if kind == "doubler" and args:
        return f"lay the doubler on your collection {int(args[0]) + 1}"
    if kind == "take" and args:
        return f"take card {int(args[0]) + 1} on offer"
    if kind == "draw":
        return "draw from the pile"
    if kind == "fox" and len(args) == 2:
        return f"move the fox to collection {int(args[1]) + 1} of seat {int(args[0]) + 1}"
    if kind == "pass_fox" and args:
        return f"pass the fox to your neighbour's collection {int(args[0]) + 1}"
    if kind == "keep_fox":
        return "leave the fox where it is"
    return text


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


def _collection(obs: dict[str, Any], owner: int, index: int) -> dict[str, Any] | None:
    return next((c for c in obs["collections"] if c["owner"] == owner and c["index"] == index), None)


def _collectors(obs: dict[str, Any], motif: str) -> set[int]:
    return {c["owner"] for c in obs["collections"] if c["motif"] == motif or c["treasure"] == motif}


def _what_it_does(obs: dict[str, Any], action: Action) -> list[Reason]:
    me = obs["seat"]
    if action.kind == "open":
        card, index = str(action.args[0]), int(action.args[1])
        coll = _collection(obs, me, index) or {}
        motif = coll.get("motif") or coll.get("treasure")
        out = []
        if coll.get("lone"):
            out.append(Reason("gp.opens_treasure", {"motif": motif_words(motif)}))
        elif card == JOKER:
            out.append(Reason("gp.joker", {"motif": motif_words(motif)}))
        else:
            out.append(Reason("gp.extends_row", {"motif": motif_words(motif)}))
        if motif and _collectors(obs, motif) <= {me}:
            out.append(Reason("gp.alone_motif", {"motif": motif_words(motif)}))
        return out
    if action.kind == "treasure":
        card = str(action.args[0])
        if card == DOUBLER:
            return [Reason("gp.doubler_treasure")]
        return [Reason("gp.new_treasure", {"card": card})]
    if action.kind == "doubler":
        coll = _collection(obs, me, int(action.args[0])) or {}
        return [Reason("gp.doubler", {"motif": motif_words(coll.get("motif"))})]
    if action.kind == "take":
        slot = int(action.args[0])
        card = obs["display"][slot] if slot < len(obs["display"]) else ""
        rows = [c for c in obs["collections"] if c["owner"] == me and not c["doubler"]]
        fits = next((c for c in rows if card in (c["motif"], c["treasure"]) or card == JOKER), None)
        if fits is not None:
            motif = motif_words(fits["motif"] or fits["treasure"])
            return [Reason("gp.take_fits", {"card": card, "motif": motif})]
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
                out.append(Reason("gp.fox_away", {"motif": motif_words(old["motif"])}))
        if seat != me and coll.get("motif"):
            out.append(Reason("gp.fox_on", {"seat": seat, "motif": motif_words(coll["motif"])}))
        return out
    if action.kind == "keep_fox":
        return [Reason("gp.keep_fox")]
    return []
