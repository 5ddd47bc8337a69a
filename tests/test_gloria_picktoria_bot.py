"""The heuristic bot of Gloria Picktoria: it plays legal moves and thinks like a good player."""

from __future__ import annotations

from test_gloria_picktoria_rules import position

from game.ai import Decision, make_bot
from game.core import Rng
from game.gloria_picktoria.bot import evaluate
from game.gloria_picktoria.cards import MOTIF_IDS


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


def test_gp_r10_the_bot_counts_a_lone_treasure_under_its_fox_as_spared_at_the_end():
    """A lone treasure card under the fox costs nothing at the last scoring (GP-R10). With the 10th
    Dschingis Hahn among the last dozen pile cards and nothing else to gain by passing the fox, the bot
    keeps it on its own lone treasure, and its evaluation counts the likely spared -2."""
    rows = [[(m, [m] * 7) for m in MOTIF_IDS[:5]], [(m, [m] * 7) for m in MOTIF_IDS[5:]]]
    state = position(4, collections=[[MOTIF_IDS[0]], [MOTIF_IDS[1]], *rows], display=MOTIF_IDS[2:5],
                     middle=9, fox=(0, 0), phase="fox_pass", ap=0)
    assert len(state.pile) == 11
    assert all(choice(state, seed) == "keep_fox" for seed in range(6))
    kept, passed = state.clone(), state.clone()
    kept.apply("keep_fox")
    passed.apply("pass_fox 0")  # onto the neighbour's lone treasure: no row is scored differently
    assert evaluate(kept, 0) - evaluate(passed, 0) > 0.5
    assert evaluate(passed, 1) > evaluate(kept, 1)  # for the neighbour, the fox on its own lone one helps
