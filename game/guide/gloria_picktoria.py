"""The guided first game of Gloria Picktoria: three players, until the first scoring."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import Action
from game.gloria_picktoria.cards import DH, DOUBLER, JOKER
from game.guide import Course, Lesson, at
from game.i18n import N_, Message, message, plural_message

Obs = Mapping[str, Any]


# Motifs come in many copies (in hands, on offer, in collections): a lesson names each card by where it lies.
def _in_hand(obs: Obs, cards: list[str]) -> list[str]:
    return [at(f"hand:{obs['seat']}", c) for c in cards]


def _turning(obs: Obs, legal: list[Action]) -> bool:
    return obs["phase"] == "turn" and bool(legal)


def _kinds(legal: list[Action]) -> set[str]:
    return {a.kind for a in legal}


def _points(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    return _in_hand(obs, list(obs["hand"])) if _turning(obs, legal) else None


def _treasure(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if not _turning(obs, legal) or "treasure" not in _kinds(legal):
        return None
    cards = {str(a.args[0]) for a in legal if a.kind == "treasure" and a.args[0] != DOUBLER}
    return _in_hand(obs, sorted(cards))


def _open(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if not _turning(obs, legal) or "open" not in _kinds(legal):
        return None
    return _in_hand(obs, sorted({str(a.args[0]) for a in legal if a.kind == "open"}))


def _take(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if not _turning(obs, legal) or "take" not in _kinds(legal):
        return None
    return [at(f"offer:{slot}", card) for slot, card in enumerate(obs["display"])]


def _joker(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    return _in_hand(obs, [JOKER]) if _turning(obs, legal) and JOKER in obs["hand"] else None


def _fox(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    return ["fox"] if obs["fox"] is not None else None


def _fox_move(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if obs["phase"] == "fox_pass" and legal:
        return ["fox"]
    return ["fox"] if _turning(obs, legal) and "fox" in _kinds(legal) else None


def _doubler(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if not _turning(obs, legal) or "doubler" not in _kinds(legal):
        return None
    return [at(f"doubler:{obs['seat']}", DOUBLER)]


def _dschingis(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    return [DH] if obs["dh"]["middle"] > 0 else None


def _scoring(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    return [] if obs["scorings"] else None


def _done(obs: Obs) -> bool:
    return bool(obs["scorings"]) or obs["terminal"]


def _outcome(obs: Obs) -> Message:
    points = obs["scores"]
    me = obs["seat"]
    best = max(points)
    if points[me] == best:
        place = plural_message("you lead with {n} point", "you lead with {n} points", n=points[me])
    else:
        place = plural_message("you have {n} point, the leader {best}",
                               "you have {n} points, the leader {best}", n=points[me], best=best)
    return message("After the first scoring {place}. A whole game has three scorings, at the 4th, 7th and "
                   "10th Genghis Rooster; the last one also costs 2 points for each lone treasure card and 1 "
                   "for each card left in your hand.", place=place)


COURSE = Course(
    game_id="gloria_picktoria",
    players=3,
    seed=8,
    options={},
    intro=N_("Gloria Picktoria with two opponents, until the first scoring. Build the longest rows of "
             "chicken treasures, motif by motif, and mind the fox."),
    lessons=(
        Lesson("gp.points", N_("Three action points"),
               N_("Each turn you have 3 action points (AP). Laying a card costs 1 AP, taking a card on "
                  "offer 1, drawing from the pile 2."), _points),
        Lesson("gp.treasure", N_("A new collection"),
               N_("Lay a hand card face down as a treasure card: a new collection. Its motif is set by the "
                  "first open card you lay on it."), _treasure),
        Lesson("gp.open", N_("Open cards"),
               N_("Lay a hand card face up on one of your collections: on a lone treasure card, or at the "
                  "end of a row of the same motif. One collection per motif."), _open),
        Lesson("gp.take", N_("Taking cards"),
               N_("Take one of the three cards on offer for 1 AP, or draw the top of the pile for 2 AP."),
               _take),
        Lesson("gp.joker", N_("The joker"),
               N_("A joker stands for any motif, but never as the first open card of a collection."),
               _joker),
        Lesson("gp.fox", N_("The fox"),
               N_("The first open card on a treasure card brings the fox there. A collection under the fox "
                  "is left out of the scoring."), _fox),
        Lesson("gp.fox_move", N_("Moving the fox"),
               N_("The fox stands on your collection: move it once a turn, for 1 AP to another of yours or "
                  "for 2 AP to one of your left neighbour's. After your turn you may pass it there for "
                  "free."), _fox_move),
        Lesson("gp.doubler", N_("The doubler"),
               N_("Your doubler closes a collection and doubles its points. Lay it on a good row before a "
                  "scoring."), _doubler),
        Lesson("gp.dschingis", N_("Genghis Rooster"),
               N_("A Genghis Rooster turned up and went to the middle. The 4th, 7th and 10th bring a "
                  "scoring; the 10th ends the game."), _dschingis),
        Lesson("gp.scoring", N_("A scoring"),
               N_("Per motif, without the fox's collection: the only collector scores 4; otherwise the "
                  "longest row 3 and the second longest 1; a doubler doubles."), _scoring),
    ),
    done=_done,
    outcome=_outcome,
)
