"""The match controller: turns, human decisions, hot-seat handoff, undo, autosave, resume, events."""

from __future__ import annotations

import json

import fakegame
import pytest

import game
from game.ai import Bot, Decision
from game.core import Action, CardMoved, CardsRevealed, IllegalAction, RecordError, Rng
from game.match import Match, MatchError, Seat, Undone

game.register(fakegame.GAME)


def human_match(tmp_path=None, seed=8, **kw) -> Match:
    autosave = tmp_path / "auto.jsonl" if tmp_path else None
    return Match("duel", [Seat("Ann"), Seat.ai("Bot", "random")], seed, autosave=autosave, **kw)


def test_bots_play_until_a_human_must_decide():
    match = human_match()
    match.run_bots()
    assert match.human_to_act() == 0 or match.is_over()
    assert match.view_seat == 0  # the one human always sees her own seat
    assert match.handoff_seat() is None


def test_human_plays_by_action_or_text_and_errors_change_nothing():
    match = human_match()
    match.run_bots()
    card = match.observation()["hand"][0]
    before, actions = match.state.state_hash(), list(match.actions)
    with pytest.raises(IllegalAction):
        match.play("play c0")
    with pytest.raises(MatchError, match="not Bot's|Ann's decision, not Bot's"):
        match.play(f"play {card}", seat=1)
    assert match.state.state_hash() == before and match.actions == actions
    match.play(Action("play", (card,)))
    assert match.actions[-1] == (0, f"play {card}")


def test_legal_actions_only_for_the_deciding_human():
    match = human_match()
    match.run_bots()
    assert match.legal_actions(0) == match.state.legal_actions()
    assert match.legal_actions(1) == []


def test_undo_goes_back_to_the_last_human_decision(tmp_path):
    match = human_match(tmp_path)
    match.run_bots()
    snapshot, actions = match.state.state_hash(), list(match.actions)
    match.play(match.legal_actions()[0])
    match.run_bots()
    assert match.can_undo()
    match.undo()
    assert match.state.state_hash() == snapshot and match.actions == actions
    assert any(isinstance(e, Undone) for e in match.drain_events())
    saved = (tmp_path / "auto.jsonl").read_text().splitlines()
    assert len(saved) == len(actions) + 2  # the autosave follows the undo
    while match.can_undo():
        match.undo()
    with pytest.raises(MatchError):
        match.undo()


def test_bot_decisions_repeat_after_undo():
    match = human_match(seed=21)
    match.run_bots()
    match.play(match.legal_actions()[0])
    match.run_bots()
    first = list(match.actions)
    match.undo()
    match.play(Action.parse(first[len(match.actions)][1]))
    match.run_bots()
    assert match.actions == first


def test_no_undo_with_bots_only():
    match = Match("duel", [Seat.ai("A", "random"), Seat.ai("B", "random")], 2)
    match.run_bots()
    assert match.is_over() and not match.can_undo()
    assert match.view_seat is None  # a spectator's view


def test_autosave_after_every_action_and_resume(tmp_path):
    match = human_match(tmp_path, seed=5)
    path = tmp_path / "auto.jsonl"
    match.run_bots()
    for _ in range(2):
        if match.human_to_act() is None:
            break
        match.play(match.legal_actions()[0])
        lines = path.read_text().splitlines()
        assert len(lines) == len(match.actions) + 2
        assert json.loads(lines[-1])["state_hash"] == match.state.state_hash()
        match.run_bots()
    resumed = Match.resume(path, autosave=tmp_path / "again.jsonl")
    assert resumed.state.state_hash() == match.state.state_hash()
    assert resumed.actions == match.actions and resumed.can_undo() == match.can_undo()
    assert (tmp_path / "again.jsonl").exists()


def test_resume_of_a_broken_save_says_why(tmp_path):
    path = tmp_path / "auto.jsonl"
    path.write_text('{"format": "kartentisch-record", "format_version": 1}\n')
    with pytest.raises(RecordError, match="line 1"):
        Match.resume(path)


