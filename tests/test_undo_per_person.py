"""Undo respects each person (ALL-R2): in hot-seat a person takes back only their own last decision,
and only while no other person has decided since; the bot moves after it go with it, and an undo
never hands the screen to someone else. With one person against bots, every decision is theirs."""

from __future__ import annotations

import fakegame
import pytest

import game
from game.match import Match, MatchError, Seat

game.register(fakegame.GAME)


def hot_seat(tmp_path=None) -> Match:
    autosave = tmp_path / "auto.jsonl" if tmp_path else None
    return Match("duel", [Seat("Ann"), Seat("Ben"), Seat.ai("Cy", "random")], 3, autosave=autosave)


def hand_over(match: Match) -> int:
    seat = match.handoff_seat()
    assert seat is not None
    match.confirm_handoff()
    return seat


def test_all_r2_a_person_takes_back_their_own_decision_while_the_next_person_waits():
    match = hot_seat()
    assert hand_over(match) == 0
    assert not match.can_undo() and str(match.undo_refusal()) == "There is nothing to take back yet"
    before, actions = match.state.state_hash(), list(match.actions)
    match.play(match.legal_actions()[0])
    assert match.handoff_seat() == 1, "Ben waits for the screen"
    assert match.can_undo(), "Ann is still at the screen and nobody decided after her"
    match.undo()
    assert match.state.state_hash() == before and match.actions == actions
    assert match.view_seat == 0 and match.human_to_act() == 0 and match.handoff_seat() is None


def test_all_r2_nobody_takes_back_another_persons_decision():
    match = hot_seat()
    hand_over(match)
    match.play(match.legal_actions()[0])  # Ann
    assert hand_over(match) == 1
    refusal = match.undo_refusal()
    assert str(refusal) == "Ann decided last, so only Ann can take that back"
    with pytest.raises(MatchError, match="only Ann can take that back"):
        match.undo()
    assert match.undo_refusal(0) is None, "Ann herself could, had she the screen"


def test_all_r2_the_bot_moves_after_a_decision_go_back_with_it_and_the_screen_stays():
    match = hot_seat()
    hand_over(match)
    match.play(match.legal_actions()[0])  # Ann
    hand_over(match)
    before, actions = match.state.state_hash(), list(match.actions)
    match.play(match.legal_actions()[0])  # Ben
    match.run_bots()
    assert len(match.actions) > len(actions) + 1, "the bot moved after Ben"
    assert match.can_undo()
    match.undo()
    assert match.state.state_hash() == before and match.actions == actions
    assert match.view_seat == 1 and match.human_to_act() == 1 and match.handoff_seat() is None
    assert str(match.undo_refusal()) == "Ann decided last, so only Ann can take that back"


def test_all_r2_against_bots_every_decision_can_be_taken_back_in_turn():
    match = Match("duel", [Seat("Ann"), Seat.ai("Bo", "random"), Seat.ai("Cy", "random")], 5)
    match.run_bots()
    taken = 0
    for _ in range(3):
        if match.human_to_act() is None:
            break
        match.play(match.legal_actions()[0])
        match.run_bots()
        taken += 1
    for _ in range(taken):
        assert match.can_undo()
        match.undo()
    assert str(match.undo_refusal()) == "There is nothing to take back yet"
    bots = Match("duel", [Seat.ai("Bo", "random"), Seat.ai("Cy", "random")], 5)
    bots.run_bots()
    assert str(bots.undo_refusal()) == "Only a person's decisions can be taken back"


def test_all_r2_a_resumed_hot_seat_game_knows_whose_decision_was_last(tmp_path):
    match = hot_seat(tmp_path)
    hand_over(match)
    match.play(match.legal_actions()[0])  # Ann
    hand_over(match)
    match.play(match.legal_actions()[0])  # Ben
    match.run_bots()
    resumed = Match.resume(tmp_path / "auto.jsonl")
    assert str(resumed.undo_refusal(0)) == "Ben decided last, so only Ben can take that back"
    assert resumed.undo_refusal(1) is None
