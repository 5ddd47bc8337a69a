"""HeuristicBot: a rule-of-thumb 3 Chapters player that reads only its observation.

Draft: every candidate is valued by what the whole collection would be worth with it (its chapter-III
abilities against the cards already kept, with the picks still to come counted as expected attribute
matches; its chapter-II ability by how likely its condition is; its chance to win tricks). With ghosts the
second pick of a round denies the opponent the best card left.

Play: every hand card is valued by what it brings now (the trick star times the chance to win it, its
chapter-II rewards in the won and the lost case, a Schneekönigin's block, how another won trick changes the
owner's chapter-III abilities such as Friedlicher Zwerg or Phönix) minus what it would bring in a later
trick. So a trick-winner card wins, a loser card ducks, high cards are kept for tricks that need them, and
position abilities are played where they count.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import exp
from typing import Any

from game.ai.base import Bot, Decision
from game.ai.plan import SearchPlan
from game.core import Action, Rng
from game.three_chapters.abilities import Holding, ability_reward
from game.three_chapters.cards import ATTRIBUTES, NUM_CARDS, Ability, Card, CardSet, Condition
from game.three_chapters.data import ThreeChaptersData, observed, shipped_data
from game.three_chapters.game import GHOST

#: what a crystal is worth against its share of a point: a pair makes a point, and crystals bring the
#: most-crystals bonus too (0.6 points a crystal with the shipped scoring)
CRYSTAL_WORTH = 1.2
#: how often a player who can beat the trick does so
BEAT_RATE = 0.7
#: a rough share of the tokens a player ends the game with (for abilities that count tokens)
TYPICAL_HEARTS = 5


def _attribute_share(cards: CardSet) -> dict[str, float]:
    return {a: sum(a in c.attributes for c in cards.cards.values()) / NUM_CARDS for a in ATTRIBUTES}


def token_points(data: ThreeChaptersData) -> dict[str, float]:
    """What the heuristic counts a token as, in points, by the game's scoring."""
    return {"stars": float(data.star_points), "hearts": float(data.heart_points),
            "crystals": CRYSTAL_WORTH / data.crystals_per_point}


