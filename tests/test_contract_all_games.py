"""Every built game meets the engine contract the same way (docs/design.md, 'The engine contract').

Run over random positions of every game in `game.available()`: observations are JSON data with the
common keys; clone, to_dict and state_from_dict keep the hash; every legal action's text reads back
to itself; junk is refused without change; and determinize depends only on what the seat knows:
a state drawn from a seat's information set has the same observation, and determinizing it again
with the same RNG gives the very same state as determinizing the original.
"""

from __future__ import annotations

import json

import pytest

import game
from game.core import Action, IllegalAction, Rng
from game.i18n import Message

COMMON_KEYS = {"game", "seat", "players", "current_player", "phase", "prompt", "scores", "terminal",
               "winners", "result"}


def _as_data(value):
    """What the engine says to people (a prompt, a result) is a message: JSON as its id and parameters."""
    if isinstance(value, Message):
        return value.to_dict()
    raise TypeError(f"{type(value).__name__} is not JSON data")


def positions(game_id: str, samples: int = 12):
    g = game.load(game_id)
    rng = Rng(17)
    for i in range(samples):
        players = g.min_players + i % (g.max_players - g.min_players + 1)
        state = g.new_state(players, seed=i)
        for _ in range(rng.randbelow(120)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        yield state


@pytest.fixture(params=game.available())
def game_id(request):
    return request.param


def test_observations_are_json_with_the_common_keys(game_id):
    for state in positions(game_id):
        for seat in [None, *range(state.num_players)]:
            obs = state.observation(seat)
            assert set(obs) >= COMMON_KEYS, COMMON_KEYS - set(obs)
            assert obs["game"] == game_id and obs["seat"] == seat
            assert obs["current_player"] == state.current_player
            json.dumps(obs, default=_as_data)


def test_clone_and_dict_round_trip_keep_the_hash(game_id):
    g = game.load(game_id)
    for state in positions(game_id):
        h = state.state_hash()
        assert state.clone().state_hash() == h
        assert g.state_from_dict(json.loads(json.dumps(state.to_dict()))).state_hash() == h


def test_action_texts_read_back(game_id):
    g = game.load(game_id)
    for state in positions(game_id):
        for action in state.legal_actions():
            assert g.parse_action(state, str(action)) == action


def test_junk_is_refused_and_changes_nothing(game_id):
    for state in positions(game_id, samples=4):
        if state.is_terminal():
            continue
        h = state.state_hash()
        for junk in ["frobnicate", "play", "play nothing-like-a-card 99", "next -3"]:
            if Action.parse(junk) in state.legal_actions():
                continue
            with pytest.raises(IllegalAction) as info:
                state.apply(junk)
            assert str(info.value)
        assert state.state_hash() == h


def test_determinize_depends_only_on_what_the_seat_knows(game_id):
    for state in positions(game_id):
        for seat in range(state.num_players):
            drawn = state.determinize(seat, Rng(5))
            assert drawn.observation(seat) == state.observation(seat)
            again_from_drawn = drawn.determinize(seat, Rng(99)).state_hash()
            again_from_true = state.determinize(seat, Rng(99)).state_hash()
            assert again_from_drawn == again_from_true


@pytest.mark.parametrize("level", ["heuristic", "easy", "ismcts:12", "hard-search:3"])
def test_bots_cannot_cheat(game_id, level):
    """A bot's choice depends only on its observation: on another true state drawn from the same
    information set (the hidden cards dealt differently), it decides exactly the same."""
    from game.ai import Decision, make_bot, search_plan

    if level == "hard-search:3":  # whichever search the game's hard level runs, with 3 iterations
        level = "improve:3" if search_plan(game_id).candidates else "ismcts:3"
    bot = make_bot(game_id, level)
    checked = 0
    for state in positions(game_id, samples=8):
        seat = state.current_player
        if seat is None or len(state.legal_actions()) < 2:
            continue
        other = state.determinize(seat, Rng(1234))
        assert other.observation(seat) == state.observation(seat)
        here = bot.choose(Decision.of(state, seat), Rng(42))
        there = bot.choose(Decision.of(other, seat), Rng(42))
        assert here == there
        checked += 1
    assert checked
