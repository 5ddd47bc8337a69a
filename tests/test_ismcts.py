"""ISMCTS over the contract: it decides from determinizations only, is anytime, and beats random."""

from __future__ import annotations

import math

import fakegame
import pytest

import game
from game.ai import Decision, RandomBot, make_bot, search_plan
from game.ai.improve import ImprovingBot
from game.ai.ismcts import ISMCTSBot
from game.ai.plan import SearchPlan, playout, softmax_shares
from game.core import Action, Rng, State

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
    """Dealing the other hand anew, consistently with what the seat knows, changes nothing it decides."""
    for state, seat, other in fakegame.same_information_pairs(10):
        bot = ISMCTSBot(iterations=60)
        assert bot.choose(Decision.of(state, seat), Rng(7)) == bot.choose(Decision.of(other, seat), Rng(7))


def test_ismcts_thinks_in_slices():
    state = game.load("duel").new_state(2, 3, {"peek": False})
    bot = ISMCTSBot(iterations=40, slice_iterations=10, stop_early=False)
    steps = list(bot.think(Decision.of(state, state.turn), Rng(1)))
    assert steps[:-1] == [None, None, None] and steps[-1] in state.legal_actions()
    assert bot.last_iterations == 40


def test_search_stops_once_the_leading_move_cannot_be_overtaken():
    """With an iteration budget the stop is exact: the move is the one the whole budget would choose."""
    stopped_early = 0
    for seed in range(8):
        state = game.load("duel").new_state(2, seed, {"peek": False})
        decision = Decision.of(state, state.turn)
        eager = ISMCTSBot(iterations=1500, slice_iterations=8)
        patient = ISMCTSBot(iterations=1500, slice_iterations=8, stop_early=False)
        assert eager.choose(decision, Rng(seed)) == patient.choose(decision, Rng(seed))
        assert patient.last_iterations == 1500
        stopped_early += eager.last_iterations < 1500
    assert stopped_early >= 4


def test_a_cut_off_rollout_is_valued_by_the_plan_and_a_rollout_policy_plays_on():
    seen: list[int] = []

    def evaluate(state: State) -> list[float]:
        seen.append(sum(len(h) for h in state.hands))
        return [1.0, 0.0] if "c9" in state.hands[0] else [0.0, 1.0]

    class HighCard(RandomBot):
        def choose(self, decision, rng):
            return max(decision.legal, key=lambda a: int(a.args[0][1:]))

    plan = SearchPlan(rollout=HighCard, cutoff=0, evaluate=evaluate)
    state = game.load("duel").new_state(2, 4, {"peek": False})
    bot = ISMCTSBot(iterations=30, plan=plan, stop_early=False)
    bot.choose(Decision.of(state, state.turn), Rng(2))
    assert len(seen) == 30  # every iteration ended in the evaluation, none played on
    assert isinstance(bot.rollout_bot, HighCard)


def test_a_cut_off_needs_an_evaluation():
    with pytest.raises(ValueError, match="evaluation"):
        SearchPlan(cutoff=3)


def test_win_shares_sum_to_one_and_a_lead_of_one_scale_is_e_times_as_likely():
    shares = softmax_shares([3.0, 1.0, 1.0], scale=2.0)
    assert sum(shares) == pytest.approx(1.0)
    assert shares[0] / shares[1] == pytest.approx(math.e)
    assert shares[1] == shares[2]


@pytest.mark.parametrize("game_id", game.GAME_IDS)
def test_hard_searches_with_its_games_plan_within_about_a_second(game_id):
    plan = search_plan(game_id)
    assert plan is not None, "every game says how it is searched"
    bot = make_bot(game_id, "hard")
    assert isinstance(bot, ImprovingBot if plan.candidates else ISMCTSBot) and bot.plan is plan
    assert bot.time_ms is not None and 500 <= bot.time_ms <= 1000
    assert bot.iterations == plan.hard_iterations
    assert make_bot(game_id, "ismcts:7").plan is plan


class EndlessState(State):
    """Players 'pass' for ever unless one of them 'stop's (and wins): a policy that always passes cycles."""

    game_id = "endless"

    def __init__(self) -> None:
        super().__init__(2, Rng(0), {})
        self.turn = 0
        self.winner: int | None = None

    @property
    def current_player(self) -> int | None:
        return None if self.winner is not None else self.turn

    def _legal_actions(self):
        return [Action("pass"), Action("stop")]

    def _apply(self, action):
        if action.kind == "stop":
            self.winner = self.turn
        self.turn = 1 - self.turn
        return []

    def is_terminal(self) -> bool:
        return self.winner is not None

    def scores(self) -> list[float]:
        return [float(s == self.winner) for s in range(2)]

    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    def result_text(self) -> str:
        return ""

    def observation(self, seat):
        return {"seat": seat, "turn": self.turn}

    def clone(self) -> EndlessState:
        new = EndlessState()
        new.turn, new.winner = self.turn, self.winner
        return new

    def determinize(self, seat, rng):
        return self.clone()

    def to_dict(self):
        return {"turn": self.turn, "winner": self.winner}


class AlwaysPass(RandomBot):
    def choose(self, decision, rng):
        return Action("pass")


def test_a_rollout_that_would_cycle_for_ever_ends_and_the_search_answers(monkeypatch):
    monkeypatch.setattr("game.ai.plan.MAX_ROLLOUT", 50)
    state = EndlessState()
    bot = ISMCTSBot(iterations=20, plan=SearchPlan(rollout=AlwaysPass), stop_early=False)
    assert bot.choose(Decision.of(state, 0), Rng(1)) == Action("stop")  # stopping wins; passing is a draw


def test_a_decided_result_ends_the_rollout_at_once():
    calls: list[int] = []

    def decided(state):
        calls.append(state.turn)
        return [0.5, 0.5]

    plan = SearchPlan(rollout=AlwaysPass, decided=decided)
    state = EndlessState()
    ISMCTSBot(iterations=10, plan=plan, stop_early=False).choose(Decision.of(state, 0), Rng(1))
    assert 0 < len(calls) <= 10  # once per rollout that did not end in the tree


def test_a_playout_stops_after_its_turns_counted_from_the_movers_turn():
    seen: list[int] = []

    def evaluate(state):
        seen.append(state.turn)
        return [0.5, 0.5]

    plan = SearchPlan(rollout=AlwaysPass, turns=2, evaluate=evaluate)
    state = EndlessState()  # seat 0 to move; every pass hands the turn to the other seat
    assert playout(state.clone(), plan, AlwaysPass(), Rng(1)) == [0.5, 0.5]
    assert seen == [0]  # two passes: seat 0's turn and seat 1's
    playout(state.clone(), plan, AlwaysPass(), Rng(1), mover=1)
    assert seen == [0, 1]  # seat 1's turn had already passed: one pass more
    with pytest.raises(ValueError, match="evaluation"):
        SearchPlan(turns=1)
