"""Palastgeflüster under random play: invariants after every action, replay, and determinization.

Knowledge is checked against a shadow kept ONLY from the events each seat is shown (`seen_by`) and the
public hand sizes: what an observation claims about other hands must be exactly what that seat's event
stream makes certain (PG-R7), worked out here by trying every set of cards that could have left.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import game
from game.core import CardMoved, CardsRevealed, Event, GameEnded, Rng, RoundEnded, Shuffled
from game.palastgefluester.cards import KING_PERSONS, deck, is_card
from game.palastgefluester.multiset import contains, without

PG = game.load("palastgefluester")
SCORINGS = ("base", "noted")
#: observation keys allowed to name a card that is not public (each is checked on its own below)
PRIVATE_KEYS = {"hand", "known_cards", "known_discards", "public_known", "known_by_others", "zauberer"}


def surely_left(hand: list[str], count: int) -> list[str]:
    """What remains for certain of `hand` (unknown cards as None) after any `count` of its cards went:
    for each card, the fewest copies left over every choice of the cards that went."""
    return _fewest(hand, [[c for i, c in enumerate(hand) if i not in gone]
                          for gone in combinations(range(len(hand)), count)])


def surely_chosen(hand: list[str], count: int) -> list[str]:
    """What is certainly among any `count` cards chosen from `hand` (unknown cards as None)."""
    return _fewest(hand, [[hand[i] for i in chosen] for chosen in combinations(range(len(hand)), count)])


def _fewest(hand: list[str], outcomes: list[list[str]]) -> list[str]:
    cards = sorted({c for c in hand if c is not None})
    return [c for c in cards for _ in range(min(o.count(c) for o in outcomes))]


class Shadow:
    """Each seat's knowledge of other hands, rebuilt from the redacted events that seat was shown.
    Index `players` is the spectator (seat None): what everyone knows."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.known = [[[] for _ in range(players)] for _ in range(players + 1)]
        self.discards: list[list[str]] = [[] for _ in range(players + 1)]

    def of(self, seat: int | None) -> list[list[str]]:
        return self.known[self.players if seat is None else seat]

    def follow(self, events: list[Event], hand_sizes: list[int]) -> None:
        """`hand_sizes`: public, after the events (a Zauberer exchange keeps them)."""
        new_round = any(isinstance(e, RoundEnded) for e in events) and not any(
            isinstance(e, GameEnded) for e in events)
        for index, observer in enumerate([*range(self.players), None]):
            self._follow(index, observer, [e.seen_by(observer) for e in events], new_round, hand_sizes)

    def _follow(self, index: int, me: int | None, events: list[Event], new_round: bool,
                hand_sizes: list[int]) -> None:
        known = self.known[index]

        def hand(owner: int) -> list[str]:  # the hand as this seat sees it, unknown cards as None
            return known[owner] + [None] * (hand_sizes[owner] - len(known[owner]))

        swap: dict[tuple[int, int], list[str]] = {}
        for e in events:
            if isinstance(e, RoundEnded) and new_round:
                known[:] = [[] for _ in range(self.players)]
                self.discards[index] = []
            elif isinstance(e, CardsRevealed) and e.seat != me:
                known[e.seat] = list(e.cards)
            elif isinstance(e, CardMoved):
                src, dst = e.src, e.dst
                if src.startswith("hand:") and dst.startswith("display:"):
                    owner = int(src[5:])
                    if e.card in known[owner]:
                        known[owner].remove(e.card)
                elif src.startswith("display:") and dst.startswith("hand:") and int(dst[5:]) != me:
                    known[int(dst[5:])].append(e.card)
                elif src.startswith("hand:") and dst.startswith("hand:"):
                    swap.setdefault((int(src[5:]), int(dst[5:])), []).append(e.card)
                elif src.startswith("hand:") and dst == "discard":
                    owner = int(src[5:])
                    if owner == me:
                        self.discards[index].append(e.card)
                    else:
                        known[owner] = surely_left(hand(owner), 1)  # the card drawn after it is unseen
            elif isinstance(e, Shuffled) and e.zone == "draw":
                self.discards[index] = []
        if not swap:
            return
        (giver, receiver), cards = next(iter(swap.items()))
        back = swap.get((receiver, giver), [])
        if None in cards:  # not seen: any cards of the two hands may have gone either way
            count = len(cards)
            known[giver], known[receiver] = (
                surely_left(hand(giver), count) + surely_chosen(hand(receiver), count),
                surely_left(hand(receiver), count) + surely_chosen(hand(giver), count))
        elif me == giver:
            known[receiver] = without(known[receiver], back) + cards
        else:
            known[giver] = without(known[giver], cards) + back


