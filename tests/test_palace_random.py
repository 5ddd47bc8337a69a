"""Hundreds of random Palace games over every player count and option mix, invariants after each action."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from game import load
from game.core import Action, Rng
from game.palace.cards import DECK_SET
from game.palace.state import PalaceState

GAME = load("palace")
#: Measured (branch coverage of game/palace and game/core, one coverage context per game): the 2000 games
#: this test once played reach 654 lines and 1029 branch arcs, all of them by game 77; and 300 games already
#: reach each of the 498 combinations of a player count with a pair of option values that 2000 reach. 500
#: games reach the same, with room to spare for a change to the engine.
GAMES = 500
MAX_ACTIONS = 200_000  # a game that runs longer than this is taken as one that never ends
OBSERVATION_EVERY = 41  # the costly checks run at a sample of actions (a prime, so phases vary)
CLONE_EVERY = 53
#: Every game's actions are read back from their text as they are played (a record's text form of a legal
#: action gives that action: all `parse_action` checks); every REPLAY_EVERY-th game (a spread of player
#: counts and option mixes) is also replayed from its seed and texts and must reach the same hash.
REPLAY_EVERY = 5


CARD_TEXT = re.compile(r'"(10|[2-9JQKA])([CDHS])"')


def card_strings(obs: dict[str, Any]) -> set[str]:
    """Every card named anywhere inside an observation."""
    text = json.dumps(obs, default=lambda message: message.to_dict())  # a message as its data: ids, params
    return {rank + suit for rank, suit in CARD_TEXT.findall(text)}


def count_cards(state: PalaceState) -> int:
    held = sum(len(h) + 6 - state.up[s].count(None) - state.down[s].count(None)
               for s, h in enumerate(state.hands))
    return held + len(state.draw) + len(state.pile) + len(state.burned)


def check_cards(state: PalaceState) -> None:
    cards = [*state.draw, *state.pile, *state.burned]
    for seat in range(state.num_players):
        cards.extend(state.hands[seat])
        cards.extend(c for c in state.up[seat] if c is not None)
        cards.extend(c for c in state.down[seat] if c is not None)
        assert set(state.known[seat]) <= set(state.hands[seat])
    assert len(cards) == 52 and set(cards) == DECK_SET


def check_observations(state: PalaceState) -> None:
    public = set(state.pile) | set(state.burned)
    for seat in range(state.num_players):
        public |= {c for c in state.up[seat] if c is not None} | set(state.known[seat])
    for seat in [None, *range(state.num_players)]:
        obs = state.observation(seat)
        allowed = public | (set(state.hands[seat]) if seat is not None else set())
        leaked = card_strings(obs) - allowed
        assert not leaked, f"seat {seat} sees {leaked}"
        assert obs["current_player"] == state.current_player and obs["seat"] == seat


def random_options(rng: Rng, players: int) -> dict[str, Any]:
    options = {name: rng.choice(option.choices) for name, option in GAME.options.items()}
    if players * (6 + options["hand_size"]) > 52:
        options["hand_size"] = 4
    if options["dealer"] != "random" and options["dealer"] >= players:
        options["dealer"] = "random"
    return options


def play_random_game(seed: int, stats: dict[str, int]) -> None:
    rng = Rng(seed)
    players = 2 + seed % 4
    options = random_options(rng, players)
    state = GAME.new_state(players, seed, options)
    texts: list[str] = []
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "no legal action before the end"
        assert state.current_player not in state.out
        action = rng.choice(legal)
        state.apply(action)
        texts.append(str(action))
        assert Action.parse(texts[-1]) == action
        assert count_cards(state) == 52
        if len(texts) % OBSERVATION_EVERY == 0:
            assert len(set(legal)) == len(legal)
            check_cards(state)
            check_observations(state)
        if len(texts) % CLONE_EVERY == 0:
            assert state.clone().state_hash() == state.state_hash()
            assert GAME.state_from_dict(state.to_dict()).state_hash() == state.state_hash()
        assert len(texts) < MAX_ACTIONS, f"seed {seed}: the game does not end"
    assert state.current_player is None and state.legal_actions() == []
    assert sorted(state.scores()) == [float(i) for i in range(1, players + 1)]  # the places (PA-R12)
    assert state.winners() == state.out and state.loser not in state.out
    assert state.scores()[state.loser] == players
    check_cards(state)
    check_observations(state)
    if seed % REPLAY_EVERY == 0:
        replay = GAME.new_state(players, seed, options)
        for text in texts:
            replay.apply(GAME.parse_action(replay, text))
        assert replay.state_hash() == state.state_hash()
    stats["actions"] += len(texts)
    stats["burns"] += len(state.burned) > 0


#: the random games are played in this many parts, each on whichever core is free (the same games in all)
PARTS = 4


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_random_games_keep_every_invariant(part: int) -> None:
    stats = {"actions": 0, "burns": 0}
    start = time.perf_counter()
    seeds = range(part, GAMES, PARTS)
    for seed in seeds:
        play_random_game(seed, stats)
    seconds = time.perf_counter() - start
    assert stats["burns"] > len(seeds) // 2  # the games reach the interesting rules
    print(f"\n{len(seeds)} random Palace games, {stats['actions']} actions with checks and replay: "
          f"{len(seeds) / seconds:.1f} games/s, {stats['actions'] / seconds:.0f} actions/s")


def test_random_playout_speed_report() -> None:
    """Random playouts without checks: the figure the engine bench compares (printed, not asserted)."""
    rng = Rng(1)
    moves = games = 0
    start = time.perf_counter()
    for seed in range(40):
        state = GAME.new_state(2 + seed % 4, seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
        games += 1
        assert len(state.out) == state.num_players - 1
    seconds = time.perf_counter() - start
    print(f"\nPalace random playouts: {moves / seconds:.0f} moves/s, {games / seconds:.1f} games/s")
