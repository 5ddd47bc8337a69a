"""Each game's search plan: its guesses are shares of a win, and they favour the seat that is ahead; a
policy whose best moves a search compares values every legal move and plays one of its best."""

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


@pytest.mark.parametrize("game_id", GUESSING)
def test_guesses_are_shares_of_a_win(game_id):
    plan = search_plan(game_id)
    for seed in range(5):
        shares = plan.evaluate(midgame(game_id, seed, 30 + 7 * seed))
        assert len(shares) == 4 and all(0.0 <= s <= 1.0 for s in shares)
        assert sum(shares) == pytest.approx(1.0)


def test_palastgefluester_guess_favours_the_points_leader():
    state = midgame("palastgefluester", 1, 5)
    state.points = [3, 1, 1, 0]
    shares = search_plan("palastgefluester").evaluate(state)
    assert shares[0] > shares[1] == shares[2] > shares[3]


def test_palace_is_decided_by_the_first_player_out_and_guessed_from_cards_left():
    plan = search_plan("palace")
    state = midgame("palace", 2, 40)
    if state.out:
        state.out = []
    assert plan.decided(state) is None
    state.out = [2]
    assert plan.decided(state) == [0.0, 0.0, 1.0, 0.0]
    state.out = []
    fewest = min(range(4), key=lambda s: len(state.hands[s]))
    state.hands[fewest] = []
    shares = plan.evaluate(state)
    assert shares.index(max(shares)) == fewest


def test_gloria_picktoria_guess_follows_its_evaluation():
    from game.gloria_picktoria.bot import evaluate

    plan = search_plan("gloria_picktoria")
    state = midgame("gloria_picktoria", 3, 60)
    shares = plan.evaluate(state)
    values = [evaluate(state, s) for s in range(4)]
    assert shares.index(max(shares)) == values.index(max(values))


def test_once_palace_is_decided_hard_plays_on_like_the_heuristic_without_searching():
    """After the first player is out the win is settled; a search would find every move equal and could
    pass the pile back and forth for ever, so hard plays on with its rollout policy."""
    from game.ai import Decision, make_bot
    from game.ai.ismcts import ISMCTSBot

    positions = (midgame("palace", seed, 60) for seed in range(5, 60))
    state = next(s for s in positions if not s.is_terminal() and len(s.legal_actions()) >= 2)
    seat = state.current_player
    other = next(s for s in range(4) if s != seat)
    state.out = [other]
    state._legal = None
    decision = Decision.of(state, seat)
    hard = make_bot("palace", "hard")
    assert isinstance(hard, ISMCTSBot)
    chosen = hard.choose(decision, Rng(3))
    assert hard.last_iterations == 0
    rng = Rng(3)
    decision.sample(rng)  # hard drew one deal to see that the game is decided
    assert chosen == make_bot("palace", "heuristic").choose(decision, rng)