def all_cards(state) -> list[str]:
    return [c for h in state.hands for c in h] + [c for d in state.displays for c in d] + state.draw \
        + state.discard


def check_cheap(state, full_deck: Counter) -> None:
    assert Counter(all_cards(state)) == full_deck
    assert sorted(state.king_stack + state.king_revealed) == sorted(KING_PERSONS)
    for seat in range(state.num_players):
        assert len(state.hands[seat]) + len(state.displays[seat]) == 6  # PG-R9
    if state.is_terminal():
        assert state.legal_actions() == [] and state.current_player is None and state.winners()
    else:
        assert state.legal_actions() and state.current_player is not None
        for display in state.displays:
            persons = [c.split("/")[0] for c in display]
            assert len(persons) == len(set(persons))


def _card_texts(value: Any):
    """Every text in an observation value that looks like a card."""
    if isinstance(value, str):
        if "/" in value:
            yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _card_texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _card_texts(v)


def check_observation(state, seat: int | None, shadow: Shadow) -> None:
    obs = state.observation(seat)
    n = state.num_players
    public = {c for d in state.displays for c in d}
    for key, value in obs.items():
        if key in PRIVATE_KEYS or isinstance(value, (int, bool)) or value is None:
            continue
        for card in _card_texts(value):
            assert is_card(card, n), (key, card)
            assert card in public, (key, card)
    public_known = {str(o): sorted(k) for o, k in enumerate(shadow.of(None)) if k}
    assert obs["public_known"] == public_known
    if seat is None:
        assert obs["hand"] is None and obs["known_discards"] == [] and obs["known_by_others"] == {}
        assert obs["known_cards"] == public_known
        return
    assert obs["hand"] == sorted(state.hands[seat])
    expected = {str(o): sorted(k) for o, k in enumerate(shadow.of(seat)) if k and o != seat}
    assert obs["known_cards"] == expected
    for owner, cards in obs["known_cards"].items():
        assert contains(state.hands[int(owner)], cards)
    assert obs["known_discards"] == sorted(shadow.discards[seat])
    assert contains(state.discard, obs["known_discards"])
    for cards in obs["known_by_others"].values():
        assert contains(state.hands[seat], cards)
    z = obs["zauberer"]
    if z is not None:
        assert contains(state.hands[seat], z["chosen"])


def check_costly(state, shadow: Shadow) -> None:
    for seat in [None, *range(state.num_players)]:
        check_observation(state, seat, shadow)
    assert state.clone().state_hash() == state.state_hash()
    assert PG.state_from_dict(state.to_dict()).state_hash() == state.state_hash()


def play_game(seed: int, players: int, scoring: str, costly_every: int) -> int:
    state = PG.new_state(players, seed, {"scoring": scoring})
    full_deck = Counter(deck(players))
    shadow = Shadow(players)
    rng = Rng(seed * 7 + 1)
    texts = []
    check_cheap(state, full_deck)
    check_costly(state, shadow)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        texts.append(str(action))
        shadow.follow(state.apply(action), [len(h) for h in state.hands])
        check_cheap(state, full_deck)
        if len(texts) % costly_every == 0:
            check_costly(state, shadow)
        else:
            seat = state.current_player
            check_observation(state, seat if seat is not None else 0, shadow)
        assert len(texts) < 5000, "the game does not end"
    check_costly(state, shadow)
    replayed = PG.new_state(players, seed, {"scoring": scoring})
    for text in texts:
        replayed.apply(PG.parse_action(replayed, text))
    assert replayed.state_hash() == state.state_hash()
    return len(texts)


