"""Each game's search plan: its guesses are on the scale of its results (shares of a win, or Palace's
chance to escape last place) and favour the seat that is ahead; a policy whose best moves a search
compares values every legal move and plays one of its best."""

from __future__ import annotations

import pytest

import game
from game.ai import Decision, search_plan
from game.core import Rng


def midgame(game_id: str, seed: int, moves: int):
    state = game.load(game_id).new_state(4, seed)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_every_game_has_a_plan():
    assert all(search_plan(game_id) is not None for game_id in game.GAME_IDS)


IMPROVING = [g for g in game.GAME_IDS if getattr(search_plan(g), "candidates", None) is not None]


@pytest.mark.parametrize("game_id", IMPROVING)
def test_the_policy_ranks_every_legal_move_and_plays_a_best_one(game_id):
    policy = search_plan(game_id).rollout()
    checked = 0
    for seed in range(6):
        state = midgame(game_id, seed, 5 + 9 * seed)
        if state.is_terminal() or len(state.legal_actions()) < 2:
            continue
        decision = Decision.of(state, state.current_player)
        ranked = policy.ranked(decision, Rng(seed))
        assert sorted(map(str, (a for _, a in ranked))) == sorted(map(str, decision.legal))
        values = [v for v, _ in ranked]
        assert values == sorted(values, reverse=True)
        best = {a for v, a in ranked if v >= values[0] - 1e-5}
        assert policy.choose(decision, Rng(seed)) in best  # the same deals drawn, so the same values
        checked += 1
    assert checked >= 4


GUESSING = [g for g in game.GAME_IDS if getattr(search_plan(g), "evaluate", None) is not None]


def finished(game_id: str, seed: int):
    state = game.load(game_id).new_state(4, seed)
    rng = Rng(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", GUESSING)
def test_guesses_are_on_the_scale_of_the_results(game_id):
    """A guess sums to what a finished game's results sum to: a share of one win each, by default."""
    plan = search_plan(game_id)
    total = 1.0 if plan.result is None else sum(plan.result(finished(game_id, 9)))
    for seed in range(5):
        shares = plan.evaluate(midgame(game_id, seed, 30 + 7 * seed))
        assert len(shares) == 4 and all(0.0 <= s <= 1.0 for s in shares)
        assert sum(shares) == pytest.approx(total)


def test_palastgefluester_guess_favours_the_points_leader():
    state = midgame("palastgefluester", 1, 5)
    state.points = [3, 1, 1, 0]
    shares = search_plan("palastgefluester").evaluate(state)
    assert shares[0] > shares[1] == shares[2] > shares[3]


def test_pa_r12_palace_is_decided_only_by_the_loser_and_guessed_from_cards_left():
    """Going out first decides nothing (PA-R12): no playout stops at the first player out, a finished
    game is worth nothing only to the loser, and a guess fears the seat with the most cards."""
    plan = search_plan("palace")
    assert plan.decided is None
    over = finished("palace", 4)
    values = plan.result(over)
    assert [seat for seat, v in enumerate(values) if v == 0.0] == [over.loser]
    state = midgame("palace", 2, 40)
    state.out = []
    extra, state.draw = state.draw[:8], state.draw[8:]
    assert len(extra) == 8
    state.hands[1] += extra  # seat 1 now holds the most cards by far
    guesses = plan.evaluate(state)
    assert guesses.index(min(guesses)) == 1


def test_gloria_picktoria_guess_follows_its_evaluation():
    from game.gloria_picktoria.bot import evaluate

    plan = search_plan("gloria_picktoria")
    state = midgame("gloria_picktoria", 3, 60)
    shares = plan.evaluate(state)
    values = [evaluate(state, s) for s in range(4)]
    assert shares.index(max(shares)) == values.index(max(values))
