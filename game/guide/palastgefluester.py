"""The guided first game of Palastgeflüster: three players, until the first round ends."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import Action
from game.guide import Course, Lesson, at
from game.i18n import N_, Message, message
from game.palastgefluester.cards import BROWN, card_colour, card_person
from game.palastgefluester.rules import COLOURS, HAND_SIZE

Obs = Mapping[str, Any]


# The deck holds two or three copies of many cards: a lesson names each card by where it lies.
def _in_hand(obs: Obs, cards: list[str]) -> list[str]:
    return [at(f"hand:{obs['seat']}", c) for c in cards]


def _in_row(seat: int, cards: list[str]) -> list[str]:
    return [at(f"display:{seat}", c) for c in cards]


def _just_played(obs: Obs) -> list[str]:
    last = obs["last_played"]
    return _in_row(last["seat"], [last["card"]]) if last is not None else []


def _dead(obs: Obs) -> list[str]:
    """The learner's hand cards whose person is already in their row (laying one ends the round)."""
    shown = {card_person(c) for c in obs["displays"][obs["seat"]]}
    return [c for c in obs["hand"] if card_person(c) in shown]


def _playing(obs: Obs, legal: list[Action]) -> bool:
    return obs["phase"] == "play" and bool(legal)


def _turn(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    return _in_hand(obs, list(obs["hand"])) if _playing(obs, legal) else None


def _own_colour(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if not _playing(obs, legal):
        return None
    mine = [c for c in obs["hand"] if card_colour(c) == COLOURS[obs["seat"]]]
    return _in_hand(obs, mine) or None


def _brown(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if _playing(obs, legal):
        brown = [c for c in obs["hand"] if card_colour(c) == BROWN]
        if brown:
            return _in_hand(obs, brown)
    last = obs["last_played"]
    if last is not None and card_colour(last["card"]) == BROWN:
        return _just_played(obs)
    return None


def _double(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    if not _playing(obs, legal):
        return None
    return _in_hand(obs, _dead(obs)) or None


def _five(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    display = obs["displays"][obs["seat"]]
    if not _playing(obs, legal) or len(display) != HAND_SIZE - 1:
        return None
    return _in_row(obs["seat"], list(display))


def _phase(phase: str):
    def trigger(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
        if obs["phase"] != phase or not legal:
            return None
        return _just_played(obs)

    return trigger


def _waechter(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    """The cards of the learner's row the Wächter may take back (not the Wächter just laid)."""
    if obs["phase"] != "waechter_take" or not legal:
        return None
    persons = {str(a.args[0]) for a in legal if a.kind == "take" and a.args}
    display = obs["displays"][obs["seat"]]
    return _in_row(obs["seat"], [c for c in display[:-1] if card_person(c) in persons]) or _just_played(obs)


def _zofe(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    """The hand cards worth discarding (their person is in the row already), else the Zofe just laid."""
    if obs["phase"] != "zofe_discard" or not legal:
        return None
    return _in_hand(obs, _dead(obs)) or _just_played(obs)


def _king(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    return [f"king/{obs['king_current']}"] if obs["king_current"] else None


def _treasurer(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    last = obs["last_played"]
    if last is None or card_person(last["card"]) != "Schatzmeister" or obs["king_current"] == "Schatzmeister":
        return None
    return _just_played(obs)


def _round_end(before: Obs | None, obs: Obs, legal: list[Action]) -> list[str] | None:
    return [] if obs["last_round"] is not None else None


def _done(obs: Obs) -> bool:
    return obs["last_round"] is not None or obs["terminal"]


def _outcome(obs: Obs) -> Message:
    last = obs["last_round"]
    if last is None:
        return message("The lesson ended before the round did.")
    if obs["seat"] in last["scorers"]:
        return message("{round_end} You score a point. A whole game goes on, round after round, until "
                       "someone has 6 points.", round_end=last["text"])
    return message("{round_end} You score nothing this round. A whole game goes on, round after round, "
                   "until someone has 6 points.", round_end=last["text"])


COURSE = Course(
    game_id="palastgefluester",
    players=3,
    seed=27,
    options={"scoring": "base"},
    intro=N_("Palastgeflüster with two opponents, for one round. You are Red. Lay courtiers into your row; "
             "never show a person twice."),
    lessons=(
        Lesson("pg.turn", N_("Your turn"),
               N_("Play one hand card to the end of your row, then carry out its action. Your hand and your "
                  "row always make 6 cards together."), _turn),
        Lesson("pg.colour", N_("The colour says who is next"),
               N_("A card's border colour names who plays next. Your colour is red: a red card lets you play "
                  "again. The marked cards are in your colour."), _own_colour),
        Lesson("pg.brown", N_("Brown cards"),
               N_("After a brown card, the player with the fewest cards in their row plays next. On a tie, "
                  "the player of the brown card chooses."), _brown),
        Lesson("pg.double", N_("Never twice"),
               N_("The marked cards show a person already in your row. Laying one is a Palastgeflüster: the "
                  "round ends and every other player scores. Play another card while you can."), _double),
        Lesson("pg.five", N_("One more for six"),
               N_("Your row shows five different persons: a sixth different one ends the round and scores a "
                  "point for you alone."), _five),
        Lesson("pg.zauberer", N_("The Wizard"),
               N_("Choose a player (click their name) and how many cards to swap; then each of you picks the "
                  "cards to give, unseen. Give away cards you can no longer lay."),
               _phase("zauberer_target")),
        Lesson("pg.zofe", N_("The Maid"),
               N_("Discard a hand card face down and draw one: a chance to get rid of a person already in "
                  "your row."), _zofe),
        Lesson("pg.waechter", N_("The Guard"),
               N_("Take another card of your row back into your hand: its person can be laid again later."),
               _waechter),
        Lesson("pg.mundschenk", N_("The Cupbearer"),
               N_("Swap one card between two rows (yours may be one). Afterwards no row may show a person "
                  "twice."), _phase("mundschenk_first")),
        Lesson("pg.choose", N_("You choose who is next"),
               N_("A brown card and a tie for the fewest cards in a row: you choose who plays next among "
                  "them (click their name). Pick someone who may be stuck."), _phase("choose_next")),
        Lesson("pg.king", N_("The King card"),
               N_("The Chamberlain revealed a King card: while it shows, its person has no action. King "
                  "cards stay from round to round."), _king),
        Lesson("pg.schatzmeister", N_("The Treasurer"),
               N_("The Treasurer's player showed their whole hand: the table remembers those cards while "
                  "they stay in that hand."), _treasurer),
        Lesson("pg.round", N_("The round ends"),
               N_("A round ends with a person twice in a row (every other player scores) or six different "
                  "persons (that player scores)."), _round_end),
    ),
    done=_done,
    outcome=_outcome,
)
