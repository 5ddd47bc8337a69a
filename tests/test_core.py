"""The engine contract itself: RNG, actions, the State/Game base classes and the registry."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import fakegame
import pytest

import game
from game.core import Action, BadSetup, CardMoved, CardsRevealed, IllegalAction, Rng, UnknownGame

game.register(fakegame.GAME)


# -- Rng ---------------------------------------------------------------------------------------------
def test_rng_is_the_same_on_every_machine():
    # Golden values: a change here changes every recorded game.
    r = Rng(1)
    assert [r.next64() for _ in range(3)] == [6791897765849424158, 17405687883870564846, 834844254806117752]
    items = list(range(10))
    Rng(2026).shuffle(items)
    assert items == [8, 6, 5, 1, 2, 9, 4, 7, 3, 0]


def test_rng_clone_is_independent_and_equal():
    a = Rng(7)
    a.random()
    b = a.clone()
    assert [a.randbelow(100) for _ in range(20)] == [b.randbelow(100) for _ in range(20)]
    b.random()
    assert a.state != b.state


def test_rng_any_int_seed_and_distinct_streams():
    seeds = [0, 1, 2, -1, -2, 2**64, 2**64 + 1, 10**40]
    assert len({Rng(s).state for s in seeds}) == len(seeds)
    with pytest.raises(TypeError):
        Rng("1")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Rng(True)


def test_rng_randbelow_is_uniform_enough():
    r = Rng(3)
    counts = Counter(r.randbelow(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_300 < c < 10_700 for c in counts.values())
    assert min(r.random() for _ in range(1000)) >= 0.0 and max(r.random() for _ in range(1000)) < 1.0
    with pytest.raises(ValueError):
        r.randbelow(0)


def test_rng_spawn_gives_a_different_stream():
    a = Rng(9)
    child = a.spawn()
    assert child.state != a.state
    assert [child.next64() for _ in range(3)] != [a.clone().next64() for _ in range(3)]


# -- Action ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["play Zauberer/red", "target 2", "count 3", "ready", "swap 0 Zofe",
                                  "fox -1 x"])
def test_action_text_round_trips(text):
    action = Action.parse(text)
    assert str(action) == text
    assert Action.parse(str(action)) == action


def test_action_parse_reads_ints_and_normalises_space():
    assert Action.parse("  count   3 ") == Action("count", (3,))
    assert Action.parse("play 10H") == Action("play", ("10H",))


@pytest.mark.parametrize("bad", ["", "   ", None, 5])
def test_action_parse_rejects_non_actions(bad):
    with pytest.raises(IllegalAction):
        Action.parse(bad)  # type: ignore[arg-type]


def test_action_parts_may_not_hold_spaces():
    with pytest.raises(ValueError):
        Action("play", ("two words",))


# -- State / Game base -------------------------------------------------------------------------------
def test_illegal_action_raises_and_changes_nothing():
    state = game.load("duel").new_state(2, seed=4)
    before = state.state_hash()
    not_held = next(f"c{v}" for v in range(1, 10) if f"c{v}" not in state.hands[state.turn])
    with pytest.raises(IllegalAction, match="no .* in your hand"):
        state.apply(f"play {not_held}")
    with pytest.raises(IllegalAction):
        state.apply(Action("fly"))
    with pytest.raises(IllegalAction):
        state.apply(42)  # type: ignore[arg-type]
    assert state.state_hash() == before


def test_apply_takes_action_text_and_events_name_the_card():
    state = game.load("duel").new_state(2, seed=4)
    card = sorted(state.hands[state.turn])[0]
    events = state.apply(f"play {card}")
    assert any(isinstance(e, CardMoved) and e.card == card for e in events)


def test_legal_actions_are_a_copy():
    state = game.load("duel").new_state(2, seed=4)
    legal = state.legal_actions()
    legal.clear()
    assert state.legal_actions()


def test_hidden_card_events_are_redacted_for_other_seats():
    state = game.load("duel").new_state(3, seed=1)
    peeker = state.turn
    (event,) = state.apply("peek")
    assert isinstance(event, CardsRevealed)
    assert event.seen_by(peeker).cards == event.cards
    other = next(s for s in range(3) if s != peeker)
    assert event.seen_by(other).cards == ()
    assert event.seen_by(None).cards == ()
    moved = CardMoved(card="c5", src="draw", dst="hand:1", face_up=False, visible_to=frozenset({1}))
    assert moved.seen_by(1).card == "c5" and moved.seen_by(0).card is None
    assert moved.to_dict()["visible_to"] == [1]


def test_clone_is_independent_and_hash_equal():
    state = game.load("duel").new_state(2, seed=11)
    copy = state.clone()
    assert copy.state_hash() == state.state_hash()
    copy.apply(copy.legal_actions()[0])
    assert copy.state_hash() != state.state_hash()
    assert game.load("duel").state_from_dict(state.to_dict()).state_hash() == state.state_hash()


def test_state_hash_is_stable_across_processes():
    here = game.load("duel").new_state(3, seed=99)
    code = ("import sys; sys.path.insert(0, 'tests'); import fakegame; "
            "print(fakegame.GAME.new_state(3, seed=99).state_hash())")
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert other.stdout.strip() == here.state_hash()


@pytest.mark.parametrize(("players", "options", "seed", "message"), [
    (1, None, 1, "for 2 to 3 players, not 1"),
    (4, None, 1, "for 2 to 3 players, not 4"),
    ("2", None, 1, "whole number"),
    (2, {"colour": "red"}, 1, "no option 'colour'"),
    (2, {"peek": "maybe"}, 1, "cannot be 'maybe'"),
    (2, None, "x", "seed must be a whole number"),
])
def test_bad_setup_is_refused_clearly(players, options, seed, message):
    with pytest.raises(BadSetup, match=message):
        game.load("duel").new_state(players, seed, options)


def test_options_get_their_defaults():
    assert game.load("duel").new_state(2, 1).options == {"peek": True}


def test_unknown_game_names_the_known_ones():
    with pytest.raises(UnknownGame) as info:
        game.load("skat")
    assert "palastgefluester" in str(info.value) and "skat" in str(info.value)
    with pytest.raises(UnknownGame):
        game.load("../etc")


def test_parse_action_refuses_what_is_not_legal_now():
    g = game.load("duel")
    state = g.new_state(2, seed=4)
    card = state.hands[state.turn][0]
    assert g.parse_action(state, f"play {card}") == Action("play", (card,))
    with pytest.raises(IllegalAction):
        g.parse_action(state, "play c0")
