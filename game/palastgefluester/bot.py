"""HeuristicBot: plays Palastgeflüster like a sensible person, from its observation alone.

It never lays a double (or the Hofnarr under the Hofnarr King card) when it has another card; it
builds towards six different persons; it hands the turn to players who are likely stuck and keeps it
away from a player about to show six; it uses the Zauberer, Zofe, Mundschenk and Wächter to get rid
of dead cards (persons already in its display) and to hurt the leader.

Values are in "points for me relative to the others" (see `Judge.outcome`), so round ends, the
turn order and the card actions can be weighed against each other.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from game.ai.base import Bot, Decision
from game.ai.plan import SearchPlan, softmax_shares
from game.core import Action, Rng, State
from game.palastgefluester.cards import card_person
from game.palastgefluester.data import PalastData, observed
from game.palastgefluester.rules import colour_seat, mundschenk_pairs

#: weight of one dead hand card (a person already in the own display): a step towards a Palastgeflüster
DEAD_CARD = 0.35
#: how sure a stuck player is to lay a double when its next turn comes later rather than at once
LATER_TURN = 0.6
#: what a card action is roughly worth when its details are not worked out
ACTION_WORTH = {"Hofmarschall": 0.05, "Schatzmeister": -0.15, "Zauberer": 0.2, "Zofe": 0.15,
                "Mundschenk": 0.15, "Waechter": 0.1, "Hofnarr": 0.0}


class Judge:
    """What the bot reads from an observation: dead persons, unseen cards, risks and point values."""

    def __init__(self, obs: Mapping[str, Any]) -> None:
        self.obs = obs
        self.me: int = obs["seat"]
        self.n: int = obs["players"]
        self.hand: list[str] = list(obs["hand"])
        self.displays: list[list[str]] = [list(d) for d in obs["displays"]]
        self.points: list[int] = list(obs["points"])
        self.target: int = obs["target"]
        self.king: str | None = obs["king_current"]
        self.known: dict[int, list[str]] = {int(s): list(c) for s, c in obs["known_cards"].items()}
        self.hand_counts: list[int] = list(obs["hand_counts"])
        self.data: PalastData = observed(obs)
        self.hand_size = self.data.hand_size  # a display of this many different persons ends the round
        self.quiet_plays = self.data.mundschenk_quiet_plays
        self.unseen = self._unseen()
        self.unseen_total = max(1, sum(self.unseen.values()))

    def _unseen(self) -> Counter[str]:
        unseen = Counter(self.data.copies_by_person(self.n))  # every card of the game, by person
        seen = self.hand + [c for d in self.displays for c in d] + [c for k in self.known.values() for c in k]
        seen += self.obs["known_discards"]
        for card in seen:
            unseen[card_person(card)] -= 1
        return +unseen

    # -- dead and live cards ---------------------------------------------------------------------
    def dead_persons(self, display: list[str]) -> set[str]:
        dead = {card_person(c) for c in display}
        if self.king == "Hofnarr":
            dead.add("Hofnarr")
        return dead

    def dead_count(self, hand: list[str], display: list[str]) -> int:
        dead = self.dead_persons(display)
        return sum(card_person(c) in dead for c in hand)

    def live_persons(self, hand: list[str], display: list[str]) -> set[str]:
        return {card_person(c) for c in hand} - self.dead_persons(display)

    def p_dead(self, display: list[str]) -> float:
        """Chance that an unseen card is dead for a player with this display."""
        return sum(self.unseen[p] for p in self.dead_persons(display)) / self.unseen_total

    def expected_dead(self, seat: int, display: list[str]) -> float:
        known = self.known.get(seat, [])
        unknown = self.hand_counts[seat] - len(known)
        return self.dead_count(known, display) + unknown * self.p_dead(display)

    def stuck_chance(self, seat: int, display: list[str] | None = None) -> float:
        """Chance that `seat` holds only dead cards (its next play is a Palastgeflüster)."""
        display = self.displays[seat] if display is None else display
        known = self.known.get(seat, [])
        if self.live_persons(known, display):
            return 0.0
        unknown = self.hand_counts[seat] - len(known)
        return self.p_dead(display) ** unknown

    # -- values ----------------------------------------------------------------------------------
    def standing(self, points: list[int]) -> float:
        others = [p for s, p in enumerate(points) if s != self.me]
        return points[self.me] - 0.6 * max(others) - 0.4 * sum(others) / len(others)

    def outcome(self, scorers: list[int]) -> float:
        """The value of a round end in which `scorers` get a point each."""
        after = [p + (s in scorers) for s, p in enumerate(self.points)]
        reached = [s for s in range(self.n) if after[s] >= self.target]
        if reached:
            return (10.0 if reached == [self.me] else 3.0) if self.me in reached else -10.0
        return self.standing(after) - self.standing(self.points)

    def whisper(self, seat: int) -> float:
        """`seat` lays a double: everyone else scores."""
        return self.outcome([s for s in range(self.n) if s != seat])

    def turn_value(self, seat: int, hand: list[str], display: list[str]) -> float:
        """What it is worth to me that `seat` plays next (my own hand and display given for seat == me)."""
        if seat == self.me:
            live = self.live_persons(hand, display)
            if not live:
                return self.whisper(self.me)
            if len(display) == self.hand_size - 1:
                return self.outcome([self.me])
            return 0.05
        stuck = self.stuck_chance(seat)
        value = stuck * self.whisper(seat)
        if len(self.displays[seat]) == self.hand_size - 1:
            value += (1 - stuck) * self.outcome([seat])
        return value

    def weight(self, seat: int) -> float:
        """How much hurting `seat` matters: the leader and a player close to six count more."""
        lead = 1.0 if self.points[seat] == max(self.points) else 0.0
        return 1.0 + lead + 0.3 * max(0, len(self.displays[seat]) - 3)


class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, decision: Decision, rng: Rng) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        judge = Judge(decision.observation)
        rate = _RATERS[decision.observation["phase"]]
        scored = [(rate(judge, action), rng.random(), action) for action in legal]
        return max(scored, key=lambda t: (t[0], t[1]))[2]


# -- play --------------------------------------------------------------------------------------------
def rate_play(j: Judge, action: Action) -> float:
    card = str(action.args[0])
    person = card_person(card)
    display = j.displays[j.me] + [card]
    hand = list(j.hand)
    hand.remove(card)
    if person in j.dead_persons(j.displays[j.me]):
        return 100 * j.whisper(j.me)
    if len(display) == j.hand_size:
        return 100 * j.outcome([j.me])
    blocked = person == j.king
    fix = 0.0 if blocked else _unstick_chance(j, person, hand, display)
    value = -DEAD_CARD * j.dead_count(hand, display) + 0.05 * len(j.live_persons(hand, display))
    value += 0.0 if blocked else _action_value(j, person, hand, display)
    nxt = _next_seats(j, card, display)
    turn = max(j.turn_value(s, hand, display) for s in nxt)
    if j.me in nxt and len(nxt) == 1 and not j.live_persons(hand, display):
        turn *= 1 - fix
    elif j.me not in nxt and not j.live_persons(hand, display):
        value += LATER_TURN * (1 - fix) * j.whisper(j.me)
    return value + turn


def _next_seats(j: Judge, card: str, display: list[str]) -> list[int]:
    """Who may play next after `card` (brown: the fewest display cards, the bot picks among ties)."""
    seat = colour_seat(card)
    if seat is not None:
        return [seat]
    counts = [len(display) if s == j.me else len(d) for s, d in enumerate(j.displays)]
    if card_person(card) == "Waechter" and len(display) > 1 and j.king != "Waechter":
        counts[j.me] -= 1
    least = min(counts)
    return [s for s, c in enumerate(counts) if c == least]


def _unstick_chance(j: Judge, person: str, hand: list[str], display: list[str]) -> float:
    """Chance that the card's own action leaves me a live card when I have none."""
    if not hand:
        return 0.0
    if person == "Waechter" and len(display) > 1:
        return 1.0
    if person == "Zofe":
        return 1 - j.p_dead(display)
    if person == "Zauberer":
        return 0.6
    if person == "Mundschenk" and j.obs["plays_this_round"] + 1 > j.quiet_plays:
        return 0.4
    return 0.0


