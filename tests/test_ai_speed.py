"""The searches keep to their time cap and stop once the answer is settled. Never timed: a fake clock that
moves only when a playout is played tells the searches how long they took."""

from __future__ import annotations

from typing import Any

import fakegame
import pytest
from test_improve import LowFirst, last_to_a_trick, play, points_lead

import game
from game.ai import HARD_TIME_MS, Decision, RandomBot, make_bot
from game.ai.improve import ImprovingBot
from game.ai.ismcts import ISMCTSBot
from game.ai.plan import TIME_RESERVE, SearchPlan, playout
from game.core import Rng

game.register(fakegame.GAME)


class FakeClock:
    """Seconds that pass only when a playout is played: `costs` gives each playout's length in turn (the
    last one for the rest)."""

    def __init__(self, *costs: float) -> None:
        self.now = 0.0
        self.costs = list(costs)
        self.playouts = 0

    def __call__(self) -> float:
        return self.now

    def playout(self, *args, **kwargs):
        cost = self.costs[min(self.playouts, len(self.costs) - 1)]
        self.playouts += 1
        self.now += cost
        return playout(*args, **kwargs)


@pytest.fixture
def clock(monkeypatch):
    def make(*costs: float) -> FakeClock:
        fake = FakeClock(*costs)
        monkeypatch.setattr("game.ai.improve.playout", fake.playout)
        monkeypatch.setattr("game.ai.ismcts.playout", fake.playout)
        return fake

    return make


class Ranked(RandomBot):
    """A policy that ranks the cards in a given order (the first one is its choice)."""

    def __init__(self, *order: str) -> None:
        self.order = order

    def ranked(self, decision, rng):
        cards = [a.args[0] for a in decision.legal]
        return [(-float(i), play(c)) for i, c in enumerate(self.order) if c in cards]

    def choose(self, decision, rng):
        return self.ranked(decision, rng)[0][1]


def opening(seed: int = 3):
    state: Any = game.load("duel").new_state(2, seed, {"peek": False})
    return state, Decision.of(state, state.turn)


def test_the_hard_level_decides_within_half_a_second():
    for game_id in game.GAME_IDS:
        assert make_bot(game_id, "hard").time_ms == HARD_TIME_MS <= 500


def test_the_improving_search_begins_no_deal_that_would_end_after_its_cap(clock):
    fake = clock(0.125)  # two candidates: a deal takes 0.25 s
    bot = ImprovingBot(plan=SearchPlan(rollout=LowFirst, candidates=2), time_ms=1000, stop_early=False,
                       clock=fake)
    state, decision = opening()
    assert bot.choose(decision, Rng(1)) in state.legal_actions()
    assert bot.last_iterations == int((1 - TIME_RESERVE) / 0.25)  # 3: a fourth would end past 0.95 s
    assert fake.now <= 1.0 - TIME_RESERVE


def test_a_deal_that_runs_past_the_cap_is_left_unfinished_and_counts_for_none(clock):
    fake = clock(0.1, 0.1, 0.9)  # the first deal takes 0.2 s; the second one's first playout ends at 1.1 s
    plan = SearchPlan(rollout=LowFirst, candidates=2)
    bot = ImprovingBot(plan=plan, time_ms=1000, stop_early=False, clock=fake)
    state, decision = opening()
    assert bot.choose(decision, Rng(1)) in state.legal_actions()
    assert bot.last_iterations == 1
    assert [f.games for f in bot.last_figures] == [1, 1]
    assert fake.playouts == 3, "it stopped after the playout that crossed the cap"


def test_ismcts_begins_no_iteration_that_would_end_after_its_cap(clock):
    fake = clock(0.125)
    bot = ISMCTSBot(time_ms=1000, stop_early=False, slice_iterations=1, clock=fake)
    state, decision = opening()
    assert bot.choose(decision, Rng(1)) in state.legal_actions()
    assert bot.last_iterations == int((1 - TIME_RESERVE) / 0.125)  # 7: an eighth would end past 0.95 s
    assert fake.now <= 1.0 - TIME_RESERVE


def test_the_policys_choice_confirmed_early_is_the_one_the_whole_budget_would_keep():
    plan = SearchPlan(rollout=lambda: Ranked("c9", "c2", "c3"), cutoff=0, evaluate=points_lead, candidates=3)
    state = last_to_a_trick(["c2", "c3", "c9"], led="c5")  # the policy's c9 is the only card that wins
    eager = ImprovingBot(plan=plan, iterations=200)
    patient = ImprovingBot(plan=plan, iterations=200, stop_early=False)
    decision = Decision.of(state, 0)
    assert eager.choose(decision, Rng(1)) == patient.choose(decision, Rng(1)) == play("c9")
    assert patient.last_iterations == 200
    assert eager.last_iterations < 200


def test_a_move_that_looks_better_is_compared_to_the_end_of_the_budget():
    """Stopping at the first look that favours another move would let luck overrule the policy more often."""
    plan = SearchPlan(rollout=lambda: Ranked("c2", "c9"), cutoff=0, evaluate=points_lead, candidates=2)
    state = last_to_a_trick(["c2", "c3", "c9"], led="c5")  # only c9 wins the trick, on every deal
    eager = ImprovingBot(plan=plan, iterations=60)
    patient = ImprovingBot(plan=plan, iterations=60, stop_early=False)
    decision = Decision.of(state, 0)
    assert eager.choose(decision, Rng(1)) == patient.choose(decision, Rng(1)) == play("c9")
    assert eager.last_iterations == 60


def test_a_move_that_only_ever_does_as_well_is_played_out_to_the_end_of_the_budget():
    """Alike on every deal so far is no proof that it is never better: it is not dropped."""
    plan = SearchPlan(rollout=LowFirst, cutoff=0, evaluate=points_lead, candidates=2)
    state = last_to_a_trick(["c2", "c3", "c4"], led="c9")  # every card loses the trick alike
    bot = ImprovingBot(plan=plan, iterations=30)
    assert bot.choose(Decision.of(state, 0), Rng(1)) == play("c2")
    assert [f.games for f in bot.last_figures] == [30, 30]


def test_with_few_deals_the_search_drops_nothing_and_plays_every_candidate_on_every_deal():
    plan = SearchPlan(rollout=LowFirst, cutoff=0, evaluate=points_lead, candidates=3)
    state = last_to_a_trick(["c2", "c3", "c9"], led="c5")
    bot = ImprovingBot(plan=plan, iterations=5)
    steps = list(bot.think(Decision.of(state, 0), Rng(1)))
    assert steps.count(None) == 15 and bot.last_iterations == 5
