"""ISMCTS over the contract: it decides from determinizations only, is anytime, and beats random."""

from __future__ import annotations

import fakegame

import game
from game.ai import Decision, RandomBot
from game.ai.ismcts import ISMCTSBot
from game.core import Rng

game.register(fakegame.GAME)


def play(seed: int, bots) -> list[int]:
    state = game.load("duel").new_state(len(bots), seed, {"peek": False})
    rng = Rng(seed)
    while not state.is_terminal():
        seat = state.current_player
        state.apply(bots[seat].choose(Decision.of(state, seat), rng))
    return state.winners()


def test_ismcts_beats_random_at_duel():
    search = ISMCTSBot(iterations=150)
    wins = 0.0
    games = 60
    for seed in range(games):
        winners = play(seed, [search, RandomBot()])
        if 0 in winners:
            wins += 1 / len(winners)
    assert wins / games > 0.6


def test_ismcts_never_reads_hidden_cards():
    """Permuting the other hand consistently with what seat 0 knows changes nothing it decides."""
    g = game.load("duel")
    for seed in range(10):
        state = g.new_state(2, seed, {"peek": False})
        seat = state.turn
        other = 1 - seat
        permuted = state.clone()
        pool = permuted.hands[other] + permuted.stock
        Rng(seed + 100).shuffle(pool)
        permuted.hands[other], permuted.stock = pool[:3], pool[3:]
        assert permuted.observation(seat) == state.observation(seat)
        bot = ISMCTSBot(iterations=60)
        a = bot.choose(Decision.of(state, seat), Rng(7))
        b = bot.choose(Decision.of(permuted, seat), Rng(7))
        assert a == b


def test_ismcts_thinks_in_slices():
    state = game.load("duel").new_state(2, 3, {"peek": False})
    bot = ISMCTSBot(iterations=40, slice_iterations=10)
    steps = list(bot.think(Decision.of(state, state.turn), Rng(1)))
    assert steps[:-1] == [None, None, None] and steps[-1] in state.legal_actions()
    assert bot.last_iterations == 40
