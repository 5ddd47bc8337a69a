"""The guided first game of Palace: two players, so the first to go out ends it (PA-R12)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import Action
from game.guide import Course, Lesson
from game.i18n import N_, tr
from game.palace.cards import rank_of
from game.palace.game import parse_play

Obs = Mapping[str, Any]


def _me(obs: Obs) -> Mapping[str, Any]:
    seat: Mapping[str, Any] = obs["seats"][obs["seat"]]
    return seat


def _playable(obs: Obs, legal: list[Action]) -> list[str]:
    """The learner's cards (hand, else face-up) of the ranks that may go on the pile now."""
    ranks = {parsed[1] for a in legal if a.kind == "play" and (parsed := parse_play(a.args[0]))}
    source = obs["hand"] if _me(obs)["source"] == "hand" else [c for c in _me(obs)["up"] if c]
    return [c for c in source if rank_of(c) in ranks]


def _swap(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if obs["phase"] != "swap" or not legal:
        return None
    return [c for c in _me(obs)["up"] if c] + list(obs["hand"])


def _play(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if obs["phase"] != "play" or not any(a.kind == "play" for a in legal):
        return None
    return _playable(obs, legal)


def _rank_in_hand(rank: str):
    def trigger(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
        if obs["phase"] == "play" and legal:
            cards = [c for c in _playable(obs, legal) if rank_of(c) == rank]
            if cards:
                return cards
        if obs["pile"] and rank_of(obs["pile"][-1]) == rank:
            return [obs["pile"][-1]]
        return None

    return trigger


def _burned(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if before is None or len(obs["burned"]) <= len(before["burned"]):
        return None
    return [obs["burned"][-1]]  # the top of the burned cards: where the pile went


def _pickup(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if legal and all(a.kind == "pickup" for a in legal):
        return list(obs["pile"][-1:])
    burned = before is not None and len(obs["burned"]) > len(before["burned"])
    if before is not None and before["pile"] and not obs["pile"] and not burned:
        return []
    return None


def _source(source: str):
    def trigger(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
        if _me(obs)["source"] != source or not legal:
            return None
        return [c for c in _me(obs)["up"] if c] if source == "up" else []

    return trigger


def _redraw(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if obs["phase"] != "redraw" or not legal:
        return None
    return list(obs["fresh"])


def _done(obs: Obs) -> bool:
    return bool(obs["out"]) or obs["terminal"]


def _outcome(obs: Obs) -> str:
    if not obs["out"]:
        return tr("The lesson ended before anyone went out.")
    if obs["out"][0] == obs["seat"]:
        return tr("You went out first: you win, and your opponent is left holding cards.")
    return tr("Your opponent went out first: you are left holding cards, the loser this time.")


COURSE = Course(
    game_id="palace",
    players=2,
    seed=5,
    options={"redraw": True, "dealer": 1},
    intro=N_("Palace against one opponent. Get rid of all your cards: your hand, then your face-up cards, "
             "then your face-down ones. The first one out wins; the other is the loser."),
    lessons=(
        Lesson("pa.swap", N_("Swap before play"),
               N_("Before play you may swap hand cards with your face-up cards: click a hand card, then a "
                  "face-up card. Your face-up cards are played late, with no hand to fall back on: put "
                  "strong cards there (2, 10, aces), then press Ready."),
               _swap),
        Lesson("pa.play", N_("Play equal or higher"),
               N_("Play one or more cards of one rank, equal to or higher than the top of the pile (3 is "
                  "low, ace is high). Then you draw back up to 3 while the draw pile lasts. The cards you "
                  "may play now are marked."), _play),
        Lesson("pa.two", N_("The 2 resets"),
               N_("A 2 goes on anything, and the next player may play anything on it."), _rank_in_hand("2")),
        Lesson("pa.ten", N_("The 10 burns"),
               N_("A 10 goes on anything and burns the pile: it leaves the game, and you play again."),
               _rank_in_hand("10")),
        Lesson("pa.burn", N_("A burned pile"),
               N_("The pile burned: a 10, or four cards of one rank in a row. The player who burned it "
                  "starts a new pile with any card."), _burned),
        Lesson("pa.pickup", N_("Picking up"),
               N_("Nothing goes on the pile? Then the whole pile goes into your hand. It ends your turn; the "
                  "next player starts a new pile."), _pickup),
        Lesson("pa.redraw", N_("Redraw"),
               N_("You just drew a card of the rank you played: you may add it to the pile at once, or keep "
                  "it. Your opponent only sees that you finish your turn."), _redraw),
        Lesson("pa.up", N_("Your face-up cards"),
               N_("Your hand is empty and the draw pile is gone: now you play your face-up cards."),
               _source("up")),
        Lesson("pa.down", N_("Blind cards"),
               N_("Now the face-down cards, one a turn, blind: if it goes on the pile it stays, otherwise "
                  "you take it with the whole pile."), _source("down")),
    ),
    done=_done,
    outcome=_outcome,
)