def test_hot_seat_hands_the_screen_over_and_redacts_events():
    match = Match("duel", [Seat("Ann"), Seat("Ben"), Seat.ai("Cy", "random")], 1)
    match.run_bots()
    first = match.handoff_seat()
    assert first is not None and match.view_seat is None
    assert match.legal_actions(first) == []  # nothing to do before the screen is handed over
    match.confirm_handoff()
    assert match.view_seat == first and match.handoff_seat() is None
    match.drain_events()
    if "peek" in {str(a) for a in match.legal_actions()}:
        match.play("peek")
        (reveal,) = [e for e in match.drain_events(first) if isinstance(e, CardsRevealed)]
        assert reveal.cards
    else:
        match.play(match.legal_actions()[0])
    match.run_bots()
    if match.human_to_act() is not None and match.human_to_act() != first:
        assert match.handoff_seat() == match.human_to_act()
        with pytest.raises(MatchError):
            match.play(match.state.legal_actions()[0], seat=first)


def test_events_reach_the_view_redacted_for_its_seat():
    # Find a game where one bot peeks at the other bot's hand: Ann must not see those cards.
    for seed in range(200):
        match = Match("duel", [Seat("Ann"), Seat.ai("B", "random"), Seat.ai("C", "random")], seed)
        match.run_bots()
        raw = [a for a in match.actions if a[1] == "peek" and a[0] == 1]
        if raw:
            break
    else:
        pytest.fail("no seed with a bot peeking at a bot")
    events = match.drain_events()
    reveals = [e for e in events if isinstance(e, CardsRevealed)]
    assert reveals and all(e.cards == () for e in reveals)
    assert all(e.card is not None for e in events if isinstance(e, CardMoved))  # plays are public


class SlowBot(Bot):
    """Thinks in five slices before answering, like an anytime search."""

    name = "slow"

    def think(self, decision: Decision, rng: Rng):
        for _ in range(5):
            yield None
        yield decision.legal[0]


def test_step_bot_thinks_in_slices_without_blocking():
    match = Match("duel", [Seat("Ann"), Seat.ai("Slow", "random")], 4, bots={1: SlowBot()})
    while match.bot_to_act() is None and not match.is_over():
        match.play(match.legal_actions()[0])
    slices = 0
    while True:
        events = match.step_bot(budget_ms=0.0)
        if events is not None:
            break
        slices += 1
        assert match.bot_thinking()
    assert slices == 5 and not match.bot_thinking()
    assert match.bot_decision_ms


def test_bad_seats_are_refused():
    with pytest.raises(MatchError):
        Seat("X", "robot")
    with pytest.raises(MatchError):
        Seat("X", "bot")


def test_slow_bots_think_in_a_worker_process_with_the_same_answer():
    pytest.importorskip("game.palastgefluester")
    from game.ai.worker import BotWorker

    seats = [Seat("Ann"), Seat.ai("Search", "ismcts:30"), Seat.ai("Quick", "random")]
    here = Match("palastgefluester", seats, 12)
    there = Match("palastgefluester", seats, 12)
    worker = BotWorker()
    there.use_worker(worker)
    searched = 0
    try:
        for _ in range(12):
            if here.is_over():
                break
            if here.human_to_act() is not None:
                action = here.legal_actions()[0]
                here.play(action)
                there.play(action)
                continue
            searched += here.bot_to_act() == 1
            here.step_bot()
            polls = 0
            while there.step_bot(budget_ms=1.0) is None:  # never blocks: the answer arrives later
                polls += 1
                assert polls < 200_000
            assert there.actions == here.actions
    finally:
        worker.close()
    assert searched


def test_a_match_with_a_search_bot_starts_the_worker_in_the_background():
    import time

    from game.ai.worker import BotWorker

    worker = BotWorker()
    try:
        quick = Match("duel", [Seat("Ann"), Seat.ai("Bot", "random")], 1)
        quick.use_worker(worker)
        assert not worker.started  # nothing slow to think about: no process
        searching = Match("duel", [Seat("Ann"), Seat.ai("Bot", "ismcts:10")], 1)
        searching.use_worker(worker)
        deadline = time.monotonic() + 30
        while not worker.started and time.monotonic() < deadline:
            time.sleep(0.01)
        assert worker.started
    finally:
        worker.close()