#: Measured (branch coverage of game/palastgefluester, game/core and this file's shadow of what each seat
#: knows, one coverage context per game): the 2004 games this test once played reach 1046 lines and 1720
#: branch arcs, all of them by game 46. 504 games (every player count with each scoring, 84 times) reach
#: the same, with room to spare for a change to the engine.
GAMES = 504
#: the random games are played in this many parts, each on whichever core is free (the same games in all)
PARTS = 2


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_random_play_keeps_every_invariant_over_hundreds_of_games(part):
    actions = 0
    games = 0
    for seed in range(part, GAMES, PARTS):
        players = 3 + seed % 3
        scoring = SCORINGS[(seed // 3) % 2]
        actions += play_game(seed, players, scoring, costly_every=9)
        games += 1
    assert games == GAMES // PARTS and actions / games > 10


def test_a_few_random_games_with_every_check_after_every_action():
    for seed in range(6):
        play_game(10_000 + seed, 3 + seed % 3, SCORINGS[seed % 2], costly_every=1)


# -- determinize ---------------------------------------------------------------------------------
def sampled_positions(count: int):
    rng = Rng(4242)
    for i in range(count):
        players = 3 + i % 3
        state = PG.new_state(players, 500 + i, {"scoring": SCORINGS[i % 2]})
        for _ in range(rng.randbelow(90)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        yield state


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest():
    varied = 0
    for state in sampled_positions(60):
        full_deck = Counter(deck(state.num_players))
        for seat in range(state.num_players):
            obs = state.observation(seat)
            for k in range(3):
                drawn = state.determinize(seat, Rng(k))
                assert drawn.observation(seat) == obs
                check_cheap(drawn, full_deck)
                assert drawn.hands[seat] == state.hands[seat] and drawn.displays == state.displays
                for owner, cards in obs["known_cards"].items():
                    assert contains(drawn.hands[int(owner)], cards)
                assert contains(drawn.discard, obs["known_discards"])
                assert PG.state_from_dict(drawn.to_dict()).state_hash() == drawn.state_hash()
                if [sorted(h) for h in drawn.hands] != [sorted(h) for h in state.hands]:
                    varied += 1
    assert varied > 100  # hidden cards really are re-dealt


def test_determinize_can_be_played_to_the_end():
    rng = Rng(3)
    for state in sampled_positions(15):
        if state.is_terminal():
            continue
        drawn = state.determinize(state.current_player, Rng(1))
        while not drawn.is_terminal():
            drawn.apply(rng.choice(drawn.legal_actions()))
            check_cheap(drawn, Counter(deck(drawn.num_players)))


def test_determinize_hides_a_zauberer_choice_the_seat_has_not_seen():
    hidden = seen = 0
    for state in sampled_positions(400):
        z = state.zauberer
        if z is None or not z.given:
            continue
        third = next(s for s in range(state.num_players) if s not in (z.initiator, z.target))
        choices = {tuple(sorted(state.determinize(third, Rng(k)).zauberer.given)) for k in range(8)}
        hidden += len(choices) > 1
        mine = state.determinize(z.initiator, Rng(1)).zauberer
        assert mine.given == z.given
        seen += 1
    assert seen and hidden


# -- hypothesis ----------------------------------------------------------------------------------
class RandomPlay(RuleBasedStateMachine):
    """Any sequence of legal actions, from any seed, player count and scoring, keeps the invariants."""

    @initialize(seed=st.integers(0, 2**32), players=st.integers(3, 5), scoring=st.sampled_from(SCORINGS))
    def start(self, seed: int, players: int, scoring: str) -> None:
        self.state = PG.new_state(players, seed, {"scoring": scoring})
        self.deck = Counter(deck(players))
        self.shadow = Shadow(players)

    @rule(pick=st.integers(0, 10_000))
    def act(self, pick: int) -> None:
        if self.state.is_terminal():
            return
        legal = self.state.legal_actions()
        self.shadow.follow(self.state.apply(legal[pick % len(legal)]), [len(h) for h in self.state.hands])

    @invariant()
    def invariants_hold(self) -> None:
        if not hasattr(self, "state"):
            return
        check_cheap(self.state, self.deck)
        seat = self.state.current_player
        check_observation(self.state, seat if seat is not None else 0, self.shadow)


RandomPlay.TestCase.settings = settings(max_examples=40, stateful_step_count=60, deadline=None,
                                        suppress_health_check=[HealthCheck.too_slow])
test_random_play_state_machine = RandomPlay.TestCase
