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


# -- playing a record back -------------------------------------------------------------------------
def straight_states(record):
    """The state after each move of a straight replay (move 0: the deal), and each move's events."""
    from game import load

    game = load(record.game)
    state = game.new_state(record.players, record.seed, record.options)
    states, events = [state.clone()], [[]]
    for _, text in record.actions:
        events.append(state.apply(game.parse_action(state, text)))
        states.append(state.clone())
    return states, events


@pytest.mark.parametrize("game", GAMES)
def test_a_playback_stepped_forward_and_back_matches_a_straight_replay_at_every_move(game):
    from game.playback import Playback

    record = finished(game, seed=21).record()
    states, events = straight_states(record)
    for seat in (None, 0, 2):
        playback = Playback(record, seat=seat)
        playback.drain_events()
        for move in range(1, len(record.actions) + 1):  # forward: the same position and the same events
            playback.forward()
            assert playback.state.state_hash() == states[move].state_hash()
            assert playback.observation() == states[move].observation(seat)
            assert playback.drain_events() == [e.seen_by(seat) for e in events[move]]
        assert playback.forward() == [] and playback.is_over()
        for move in range(len(record.actions) - 1, -1, -7):  # back, and jumps to and fro
            playback.seek(move)
            assert playback.state.state_hash() == states[move].state_hash()
            assert playback.observation() == states[move].observation(seat)
            [undone] = playback.drain_events()
            assert undone.actions == move == playback.position
        playback.seek(len(record.actions) // 3)
        playback.back()
        assert playback.state.state_hash() == states[len(record.actions) // 3 - 1].state_hash()


def test_watching_as_a_seat_never_shows_another_seats_hidden_card():
    from game.core import CardMoved
    from game.playback import Playback

    record = finished("palastgefluester", seed=22).record()
    playback = Playback(record, seat=1)
    playback.drain_events()
    while playback.position < playback.total:
        playback.forward()
        for event in playback.drain_events():
            if isinstance(event, CardMoved) and event.card is not None:
                assert event.visible_to is None or 1 in event.visible_to
        obs = playback.observation()
        assert obs["seat"] == 1 and obs["hand"] == playback.state.observation(1)["hand"]


def test_a_playback_is_watched_not_played():
    from game.playback import Playback

    playback = Playback(finished("palace").record(), seat=0)
    playback.seek(5)
    assert playback.legal_actions(0) == [] and playback.bot_to_act() is None
    assert playback.handoff_seat() is None
    assert not playback.can_undo()
    with pytest.raises(MatchError):
        playback.play("ready")
    with pytest.raises(MatchError):
        playback.undo()
    with pytest.raises(MatchError):
        playback.watch(7)


def test_open_hands_only_once_the_game_is_over(tmp_path):
    from game.playback import Playback

    done = finished("gloria_picktoria", players=4).record()
    playback = Playback(done)
    playback.seek(30)
    hands = playback.open_hands()
    assert set(hands) == {0, 1, 2, 3}
    assert all(hands[s] == playback.state.observation(s)["hand"] for s in hands)
    going = Match("gloria_picktoria", [Seat.ai("Anna", "random"), Seat.ai("Ben", "random")], 3)
    for _ in range(10):
        going.step_bot()
    assert not going.is_over()
    with pytest.raises(MatchError):
        Playback(going.record()).open_hands()


def test_a_changed_record_is_refused_before_it_is_played_back():
    from game.playback import Playback

    record = finished("three_chapters").record()
    record.actions[2] = (record.actions[2][0], "pick 99")
    with pytest.raises(RecordError):
        Playback(record)
