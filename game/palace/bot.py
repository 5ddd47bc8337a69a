"""A rule-of-thumb Palace player that sees only its observation and its legal actions, and the plan
by which the "hard" level searches Palace.

The aim is not to be the loser, the last player left with cards (PA-R12); going out first is worth no
more than going out second. Swap phase: the strongest cards (10, 2, A, K, ...) go face up, pairs
preferred, because the face-up cards are played late with no hand to fall back on. Play: the lowest
plain rank first with every copy of it, so that the cards that are hard to get rid of leave while low
piles last; the power cards (2, 10, an invisible 3) are kept for when nothing else goes, the 10 saved
for a pile worth burning; a run of four is completed when possible (the pile burns and the bot plays
again). The bot does not spend its high cards to make the next player pick up, neither to stop a player
about to go out nor to bury the one with the most cards: against players of its own kind that cost it
more than it gained (docs/ai-strength.md).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from game.ai.base import Bot, Decision
from game.ai.plan import SearchPlan, softmax_shares
from game.core import Action, Rng, State
from game.palace import rules
from game.palace.cards import BURN, INVISIBLE, RESET, rank_of
from game.palace.data import PalaceData, observed
from game.palace.game import parse_play, pass_, pickup, play, ready
from game.palace.state import REDRAW, PalaceState

POWER_STRENGTH = {BURN: 20, RESET: 19, INVISIBLE: 18}  # above the Ace (14)
PAIR_BONUS = 4
BIG_PILE = 3  # a pile of this many cards is worth a 10
# Now and then another plain rank: two players who always answer alike can pass the same cards back and
# forth for ever (a pick-up loop); a little variety breaks such loops, as it does at a real table.
VARIETY = 0.1
CHOSEN = 100.0  # `ranked`'s value of the bot's own choice, above every other


def strength(rank: str, options: Mapping[str, Any], data: PalaceData) -> int:
    """How much a card is worth keeping for late in the game."""
    power = rules.power(rank, options, data)
    return POWER_STRENGTH.get(power, data.rank[rank].height)


def face_up_value(cards: list[str], options: Mapping[str, Any], data: PalaceData) -> int:
    ranks = [rank_of(c) for c in cards]
    pairs = sum(ranks.count(r) - 1 for r in set(ranks))
    return sum(strength(r, options, data) for r in ranks) + PAIR_BONUS * pairs


class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, decision: Decision, rng: Rng) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        obs = decision.observation
        if obs["phase"] == "swap":
            return self._swap(obs, legal)
        if obs["phase"] == "redraw":
            return self._redraw(obs, legal)
        return self._play(obs, legal, rng)

    def ranked(self, decision: Decision, rng: Rng) -> list[tuple[float, Action]]:
        """Every legal action, the bot's own choice first; then the moves it would consider next: swaps
        by what they add to the face-up cards, plays the weakest rank first, more copies before fewer,
        the power cards late; picking up last."""
        chosen = self.choose(decision, rng)
        obs = decision.observation
        options, data = obs["options"], observed(obs)

        def value(action: Action) -> float:
            if action == chosen:
                return CHOSEN
            if action.kind == "swap":
                return CHOSEN / 2 + self._swap_gain(obs, action)
            if action.kind == "play":
                count, rank = parse_play(action.args[0]) or (0, "")
                return CHOSEN / 2 - strength(rank, options, data) + count / 10
            return 0.0 if action.kind == "pickup" else CHOSEN / 2

        return sorted(((value(a), a) for a in decision.legal), key=lambda pair: -pair[0])

    # -- swap phase -------------------------------------------------------------------------------
    def _swap(self, obs: Mapping[str, Any], legal: list[Action]) -> Action:
        best, best_gain = None, 0
        for action in legal:
            if action.kind != "swap":
                continue
            gain = self._swap_gain(obs, action)
            if gain > best_gain:
                best, best_gain = action, gain
        return best or ready()

    @staticmethod
    def _swap_gain(obs: Mapping[str, Any], action: Action) -> int:
        """How much a swap adds to the face-up cards' `face_up_value` (negative: it weakens them)."""
        options = obs["options"]
        up = [c for c in obs["seats"][obs["seat"]]["up"] if c is not None]
        hand_card, up_card = str(action.args[0]), str(action.args[1])
        after = [hand_card if c == up_card else c for c in up]
        data = observed(obs)
        return face_up_value(after, options, data) - face_up_value(up, options, data)

    # -- redraw -----------------------------------------------------------------------------------
    def _redraw(self, obs: Mapping[str, Any], legal: list[Action]) -> Action:
        rank = obs["redraw"]["rank"]
        if rules.always_playable(rank, obs["options"], observed(obs)):
            return pass_()  # a power card is worth more kept than doubled
        plays = [a for a in legal if a.kind == "play"]
        return max(plays, key=lambda a: (parse_play(a.args[0]) or (0, ""))[0])

    # -- play phase -------------------------------------------------------------------------------
    def _play(self, obs: Mapping[str, Any], legal: list[Action], rng: Rng) -> Action:
        options, data = obs["options"], observed(obs)
        flips = [a for a in legal if a.kind == "flip"]
        if flips:
            return flips[0]
        counts: dict[str, int] = {}
        for action in legal:
            if action.kind == "play":
                count, rank = parse_play(action.args[0]) or (0, "")
                counts[rank] = max(counts.get(rank, 0), count)
        if not counts:
            return pickup()

        pile = obs["pile"]
        completing = self._completes_run(pile, counts, data.burn_run)
        if completing is not None:
            rank, count = completing
            return play(count, rank)
        plain = sorted((r for r in counts if not rules.always_playable(r, options, data)),
                       key=lambda r: data.rank[r].height)
        if plain:
            rank = plain[0]
            if len(plain) > 1 and rng.random() < VARIETY:
                rank = rng.choice(plain)
            return play(counts[rank], rank)
        return self._power_play(obs, counts)

    @staticmethod
    def _completes_run(pile: list[str], counts: dict[str, int], burn_run: int) -> tuple[str, int] | None:
        """Cards that make a burning run of a rank on top of the pile: it burns and the bot plays again."""
        if not pile:
            return None
        top = rank_of(pile[-1])
        run = 0
        for card in reversed(pile):
            if rank_of(card) != top:
                break
            run += 1
        missing = burn_run - run
        if 0 < missing <= counts.get(top, 0):
            return top, missing
        return None

    def _power_play(self, obs: Mapping[str, Any], counts: dict[str, int]) -> Action:
        options, data = obs["options"], observed(obs)
        endgame = obs["draw"] == 0 and obs["seats"][obs["seat"]]["source"] != "hand"

        def power_play(rank: str) -> Action:
            return play(counts[rank] if endgame else 1, rank)

        by_power = {rules.power(r, options, data): r for r in counts}
        if BURN in by_power and (len(obs["pile"]) >= BIG_PILE or len(by_power) == 1):
            return power_play(by_power[BURN])
        for power in (INVISIBLE, RESET, BURN):
            if power in by_power:
                return power_play(by_power[power])
        raise AssertionError("a power play was expected")  # every rank left is always playable


