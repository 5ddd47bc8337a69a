"""Gloria Picktoria under a thousand random games: rule invariants after every action.

Cheap invariants are checked after every action; the costly ones (the full card multiset, clone and
dict round trips, observations against a re-dealt position, refusals against the legal list) at a
sample of actions and at the end. Every action's text reads back as that action; every REPLAY_EVERY-th
game is replayed from its seed and must reach the same hash.
"""

from __future__ import annotations

import functools
import json

import pytest

import game
from game.ai import Decision, make_bot
from game.core import Action, Rng
from game.gloria_picktoria.cards import DH, DH_CARDS, MOTIF_IDS, SCORING_AT, full_deck_counts
from game.gloria_picktoria.explain import refusal
from game.gloria_picktoria.serialize import counts_of
from game.gloria_picktoria.state import GloriaState
from game.i18n import Message

GAME = game.load("gloria_picktoria")
#: Measured (branch coverage of game/gloria_picktoria, game/core and this file, one coverage context per
#: game): the 2000 games this test once played reach 850 lines and 1380 branch arcs; all but two arcs by
#: game 31, and those two (a penalty row with a lone treasure under the fox and nothing to pay) only in
#: games 467 and 910. The first 1000 games reach the same set, the rarest case twice.
GAMES = 1000
SAMPLE_EVERY = 50  # costly checks at every 50th action (and at the end)
#: replayed from seed and texts: every 5th game (all player counts, as 5 and 4 share no factor)
REPLAY_EVERY = 5
MAX_ACTIONS = 5000


@functools.cache
def candidate_actions(players: int) -> tuple[Action, ...]:
    """Right and wrong actions of every kind, for comparing refusals with the legal list."""
    cards = [*MOTIF_IDS, "joker", "doubler", "dh"]
    out = [Action("draw"), Action("keep_fox")]
    out += [Action("take", (slot,)) for slot in range(-1, 4)]
    out += [Action("treasure", (card,)) for card in cards]
    out += [Action("doubler", (i,)) for i in range(-1, 7)]
    out += [Action("pass_fox", (i,)) for i in range(-1, 7)]
    out += [Action("open", (card, i)) for card in cards for i in range(-1, 7)]
    out += [Action("fox", (seat, i)) for seat in range(-1, players + 1) for i in range(-1, 7)]
    return tuple(out)


def check_every_action(state: GloriaState) -> None:
    assert 0 <= state.ap <= 3
    dh_in_pile = DH_CARDS - state.middle
    if state.is_terminal():
        assert state.middle == DH_CARDS and state.current_player is None and state.legal_actions() == []
        return
    assert state.legal_actions(), "no legal action before the end"
    assert state.current_player == state.turn
    assert (state.ap > 0) == (state.phase == "turn")
    # GP-R12: the pile still holds every Dschingis Hahn not in the middle, so it cannot be empty.
    assert dh_in_pile > 0 and len(state.pile) >= dh_in_pile
    assert len(state.display) == 3 and DH not in state.display
    assert len(state.scorings) == sum(1 for t in SCORING_AT if t <= state.middle)
    total = sum(len(h) for h in state.hands) + len(state.display) + len(state.pile) + state.middle \
        + sum(state.doublers) + sum(len(c.all_cards()) for own in state.collections for c in own)
    assert total == 95 + DH_CARDS + state.num_players


def as_json(value) -> str:
    """An observation as JSON text, its messages (prompt, result) as their data."""
    return json.dumps(value, default=message_data)


def message_data(value: object) -> dict:
    if isinstance(value, Message):
        return value.to_dict()
    raise TypeError(f"not JSON data: {value!r}")


