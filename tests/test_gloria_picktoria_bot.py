"""The heuristic bot of Gloria Picktoria: it plays legal moves and thinks like a good player."""

from __future__ import annotations

from test_gloria_picktoria_rules import position

from game.ai import Decision, make_bot
from game.core import Rng


def choice(state, seed: int = 0) -> str:
    bot = make_bot("gloria_picktoria", "heuristic")
    return str(bot.choose(Decision.of(state, state.current_player), Rng(seed)))


def test_think_steps_through_the_actions_and_ends_with_the_choice():
    state = position(3, hands=[["corn", "plum"], [], []], collections=[["egg", ("nest", ["corn"])], [], []])
    bot = make_bot("gloria_picktoria", "heuristic")
    decision = Decision.of(state, 0)
    steps = list(bot.think(decision, Rng(4)))
    assert all(s is None for s in steps[:-1]) and len(steps) == len(decision.legal) + 1
    assert steps[-1] in decision.legal and steps[-1] == bot.choose(decision, Rng(4))


def test_bot_extends_a_contested_row_to_take_the_lead():
    state = position(3, hands=[["corn", "bell"], [], []],
                     collections=[[("egg", ["corn", "corn"])], [("nest", ["corn", "corn"])], []])
    assert choice(state) == "open corn 0"


def test_bot_starts_a_motif_nobody_collects_rather_than_a_contested_one():
    state = position(3, hands=[["corn", "plum"], [], []],
                     collections=[["egg"], [("nest", ["corn", "corn", "corn", "corn"])], []])
    assert choice(state) == "open plum 0"


def test_bot_passes_the_fox_to_the_neighbours_best_row():
    state = position(3, collections=[[("egg", ["corn"])], ["worm", ("nest", ["plum", "plum", "plum"])], []],
                     fox=(0, 0), phase="fox_pass", ap=0, points=[10, 14, 6])
    assert choice(state) == "pass_fox 1"


def play_turn(state) -> None:
    seat = state.turn
    bot = make_bot("gloria_picktoria", "heuristic")
    while state.turn == seat and not state.is_terminal():
        state.apply(bot.choose(Decision.of(state, seat), Rng(len(state.hands[seat]))))


def test_bot_holds_the_doubler_while_a_scoring_is_far_and_lays_it_when_one_is_near():
    far = position(3, hands=[["bell"], [], []], collections=[[("egg", ["corn", "corn", "corn"])], [], []])
    play_turn(far)
    assert far.doublers[0] and far.middle == 0
    near = position(3, hands=[["bell"], [], []], collections=[[("egg", ["corn", "corn", "corn"])], [], []],
                    middle=3)
    play_turn(near)
    assert near.collections[0][0].doubler and near.middle == 3