def cards_left(state: PalaceState, seat: int) -> int:
    return (len(state.hands[seat]) + sum(c is not None for c in state.up[seat])
            + sum(c is not None for c in state.down[seat]))


def place_value(place: float, players: int) -> float:
    """1 for the first place, 0 for the last, evenly between."""
    return (players - place) / (players - 1)


def escape_value(escapes: float, place: float, players: int) -> float:
    """What a search counts for a seat (PA-R12): mostly not being the loser, a little the place, so that
    playouts which all escape still tell an early finish from a late one."""
    return (1.0 - PLACE_WEIGHT) * escapes + PLACE_WEIGHT * place_value(place, players)


def _palace(state: State) -> PalaceState:
    """A state the search hands over, as what it is: this game's."""
    if not isinstance(state, PalaceState):
        raise TypeError(f"a Palace plan was given a {type(state).__name__}")
    return state


def finished_values(any_state: State) -> list[float]:
    """Each seat's result of a finished game: the loser 0, the others by `escape_value` of their place."""
    state = _palace(any_state)
    n = state.num_players
    values = [0.0] * n
    for place, seat in enumerate(state.finishing_order(), 1):
        values[seat] = escape_value(0.0 if seat == state.loser else 1.0, place, n)
    return values


def escape_chances(any_state: State) -> list[float]:
    """Each seat's result guessed from the cards left (hand, face-up, face-down) of the players still in.

    The chance to be the loser is a softmax over the cards left (the most cards, the likeliest loser);
    the expected place counts the players out already and, for each other player still in, the chance
    that they finish first, from the difference in cards. Seats out keep their certain value."""
    state = _palace(any_state)
    n = state.num_players
    active = [s for s in range(n) if s not in state.out]
    values = [escape_value(1.0, place, n) for place in range(1, n + 1)]
    result = [0.0] * n
    for place, seat in enumerate(state.out, 1):
        result[seat] = values[place - 1]
    if not active:
        return result
    left = {s: float(cards_left(state, s)) for s in active}
    losing = softmax_shares([left[s] for s in active], CARD_SCALE)
    for seat, lose in zip(active, losing, strict=True):
        ahead = sum(1.0 / (1.0 + math.exp((left[other] - left[seat]) / CARD_SCALE))
                    for other in active if other != seat)
        expected_place = len(state.out) + 1 + ahead
        result[seat] = escape_value(1.0 - lose if len(active) > 1 else 0.0, expected_place, n)
    return result


def finishing_the_turn(decision: Decision) -> bool:
    """Whether to add freshly drawn cards of the rank just played: a step that follows every draw, and
    that only this seat knows to be a choice (PA-R14). The heuristic answers it at once, as fast as a
    plain pass, so the time a bot takes says nothing of a redraw chance."""
    return decision.observation.get("phase") == REDRAW


#: How far one card more moves the guessed chance to be the loser (see `softmax_shares`).
CARD_SCALE = 3.0
#: The share of a result that the place makes up; the rest is not being the loser (PA-R12).
PLACE_WEIGHT = 0.25
#: Hard compares the heuristic's three best moves on shared deals (`improve.py`) and keeps its own
#: choice unless another escapes last place clearly more often; ISMCTS over every move, with the same
#: playouts, was the loser about as often as the heuristic (docs/ai-strength.md). Each playout follows
#: the heuristic towards the end, when one player is left with cards, the loser: going out first decides
#: nothing (PA-R12). After `cutoff` moves (ten rounds or so) the rest is guessed from the cards left:
#: three times as many deals in the time told the moves apart better than playouts run to the end.
SEARCH = SearchPlan(rollout=HeuristicBot, cutoff=40, evaluate=escape_chances, result=finished_values,
                    candidates=3, hard_iterations=300, quick=finishing_the_turn)
