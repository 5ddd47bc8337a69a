"""3 Chapters under random play: hundreds of games over 2-6 players with invariants after every action."""

from __future__ import annotations

import json

import pytest

import game
from game.ai import Decision, make_bot
from game.core import Rng
from game.three_chapters.cards import NUM_CARDS

GAME = game.load("three_chapters")
#: Measured (branch coverage of game/three_chapters, game/core and this file, one coverage context per
#: game): the 400 seeds per player count this test once played reach 982 lines and 1608 branch arcs, and
#: seed 0 of each player count alone reaches all of them. 100 seeds per count (with views watched at 4 and
#: replays at 10 of them) reach the same, with room to spare for a change to the engine.
GAMES_PER_COUNT = 100
#: the keys of another seat's observation that a pick may change: counters and whose turn it is
PICK_MAY_CHANGE = {"current_player", "prompt", "draft", "hand_counts", "ghosts"}


def check_cards(state):
    cards = [v for zone in state.zones().values() for v in zone]
    assert len(cards) == NUM_CARDS and set(cards) == set(range(1, NUM_CARDS + 1))
    if state.phase == "play":
        sizes = {len(h) + any(p == s for p, _ in state.trick) for s, h in enumerate(state.hands)}
        assert len(sizes) == 1


def check_pick_hidden(before, after, picker, card):
    """A pick changes another seat's view only in its counters; the card shows up nowhere new."""
    for seat, (old, new) in enumerate(zip(before, after, strict=True)):
        if seat == picker:
            continue
        assert {k for k in new if new[k] != old[k]} <= PICK_MAY_CHANGE
        assert new["draft"]["memory"] == old["draft"]["memory"]
        assert new["draft"]["picks"] == old["draft"]["picks"]
        assert new["draft"]["ghost_pile"] == old["draft"]["ghost_pile"]
        assert [g["aside"] for g in new["ghosts"]] == [g["aside"] for g in old["ghosts"]]
        assert card not in (new["hand"] or []) or card in (old["hand"] or [])


def play_random_game(players, seed, *, watch_views):
    state = GAME.new_state(players, seed)
    rng = Rng(seed * 7919 + players)
    actions = []
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "no legal action before the end"
        action = rng.choice(legal)
        picker = state.current_player
        watch = watch_views and action.kind != "play"
        views = [state.observation(s) for s in range(players)] if watch else None
        moment = (state.deal, state.round)
        state.apply(action)
        actions.append(str(action))
        check_cards(state)
        if views is not None and state.phase == "draft" and (state.deal, state.round) == moment:
            check_pick_hidden(views, [state.observation(s) for s in range(players)], picker, action.args[0])
        if len(actions) % 17 == 0:
            assert state.clone().state_hash() == state.state_hash()
    assert state.legal_actions() == [] and state.current_player is None
    assert state.winners() and state.result_text()
    assert state.scores() == [o["points"] for o in state.observation(None)["tokens"]]
    return state, actions


@pytest.mark.slow
def test_hundreds_of_random_games_keep_every_invariant():
    for players in range(2, 7):
        for seed in range(GAMES_PER_COUNT):
            state, actions = play_random_game(players, seed, watch_views=seed % 25 == 0)
            assert state.clone().state_hash() == state.state_hash()
            if seed % 10 == 0:
                replayed = GAME.new_state(players, seed)
                for text in actions:
                    replayed.apply(text)
                assert replayed.state_hash() == state.state_hash()
                again = GAME.state_from_dict(json.loads(json.dumps(state.to_dict())))
                assert again.state_hash() == state.state_hash()


@pytest.mark.slow
def test_determinize_agrees_with_the_seat_and_varies_the_hidden_cards():
    for players in range(2, 7):
        varied = 0
        for seed in range(12):
            state = GAME.new_state(players, 1000 + seed)
            rng = Rng(seed)
            steps = 0
            while not state.is_terminal():
                seat = state.current_player
                if steps % 5 == 0:
                    drawn = state.determinize(seat, Rng(steps))
                    assert drawn.observation(seat) == state.observation(seat)
                    GAME.state_from_dict(drawn.to_dict())  # consistent with its own draft log
                    others = [s for s in range(players) if s != seat]
                    varied += any(sorted(drawn.hands[s]) != sorted(state.hands[s]) or
                                  sorted(drawn.packets[s]) != sorted(state.packets[s]) for s in others)
                    # A bot on the drawn state decides as on the true one: it sees the same observation.
                    bot = make_bot("three_chapters", "heuristic")
                    choice = bot.choose(Decision.of(state, seat), Rng(3))
                    assert bot.choose(Decision.of(drawn, seat), Rng(3)) == choice
                state.apply(rng.choice(state.legal_actions()))
                steps += 1
        assert varied > 0


def test_the_heuristic_bot_beats_random_players():
    wins = 0
    games = 30
    for k in range(games):
        players = 2 + k % 5
        state = GAME.new_state(players, 500 + k)
        bots = [make_bot("three_chapters", "heuristic")]
        bots += [make_bot("three_chapters", "random")] * (players - 1)
        rng = Rng(k)
        while not state.is_terminal():
            seat = state.current_player
            state.apply(bots[seat].choose(Decision.of(state, seat), rng))
        wins += 0 in state.winners()
    assert wins >= games * 0.7