def check_sample(state: GloriaState, rng: Rng) -> None:
    assert counts_of(state) == full_deck_counts(state.num_players)
    assert state.pile.count(DH) == DH_CARDS - state.middle
    assert state.points == [sum(b["points"][s] for b in state.scorings) for s in range(state.num_players)]
    for own in state.collections:
        motifs = [c.motif for c in own if c.motif]
        assert len(motifs) == len(set(motifs))
    h = state.state_hash()
    assert state.clone().state_hash() == h
    assert GAME.state_from_dict(json.loads(json.dumps(state.to_dict()))).state_hash() == h
    spectator = state.observation(None)
    assert spectator["hand"] is None
    as_json(spectator)
    seat = rng.randbelow(state.num_players)
    obs = state.observation(seat)
    as_json(obs)
    assert obs["hand"] == sorted(state.hands[seat])
    # Nothing hidden leaks: a position with every unseen card re-dealt looks the same to this seat.
    redealt = state.determinize(seat, rng.spawn())
    assert redealt.observation(seat) == obs
    assert counts_of(redealt) == counts_of(state)
    if not state.is_terminal():
        legal = set(state.legal_actions())
        for action in candidate_actions(state.num_players):
            reason = refusal(state, action)
            assert (reason is None) == (action in legal), (str(action), reason)


def play_random_game(players: int, seed: int) -> None:
    state = GAME.new_state(players, seed)
    rng = Rng(seed * 7919 + 1)
    texts: list[str] = []
    check_every_action(state)
    while not state.is_terminal():
        assert len(texts) < MAX_ACTIONS, "the game does not end"
        action = rng.choice(state.legal_actions())
        texts.append(str(action))
        assert Action.parse(texts[-1]) == action  # with its legality: what parse_action checks
        state.apply(action)
        check_every_action(state)
        if len(texts) % SAMPLE_EVERY == 0:
            check_sample(state, rng)
    check_sample(state, rng)
    assert len(state.scorings) == 3 and state.winners()
    if seed % REPLAY_EVERY == 0:
        replayed = GAME.new_state(players, seed)
        for text in texts:
            replayed.apply(GAME.parse_action(replayed, text))
        assert replayed.state_hash() == state.state_hash()


#: the random games are played in this many parts, each on whichever core is free (the same games in all)
PARTS = 4


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_random_games_keep_every_invariant(part):
    for i in range(part, GAMES, PARTS):
        play_random_game(2 + i % 4, seed=i)


@pytest.mark.slow
def test_heuristic_bot_games_keep_every_invariant_and_beat_random():
    bot = make_bot("gloria_picktoria", "heuristic")
    random_bot = make_bot("gloria_picktoria", "random")
    heuristic_wins = 0.0
    games = 12
    for i in range(games):
        players = 2 + i % 4
        state = GAME.new_state(players, seed=500 + i)
        rng = Rng(i)
        steps = 0
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            chooser = bot if seat == 0 else random_bot
            action = chooser.choose(Decision.of(state, seat), rng)
            assert action in state.legal_actions()
            state.apply(action)
            check_every_action(state)
            steps += 1
            if steps % SAMPLE_EVERY == 0:
                check_sample(state, rng)
        won = state.winners()
        if 0 in won:
            heuristic_wins += 1 / len(won)
    assert heuristic_wins >= 0.75 * games


def test_determinize_hides_nothing_the_seat_may_not_know_and_the_bot_cannot_tell():
    """A re-dealt position keeps the seat's view; the heuristic bot decides the same on it as on the
    true position, and re-dealing it again gives the very state re-dealing the true one gives."""
    bot = make_bot("gloria_picktoria", "heuristic")
    for seed in range(8):
        players = 2 + seed % 4
        state = GAME.new_state(players, seed)
        rng = Rng(seed)
        for _ in range(40 + 17 * seed):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        seat = state.current_player
        assert seat is not None
        for k in range(3):
            drawn = state.determinize(seat, Rng(100 + k))
            assert drawn.observation(seat) == state.observation(seat)
            assert drawn.legal_actions() == state.legal_actions()
            again = drawn.determinize(seat, Rng(7)).state_hash()
            assert again == state.determinize(seat, Rng(7)).state_hash()
            on_truth = bot.choose(Decision.of(state, seat), Rng(42))
            on_drawn = bot.choose(Decision.of(drawn, seat), Rng(42))
            assert on_truth == on_drawn
            others = [s for s in range(players) if s != seat]
            for other in others:
                assert len(drawn.hands[other]) == len(state.hands[other])
                assert sorted(drawn.known[other]) == sorted(state.known[other])