class HeuristicBot(Bot):
    name = "heuristic"

    def __init__(self) -> None:
        self.reckon_with(shipped_data())

    def reckon_with(self, data: ThreeChaptersData) -> None:
        """Value moves by the game's card data (the observation's: a variant's or the shipped)."""
        if getattr(self, "data", None) is data:
            return
        self.data = data
        self.cards = data.cards
        self.share = _attribute_share(self.cards)
        self.token_points = token_points(data)
        self.star_points = float(data.star_points * data.trick_stars)  # a won trick's stars

    def choose(self, decision: Decision, rng: Rng) -> Action:
        obs = decision.observation
        self.reckon_with(observed(obs))
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        draft = obs["phase"] == "draft"
        scored = self._draft_values(obs, legal) if draft else self._play_values(obs, legal)
        best = max(v for v, _ in scored)
        choices = [a for v, a in scored if v >= best - 1e-9]
        return rng.choice(choices)

    def ranked(self, decision: Decision, rng: Rng) -> list[tuple[float, Action]]:
        """Every legal action with its value, best first (equal values in random order)."""
        obs = decision.observation
        self.reckon_with(observed(obs))
        draft = obs["phase"] == "draft"
        scored = self._draft_values(obs, decision.legal) if draft else self._play_values(obs, decision.legal)
        return sorted(scored, key=lambda pair: (-pair[0], rng.random()))

    # -- chapter I --------------------------------------------------------------------------------------
    def _draft_values(self, obs: Mapping[str, Any], legal: list[Action]) -> list[tuple[float, Action]]:
        draft = obs["draft"]
        kept = list(draft["picks"] or [])
        players = obs["players"]
        total_picks = draft["deals"] * draft["rounds"]
        picks_left = max(0, total_picks - len(kept) - 1)
        if legal[0].kind == GHOST:
            # The rest of the packet goes to the opponent: the ghost takes the card worth most to anyone.
            return [(self.collection_value([int(a.args[0])], players, total_picks - 1), a) for a in legal]
        base = self.collection_value(kept, players, picks_left + 1)
        return [(self.collection_value([*kept, int(a.args[0])], players, picks_left) - base, a)
                for a in legal]

    def collection_value(self, values: Sequence[int], players: int, picks_left: int) -> float:
        """Expected points of a set of kept cards once `picks_left` more cards join it."""
        cards = [self.cards.cards[v] for v in values]
        counts = {a: sum(a in c.attributes for c in cards) + picks_left * self.share[a] for a in ATTRIBUTES}
        win_chances = [self.lead_win_chance(c.value, players) for c in cards]
        tricks = sum(win_chances) + picks_left / players  # a later pick wins about its share of tricks
        total = self.star_points * sum(win_chances)
        names = {c.name for c in cards}
        for card, p_win in zip(cards, win_chances, strict=True):
            for ability in card.abilities:
                if ability.block:
                    total += 0.5
                    continue
                worth = self.token_points[ability.reward] * ability.amount
                if ability.in_chapter(3):
                    total += worth * self._collection_factor(ability, card, counts, names, tricks, picks_left)
                if ability.in_chapter(2):
                    total += worth * self._trick_factor(ability, card, counts, p_win, players)
        return total

    def lead_win_chance(self, value: int, players: int) -> float:
        """A rough chance that `value` is the highest of a trick (with ghosts a trick has 4 cards)."""
        others = 3 if players == 2 else players - 1
        return ((value - 1) / (NUM_CARDS - 1)) ** others * 0.9

    def _collection_factor(self, ability: Ability, card: Card, counts: dict[str, float], names: set[str],
                           tricks: float, picks_left: int) -> float:
        factor = self._condition_chance(ability.when, card, counts, names, tricks, picks_left)
        per = ability.per
        if per is None:
            return factor
        if per.kind == "own":
            have = counts[per.attribute] - (per.other and per.attribute in card.attributes)
            return factor * max(0.0, have) / per.group
        if per.kind == "tokens":
            return factor * TYPICAL_HEARTS / per.group
        if per.kind == "attributes":
            return factor * min(8.0, sum(min(1.0, c) for c in counts.values())) / per.group
        if per.kind == "tricks_won":
            return factor * tricks
        return factor

    def _trick_factor(self, ability: Ability, card: Card, counts: dict[str, float], p_win: float,
                      players: int) -> float:
        cond = ability.when
        factor = 1.0
        if cond is not None:
            if cond.kind == "result":
                lowest = (1 - card.value / NUM_CARDS) ** 2
                factor = {"won": p_win, "lost": 1 - p_win, "lowest": lowest}[cond.result]
            elif cond.kind == "position":
                factor = 0.45 if cond.position in ("led", "last") else 0.6
            elif cond.kind == "trick":
                others = self.share[cond.attribute] * (players - 1)
                factor = min(1.0, others / cond.count)
            else:
                factor = self._condition_chance(cond, card, counts, set(), 1.0, 0)
        per = ability.per
        if per is not None and per.kind == "trick":
            own = per.attribute in card.attributes and not per.other
            factor *= own + self.share[per.attribute] * (players - 1)
        elif per is not None:
            once = Ability(ability.seal, ability.reward, 1, None, per)
            factor *= self._collection_factor(once, card, counts, set(), 1.0, 0)
        return factor

    def _condition_chance(self, cond: Condition | None, card: Card, counts: dict[str, float], names: set[str],
                          tricks: float, picks_left: int) -> float:
        if cond is None:
            return 1.0
        if cond.kind == "own":
            have = counts[cond.attribute] - (cond.other and cond.attribute in card.attributes)
            return min(1.0, max(0.0, have) / cond.count)
        if cond.kind == "own_card":
            return 1.0 if cond.card in names else min(0.5, picks_left / 20)
        if cond.kind == "tricks_won":
            if cond.at_most is not None:
                return exp(-tricks) * sum(tricks ** k / _factorial(k) for k in range(cond.at_most + 1))
            need = cond.at_least or 0
            return 1 - exp(-tricks) * sum(tricks ** k / _factorial(k) for k in range(need))
        if cond.kind == "standing":
            return 0.35  # most or fewest of some token: now and then
        return 0.5

    # -- chapter II -------------------------------------------------------------------------------------
    def _play_values(self, obs: Mapping[str, Any], legal: list[Action]) -> list[tuple[float, Action]]:
        seat = obs["seat"]
        players = obs["players"]
        hand = [int(a.args[0]) for a in legal]
        trick = [(p["position"], p["card"]) for p in obs["trick"]["plays"]]
        order = obs["order"]
        me = order.index(trick[-1][0]) + 1 if trick else order.index(obs["trick"]["leader"])
        still = len(order) - len(trick) - 1  # positions that play after me
        followers = [order[(me + i) % len(order)] for i in range(1, still + 1)]
        unseen = self._unseen(obs)
        hand_size = len(hand)
        display = list(obs["displays"][seat])
        tokens = obs["tokens"][seat]
        won_so_far = tokens["tricks_won"]
        blocked = any(self._blocks(v) for _, v in trick)
        top = max((v for _, v in trick), default=0)
        mine = [self.cards.cards[v] for v in (*display, *hand)]
        counts = {a: float(sum(a in c.attributes for c in mine)) for a in ATTRIBUTES}

        values = []
        for action, value in zip(legal, hand, strict=True):
            card = self.cards.cards[value]
            p_win = 0.0 if value < top else self._win_chance(value, followers, obs, unseen, hand_size)
            now = p_win * self.star_points
            now += self._trick_rewards(card, trick, len(trick), len(order), p_win, display, won_so_far, obs,
                                       blocked or self._blocks(value))
            now += p_win * self._extra_trick_worth(display, hand, won_so_far, players)
            if self._blocks(value) and not blocked:
                now += 0.4 * max(0, len(order) - 2)
            later = self._future_value(card, players, counts) if hand_size > 1 else 0.0
            values.append((now - later, action))
        return values

    def _blocks(self, value: int) -> bool:
        return any(a.block for a in self.cards.cards[value].abilities)

    def _future_value(self, card: Card, players: int, counts: dict[str, float]) -> float:
        """What the card would bring in a typical later trick: its star chance and chapter-II rewards."""
        p_win = self.lead_win_chance(card.value, players)
        total = p_win * self.star_points
        for ability in card.abilities:
            if ability.in_chapter(2) and not ability.block:
                worth = self.token_points[ability.reward] * ability.amount
                total += worth * self._trick_factor(ability, card, counts, p_win, players)
        return total

    def _unseen(self, obs: Mapping[str, Any]) -> list[int]:
        public = {v for d in obs["displays"] for v in d}
        public |= {p["card"] for p in obs["trick"]["plays"]}
        public |= {v for g in obs["ghosts"] for v in g["aside"]}
        public |= set(obs["hand"] or [])
        return [v for v in range(1, NUM_CARDS + 1) if v not in public]

    def _win_chance(self, value: int, followers: list[int], obs: Mapping[str, Any], unseen: list[int],
                    hand_size: int) -> float:
        if not followers:
            return 1.0
        players = obs["players"]
        higher = sum(1 for v in unseen if v > value)
        if not unseen:
            return 1.0
        share = higher / len(unseen)
        # Not every unseen card is in play (out of the game, never dealt): scale by the share in hands.
        in_play = min(1.0, (players * hand_size + len(obs["ghosts"]) * hand_size) / len(unseen))
        chance = 1.0
        for position in followers:
            if position >= players:  # a ghost plays its top card, whatever it is
                chance *= 1 - share
            else:
                holds = 1 - (1 - share * in_play) ** max(1, hand_size - 1)
                chance *= 1 - BEAT_RATE * holds
        return chance

    def _trick_rewards(self, card: Card, trick: list[tuple[int, int]], place: int, size: int, p_win: float,
                       display: list[int], won_so_far: int, obs: Mapping[str, Any], blocked: bool) -> float:
        total = 0.0
        trick_values = [v for _, v in trick] + [card.value]
        for ability in card.abilities:
            if not ability.in_chapter(2) or ability.block:
                continue
            if blocked and ability.reward in ("hearts", "crystals"):
                continue
            worth = self.token_points[ability.reward] * ability.amount
            cond = ability.when
            chance = 1.0
            if cond is not None:
                if cond.kind == "result":
                    lowest = card.value < min((v for _, v in trick), default=NUM_CARDS + 1)
                    chance = {"won": p_win, "lost": 1 - p_win,
                              "lowest": (0.6 if place < size - 1 else 1.0) if lowest else 0.0}[cond.result]
                elif cond.kind == "position":
                    chance = float({"led": place == 0, "second": place == 1, "last": place == size - 1,
                                    "middle": 0 < place < size - 1}[cond.position])
                elif cond.kind == "trick":
                    have: float = sum(1 for v in trick_values
                                      if cond.attribute in self.cards.cards[v].attributes
                                      and not (cond.other and v == card.value))
                    have += (size - place - 1) * self.share[cond.attribute]
                    chance = min(1.0, have / cond.count)
                elif cond.kind == "standing":
                    chance = self._standing_chance(cond, obs)
                else:
                    holding = Holding(obs["seat"], [*display, card.value], won_so_far)
                    chance = float(ability_reward(Ability(ability.seal, ability.reward, 1, cond), card,
                                                  self.cards, holding, self._token_rows(obs), None) > 0)
            times = 1.0
            per = ability.per
            if per is not None and per.kind == "trick":
                times = sum(1 for v in trick_values if per.attribute in self.cards.cards[v].attributes
                            and not (per.other and v == card.value))
                times += (size - place - 1) * self.share[per.attribute]
            elif per is not None:
                holding = Holding(obs["seat"], [*display, card.value], won_so_far)
                times = ability_reward(Ability(ability.seal, ability.reward, 1, None, per), card, self.cards,
                                       holding, self._token_rows(obs), None)
            total += worth * chance * times
        return total

    def _token_rows(self, obs: Mapping[str, Any]) -> list[list[int]]:
        return [[t["stars"], t["hearts"], t["crystals"]] for t in obs["tokens"]]

    def _standing_chance(self, cond: Condition, obs: Mapping[str, Any]) -> float:
        rows = self._token_rows(obs)
        index = ("stars", "hearts", "crystals").index(cond.token)
        mine = rows[obs["seat"]][index]
        others = [r[index] for s, r in enumerate(rows) if s != obs["seat"]]
        ok = all(mine >= o for o in others) if cond.standing == "most" else all(mine <= o for o in others)
        return 0.8 if ok else 0.1

    def _extra_trick_worth(self, display: list[int], hand: list[int], won: int, players: int) -> float:
        """How one more won trick changes the chapter-III abilities of all my cards (kept and to come)."""
        mine = [*display, *hand]
        rows = [[0, 0, 0] for _ in range(players)]
        delta = 0.0
        for value in mine:
            card = self.cards.cards[value]
            for ability in card.abilities:
                if not ability.in_chapter(3) or ability.block:
                    continue
                uses_tricks = (ability.when is not None and ability.when.kind == "tricks_won") or \
                    (ability.per is not None and ability.per.kind == "tricks_won")
                if not uses_tricks:
                    continue
                # Tricks still to come may be won too: judge against the expected final count.
                expected = won + sum(self.lead_win_chance(v, players) for v in hand) * 0.5
                count = round(expected)
                before = ability_reward(ability, card, self.cards, Holding(0, mine, count), rows, None)
                after = ability_reward(ability, card, self.cards, Holding(0, mine, count + 1), rows, None)
                delta += (after - before) * self.token_points[ability.reward]
        return delta


def _factorial(k: int) -> int:
    out = 1
    for i in range(2, k + 1):
        out *= i
    return out


#: Hard plays the heuristic's three best moves out to the end with the heuristic, on up to 40 shared deals
#: a decision, and keeps the heuristic's move unless another wins clearly more often. ISMCTS over every
#: move managed only about 100 such playouts a second, too few to tell the draft's choices apart.
SEARCH = SearchPlan(rollout=HeuristicBot, candidates=3, hard_iterations=40)
