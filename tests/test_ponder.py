"""Thinking ahead and going on: the bot's answer worked out while a person decides is used only in the
position it was worked out for (same action count, seat and state hash), a worker that dies while it
thinks ahead never stops the game, and a search that goes on with its last tree still plays legal moves."""

from __future__ import annotations

import os
import time
from typing import Any

import pytest
import worker_faults

from game.ai import Decision, heuristic_bot, make_bot, search_plan
from game.ai.ismcts import ISMCTSBot
from game.ai.worker import BotWorker, Ponder, decide, ponder_questions
from game.core import Action, Rng
from game.match import Match, Seat

GAME = "palastgefluester"
SEED = 12
SEARCH = "ismcts:20"  # an iteration budget: the same answer in any process, at any speed
GIVE_UP_S = 90.0


def seats() -> list[Seat]:
    return [Seat("Ann"), Seat.ai("Search", SEARCH), Seat.ai("Quick", "random")]


@pytest.fixture
def workers(tmp_path, monkeypatch):
    monkeypatch.setenv(worker_faults.MARKER, str(tmp_path / "fault-happened"))
    made: list[BotWorker] = []

    def make(**kwargs: Any) -> BotWorker:
        worker = BotWorker(**kwargs)
        made.append(worker)
        return worker

    yield make
    for worker in made:
        worker.close()


def first_time_dying(game_id: str, bot_name: str, state_data: dict[str, Any], seat: int,
                     rng_state: int) -> str:
    """The first question kills the process (run in the worker process: module level)."""
    if worker_faults._first_times():
        os._exit(3)
    return decide(game_id, bot_name, state_data, seat, rng_state)


def first_time_dying_slowly(game_id: str, bot_name: str, state_data: dict[str, Any], seat: int,
                            rng_state: int) -> str:
    """The first question kills the process after a while: the person moves while it is under way."""
    if worker_faults._first_times():
        time.sleep(1.0)
        os._exit(3)
    return decide(game_id, bot_name, state_data, seat, rng_state)


def until(condition, what: str) -> None:
    deadline = time.monotonic() + GIVE_UP_S
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def to_a_pondered_decision(match: Match, twin: Match, worker: BotWorker) -> Ponder:
    """Play both matches alike in-process (Ann's first legal move, the bots' own) until Ann decides before
    the search, then let `match` use `worker`: it thinks ahead at once. Its pondering is returned."""
    for _ in range(200):
        assert not match.is_over(), "Ann never decided before the search"
        position = match._ponder_position(0) if match.human_to_act() == 0 else None
        if position is not None and ponder_questions(*position):
            match.use_worker(worker)
            ponder = match._ponder
            assert ponder is not None
            until(lambda p=ponder: p.asked, "the worker never worked out what to think about")
            return ponder
        if match.human_to_act() == 0:
            action = match.legal_actions()[0]
            match.play(action)
            twin.play(action)
            continue
        match.step_bot()
        twin.step_bot()
        assert match.actions == twin.actions
    raise AssertionError("no pondered decision")


def test_the_answer_worked_out_ahead_is_taken_at_once_in_the_position_it_was_worked_out_for(workers):
    worker = workers()
    match, twin = Match(GAME, seats(), SEED), Match(GAME, seats(), SEED)
    ponder = to_a_pondered_decision(match, twin, worker)
    first = ponder.asked[0]
    until(lambda: first in ponder.ready(), "the worker never thought ahead")
    move = ponder.question(first).after
    match.play(move)
    twin.play(move)
    events = match.step_bot(budget_ms=1.0)
    assert events is not None, "answered at once, from what was worked out ahead"
    twin.step_bot()
    assert match.actions == twin.actions, "the very move the bot makes without thinking ahead"


def leads_to_the_search(match: Match, action: Action) -> bool:
    after = match.state.clone()
    after.apply(action)
    return after.current_player == 1


def test_an_answer_worked_out_for_another_position_is_thrown_away(workers, monkeypatch):
    monkeypatch.setattr("game.match.PONDER_MOVES", 1)
    worker = workers()
    match, twin = Match(GAME, seats(), SEED), Match(GAME, seats(), SEED)
    for _ in range(50):
        ponder = to_a_pondered_decision(match, twin, worker)
        pondered = ponder.question(ponder.asked[0]).after
        others = [a for a in match.legal_actions() if str(a) != pondered and leads_to_the_search(match, a)]
        if others:
            break
        match.play(pondered)
        twin.play(pondered)
    else:
        raise AssertionError("Ann never had a second move")
    until(lambda: ponder.asked[0] in ponder.ready(), "the worker never thought ahead")
    match.play(others[0])
    twin.play(others[0])
    assert match.bot_to_act() == 1
    assert match._pondered(1) is None, "not the position it was worked out for"
    until(lambda: match.step_bot(budget_ms=1.0) is not None, "the bot never decided")
    twin.step_bot()
    assert match.actions == twin.actions


