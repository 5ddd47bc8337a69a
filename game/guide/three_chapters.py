"""The guided first game of 3 Chapters: three players, the whole game (two drafts, tricks, the scoring)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import Action
from game.guide import Course, Lesson
from game.i18n import N_, ntr

Obs = Mapping[str, Any]


def _cards(values: list[int]) -> list[str]:
    return [str(v) for v in values]


def _draft(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    return _cards(obs["hand"]) if obs["phase"] == "draft" and legal else None


def _passed(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    draft = obs["draft"]
    if obs["phase"] != "draft" or not legal or draft["round"] < 1:
        return None
    return _cards(obs["hand"])


def _second_deal(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if obs["phase"] != "draft" or not legal or obs["draft"]["deal"] < 1:
        return None
    return _cards(obs["hand"])


def _lead(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if obs["phase"] != "play" or not legal or obs["trick"]["plays"]:
        return None
    return _cards(obs["hand"])


def _follow(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    plays = obs["trick"]["plays"]
    if obs["phase"] != "play" or not legal or not plays:
        return None
    return _cards([p["card"] for p in plays])


def _star(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if not any(t["stars"] for t in obs["tokens"]):
        return None
    last = obs["last_trick"]
    return _cards([p["card"] for p in last["plays"]]) if last and last.get("plays") else []


def _tokens(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if obs["chapter"] != 2 or not any(t["hearts"] or t["crystals"] for t in obs["tokens"]):
        return None
    return []


def _scored(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    # No card to point at: the table's score sheet lies over the cards and names each one with its points.
    return [] if obs["terminal"] else None


def _done(obs: Obs) -> bool:
    return bool(obs["terminal"])


def _outcome(obs: Obs) -> str:
    me = obs["seat"]
    points = [t["points"] for t in obs["tokens"]]
    if me in obs["winners"]:
        won = ntr("You win with {points} point.", "You win with {points} points.", points[me])
        return won.format(points=points[me])
    lost = ntr("You have {points} point; the winner has {best}.",
               "You have {points} points; the winner has {best}.", points[me])
    return lost.format(points=points[me], best=max(points))


COURSE = Course(
    game_id="three_chapters",
    players=3,
    seed=1,
    options={},
    intro=N_("3 Chapters with two opponents: draft your cards, play them out in tricks, then score their "
             "abilities."),
    lessons=(
        Lesson("tc.draft", N_("Chapter I: the draft"),
               N_("Keep one card of the packet in your hand and pass the rest on to your left. Everyone "
                  "picks at the same time, unseen. A card shows its value, its attributes and its "
                  "abilities: hover over it to read them."),
               _draft),
        Lesson("tc.passed", N_("Passed cards"),
               N_("These are the cards your neighbour passed on. Think of what you keep: many abilities "
                  "count your other cards' attributes."),
               _passed),
        Lesson("tc.second_deal", N_("A second draft"),
               N_("With three players there are two drafts of four cards from eight: new cards now."),
               _second_deal),
        Lesson("tc.lead", N_("Chapter II: leading a trick"),
               N_("Play any card to the trick. The highest value wins it and a star (2 points)."), _lead),
        Lesson("tc.follow", N_("Adding to a trick"),
               N_("Any card may be added; there is no colour to follow. Beat the highest card, or keep "
                  "your high cards and let this trick go."),
               _follow),
        Lesson("tc.star", N_("A star"),
               N_("The trick's winner took a star and leads the next trick. The cards go face up in front "
                  "of their owners: they count in Chapter III."),
               _star),
        Lesson("tc.tokens", N_("Chapter II abilities"),
               N_("Some cards pay hearts or crystals in the trick they are played in: a heart is 1 point, "
                  "a pair of crystals 1 point."),
               _tokens),
        Lesson("tc.scoring", N_("Chapter III: the scoring"),
               N_("Every card's Chapter III ability is scored against all your cards; the most crystals "
                  "get 4 more."),
               _scored),
    ),
    done=_done,
    outcome=_outcome,
)
