"""The game told again from the record (ALL-R2): each seat gets the events it was shown as they happened,
redacted for it, and nothing more; an undo and a resume tell the same story as the game itself."""

from __future__ import annotations

import fakegame
import pytest

import game
from game.core import CardsRevealed
from game.match import Match, Seat

game.register(fakegame.GAME)

GAMES = [("palastgefluester", 3), ("palace", 3), ("gloria_picktoria", 3), ("three_chapters", 2)]


def bots(game_id: str, players: int, seed: int) -> Match:
    return Match(game_id, [Seat.ai(f"B{i}", "random") for i in range(players)], seed)


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_all_r2_the_history_of_a_seat_is_what_that_seat_was_shown(game_id, players):
    watched = [bots(game_id, players, 4) for _ in range(players)]
    shown: list[list] = [[] for _ in range(players)]
    for _ in range(60):
        if watched[0].is_over():
            break
        for seat, match in enumerate(watched):
            match.step_bot()
            shown[seat] += match.drain_events(seat)
    for seat in range(players):
        told = [event for step in watched[0].history(seat) for event in step.events]
        assert told == shown[seat]
    assert [(s.seat, s.action) for s in watched[0].history(0)] == watched[0].actions


def test_all_r2_a_card_shown_to_one_seat_is_told_to_that_seat_only():
    for seed in range(200):
        match = Match("duel", [Seat("Ann"), Seat.ai("B", "random"), Seat.ai("C", "random")], seed)
        match.run_bots()
        if any(text == "peek" and who == 1 for who, text in match.actions):
            break
    else:
        pytest.fail("no seed with a bot peeking")
    reveals = {seat: [e for step in match.history(seat) for e in step.events if isinstance(e, CardsRevealed)]
               for seat in (0, 1, None)}
    assert any(e.cards for e in reveals[1]), "the peeker is told what it saw"
    assert reveals[0] and all(e.cards == () for e in reveals[0])
    assert reveals[None] and all(e.cards == () for e in reveals[None])


def test_the_history_follows_an_undo_and_a_resume(tmp_path):
    match = Match("palastgefluester", [Seat("Ann"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], 6,
                  autosave=tmp_path / "auto.jsonl")
    for _ in range(4):
        match.run_bots()
        match.play(match.legal_actions()[0])
    match.run_bots()
    long = match.history(0)
    match.undo()
    short = match.history(0)
    assert [(s.seat, s.action) for s in short] == match.actions
    assert short == long[: len(short)]
    match.play(match.legal_actions()[-1])
    match.run_bots()
    resumed = Match.resume(tmp_path / "auto.jsonl")
    assert resumed.history(0) == match.history(0)
    fresh = bots("palastgefluester", 3, 6)
    assert fresh.history(0) == []
