"""Playing a record back and playing on from any of its positions."""

from __future__ import annotations

import random

import pytest

from game.core import RecordError
from game.core.records import read_record, replay
from game.match import Match, MatchError, Seat

GAMES = ("palastgefluester", "palace", "gloria_picktoria", "three_chapters")


def finished(game: str, seed: int = 9, players: int = 3) -> Match:
    match = Match(game, [Seat.ai(name, "random") for name in ("Anna", "Ben", "Cleo", "Dora")[:players]], seed)
    match.run_bots()
    assert match.is_over()
    return match


def play_out(match: Match, rng: random.Random) -> None:
    """People choose at random among their legal actions, bots as they do, to the end."""
    while not match.is_over():
        seat = match.human_to_act()
        if seat is None:
            match.step_bot()
            continue
        if match.handoff_seat() is not None:
            match.confirm_handoff()
        match.play(rng.choice(match.legal_actions(seat)), seat)


# -- play on from here -----------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_play_on_from_a_position_goes_on_legally_with_new_seats(game, tmp_path):
    source = finished(game).record()
    move = len(source.actions) // 2
    seats = [Seat("Zoe"), Seat.ai("Ben", "normal"), Seat("Yann")]
    match = Match.play_on(source, move, seats, autosave=tmp_path / "on.jsonl")
    assert match.actions[:move] == source.actions[:move]
    assert match.continues == {"record": source.header_hash(), "move": move}
    straight = replay(type(source)(source.game, source.version, source.players, source.seed, source.options,
                                   source.seats, source.actions[:move]), verify=False)
    assert match.observation(None) == straight.observation(None)  # the very position of the source
    play_out(match, random.Random(4))
    saved = read_record(tmp_path / "on.jsonl")
    assert saved.continues == {"record": source.header_hash(), "move": move}
    assert [s["name"] for s in saved.seats] == ["Zoe", "Ben", "Yann"]
    assert replay(saved).state_hash() == match.state.state_hash()  # it replays alone and verifies


def test_play_on_never_takes_back_a_move_of_the_game_it_goes_on_from(tmp_path):
    source = finished("palastgefluester").record()
    match = Match.play_on(source, 20, [Seat("Zoe"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")])
    assert not match.can_undo()
    match.save(tmp_path / "on.jsonl")
    resumed = Match.resume(tmp_path / "on.jsonl")
    assert resumed.continues == match.continues and not resumed.can_undo()


def test_play_on_refuses_a_move_outside_the_record_or_at_its_end():
    source = finished("palace").record()
    seats = [Seat("Zoe"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")]
    for move in (-1, len(source.actions) + 1, True, "3"):
        with pytest.raises(MatchError):
            Match.play_on(source, move, seats)
    with pytest.raises(MatchError):
        Match.play_on(source, len(source.actions), seats)  # the game is over there
    with pytest.raises(MatchError):
        Match.play_on(source, 3, seats[:2])


def test_play_on_from_a_changed_record_says_which_line_does_not_play():
    source = finished("palastgefluester").record()
    source.actions[4] = (source.actions[4][0], "play Nobody/green")
    with pytest.raises(RecordError) as caught:
        Match.play_on(source, 10, [Seat("Zoe"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")])
    assert caught.value.line == 6
