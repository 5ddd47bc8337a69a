"""Why a 3 Chapters move is good, in the heuristic's own terms (see bot.py), and the words for it.

Draft: what the card adds to the collection's expected points (its abilities against the cards kept);
with ghosts, which card the pick keeps from the opponent. Play: the chance that the card wins the trick,
whether it ducks to keep higher cards for later, what its Chapter II ability pays now, a Schneekönigin's
block. The words are all in MESSAGES (ids "tc.*"), marked for the catalogues and translated where a
hint is shown; card and action words are written in the chosen language when they are asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.ai.base import Decision
from game.ai.hint import Reason
from game.core import Action, Rng
from game.i18n import N_, tr
from game.three_chapters.bot import HeuristicBot
from game.three_chapters.cards import card_label, default_cards
from game.three_chapters.data import observed
from game.three_chapters.game import GHOST, PICK, PLAY

#: A difference in value smaller than this (in points) is not worth a sentence.
WORTH_SAYING = 0.1
#: A card this likely to win the trick is said to win it.
LIKELY = 0.6

MESSAGES: dict[str, str] = {
    "tc.pick_value": N_("it adds about {points} points to your collection, counting its abilities with the "
                        "cards you already keep"),
    "tc.ghost_denies": N_("it keeps the card worth most away from your opponent"),
    "tc.wins_trick": N_("it wins the trick with a {chance}% chance: a star"),
    "tc.sure_win": N_("nobody after you can beat it: the trick and its star are yours"),
    "tc.ducks": N_("it cannot win this trick, and your higher cards stay for tricks they can win"),
    "tc.lowest": N_("it is your lowest card: the higher ones stay for tricks they can win"),
    "tc.ability_now": N_("its Chapter II ability pays in this trick"),
    "tc.blocks": N_("its block stops the others' hearts and crystals in this trick"),
    "tc.value": N_("by the rule of thumb's count it is worth {points} points more than the next best move "
                   "({next})"),
}
#: what a move does, by its kind (the action's text stays as it is: it is the record's)
_ACTION_WORDS = {PICK: N_("keep {card}"), PLAY: N_("play {card}"), GHOST: N_("give the ghost {card}")}


def card_words(card: str) -> str:
    """'Troll (44)', in the chosen language."""
    cards = default_cards().cards
    if not card.isdigit() or int(card) not in cards:
        return card
    return f"{card_label(card)} ({card})"


def action_words(text: str) -> str:
    kind, _, rest = text.partition(" ")
    if kind in _ACTION_WORDS and rest.isdigit():
        return tr(_ACTION_WORDS[kind]).format(card=card_words(rest))
    return text


def reasons(decision: Decision, action: Action, rng: Rng) -> list[Reason]:
    obs = decision.observation
    bot = HeuristicBot()
    bot.reckon_with(observed(obs))
    if obs["phase"] == "draft":
        out = _draft(bot, obs, decision.legal, action)
    else:
        out = _play(bot, obs, decision.legal, action)
    ranked = bot.ranked(decision, rng)
    values = {a: v for v, a in ranked}
    others = [(v, a) for v, a in ranked if a != action]
    if action in values and others:
        lead = values[action] - others[0][0]
        if lead >= WORTH_SAYING:
            out.append(Reason("tc.value", {"points": round(lead, 1), "next": str(others[0][1])}))
    return out


def _draft(bot: HeuristicBot, obs: Mapping[str, Any], legal: list[Action], action: Action) -> list[Reason]:
    if action.kind == GHOST:
        return [Reason("tc.ghost_denies")]
    values = dict((a, v) for v, a in bot._draft_values(obs, legal))
    return [Reason("tc.pick_value", {"points": round(values.get(action, 0.0), 1)})]


def _play(bot: HeuristicBot, obs: Mapping[str, Any], legal: list[Action], action: Action) -> list[Reason]:
    value = int(action.args[0])
    card = bot.cards.cards[value]
    hand = [int(a.args[0]) for a in legal]
    trick = [p["card"] for p in obs["trick"]["plays"]]
    top = max(trick, default=0)
    out: list[Reason] = []
    chance = 0.0 if value < top else _win_chance(bot, obs, value, len(hand))
    if chance >= 1.0:
        out.append(Reason("tc.sure_win"))
    elif chance >= LIKELY:
        out.append(Reason("tc.wins_trick", {"chance": round(100 * chance)}))
    elif value < top and value == min(hand):
        out.append(Reason("tc.ducks"))
    elif value == min(hand):
        out.append(Reason("tc.lowest"))
    if any(a.block for a in card.abilities):
        out.append(Reason("tc.blocks"))
    now = [a for a in card.abilities if a.in_chapter(2) and not a.block]
    if now and _pays_now(bot, obs, action, legal):
        out.append(Reason("tc.ability_now"))
    return out


def _win_chance(bot: HeuristicBot, obs: Mapping[str, Any], value: int, hand_size: int) -> float:
    """The heuristic's own chance that `value` wins the trick (as in HeuristicBot._play_values)."""
    trick = [(p["position"], p["card"]) for p in obs["trick"]["plays"]]
    order = obs["order"]
    me = order.index(trick[-1][0]) + 1 if trick else order.index(obs["trick"]["leader"])
    still = len(order) - len(trick) - 1
    followers = [order[(me + i) % len(order)] for i in range(1, still + 1)]
    return bot._win_chance(value, followers, obs, bot._unseen(obs), hand_size)


def _pays_now(bot: HeuristicBot, obs: Mapping[str, Any], action: Action, legal: list[Action]) -> bool:
    """Its Chapter II rewards count for more than nothing in this trick (the heuristic's trick rewards)."""
    value = int(action.args[0])
    card = bot.cards.cards[value]
    trick = [(p["position"], p["card"]) for p in obs["trick"]["plays"]]
    seat = obs["seat"]
    rewards = bot._trick_rewards(card, trick, len(trick), len(obs["order"]), 0.5, list(obs["displays"][seat]),
                                 obs["tokens"][seat]["tricks_won"], obs, False)
    return rewards > 0.0