def _action_value(j: Judge, person: str, hand: list[str], display: list[str]) -> float:
    dead = j.dead_count(hand, display)
    if person == "Zofe":
        return DEAD_CARD * (1 - j.p_dead(display)) if dead else 0.0
    if person == "Zauberer":
        return ACTION_WORTH["Zauberer"] + 0.2 * min(dead, 2)
    if person == "Waechter":
        if len(display) <= 1:
            return 0.0
        freed = max(sum(card_person(c) == card_person(d) for c in hand) for d in display[:-1])
        return DEAD_CARD * freed - 0.05
    if person == "Mundschenk" and j.obs["plays_this_round"] + 1 <= j.quiet_plays:
        return 0.0
    return ACTION_WORTH[person]


# -- Zauberer ------------------------------------------------------------------------------------------
def _unwanted(j: Judge, hand: list[str]) -> list[str]:
    """Hand cards I would rather give away: dead ones, then the extra copies of a live person."""
    dead = j.dead_persons(j.displays[j.me])
    out = [c for c in hand if card_person(c) in dead]
    persons = Counter(card_person(c) for c in hand if card_person(c) not in dead)
    for person, count in persons.items():
        out += [c for c in hand if card_person(c) == person][1:count]
    return out


def rate_target(j: Judge, action: Action) -> float:
    seat = int(action.args[0])
    harm = sum(card_person(c) in j.dead_persons(j.displays[seat]) for c in _unwanted(j, j.hand))
    useful = len(j.dead_persons(j.displays[seat]) - j.dead_persons(j.displays[j.me]))
    return j.weight(seat) * (0.4 * harm + 0.3 * len(j.displays[seat])) + 0.1 * useful