def test_a_ponder_answers_only_under_its_own_key(workers):
    worker = workers()
    state = Match(GAME, seats(), SEED).state
    from game.ai.worker import Question

    question = Question("7/1/abc", GAME, SEARCH, state.to_dict(), state.current_player or 0, 5)
    ponder = worker.ponder([question])
    assert ponder.take("7/1/abd") is None
    assert ponder.take("8/1/abc") is None
    again = worker.ponder([question])
    answer = again.take("7/1/abc")
    assert answer is not None
    assert Action.parse(answer.result(timeout=GIVE_UP_S)) in state.legal_actions()


@pytest.mark.parametrize("decide_with", [first_time_dying, first_time_dying_slowly], ids=lambda f: f.__name__)
def test_a_worker_that_dies_while_thinking_ahead_never_stops_the_game(workers, decide_with):
    worker = workers(decide=decide_with, ponder=True, timeout_s=30.0)
    match, twin = Match(GAME, seats(), SEED), Match(GAME, seats(), SEED)
    ponder = to_a_pondered_decision(match, twin, worker)
    move = ponder.question(ponder.asked[0]).after
    match.play(move)
    twin.play(move)
    until(lambda: match.step_bot(budget_ms=1.0) is not None, "the bot never decided")
    twin.step_bot()
    assert match.actions == twin.actions
    assert worker.restarts == 0, "the worker that answers was never at fault"
    assert worker.pondering.restarts == 1
    assert match.drain_notices() == [], "nothing for the player to know"


def test_without_a_worker_nobody_thinks_ahead():
    match = Match(GAME, seats(), SEED)
    match.run_bots()
    assert match.human_to_act() == 0
    assert match._ponder is None


# -- going on with the last tree ------------------------------------------------------------------------
class Recording(ISMCTSBot):
    """Keeps what it was asked and what it answered."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.answers: list[tuple[Decision, Action, int]] = []

    def think(self, decision, rng):
        for step in super().think(decision, rng):
            if step is not None:
                self.answers.append((decision, step, self.last_reused))
            yield step


def test_a_search_that_goes_on_with_its_tree_plays_only_legal_moves():
    reused = 0
    for seed in (1,):  # a whole game of decisions: enough of them follow the seat's own answer
        bot = Recording(iterations=60, plan=search_plan(GAME), reuse=True)
        match = Match(GAME, [Seat.ai("Search", "hard"), Seat.ai("B", "normal"), Seat.ai("C", "normal")], seed,
                      bots={0: bot})
        match.run_bots()
        assert match.is_over()
        for decision, action, carried in bot.answers:
            assert action in decision.legal
            reused += carried > 0
    assert reused, "some decision followed the seat's own answer and went on with its tree"


def test_a_tree_is_kept_only_along_what_the_seat_saw():
    match = Match(GAME, [Seat.ai("Search", "hard"), Seat.ai("B", "normal"), Seat.ai("C", "normal")], 2)
    bot = ISMCTSBot(iterations=40, plan=search_plan(GAME), reuse=True)
    state = match.state
    while len(state.legal_actions()) < 2:
        state.apply(heuristic_bot(GAME).choose(Decision.of(state, state.current_player), Rng(0)))
    seat = state.current_player
    action = bot.choose(Decision.of(state, seat), Rng(1))
    unknown = Decision.of(state, seat, since=(Action("nothing", ()),))
    bot.choose(unknown, Rng(2))
    assert bot.last_reused == 0, "a path the tree does not have: a fresh search"
    bot.choose(Decision.of(state, seat), Rng(1))
    bot.choose(Decision.of(state, seat), Rng(3))  # no `since`: nothing is known of what came between
    assert bot.last_reused == 0
    hard = make_bot(GAME, "hard")
    assert isinstance(hard, ISMCTSBot) and not hard.reuse, "hard starts every decision afresh"
    plain = ISMCTSBot(iterations=40, plan=search_plan(GAME))
    plain.choose(Decision.of(state, seat), Rng(1))
    after = state.clone()
    after.apply(action)
    if after.current_player == seat and len(after.legal_actions()) > 1:
        plain.choose(Decision.of(after, seat, since=(action,)), Rng(2))
        assert plain.last_reused == 0, "a search goes on with its tree only when asked to"
