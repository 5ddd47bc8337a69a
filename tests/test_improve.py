"""The improving search: it compares the policy's best moves on shared deals, corrects the policy only
where the playouts clearly say so, decides from determinizations only, and thinks in slices."""

from __future__ import annotations

import fakegame
import pytest

import game
from game.ai import Decision, RandomBot, make_bot
from game.ai.improve import ImprovingBot
from game.ai.plan import SearchPlan, softmax_shares
from game.core import Action, Rng, UnknownGame

game.register(fakegame.GAME)


class LowFirst(RandomBot):
    """A poor policy that values low cards most: it throws its lowest card even where a high one wins."""

    name = "low-first"

    def ranked(self, decision, rng):
        return sorted(((-fakegame.value(a.args[0]), a) for a in decision.legal), key=lambda p: -p[0])

    def choose(self, decision, rng):
        return self.ranked(decision, rng)[0][1]


def points_lead(state) -> list[float]:
    return softmax_shares([float(p) for p in state.points], scale=1.0)


def last_to_a_trick(hand: list[str], led: str):
    """Seat 0 plays last to a trick that seat 1 led with `led`."""
    state = game.load("duel").new_state(2, 5, {"peek": False})
    state.hands = [list(hand), ["c4", "c6"]]
    state.trick = [(1, led)]
    state.turn = 0
    return state


def play(action: str) -> Action:
    return Action("play", (action,))


def test_it_corrects_the_policy_where_the_playouts_clearly_disagree():
    plan = SearchPlan(rollout=LowFirst, cutoff=0, evaluate=points_lead, candidates=3)
    state = last_to_a_trick(["c2", "c3", "c9"], led="c5")
    bot = ImprovingBot(plan=plan, iterations=10)
    assert bot.choose(Decision.of(state, 0), Rng(1)) == play("c9")  # the only card that wins the trick


def test_it_keeps_the_policys_choice_when_no_candidate_is_clearly_better():
    plan = SearchPlan(rollout=LowFirst, cutoff=0, evaluate=points_lead, candidates=3)
    state = last_to_a_trick(["c2", "c3", "c4"], led="c9")  # every card loses the trick alike
    bot = ImprovingBot(plan=plan, iterations=10)
    assert bot.choose(Decision.of(state, 0), Rng(1)) == play("c2")


def test_it_compares_only_the_policys_best_candidates():
    plan = SearchPlan(rollout=LowFirst, cutoff=0, evaluate=points_lead, candidates=2)
    state = last_to_a_trick(["c2", "c3", "c9"], led="c5")
    bot = ImprovingBot(plan=plan, iterations=10)
    assert bot.choose(Decision.of(state, 0), Rng(1)) == play("c2")  # c9 was never a candidate


def test_it_beats_the_policy_it_improves():
    """Every deal is played with both seatings; two copies of the policy would share the wins exactly."""
    plan = SearchPlan(rollout=LowFirst, candidates=3)
    wins = 0.0
    games = 0
    for seed in range(60):
        for seat_of_search in (0, 1):
            bots = [LowFirst(), LowFirst()]
            bots[seat_of_search] = ImprovingBot(plan=plan, iterations=30)
            state = game.load("duel").new_state(2, seed, {"peek": False})
            rng = Rng(seed)
            while not state.is_terminal():
                seat = state.current_player
                state.apply(bots[seat].choose(Decision.of(state, seat), rng))
            winners = state.winners()
            wins += 1 / len(winners) if seat_of_search in winners else 0.0
            games += 1
    assert wins / games > 0.58


def test_it_never_reads_hidden_cards():
    """Dealing the other hand anew, consistently with what the seat knows, changes nothing it decides."""
    plan = SearchPlan(rollout=LowFirst, candidates=3)
    for state, seat, other in fakegame.same_information_pairs(10):
        bot = ImprovingBot(plan=plan, iterations=20)
        assert bot.choose(Decision.of(state, seat), Rng(7)) == bot.choose(Decision.of(other, seat), Rng(7))


def test_it_thinks_one_playout_at_a_time():
    plan = SearchPlan(rollout=LowFirst, candidates=2)
    state = game.load("duel").new_state(2, 3, {"peek": False})
    bot = ImprovingBot(plan=plan, iterations=5)
    steps = list(bot.think(Decision.of(state, state.turn), Rng(1)))
    assert steps[:-1] == [None] * 10 and steps[-1] in state.legal_actions()  # 5 deals x 2 candidates
    assert bot.last_iterations == 5


def test_a_plan_with_candidates_needs_a_policy_to_rank_them():
    with pytest.raises(ValueError, match="rollout policy"):
        SearchPlan(candidates=3)
    with pytest.raises(ValueError, match="two"):
        SearchPlan(rollout=LowFirst, candidates=1)
    with pytest.raises(ValueError, match="candidates"):
        ImprovingBot(plan=SearchPlan(rollout=LowFirst), iterations=5)


def test_the_improving_search_by_name_needs_a_game_that_names_candidates():
    with pytest.raises(UnknownGame, match="candidates"):
        make_bot("palastgefluester", "improve:5")
    bot = make_bot("three_chapters", "improve:250ms")
    assert isinstance(bot, ImprovingBot) and bot.time_ms == 250.0 and bot.iterations is None