def rate_count(j: Judge, action: Action) -> float:
    wanted = max(1, len(_unwanted(j, j.hand)))
    return -abs(int(action.args[0]) - wanted)


def rate_give(j: Judge, action: Action) -> float:
    card = str(action.args[0])
    z = j.obs["zauberer"]
    receiver = z["target"] if j.me == z["initiator"] else z["initiator"]
    hand = list(j.hand)
    for chosen in z["chosen"]:
        hand.remove(chosen)
    person = card_person(card)
    value = 0.0
    if person in j.dead_persons(j.displays[j.me]):
        value += 2.0
    elif sum(card_person(c) == person for c in hand) > 1:
        value += 1.0
    if person in j.dead_persons(j.displays[receiver]):
        value += 0.5 * j.weight(receiver)
    else:
        value -= 0.2 * j.weight(receiver)
    if colour_seat(card) == j.me:
        value -= 0.1  # my own colour gives me extra turns
    return value


# -- Zofe, Wächter, brown ------------------------------------------------------------------------------
def rate_discard(j: Judge, action: Action) -> float:
    card = str(action.args[0])
    person = card_person(card)
    if person in j.dead_persons(j.displays[j.me]):
        return 3.0
    if sum(card_person(c) == person for c in j.hand) > 1:
        return 2.0
    return -ACTION_WORTH[person] - (0.2 if colour_seat(card) == j.me else 0.0)


def rate_take(j: Judge, action: Action) -> float:
    person = str(action.args[0])
    freed = sum(card_person(c) == person for c in j.hand)
    return DEAD_CARD * freed + (0.1 if person != "Hofnarr" or j.king != "Hofnarr" else -0.5)


def rate_next(j: Judge, action: Action) -> float:
    return j.turn_value(int(action.args[0]), j.hand, j.displays[j.me])


# -- Mundschenk ----------------------------------------------------------------------------------------
def _swap_value(j: Judge, a: int, i: int, b: int, k: int) -> float:
    after = [list(d) for d in j.displays]
    after[a][i], after[b][k] = j.displays[b][k], j.displays[a][i]
    value = 0.0
    for seat in {a, b}:
        if seat == j.me:
            value -= DEAD_CARD * (j.dead_count(j.hand, after[seat]) - j.dead_count(j.hand, j.displays[seat]))
        else:
            gain = j.expected_dead(seat, after[seat]) - j.expected_dead(seat, j.displays[seat])
            value += 0.3 * j.weight(seat) * gain
    return value


def _pairs(j: Judge) -> list[tuple[int, int, int, int]]:
    return mundschenk_pairs(j.displays, j.me)


def rate_pick(j: Judge, action: Action) -> float:
    seat, person = int(action.args[0]), str(action.args[1])
    values = [_swap_value(j, a, i, b, k) for a, i, b, k in _pairs(j)
              if a == seat and card_person(j.displays[a][i]) == person]
    return max(values, default=-1.0)


def rate_swap(j: Judge, action: Action) -> float:
    first = j.obs["mundschenk"]["first"]
    seat, person = int(action.args[0]), str(action.args[1])
    for a, i, b, k in _pairs(j):
        if (a, card_person(j.displays[a][i])) == (first["seat"], first["person"]) and \
                (b, card_person(j.displays[b][k])) == (seat, person):
            return _swap_value(j, a, i, b, k)
    return -1.0


_RATERS = {
    "play": rate_play,
    "zauberer_target": rate_target,
    "zauberer_count": rate_count,
    "zauberer_give": rate_give,
    "zauberer_answer": rate_give,
    "zofe_discard": rate_discard,
    "mundschenk_first": rate_pick,
    "mundschenk_second": rate_swap,
    "waechter_take": rate_take,
    "choose_next": rate_next,
}


def win_shares(state: State) -> list[float]:
    """Each seat's chance to win, guessed from the points: one point is a big step towards the target."""
    return softmax_shares([float(p) for p in state.scores()], POINT_SCALE)


#: How far one point of lead moves the guessed chances (see `softmax_shares`).
POINT_SCALE = 1.0
#: ISMCTS plays its rollouts with this heuristic for about a round, then guesses from the points:
#: heuristic games are long (about 240 moves), so playing them out would leave few iterations a second.
SEARCH = SearchPlan(rollout=HeuristicBot, cutoff=24, evaluate=win_shares, hard_iterations=100)
